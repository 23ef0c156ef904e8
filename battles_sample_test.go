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
	rows := map[string][]string{} // GAME → battle, publisher, rules
	for line := range strings.SplitSeq(list, "\n") {
		cells := strings.Split(strings.Trim(line, "|"), "|")
		if len(cells) != 4 {
			continue
		}
		for i := range cells {
			cells[i] = strings.TrimSpace(cells[i])
		}
		rows[strings.Trim(cells[0], "`")] = cells[1:]
	}
	publisher := map[string]string{}
	for _, b := range lbdata.Battles {
		publisher[b.Name] = b.Publisher
	}
	for _, b := range bataille.Bundled() {
		row, ok := rows[b]
		if !ok {
			t.Errorf("README's list of bundled battles does not name %s", b)
			continue
		}
		mod, diags := bataille.LoadBundled(b)
		if diags.HasErrors() {
			t.Fatal(diags)
		}
		// The rules column names the edition the module declares.
		want := "Premier Rules"
		if strings.Contains(mod.Edition, "earlier") {
			want = "earlier edition"
		}
		if !strings.HasPrefix(row[2], want) {
			t.Errorf("README: %s follows %q, but its rules column reads %q", b, mod.Edition, row[2])
		}
		if p, ok := publisher[b]; ok && row[1] != p {
			t.Errorf("README: %s is published by %q, as the converter has it, but its publisher column reads %q", b, p, row[1])
		}
		if row[1] == "" {
			t.Errorf("README: %s names no publisher", b)
		}
	}
}
