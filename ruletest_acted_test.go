package bataille

import (
	"maps"
	"slices"
	"strings"
	"testing"

	"github.com/bataille/bataille/interpreter"
)

// TestActedRulesReadsTheAnswer: a rule whose question is answered no has
// not acted, read from the ask event's Answer, not from its words: each
// case's text says the opposite of its Answer.
func TestActedRulesReadsTheAnswer(t *testing.T) {
	rule := func(id string) interpreter.Event { return interpreter.Event{Kind: "rule", Rule: id, Text: id} }
	ask := func(id, answer, text string) interpreter.Event {
		return interpreter.Event{Kind: "ask", Rule: id, Answer: answer, Text: text}
	}
	effect := func(id string) interpreter.Event { return interpreter.Event{Kind: "note", Rule: id, Effect: "rout"} }
	for _, tc := range []struct {
		name  string
		trace interpreter.Trace
		want  []string
	}{
		{"answered no", interpreter.Trace{rule("a"), ask("a", "no", "inf form_carre? yes")}, nil},
		{"answered yes", interpreter.Trace{rule("a"), ask("a", "yes", "inf form_carre? no")}, []string{"a"}},
		{"yes then an effect", interpreter.Trace{rule("a"), ask("a", "yes", "inf form_carre? no"), effect("a")}, []string{"a"}},
		{"no, another acts", interpreter.Trace{rule("a"), ask("a", "no", "x? yes"), rule("b"), effect("b")}, []string{"b"}},
		{"announced again after no", interpreter.Trace{rule("a"), ask("a", "no", "x? yes"), rule("a")}, []string{"a"}},
	} {
		got := slices.Sorted(maps.Keys(func() map[string]bool {
			m := actedRules(tc.trace)
			maps.DeleteFunc(m, func(_ string, v bool) bool { return !v })
			return m
		}()))
		if strings.Join(got, ",") != strings.Join(tc.want, ",") {
			t.Errorf("%s: acted %v, want %v", tc.name, got, tc.want)
		}
	}
}
