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
	interpreter.DefaultSequence = chronology
	for _, list := range [][]*stdlib.Effect{formationEffects, chargeEffects, fireEffects, meleeEffects} {
		for _, x := range list {
			stdlib.RegisterEffect(x)
		}
	}
}

// The types of hook variables and effect parameters.
var (
	tUnit   = interpreter.UnitType
	tCell   = interpreter.CellType
	tInt    = reflect.TypeFor[int]()
	tFloat  = reflect.TypeFor[float64]()
	tBool   = reflect.TypeFor[bool]()
	tString = reflect.TypeFor[string]()
)

// procedureWords are the words of a variable naming a phase's procedure.
const procedureWords = interpreter.ProcedureWords

func v(name string, t reflect.Type, doc string) dsl.Var {
	return dsl.Var{Name: name, Type: t, Doc: doc}
}

// word is a variable that holds a word of a vocabulary (or of a fixed
// list "a|b"): a string compared with it must be one.
func word(name, vocab, doc string) dsl.Var {
	return dsl.Var{Name: name, Type: tString, Doc: doc, Vocab: vocab}
}

func unitP(name, doc string) dsl.EffectParam {
	return dsl.EffectParam{Name: name, Type: interpreter.UnitType, Doc: doc}
}

func intP(name, doc string) dsl.EffectParam {
	return dsl.EffectParam{Name: name, Type: tInt, Doc: doc}
}

func opt(p dsl.EffectParam) dsl.EffectParam { p.Optional = true; return p }

// chronology is the chronology of battle a module plays when it declares
// no sequence of play: per side, charge à cheval, movement, defensive fire,
// offensive fire, melee, between the turn's start and its end.
var chronology = []dsl.PhaseDef{
	{Proc: "start", Title: "start of turn"}, {Proc: "charges", Title: "charge à cheval"}, {Proc: "movement", Title: "movement"},
	{Proc: "defensive_fire", Title: "defensive fire"}, {Proc: "offensive_fire", Title: "offensive fire"},
	{Proc: "melee", Title: "melee"}, {Proc: "end", Title: "end of turn"},
}
