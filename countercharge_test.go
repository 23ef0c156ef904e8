package bataille_test

import (
	"fmt"

	"github.com/bataille/bataille/dsl"
	"github.com/bataille/bataille/interpreter"
	"github.com/bataille/bataille/premier"
	"github.com/bataille/bataille/stdlib"
)

// counterCharges is a charge procedure of another edition, declared and
// registered outside the engine in the terms the Premier Rules' charge is
// written in (package premier's steps): every charge is declared as the base declares it (stacks,
// the declare_charge rules); then, before each charger moves, its target,
// when it is mounted cavalry of the other side that has not charged this
// turn, counter-charges: it rides straight at the charger (a charge a rule
// starts, which the declare_charge rules judge as a reaction), and a
// charger it reaches rides no further: the melee phase fights them. Its
// own hook, counter_charge, comes before each counter-charge: a failing
// require there forbids it, and the charger rides as the base's does; a
// rule there may send the fresh cavalry beside the target (`support`) in
// its place with the procedure's own effect, counter_with. A
// battle selects it with `phase counter_charges` in its sequence
// (testdata/countercharge).
//
// What it keeps between the steps of its phase is the engine's (the
// declared charges) and the units' (premier.Charged; its own flag
// counter_charged, which a battle's rules read as `unit.counter_charged`
// for the rest of the turn; and counter_with's mark, set and cleared
// within one step), which a saved position holds, so a run paused at any
// of its steps resumes.
var counterCharges = &interpreter.Procedure{
	Name: "counter_charges",
	Doc:  "every charge declared, then before each charger moves its target's counter-charge, when the target is cavalry that may charge; a charger met rides no further",
	Declares: []*dsl.Hook{{Name: "counter_charge", Blocks: true,
		Doc: "the target of a declared charge is about to counter-charge the charger, before the charger moves; a failing require forbids it",
		Vars: []dsl.Var{{Name: "unit", Type: interpreter.UnitType, Doc: "the cavalry that counter-charges"},
			{Name: "charger", Type: interpreter.UnitType, Doc: "the charger it rides at"},
			{Name: "support", Type: interpreter.UnitType, Doc: "mounted cavalry of its side next to it that has not charged (the first in the scenario's order), or nil: counter_with sends it in the unit's place"}}}},
	Hooks:  []string{"counter_charge", "declare_charge", "charge_start", "change_formation", "charge_enter", "charge_approach", "charge_contact", "charge_end"},
	Orders: []string{"charge"},
	Play: func(e *interpreter.Engine, title string, from int) error {
		charges := e.OrdersOf("charge")
		if len(charges) == 0 {
			return nil
		}
		e.BeginPhase(title)
		if from == 0 {
			if _, err := premier.DeclareCharges(e, charges); err != nil {
				return err
			}
		}
		declared := premier.Declared(e)
		for k := max(from-1, 0); k < len(declared); k++ {
			if err := e.Checkpoint(k + 1); err != nil {
				return err
			}
			o := declared[k]
			if t := o.Target; t.Side != o.Unit.Side && t.Increments > 0 && !t.Flag(premier.Charged) && mounted(e.Module, t) {
				support := supportOf(e, t)
				var sup any // a nil unit binds nil, not a nil *Unit
				if support != nil {
					sup = support
				}
				blocked, _, err := e.FireHook("counter_charge", "unit", t, "charger", o.Unit, "support", sup)
				if err != nil {
					return err
				}
				if blocked {
					if err := premier.ResolveDeclared(e, o); err != nil {
						return err
					}
					continue
				}
				rider := t
				if support != nil && support.Marked(counterWith) {
					e.Mark(support, counterWith, false)
					rider = support
				}
				rider.SetFlag(counterCharged)
				premier.ChargeAt(e, rider, o.Unit)
				if err := premier.DrainCharges(e); err != nil {
					return err
				}
				if interpreter.UnitDistance(o.Unit, rider) <= 1 {
					continue // met where it stood
				}
			}
			if err := premier.ResolveDeclared(e, o); err != nil {
				return err
			}
		}
		premier.ClearDeclared(e)
		return nil
	},
}

func mounted(mod *dsl.Module, u *interpreter.Unit) bool {
	w, ok := mod.Word(dsl.KindArm, u.Arm)
	return ok && w.Flag("mounted")
}

// supportOf is the cavalry that may counter-charge in t's place: mounted,
// of t's side, next to it, with increments left and no charge made this
// turn; the first in the scenario's order, or nil.
func supportOf(e *interpreter.Engine, t *interpreter.Unit) *interpreter.Unit {
	for _, x := range e.Board.Units {
		if x != t && x.Side == t.Side && x.Increments > 0 && !x.Flag(premier.Charged) && mounted(e.Module, x) && interpreter.UnitDistance(x, t) <= 1 {
			return x
		}
	}
	return nil
}

// counterCharged is the procedure's flag of the cavalry that
// counter-charged this turn: declared here, kept on the units by the
// kernel (cleared as the next turn starts, held by saved positions), and
// read by scripts as `unit.counter_charged`.
var counterCharged = interpreter.DeclareUnitFlag("counter_charged", "it counter-charged this turn (counter_charges)")

// counterWith is the mark counter_with sets on the cavalry it sends; the
// procedure clears it as the cavalry sets off.
const counterWith = "counter_with"

// counterWithEffect is the procedure's own effect: which cavalry rides is
// the procedure's state for the step, kept on the unit as a mark.
var counterWithEffect = &stdlib.Effect{
	Effect: dsl.Effect{Name: "counter_with", Doc: "on counter_charge: the cavalry (the hook's `support`) counter-charges in the place of the hook's unit",
		Params: []dsl.EffectParam{{Name: "unit", Type: interpreter.UnitType, Doc: "the cavalry that rides instead"}}},
	Run: func(c *interpreter.Call) error {
		u, _ := c.Args[0].(*interpreter.Unit)
		if u == nil {
			return fmt.Errorf("counter_with: no unit to send")
		}
		c.E.Mark(u, counterWith, true)
		return nil
	},
}

func init() {
	interpreter.Register(counterCharges)
	stdlib.RegisterEffect(counterWithEffect)
}
