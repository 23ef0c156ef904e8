package bataille_test

import (
	"context"
	"fmt"
	"os"
	"runtime/metrics"
	"sync/atomic"
	"testing"
	"time"

	"github.com/bataille/bataille"
	"github.com/bataille/bataille/dsl"
)

// The exploration of states gives the same fractions, to the last digit,
// as playing every path from the start, on every bundled scenario and on
// two of the lanes benchmark's: the same outcomes, each with the same exact
// mean and mean square, the same number of paths through the dice; and so
// does the exploration of the whole at once where a scenario has lanes.
func TestExactStatesEqualPaths(t *testing.T) {
	type scenario struct {
		name string
		mod  *dsl.Module
		sd   *dsl.ScenarioDef
	}
	var all []scenario
	for _, battle := range engineBattles() {
		mod, diags := bataille.LoadBundled(battle)
		if diags.HasErrors() {
			t.Fatal(diags.Err())
		}
		for _, sd := range mod.AllScenarios() {
			all = append(all, scenario{battle + "/" + sd.Name, mod, sd})
		}
	}
	lanes := loadTestBattle(t, "lanes")
	for _, name := range []string{"lanes1", "lanes2"} {
		sd, err := bataille.FindScenario(lanes, name)
		if err != nil {
			t.Fatal(err)
		}
		all = append(all, scenario{"lanes/" + name, lanes, sd})
	}
	for _, sc := range all {
		mod, sd := sc.mod, sc.sd
		t.Run(sc.name, func(t *testing.T) {
			paths, err := bataille.Exact(context.Background(), mod, sd, bataille.ExactOptions{Enumerate: true, Workers: 2, MaxPaths: 1 << 20})
			if err != nil {
				t.Fatal(err)
			}
			for _, whole := range []bool{false, true} {
				states, err := bataille.Exact(context.Background(), mod, sd, bataille.ExactOptions{Workers: 2, Whole: whole})
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
				t.Logf("whole %v: %d paths, %d states, %d played, %d lanes", whole, paths.Paths, states.States, states.Played, states.Lanes)
			}
		})
	}
	// The lanes scenarios split; the bundled ones, whose units meet, do not.
	for _, sc := range all {
		x, err := bataille.Exact(context.Background(), sc.mod, sc.sd, bataille.ExactOptions{})
		if err != nil {
			t.Fatal(err)
		}
		want := 1
		switch sc.name {
		case "lanes/lanes2":
			want = 2
		}
		if x.Lanes != want {
			t.Errorf("%s: explored in %d lanes, want %d", sc.name, x.Lanes, want)
		}
	}
}

// BenchmarkExactLanes works out the exact odds of N independent charges
// (testdata/exact/lanes: N copies of carre_attempt side by side), N = 1..4,
// reporting the states explored, the paths playing every path from the
// start would take, and the peak heap while it runs (sampled every
// millisecond). Compare the time from N to N+1: enumeration multiplies it
// by 182.
func BenchmarkExactLanes(b *testing.B) {
	mod, diags := bataille.LoadDir(os.DirFS("testdata/exact"), "lanes")
	if diags.HasErrors() {
		b.Fatal(diags.Err())
	}
	for n := 1; n <= 4; n++ {
		sd, err := bataille.FindScenario(mod, fmt.Sprintf("lanes%d", n))
		if err != nil {
			b.Fatal(err)
		}
		b.Run(fmt.Sprintf("N=%d", n), func(b *testing.B) {
			b.ReportAllocs()
			peak := peakHeap()
			var x *bataille.ExactTally
			for b.Loop() {
				if x, err = bataille.Exact(context.Background(), mod, sd, bataille.ExactOptions{}); err != nil {
					b.Fatal(err)
				}
			}
			b.ReportMetric(float64(x.States), "states")
			b.ReportMetric(float64(x.Paths), "paths-enumerated")
			b.ReportMetric(float64(peak())/(1<<20), "peak-heap-MB")
		})
	}
}

// peakHeap samples the bytes of live heap objects every millisecond until
// the function it returns is called, which returns the largest seen.
func peakHeap() func() uint64 {
	sample := []metrics.Sample{{Name: "/memory/classes/heap/objects:bytes"}}
	var peak atomic.Uint64
	done := make(chan struct{})
	stopped := make(chan struct{})
	go func() {
		defer close(stopped)
		tick := time.NewTicker(time.Millisecond)
		defer tick.Stop()
		for {
			metrics.Read(sample)
			if v := sample[0].Value.Uint64(); v > peak.Load() {
				peak.Store(v)
			}
			select {
			case <-done:
				return
			case <-tick.C:
			}
		}
	}()
	return func() uint64 {
		close(done)
		<-stopped
		return peak.Load()
	}
}

// The shards of an exploration add up to the whole's tally, exactly, for
// any number of shards; a missing shard is refused.
func TestExactShards(t *testing.T) {
	mod, diags := bataille.LoadBundled("berlin1813")
	if diags.HasErrors() {
		t.Fatal(diags.Err())
	}
	lanes := loadTestBattle(t, "lanes")
	for _, c := range []struct {
		mod      *dsl.Module
		scenario string
	}{{mod, "assault_carre"}, {mod, "carre_attempt"}, {lanes, "lanes2"}} {
		sd, err := bataille.FindScenario(c.mod, c.scenario)
		if err != nil {
			t.Fatal(err)
		}
		whole, err := bataille.Exact(context.Background(), c.mod, sd, bataille.ExactOptions{})
		if err != nil {
			t.Fatal(err)
		}
		for _, n := range []int{2, 3, 7} {
			var shards []*bataille.ExactTally
			for i := 1; i <= n; i++ {
				s, err := bataille.Exact(context.Background(), c.mod, sd, bataille.ExactOptions{Shard: i, Shards: n})
				if err != nil {
					t.Fatal(err)
				}
				shards = append(shards, s)
			}
			if _, err := bataille.MergeExact(shards[1:]); err == nil && shards[0].Total.Sign() != 0 {
				t.Errorf("%s, %d shards: merged without the first", c.scenario, n)
			}
			got, err := bataille.MergeExact(shards)
			if err != nil {
				for _, s := range shards {
					t.Log(s.Total.RatString(), s.States)
				}
				t.Fatalf("%s, %d shards: %v", c.scenario, n, err)
			}
			if got.Paths != whole.Paths || len(got.Outcomes) != len(whole.Outcomes) {
				t.Errorf("%s, %d shards: %d paths, %d outcomes; whole %d, %d", c.scenario, n, got.Paths, len(got.Outcomes), whole.Paths, len(whole.Outcomes))
			}
			for name, v := range whole.Outcomes {
				if g, ok := got.Outcomes[name]; !ok || g.Mean.Cmp(v.Mean) != 0 || g.MeanSq.Cmp(v.MeanSq) != 0 {
					t.Errorf("%s, %d shards: %s merged to %v, whole %v", c.scenario, n, name, g.Mean, v.Mean)
				}
			}
			if n == 3 && c.scenario == "assault_carre" && shards[1].Total.Sign() == 0 {
				t.Errorf("assault_carre was not split: shard 2 holds nothing")
			}
		}
	}
}
