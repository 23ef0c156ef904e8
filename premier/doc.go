// Package premier is the Premier Rules' procedures: the parts of a turn
// the engine plays (the start of the turn, the charge à cheval, movement,
// defensive and offensive fire, melee, the end of the turn), each declared
// once as an interpreter.Procedure and registered by name, in the order of
// a turn. The kernel (package interpreter) names none of them: it plays a
// module's sequence of play by looking each phase up among the registered
// procedures.
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
