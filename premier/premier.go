package premier

import "github.com/bataille/bataille/interpreter"

// The procedures in the order of a turn, which is the order the checker
// lists them in and a sequence's `phase` words take.
func init() {
	for _, p := range []*interpreter.Procedure{start, charges, movement, defensiveFire, offensiveFire, melee, end} {
		interpreter.Register(p)
	}
}

var (
	charges = &interpreter.Procedure{Name: "charges", Doc: "every charge declared, then each resolved: the charge à cheval",
		Hooks:  []string{"declare_charge", "charge_start", "change_formation", "charge_enter", "charge_approach", "charge_contact", "charge_end"},
		Orders: []string{"charge"}, Play: (*interpreter.Engine).ChargePhase}
	movement = &interpreter.Procedure{Name: "movement", Doc: "move and form orders, hex by hex",
		Hooks: []string{"move_start", "move_enter", "change_formation"}, Orders: []string{"move", "form"}, Play: (*interpreter.Engine).MovementPhase}
	defensiveFire = &interpreter.Procedure{Name: "defensive_fire", Doc: "fire orders of the side not in its turn",
		Hooks: []string{"fire", "fire_resolve"}, Orders: []string{"fire"},
		Play: func(e *interpreter.Engine, title string, from int) error { return e.FirePhase(title, true, from) }}
	offensiveFire = &interpreter.Procedure{Name: "offensive_fire", Doc: "fire orders of the side in its turn",
		Hooks: []string{"fire", "fire_resolve"}, Orders: []string{"fire"},
		Play: func(e *interpreter.Engine, title string, from int) error { return e.FirePhase(title, false, from) }}
	melee = &interpreter.Procedure{Name: "melee", Doc: "the melees charges and assault orders set up",
		Hooks: []string{"assault_declare", "melee_side", "melee", "melee_resolve"}, Orders: []string{"assault"}, Play: (*interpreter.Engine).MeleePhase}
)
