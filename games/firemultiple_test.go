package games_test

import (
	"context"
	"strings"
	"testing"

	"github.com/bataille/bataille"
)

// TestConvertedFireMultiples plays Schöngrabern's fire multiples through
// fire, each figure worked by hand from its chart (lb.react
// src/data/schoengrabern.json@220f742 fire.attack and fire.defense) and the
// base's Fire Combat Table: the chance is that of the target losing an
// increment or more on one d66.
func TestConvertedFireMultiples(t *testing.T) {
	mod := cellModule(t, "schoengrabern", `
// French Ligne in line, 6 increments ×3 = 18, at a Russian column in the
// open (defence 6): 3:1, which loses from 22, 29 of the 36 results.
test firemult.ligne_line "French Ligne in line fires at three" {
  map 8 x 12 clear
  turn french
  unit inf { side: french  nationality: french  class: ligne  arm: infantry  increments: 6  formation: line  facing: N  morale: 36  melee: 6  at: 0405 }
  unit tgt { side: russian  nationality: russian  arm: infantry  increments: 6  formation: column  facing: S  morale: 36  melee: 6  at: 0404 }
  fire inf at tgt
  exact
  expect chance(tgt.increments < 6) == 29/36
}

// The same battalion of no type the chart prints keeps the arm's ×1: 6
// against 6, 1:1, which loses from 52, 11 of 36.
test firemult.no_type "Infantry of no charted type fires at its increments" {
  map 8 x 12 clear
  turn french
  unit inf { side: french  nationality: french  arm: infantry  increments: 6  formation: line  facing: N  morale: 36  melee: 6  at: 0405 }
  unit tgt { side: russian  nationality: russian  arm: infantry  increments: 6  formation: column  facing: S  morale: 36  melee: 6  at: 0404 }
  fire inf at tgt
  exact
  expect chance(tgt.increments < 6) == 11/36
}

// French Légère in Carré, ×4: 24, of which the Carré fires a third, 8, at
// a Russian Carré next to it (defence 4): 2:1, which loses from 33, 22 of
// 36. Without the multiple it would be 2 against 4, 1:2: 5 of 36.
test firemult.legere_carre "A French Légère Carré fires at a third of four times" {
  map 8 x 12 clear
  turn french
  unit inf { side: french  nationality: french  class: legere  arm: infantry  increments: 6  formation: carre  facing: N  morale: 36  melee: 6  at: 0405 }
  unit tgt { side: russian  nationality: russian  arm: infantry  increments: 6  formation: carre  facing: S  morale: 36  melee: 6  at: 0404 }
  fire inf at tgt
  exact
  expect chance(tgt.increments < 6) == 11/18
}

// Russian Musketeers in line, ×2: 12 against a French column (6), 2:1:
// 22 of 36.
test firemult.musketeer_line "Russian Musketeers in line fire at two" {
  map 8 x 12 clear
  turn russian
  unit inf { side: russian  nationality: russian  class: musketeer  arm: infantry  increments: 6  formation: line  facing: N  morale: 36  melee: 6  at: 0405 }
  unit tgt { side: french  nationality: french  arm: infantry  increments: 6  formation: column  facing: S  morale: 36  melee: 6  at: 0404 }
  fire inf at tgt
  exact
  expect chance(tgt.increments < 6) == 11/18
}

// French Musketeers in line: the chart prints "–", 0, and a battalion
// with no fire value does not fire.
test firemult.no_order "A type with no such order does not fire" {
  map 8 x 12 clear
  turn french
  unit inf { side: french  nationality: french  class: musketeer  arm: infantry  increments: 6  formation: line  facing: N  morale: 36  melee: 6  at: 0405 }
  unit tgt { side: russian  nationality: russian  arm: infantry  increments: 6  formation: column  facing: S  morale: 36  melee: 6  at: 0404 }
  fire inf at tgt
  exact
  expect chance(tgt.increments < 6) == 0
  expect refused "fire.none"
}
`)
	n := 0
	for _, td := range mod.Tests {
		if !strings.HasPrefix(td.Name, "firemult.") {
			continue
		}
		n++
		res := bataille.RunTest(context.Background(), mod, td)
		for _, f := range res.Failures {
			t.Errorf("%s: %s", td.Name, f)
		}
	}
	if n != 5 {
		t.Fatalf("%d firemult tests, want 5", n)
	}
}
