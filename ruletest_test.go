package bataille_test

import (
	"context"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/bataille/bataille"
)

// TestExpectAfterAndApplied plays the expectations that judge the board at
// the end of a phase of the first turn (`expect after PHASE`) and those
// that say whether a rule acted (`expect applied`/`unapplied`), each
// against a set-up where it holds and one where it does not: a failure
// names the expectation and, for an exact test, the path.
func TestExpectAfterAndApplied(t *testing.T) {
	// Hussars three hexes from a line; the line tries Carré as the charge
	// starts, on the base's placeholder table (11..36 forms it: 18 of 36).
	const setup = `
  map 8 x 12 clear
  turn russian
  unit hus "Hussars" { side: russian  arm: cavalry  increments: 4  formation: column  facing: N  morale: 31  mp: 8  melee: 6  at: 0408 }
  unit inf "Line" { side: french  arm: infantry  increments: 6  formation: line  facing: S  morale: 36  melee: 6  at: 0405 }
  charge hus at inf path 0407
`
	tests := []struct {
		name, body string
		want       []string // substrings of the failures, in order; none: it passes
	}{
		{"after charges, formed", "decide inf form_carre yes\ndice 1 1\nexpect after charges inf.formation == \"carre\"", nil},
		// The start of the turn ends before the charge: the line is still a line.
		{"after start, not yet", "decide inf form_carre yes\ndice 1 1\nexpect after start inf.formation == \"carre\"",
			[]string{`expect after start inf.formation == "carre": it does not hold`}},
		{"after start, still a line", "decide inf form_carre yes\ndice 1 1\nexpect after start inf.formation == \"line\"", nil},
		{"after, every path", "decide inf form_carre yes\nexact\nexpect after charges inf.formation == \"carre\"",
			[]string{`expect after charges inf.formation == "carre": it does not hold on the path --dice 4,1`}},
		{"after, a chance", "decide inf form_carre yes\nexact\nexpect after charges chance(inf.formation == \"carre\") == 18/36", nil},
		{"after, a wrong chance", "decide inf form_carre yes\nexact\nexpect after charges chance(inf.formation == \"carre\") == 1/3",
			[]string{`expect after charges chance(inf.formation == "carre") == 1/3: the chance is 1/2`}},
		{"applied", "decide inf form_carre yes\ndice 1 1\nexpect applied \"carre.formed\"\nexpect unapplied \"carre.disorder\"", nil},
		{"applied, did not act", "decide inf form_carre yes\ndice 1 1\nexpect applied \"carre.disorder\"",
			[]string{"expect applied carre.disorder: rule carre.disorder did not act"}},
		{"unapplied, acted", "decide inf form_carre yes\ndice 1 1\nexpect unapplied \"carre.formed\"",
			[]string{"expect unapplied carre.formed: rule carre.formed acted"}},
		// An ask answered no: the rule was reached, and did not act.
		{"asked, answered no", "decide inf form_carre no\nexact\nexpect unapplied \"carre.attempt\"\nexpect applied \"charge.bonus\"", nil},
		{"asked, answered yes", "decide inf form_carre yes\nexact\nexpect applied \"carre.attempt\"", nil},
		// Exact: on every path, or on none.
		{"applied on every path", "decide inf form_carre yes\nexact\nexpect applied \"carre.formed\"",
			[]string{"expect applied carre.formed: rule carre.formed did not act on the path --dice 4,1"}},
		{"unapplied on every path", "decide inf form_carre yes\nexact\nexpect unapplied \"carre.rout\"",
			[]string{"expect unapplied carre.rout: rule carre.rout acted on the path --dice 6,1"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			src := "game g \"G\" extends premier\n\ntest t \"T\" cite \"X-1\" {" + setup + tc.body + "\n}\n"
			mod, diags := bataille.LoadDir(fstest.MapFS{"g/rules.rules": {Data: []byte(src)}}, "g")
			if diags.HasErrors() {
				t.Fatal(diags)
			}
			var got []string
			for _, res := range bataille.RunTests(context.Background(), mod) {
				if res.Test.Name != "t" {
					continue
				}
				for _, f := range res.Failures {
					got = append(got, f.String())
				}
			}
			if len(got) != len(tc.want) {
				t.Fatalf("got failures %q, want %d like %q", got, len(tc.want), tc.want)
			}
			for i, w := range tc.want {
				if !strings.Contains(got[i], w) {
					t.Errorf("failure %d: got %q, want it to say %q", i, got[i], w)
				}
			}
		})
	}
}
