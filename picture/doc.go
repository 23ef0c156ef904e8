// Package picture draws what the engine knows as pictures: the map of a
// scenario with its counters and orders (SVG), a run replayed step by step
// beside its cited trace (one self-contained HTML file), and the outcome
// shares of a simulation as bar charts.
//
// It is fed only by the engine's board, orders and trace, by the module's
// vocabulary and by the order kinds the procedures declare (a path drawn
// along, a target straight at), so a new battle or a new procedure's
// order draws without a line of code here; every hex
// position comes from the geometry of package hex. Output is
// deterministic: the same input gives the same bytes.
package picture
