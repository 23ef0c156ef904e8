package stdlib

import (
	"embed"
	"sync"

	"github.com/bataille/bataille/dsl"
	"github.com/bataille/bataille/interpreter"
)

// BaseFS holds the base modules every battle may extend.
//
//go:embed *.rules
var BaseFS embed.FS

var (
	envOnce sync.Once
	env     *dsl.Env
	funcs   map[string]interpreter.EffectFunc
	built   bool // Env has been made: the effects are fixed
)

// RegisterEffect adds an effect primitive that another package brings
// (a procedure's own, declared in the procedure's file) to Effects, so
// that Env offers it to the checker and EffectFuncs to the engine. Call it
// from an init function: once Env is made the effects are fixed, and a
// late or second effect of a name is a mistake of the program's, and
// panics.
func RegisterEffect(e *Effect) {
	if built {
		panic("stdlib: RegisterEffect(" + e.Name + ") after Env was made")
	}
	for _, x := range Effects {
		if x.Name == e.Name {
			panic("stdlib: effect " + e.Name + " registered twice")
		}
	}
	Effects = append(Effects, e)
}

// Env is the standard environment scripts are checked against: the
// engine's hooks, these functions and these effects.
func Env() *dsl.Env {
	envOnce.Do(func() {
		built = true
		env = &dsl.Env{Hooks: interpreter.HookByName, Functions: Functions, Effects: map[string]*dsl.Effect{}, Procedures: interpreter.Procedures,
			InvariantVars: interpreter.InvariantVars, UnitType: interpreter.UnitType, Properties: interpreter.Properties,
			UnitProps: interpreter.UnitProperties, Orders: interpreter.Orders, Flags: interpreter.Flags}
		funcs = map[string]interpreter.EffectFunc{}
		for _, e := range Effects {
			env.Effects[e.Name] = &e.Effect
			funcs[e.Name] = e.Run
		}
	})
	return env
}

// EffectFuncs maps each effect to what it does, for interpreter.Config.
func EffectFuncs() map[string]interpreter.EffectFunc {
	Env()
	return funcs
}
