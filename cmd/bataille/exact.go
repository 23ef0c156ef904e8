package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"math/big"
	"strings"

	"github.com/bataille/bataille"
	"github.com/bataille/bataille/dsl"
	"github.com/bataille/bataille/interpreter"
	"github.com/spf13/pflag"
)

// exactOpts are simulate's flags for exact odds.
type exactOpts struct {
	on        bool
	maxPaths  int64
	maxStates int64
	maxCost   int64
	orSample  bool
	// html and svg are the files simulate draws its charts to, if any.
	html, svg string
}

func exactFlags(fs *pflag.FlagSet) *exactOpts {
	o := &exactOpts{}
	fs.BoolVar(&o.on, "exact", false, "play every path through the dice, weighted by its exact chance, instead of sampling")
	fs.Int64Var(&o.maxPaths, "max-paths", bataille.DefaultMaxPaths, "with --exact: the most paths through the dice to play (each from one state to the next) before giving up")
	fs.Int64Var(&o.maxStates, "max-states", bataille.DefaultMaxStates, "with --exact: the most distinct game states to keep before giving up")
	fs.Int64Var(&o.maxCost, "max-cost", bataille.DefaultExactCost, "with --exact: the cost budget of the whole exploration, in the units of docs/safety.md")
	fs.BoolVar(&o.orSample, "or-sample", false, "with --exact: when a scenario needs more than --max-paths, --max-states or --max-cost, sample -n runs instead of failing")
	return o
}

// simulateExact prints the exact report of every column. It is not done
// (and the caller samples) only when a tree is too large and --or-sample
// asks for sampling then.
func simulateExact(o *exactOpts, sd *dsl.ScenarioDef, mods []*dsl.Module, workers int,
	answers *interpreter.ScriptedDecider, asJSON, marks bool, stdout, stderr io.Writer) (code int, done bool) {
	rep := simReport{Scenario: sd.Name, Exact: true}
	ctx, stop := interruptContext()
	defer stop()
	for _, m := range mods {
		x, err := bataille.Exact(ctx, m, sd, bataille.ExactOptions{Answers: answers, MaxPaths: o.maxPaths, MaxStates: o.maxStates, MaxCost: o.maxCost, Workers: workers})
		if errors.Is(err, bataille.ErrTreeTooLarge) && o.orSample {
			fmt.Fprintf(stderr, "bataille simulate: %s: %v; sampling instead\n", m.ID, err)
			return 0, false
		}
		if ctx.Err() != nil {
			// Part of a tree is no answer: say so rather than print it.
			fmt.Fprintf(stderr, "bataille simulate: interrupted before %s's tree was complete: no exact result\n", m.ID)
			return exitInterrupted, true
		}
		if err != nil {
			fmt.Fprintf(stderr, "bataille simulate: %s: %v\n", m.ID, err)
			if errors.Is(err, bataille.ErrTreeTooLarge) {
				limit := "the limit"
				var le *bataille.LimitError
				if errors.As(err, &le) {
					limit = le.Limit
				}
				fmt.Fprintf(stderr, "bataille simulate: raise %s, or add --or-sample to sample -n runs instead\n", limit)
			}
			return exitFail, true
		}
		rep.Columns = append(rep.Columns, exactColumn(m.ID, m.Title, x))
	}
	if code := writeCharts(rep, o.html, o.svg, marks, stderr); code != exitOK {
		return code, true
	}
	return printReport(rep, asJSON, marks, stdout), true
}

func exactColumn(rules, title string, x *bataille.ExactTally) simColumn {
	col := simColumn{Rules: rules, Title: title, Paths: x.Paths}
	for _, name := range x.Names() {
		v := x.Outcomes[name]
		m := round6(v.Float())
		col.Outcomes = append(col.Outcomes, simOutcome{Name: name, Share: x.Shares[name], Mean: m, Lo: m, Hi: m, Exact: v.Mean.RatString()})
	}
	return col
}

