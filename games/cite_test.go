package games_test

import (
	"context"
	"regexp"
	"strings"
	"testing"

	"github.com/bataille/bataille"
	"github.com/bataille/bataille/interpreter"
)

// bookPage is a citation of a battle's rulebook page: "Berlin 1813 p17".
var bookPage = regexp.MustCompile(`(Berlin 1813|Friedland|Austerlitz) p\d+`)

// TestTracesCiteTheirOwnBook plays every scenario of each battle whose book
// the rules inventory has pages of, over a few seeds, and reads each
// event's citations: a base rule cites the Premier Rules section, which the
// battle maps to its own book's page, so a trace names that book's pages
// and never another battle's (a Friedland owner has no Berlin 1813 book).
func TestTracesCiteTheirOwnBook(t *testing.T) {
	own := map[string]string{"friedland": "Friedland", "danzig": "Friedland", "austerlitz1805": "Austerlitz", "berlin1813": "Berlin 1813"}
	for battle, book := range own {
		mod, diags := bataille.LoadBundled(battle)
		if diags.HasErrors() {
			t.Fatal(diags.Err())
		}
		pages := map[string]int{}
		for _, sd := range mod.AllScenarios() {
			for seed := uint64(1); seed <= 3; seed++ {
				eng, err := bataille.NewEngine(mod, sd.Name, interpreter.Config{Seed: seed})
				if err != nil {
					t.Fatal(err)
				}
				_ = eng.Run(context.Background())
				for _, ev := range eng.Trace() {
					cites := []string{ev.Cite}
					for _, m := range ev.Mods {
						cites = append(cites, m.Cite)
					}
					for _, c := range cites {
						for _, p := range bookPage.FindAllStringSubmatch(c, -1) {
							pages[p[0]]++
							if p[1] != book {
								t.Errorf("%s/%s seed %d: %s cites %q, another battle's book: %s", battle, sd.Name, seed, ev.Rule, p[0], c)
							}
						}
					}
				}
			}
		}
		if len(pages) == 0 {
			t.Errorf("%s: no event cites a page of its own book", battle)
		}
		t.Logf("%s cites %v", battle, pages)
	}
	// A battle without pages of its own in the inventory cites the
	// Premier Rules section itself.
	mod, diags := bataille.LoadBundled("wagram")
	if diags.HasErrors() {
		t.Fatal(diags.Err())
	}
	for _, r := range mod.Rules {
		for _, c := range mod.Cites(r.Cite) {
			if bookPage.MatchString(c) && !strings.Contains(c, "Wagram") {
				t.Errorf("wagram: rule %s cites %q", r.ID, c)
			}
		}
	}
}
