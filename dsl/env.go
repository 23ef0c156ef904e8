package dsl

import (
	"reflect"
	"sort"
)

// Env is what scripts may use: the hooks rules run on with the names an
// expression may read there, the functions expressions may call, and the
// effects rules may do. Package stdlib builds the standard one; dsl only
// checks against it.
type Env struct {
	Hooks     map[string]*Hook
	Functions []*Function
	Effects   map[string]*Effect
	// Procedures are the parts of a turn the engine can play, by name, for
	// a module's `sequence` of phases.
	Procedures map[string]string
	// InvariantVars are the names an invariant's condition reads (the
	// board's units, the phase, the melee under way).
	InvariantVars []Var
	// UnitType is the type of a unit, which a test's expectations read by
	// the ids of its set-up.
	UnitType reflect.Type
	// Properties are the properties each kind of word may have (`terrain`,
	// `formation`, `arm` …), by kind and name: those the engine and its
	// procedures read. Anything else is a typo, reported with a suggestion.
	Properties map[string]map[string]Property
}

// Hook is a point in the order of play where rules run.
type Hook struct {
	Name string
	Doc  string
	Vars []Var
	// Blocks says whether a failing `require` stops the action the hook is
	// about (declaring a charge, entering a hex, forming Carré).
	Blocks bool
}

// Var is a name an expression can read on a hook.
type Var struct {
	Name string
	Type reflect.Type
	Doc  string
	// Vocab, for a name that holds words, is their vocabulary kind
	// ("formation") or a fixed list ("front|flank|rear"): a string it is
	// compared with must be one of them.
	Vocab string
}

// Function is a pure function expressions may call.
type Function struct {
	Name  string
	Doc   string
	Fn    func(args ...any) (any, error)
	Types []any // signatures, as expr.Function takes them
	// Vocab names, argument by argument, the vocabulary a string literal
	// given there must be a word of ("" for none): has(unit, "elite").
	Vocab []string
	// Result, for a function that returns a word, names its vocabulary
	// (or a fixed list "a|b"), so a string compared with its result must
	// be one: hexside_to(target, charger) == "flank".
	Result string
	// Fast is Fn in a typed form the engine's compiled expressions call
	// without an argument slice (func(any, any) (int, error) …; see
	// package interpreter/closure), or nil. Both must give the same result.
	Fast any
}

// ArgKind is what an effect parameter takes.
type ArgKind int

const (
	ArgExpr  ArgKind = iota // an expression of Type
	ArgTable                // the name of a table
	ArgCheck                // the name of a check
)

// Effect is a primitive a rule may call in `do`.
type Effect struct {
	Name   string
	Doc    string
	Params []EffectParam
}

// EffectParam describes one parameter of an effect.
type EffectParam struct {
	Name     string
	Kind     ArgKind
	Type     reflect.Type // for ArgExpr; nil accepts any type
	Optional bool
	// Vocab, when set, names the vocabulary a constant string must belong to
	// ("formation", "state").
	Vocab string
	// Binds, when set, names the variable this argument becomes inside the
	// roll it starts: a table's column conditions, a check's threshold and
	// their outcome hooks read it (`unit` for the unit that checks morale).
	Binds string
	Doc   string
}

// HookNames lists the hooks in name order.
func (e *Env) HookNames() []string {
	names := make([]string, 0, len(e.Hooks))
	for n := range e.Hooks {
		names = append(names, n)
	}
	sort.Strings(names)
	return names
}

// EffectNames lists the effects in name order.
func (e *Env) EffectNames() []string {
	names := make([]string, 0, len(e.Effects))
	for n := range e.Effects {
		names = append(names, n)
	}
	sort.Strings(names)
	return names
}

// OutcomeVars are the names an outcome hook (`recall.fail`) adds to the
// environment of the hook that rolled.
var OutcomeVars = []Var{
	{Name: "roll", Type: reflect.TypeFor[int](), Doc: "the modified roll"},
	{Name: "natural", Type: reflect.TypeFor[int](), Doc: "the roll before its modifier"},
	{Name: "modifier", Type: reflect.TypeFor[int](), Doc: "the modifier applied"},
	{Name: "result", Type: reflect.TypeFor[string](), Doc: "the outcome read"},
	{Name: "value", Type: reflect.TypeFor[int](), Doc: "the number on the row read, or 0"},
	{Name: "value2", Type: reflect.TypeFor[int](), Doc: "the row's second number (`52 => losses 0 1`), or 0"},
}

// property is a kind's property as the Env declares it; none without an
// Env.
func (e *Env) property(kind, name string) (Property, bool) {
	if e == nil {
		return Property{}, false
	}
	p, ok := e.Properties[kind][name]
	return p, ok
}
