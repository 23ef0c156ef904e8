package bataille_test

import (
	"os"
	"strings"
	"testing"

	"github.com/bataille/bataille"
	"github.com/bataille/bataille/internal/lbdata"
)

// engineBattles are the bundled battles the engine-wide tests (determinism,
// workers, exact against sampled odds, states against paths, the advisor
// against Exact) play every scenario of: every battle
// written by hand, and of the battles converted from the lb.react data, whose
// scenarios are written from one pattern, one of each kind (a Premier title,
// a title of the earlier edition, and the one with Carré columns by sector).
// Each converted battle's every scenario is still played by its own tests in
// package games and by `bataille verify`.
func engineBattles() []string {
	converted := map[string]bool{}
	for _, b := range lbdata.Battles {
		converted[b.Name] = true
	}
	sample := map[string]bool{"bautzen": true, "talavera": true, "ligny-quatrebras": true}
	var out []string
	for _, b := range bataille.Bundled() {
		if !converted[b] || sample[b] {
			out = append(out, b)
		}
	}
	return out
}

// The README's list of bundled battles names every one.
func TestReadmeListsEveryBattle(t *testing.T) {
	readme, err := os.ReadFile("README.md")
	if err != nil {
		t.Fatal(err)
	}
	_, list, ok := strings.Cut(string(readme), "\n## Bundled battles\n")
	if !ok {
		t.Fatal("README has no list of bundled battles")
	}
	list, _, _ = strings.Cut(list, "\n## ")
	for _, b := range bataille.Bundled() {
		if !strings.Contains(list, "| `"+b+"` |") {
			t.Errorf("README's list of bundled battles does not name %s", b)
		}
	}
}
