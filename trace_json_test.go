package bataille_test

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"reflect"
	"testing"

	"github.com/bataille/bataille"
	"github.com/bataille/bataille/interpreter"
)

// TestTraceJSONRoundTrip: a run's --json trace reads back into the events
// it was written from, the roll's numbers, the units' states, the units a
// step names, a charge's movement points and the answers included, so a
// tool reading the JSON has the fields the engine had.
func TestTraceJSONRoundTrip(t *testing.T) {
	rolls, states, named, mps, answers := 0, 0, 0, 0, 0
	for _, name := range []string{"friedland", "berlin1813"} {
		mod, diags := bataille.LoadBundled(name)
		if diags.HasErrors() {
			t.Fatal(diags.Err())
		}
		for seed := uint64(1); seed <= 3; seed++ {
			e, err := bataille.NewEngine(mod, "", interpreter.Config{Seed: seed})
			if err != nil {
				t.Fatal(err)
			}
			if err := e.Run(context.Background()); err != nil {
				t.Fatal(err)
			}
			var b bytes.Buffer
			if err := e.Trace().WriteJSON(&b); err != nil {
				t.Fatal(err)
			}
			sc := bufio.NewScanner(&b)
			sc.Buffer(nil, 1<<20)
			for i := 0; sc.Scan(); i++ {
				var ev interpreter.Event
				if err := json.Unmarshal(sc.Bytes(), &ev); err != nil {
					t.Fatalf("%s seed %d line %d: %v", name, seed, i+1, err)
				}
				want := e.Trace()[i]
				if !reflect.DeepEqual(ev, want) {
					t.Fatalf("%s seed %d: event %d reads back as\n%+v\nwant\n%+v", name, seed, i+1, ev, want)
				}
				if ev.Roll.Natural != 0 {
					rolls++
				}
				if ev.After.ID != "" {
					states++
				}
				if len(ev.Units) > 0 {
					named++
				}
				if ev.MP != nil {
					mps++
				}
				if ev.Answer != "" {
					answers++
				}
			}
		}
	}
	if rolls == 0 || states == 0 || named == 0 || mps == 0 || answers == 0 {
		t.Fatalf("%d rolls, %d states, %d steps naming units, %d with MP, %d answers read back: nothing tested", rolls, states, named, mps, answers)
	}
}
