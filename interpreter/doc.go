// Package interpreter is the rules kernel: the generic hex-wargame engine
// that plays a checked rules module. It holds the board and units (on the
// hex package's geometry), the frame and slots expressions read, the rules
// and the binding of hook variables, rolls on tables and checks, seeded
// dice, the cost meter, rewinds and saved positions, and the cited trace.
// It asks the module for every number, table, condition and consequence;
// nothing here names a battle, nor a procedure of the Premier Rules, nor
// the state one keeps.
//
// The parts of a turn are procedures registered by name (procedure.go): a
// module's sequence of play names the phases, and the engine looks each up
// in the registry. The kernel registers none: package premier registers
// the Premier Rules' (one file each), and another package adds its own the
// same way, each written on the kernel's exported steps: DeclareHook,
// FindHook and Bind to declare and fire its hooks, DeclareOrder and
// DeclareProperty for the orders and word properties it reads, NewLocal
// for its own state (which rewinds reset and saved positions hold),
// DeclareUnitFlag and DeclareTerrainFlag for the flags it keeps on units
// and reads off hexes (which scripts read as fields), Checkpoint,
// BeginPhase and Emit for its positions and its narration, Act and
// SetUnderway for the action being resolved, Settle for what rules left
// for later. A program that builds an engine imports the procedures it
// plays, as a database/sql program imports its driver; package bataille
// imports premier.
//
// The hooks and the names their expressions read are the table Hooks (the
// kernel's own, then those procedures declare); with stdlib's functions
// and effects they make docs/reference.md, which a test keeps in step with
// this table.
//
//	eng := interpreter.New(mod, board, orders, interpreter.Config{Seed: 1, Effects: stdlib.EffectFuncs()})
//	err := eng.Run(ctx)
//	eng.Trace().WriteText(os.Stdout, false)
package interpreter
