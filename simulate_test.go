package bataille_test

import (
	"context"
	"runtime"
	"strings"
	"testing"

	"github.com/bataille/bataille"
)

// BenchmarkSimulatedCharge is one run of a bundled charge scenario, trace
// off: the figure a designer's sweep is made of. It plays on GOMAXPROCS
// workers, so `-cpu 1,2` shows how a sweep scales with cores.
func BenchmarkSimulatedCharge(b *testing.B) {
	mod, diags := bataille.LoadBundled(bataille.Bundled()[0])
	if diags.HasErrors() {
		b.Fatal(diags.Err())
	}
	sd, err := bataille.FindScenario(mod, "")
	if err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	b.ResetTimer()
	t, err := bataille.Simulate(context.Background(), mod, sd, bataille.SimOptions{Seed: 1, To: b.N, Workers: runtime.GOMAXPROCS(0)})
	if err != nil {
		b.Fatal(err)
	}
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "charges/s")
	if t.Runs != int64(b.N) {
		b.Fatalf("%d runs, want %d", t.Runs, b.N)
	}
}

// TestSimulateSeedRange: the whole range of seeds is accepted, up to
// 2^64-1, and a sweep whose seeds would pass it (and wrap to 0) is refused,
// saying the largest seed it may start at.
func TestSimulateSeedRange(t *testing.T) {
	mod, diags := bataille.LoadBundled(bataille.Bundled()[0])
	if diags.HasErrors() {
		t.Fatal(diags.Err())
	}
	sd, err := bataille.FindScenario(mod, "")
	if err != nil {
		t.Fatal(err)
	}
	const top = ^uint64(0)
	for _, c := range []struct {
		seed uint64
		runs int
		want string
	}{
		{top, 1, ""},
		{top - 2, 3, ""},
		{top, 3, "give a seed of at most 18446744073709551613 for 3 runs"},
		{top - 1, 3, "give a seed of at most 18446744073709551613 for 3 runs"},
	} {
		tally, err := bataille.Simulate(context.Background(), mod, sd, bataille.SimOptions{Seed: c.seed, To: c.runs, Workers: 1})
		switch {
		case c.want == "" && (err != nil || tally.Runs != int64(c.runs)):
			t.Errorf("seed %d, %d runs: %v", c.seed, c.runs, err)
		case c.want != "" && (err == nil || !strings.Contains(err.Error(), c.want)):
			t.Errorf("seed %d, %d runs: got %v; want %q", c.seed, c.runs, err, c.want)
		}
	}
}
