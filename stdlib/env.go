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
)

// Env is the standard environment scripts are checked against: the
// engine's hooks, these functions and these effects.
func Env() *dsl.Env {
	envOnce.Do(func() {
		env = &dsl.Env{Hooks: interpreter.HookByName, Functions: Functions, Effects: map[string]*dsl.Effect{}, Procedures: interpreter.Procedures,
			InvariantVars: interpreter.InvariantVars, UnitType: interpreter.UnitType}
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
