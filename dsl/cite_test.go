package dsl_test

import (
	"testing"
	"testing/fstest"
)

// TestCiteAsThroughExtends: a battle that extends a battle reads the base
// rules' citations through the mappings of the whole chain. The middle
// battle maps a Premier Rules section to its own book's page; a battle
// that extends it cites that page for the base's declarations and for its
// own that cite the section, adds mappings of its own beside it, maps a
// section of the middle battle's own rules, and may give a section the
// middle battle mapped a page of its own book, which wins.
func TestCiteAsThroughExtends(t *testing.T) {
	mid := `game mid "Mid" extends premier
cite premier "Premier Rules: Forming Carré" as "Mid p17"
param mid.bonus = 1 cite "Mid special rules MID-3"
`
	tests := []struct {
		name, game string
		want       map[string]string // a param → its citation, as the game's owner reads it
	}{
		{"inherited", `game g "G" extends mid
param g.own = 1 cite "Premier Rules: Forming Carré G-1"
`, map[string]string{
			"carre.min_increments": "Mid p17 BER-17-CARRE-MIN",
			"g.own":                "Mid p17 G-1",
			"charge.bonus_mp":      "Premier Rules: Charge à cheval BER-37-BONUS-MP",
			"mid.bonus":            "Mid special rules MID-3",
		}},
		{"beside", `game g "G" extends mid
cite premier "Premier Rules: Charge à cheval" as "G p37"
cite mid "Mid special rules" as "G p3"
`, map[string]string{
			"carre.min_increments": "Mid p17 BER-17-CARRE-MIN",
			"charge.bonus_mp":      "G p37 BER-37-BONUS-MP",
			"mid.bonus":            "G p3 MID-3",
		}},
		{"remapped", `game g "G" extends mid
cite premier "Premier Rules: Forming Carré" as "G p17"
`, map[string]string{
			"carre.min_increments": "G p17 BER-17-CARRE-MIN",
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			fsys := fstest.MapFS{"lib/mid.rules": {Data: []byte(mid)}, "g.rules": {Data: []byte(tt.game)}}
			mod, diags := checkFS(fsys)
			if mod == nil {
				t.Fatal(diags.Err())
			}
			for name, want := range tt.want {
				p, ok := mod.Param(name)
				if !ok {
					t.Fatalf("no param %s", name)
				}
				if got := mod.CiteLine(p.Cite); got != want {
					t.Errorf("param %s cites %q, want %q", name, got, want)
				}
			}
			// The middle battle itself is unchanged by what extends it.
			if got, want := mod.Base.CiteText("Premier Rules: Forming Carré BER-17-CARRE-MIN"), "Mid p17 BER-17-CARRE-MIN"; got != want {
				t.Errorf("mid cites %q, want %q", got, want)
			}
		})
	}
}
