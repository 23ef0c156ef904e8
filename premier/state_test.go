package premier

import (
	"reflect"
	"testing"

	"github.com/bataille/bataille/hex"
	"github.com/bataille/bataille/interpreter"
)

// TestSavedKeysCoverEveryField: the exploration of states merges the paths
// that reach the same key (interpreter.State.AppendKey, which writes each
// procedure's saved state), so changing any part of what a procedure saves
// must change its key, and a clone must keep it and share nothing.
func TestSavedKeysCoverEveryField(t *testing.T) {
	type change struct {
		name   string
		change func(interpreter.Saved)
	}
	for _, c := range []struct {
		name    string
		base    func() interpreter.Saved
		mutate  func(interpreter.Saved) // changes a clone deep inside
		changes []change
	}{
		{"charge", func() interpreter.Saved {
			return &chargeSaved{
				declared: []savedDeclared{{order: 0, lead: -1, n: 2}, {order: 1, lead: 0, n: 2}},
				pending:  []savedOrder{{o: interpreter.Order{Kind: "charge", Path: []hex.Hex{{Q: 2, R: 2}}}, unit: 0, target: 1}},
			}
		}, func(s interpreter.Saved) {
			c := s.(*chargeSaved)
			c.pending[0].o.Path[0].Q++
			c.declared[0].n++
		}, []change{
			{"a pending charge's unit", func(s interpreter.Saved) { s.(*chargeSaved).pending[0].unit = 1 }},
			{"a pending charge's target", func(s interpreter.Saved) { s.(*chargeSaved).pending[0].target = 0 }},
			{"a pending charge's path", func(s interpreter.Saved) { s.(*chargeSaved).pending[0].o.Path[0].Q++ }},
			{"a pending charge a reaction", func(s interpreter.Saved) { s.(*chargeSaved).pending[0].o.Reaction = true }},
			{"a pending charge's formation", func(s interpreter.Saved) { s.(*chargeSaved).pending[0].o.Formation = "line" }},
			{"a pending charge's step", func(s interpreter.Saved) { s.(*chargeSaved).pending[0].o.Step = 2 }},
			{"no pending charge", func(s interpreter.Saved) { s.(*chargeSaved).pending = nil }},
			{"a declared charge", func(s interpreter.Saved) { s.(*chargeSaved).declared[1].order = 2 }},
			{"a declared charge's lead", func(s interpreter.Saved) { s.(*chargeSaved).declared[1].lead = -1 }},
			{"a declared charge's stack", func(s interpreter.Saved) { s.(*chargeSaved).declared[0].n = 1 }},
			{"no declared charge", func(s interpreter.Saved) { s.(*chargeSaved).declared = nil }},
		}},
		{"fire", func() interpreter.Saved {
			return &fireSaved{fired: []savedFired{{unit: 0, hexes: []hex.Hex{{Q: 1, R: 1}}}}}
		}, func(s interpreter.Saved) { s.(*fireSaved).fired[0].hexes[0].Q++ }, []change{
			{"a hex fired into", func(s interpreter.Saved) { s.(*fireSaved).fired[0].hexes[0].R++ }},
			{"the unit that fired", func(s interpreter.Saved) { s.(*fireSaved).fired[0].unit = 1 }},
			{"no fire", func(s interpreter.Saved) { s.(*fireSaved).fired = nil }},
		}},
		{"melee", func() interpreter.Saved {
			return &meleeSaved{melees: []savedMelee{{attacker: 0, defender: 1, with: []int{2}}}, meleeCount: 1}
		}, func(s interpreter.Saved) { s.(*meleeSaved).melees[0].with[0]++ }, []change{
			{"a melee's attacker", func(s interpreter.Saved) { s.(*meleeSaved).melees[0].attacker = 1 }},
			{"a melee's defender", func(s interpreter.Saved) { s.(*meleeSaved).melees[0].defender = 0 }},
			{"a melee charging", func(s interpreter.Saved) { s.(*meleeSaved).melees[0].charging = true }},
			{"a melee straight", func(s interpreter.Saved) { s.(*meleeSaved).melees[0].straight = 3 }},
			{"a melee's stack", func(s interpreter.Saved) { s.(*meleeSaved).melees[0].with = nil }},
			{"melees to resolve", func(s interpreter.Saved) { s.(*meleeSaved).meleeCount = 0 }},
		}},
	} {
		key := func(s interpreter.Saved) string { return string(s.AppendKey(nil)) }
		want := key(c.base())
		b := c.base()
		clone := b.Clone()
		if key(clone) != want {
			t.Errorf("%s: a clone has another key", c.name)
		}
		c.mutate(clone)
		if key(b) != want {
			t.Errorf("%s: a clone shares its storage with the state it was cloned from", c.name)
		}
		for _, ch := range c.changes {
			s := c.base()
			ch.change(s)
			if key(s) == want {
				t.Errorf("%s: %s: the key is as it was", c.name, ch.name)
			}
		}
	}
	// Every field of a saved state is one of those changed above.
	for typ, fields := range map[reflect.Type][]string{
		reflect.TypeFor[chargeSaved]():   {"declared", "pending"},
		reflect.TypeFor[savedDeclared](): {"order", "lead", "n"},
		reflect.TypeFor[savedOrder]():    {"o", "unit", "target"},
		reflect.TypeFor[fireSaved]():     {"fired", "one"},
		reflect.TypeFor[savedFired]():    {"unit", "hexes"},
		reflect.TypeFor[meleeSaved]():    {"melees", "meleeCount"},
		reflect.TypeFor[savedMelee]():    {"attacker", "defender", "charging", "straight", "with"},
	} {
		if typ.NumField() != len(fields) {
			t.Errorf("%s has %d fields, the test changes %v: teach it the new one", typ.Name(), typ.NumField(), fields)
		}
	}
}
