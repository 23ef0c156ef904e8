package stdlib

import (
	"fmt"
	"math"
	"reflect"

	"github.com/bataille/bataille/dsl"
	"github.com/bataille/bataille/interpreter"
)

// Effect is one primitive a rule may `do`: its signature for the checker and
// what it does in the engine.
type Effect struct {
	dsl.Effect
	Run interpreter.EffectFunc
}

var (
	tUnit   = interpreter.UnitType
	tInt    = reflect.TypeFor[int]()
	tFloat  = reflect.TypeFor[float64]()
	tString = reflect.TypeFor[string]()
)

func unitP(name, doc string) dsl.EffectParam {
	return dsl.EffectParam{Name: name, Type: tUnit, Doc: doc}
}
func intP(name, doc string) dsl.EffectParam { return dsl.EffectParam{Name: name, Type: tInt, Doc: doc} }
func opt(p dsl.EffectParam) dsl.EffectParam { p.Optional = true; return p }

// Effects lists every effect primitive, in the order the docs show them.
var Effects = []*Effect{
	{dsl.Effect{Name: "lose", Doc: "the unit loses n increments (at least 0); with none left it is eliminated",
		Params: []dsl.EffectParam{unitP("unit", ""), intP("n", "increments lost")}},
		func(c *interpreter.Call) error { c.E.Lose(u(c, 0), count(c, 1, 0, maxCount)); return nil }},
	{dsl.Effect{Name: "set_state", Doc: "puts the unit in a morale state of the module",
		Params: []dsl.EffectParam{unitP("unit", ""), {Name: "state", Type: tString, Vocab: dsl.KindState}}},
		func(c *interpreter.Call) error { return c.E.SetState(u(c, 0), str(c, 1)) }},
	{dsl.Effect{Name: "rout", Doc: "the unit routs (the state with the routed flag) and retreats hexes away from `from` (the charger by default)",
		Params: []dsl.EffectParam{unitP("unit", ""), opt(intP("hexes", "hexes it runs; 0 routs in place")), opt(unitP("from", "the unit it runs from"))}},
		func(c *interpreter.Call) error {
			routed, err := c.E.RoutedState()
			if err != nil {
				return err
			}
			unit := u(c, 0)
			if err := c.E.SetState(unit, routed); err != nil {
				return err
			}
			if n := count(c, 1, 0, maxHexes); n > 0 {
				from := optUnit(c, 2, c.E.Actor())
				if from == nil {
					return fmt.Errorf("rout %d hexes from whom? name the unit with from", n)
				}
				c.E.Retreat(unit, n, from)
			}
			return nil
		}},
	{dsl.Effect{Name: "rout_hex", Doc: "the unit and every unit of its side in its hex rout (the targets of a charge, stack-mates included) and retreat hexes away from `from` (the charger by default)",
		Params: []dsl.EffectParam{unitP("unit", ""), opt(intP("hexes", "hexes they run; 0 routs in place")), opt(unitP("from", "the unit they run from"))}},
		func(c *interpreter.Call) error {
			routed, err := c.E.RoutedState()
			if err != nil {
				return err
			}
			n := count(c, 1, 0, maxHexes)
			from := optUnit(c, 2, c.E.Actor())
			if n > 0 && from == nil {
				return fmt.Errorf("rout %d hexes from whom? name the unit with from", n)
			}
			for _, x := range c.E.Stack(u(c, 0)) {
				if err := c.E.SetState(x, routed); err != nil {
					return err
				}
				if n > 0 {
					c.E.Retreat(x, n, from)
				}
			}
			return nil
		}},
	{dsl.Effect{Name: "retreat", Doc: "the unit retreats hexes away from `from` (the charger by default)",
		Params: []dsl.EffectParam{unitP("unit", ""), intP("hexes", ""), opt(unitP("from", ""))}},
		func(c *interpreter.Call) error {
			from := optUnit(c, 2, c.E.Actor())
			if from == nil {
				return fmt.Errorf("retreat from whom? name the unit with from")
			}
			c.E.Retreat(u(c, 0), count(c, 1, 0, maxHexes), from)
			return nil
		}},
	{dsl.Effect{Name: "exhaust", Doc: "the cavalry is exhausted", Params: []dsl.EffectParam{unitP("unit", "")}},
		func(c *interpreter.Call) error { c.E.Exhaust(u(c, 0)); return nil }},
	{dsl.Effect{Name: "tire", Doc: "the cavalry is tired", Params: []dsl.EffectParam{unitP("unit", "")}},
		func(c *interpreter.Call) error { c.E.Tire(u(c, 0)); return nil }},
	{dsl.Effect{Name: "lose_leader", Doc: "the unit's leader leaves the battle (killed, captured or out of action): unit.leader is false from then on",
		Params: []dsl.EffectParam{unitP("unit", "")}},
		func(c *interpreter.Call) error {
			x := u(c, 0)
			if x.Leader && c.E.Tracing() {
				c.E.Note(x, "%s loses its leader", x.ID)
			}
			x.Leader = false
			return nil
		}},
	{dsl.Effect{Name: "set_army", Doc: "sets a value the unit's side keeps (a word the module declares with `army`), held to the word's min and max",
		Params: []dsl.EffectParam{unitP("unit", "a unit of the side"), {Name: "name", Type: tString, Vocab: dsl.KindArmy}, intP("n", "")}},
		func(c *interpreter.Call) error {
			return c.E.SetArmy(u(c, 0), str(c, 1), count(c, 2, -maxCount, maxCount), false)
		}},
	{dsl.Effect{Name: "add_army", Doc: "adds n (less than 0 takes away) to a value the unit's side keeps, held to the word's min and max",
		Params: []dsl.EffectParam{unitP("unit", "a unit of the side"), {Name: "name", Type: tString, Vocab: dsl.KindArmy}, intP("n", "")}},
		func(c *interpreter.Call) error {
			return c.E.SetArmy(u(c, 0), str(c, 1), count(c, 2, -maxCount, maxCount), true)
		}},
	{dsl.Effect{Name: "mark", Doc: "sets a named mark on the unit, for later rules to read with marked()",
		Params: []dsl.EffectParam{unitP("unit", ""), {Name: "name", Type: tString}}},
		func(c *interpreter.Call) error { c.E.Mark(u(c, 0), str(c, 1), true); return nil }},
	{dsl.Effect{Name: "mark_for", Doc: "sets a named mark that lasts this turn and turns-1 more (a plain mark lasts to the end of its turn)",
		Params: []dsl.EffectParam{unitP("unit", ""), {Name: "name", Type: tString}, intP("turns", "1 or more")}},
		func(c *interpreter.Call) error { c.E.MarkFor(u(c, 0), str(c, 1), count(c, 2, 1, maxCount)); return nil }},
	{dsl.Effect{Name: "recover", Doc: "the cavalry recovers one step: exhausted to tired, tired to fresh", Params: []dsl.EffectParam{unitP("unit", "")}},
		func(c *interpreter.Call) error { c.E.Recover(u(c, 0)); return nil }},
	{dsl.Effect{Name: "unmark", Doc: "clears a named mark",
		Params: []dsl.EffectParam{unitP("unit", ""), {Name: "name", Type: tString}}},
		func(c *interpreter.Call) error { c.E.Mark(u(c, 0), str(c, 1), false); return nil }},
	{dsl.Effect{Name: "set_cost", Doc: "sets the MP cost of the hex entered or the formation change, whole or not (a road's `0.5`; a charge pays a fraction as the next whole point)", Params: []dsl.EffectParam{{Name: "n", Type: tFloat}}},
		func(c *interpreter.Call) error { c.E.SetCost(points(c, 0, 0, maxCount)); return nil }},
	{dsl.Effect{Name: "add_cost", Doc: "adds to the MP cost of the hex entered or the formation change, whole or not", Params: []dsl.EffectParam{{Name: "n", Type: tFloat}}},
		func(c *interpreter.Call) error { return c.E.AddCost(points(c, 0, -maxCount, maxCount)) }},
	{dsl.Effect{Name: "ignore_zdi", Doc: "the moving unit goes on through enemy Zd'I"},
		func(c *interpreter.Call) error { c.E.IgnoreZdI(); return nil }},
	{dsl.Effect{Name: "roll", Doc: "rolls on a table and runs the outcome's hook (`recall.fail`); `unit` is bound there",
		Params: []dsl.EffectParam{{Name: "table", Kind: dsl.ArgTable}, opt(intP("modifier", "within the table's declared bounds")),
			opt(dsl.EffectParam{Name: "unit", Type: tUnit, Binds: "unit", Doc: "the unit the roll is for"})}},
		func(c *interpreter.Call) error {
			return c.E.RollTable(c.Rule, str(c, 0), count(c, 1, -maxCount, maxCount), optUnit(c, 2, nil))
		}},
	{dsl.Effect{Name: "check", Doc: "rolls a check for the unit and runs `name.pass` or `name.fail`",
		Params: []dsl.EffectParam{{Name: "check", Kind: dsl.ArgCheck}, {Name: "unit", Type: tUnit, Binds: "unit"}, opt(intP("modifier", ""))}},
		func(c *interpreter.Call) error {
			return c.E.RollCheck(c.Rule, str(c, 0), u(c, 1), count(c, 2, -maxCount, maxCount))
		}},
	{dsl.Effect{Name: "same_result", Doc: "friendly units of an arm in the unit's hex share its result for the rest of the turn: its morale state now and every state, retreat and rout after (call it before the result's moves); they keep their own formation (a battery in a Carré stays limbered or unlimbered, and is in_carre)",
		Params: []dsl.EffectParam{unitP("unit", ""), {Name: "arm", Type: tString, Vocab: dsl.KindArm}}},
		func(c *interpreter.Call) error { c.E.ShareResult(u(c, 0), str(c, 1)); return nil }},
	{dsl.Effect{Name: "check_around", Doc: "every unit of the unit's side next to it rolls the check",
		Params: []dsl.EffectParam{{Name: "check", Kind: dsl.ArgCheck}, {Name: "unit", Type: tUnit, Binds: "unit", Doc: "each neighbour of this unit checks"}, opt(intP("modifier", ""))}},
		func(c *interpreter.Call) error {
			center := u(c, 1)
			for _, x := range c.E.Around(center) {
				if x.Side != center.Side {
					continue
				}
				if err := c.E.RollCheck(c.Rule, str(c, 0), x, count(c, 2, -maxCount, maxCount)); err != nil {
					return err
				}
			}
			return nil
		}},
	{dsl.Effect{Name: "note", Doc: "adds a line to the narration", Params: []dsl.EffectParam{{Name: "text", Type: tString}}},
		func(c *interpreter.Call) error { c.E.Say(c.Rule, str(c, 0)); return nil }},
}

