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
	// UnitProps are the properties a scenario's unit may set (`side`,
	// `increments`, `at` …), by name: those the engine reads. A unit may
	// also set the attributes its module declares; anything else is a
	// typo, reported with a suggestion.
	UnitProps map[string]UnitProp
	// Orders are the kinds of order a scenario may give (`charge`, `move`
	// …), by the word that starts one: each as the procedure that plays
	// it declares it.
	Orders map[string]*OrderKind
	// Flags are the flags procedures declare on values scripts see as
	// structs (a unit, a hex) beyond their fields, by the struct's type
	// and the flag's name, with what each says. An expression reads one as
	// a field (`unit.charged`), which means flag(unit, "charged"): the
	// environment's function flag reads it.
	Flags map[reflect.Type]map[string]string
}

// Flag reports whether values of type t have a flag of a name that is
// not one of their fields, and what it says.
func (e *Env) Flag(t reflect.Type, name string) (doc string, ok bool) {
	if e == nil || t == nil {
		return "", false
	}
	doc, ok = e.Flags[t][name]
	return doc, ok
}

// UnitProp is a property a scenario's unit may set.
type UnitProp struct {
	// What is what it takes: "flag" (alone, or `: true` / `: false`),
	// "word", "count" (a whole number, 0 or more), "facing" (a hexside:
	// N, NE …) or "hex" (a map number or (q,r)).
	What string
	// Vocab, for a word, is the vocabulary it is a word of ("arm"), or ""
	// for a word of the scenario's own (a side, a regiment).
	Vocab string
	// Required says every unit must give it.
	Required bool
	Doc      string
}

// OrderKind is a kind of order a scenario may give, as the procedure that
// plays it declares it: what an order of the kind must name, and what the
// checker checks of it before any play.
type OrderKind struct {
	// Name is the word that starts the order: `charge hus at inf …`.
	Name string
	Doc  string
	// Target, Path and Formation say the order must name a unit it is
	// at (`at UNIT`), the hexes it goes through (`path 0609 0608 …`), the
	// formation it takes (`as carre`).
	Target, Path, Formation bool
	// SpendsMP says the unit pays for it from its movement allowance: a
	// unit given one must have an allowance (its own `mp`, or its arm's).
	SpendsMP bool
	// Moves says it moves its unit: in the turn it is given, it may bring
	// units into reach that stand out of it.
	Moves bool
	// Ahead says its path starts straight ahead of the unit's front (as
	// many front hexsides as its formation's `fronts`): the checker warns
	// of a first hex that is not.
	Ahead bool
	// ContactEnds says it ends once its unit is next to its target: the
	// checker warns of a path that goes on past that.
	ContactEnds bool
	// Hostile says its target is an enemy: the checker refuses one at the
	// unit itself or at a unit of its own side. Verb is what the unit
	// does to the target, for the messages ("fire at", "assault").
	Hostile bool
	Verb    string
	// Reach, when above 0, is the most hexes apart the unit and its
	// target may stand, for the reason ReachWhy gives; Range, when set, is
	// the property of the unit's arm that gives that most (an arm without
	// it has no limit). The checker refuses an order out of reach in the
	// first turn, where the units stand, unless an order of the turn moves
	// one of them or one is mounted.
	// RangeVerb is what the unit does within its range, for the
	// messages ("fires").
	Reach     int
	ReachWhy  string
	Range     string
	RangeVerb string
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

// UnitProp is a unit property as the Env declares it; none without an
// Env.
func (e *Env) UnitProp(name string) (UnitProp, bool) {
	if e == nil {
		return UnitProp{}, false
	}
	p, ok := e.UnitProps[name]
	return p, ok
}

// Order is an order kind as the Env declares it; nil without an Env, and
// for a word that is none.
func (e *Env) Order(kind string) *OrderKind {
	if e == nil {
		return nil
	}
	return e.Orders[kind]
}

// OrderNames lists the order kinds in name order.
func (e *Env) OrderNames() []string {
	if e == nil {
		return nil
	}
	return sortedKeys(e.Orders)
}

// UnitPropNames lists the unit properties in name order.
func (e *Env) UnitPropNames() []string {
	if e == nil {
		return nil
	}
	return sortedKeys(e.UnitProps)
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
