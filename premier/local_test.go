package premier

import (
	"reflect"
	"testing"

	"github.com/bataille/bataille/hex"
	"github.com/bataille/bataille/interpreter"
)

// TestSavedKeyCoversEveryField: the exploration of states merges the paths
// that reach the same key (interpreter.State.AppendKey, which writes this
// package's saved state), so changing any part of what the charge
// procedure saves must change its key, and a clone must keep it.
func TestSavedKeyCoversEveryField(t *testing.T) {
	base := func() *saved {
		return &saved{
			declared: []savedDeclared{{order: 0, lead: -1, n: 2}, {order: 1, lead: 0, n: 2}},
			pending:  []savedOrder{{o: interpreter.Order{Kind: "charge", Path: []hex.Hex{{Q: 2, R: 2}}}, unit: 0, target: 1}},
			fired:    []savedFired{{unit: 0, hexes: []hex.Hex{{Q: 1, R: 1}}}},
			melees:   []savedMelee{{attacker: 0, defender: 1, with: []int{2}}}, meleeCount: 1,
		}
	}
	key := func(s *saved) string { return string(s.AppendKey(nil)) }
	want := key(base())
	if got := string(base().Clone().AppendKey(nil)); got != want {
		t.Fatal("a clone has another key")
	}
	b := base()
	c := b.Clone().(*saved)
	c.pending[0].o.Path[0].Q++
	c.declared[0].n++
	c.fired[0].hexes[0].Q++
	c.melees[0].with[0]++
	if key(b) != want {
		t.Fatal("a clone shares its storage with the state it was cloned from")
	}
	for _, c := range []struct {
		name   string
		change func(s *saved)
	}{
		{"a pending charge's unit", func(s *saved) { s.pending[0].unit = 1 }},
		{"a pending charge's target", func(s *saved) { s.pending[0].target = 0 }},
		{"a pending charge's path", func(s *saved) { s.pending[0].o.Path[0].Q++ }},
		{"a pending charge a reaction", func(s *saved) { s.pending[0].o.Reaction = true }},
		{"a pending charge's formation", func(s *saved) { s.pending[0].o.Formation = "line" }},
		{"a pending charge's step", func(s *saved) { s.pending[0].o.Step = 2 }},
		{"no pending charge", func(s *saved) { s.pending = nil }},
		{"a declared charge", func(s *saved) { s.declared[1].order = 2 }},
		{"a declared charge's lead", func(s *saved) { s.declared[1].lead = -1 }},
		{"a declared charge's stack", func(s *saved) { s.declared[0].n = 1 }},
		{"no declared charge", func(s *saved) { s.declared = nil }},
		{"a hex fired into", func(s *saved) { s.fired[0].hexes[0].R++ }},
		{"the unit that fired", func(s *saved) { s.fired[0].unit = 1 }},
		{"no fire", func(s *saved) { s.fired = nil }},
		{"a melee's attacker", func(s *saved) { s.melees[0].attacker = 1 }},
		{"a melee's defender", func(s *saved) { s.melees[0].defender = 0 }},
		{"a melee charging", func(s *saved) { s.melees[0].charging = true }},
		{"a melee straight", func(s *saved) { s.melees[0].straight = 3 }},
		{"a melee's stack", func(s *saved) { s.melees[0].with = nil }},
		{"melees to resolve", func(s *saved) { s.meleeCount = 0 }},
	} {
		s := base()
		c.change(s)
		if key(s) == want {
			t.Errorf("%s: the key is as it was", c.name)
		}
	}
	// Every field of the saved state is one of those changed above.
	for typ, fields := range map[reflect.Type][]string{
		reflect.TypeFor[saved]():         {"declared", "pending", "fired", "melees", "meleeCount"},
		reflect.TypeFor[savedFired]():    {"unit", "hexes"},
		reflect.TypeFor[savedMelee]():    {"attacker", "defender", "charging", "straight", "with"},
		reflect.TypeFor[savedDeclared](): {"order", "lead", "n"},
		reflect.TypeFor[savedOrder]():    {"o", "unit", "target"},
	} {
		if typ.NumField() != len(fields) {
			t.Errorf("%s has %d fields, the test changes %v: teach it the new one", typ.Name(), typ.NumField(), fields)
		}
	}
}
