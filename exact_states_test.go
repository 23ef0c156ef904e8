package bataille_test

import (
	"context"
	"testing"

	"github.com/bataille/bataille"
)

// The exploration of states gives the same fractions, to the last digit,
// as playing every path from the start, on every bundled scenario: the
// same outcomes, each with the same exact mean and mean square, the same
// number of paths through the dice.
func TestExactStatesEqualPaths(t *testing.T) {
	for _, battle := range bataille.Bundled() {
		mod, diags := bataille.LoadBundled(battle)
		if diags.HasErrors() {
			t.Fatal(diags.Err())
		}
		for _, sd := range mod.AllScenarios() {
			t.Run(battle+"/"+sd.Name, func(t *testing.T) {
				paths, err := bataille.Exact(context.Background(), mod, sd, bataille.ExactOptions{Enumerate: true, Workers: 2})
				if err != nil {
					t.Fatal(err)
				}
				states, err := bataille.Exact(context.Background(), mod, sd, bataille.ExactOptions{Workers: 2})
				if err != nil {
					t.Fatal(err)
				}
				if states.Paths != paths.Paths {
					t.Errorf("states count %d paths through the dice, enumeration played %d", states.Paths, paths.Paths)
				}
				if len(states.Outcomes) != len(paths.Outcomes) {
					t.Errorf("%d outcomes by states, %d by paths", len(states.Outcomes), len(paths.Outcomes))
				}
				for name, want := range paths.Outcomes {
					got, ok := states.Outcomes[name]
					if !ok {
						t.Errorf("%s: missing from the exploration of states", name)
						continue
					}
					if got.Mean.Cmp(want.Mean) != 0 || got.MeanSq.Cmp(want.MeanSq) != 0 {
						t.Errorf("%s: %s (square %s) by states, %s (square %s) by paths", name, got.Mean.RatString(), got.MeanSq.RatString(), want.Mean.RatString(), want.MeanSq.RatString())
					}
					if states.Shares[name] != paths.Shares[name] {
						t.Errorf("%s: a share by one, not by the other", name)
					}
				}
				t.Logf("%d paths, %d states, %d played", paths.Paths, states.States, states.Played)
			})
		}
	}
}
