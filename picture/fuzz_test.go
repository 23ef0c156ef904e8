package picture

import (
	"bytes"
	"testing"

	"github.com/bataille/bataille/hex"
	"github.com/bataille/bataille/interpreter"
)

// FuzzReplay feeds a replay events of any shape for the sketch's units:
// the page must still be made, and the same events give the same page.
func FuzzReplay(f *testing.F) {
	f.Add("move", "hus", "0505", "", "d66 61-1=56", "carre_realization", "hus 4 inc column good at 0505", 61, -1, 0, 0, 5, 5)
	f.Add("roll", "sq", "0703", "fire_effects", "d66 24", "", "", 24, 0, 0, -1, 0, 0)
	f.Add("roll", "sq", "0703", "carre_realization", "", "", "", 99, 7, 3, 4, -60, 99)
	f.Add("note", "gren", "0101", "", "", "", "gren 0 inc line routed at 0101, tired", 0, 0, 0, 0, -5, 3)
	mod := sketch(f)
	f.Fuzz(func(t *testing.T, kind, unit, at, table, dice, text, state string, natural, modifier, column, threshold, q, r int) {
		s := scene(t, mod, "everything")
		ev := interpreter.Event{Seq: 1, Kind: kind, Unit: unit, Hex: at, Table: table, Dice: dice, Text: text, State: state,
			Roll:  interpreter.Roll{Dice: dice, Natural: natural, Sum: modifier, Modifier: modifier, Result: natural + modifier, Column: column},
			After: interpreter.UnitState{ID: unit, Hex: hex.Hex{Q: q, R: r}, Facing: hex.Direction(q)}}
		if threshold >= 0 {
			ev.Roll.Threshold = &threshold
		}
		tr := interpreter.Trace{ev}
		var a, b bytes.Buffer
		if err := ReplayHTML(&a, Replay{Scene: s, Trace: tr}); err != nil {
			t.Fatal(err)
		}
		s2 := scene(t, mod, "everything")
		if err := ReplayHTML(&b, Replay{Scene: s2, Trace: tr}); err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(a.Bytes(), b.Bytes()) {
			t.Error("the same events gave two pages")
		}
	})
}
