package main

import (
	"fmt"
	"io"
	"strings"

	"github.com/bataille/bataille/dsl"

	"github.com/bataille/bataille/interpreter"
	"github.com/spf13/pflag"
)

// answerFlags adds the flags that answer the questions rules ask players
// (try Carré? follow the routed?) beyond the scenario's decide lines. The
// function it returns reads them once the flags are parsed.
func answerFlags(fs *pflag.FlagSet) func() (*interpreter.ScriptedDecider, error) {
	answers := fs.StringArray("answer", nil, "answer a question: UNIT:QUESTION=yes|no, or *:QUESTION=yes|no for every unit (repeatable; wins over the scenario's decide lines)")
	def := fs.String("default-answer", "no", "the answer to any question neither the scenario nor --answer settles: yes or no")
	return func() (*interpreter.ScriptedDecider, error) {
		d := &interpreter.ScriptedDecider{Answers: map[[2]string]bool{}}
		var err error
		if d.Default, err = yesNo(*def); err != nil {
			return nil, fmt.Errorf("--default-answer: %w", err)
		}
		for _, a := range *answers {
			who, rest, ok1 := strings.Cut(a, ":")
			q, ans, ok2 := strings.Cut(rest, "=")
			if !ok1 || !ok2 || who == "" || q == "" {
				return nil, fmt.Errorf("--answer %q: want UNIT:QUESTION=yes|no", a)
			}
			v, err := yesNo(ans)
			if err != nil {
				return nil, fmt.Errorf("--answer %q: %w", a, err)
			}
			d.Answers[[2]string{who, q}] = v
		}
		return d, nil
	}
}

func yesNo(s string) (bool, error) {
	switch s {
	case "yes":
		return true, nil
	case "no":
		return false, nil
	}
	return false, fmt.Errorf("answer yes or no, not %q", s)
}

// warnUnasked says which --answer questions no rule of the module asks: a
// misspelt question would otherwise be silently ignored.
func warnUnasked(w io.Writer, cmd string, mod *dsl.Module, d *interpreter.ScriptedDecider) {
	asked := map[string]bool{}
	var names []string
	for _, r := range mod.Rules {
		for _, c := range r.Clauses {
			if c.Kind == dsl.ClauseAsk && !asked[c.Question] {
				asked[c.Question] = true
				names = append(names, c.Question)
			}
		}
	}
	for key := range d.Answers {
		if !asked[key[1]] {
			fmt.Fprintf(w, "bataille %s: warning: no rule of %s asks %q%s\n", cmd, mod.ID, key[1], dsl.DidYouMean(key[1], names))
		}
	}
}
