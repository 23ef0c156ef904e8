package bataille_test

import (
	"bufio"
	"bytes"
	"maps"
	"os"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/bataille/bataille"
	"github.com/bataille/bataille/dsl"
	"github.com/bataille/bataille/internal/lbdata"
)

// clauseID is a clause ID of the rules inventory as a citation writes it:
// "BER-17-CARRE-MIN", not followed by more of an ID.
var clauseID = regexp.MustCompile(`\b[A-Z]{3}-\d+-[A-Z0-9]+(?:-[A-Z0-9]+)*\b`)

// readClauseIDs reads testdata/clauses.txt: one ID a line, # comments.
func readClauseIDs(t *testing.T) []string {
	t.Helper()
	data, err := os.ReadFile("testdata/clauses.txt")
	if err != nil {
		t.Fatal(err)
	}
	var ids []string
	sc := bufio.NewScanner(bytes.NewReader(data))
	for sc.Scan() {
		line := strings.TrimSpace(sc.Text())
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		if clauseID.FindString(line) != line {
			t.Fatalf("testdata/clauses.txt: %q is not a clause ID", line)
		}
		ids = append(ids, line)
	}
	return ids
}

// citedTest is a language test and the clause IDs its citations name.
type citedTest struct {
	where string // module and test name
	ids   []string
}

// bundledTests are the language tests of the base and of every bundled
// battle, each once, as its own module declares it (an override counts
// as the battle's own test).
func bundledTests(t *testing.T) []citedTest {
	t.Helper()
	seen := map[string]bool{}
	var out []citedTest
	for _, name := range append([]string{"premier"}, bataille.Bundled()...) {
		mod, diags := bataille.LoadBundled(name)
		if diags.HasErrors() {
			t.Fatal(diags)
		}
		for _, td := range mod.Tests {
			key := td.Module + ":" + td.Name
			if seen[key] {
				continue
			}
			seen[key] = true
			out = append(out, citedTest{where: key, ids: citedIDs(td)})
		}
	}
	return out
}

func citedIDs(td *dsl.TestDef) []string {
	var ids []string
	for _, c := range td.Cite {
		ids = append(ids, clauseID.FindAllString(c, -1)...)
	}
	return ids
}

// uncited lists, in the order of ids, those no test cites.
func uncited(ids []string, tests []citedTest) []string {
	cited := map[string]bool{}
	for _, ct := range tests {
		for _, id := range ct.ids {
			cited[id] = true
		}
	}
	var out []string
	for _, id := range ids {
		if !cited[id] {
			out = append(out, id)
		}
	}
	return out
}

// TestEveryClauseHasARulingTest: every clause of the rules inventory is
// cited by at least one `test` declaration of the base or of a bundled
// battle, so that `bataille test` plays a ruling of each. Beside the
// repository (as in CI) the inventory itself is read, and the list here
// must name exactly its IDs.
func TestEveryClauseHasARulingTest(t *testing.T) {
	ids := readClauseIDs(t)
	if len(ids) == 0 {
		t.Fatal("testdata/clauses.txt names no clause")
	}
	if inv, err := os.ReadFile("../shared/rules-inventory.md"); err == nil {
		var want []string
		for line := range strings.SplitSeq(string(inv), "\n") {
			if strings.HasPrefix(line, "| ") {
				cell := strings.TrimSpace(strings.SplitN(line[2:], "|", 2)[0])
				if clauseID.FindString(cell) == cell && cell != "" {
					want = append(want, cell)
				}
			}
		}
		if !slices.Equal(slices.Sorted(slices.Values(ids)), slices.Sorted(slices.Values(want))) {
			t.Errorf("testdata/clauses.txt does not list the inventory's IDs:\n got %v\nwant %v", ids, want)
		}
	}
	tests := bundledTests(t)
	known := map[string]bool{}
	for _, id := range ids {
		known[id] = true
	}
	for _, ct := range tests {
		for _, id := range ct.ids {
			if !known[id] {
				t.Errorf("test %s cites %s, which is no clause of the inventory", ct.where, id)
			}
		}
	}
	for _, id := range uncited(ids, tests) {
		t.Errorf("no language test cites clause %s", id)
	}

	// The check sees a test go: without the tests that cite a clause, that
	// clause, and no other, is reported.
	byID := map[string][]string{}
	for _, ct := range tests {
		for _, id := range ct.ids {
			byID[id] = append(byID[id], ct.where)
		}
	}
	for _, id := range slices.Sorted(maps.Keys(byID)) {
		var rest []citedTest
		for _, ct := range tests {
			if !slices.Contains(ct.ids, id) {
				rest = append(rest, ct)
			}
		}
		if got := uncited(ids, rest); !slices.Contains(got, id) {
			t.Errorf("without %v, clause %s is still reported cited", byID[id], id)
		}
	}
}

// notConverted are the clauses no converted battle plays, and why.
var notConverted = map[string]string{
	"FRI-36-NO-RECALL":  "Friedland's own failed recall (the flight die) overrides the base's; the converted battles keep the base's (BER-40-RECALL-FAIL)",
	"AUS-36-CARRE-WHEN": "Austerlitz's option 2, the attempt once per charge sequence, overrides the base's once per charge phase (FRI-36-CARRE-WHEN)",
	"AUS-36-FORMED":     "Austerlitz's release of the cavalry past a formed Carré; the base's Carré holds the charge",
	"BER-40-ROUT-10":    "in the base only the charge's target tries Carré (carre.any_unit = false), so no bystander routs from an attempt; Austerlitz lets any unit try",
}

// TestConvertedBattlesPlayTheClauses: every clause of the inventory is
// played in at least one battle converted from the lb.react data, on that
// battle's charts and nationalities, not only in the battles whose pages the
// clauses come from: by a test of the base (which every battle plays against
// its own rules) or one of a converted battle's own, unless notConverted
// says why no converted battle can.
func TestConvertedBattlesPlayTheClauses(t *testing.T) {
	converted := map[string]bool{"premier": true}
	for _, b := range lbdata.Battles {
		converted[strings.ReplaceAll(b.Name, "-", "_")] = true
	}
	var tests []citedTest
	for _, ct := range bundledTests(t) {
		module, _, _ := strings.Cut(ct.where, ":")
		if converted[module] {
			tests = append(tests, ct)
		}
	}
	if len(tests) == 0 {
		t.Fatal("no test of the base or of a converted battle")
	}
	for _, id := range uncited(readClauseIDs(t), tests) {
		if _, ok := notConverted[id]; !ok {
			t.Errorf("clause %s is played in no converted battle: no test of the base or of one of them cites it", id)
		}
	}
	for id := range notConverted {
		if !slices.Contains(uncited(readClauseIDs(t), tests), id) {
			t.Errorf("clause %s is listed as played in no converted battle, but a test of one cites it", id)
		}
	}
}
