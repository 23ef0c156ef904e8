package main

import (
	"fmt"
	"io"
	"sort"
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

// warnUnasked says which --answer lines would never be read: a question no
// rule of the module asks, or a unit the scenario does not place (sd may be
// nil when the scenario is unknown). A misspelling would otherwise be
// silently ignored.
func warnUnasked(w io.Writer, cmd string, mod *dsl.Module, sd *dsl.ScenarioDef, d *interpreter.ScriptedDecider) {
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
	units := map[string]bool{}
	var ids []string
	if sd != nil {
		for _, u := range sd.Units {
			units[u.ID] = true
			ids = append(ids, u.ID)
		}
	}
	keys := make([][2]string, 0, len(d.Answers))
	for key := range d.Answers {
		keys = append(keys, key)
	}
	sort.Slice(keys, func(i, j int) bool {
		return keys[i][0] < keys[j][0] || keys[i][0] == keys[j][0] && keys[i][1] < keys[j][1]
	})
	warnedQ := map[string]bool{}
	for _, key := range keys {
		if sd != nil && key[0] != "*" && !units[key[0]] {
			fmt.Fprintf(w, "bataille %s: warning: --answer %s:%s: scenario %s has no unit %q (units: %s)%s\n", cmd, key[0], key[1], sd.Name, key[0], strings.Join(ids, ", "), dsl.DidYouMean(key[0], ids))
		}
		if !asked[key[1]] && !warnedQ[key[1]] {
			warnedQ[key[1]] = true
			fmt.Fprintf(w, "bataille %s: warning: no rule of %s asks %q%s\n", cmd, mod.ID, key[1], dsl.DidYouMean(key[1], names))
		}
	}
}
