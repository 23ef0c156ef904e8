package games_test

import "testing"

// TestConvertedFireMultiples plays Schöngrabern's fire multiples through
// fire, each figure worked by hand from its chart (lb.react
// src/data/schoengrabern.json@220f742 fire.attack and fire.defense) and the
// base's Fire Combat Table: the chance is that of the target losing an
// increment or more on one d66.
func TestConvertedFireMultiples(t *testing.T) {
	russians := infantry("tgt", "russian", "russian", "0404", "S")
	french := infantry("tgt", "french", "french", "0404", "S")
	fire := func(name, title, turn, firer, target string, want ...string) langTest {
		return langTest{name: name, title: title, turn: turn, units: []string{firer, target},
			play: []string{"fire inf at tgt", "exact"}, expect: want}
	}
	mod := cellModule(t, "schoengrabern", langTests("",
		// French Ligne in line, 6 increments ×3 = 18, at a Russian column in
		// the open (defence 6): 3:1, which loses from 22, 29 of the 36
		// results.
		fire("firemult.ligne_line", "French Ligne in line fires at three", "french",
			infantry("inf", "french", "french", "0405", "N", "class: ligne", "formation: line"), russians,
			`chance(tgt.increments < 6) == 29/36`),
		// The same battalion of no type the chart prints keeps the arm's ×1:
		// 6 against 6, 1:1, which loses from 52, 11 of 36.
		fire("firemult.no_type", "Infantry of no charted type fires at its increments", "french",
			infantry("inf", "french", "french", "0405", "N", "formation: line"), russians,
			`chance(tgt.increments < 6) == 11/36`),
		// French Légère in Carré, ×4: 24, of which the Carré fires a third,
		// 8, at a Russian Carré next to it (defence 4): 2:1, which loses from
		// 33, 22 of 36. Without the multiple it would be 2 against 4, 1:2: 5
		// of 36.
		fire("firemult.legere_carre", "A French Légère Carré fires at a third of four times", "french",
			infantry("inf", "french", "french", "0405", "N", "class: legere", "formation: carre"),
			infantry("tgt", "russian", "russian", "0404", "S", "formation: carre"),
			`chance(tgt.increments < 6) == 11/18`),
		// Russian Musketeers in line, ×2: 12 against a French column (6),
		// 2:1: 22 of 36.
		fire("firemult.musketeer_line", "Russian Musketeers in line fire at two", "russian",
			infantry("inf", "russian", "russian", "0405", "N", "class: musketeer", "formation: line"), french,
			`chance(tgt.increments < 6) == 11/18`),
		// French Musketeers in line: the chart prints "–", 0, and a battalion
		// with no fire value does not fire.
		fire("firemult.no_order", "A type with no such order does not fire", "french",
			infantry("inf", "french", "french", "0405", "N", "class: musketeer", "formation: line"), russians,
			`chance(tgt.increments < 6) == 0`, `refused "fire.none"`),
	))
	if n := runLangTests(t, mod, "firemult."); n != 5 {
		t.Fatalf("%d firemult tests, want 5", n)
	}
}

// TestConvertedGunAndDragoonMultiples plays the fire chart's rows that have
// no infantry order of ours, each figure worked by hand from the files
// (lb.react src/data/schoengrabern.json@220f742 and leipzig.json@220f742
// fire.attack): Schöngrabern's French and Russian artillery print only
// Unlimbered, factor 1 (label "18", "16"), so an unlimbered battery fires at
// its increments times the arm's 2 and a limbered one does not fire;
// Leipzig's Russian Dragoon prints only Skirmish, x2: dragoons on foot fire
// at twice their increments in skirmish order and not in column.
func TestConvertedGunAndDragoonMultiples(t *testing.T) {
	fire := func(name, title, turn, firer, target string, want ...string) langTest {
		return langTest{name: name, title: title, turn: turn, units: []string{firer, target},
			play: []string{"fire inf at tgt", "exact"}, expect: want}
	}
	gun := func(nat, form string) string {
		return unitLine("inf", nat, nat, "0405", "N", "arm: artillery", "class: foot_artillery", "increments: 3", "formation: "+form, "morale: 36", "melee: 1")
	}
	mod := cellModule(t, "schoengrabern", langTests("",
		// 3 increments × the arm's 2 × 1 = 6 at a column in the open
		// (defence 6): 1:1, which loses from 52, 11 of 36.
		fire("guns.french_unlimbered", "French guns unlimbered fire at the arm's multiple", "french",
			gun("french", "unlimbered"), infantry("tgt", "russian", "russian", "0404", "S"), `chance(tgt.increments < 6) == 11/36`),
		fire("guns.russian_unlimbered", "Russian guns unlimbered fire at the arm's multiple", "russian",
			gun("russian", "unlimbered"), infantry("tgt", "french", "french", "0404", "S"), `chance(tgt.increments < 6) == 11/36`),
		// The chart prints no Limbered column: limbered guns do not fire.
		fire("guns.limbered", "Limbered guns do not fire", "french",
			gun("french", "limbered"), infantry("tgt", "russian", "russian", "0404", "S"), `chance(tgt.increments < 6) == 0`, `refused "fire.none"`),
	))
	if n := runLangTests(t, mod, "guns."); n != 3 {
		t.Fatalf("%d guns tests, want 3", n)
	}
	mod = cellModule(t, "leipzig", langTests("",
		// 6 dragoons on foot ×2 = 12 at a French Carré (defence 4): 3:1,
		// which loses from 22, 29 of 36; at ×1 it would be 6 against 4.
		fire("dragoons.skirmish", "Russian dragoons on foot fire at two in skirmish order", "russian",
			infantry("inf", "russian", "russian", "0405", "N", "class: dragoon_foot", "formation: skirmish"),
			infantry("tgt", "french", "french", "0404", "S", "formation: carre"), `chance(tgt.increments < 6) == 29/36`),
		// The chart prints them in no other order: in column they do not fire.
		fire("dragoons.column", "Russian dragoons on foot in column do not fire", "russian",
			infantry("inf", "russian", "russian", "0405", "N", "class: dragoon_foot"),
			infantry("tgt", "french", "french", "0404", "S", "formation: carre"), `chance(tgt.increments < 6) == 0`, `refused "fire.none"`),
	))
	if n := runLangTests(t, mod, "dragoons."); n != 2 {
		t.Fatalf("%d dragoons tests, want 2", n)
	}
}
