package dsl_test

import (
	"fmt"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/bataille/bataille/dsl"
)

// TestDecideWhenOverLines: a `decide … when` condition ends with its line
// unless an operator joins it to the next (at the end of the one, or the
// start of the other), or a bracket is open; a line break in a comment is
// one. Formatting keeps each module's meaning, comments and all.
func TestDecideWhenOverLines(t *testing.T) {
	for _, tc := range []struct {
		name, lines string
		want        string // the condition's tokens, space-joined
		next        string // the scenario line after the decide, if any
	}{
		{"one line", "when distance <= 2\n  seed 3", "distance <= 2", "seed"},
		{"operator ends the line", "when distance <=\n     2\n  seed 3", "distance <= 2", "seed"},
		{"operator starts the next", "when distance\n     <= 2\n  seed 3", "distance <= 2", "seed"},
		{"and starts the next", "when distance > 3\n     and distance < 5", "distance > 3 and distance < 5", ""},
		{"not in ends the line", "when unit.formation not in\n     [\"line\"]", "unit . formation not in [ line ]", ""},
		{"a comment's line break", "when distance /* a note\n     over two lines */ <= 2\n  seed 3", "distance <= 2", "seed"},
		{"line comment after an operator", "when distance <= // the reach\n     2", "distance <= 2", ""},
		{"brackets", "when (distance\n     < 2)\n  seed 3", "( distance < 2 )", "seed"},
		{"a minus starts no continuation", "when distance\n  seed 3", "distance", "seed"},
		{"a complete line ends", "when distance <= 2\n  turn french", "distance <= 2", "turn"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			src := fmt.Sprintf("module m \"M\"\n\nscenario s {\n  map 8 x 8 clear\n  decide inf form_carre %s\n}\n", tc.lines)
			f, diags := dsl.Parse("m.rules", []byte(src))
			if diags.HasErrors() {
				t.Fatalf("%v\n%s", diags, src)
			}
			items := f.Decls[0].Scenario.Items
			var d *dsl.Decide
			next := ""
			for i, it := range items {
				if it.Decide != nil {
					d = it.Decide
					if i+1 < len(items) {
						next = firstWord(src, items[i+1].Pos.Offset)
					}
				}
			}
			if d == nil || d.When == nil {
				t.Fatalf("no decide … when in %s", src)
			}
			var got []string
			for _, tok := range d.When.Tokens {
				if v := strings.TrimSpace(tok.Value); v != "" && !strings.HasPrefix(v, "//") && !strings.HasPrefix(v, "/*") {
					got = append(got, v)
				}
			}
			if g := strings.Join(got, " "); g != tc.want || next != tc.next {
				t.Errorf("condition %q then %q, want %q then %q", g, next, tc.want, tc.next)
			}
			once := formatSrc(t, "m.rules", []byte(src))
			if twice := formatSrc(t, "m.rules", once); string(twice) != string(once) {
				t.Errorf("not idempotent:\n%s\n%s", once, twice)
			}
			if err := sameTokensAndComments(src, string(once)); err != nil {
				t.Errorf("formatting lost or moved a token: %v\n%s", err, once)
			}
			g2, _ := dsl.Parse("m.rules", once)
			if g2 == nil || len(g2.Decls[0].Scenario.Items) != len(items) {
				t.Errorf("the formatted module has other lines:\n%s", once)
			}
		})
	}
	// The bundled battles' format tests put a comment after every token;
	// here too, with the module checked before and after.
	src := "module m \"M\"\n\nscenario s {\n  map 8 x 8 clear\n  unit inf { side: french  arm: infantry  increments: 6  formation: line  facing: S  at: 0404 }\n  decide inf form_carre when distance <= 2 && distance > 0\n  seed 3\n}\n"
	for _, styles := range [][]string{{" // c\n"}, {" /* d\n//*/ "}, {" // c\n", " /* d */ "}} {
		formatKeepsModule(t, fstest.MapFS{"m.rules": {Data: []byte(commentAfterEachToken(t, src, styles...))}})
	}
}

func firstWord(src string, off int) string {
	w, _, _ := strings.Cut(strings.TrimSpace(src[off:]), " ")
	return w
}
