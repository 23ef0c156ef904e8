// Package stdlib is what every rules script may use: the functions
// expressions call, the effect primitives rules do, and the base module of
// the shared Premier Rules (premier.rules) that battles extend. Another
// package adds an effect of its own (a procedure's, declared in the
// procedure's file) with RegisterEffect, from an init function.
//
//	env := stdlib.Env()                       // for dsl.Check
//	cfg := interpreter.Config{Effects: stdlib.EffectFuncs()}
package stdlib
