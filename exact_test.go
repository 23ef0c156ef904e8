package bataille_test

import (
	"context"
	"errors"
	"math"
	"os"
	"testing"

	"github.com/bataille/bataille"
	"github.com/bataille/bataille/dsl"
)

func loadTestBattle(t *testing.T, dir string) *dsl.Module {
	t.Helper()
	mod, diags := bataille.LoadDir(os.DirFS("testdata/exact"), dir)
	if diags.HasErrors() {
		t.Fatal(diags.Err())
	}
	return mod
}

func exactOf(t *testing.T, mod *dsl.Module, scenario string, opt bataille.ExactOptions) *bataille.ExactTally {
	t.Helper()
	sd, err := bataille.FindScenario(mod, scenario)
	if err != nil {
		t.Fatal(err)
	}
	x, err := bataille.Exact(context.Background(), mod, sd, opt)
	if err != nil {
		t.Fatal(err)
	}
	return x
}

// Odds known by hand. The test battle's Carré table has one result for
// Carré (11), 29 for disorder (12..56) and 6 for rout (61..66); the
// scenarios roll it plain, at -12 and at +12. At -12 the naturals 11..31
// all step down to 11 (13 of 36); at +12 the naturals 41..66 all reach 61
// or more (18 of 36); the shaken battalion's named modifier (+6) is held
// with it to the bound, +12. A rout of the declared target has the hussars roll
// the recall chart (1d6: 1..2 recall): a third of the routs end recalled,
// two thirds not, the two chances multiplied.
func TestExactByHand(t *testing.T) {
	cases := []struct {
		battle, scenario string
		want             map[string]string
	}{
		{"exactcarre", "plain", map[string]string{
			"inf marked got_carre": "1/36", "inf marked got_disorder": "29/36", "inf marked got_rout": "1/6",
			"hus marked recall_rolled": "1/6", "hus marked recalled": "1/18", "hus marked no_recall": "1/9",
		}},
		{"exactcarre", "steady", map[string]string{
			"inf marked got_carre": "13/36", "inf marked got_disorder": "23/36", "inf marked got_rout": "0",
			"hus marked recall_rolled": "0", "hus marked recalled": "0",
		}},
		{"exactcarre", "shaken", map[string]string{
			"inf marked got_carre": "0", "inf marked got_disorder": "1/2", "inf marked got_rout": "1/2",
			"hus marked recalled": "1/6", "hus marked no_recall": "1/3",
		}},
		// A rule reads the roll: rolls branch on the result, and the six
		// results 51..56 of the disorder row are told from the others.
		{"exactroll", "plain", map[string]string{
			"inf marked got_disorder": "29/36", "inf marked late_disorder": "1/6", "hus marked recalled": "1/18",
		}},
	}
	for _, c := range cases {
		t.Run(c.battle+"/"+c.scenario, func(t *testing.T) {
			mod := loadTestBattle(t, c.battle)
			sd, err := bataille.FindScenario(loadTestBattle(t, "exactcarre"), c.scenario)
			if err != nil {
				t.Fatal(err)
			}
			x, err := bataille.Exact(context.Background(), mod, sd, bataille.ExactOptions{})
			if err != nil {
				t.Fatal(err)
			}
			for name, want := range c.want {
				got := "0"
				if v, ok := x.Outcomes[name]; ok {
					got = v.Mean.RatString()
				}
				if got != want {
					t.Errorf("%s: %s, want %s", name, got, want)
				}
			}
			if x.Total.RatString() != "1" {
				t.Errorf("the paths add up to %s", x.Total.RatString())
			}
		})
	}
}

// The same tree, and the same figures, whatever the number of workers.
func TestExactWorkers(t *testing.T) {
	for _, battle := range engineBattles() {
		mod, diags := bataille.LoadBundled(battle)
		if diags.HasErrors() {
			t.Fatal(diags.Err())
		}
		for _, sd := range mod.AllScenarios() {
			one := exactOf(t, mod, sd.Name, bataille.ExactOptions{Workers: 1})
			for _, w := range []int{2, 5} {
				other := exactOf(t, mod, sd.Name, bataille.ExactOptions{Workers: w})
				if other.Paths != one.Paths || len(other.Outcomes) != len(one.Outcomes) {
					t.Errorf("%s %s: %d workers played %d paths (%d outcomes), one worker %d (%d)", battle, sd.Name, w, other.Paths, len(other.Outcomes), one.Paths, len(one.Outcomes))
					continue
				}
				for name, v := range one.Outcomes {
					o := other.Outcomes[name]
					if o.Mean == nil || o.Mean.Cmp(v.Mean) != 0 || o.MeanSq.Cmp(v.MeanSq) != 0 {
						t.Errorf("%s %s %s: %v with %d workers, %v with one", battle, sd.Name, name, o.Mean, w, v.Mean)
					}
				}
			}
		}
	}
}

