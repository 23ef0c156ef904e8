package interpreter_test

import (
	"context"
	"github.com/bataille/bataille/hex"
	"strings"
	"testing"

	"github.com/bataille/bataille/interpreter"
)

// TestBoardMechanics covers what the engine itself enforces from the
// module's vocabulary: stacking, Zd'I and line of sight.
func TestBoardMechanics(t *testing.T) {
	mod := load(t, "board.rules")
	play := func(t *testing.T, scenario string) *interpreter.Engine {
		e := engine(t, mod, scenario, interpreter.Config{Dice: interpreter.NewFixedDice()})
		if err := e.Run(context.Background()); err != nil {
			t.Fatal(err)
		}
		return e
	}
	at := func(t *testing.T, e *interpreter.Engine, id, hex string) {
		t.Helper()
		if u, _ := e.Board.Unit(id); u.Hex.String() != hex {
			t.Errorf("%s at %s, want %s", id, u.Hex, hex)
		}
	}
	formation := func(t *testing.T, e *interpreter.Engine, id, f string) {
		t.Helper()
		if u, _ := e.Board.Unit(id); u.Formation != f {
			t.Errorf("%s in %s, want %s", id, u.Formation, f)
		}
	}
	blocked := func(e *interpreter.Engine) []string {
		var out []string
		for _, ev := range e.Trace() {
			if ev.Kind == "blocked" {
				out = append(out, ev.Unit+": "+ev.Text)
			}
		}
		return out
	}

	t.Run("stacking limit of the formation", func(t *testing.T) {
		e := play(t, "crowd")
		at(t, e, "b", "0506")
		if b := blocked(e); len(b) != 1 || !strings.Contains(b[0], "at most 8 increments; this one would hold 10") {
			t.Errorf("blocked %q", b)
		}
	})
	t.Run("one regiment exceeds it, two do not", func(t *testing.T) {
		e := play(t, "regiment")
		formation(t, e, "a", "square")
		formation(t, e, "c", "column")
		if b := blocked(e); len(b) != 1 || !strings.HasPrefix(b[0], "c: ") || !strings.Contains(b[0], "or one regiment") {
			t.Errorf("blocked %q", b)
		}
	})
	t.Run("zdi", func(t *testing.T) {
		e := play(t, "zdi")
		at(t, e, "walker", "0307") // enters the column's front hex and stops there
		at(t, e, "passer", "0704") // the square's Zd'I stays in its own hex
	})
	t.Run("line of sight", func(t *testing.T) {
		e := play(t, "sight")
		var said []string
		for _, ev := range e.Trace() {
			if ev.Effect == "note" {
				said = append(said, ev.Text)
			}
		}
		// At the charge's start and after each of its two hexes.
		want := "hidden does not see cav|seen sees cav|hidden does not see cav|seen sees cav|hidden does not see cav|seen sees cav"
		if strings.Join(said, "|") != want {
			t.Errorf("sight %q, want %q", strings.Join(said, "|"), want)
		}
	})
}

// TestHexsideFeatures: a board keeps hexside features by their canonical
// key; across and uphill read them between units, and a hedge blocks the
// view across it.
func TestHexsideFeatures(t *testing.T) {
	b := interpreter.NewBoard(12, 12, "clear")
	h := func(s string) hex.Hex {
		x, err := hex.Parse(s)
		if err != nil {
			t.Fatal(err)
		}
		return x
	}
	if !b.SetHexside(h("0606"), h("0605"), "stream", false) || !b.SetHexside(h("0605"), h("0604"), "slope", true) {
		t.Fatal("SetHexside refused neighbours")
	}
	if b.SetHexside(h("0606"), h("0604"), "stream", false) {
		t.Error("SetHexside took two hexes that are not neighbours")
	}
	a := &interpreter.Unit{ID: "a", Increments: 1, Hex: h("0605")}
	up := &interpreter.Unit{ID: "up", Increments: 1, Hex: h("0604")}
	down := &interpreter.Unit{ID: "down", Increments: 1, Hex: h("0606")}
	for _, u := range []*interpreter.Unit{a, up, down} {
		b.Place(u)
	}
	if got := interpreter.Across(a, down); got != "stream" {
		t.Errorf("across(a, down) = %q, want stream", got)
	}
	if got := interpreter.Across(down, a); got != "stream" {
		t.Errorf("across(down, a) = %q, want stream (the same hexside)", got)
	}
	if got := interpreter.Across(down, up); got != "" {
		t.Errorf("across(down, up) = %q: they are not neighbours", got)
	}
	if !interpreter.UphillOf(a, up) || interpreter.UphillOf(up, a) || interpreter.UphillOf(a, down) {
		t.Errorf("uphill: a→up %v (want true), up→a %v, a→down %v (want false)", interpreter.UphillOf(a, up), interpreter.UphillOf(up, a), interpreter.UphillOf(a, down))
	}
}

// TestHedgeBlocksSight: a hexside whose word blocks line of sight hides
// units whose line crosses it, as the module declares.
func TestHedgeBlocksSight(t *testing.T) {
	mod := load(t, "board.rules")
	for scenario, want := range map[string]bool{"hedge": false, "no_hedge": true} {
		e := engine(t, mod, scenario, interpreter.Config{Dice: interpreter.NewFixedDice()})
		art, _ := e.Board.Unit("art")
		foe, _ := e.Board.Unit("foe")
		if got := interpreter.LOS(art, foe); got != want {
			t.Errorf("%s: art sees foe %v, want %v", scenario, got, want)
		}
	}
}
