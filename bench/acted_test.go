package bench

import (
	"slices"
	"testing"
)

// mustAct are rules the bench is meant to reach: the stand check, both
// tramples, cavalry against cavalry and the rout of a charge that stops
// short. Its set-ups (the scenario, its variants, the other scenarios) are
// chosen so that each acts.
var mustAct = []string{
	"contact.stand", "stand.held", "stand.broken",
	"contact.trample_disordered", "contact.trample_routed", "contact.disordered",
	"contact.cavalry", "contact.cavalry_melee",
	"end.no_contact",
}

// TestRulesActed counts, in the engine's trace, which rules acted over the
// seeds the bench plays, fails if one of mustAct never did and lists the
// module's rules that never acted. The hand-written versions reach the same
// outcomes (TestSameOutcomes), so they play the same rules.
func TestRulesActed(t *testing.T) {
	mod, sds := loadAll(t)
	c, err := newMix("engine", mod, sds, newCharger)
	if err != nil {
		t.Fatal(err)
	}
	acted := map[string]int{}
	for seed := range uint64(seeds) {
		if err := c.play(seed); err != nil {
			t.Fatalf("seed %d: %v", seed, err)
		}
		for _, ev := range c.cur.(*engineCharger).e.Trace() {
			if ev.Kind == "rule" {
				acted[ev.Rule]++
			}
		}
	}
	for _, id := range mustAct {
		if acted[id] == 0 {
			t.Errorf("%s never acted over %d seeds", id, seeds)
		}
	}
	var never []string
	for _, r := range mod.Rules {
		if acted[r.ID] == 0 {
			never = append(never, r.ID)
		}
	}
	slices.Sort(never)
	t.Logf("%d of %d rules acted over %d seeds; never: %v", len(mod.Rules)-len(never), len(mod.Rules), seeds, never)
}
