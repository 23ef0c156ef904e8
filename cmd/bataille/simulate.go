package main

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"io"
	"math"
	"math/big"
	"os"
	"os/signal"
	"path"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"text/tabwriter"

	"github.com/bataille/bataille"
	"github.com/bataille/bataille/dsl"
	"github.com/bataille/bataille/internal/visible"
	"github.com/spf13/pflag"
)

func init() {
	register(command{"simulate", "play a scenario many times and print the outcome distribution", cmdSimulate})
}

// simReport is what simulate prints with --json, and what --merge reads:
// the integer counters, so that slices add up to the whole exactly, and the
// means and intervals made from them.
type simReport struct {
	Scenario string `json:"scenario"`
	Seed     uint64 `json:"seed"`
	N        int    `json:"n"`
	Shard    string `json:"shard,omitempty"`
	// Partial says the run was interrupted: each column holds the runs
	// finished before (its runs), not all of them.
	Partial bool        `json:"partial,omitempty"`
	From    int         `json:"from"`
	To      int         `json:"to"`
	Exact   bool        `json:"exact,omitempty"` // figures over every path through the dice, not sampled
	Columns []simColumn `json:"columns"`
}

type simColumn struct {
	Rules string `json:"rules"`           // the module's id
	Title string `json:"title,omitempty"` // and its title
	// Hash identifies the scripts played: their names and text, the
	// module's and those it extends (moduleHash). --merge refuses shards
	// that played different ones.
	Hash  string `json:"hash,omitempty"`
	Runs  int64  `json:"runs"`
	Paths int64  `json:"paths,omitempty"` // --exact: the paths through the dice played
	// Placeholders name the invented figures the battle plays, as run's
	// text does, so that a report read alone carries its caveat.
	Placeholders []string `json:"placeholders,omitempty"`
	// Total is, for a shard of an exact exploration, the chance its paths
	// hold together (the shards' add up to 1).
	Total    string       `json:"total,omitempty"`
	Outcomes []simOutcome `json:"outcomes"`
}

type simOutcome struct {
	Name  string        `json:"name"`
	Share bool          `json:"share"`
	N     int64         `json:"n"`
	Sum   int64         `json:"sum"`
	SumSq bataille.Wide `json:"sumsq"`
	Mean  float64       `json:"mean"`
	Lo    float64       `json:"lo"`
	Hi    float64       `json:"hi"`
	// Exact is the mean as a fraction, with --exact (Lo and Hi are the mean).
	Exact string `json:"exact,omitempty"`
	// ExactSq is, in a shard of an exact exploration, the part of the
	// expected square its paths hold, so that merged shards give the spread.
	ExactSq string `json:"exact_sq,omitempty"`
}

