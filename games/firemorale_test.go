package games_test

import "testing"

// TestFireMoraleChecks plays Wartenburg's chart of the fire losses that
// call for a morale check (lb.react src/data/wartenburg.json@2e1536d
// morale.fire). The volley is read on the 4:1 column of the Fire Combat
// Table: 11-12 (2 of 36) no effect, 13-53 (25) one increment, 54-66 (9) two.
// The check then fails on 18 of 36 (morale 36, no modifier).
func TestFireMoraleChecks(t *testing.T) {
	prussians := infantry("gun", "allied", "prussian", "0405", "N", "class: linie", "formation: line")
	volley := func(name, title, turn, gun, target string, want ...string) langTest {
		return langTest{name: name, title: title, turn: turn, units: []string{gun, target},
			play: []string{"fire gun at tgt", "exact"}, expect: want}
	}
	mod := cellModule(t, "wartenburg", langTests(`
rule t.volley "A volley at four to one, for the test" on fire {
  when firer.id == "gun"
  do set_fire(24)
}

rule t.failed "A failed morale check, for the test" on morale.fail {
  do mark(unit, "t_failed")
}
`,
		// French Ligne, "Every odd": its first increment lost calls for the
		// check, whether the volley costs one or two: 34/36 × 1/2.
		volley("firemorale.every_odd", "French Ligne checks at its first loss", "allied", prussians,
			infantry("tgt", "french", "french", "0404", "S", "class: ligne"),
			`chance(marked(tgt, "t_failed")) == 17/36`),
		// French Légère, "Every even": only a volley that costs two reaches
		// its second: 9/36 × 1/2.
		volley("firemorale.every_even", "French Légère checks at its second loss", "allied", prussians,
			infantry("tgt", "french", "french", "0404", "S", "class: legere"),
			`chance(marked(tgt, "t_failed")) == 1/8`),
		// A Légère battalion that has already lost one: the volley's first
		// increment is its second, 34/36 × 1/2.
		volley("firemorale.every_even_worn", "French Légère that lost one checks at the next", "allied", prussians,
			infantry("tgt", "french", "french", "0404", "S", "class: legere", "start: 7"),
			`chance(marked(tgt, "t_failed")) == 17/36`),
		// Prussian Landwehr, "Every": 34/36 × 1/2.
		volley("firemorale.every", "Prussian Landwehr checks at every loss", "french",
			infantry("gun", "french", "french", "0405", "N", "class: ligne", "formation: line"),
			infantry("tgt", "allied", "prussian", "0404", "S", "class: landwehr"),
			`chance(marked(tgt, "t_failed")) == 17/36`),
		// French Leggera (Italian light infantry), a type the chart does not
		// print for the French: no check.
		volley("firemorale.not_printed", "A type the chart does not print takes no check", "allied", prussians,
			infantry("tgt", "french", "french", "0404", "S", "class: leggera"),
			`chance(marked(tgt, "t_failed")) == 0`, `chance(tgt.increments < 6) == 17/18`),
	))
	if n := runLangTests(t, mod, "firemorale."); n != 5 {
		t.Fatalf("%d firemorale tests, want 5", n)
	}
}
