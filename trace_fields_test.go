package bataille_test

import (
	"context"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/bataille/bataille"
	"github.com/bataille/bataille/interpreter"
)

// The narration's figures, which TestTraceFieldsSayWhatTheNarrationSays
// holds the fields to (tools read the fields, never these words).
var (
	spentLeft = regexp.MustCompile(`(\d+) spent, (\d+) left\)$`)
	gainsLeft = regexp.MustCompile(`gains -?\d+ MP \((\d+) left\)$`)
	chargesMP = regexp.MustCompile(`^\S+ charges \S+ \((\d+) MP\)$`)
)

// TestTraceFieldsSayWhatTheNarrationSays: in every bundled scenario over
// a few seeds, each step the engine narrates (a note, a move, a question,
// a unit's end of turn) names as fields (Asked, Units) exactly the units
// its words name besides the unit it is about (Unit); a charge's step
// gives as MP the movement points its words give; a question's Answer is
// the one its words give. A step whose fields missed a unit, or named one
// it does not, fails here.
func TestTraceFieldsSayWhatTheNarrationSays(t *testing.T) {
	named, mps, answers := 0, 0, 0
	for _, name := range bataille.Bundled() {
		mod, diags := bataille.LoadBundled(name)
		if diags.HasErrors() {
			t.Fatal(diags.Err())
		}
		for _, sd := range mod.AllScenarios() {
			for seed := uint64(1); seed <= 3; seed++ {
				e, err := bataille.NewEngine(mod, sd.Name, interpreter.Config{Seed: seed})
				if err != nil {
					t.Fatal(err)
				}
				if err := e.Run(context.Background()); err != nil {
					t.Fatal(err)
				}
				ids := map[string]bool{}
				for _, u := range e.Board.Units {
					ids[u.ID] = true
				}
				for _, ev := range e.Trace() {
					at := func(format string, args ...any) {
						t.Helper()
						t.Errorf("%s/%s seed %d step %d %q: "+format, append([]any{name, sd.Name, seed, ev.Seq, ev.Text}, args...)...)
					}
					if !slices.Contains([]string{"note", "move", "ask", "end"}, ev.Kind) {
						continue
					}
					words := []string{}
					if ev.Unit != "" {
						words = append(words, ev.Unit) // the unit the step is about, named or not
					}
					for _, w := range strings.FieldsFunc(ev.Text, func(r rune) bool {
						return !(r == '_' || r == '-' || r == '.' || r >= '0' && r <= '9' || r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z')
					}) {
						if w = strings.TrimRight(w, "."); ids[w] && !slices.Contains(words, w) {
							words = append(words, w)
						}
					}
					fields := []string{}
					for _, id := range append([]string{ev.Unit, ev.Asked}, ev.Units...) {
						if id != "" && !slices.Contains(fields, id) {
							fields = append(fields, id)
						}
					}
					slices.Sort(words)
					slices.Sort(fields)
					if !slices.Equal(words, fields) {
						at("its words name units %v, its fields %v", words, fields)
					}
					if len(ev.Units) > 0 {
						named++
					}
					var wantMP *interpreter.MP
					if m := spentLeft.FindStringSubmatch(ev.Text); m != nil && ev.Kind == "move" {
						wantMP = &interpreter.MP{Spent: atoi(m[1]), Left: atoi(m[2])}
					} else if m := gainsLeft.FindStringSubmatch(ev.Text); m != nil {
						wantMP = &interpreter.MP{Left: atoi(m[1])}
					} else if m := chargesMP.FindStringSubmatch(ev.Text); m != nil {
						wantMP = &interpreter.MP{Left: atoi(m[1])}
					}
					switch {
					case wantMP == nil && ev.MP != nil:
						at("MP %+v on a step that gives none", *ev.MP)
					case wantMP == nil:
					case ev.MP == nil:
						at("no MP; its words give %+v", *wantMP)
					case ev.MP.Left != wantMP.Left || (ev.Kind == "move" && ev.MP.Spent != wantMP.Spent):
						at("MP %+v; its words give %+v", *ev.MP, *wantMP)
					default:
						mps++
					}
					if ev.Kind == "ask" {
						if !strings.HasSuffix(ev.Text, "? "+ev.Answer) || ev.Answer != "yes" && ev.Answer != "no" {
							at("answer %q", ev.Answer)
						}
						answers++
					}
				}
			}
		}
	}
	if named == 0 || mps == 0 || answers == 0 {
		t.Fatalf("%d steps naming units, %d with MP, %d answers: nothing tested", named, mps, answers)
	}
	t.Logf("%d steps naming other units, %d with MP, %d answers", named, mps, answers)
}

func atoi(s string) int {
	n, err := strconv.Atoi(s)
	if err != nil {
		panic(err)
	}
	return n
}
