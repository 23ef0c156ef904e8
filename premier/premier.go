package premier

import (
	"reflect"

	"github.com/bataille/bataille/dsl"
	"github.com/bataille/bataille/interpreter"
	"github.com/bataille/bataille/stdlib"
)

// The procedures in the order of a turn, which is the order the checker
// lists them in and a sequence's `phase` words take; then their effects.
func init() {
	for _, p := range []*interpreter.Procedure{start, charges, movement, defensiveFire, offensiveFire, melee, end} {
		interpreter.Register(p)
	}
	for _, list := range [][]*stdlib.Effect{formationEffects, chargeEffects, meleeEffects} {
		for _, x := range list {
			stdlib.RegisterEffect(x)
		}
	}
}

var tString = reflect.TypeFor[string]()

func unitP(name, doc string) dsl.EffectParam {
	return dsl.EffectParam{Name: name, Type: interpreter.UnitType, Doc: doc}
}

func intP(name, doc string) dsl.EffectParam {
	return dsl.EffectParam{Name: name, Type: reflect.TypeFor[int](), Doc: doc}
}

func opt(p dsl.EffectParam) dsl.EffectParam { p.Optional = true; return p }

var (
	defensiveFire = &interpreter.Procedure{Name: "defensive_fire", Doc: "fire orders of the side not in its turn",
		Hooks: []string{"fire", "fire_resolve"}, Orders: []string{"fire"},
		Play: func(e *interpreter.Engine, title string, from int) error { return e.FirePhase(title, true, from) }}
	offensiveFire = &interpreter.Procedure{Name: "offensive_fire", Doc: "fire orders of the side in its turn",
		Hooks: []string{"fire", "fire_resolve"}, Orders: []string{"fire"},
		Play: func(e *interpreter.Engine, title string, from int) error { return e.FirePhase(title, false, from) }}
)
