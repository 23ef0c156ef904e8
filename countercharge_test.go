package bataille_test

import (
	"github.com/bataille/bataille/dsl"
	"github.com/bataille/bataille/interpreter"
)

// counterCharges is a charge procedure of another edition, declared and
// registered outside the engine in the terms the Premier Rules' charge is
// written in: every charge is declared as the base declares it (stacks,
// the declare_charge rules); then, before each charger moves, its target,
// when it is mounted cavalry of the other side that has not charged this
// turn, counter-charges: it rides straight at the charger (a charge a rule
// starts, which the declare_charge rules judge as a reaction), and a
// charger it reaches rides no further: the melee phase fights them. Its
// own hook, counter_charge, comes before each counter-charge: a failing
// require there forbids it, and the charger rides as the base's does. A
// battle selects it with `phase counter_charges` in its sequence
// (testdata/countercharge).
//
// What it keeps between the steps of its phase is the engine's (the
// declared charges) and the units' (Charged), which a saved position
// holds, so a run paused at any of its steps resumes.
var counterCharges = &interpreter.Procedure{
	Name: "counter_charges",
	Doc:  "every charge declared, then before each charger moves its target's counter-charge, when the target is cavalry that may charge; a charger met rides no further",
	Declares: []*dsl.Hook{{Name: "counter_charge", Blocks: true,
		Doc: "the target of a declared charge is about to counter-charge the charger, before the charger moves; a failing require forbids it",
		Vars: []dsl.Var{{Name: "unit", Type: interpreter.UnitType, Doc: "the cavalry that counter-charges"},
			{Name: "charger", Type: interpreter.UnitType, Doc: "the charger it rides at"}}}},
	Hooks:  []string{"counter_charge", "declare_charge", "charge_start", "change_formation", "charge_enter", "charge_approach", "charge_contact", "charge_end"},
	Orders: []string{"charge"},
	Play: func(e *interpreter.Engine, title string, from int) error {
		charges := e.OrdersOf("charge")
		if len(charges) == 0 {
			return nil
		}
		e.BeginPhase(title)
		if from == 0 {
			if _, err := e.DeclareCharges(charges); err != nil {
				return err
			}
		}
		declared := e.Declared()
		for k := max(from-1, 0); k < len(declared); k++ {
			if err := e.Checkpoint(k + 1); err != nil {
				return err
			}
			o := declared[k]
			if t := o.Target; t.Side != o.Unit.Side && t.Increments > 0 && !t.Charged && mounted(e.Module, t) {
				blocked, _, err := e.FireHook("counter_charge", "unit", t, "charger", o.Unit)
				if err != nil {
					return err
				}
				if blocked {
					if err := e.ResolveDeclared(o); err != nil {
						return err
					}
					continue
				}
				e.ChargeAt(t, o.Unit)
				if err := e.DrainCharges(); err != nil {
					return err
				}
				if interpreter.UnitDistance(o.Unit, t) <= 1 {
					continue // met where it stood
				}
			}
			if err := e.ResolveDeclared(o); err != nil {
				return err
			}
		}
		e.ClearDeclared()
		return nil
	},
}

func mounted(mod *dsl.Module, u *interpreter.Unit) bool {
	w, ok := mod.Word(dsl.KindArm, u.Arm)
	return ok && w.Flag("mounted")
}

func init() { interpreter.Register(counterCharges) }
