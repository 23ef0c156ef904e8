package games_test

import (
	"fmt"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/bataille/bataille"
	"github.com/bataille/bataille/interpreter"
)

// A battery stacked in a Carré, under Friedland's fire multiples: the
// guns' fire value (2 increments × the arm's 2) is doubled, with one column
// shift for canister, only when they fire at enemy cavalry inside the hex
// (BER-17-CARRE-FIRE-ART); the Légère battalion (6 increments, ×4 in
// Carré) fires at a third of 6 × 4 into the next hex and at all of it at
// the cavalry inside (BER-17-CARRE-FIRE, -CAV). Against a column in the
// open (defence 6): 4 reads 1:1.5; 8 reads 1:1, and 1.5:1 with the shift;
// 24 reads 4:1.
var carreBattery = `game carre_battery "A battery in a Carré, under Friedland's fire multiples" extends friedland
` + carreScenario("beside", "Hussars next to the Carré", `
  unit hus "Hussars" { side: russian  nationality: russian  class: hussars  arm: cavalry  increments: 8  formation: column  facing: S  morale: 31  mp: 8  melee: 6  at: 0404 }
  fire art at hus
  fire sq at hus`) + carreScenario("inside", "Hussars inside the Carré", `
  unit hus "Hussars" { side: russian  nationality: russian  class: hussars  arm: cavalry  increments: 8  formation: column  facing: S  morale: 31  mp: 8  melee: 6  at: 0405 }
  fire art at hus
  fire sq at hus`) + carreScenario("inside_fire_out", "Hussars inside the Carré; the guns and the battalion fire at a column next to it", `
  unit hus "Hussars" { side: russian  nationality: russian  class: hussars  arm: cavalry  increments: 8  formation: column  facing: S  morale: 31  mp: 8  melee: 6  at: 0405 }
  unit col "Musketeers" { side: russian  nationality: russian  class: musketeer  arm: infantry  increments: 8  formation: column  facing: S  morale: 31  melee: 6  at: 0404 }
  fire art at col
  fire sq at col`)

// carreScenario is a Carré of the 1/6e Léger at 0405 with a battery in its
// hex, and the enemy and the orders given.
func carreScenario(name, title, rest string) string {
	return fmt.Sprintf(`
scenario %s %q {
  map 8 x 8 clear
  turn french
  unit sq "1/6e Léger" { side: french  nationality: french  class: legere  arm: infantry  increments: 6  formation: carre  facing: N  morale: 36  melee: 6  at: 0405 }
  unit art "Battery" { side: french  nationality: french  arm: artillery  increments: 2  formation: unlimbered  facing: N  morale: 36  melee: 1  at: 0405 }%s
}
`, name, title, rest)
}

// TestCarreBatteryFire plays each fire with dice that do nothing (11), so
// that both fires are rolled, and reads each firer's fire value, the
// column its roll was read on and the Carré rules that applied to it.
func TestCarreBatteryFire(t *testing.T) {
	fsys := fstest.MapFS{"carre_battery/battery.rules": &fstest.MapFile{Data: []byte(carreBattery)}}
	mod, diags := bataille.LoadDir(fsys, "carre_battery")
	if diags.HasErrors() {
		t.Fatalf("loading the scenarios: %v", diags.Err())
	}
	type fire struct {
		value  int
		column string
		rules  []string // the Carré fire rules that applied, in order
	}
	tests := []struct {
		scenario string
		art, sq  fire
	}{
		{"beside",
			fire{4, "1:1.5", nil},
			fire{8, "1:1", []string{"fire.carre_value"}}},
		{"inside",
			fire{8, "1.5:1", []string{"fire.carre_artillery"}},
			fire{24, "4:1", []string{"fire.carre_cavalry"}}},
		{"inside_fire_out",
			fire{4, "1:1.5", nil},
			fire{8, "1:1", []string{"fire.carre_value"}}},
	}
	for _, tt := range tests {
		t.Run(tt.scenario, func(t *testing.T) {
			_, tr := playFaces(t, mod, tt.scenario, 1, 1, 1, 1)
			for _, want := range []struct {
				unit string
				fire
			}{{"art", tt.art}, {"sq", tt.sq}} {
				got := fire{value: -1}
				for _, ev := range tr {
					if ev.Unit != want.unit {
						continue
					}
					switch {
					case ev.Kind == "rule" && strings.HasPrefix(ev.Rule, "fire.carre_"):
						got.rules = append(got.rules, ev.Rule)
					case ev.Kind == "note" && strings.Contains(ev.Text, " fires at "):
						if _, err := fmt.Sscanf(ev.Text[strings.Index(ev.Text, "(fire value "):], "(fire value %d)", &got.value); err != nil {
							t.Fatalf("%s: %q: %v", want.unit, ev.Text, err)
						}
					case ev.Kind == "roll" && ev.Table == "fire_combat":
						got.column = ev.Column
					}
				}
				if got.value != want.value || got.column != want.column || strings.Join(got.rules, " ") != strings.Join(want.rules, " ") {
					t.Errorf("%s fires at %d on %q after %v; want %d on %q after %v\n%s", want.unit, got.value, got.column, got.rules, want.value, want.column, want.rules, traceText(tr))
				}
			}
		})
	}
}

func traceText(tr interpreter.Trace) string {
	var b strings.Builder
	for _, ev := range tr {
		b.WriteString(ev.Text)
		b.WriteByte('\n')
	}
	return b.String()
}
