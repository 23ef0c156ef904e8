package stdlib

import (
	"fmt"
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
		func(c *interpreter.Call) error { c.E.Lose(u(c, 0), num(c, 1)); return nil }},
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
			if n := num(c, 1); n > 0 {
				from := optUnit(c, 2, c.E.Charger())
				if from == nil {
					return fmt.Errorf("rout %d hexes from whom? name the unit with from", n)
				}
				c.E.Retreat(unit, n, from)
			}
			return nil
		}},
	{dsl.Effect{Name: "retreat", Doc: "the unit retreats hexes away from `from` (the charger by default)",
		Params: []dsl.EffectParam{unitP("unit", ""), intP("hexes", ""), opt(unitP("from", ""))}},
		func(c *interpreter.Call) error {
			from := optUnit(c, 2, c.E.Charger())
			if from == nil {
				return fmt.Errorf("retreat from whom? name the unit with from")
			}
			c.E.Retreat(u(c, 0), num(c, 1), from)
			return nil
		}},
	{dsl.Effect{Name: "set_formation", Doc: "puts the unit in a formation at once, without the change_formation rules",
		Params: []dsl.EffectParam{unitP("unit", ""), {Name: "formation", Type: tString, Vocab: dsl.KindFormation}}},
		func(c *interpreter.Call) error { return c.E.SetFormation(u(c, 0), str(c, 1)) }},
	{dsl.Effect{Name: "exhaust", Doc: "the cavalry is exhausted", Params: []dsl.EffectParam{unitP("unit", "")}},
		func(c *interpreter.Call) error { c.E.Exhaust(u(c, 0)); return nil }},
	{dsl.Effect{Name: "tire", Doc: "the cavalry is tired", Params: []dsl.EffectParam{unitP("unit", "")}},
		func(c *interpreter.Call) error { c.E.Tire(u(c, 0)); return nil }},
	{dsl.Effect{Name: "mark", Doc: "sets a named mark on the unit, for later rules to read with marked()",
		Params: []dsl.EffectParam{unitP("unit", ""), {Name: "name", Type: tString}}},
		func(c *interpreter.Call) error { c.E.Mark(u(c, 0), str(c, 1), true); return nil }},
	{dsl.Effect{Name: "unmark", Doc: "clears a named mark",
		Params: []dsl.EffectParam{unitP("unit", ""), {Name: "name", Type: tString}}},
		func(c *interpreter.Call) error { c.E.Mark(u(c, 0), str(c, 1), false); return nil }},
	{dsl.Effect{Name: "halt", Doc: "the charge being resolved stops where it stands",
		Params: []dsl.EffectParam{opt(dsl.EffectParam{Name: "reason", Type: tString})}},
		func(c *interpreter.Call) error { return c.E.Halt(optStr(c, 0)) }},
	{dsl.Effect{Name: "limit_mp", Doc: "the charger may spend at most n more MP, counted from the hex `from` vacated when it last retreated if given",
		Params: []dsl.EffectParam{intP("n", ""), opt(unitP("from", "a unit that retreated: the n MP count from the hex it left"))}},
		func(c *interpreter.Call) error { return c.E.LimitMPFrom(num(c, 0), optUnit(c, 1, nil)) }},
	{dsl.Effect{Name: "add_mp", Doc: "the charger gains n MP", Params: []dsl.EffectParam{intP("n", "")}},
		func(c *interpreter.Call) error { return c.E.AddMP(num(c, 0)) }},
	{dsl.Effect{Name: "set_cost", Doc: "sets the MP cost of the hex entered or the formation change", Params: []dsl.EffectParam{intP("n", "")}},
		func(c *interpreter.Call) error { c.E.SetCost(num(c, 0)); return nil }},
	{dsl.Effect{Name: "add_cost", Doc: "adds to the MP cost of the hex entered or the formation change", Params: []dsl.EffectParam{intP("n", "")}},
		func(c *interpreter.Call) error { c.E.AddCost(num(c, 0)); return nil }},
	{dsl.Effect{Name: "set_fire", Doc: "sets the fire value of the fire being resolved", Params: []dsl.EffectParam{{Name: "value", Type: tFloat}}},
		func(c *interpreter.Call) error { c.E.SetFire(flt(c, 0)); return nil }},
	{dsl.Effect{Name: "shift", Doc: "adds column shifts to the fire being resolved", Params: []dsl.EffectParam{intP("n", "")}},
		func(c *interpreter.Call) error { c.E.Shift(num(c, 0)); return nil }},
	{dsl.Effect{Name: "scale_attack", Doc: "multiplies the attacker's melee strength", Params: []dsl.EffectParam{{Name: "factor", Type: tFloat}}},
		func(c *interpreter.Call) error { c.E.ScaleAttack(flt(c, 0)); return nil }},
	{dsl.Effect{Name: "scale_defense", Doc: "multiplies the defender's melee strength", Params: []dsl.EffectParam{{Name: "factor", Type: tFloat}}},
		func(c *interpreter.Call) error { c.E.ScaleDefense(flt(c, 0)); return nil }},
	{dsl.Effect{Name: "set_side", Doc: "sets the hexside (front, flank, rear) a melee comes through", Params: []dsl.EffectParam{{Name: "side", Type: tString}}},
		func(c *interpreter.Call) error {
			s := str(c, 0)
			if s != "front" && s != "flank" && s != "rear" {
				return fmt.Errorf("side is front, flank or rear; got %q", s)
			}
			c.E.SetSide(s)
			return nil
		}},
	{dsl.Effect{Name: "ignore_zdi", Doc: "the moving unit goes on through enemy Zd'I"},
		func(c *interpreter.Call) error { c.E.IgnoreZdI(); return nil }},
	{dsl.Effect{Name: "roll", Doc: "rolls on a table and runs the outcome's hook (`recall.fail`); `unit` is bound there",
		Params: []dsl.EffectParam{{Name: "table", Kind: dsl.ArgTable}, opt(intP("modifier", "within the table's declared bounds")),
			opt(dsl.EffectParam{Name: "unit", Type: tUnit, Binds: "unit", Doc: "the unit the roll is for"})}},
		func(c *interpreter.Call) error {
			return c.E.RollTable(c.Rule, str(c, 0), num(c, 1), optUnit(c, 2, nil))
		}},
	{dsl.Effect{Name: "check", Doc: "rolls a check for the unit and runs `name.pass` or `name.fail`",
		Params: []dsl.EffectParam{{Name: "check", Kind: dsl.ArgCheck}, {Name: "unit", Type: tUnit, Binds: "unit"}, opt(intP("modifier", ""))}},
		func(c *interpreter.Call) error { return c.E.RollCheck(c.Rule, str(c, 0), u(c, 1), num(c, 2)) }},
	{dsl.Effect{Name: "follow", Doc: "the charger moves toward a unit as its MP allow and contacts the first enemy it reaches",
		Params: []dsl.EffectParam{unitP("unit", "the charger"), unitP("toward", "")}},
		func(c *interpreter.Call) error { _, err := c.E.Follow(u(c, 0), u(c, 1), true); return err }},
	{dsl.Effect{Name: "close_in", Doc: "the charger moves next to a unit as its MP allow, without contact (melee comes later)",
		Params: []dsl.EffectParam{unitP("unit", "the charger"), unitP("toward", "")}},
		func(c *interpreter.Call) error { _, err := c.E.Follow(u(c, 0), u(c, 1), false); return err }},
	{dsl.Effect{Name: "melee", Doc: "the attacker will melee the defender in the melee phase",
		Params: []dsl.EffectParam{unitP("attacker", ""), unitP("defender", "")}},
		func(c *interpreter.Call) error { c.E.ScheduleMelee(u(c, 0), u(c, 1)); return nil }},
	{dsl.Effect{Name: "fire_at", Doc: "the firer fires at the target now (opportunity fire), times times",
		Params: []dsl.EffectParam{unitP("firer", ""), unitP("target", ""), opt(intP("times", ""))}},
		func(c *interpreter.Call) error {
			n := num(c, 2)
			if c.Args[2] == nil {
				n = 1
			}
			for range min(n, 20) {
				if err := c.E.Fire(u(c, 0), u(c, 1), true); err != nil {
					return err
				}
			}
			return nil
		}},
	{dsl.Effect{Name: "ride_into", Doc: "the charger enters the hex of the unit next to it (to melee a Carré from inside its hex)",
		Params: []dsl.EffectParam{unitP("unit", "the charger"), unitP("of", "")}},
		func(c *interpreter.Call) error { return c.E.EnterHexOf(u(c, 0), u(c, 1)) }},
	{dsl.Effect{Name: "same_result", Doc: "friendly units of an arm in the unit's hex take its formation and state",
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
				if err := c.E.RollCheck(c.Rule, str(c, 0), x, num(c, 2)); err != nil {
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
