package bench

import (
	"fmt"
	"runtime"
	"sync"
	"sync/atomic"
	"testing"

	"github.com/bataille/bataille/dsl"
)

var agreement struct {
	once sync.Once
	err  error
}

// agree checks, once per test binary and before anything is timed, that
// all four implementations give the engine's checksum over the same seeds:
// the benchmarks then time the same work.
func agree(b *testing.B) {
	b.Helper()
	mod, sds := loadAll(b)
	agreement.once.Do(func() {
		want, err := reference(mod, sds)
		if err != nil {
			agreement.err = fmt.Errorf("engine: %w", err)
			return
		}
		for _, kind := range implementations[1:] {
			c, err := newMix(kind, mod, sds, newCharger)
			if err != nil {
				agreement.err = fmt.Errorf("%s: %w", kind, err)
				return
			}
			got, err := checksum(c, seeds)
			if err != nil {
				agreement.err = fmt.Errorf("%s: %w", kind, err)
				return
			}
			if got != want {
				agreement.err = fmt.Errorf("%s: checksum %x over %d seeds, engine %x (run TestSameOutcomes for the first seed that differs)", kind, got, seeds, want)
				return
			}
		}
	})
	if agreement.err != nil {
		b.Fatal(agreement.err)
	}
}

// timed builds the implementation a benchmark times: for the engine, the
// bataille.Runner with the trace off that simulations use.
func timed(kind string, mod *dsl.Module, sd *dsl.ScenarioDef) (charger, error) {
	if kind == "engine" {
		return newEngine(mod, sd)
	}
	return newCharger(kind, mod, sd)
}

// benchCharge times one charge (one seed, one turn of the scenario) per op,
// on one implementation built outside the timer.
func benchCharge(b *testing.B, kind string) {
	agree(b)
	mod, sds := loadAll(b)
	c, err := newMix(kind, mod, sds, timed)
	if err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	var seed uint64
	cpu0, ok := processCPU()
	for b.Loop() {
		if err := c.play(seed); err != nil {
			b.Fatalf("seed %d: %v", seed, err)
		}
		seed++
	}
	reportCPU(b, cpu0, ok)
}

// reportCPU adds the CPU time per op (cpu-ns/op) since cpu0: on a loaded
// machine it moves less than wall time does, so ratios between benchmarks
// run minutes apart stay comparable. It counts every thread of the
// process, the garbage collector's too.
func reportCPU(b *testing.B, cpu0 int64, ok bool) {
	if cpu1, ok1 := processCPU(); ok && ok1 && b.N > 0 {
		b.ReportMetric(float64(cpu1-cpu0)/float64(b.N), "cpu-ns/op")
	}
}

func BenchmarkChargeEngine(b *testing.B)   { benchCharge(b, "engine") }
func BenchmarkChargeNative(b *testing.B)   { benchCharge(b, "native") }
func BenchmarkChargeStarlark(b *testing.B) { benchCharge(b, "starlark") }
func BenchmarkChargeLua(b *testing.B)      { benchCharge(b, "lua") }

// BenchmarkChargeLuaUserdata binds units as userdata read through __index,
// the binding BenchmarkChargeLua's tables were measured against.
func BenchmarkChargeLuaUserdata(b *testing.B) { benchCharge(b, "lua-userdata") }

// BenchmarkChargeEngineParallel plays charges on GOMAXPROCS workers, each
// with its own runner: compare -cpu 1 with -cpu 2 to see how the engine
// scales.
func BenchmarkChargeEngineParallel(b *testing.B) {
	agree(b)
	mod, sds := loadAll(b)
	runners := make([]charger, runtime.GOMAXPROCS(0))
	for i := range runners {
		c, err := newMix("engine", mod, sds, timed)
		if err != nil {
			b.Fatal(err)
		}
		runners[i] = c
	}
	var next atomic.Int64
	b.ReportAllocs()
	b.ResetTimer()
	cpu0, ok := processCPU()
	defer reportCPU(b, cpu0, ok)
	b.RunParallel(func(pb *testing.PB) {
		i := next.Add(1) - 1
		c := runners[i]
		seed := uint64(i) << 32 // each worker its own seeds
		for pb.Next() {
			if err := c.play(seed); err != nil {
				b.Errorf("seed %d: %v", seed, err)
				return
			}
			seed++
		}
	})
}