func u(c *interpreter.Call, i int) *interpreter.Unit {
	x, _ := c.Args[i].(*interpreter.Unit)
	if x == nil {
		panic(interpreter.ArgError(fmt.Sprintf("argument %d of %s is not a unit", i+1, c.Def.Effect.Name)))
	}
	return x
}

func optUnit(c *interpreter.Call, i int, def *interpreter.Unit) *interpreter.Unit {
	if x, ok := c.Args[i].(*interpreter.Unit); ok && x != nil {
		return x
	}
	return def
}

// The bounds effects hold their arguments to. No value a script can give
// means something else (a limit of -1 is not "no limit"; a negative cost
// does not grant MP); a value past them is an error at the call.
const (
	maxCount  = 1_000_000 // increments, MP, costs, modifiers, times
	maxHexes  = 1_000     // hexes of a retreat or rout: more than any map
	maxShift  = 100       // fire column shifts
	maxFactor = 1_000     // a melee strength's multiplier
)

// count reads a whole-number argument and holds it to lo..hi.
func count(c *interpreter.Call, i, lo, hi int) int {
	var n int
	switch x := c.Args[i].(type) {
	case nil:
		return 0 // an optional argument not given
	case int:
		n = x
	case float64:
		if math.IsNaN(x) || x < float64(lo) || x > float64(hi) {
			panic(interpreter.ArgError(fmt.Sprintf("%s of %s is %g; it must be within %d..%d", c.Def.Effect.Params[i].Name, c.Def.Effect.Name, x, lo, hi)))
		}
		n = int(x)
	}
	if n < lo || n > hi {
		panic(interpreter.ArgError(fmt.Sprintf("%s of %s is %d; it must be within %d..%d", c.Def.Effect.Params[i].Name, c.Def.Effect.Name, n, lo, hi)))
	}
	return n
}