func cmdSimulate(args []string, stdout, stderr io.Writer) int {
	fs := pflag.NewFlagSet("simulate", pflag.ContinueOnError)
	fs.SetOutput(stderr)
	n := fs.IntP("runs", "n", 10000, "how many times to play the scenario")
	seed := fs.Uint64("seed", 1, "seed of the first run; run i uses seed+i")
	rules := fs.StringArray("rules", nil, "another battle or folder to play the same scenario under (a column each; repeatable)")
	workers := fs.Int("workers", 0, "parallel workers (default: one per CPU); the result does not depend on it")
	asJSON := fs.Bool("json", false, "print the counters and intervals as JSON")
	shard := fs.String("shard", "", "play only slice I of N of the runs (I/N, from 1), for spreading a sweep over machines; auto or auto/N takes I (and N) from a Kubernetes Indexed Job or a Slurm array")
	merge := fs.Bool("merge", false, "add up the --json outputs of --shard runs given as arguments")
	marks := fs.Bool("marks", false, "also list the marks rules set on units (bookkeeping such as \"declared\"); --json always has them")
	htmlOut := fs.String("html", "", "also write the shares and means as bar charts with their intervals to this HTML file")
	svgOut := fs.String("svg", "", "also write the bar charts to this SVG file")
	answers := answerFlags(fs)
	exact := exactFlags(fs)
	fs.Usage = func() {
		fmt.Fprintln(stderr, `Usage: bataille simulate GAME|DIR [SCENARIO] -n N [--seed S] [--rules OTHER]… [--workers K] [--json] [--shard I/N|auto[/N]] [--html FILE] [--svg FILE]
       bataille simulate GAME|DIR [SCENARIO] --exact [--max-paths P] [--or-sample] [--rules OTHER]… [--html FILE] [--svg FILE]
       bataille simulate --merge FILE… [--json] [--html FILE] [--svg FILE]

Plays a scenario N times (run i with seed S+i) and prints how often each
outcome happened to each unit (state, formation, exhaustion, marks), and the
mean of each count (increments lost, hexes moved), with 95% confidence
intervals. Each --rules adds a column: the same scenario and seeds under
another battle's rules, to compare two editions side by side.

With --exact the scenario is played down every path through the dice
instead, each path weighted by its exact chance: each outcome's chance as a
fraction and a decimal, and each count's exact mean.

Flags:`)
		fs.PrintDefaults()
	}
	if code, ok := parseFlags(fs, args); !ok {
		return code
	}
	if *merge {
		if exact.on {
			fmt.Fprintln(stderr, "bataille simulate: --merge reads whether its shards are exact from them; leave out --exact")
			return exitUsage
		}
		return mergeReports(fs.Args(), *asJSON, *marks, *htmlOut, *svgOut, stdout, stderr)
	}
	if exact.on && *shard != "" {
		s, err := resolveShard(*shard, os.Getenv)
		if err == nil {
			exact.shard, exact.shards, err = exactShard(s)
		}
		if err != nil {
			fmt.Fprintf(stderr, "bataille simulate: %v\n", err)
			return exitUsage
		}
		if exact.orSample || *htmlOut != "" || *svgOut != "" {
			fmt.Fprintln(stderr, "bataille simulate: a shard of an exact exploration is half an answer: --merge the shards' --json reports, then draw them")
			return exitUsage
		}
	}
	if fs.NArg() < 1 || fs.NArg() > 2 || *n < 1 {
		fs.Usage()
		return exitUsage
	}
	decider, err := answers()
	if err != nil {
		fmt.Fprintf(stderr, "bataille simulate: %v\n", err)
		return exitUsage
	}
	*shard, err = resolveShard(*shard, os.Getenv)
	if err != nil {
		fmt.Fprintf(stderr, "bataille simulate: %v\n", err)
		return exitUsage
	}
	from, to, err := shardRange(*shard, *n)
	if err != nil {
		fmt.Fprintf(stderr, "bataille simulate: %v\n", err)
		return exitUsage
	}
	mod, sd := loadScenario("simulate", fs.Arg(0), fs.Arg(1), decider, stderr)
	if sd == nil {
		return exitFail
	}
	mods := []*dsl.Module{mod}
	for _, r := range *rules {
		m := loadOrReport(r, toPlay, stderr)
		if m == nil {
			return exitFail
		}
		// Before a run is played: a word of the scenario that the other
		// battle does not declare would stop the sweep at its first run.
		if diags := bataille.CheckUnder(m, sd); diags.HasErrors() {
			fmt.Fprintf(stderr, "bataille simulate: scenario %s of %s cannot be played under %s's rules:\n", sd.Name, mod.ID, m.ID)
			diags.Print(stderr)
			return exitFail
		}
		mods = append(mods, m)
	}
	for _, m := range mods {
		notePlaceholders(stderr, m)
	}
	if exact.on {
		exact.html, exact.svg = *htmlOut, *svgOut
		if code, done := simulateExact(exact, sd, mods, *workers, decider, *asJSON, *marks, stdout, stderr); done {
			return code
		}
	}
	rep := simReport{Scenario: sd.Name, Seed: *seed, N: *n, Shard: *shard, From: from, To: to}
	bar := newProgress(stderr, int64(to-from)*int64(len(mods)))
	// SIGINT stops the workers; what they finished is printed, marked
	// partial, and the command exits as an interrupted one does.
	ctx, stop := interruptContext()
	defer stop()
	for i, m := range mods {
		base := int64(i) * int64(to-from)
		t, err := bataille.Simulate(ctx, m, sd, bataille.SimOptions{Seed: *seed, From: from, To: to, Workers: *workers, Answers: decider,
			Progress: func(done int64) { bar.set(base + done); simProgress() }})
		if err != nil && ctx.Err() != nil && t != nil {
			bar.clear()
			rep.Partial = true
			rep.Columns = append(rep.Columns, column(m.ID, m.Title, t))
			fmt.Fprintf(stderr, "bataille simulate: interrupted; the result is partial (%d of %d runs in the last column)\n", t.Runs, to-from)
			printReport(rep, *asJSON, *marks, stdout)
			return exitInterrupted
		}
		if err != nil {
			bar.clear()
			fmt.Fprintf(stderr, "bataille simulate: %s: %v\n", m.ID, err)
			return exitFail
		}
		rep.Columns = append(rep.Columns, column(m.ID, m.Title, t))
	}
	for i, m := range mods {
		rep.Columns[i].Hash = moduleHash(m)
	}
	bar.clear()
	if code := writeCharts(rep, *htmlOut, *svgOut, *marks, stderr); code != exitOK {
		return code
	}
	return printReport(rep, *asJSON, *marks, stdout)
}

