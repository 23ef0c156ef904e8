package bataille_test

import (
	"context"
	"os"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/bataille/bataille"
	"github.com/bataille/bataille/interpreter"
)

// TestMeleeEnd plays the test battle whose rules read the melee
// procedure's melee_end hook: what each side lost, whether the defender
// gave up its hex, and the hex it held; and advance into it. Each test is exact, so an
// expectation holds on every path through the dice.
func TestMeleeEnd(t *testing.T) {
	mod, diags := bataille.LoadDir(os.DirFS("testdata"), "meleeend")
	if diags.HasErrors() {
		t.Fatal(diags.Err())
	}
	// The fewest paths each must play: the assault rolls its dice, the
	// forbidden one rolls none.
	minPaths := map[string]int64{"end.assault": 2, "end.no_melee": 1, "end.advance": 2, "end.advance_held": 2, "end.advance_stack": 2}
	ran := 0
	for _, def := range mod.Tests {
		if !strings.HasPrefix(def.Name, "end.") {
			continue
		}
		ran++
		if r := bataille.RunTest(context.Background(), mod, def); !r.Passed() || r.Paths < minPaths[def.Name] {
			t.Errorf("%s: %d paths, failures %v", def.Name, r.Paths, r.Failures)
		}
	}
	if ran != len(minPaths) {
		t.Fatalf("the test battle has %d tests of its own, want %d", ran, len(minPaths))
	}
}

// TestAdvanceMisused: advance is the melee procedure's, and a rule that
// calls it outside a melee, or for a unit that did not fight in it, stops
// the run with an error at the call, not a unit moved at random.
func TestAdvanceMisused(t *testing.T) {
	for _, tc := range []struct{ name, rule, want string }{
		{"outside", `rule late "Advance at the turn's end" on turn_end {
  do advance(unit)
}`, "b/rules.rules:3:6: rule late: advance: no melee is being resolved"},
		{"defender", `rule back "The defender advances" on melee_end {
  do advance(defender)
}`, "b/rules.rules:3:6: rule back: advance: col was not in the melee of lig against col"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			src := "game b \"Misused advance\" extends premier\n" + tc.rule + `
scenario one "An assault" {
  map 8 x 14 clear
  turn french
  unit col "Column" { side: allied  arm: infantry  increments: 6  formation: column  facing: S  morale: 36  melee: 3  at: 0410 }
  unit lig "Battalion" { side: french  arm: infantry  increments: 12  formation: column  facing: N  morale: 36  melee: 12  at: 0411 }
  assault lig at col
}
`
			mod, diags := bataille.LoadDir(fstest.MapFS{"b/rules.rules": {Data: []byte(src)}}, "b")
			if diags.HasErrors() {
				t.Fatal(diags.Err())
			}
			e, err := bataille.NewEngine(mod, "one", interpreter.Config{Dice: interpreter.NewFixedDice(6, 6, 6, 6, 6, 6, 6, 6)})
			if err != nil {
				t.Fatal(err)
			}
			err = e.Run(context.Background())
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Fatalf("got error %v, want one containing %q", err, tc.want)
			}
		})
	}
}
