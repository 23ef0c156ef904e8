package bench

import (
	"errors"
	"testing"

	"github.com/bataille/bataille"
)

// TestSameOutcomes plays every seed with the engine and with each
// hand-written version and compares what each run left of the units.
func TestSameOutcomes(t *testing.T) {
	mod, sds := loadAll(t)
	all := make([]charger, len(implementations))
	for i, kind := range implementations {
		c, err := newMix(kind, mod, sds, newCharger)
		if err != nil {
			t.Fatalf("%s: %v", kind, err)
		}
		all[i] = c
	}
	distinct := map[uint64]bool{}
	mps := map[[2]int]bool{} // the engine's charge: MP spent and left
	for seed := range uint64(seeds) {
		for i, c := range all {
			if err := c.play(seed); err != nil {
				t.Fatalf("%s, seed %d: %v", implementations[i], seed, err)
			}
		}
		want := outcome(all[0])
		distinct[want] = true
		spent, left := all[0].mp()
		mps[[2]int{spent, left}] = true
		for i, c := range all[1:] {
			if got := outcome(c); got != want {
				t.Fatalf("seed %d: %s differs from the engine\nengine:   %s\n%-9s %s", seed, implementations[i+1],
					describe(all[0]), implementations[i+1]+":", describe(c))
			}
		}
	}
	// The scenario's paths (Carré, disorder, rout with or without recall,
	// fire and melee results) leave the units in many different ways; a
	// handful would mean the comparison sees too little.
	if len(distinct) < 10 {
		t.Errorf("only %d different outcomes over %d seeds", len(distinct), seeds)
	}
	// A charge stopped, routed or following its target ends with different
	// movement points; one pair only would mean the checksum reads none.
	if len(mps) < 2 {
		t.Errorf("the charge ended with the same movement points over %d seeds: %v", seeds, mps)
	}
	t.Logf("%d different outcomes, %d different (MP spent, left) over %d seeds", len(distinct), len(mps), seeds)
}

// TestChecksumsAgree is what every benchmark asserts before timing.
func TestChecksumsAgree(t *testing.T) {
	mod, sds := loadAll(t)
	want, err := reference(mod, sds)
	if err != nil {
		t.Fatal(err)
	}
	for _, kind := range implementations[1:] {
		c, err := newMix(kind, mod, sds, newCharger)
		if err != nil {
			t.Fatal(err)
		}
		got, err := checksum(c, seeds)
		if err != nil {
			t.Fatalf("%s: %v", kind, err)
		}
		if got != want {
			t.Errorf("%s: checksum %x, engine %x", kind, got, want)
		}
	}
}

// TestRefusesWhatItDoesNotCover: the hand-written versions cover one
// scenario; another, with an assault order, is refused rather than played
// wrongly.
func TestRefusesWhatItDoesNotCover(t *testing.T) {
	mod, _ := load(t)
	sd, err := bataille.FindScenario(mod, "assault_carre")
	if err != nil {
		t.Skip(err)
	}
	for _, kind := range implementations[1:] {
		if _, err := newCharger(kind, mod, sd); !errors.Is(err, errUnsupported) {
			t.Errorf("%s: got %v, want an error saying it is not covered", kind, err)
		}
	}
}

// TestTimedEngineSame: the engine the benchmarks time (a Runner, trace
// off) leaves the units as the traced one the checks compare does.
func TestTimedEngineSame(t *testing.T) {
	mod, sds := loadAll(t)
	traced, err := newMix("engine", mod, sds, newCharger)
	if err != nil {
		t.Fatal(err)
	}
	runner, err := newMix("engine", mod, sds, timed)
	if err != nil {
		t.Fatal(err)
	}
	for seed := range uint64(seeds) {
		if err := traced.play(seed); err != nil {
			t.Fatalf("traced, seed %d: %v", seed, err)
		}
		if err := runner.play(seed); err != nil {
			t.Fatalf("runner, seed %d: %v", seed, err)
		}
		a, b := traced.units(), runner.units()
		if hashUnits(fnvOffset, a) != hashUnits(fnvOffset, b) {
			t.Fatalf("seed %d: the units differ\ntraced: %s\nrunner: %s", seed, describeUnits(a), describeUnits(b))
		}
	}
}
