// Package interpreter is the generic hex-wargame engine that plays a checked
// rules module: the board and units (on the hex package's geometry), seeded dice,
// the chronology of battle and the charge process as a sequence of hooks,
// and the cited trace. It asks the module for every number, table,
// condition and consequence; nothing here names a battle.
//
// The parts of a turn are procedures registered by name (procedure.go): a
// module's sequence of play names the phases, and the engine looks each up
// in the registry; another package adds a procedure with Register, written
// on the engine's exported steps (OrdersOf, DeclareCharges, ResolveDeclared,
// Checkpoint …).
//
// The hooks and the names their expressions read are the table Hooks; with
// stdlib's functions and effects they make docs/reference.md, which a test
// keeps in step with this table.
//
//	eng := interpreter.New(mod, board, orders, interpreter.Config{Seed: 1, Effects: stdlib.EffectFuncs()})
//	err := eng.Run(ctx)
//	eng.Trace().WriteText(os.Stdout, false)
package interpreter
