package bataille_test

import (
	"context"
	"runtime"
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
