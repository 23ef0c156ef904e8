package bench

import (
	"testing"

	"github.com/bataille/bataille/interpreter"
)

// TestChargeMPReadsTheTrace: a charge's movement points are the last MP
// a step about the charger carries, read from that field, never from the
// narration: each text here says other figures than its MP.
func TestChargeMPReadsTheTrace(t *testing.T) {
	u := &interpreter.Unit{ID: "hus", MP: 8}
	mp := func(spent, left int) *interpreter.MP { return &interpreter.MP{Spent: spent, Left: left} }
	for _, tc := range []struct {
		name        string
		trace       interpreter.Trace
		spent, left int
	}{
		{"no step carries MP", interpreter.Trace{{Unit: "hus", Text: "hus enters 0615 (clear, 1 MP; 1 spent, 12 left)"}}, 0, 8},
		{"the start", interpreter.Trace{{Unit: "hus", MP: mp(0, 8), Text: "hus charges inf (9 MP)"}}, 0, 8},
		{"a gain then hexes", interpreter.Trace{
			{Unit: "hus", MP: mp(0, 8)},
			{Unit: "hus", MP: mp(0, 13), Text: "hus gains 5 MP (2 left)"},
			{Kind: "move", Unit: "hus", MP: mp(1, 12)},
			{Kind: "move", Unit: "hus", MP: mp(2, 11), Text: "hus enters 0614 (clear, 1 MP; 7 spent, 7 left)"},
		}, 2, 11},
		{"another unit's MP", interpreter.Trace{
			{Kind: "move", Unit: "hus", MP: mp(3, 5)},
			{Kind: "move", Unit: "drag", MP: mp(6, 0)},
		}, 3, 5},
		{"a later step without MP", interpreter.Trace{
			{Kind: "move", Unit: "hus", MP: mp(4, 4)},
			{Kind: "note", Unit: "hus", Text: "hus is exhausted"},
		}, 4, 4},
	} {
		if spent, left := chargeMP(tc.trace, u); spent != tc.spent || left != tc.left {
			t.Errorf("%s: %d spent, %d left; want %d, %d", tc.name, spent, left, tc.spent, tc.left)
		}
	}
}
