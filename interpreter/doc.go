// Package interpreter is the generic hex-wargame engine that plays a checked
// rules module: the board and units (on the hex package's geometry), seeded dice,
// the chronology of battle and the charge process as a sequence of hooks,
// and the cited trace. It asks the module for every number, table,
// condition and consequence; nothing here names a battle.
//
// The parts of a turn are procedures registered by name (procedure.go): a
// module's sequence of play names the phases, and the engine looks each up
// in the registry. The kernel registers none: package premier registers
// the Premier Rules' procedures, and another package adds its own with
// Register, written on the engine's exported steps (FindHook and Bind to
// fire a hook, Checkpoint, BeginPhase, Emit, OrdersOf, Cell …). A program
// that builds an engine imports the procedures it plays; package bataille
// imports premier.
//
// The hooks and the names their expressions read are the table Hooks; with
// stdlib's functions and effects they make docs/reference.md, which a test
// keeps in step with this table.
//
//	eng := interpreter.New(mod, board, orders, interpreter.Config{Seed: 1, Effects: stdlib.EffectFuncs()})
//	err := eng.Run(ctx)
//	eng.Trace().WriteText(os.Stdout, false)
package interpreter
