// Package bench measures the engine against three hand-written versions of
// the same cavalry charge: plain Go, Starlark and Lua. All four play the
// bundled Carré scenario, three variants of it and a cavalry melee on the
// same unit structs with the same dice, and must leave the units (marks
// included) and the charge's movement points the same way for every seed
// before anything is timed; the benchmarks then say what the rules engine
// costs.
//
//	cd bench && go test -run XXX -bench . -count 6 | tee new.txt && benchstat new.txt
//
// It is a module of its own, so that the main module keeps its three
// dependencies and `go test ./...` at the root does not come here.
package bench
