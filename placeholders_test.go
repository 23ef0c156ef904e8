package bataille_test

import (
	"context"
	"errors"
	"testing"
	"testing/fstest"

	"github.com/bataille/bataille"
	"github.com/bataille/bataille/interpreter"
)

// TestPlayedPlaceholders: a play counts the placeholders it used — a rule
// that acted, a modifier that moved a roll, a param read by a rule that
// acted — and not those it declares but left alone.
func TestPlayedPlaceholders(t *testing.T) {
	fsys := fstest.MapFS{"ph/rules.rules": &fstest.MapFile{Data: []byte(`game ph "Placeholders played" extends premier

placeholder param ph.read = 2
placeholder param ph.read_max = 5
placeholder param ph.idle = 3

placeholder modifier carre_realization.snow "Snow" { 1 when true }
placeholder modifier carre_realization.never "Never" { 3 when unit.increments > 99 }

placeholder rule ph.acts "Acts at the charge's start" on charge_start {
  do mark_for(charger, "seen", ph.read)
}

placeholder rule ph.quiet "Never acts" on charge_start {
  when ph.idle > 5
  do mark(charger, "quiet")
}

scenario s "A Carré attempt" {
  map 12 x 12 clear
  turn allied
  unit hus { side: allied  arm: cavalry  increments: 4  formation: column  facing: N  morale: 31  mp: 8  melee: 6  at: 0610 }
  unit inf { side: french  arm: infantry  increments: 6  formation: line  facing: S  morale: 36  melee: 6  at: 0604 }
  charge hus at inf path 0609 0608 0607 0606 0605
  decide inf form_carre yes
}
`)}}
	mod, diags := bataille.LoadDir(fsys, "ph")
	if diags.HasErrors() {
		t.Fatal(diags.Err())
	}
	eng, err := bataille.NewEngine(mod, "s", interpreter.Config{Dice: interpreter.NewFixedDice(1, 1, 1, 1, 1, 1, 1, 1, 1, 1)})
	if err != nil {
		t.Fatal(err)
	}
	if err := eng.Run(context.Background()); err != nil && !errors.Is(err, interpreter.ErrDiceExhausted) {
		t.Fatal(err)
	}
	played := map[string]bool{}
	for _, p := range bataille.PlayedPlaceholders(mod, eng.Trace()) {
		played[p.Kind+" "+p.Name] = true
	}
	for name, want := range map[string]bool{
		"rule ph.acts": true, "param ph.read": true, "modifier carre_realization.snow": true,
		"rule ph.quiet": false, "param ph.idle": false, "param ph.read_max": false, "modifier carre_realization.never": false,
	} {
		if played[name] != want {
			t.Errorf("%s: played %v, want %v (played: %v)", name, played[name], want, played)
		}
	}
}
