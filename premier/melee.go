package premier

import (
	"github.com/bataille/bataille/dsl"
	"github.com/bataille/bataille/hex"
	"github.com/bataille/bataille/interpreter"
	"github.com/bataille/bataille/stdlib"
)

// Melee: the melees charges and assault orders set up, fought in the
// melee phase (the kernel's MeleePhase, until its code moves here).

var melee = &interpreter.Procedure{Name: "melee", Doc: "the melees charges and assault orders set up",
	Hooks: []string{"assault_declare", "melee_side", "melee", "melee_resolve"}, Orders: []string{"assault"}, Play: (*interpreter.Engine).MeleePhase}

// scheduleMelee queues a melee for the melee phase: a charging one when
// the attacker is the charger of the charge being resolved, with the
// hexes it entered last in one straight line and its stack beside it.
func scheduleMelee(e *interpreter.Engine, a, d *interpreter.Unit) {
	s := of(e)
	if ch := s.ch; ch != nil && ch.Actor == a {
		e.ScheduleMelee(a, d, true, hex.StraightRun(ch.trail), s.beside())
		return
	}
	e.ScheduleMelee(a, d, false, 0, nil)
}

// meleeEffects are the effects that set up a melee.
var meleeEffects = []*stdlib.Effect{
	{Effect: dsl.Effect{Name: "melee", Doc: "the attacker will melee the defender in the melee phase",
		Params: []dsl.EffectParam{unitP("attacker", ""), unitP("defender", "")}},
		Run: func(c *interpreter.Call) error {
			scheduleMelee(c.E, stdlib.UnitArg(c, 0), stdlib.UnitArg(c, 1))
			return nil
		}},
}
