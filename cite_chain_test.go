package bataille_test

import (
	"context"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/bataille/bataille"
	"github.com/bataille/bataille/interpreter"
)

// TestCiteAsFollowsTheChain: Friedland maps the Premier Rules section
// "Carré attempt" to its own page, p36. A battle that extends a battle
// that extends Friedland, and maps nothing itself, still cites p36 where
// the base rules cite the section: in the trace of a charge that makes the
// line try for Carré, and in what explain prints of the rule (CiteLine).
func TestCiteAsFollowsTheChain(t *testing.T) {
	fsys := fstest.MapFS{
		"mid/rules.rules": {Data: []byte(`game mid "A battle on Friedland's rules" extends friedland
`)},
		"outer/rules.rules": {Data: []byte(`game outer "A battle on mid's rules" extends mid

scenario charge "Hussars charge a line, which tries for Carré" {
  map 8 x 12 clear
  turn russian
  unit hus "Hussars" { side: russian  nationality: russian  arm: cavalry  increments: 4  formation: column  facing: N  morale: 31  mp: 8  melee: 6  at: 0410 }
  unit inf "Line" { side: french  nationality: french  arm: infantry  increments: 6  formation: line  facing: S  morale: 36  melee: 6  at: 0405 }
  charge hus at inf path 0409 0408 0407 0406
  decide inf form_carre yes
}
`)},
	}
	mod, diags := bataille.LoadDir(fsys, "outer")
	if diags.HasErrors() {
		t.Fatal(diags.Err())
	}
	if mod.Base == nil || mod.Base.Base == nil || mod.Base.Base.ID != "friedland" {
		t.Fatalf("outer does not extend mid, which extends friedland")
	}
	const section, page = "Premier Rules: Carré attempt", "Friedland p36"
	for _, r := range mod.Rules {
		if r.ID != "carre.attempt" {
			continue
		}
		if line := mod.CiteLine(r.Cite); !strings.Contains(line, page+" FRI-36-CARRE-WHEN") || strings.Contains(line, section) {
			t.Errorf("explain cites carre.attempt as %q, want %q for %q", line, page, section)
		}
	}
	eng, err := bataille.NewEngine(mod, "charge", interpreter.Config{Dice: interpreter.NewFixedDice(1, 1, 1, 1, 1, 1, 1, 1, 1, 1)})
	if err != nil {
		t.Fatal(err)
	}
	if err := eng.Run(context.Background()); err != nil {
		t.Fatal(err)
	}
	attempts := 0
	for _, ev := range eng.Trace() {
		cites := []string{ev.Cite}
		for _, m := range ev.Mods {
			cites = append(cites, m.Cite)
		}
		for _, c := range cites {
			if strings.Contains(c, section) {
				t.Errorf("%s %s cites %q, unmapped", ev.Kind, ev.Rule, c)
			}
		}
		if ev.Rule == "carre.attempt" && strings.Contains(ev.Cite, page+" FRI-36-CARRE-WHEN") {
			attempts++
		}
	}
	if attempts == 0 {
		t.Errorf("no step of the charge cites the Carré attempt as %s", page)
	}
}
