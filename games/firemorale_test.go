package games_test

import (
	"context"
	"strings"
	"testing"

	"github.com/bataille/bataille"
)

// TestFireMoraleChecks plays Wartenburg's chart of the fire losses that
// call for a morale check (lb.react src/data/wartenburg.json@2e1536d
// morale.fire). The volley is read on the 4:1 column of the Fire Combat
// Table: 11-12 (2 of 36) no effect, 13-53 (25) one increment, 54-66 (9) two.
// The check then fails on 18 of 36 (morale 36, no modifier).
func TestFireMoraleChecks(t *testing.T) {
	mod := cellModule(t, "wartenburg", `
rule t.volley "A volley at four to one, for the test" on fire {
  when firer.id == "gun"
  do set_fire(24)
}

rule t.failed "A failed morale check, for the test" on morale.fail {
  do mark(unit, "t_failed")
}

// French Ligne, "Every odd": its first increment lost calls for the check,
// whether the volley costs one or two: 34/36 × 1/2.
test firemorale.every_odd "French Ligne checks at its first loss" {
  map 8 x 12 clear
  turn allied
  unit gun { side: allied  nationality: prussian  class: linie  arm: infantry  increments: 6  formation: line  facing: N  morale: 36  melee: 6  at: 0405 }
  unit tgt { side: french  nationality: french  class: ligne  arm: infantry  increments: 6  formation: column  facing: S  morale: 36  melee: 6  at: 0404 }
  fire gun at tgt
  exact
  expect chance(marked(tgt, "t_failed")) == 17/36
}

// French Légère, "Every even": only a volley that costs two reaches its
// second: 9/36 × 1/2.
test firemorale.every_even "French Légère checks at its second loss" {
  map 8 x 12 clear
  turn allied
  unit gun { side: allied  nationality: prussian  class: linie  arm: infantry  increments: 6  formation: line  facing: N  morale: 36  melee: 6  at: 0405 }
  unit tgt { side: french  nationality: french  class: legere  arm: infantry  increments: 6  formation: column  facing: S  morale: 36  melee: 6  at: 0404 }
  fire gun at tgt
  exact
  expect chance(marked(tgt, "t_failed")) == 1/8
}

// A Légère battalion that has already lost one: the volley's first
// increment is its second, 34/36 × 1/2.
test firemorale.every_even_worn "French Légère that lost one checks at the next" {
  map 8 x 12 clear
  turn allied
  unit gun { side: allied  nationality: prussian  class: linie  arm: infantry  increments: 6  formation: line  facing: N  morale: 36  melee: 6  at: 0405 }
  unit tgt { side: french  nationality: french  class: legere  arm: infantry  start: 7  increments: 6  formation: column  facing: S  morale: 36  melee: 6  at: 0404 }
  fire gun at tgt
  exact
  expect chance(marked(tgt, "t_failed")) == 17/36
}

// Prussian Landwehr, "Every": 34/36 × 1/2.
test firemorale.every "Prussian Landwehr checks at every loss" {
  map 8 x 12 clear
  turn french
  unit gun { side: french  nationality: french  class: ligne  arm: infantry  increments: 6  formation: line  facing: N  morale: 36  melee: 6  at: 0405 }
  unit tgt { side: allied  nationality: prussian  class: landwehr  arm: infantry  increments: 6  formation: column  facing: S  morale: 36  melee: 6  at: 0404 }
  fire gun at tgt
  exact
  expect chance(marked(tgt, "t_failed")) == 17/36
}

// French Leggera (Italian light infantry), a type the chart does not print
// for the French: no check.
test firemorale.not_printed "A type the chart does not print takes no check" {
  map 8 x 12 clear
  turn allied
  unit gun { side: allied  nationality: prussian  class: linie  arm: infantry  increments: 6  formation: line  facing: N  morale: 36  melee: 6  at: 0405 }
  unit tgt { side: french  nationality: french  class: leggera  arm: infantry  increments: 6  formation: column  facing: S  morale: 36  melee: 6  at: 0404 }
  fire gun at tgt
  exact
  expect chance(marked(tgt, "t_failed")) == 0
  expect chance(tgt.increments < 6) == 17/18
}
`)
	n := 0
	for _, td := range mod.Tests {
		if !strings.HasPrefix(td.Name, "firemorale.") {
			continue
		}
		n++
		for _, f := range bataille.RunTest(context.Background(), mod, td).Failures {
			t.Errorf("%s: %s", td.Name, f)
		}
	}
	if n != 5 {
		t.Fatalf("%d firemorale tests, want 5", n)
	}
}
