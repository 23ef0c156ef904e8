package picture

import (
	"bytes"
	"strings"
	"testing"

	"github.com/bataille/bataille/interpreter"
)

// The State and dice texts come from the trace; whatever they hold, reading
// them must not panic, and a State read back must be the one written.
func FuzzParseState(f *testing.F) {
	for _, s := range []string{"hus 4 inc column good at 0616", "hus 4 inc column disordered at 0610, exhausted", "x 0 inc line routed at 9999, tired", "", "a b inc c d at e"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		st, ok := parseState(s)
		if !ok {
			return
		}
		if !strings.HasPrefix(s, st.ID+" ") || !strings.Contains(s, " at "+st.Hex.String()) {
			t.Errorf("parseState(%q) = %+v, which the text does not say", s, st)
		}
	})
}

func FuzzParseDice(f *testing.F) {
	for _, s := range []string{"d66 24", "d66 61-1=56", "d66 41, Leader -6, Light cavalry +3 → 34", "1d6 3+2=5", " → ", "d66 x, y → z"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		d := parseDice(s)
		if d.Parsed && !strings.HasPrefix(s, d.Dice+" ") {
			t.Errorf("parseDice(%q) read dice %q", s, d.Dice)
		}
	})
}

// FuzzReplay feeds a replay events of any shape for the sketch's units:
// the page must still be made, and the same events give the same page.
func FuzzReplay(f *testing.F) {
	f.Add("move", "hus", "0505", "", "d66 61-1=56", "carre_realization", "hus 4 inc column good at 0505")
	f.Add("roll", "sq", "0703", "fire_effects", "d66 24", "", "")
	f.Add("note", "gren", "0101", "", "", "", "gren 0 inc line routed at 0101, tired")
	mod := sketch(f)
	f.Fuzz(func(t *testing.T, kind, unit, hex, table, dice, text, state string) {
		s := scene(t, mod, "everything")
		tr := interpreter.Trace{{Seq: 1, Kind: kind, Unit: unit, Hex: hex, Table: table, Dice: dice, Text: text, State: state}}
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