// An exploration larger than a budget fails as such, naming the budget;
// no part of it is given. Each budget is one for the whole exploration.
func TestExactTooLarge(t *testing.T) {
	mod := loadTestBattle(t, "exactcarre")
	sd, err := bataille.FindScenario(mod, "plain")
	if err != nil {
		t.Fatal(err)
	}
	for _, enumerate := range []bool{false, true} {
		full := exactOf(t, mod, "plain", bataille.ExactOptions{Enumerate: enumerate})
		for _, w := range []int{1, 2} {
			x, err := bataille.Exact(context.Background(), mod, sd, bataille.ExactOptions{MaxPaths: full.Played - 1, Workers: w, Enumerate: enumerate})
			var le *bataille.LimitError
			if !errors.Is(err, bataille.ErrTreeTooLarge) || !errors.As(err, &le) || le.Limit != "--max-paths" || x != nil {
				t.Errorf("enumerate %v, %d workers, budget %d of %d paths: %v, %v", enumerate, w, full.Played-1, full.Played, x, err)
			}
		}
		if _, err := bataille.Exact(context.Background(), mod, sd, bataille.ExactOptions{MaxPaths: full.Played, Enumerate: enumerate}); err != nil {
			t.Errorf("enumerate %v, budget of exactly %d paths: %v", enumerate, full.Played, err)
		}
		ctx, cancel := context.WithCancel(context.Background())
		cancel()
		if _, err := bataille.Exact(ctx, mod, sd, bataille.ExactOptions{Enumerate: enumerate}); !errors.Is(err, context.Canceled) {
			t.Errorf("enumerate %v, cancelled: %v", enumerate, err)
		}
		// A cost budget for the whole: far less than one run may cost, and
		// more than the exploration's first runs together.
		_, err := bataille.Exact(context.Background(), mod, sd, bataille.ExactOptions{MaxCost: 2000, Enumerate: enumerate})
		var le *bataille.LimitError
		if !errors.As(err, &le) || le.Limit != "--max-cost" || le.Max != 2000 {
			t.Errorf("enumerate %v, a cost budget of 2000 units: %v", enumerate, err)
		}
	}
	full := exactOf(t, mod, "plain", bataille.ExactOptions{})
	_, err = bataille.Exact(context.Background(), mod, sd, bataille.ExactOptions{MaxStates: full.States - 1})
	var le *bataille.LimitError
	if !errors.As(err, &le) || le.Limit != "--max-states" {
		t.Errorf("a budget of %d states of %d: %v", full.States-1, full.States, err)
	}
	if _, err := bataille.Exact(context.Background(), mod, sd, bataille.ExactOptions{MaxStates: full.States}); err != nil {
		t.Errorf("a budget of exactly %d states: %v", full.States, err)
	}
}

// A large simulation agrees with the exact figures within its own
// intervals, on every bundled scenario. With a few hundred 95% intervals
// some miss by chance: the test allows as many misses as chance makes
// likely (fewer than one in a thousand sweeps would have more), and no miss
// beyond a 99.9% interval. An outcome that cannot vary must come out the
// same.
func TestExactAgreesWithSimulate(t *testing.T) {
	n := 3000
	if testing.Short() {
		n = 800
	}
	total, misses := 0, 0
	for _, battle := range engineBattles() {
		mod, diags := bataille.LoadBundled(battle)
		if diags.HasErrors() {
			t.Fatal(diags.Err())
		}
		for _, sd := range mod.AllScenarios() {
			x := exactOf(t, mod, sd.Name, bataille.ExactOptions{})
			s, err := bataille.Simulate(context.Background(), mod, sd, bataille.SimOptions{Seed: 1, To: n})
			if err != nil {
				t.Fatal(err)
			}
			for name, v := range x.Outcomes {
				c := s.Outcomes[name]
				c.N = s.Runs
				exact, share := v.Float(), x.Shares[name]
				if v.SD() == 0 {
					if c.Mean() != exact {
						t.Errorf("%s %s %s: always %v, sampled %v", battle, sd.Name, name, exact, c.Mean())
					}
					continue
				}
				total++
				lo, hi := c.CI95(share)
				if exact >= lo-1e-12 && exact <= hi+1e-12 {
					continue
				}
				misses++
				sd999 := v.SD() / math.Sqrt(float64(n))
				if math.Abs(c.Mean()-exact) > 3.29*sd999 {
					t.Errorf("%s %s %s: exact %.4f, sampled %.4f [%.4f, %.4f], beyond a 99.9%% interval", battle, sd.Name, name, exact, c.Mean(), lo, hi)
				}
			}
		}
	}
	// The 0.999 quantile of the misses of `total` 95% intervals.
	limit := binomialQuantile(total, 0.05, 0.999)
	t.Logf("%d of %d varying outcomes outside the sample's 95%% interval (allowed %d)", misses, total, limit)
	if misses > limit {
		t.Errorf("%d of %d exact figures outside the sample's 95%% interval; more than %d is unlikely by chance", misses, total, limit)
	}
}

// binomialQuantile is the least k with P(Binomial(n, p) ≤ k) ≥ q.
func binomialQuantile(n int, p, q float64) int {
	cum, pk := 0.0, math.Pow(1-p, float64(n))
	for k := 0; k <= n; k++ {
		cum += pk
		if cum >= q {
			return k
		}
		pk *= float64(n-k) / float64(k+1) * p / (1 - p)
	}
	return n
}
