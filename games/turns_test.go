package games_test

import (
	"context"
	"path/filepath"
	"strings"
	"testing"

	"github.com/bataille/bataille"
	"github.com/bataille/bataille/dsl"
	"github.com/bataille/bataille/games"
	"github.com/bataille/bataille/internal/golden"
	"github.com/bataille/bataille/interpreter"
)

// TestThreeTurnsGolden plays the bundled three-turn scenario with its own
// seed: a battalion routed in the French turn rallies at the start of the
// Russian turn, and the hussars exhausted in the first turn, winded through
// the second (a mark that lasts two turns), recover a step at the start of
// the third.
func TestThreeTurnsGolden(t *testing.T) {
	// The battle whose own scenarios hold it (a battle extending it
	// inherits it).
	var mod *dsl.Module
	for _, battle := range games.Names() {
		m, diags := bataille.LoadBundled(battle)
		if diags.HasErrors() {
			t.Fatal(diags.Err())
		}
		for _, sd := range m.Scenarios {
			if sd.Name == "three_turns" && mod == nil {
				mod = m
			}
		}
	}
	if mod == nil {
		t.Fatal("no bundled battle has the scenario three_turns")
	}
	eng, err := bataille.NewEngine(mod, "three_turns", interpreter.Config{})
	if err != nil {
		t.Fatal(err)
	}
	if err := eng.Run(context.Background()); err != nil {
		t.Fatal(err)
	}
	var b strings.Builder
	if err := eng.Trace().WriteText(&b, false); err != nil {
		t.Fatal(err)
	}
	text := b.String()
	for _, want := range []string{
		"== turn 1: french", "== turn 2: russian", "== turn 3: french",
		"inf is routed", "Rally: 45 must be above 36 → pass", "inf is disordered",
		"hus is exhausted", "hus recovers: exhausted to tired",
	} {
		if !strings.Contains(text, want) {
			t.Errorf("the narration lacks %q", want)
		}
	}
	if strings.Index(text, "hus recovers") < strings.Index(text, "== turn 3: french") {
		t.Error("the hussars recovered before their own next turn")
	}
	golden.Check(t, filepath.Join("testdata", "three_turns.golden"), []byte(text), *update, "go test ./games -run ThreeTurns -update")
}