// factor reads a number argument and holds it to lo..hi; NaN and the
// infinities are refused (a NaN strength would win every comparison's
// fallback).
func factor(c *interpreter.Call, i int, lo, hi float64) float64 {
	x := flt(c, i)
	if math.IsNaN(x) || x < lo || x > hi {
		panic(interpreter.ArgError(fmt.Sprintf("%s of %s is %g; it must be within %g..%g", c.Def.Effect.Params[i].Name, c.Def.Effect.Name, x, lo, hi)))
	}
	return x
}

// points is a number of movement points, whole or not, held to lo..hi
// and written as the charts print them.
func points(c *interpreter.Call, i int, lo, hi float64) float64 {
	x := flt(c, i)
	if math.IsNaN(x) || x < lo || x > hi {
		panic(interpreter.ArgError(fmt.Sprintf("%s of %s is %s; it must be within %s..%s", c.Def.Effect.Params[i].Name, c.Def.Effect.Name,
			interpreter.MPText(x), interpreter.MPText(lo), interpreter.MPText(hi))))
	}
	return x
}

func num(c *interpreter.Call, i int) int {
	switch n := c.Args[i].(type) {
	case int:
		return n
	case float64:
		return int(n)
	}
	return 0
}

func flt(c *interpreter.Call, i int) float64 {
	switch n := c.Args[i].(type) {
	case int:
		return float64(n)
	case float64:
		return n
	}
	return 0
}