func pathCounts(rep simReport) string {
	parts := make([]string, len(rep.Columns))
	for i, c := range rep.Columns {
		parts[i] = fmt.Sprintf("%d paths", c.Paths)
		if c.Paths == 1 {
			parts[i] = "1 path"
		}
		if len(rep.Columns) > 1 {
			parts[i] = c.Rules + " " + parts[i]
		}
	}
	return strings.Join(parts, ", ")
}

// exactCell writes an exact figure as a decimal and a fraction: "2.78% =
// 1/36", "0.889 = 8/9".
func exactCell(o simOutcome) string {
	r, ok := new(big.Rat).SetString(o.Exact)
	if !ok {
		return o.Exact
	}
	f, _ := r.Float64()
	if o.Share {
		return fmt.Sprintf("%.2f%% = %s", 100*f, o.Exact)
	}
	return fmt.Sprintf("%.3f = %s", f, o.Exact)
}

// exactOutcomes plays a module's scenario down every path through the dice
// and returns each outcome's exact mean, for diff --simulate --exact. It
// stops when ctx is done.
func exactOutcomes(ctx context.Context, mod *dsl.Module, scenario string, opt bataille.ExactOptions) (map[string]*big.Rat, error) {
	sd, err := bataille.FindScenario(mod, scenario)
	if err != nil {
		return nil, err
	}
	x, err := bataille.Exact(ctx, mod, sd, opt)
	if err != nil {
		return nil, err
	}
	out := map[string]*big.Rat{}
	for name, v := range x.Outcomes {
		out[name] = v.Mean
	}
	return out, nil
}

// bestFn gives each outcome's exact mean under best play, every question
// answered by the advisor, for `diff --simulate --best`.
var bestFn = func(mod *dsl.Module, scenario string) (map[string]*big.Rat, error) {
	sd, err := bataille.FindScenario(mod, scenario)
	if err != nil {
		return nil, err
	}
	adv, err := bataille.Advise(context.Background(), mod, sd, bataille.AdviseOptions{Free: true})
	if err != nil {
		return nil, err
	}
	out := map[string]*big.Rat{}
	for name, v := range adv.Best.Outcomes {
		out[name] = v.Mean
	}
	return out, nil
}

// exactBoth compares the exact outcomes of a scenario under two modules,
// each explored under the budgets of opt; an interrupt (ctx) stops both.
func exactBoth(ctx context.Context, oldMod, newMod *dsl.Module, scenario string, opt bataille.ExactOptions) (*dsl.OutcomeDiff, error) {
	return exactBothBy(func(mod *dsl.Module, scenario string) (map[string]*big.Rat, error) {
		return exactOutcomes(ctx, mod, scenario, opt)
	}, oldMod, newMod, scenario)
}

// exactBothBy compares a scenario's exact outcomes under two modules, each
// worked out by fn.
func exactBothBy(fn func(*dsl.Module, string) (map[string]*big.Rat, error), oldMod, newMod *dsl.Module, scenario string) (*dsl.OutcomeDiff, error) {
	a, err := fn(oldMod, scenario)
	if err != nil {
		return nil, fmt.Errorf("old side: %w", err)
	}
	b, err := fn(newMod, scenario)
	if err != nil {
		return nil, fmt.Errorf("new side: %w", err)
	}
	zero := new(big.Rat)
	s := &dsl.OutcomeDiff{Scenario: scenario, Exact: true}
	for _, k := range outcomeNames(a, b) {
		o, n := a[k], b[k]
		if o == nil {
			o = zero
		}
		if n == nil {
			n = zero
		}
		of, _ := o.Float64()
		nf, _ := n.Float64()
		change := new(big.Rat).Sub(n, o)
		c := change.RatString()
		if change.Sign() > 0 {
			c = "+" + c
		}
		s.Outcomes = append(s.Outcomes, dsl.OutcomeChange{Outcome: k, Old: round6(of), New: round6(nf), OldExact: o.RatString(), NewExact: n.RatString(), Change: c})
	}
	return s, nil
}
