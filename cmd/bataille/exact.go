package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"math/big"
	"strconv"
	"strings"

	"github.com/bataille/bataille"
	"github.com/bataille/bataille/dsl"
	"github.com/bataille/bataille/internal/visible"
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
	// shard and shards split the exploration (--shard I/N), 0 for none.
	shard, shards int
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
	if o.shards > 0 {
		rep.Shard = fmt.Sprintf("%d/%d", o.shard, o.shards)
	}
	ctx, stop := interruptContext()
	defer stop()
	for _, m := range mods {
		x, err := bataille.Exact(ctx, m, sd, bataille.ExactOptions{Answers: answers, MaxPaths: o.maxPaths, MaxStates: o.maxStates, MaxCost: o.maxCost, Workers: workers, Shard: o.shard, Shards: o.shards})
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
		col := exactColumn(m.ID, m.Title, x)
		if o.shards > 0 {
			col.Total, col.Hash = x.Total.RatString(), moduleHash(m)
			for i := range col.Outcomes {
				col.Outcomes[i].ExactSq = x.Outcomes[col.Outcomes[i].Name].MeanSq.RatString()
			}
		}
		rep.Columns = append(rep.Columns, col)
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

// exactShard reads --shard I/N for an exact exploration.
func exactShard(s string) (shard, shards int, err error) {
	is, ns, ok := strings.Cut(s, "/")
	i, err1 := strconv.Atoi(is)
	n, err2 := strconv.Atoi(ns)
	if !ok || err1 != nil || err2 != nil || n < 1 || i < 1 || i > n || n > maxExactShards {
		return 0, 0, fmt.Errorf("--shard wants I/N with 1 ≤ I ≤ N ≤ %d; got %q", maxExactShards, s)
	}
	return i, n, nil
}

// maxExactShards bounds the shards of an exact exploration: each plays
// the exploration's start again, and a few thousand states are what it
// splits.
const maxExactShards = 4096

// mergeExactReports adds up the --json reports of the shards of an exact
// exploration: every shard I/N once, the same scenario and columns, each
// column's chances adding up to 1 exactly.
func mergeExactReports(reps []simReport, asJSON, marks bool, htmlOut, svgOut string, stdout, stderr io.Writer) int {
	fail := func(format string, args ...any) int {
		fmt.Fprintf(stderr, "bataille simulate --merge: "+format+"\n", args...)
		return exitFail
	}
	first := reps[0]
	_, n, err := exactShard(first.Shard)
	if err != nil {
		return fail("an exact report that is not a shard (%q): nothing to merge", visible.Line(first.Shard))
	}
	seen := make([]bool, n+1)
	parts := make([][]*bataille.ExactTally, len(first.Columns))
	for _, r := range reps {
		if !r.Exact || r.Partial {
			return fail("an exact shard merges only with exact shards, complete")
		}
		i, k, err := exactShard(r.Shard)
		if err != nil || k != n {
			return fail("shard %q is not one of %d", visible.Line(r.Shard), n)
		}
		if seen[i] {
			return fail("shard %d/%d is given twice", i, n)
		}
		seen[i] = true
		if r.Scenario != first.Scenario || len(r.Columns) != len(first.Columns) {
			return fail("the reports are of different explorations (scenario or columns differ)")
		}
		for c, col := range r.Columns {
			if col.Rules != first.Columns[c].Rules {
				return fail("the reports compare different rules")
			}
			if col.Hash == "" || col.Hash != first.Columns[c].Hash {
				return fail("the shards played different scripts for %s (their hashes differ): play every shard with the same files", visible.Line(col.Rules))
			}
			x := &bataille.ExactTally{Paths: col.Paths, Outcomes: map[string]bataille.ExactValue{}, Shares: map[string]bool{}}
			var ok bool
			if x.Total, ok = ratOf(col.Total); !ok {
				return fail("shard %s, %s: the chance %q is not a fraction between 0 and 1", r.Shard, visible.Line(col.Rules), visible.Line(col.Total))
			}
			if col.Paths < 0 {
				return fail("shard %s, %s: %d paths", r.Shard, visible.Line(col.Rules), col.Paths)
			}
			for _, o := range col.Outcomes {
				mean, ok1 := new(big.Rat).SetString(o.Exact)
				sq, ok2 := new(big.Rat).SetString(o.ExactSq)
				if !ok1 || !ok2 || (o.Share && (mean.Sign() < 0 || mean.Cmp(x.Total) > 0)) {
					return fail("shard %s, %s: outcome %q has no exact figures in range", r.Shard, visible.Line(col.Rules), visible.Line(o.Name))
				}
				x.Outcomes[o.Name] = bataille.ExactValue{Mean: mean, MeanSq: sq}
				if o.Share {
					x.Shares[o.Name] = true
				}
			}
			parts[c] = append(parts[c], x)
		}
	}
	for i := 1; i <= n; i++ {
		if !seen[i] {
			return fail("shard %d/%d is missing", i, n)
		}
	}
	out := simReport{Scenario: first.Scenario, Exact: true}
	for c, p := range parts {
		x, err := bataille.MergeExact(p)
		if err != nil {
			return fail("%s: %v", visible.Line(first.Columns[c].Rules), err)
		}
		out.Columns = append(out.Columns, exactColumn(first.Columns[c].Rules, first.Columns[c].Title, x))
	}
	if code := writeCharts(out, htmlOut, svgOut, marks, stderr); code != exitOK {
		return code
	}
	return printReport(out, asJSON, marks, stdout)
}

// ratOf reads a chance: a fraction from 0 to 1.
func ratOf(s string) (*big.Rat, bool) {
	r, ok := new(big.Rat).SetString(s)
	return r, ok && r.Sign() >= 0 && r.Cmp(big.NewRat(1, 1)) <= 0
}
