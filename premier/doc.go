// Package premier is the Premier Rules' procedures: the parts of a turn
// the engine plays, one file each, registered by name in the order of a
// turn (premier.go): the turn's start and end (turn.go), the charge à
// cheval with its stacks, recalls' follow and close-in and the ride into a
// Carré (charge.go), the one formation change every path takes
// (formation.go), movement (movement.go), defensive and offensive fire
// (fire.go) and melee (melee.go). Each file declares together its hooks
// with their variables (interpreter.DeclareHook), its effects
// (stdlib.RegisterEffect), the order kinds it plays (DeclareOrder), the
// word properties it reads (DeclareProperty: a formation's change_cost,
// an arm's fire and range), its phase and its state: an interpreter.Local,
// which rewinds reset and saved positions hold (the charges declared and
// those rules started, the hexes fired into, the melees set up), with what
// the fire's and the melee's own effects change about the action being
// resolved (set_fire, shift and set_defence; set_side, scale_attack and
// scale_defense), which lasts one action and so no position holds; and
// the flags it keeps on units and reads off hexes (DeclareUnitFlag,
// DeclareTerrainFlag: the charge's Charged, `unit.charged`, and its
// `no_charge` terrain). The kernel (package interpreter) names none of
// them: it plays a module's sequence of play by looking each phase up
// among the registered procedures.
//
// A program that builds an engine imports this package for its
// registrations, as a database/sql program imports its driver; the
// package bataille does, so that loading a battle through it is enough:
//
//	import _ "github.com/bataille/bataille/premier"
//
// A battle of another edition selects a procedure, or one another package
// registers beside these (a counter-charge before the charger moves), by
// naming it in its `sequence`.
package premier