// interruptContext is the context simulate plays under: it ends on SIGINT.
func interruptContext() (context.Context, context.CancelFunc) {
	return signal.NotifyContext(context.Background(), os.Interrupt)
}

// simProgress is called as runs finish; a test sets it to learn that a
// simulation is under way.
var simProgress = func() {}

// shardRange turns "I/N" into the runs of slice I.
func shardRange(shard string, n int) (from, to int, err error) {
	if shard == "" {
		return 0, n, nil
	}
	is, ns, ok := strings.Cut(shard, "/")
	i, err1 := strconv.Atoi(is)
	k, err2 := strconv.Atoi(ns)
	if !ok || err1 != nil || err2 != nil || k < 1 || i < 1 || i > k || k > n {
		return 0, 0, fmt.Errorf("--shard wants I/N with 1 ≤ I ≤ N ≤ runs; got %q", shard)
	}
	return (i - 1) * n / k, i * n / k, nil
}

func column(rules, title string, t *bataille.Tally) simColumn {
	col := simColumn{Rules: rules, Title: title, Runs: t.Runs, Placeholders: placeholdersOf(rules)}
	for _, name := range t.Names() {
		c := t.Outcomes[name]
		share := t.Shares[name]
		lo, hi := c.CI95(share)
		col.Outcomes = append(col.Outcomes, simOutcome{Name: name, Share: share, N: c.N, Sum: c.Sum, SumSq: c.SumSq,
			Mean: round6(c.Mean()), Lo: round6(lo), Hi: round6(hi)})
	}
	return col
}

// round6 keeps JSON figures short and the same on every machine.
func round6(x float64) float64 {
	v, _ := strconv.ParseFloat(strconv.FormatFloat(x, 'f', 6, 64), 64)
	return v
}

// printReport prints the report: as JSON, everything; as a table, what a
// reader asks of a run (each unit's state and formation at the end, changed
// or not, losses, movement, readiness), and the rules' marks with marks.
func printReport(rep simReport, asJSON, marks bool, w io.Writer) int {
	if asJSON {
		enc := json.NewEncoder(w)
		enc.SetIndent("", "  ")
		if err := enc.Encode(rep); err != nil {
			return exitFail
		}
		return exitOK
	}
	if rep.Partial {
		fmt.Fprintf(w, "PARTIAL RESULT: interrupted; runs finished per column:")
		for _, c := range rep.Columns {
			fmt.Fprintf(w, " %s %d", c.Rules, c.Runs)
		}
		fmt.Fprintf(w, " (of %d)\n", rep.To-rep.From)
	}
	if rep.Exact {
		fmt.Fprintf(w, "scenario %s: exact, over every path through the dice (%s)\n", rep.Scenario, pathCounts(rep))
	} else {
		fmt.Fprintf(w, "scenario %s: %d runs per column, seeds %d..%d\n", rep.Scenario, rep.To-rep.From, rep.Seed+uint64(rep.From), rep.Seed+uint64(rep.To)-1)
	}
	named := map[string]bool{}
	for _, c := range rep.Columns {
		if c.Title != "" && !named[c.Rules] {
			named[c.Rules] = true
			fmt.Fprintf(w, "  %s: %s\n", visible.Line(c.Rules), visible.Line(c.Title))
		}
	}
	fmt.Fprintln(w)
	tw := tabwriter.NewWriter(w, 0, 0, 3, ' ', 0)
	header := []string{"outcome"}
	for _, c := range rep.Columns {
		header = append(header, visible.Line(c.Rules))
	}
	fmt.Fprintln(tw, strings.Join(header, "\t"))
	rows := map[string][]string{}
	var order []string
	for ci, c := range rep.Columns {
		for _, o := range c.Outcomes {
			if !marks && isMark(o.Name) {
				continue
			}
			if _, ok := rows[o.Name]; !ok {
				rows[o.Name] = make([]string, len(rep.Columns))
				order = append(order, o.Name)
			}
			rows[o.Name][ci] = cell(o)
		}
	}
	sortStrings(order)
	for _, name := range order {
		cells := rows[name]
		nonzero := false
		for i, s := range cells {
			if s == "" {
				cells[i] = "-"
			} else if !strings.HasPrefix(s, "0.0% ") && !strings.HasPrefix(s, "0.00 ") && !strings.HasSuffix(s, " = 0") {
				nonzero = true
			}
		}
		if nonzero {
			fmt.Fprintln(tw, visible.Line(name)+"\t"+strings.Join(cells, "\t"))
		}
	}
	tw.Flush()
	return exitOK
}