func str(c *interpreter.Call, i int) string {
	s, _ := c.Args[i].(string)
	return s
}

func optStr(c *interpreter.Call, i int) string { return str(c, i) }

// The readers of an effect's arguments, for the effects another package
// declares with RegisterEffect (a procedure's own): each reads the i-th
// argument as the effects here do, a wrong one being an error at the call.

// UnitArg reads a unit argument; nil is an error at the call.
func UnitArg(c *interpreter.Call, i int) *interpreter.Unit { return u(c, i) }

// OptUnitArg reads an optional unit argument, def when not given.
func OptUnitArg(c *interpreter.Call, i int, def *interpreter.Unit) *interpreter.Unit {
	return optUnit(c, i, def)
}

// CountArg reads a whole-number argument held to lo..hi (0 for an optional
// one not given); one past them is an error at the call.
func CountArg(c *interpreter.Call, i, lo, hi int) int { return count(c, i, lo, hi) }

// StrArg reads a string argument ("" for an optional one not given).
func StrArg(c *interpreter.Call, i int) string { return str(c, i) }

// FactorArg reads a number argument held to lo..hi; NaN and the
// infinities are an error at the call.
func FactorArg(c *interpreter.Call, i int, lo, hi float64) float64 { return factor(c, i, lo, hi) }

// The bounds of the arguments: MaxCount a whole number's (increments,
// MP, costs, modifiers, times), MaxShift fire column shifts', MaxFactor
// a melee strength's multiplier.
const (
	MaxCount  = maxCount
	MaxShift  = maxShift
	MaxFactor = maxFactor
)
