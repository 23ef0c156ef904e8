package bench

import (
	"errors"
	"testing"

	"github.com/bataille/bataille"
)

// TestSameOutcomes plays every seed with the engine and with each
// hand-written version and compares what each run left of the units.
func TestSameOutcomes(t *testing.T) {
	mod, sd := load(t)
	all := make([]charger, len(implementations))
	for i, kind := range implementations {
		c, err := newCharger(kind, mod, sd)
		if err != nil {
			t.Fatalf("%s: %v", kind, err)
		}
		all[i] = c
	}
	distinct := map[uint64]bool{}
	for seed := range uint64(seeds) {
		for i, c := range all {
			if err := c.play(seed); err != nil {
				t.Fatalf("%s, seed %d: %v", implementations[i], seed, err)
			}
		}
		want := outcome(all[0].units())
		distinct[want] = true
		for i, c := range all[1:] {
			if got := outcome(c.units()); got != want {
				t.Fatalf("seed %d: %s differs from the engine\nengine:   %s\n%-9s %s", seed, implementations[i+1],
					describe(all[0].units()), implementations[i+1]+":", describe(c.units()))
			}
		}
	}
	// The scenario's paths (Carré, disorder, rout with or without recall,
	// fire and melee results) leave the units in many different ways; a
	// handful would mean the comparison sees too little.
	if len(distinct) < 10 {
		t.Errorf("only %d different outcomes over %d seeds", len(distinct), seeds)
	}
	t.Logf("%d different outcomes over %d seeds", len(distinct), seeds)
}

// TestChecksumsAgree is what every benchmark asserts before timing.
func TestChecksumsAgree(t *testing.T) {
	mod, sd := load(t)
	want, err := reference(mod, sd)
	if err != nil {
		t.Fatal(err)
	}
	for _, kind := range implementations[1:] {
		c, err := newCharger(kind, mod, sd)
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