// isMark reports whether an outcome is a rule's mark on a unit ("hus marked
// declared"): unit ids have no spaces.
func isMark(name string) bool {
	_, rest, _ := strings.Cut(name, " ")
	return strings.HasPrefix(rest, "marked ")
}

func cell(o simOutcome) string {
	if o.Exact != "" {
		return exactCell(o)
	}
	if o.Share {
		return fixed(100*o.Mean, 1) + "% [" + fixed(100*o.Lo, 1) + ", " + fixed(100*o.Hi, 1) + "]"
	}
	return fixed(o.Mean, 2) + " [" + fixed(o.Lo, 2) + ", " + fixed(o.Hi, 2) + "]"
}

// fixed writes v with the given decimals and never as -0.0: a value that
// rounds to zero is zero, whatever its sign.
func fixed(v float64, decimals int) string {
	s := strconv.FormatFloat(v, 'f', decimals, 64)
	if strings.HasPrefix(s, "-") && strings.Trim(s[1:], "0.") == "" {
		return s[1:]
	}
	return s
}

// maxReportBytes bounds a shard report --merge reads: a report has one
// line per outcome, far below this.
const maxReportBytes = 64 << 20

// mergeReports adds up shard reports into the report one run would print.
func mergeReports(files []string, asJSON, marks bool, htmlOut, svgOut string, stdout, stderr io.Writer) int {
	if len(files) == 0 {
		fmt.Fprintln(stderr, "bataille simulate --merge: give the --json outputs of the shards")
		return exitUsage
	}
	var reps []simReport
	for _, f := range files {
		data, err := dsl.ReadFileLimit(os.DirFS(filepath.Dir(f)), filepath.Base(f), maxReportBytes)
		if err != nil {
			fmt.Fprintf(stderr, "bataille simulate --merge: %v\n", err)
			return exitFail
		}
		var r simReport
		if err := json.Unmarshal(data, &r); err != nil {
			fmt.Fprintf(stderr, "bataille simulate --merge: %s: not a simulate --json report: %v\n", f, err)
			return exitFail
		}
		if r.Exact {
			// Checked by mergeExactReports, whose figures are fractions.
		} else if err := validReport(r); err != nil {
			fmt.Fprintf(stderr, "bataille simulate --merge: %s: %v; not merged\n", f, err)
			return exitFail
		}
		reps = append(reps, r)
	}
	if reps[0].Exact {
		return mergeExactReports(reps, asJSON, marks, htmlOut, svgOut, stdout, stderr)
	}
	sortReports(reps)
	out := simReport{Scenario: reps[0].Scenario, Seed: reps[0].Seed, N: reps[0].N, From: reps[0].From, To: reps[0].From}
	tallies := make([]*bataille.Tally, len(reps[0].Columns))
	for i := range tallies {
		tallies[i] = &bataille.Tally{Outcomes: map[string]bataille.Counter{}, Shares: map[string]bool{}}
	}
	for _, r := range reps {
		if r.Scenario != out.Scenario || r.Seed != out.Seed || r.N != out.N || len(r.Columns) != len(tallies) {
			fmt.Fprintln(stderr, "bataille simulate --merge: the reports are of different sweeps (scenario, seed, runs or columns differ)")
			return exitFail
		}
		if r.From != out.To {
			fmt.Fprintf(stderr, "bataille simulate --merge: runs %d..%d are missing or given twice\n", out.To, r.From)
			return exitFail
		}
		if r.Partial {
			fmt.Fprintf(stderr, "bataille simulate --merge: the report of runs %d..%d is partial (interrupted); play that shard again\n", r.From, r.To)
			return exitFail
		}
		out.To = r.To
		for i, c := range r.Columns {
			if c.Rules != reps[0].Columns[i].Rules {
				fmt.Fprintln(stderr, "bataille simulate --merge: the reports compare different rules")
				return exitFail
			}
			if c.Hash != reps[0].Columns[i].Hash {
				fmt.Fprintf(stderr, "bataille simulate --merge: the shards of runs %d..%d and %d..%d played different scripts of %s (hash %s, not %s); play every shard with the same files\n",
					reps[0].From, reps[0].To, r.From, r.To, visible.Line(c.Rules), shortHash(c.Hash), shortHash(reps[0].Columns[i].Hash))
				return exitFail
			}
			part := &bataille.Tally{Runs: c.Runs, Outcomes: map[string]bataille.Counter{}, Shares: map[string]bool{}}
			for _, o := range c.Outcomes {
				if cur := tallies[i].Outcomes[o.Name].Sum; o.Sum > 0 && cur > math.MaxInt64-o.Sum || o.Sum < 0 && cur < math.MinInt64-o.Sum {
					fmt.Fprintf(stderr, "bataille simulate --merge: outcome %s: the shards' sums overflow; not merged\n", visible.Line(o.Name))
					return exitFail
				}
				part.Outcomes[o.Name] = bataille.Counter{N: o.N, Sum: o.Sum, SumSq: o.SumSq}
				if o.Share {
					part.Shares[o.Name] = true
				}
			}
			tallies[i].Add(part)
		}
	}
	if out.From != 0 || out.To != out.N {
		fmt.Fprintf(stderr, "bataille simulate --merge: the shards cover runs %d..%d of 0..%d\n", out.From, out.To, out.N)
		return exitFail
	}
	for i, t := range tallies {
		t.Finish()
		col := column(reps[0].Columns[i].Rules, reps[0].Columns[i].Title, t)
		col.Hash = reps[0].Columns[i].Hash
		out.Columns = append(out.Columns, col)
	}
	if code := writeCharts(out, htmlOut, svgOut, marks, stderr); code != exitOK {
		return code
	}
	return printReport(out, asJSON, marks, stdout)
}

