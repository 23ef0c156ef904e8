package bataille_test

import (
	"context"
	"os"
	"strings"
	"testing"

	"github.com/bataille/bataille"
)

// TestMeleeEnd plays the test battle whose rules read the melee
// procedure's melee_end hook: what each side lost, whether the defender
// gave up its hex, and the hex it held. Each test is exact, so an
// expectation holds on every path through the dice.
func TestMeleeEnd(t *testing.T) {
	mod, diags := bataille.LoadDir(os.DirFS("testdata"), "meleeend")
	if diags.HasErrors() {
		t.Fatal(diags.Err())
	}
	// The fewest paths each must play: the assault rolls its dice, the
	// forbidden one rolls none.
	minPaths := map[string]int64{"end.assault": 2, "end.no_melee": 1}
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