// progress draws a bar on a terminal, and nothing when output is piped.
type progress struct {
	w     io.Writer
	total int64
	on    bool
	mu    sync.Mutex
	last  int
}

func newProgress(w io.Writer, total int64) *progress {
	// The bar is drawn with carriage returns of its own, written raw.
	w = visible.Raw(w)
	p := &progress{w: w, total: total}
	if f, ok := w.(*os.File); ok {
		if st, err := f.Stat(); err == nil && st.Mode()&os.ModeCharDevice != 0 {
			p.on = true
		}
	}
	return p
}

func (p *progress) set(done int64) {
	if !p.on || p.total == 0 {
		return
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	pct := int(100 * done / p.total)
	if pct == p.last {
		return
	}
	p.last = pct
	fill := pct * 30 / 100
	fmt.Fprintf(p.w, "\r[%s%s] %3d%%", strings.Repeat("#", fill), strings.Repeat(" ", 30-fill), pct)
}

func (p *progress) clear() {
	if p.on {
		fmt.Fprintf(p.w, "\r%s\r", strings.Repeat(" ", 40))
	}
}

// simulateOutcomes plays a module's scenario n times and returns the mean of
// every outcome (a share for yes/no outcomes), for diff --simulate.
func simulateOutcomes(mod *dsl.Module, scenario string, n int, seed uint64, workers int) (map[string]float64, error) {
	sd, err := bataille.FindScenario(mod, scenario)
	if err != nil {
		return nil, err
	}
	t, err := bataille.Simulate(context.Background(), mod, sd, bataille.SimOptions{Seed: seed, To: n, Workers: workers})
	if err != nil {
		return nil, err
	}
	out := map[string]float64{}
	for name, c := range t.Outcomes {
		out[name] = c.Mean()
	}
	return out, nil
}

// moduleHash identifies the scripts a module was checked from: the name
// (without its folder, which differs from machine to machine) and text of
// each file, the module's and those of every module it extends, as SHA-256.
func moduleHash(mod *dsl.Module) string {
	h := sha256.New()
	for m := mod; m != nil; m = m.Base {
		fmt.Fprintf(h, "module %q\n", m.ID)
		for _, f := range m.Files {
			fmt.Fprintf(h, "file %q %d\n", path.Base(f.Pos.Filename), len(f.Src))
			io.WriteString(h, f.Src)
		}
	}
	return "sha256:" + hex.EncodeToString(h.Sum(nil))
}

func shortHash(h string) string {
	if h == "" {
		return "none"
	}
	return visible.Line(h[:min(len(h), 19)])
}

// validReport refuses a shard report whose figures no run could give: a
// slice outside the sweep, a column that played another number of runs,
// an outcome counted more often than the runs, a share whose count is not
// between 0 and its runs or whose squares differ from it (a share's values
// are 0 and 1), or a mean and its spread that cannot be (Σx² < (Σx)²/n).
// Such a file once merged into shares of 516% with NaN intervals.
func validReport(r simReport) error {
	if r.N < 1 || r.From < 0 || r.To <= r.From || r.To > r.N {
		return fmt.Errorf("runs %d..%d of a sweep of %d cannot be", r.From, r.To, r.N)
	}
	if r.Exact {
		return fmt.Errorf("an --exact report has nothing to merge")
	}
	if len(r.Columns) == 0 {
		return fmt.Errorf("no column")
	}
	runs := int64(r.To - r.From)
	for _, c := range r.Columns {
		if c.Runs != runs && !r.Partial {
			return fmt.Errorf("column %s played %d runs, not the %d of runs %d..%d", visible.Line(c.Rules), c.Runs, runs, r.From, r.To)
		}
		for _, o := range c.Outcomes {
			name := visible.Line(o.Name)
			if o.N < 0 || o.N > c.Runs {
				return fmt.Errorf("outcome %s is counted %d times in %d runs", name, o.N, c.Runs)
			}
			if o.Share {
				if o.Sum < 0 || o.Sum > o.N || o.SumSq != bataille.WideOf(uint64(o.Sum)) {
					return fmt.Errorf("share %s: %d of %d runs (squares %v) cannot be", name, o.Sum, o.N, o.SumSq)
				}
				continue
			}
			// A run's value is one of the language's numbers, within
			// ±1,000,000,000 (dsl's bound on numbers), so
			// |Σx| ≤ n·10⁹ and Σx² ≤ n·10¹⁸; and (Cauchy–Schwarz)
			// (Σx)² ≤ n·Σx².
			const most = 1_000_000_000
			if o.Sum > o.N*most || o.Sum < -o.N*most || wideBig(o.SumSq).Cmp(new(big.Int).Mul(big.NewInt(o.N), big.NewInt(most*most))) > 0 {
				return fmt.Errorf("outcome %s: a sum of %d (squares %v) over %d runs is past ±1,000,000,000 a run", name, o.Sum, o.SumSq, o.N)
			}
			sq := new(big.Int).Mul(big.NewInt(o.Sum), big.NewInt(o.Sum))
			nsq := new(big.Int).Mul(big.NewInt(o.N), wideBig(o.SumSq))
			if sq.Cmp(nsq) > 0 || o.N == 0 && (o.Sum != 0 || o.SumSq != (bataille.Wide{})) {
				return fmt.Errorf("outcome %s: a sum of %d and of squares %v over %d runs cannot be", name, o.Sum, o.SumSq, o.N)
			}
		}
	}
	return nil
}

func wideBig(w bataille.Wide) *big.Int {
	b := new(big.Int).SetUint64(w.Hi)
	return b.Lsh(b, 64).Or(b, new(big.Int).SetUint64(w.Lo))
}
