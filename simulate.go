package bataille

import (
	"context"
	"fmt"
	"github.com/bataille/bataille/hex"
	"math"
	"math/big"
	"math/bits"
	"regexp"
	"runtime"
	"sort"
	"strconv"
	"sync"
	"sync/atomic"

	"github.com/bataille/bataille/dsl"
	"github.com/bataille/bataille/interpreter"
)

// SimOptions say which runs of a scenario to play. Run i (From ≤ i < To)
// uses seed Seed+i, so any slice of a sweep can be played anywhere and the
// slices added up.
type SimOptions struct {
	Seed     uint64
	From, To int
	Workers  int // 0: one per CPU
	// Answers, when set, is laid over the scenario's decide lines (see
	// NewEngine).
	Answers  *interpreter.ScriptedDecider
	Progress func(done int64) // called now and then from the workers; may be nil
}

// Counter adds up one outcome over runs: how many runs, the sum of the value
// and the sum of its squares (a yes/no outcome counts 1 or 0). Integers, so
// that adding in any order, on any number of workers or machines, gives the
// same result; the sum of squares has 128 bits, for a square alone may take
// 60 of int64's 63.
type Counter struct {
	N     int64 `json:"n"`
	Sum   int64 `json:"sum"`
	SumSq Wide  `json:"sumsq"`
}

// Add adds another counter.
func (c *Counter) Add(o Counter) { c.N += o.N; c.Sum += o.Sum; c.SumSq.Add(o.SumSq) }

// Wide is a whole number of 128 bits, at least 0: the sum of squares of a
// counter. It reads and writes as a JSON number.
type Wide struct{ Hi, Lo uint64 }

// WideOf makes a Wide of a number at least 0.
func WideOf(x uint64) Wide { return Wide{Lo: x} }

// Add adds o; past 128 bits it stays at the largest value.
func (w *Wide) Add(o Wide) {
	lo, c := bits.Add64(w.Lo, o.Lo, 0)
	hi, c2 := bits.Add64(w.Hi, o.Hi, c)
	if c2 != 0 {
		*w = Wide{math.MaxUint64, math.MaxUint64}
		return
	}
	w.Hi, w.Lo = hi, lo
}

// Float is the number as a float64.
func (w Wide) Float() float64 { return float64(w.Hi)*0x1p64 + float64(w.Lo) }

func (w Wide) big() *big.Int {
	b := new(big.Int).SetUint64(w.Hi)
	return b.Lsh(b, 64).Or(b, new(big.Int).SetUint64(w.Lo))
}

// MarshalJSON writes the number in decimal.
func (w Wide) MarshalJSON() ([]byte, error) { return []byte(w.big().String()), nil }

// UnmarshalJSON reads a whole number from 0 to 2^128-1.
func (w *Wide) UnmarshalJSON(data []byte) error {
	b, ok := new(big.Int).SetString(string(data), 10)
	if !ok || b.Sign() < 0 || b.BitLen() > 128 {
		return fmt.Errorf("sumsq: %s is not a whole number of at most 128 bits", data)
	}
	w.Lo = b.Uint64()
	w.Hi = new(big.Int).Rsh(b, 64).Uint64()
	return nil
}

// Mean is the average value.
func (c Counter) Mean() float64 {
	if c.N == 0 {
		return 0
	}
	return float64(c.Sum) / float64(c.N)
}

// CI95 is a 95% confidence interval for the mean: Wilson's for a share,
// the normal approximation for other values.
func (c Counter) CI95(share bool) (lo, hi float64) {
	if c.N == 0 {
		return 0, 0
	}
	n := float64(c.N)
	const z = 1.959963984540054
	if share {
		p := c.Mean()
		den := 1 + z*z/n
		mid := (p + z*z/(2*n)) / den
		half := z * math.Sqrt(p*(1-p)/n+z*z/(4*n*n)) / den
		// At p = 0 or 1 the bound is 0 or 1 exactly; rounding must not
		// make it -0.0000000001.
		return math.Max(0, mid-half), math.Min(1, mid+half)
	}
	m := c.Mean()
	v := c.SumSq.Float()/n - m*m
	if c.N > 1 {
		v *= n / (n - 1)
	}
	// A variance within rounding of 0 is 0: every run gave the same value.
	if v <= 1e-12*math.Max(1, m*m) {
		v = 0
	}
	half := z * math.Sqrt(v/n)
	return m - half, m + half
}

// Tally is the outcomes of a set of runs, by outcome name
// ("inf routed", "hus increments lost").
type Tally struct {
	Runs     int64              `json:"runs"`
	Errors   int64              `json:"errors"`
	Outcomes map[string]Counter `json:"outcomes"`
	// Shares names the outcomes that are yes/no (shown as percentages).
	Shares map[string]bool `json:"shares"`
}

// Add adds another tally.
func (t *Tally) Add(o *Tally) {
	t.Runs += o.Runs
	t.Errors += o.Errors
	for k, c := range o.Outcomes {
		cur := t.Outcomes[k]
		cur.Add(c)
		t.Outcomes[k] = cur
	}
	for k := range o.Shares {
		t.Shares[k] = true
	}
}

// Names lists the outcomes in order.
func (t *Tally) Names() []string {
	var out []string
	for k := range t.Outcomes {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

func newTally() *Tally {
	return &Tally{Outcomes: map[string]Counter{}, Shares: map[string]bool{}}
}

// Simulate plays runs From..To of a scenario under a module and adds up
// what happened to each unit. The result does not depend on Workers. When
// ctx ends first, it returns the runs finished so far (their tally has
// fewer Runs) with the context's error.
//
// The scenario may come from another module: a designer plays one battle's
// scenario under another edition's rules.
func Simulate(ctx context.Context, mod *dsl.Module, sd *dsl.ScenarioDef, opt SimOptions) (*Tally, error) {
	if _, err := NewRunner(mod, sd, opt.Answers); err != nil {
		return nil, err
	}
	workers := opt.Workers
	if workers <= 0 {
		workers = runtime.GOMAXPROCS(0)
	}
	total := opt.To - opt.From
	if total <= 0 {
		return newTally(), nil
	}
	if opt.From < 0 {
		return nil, fmt.Errorf("runs start at 0, not %d", opt.From)
	}
	if last := uint64(opt.To - 1); opt.Seed > math.MaxUint64-last {
		// Seed+i would wrap past 2^64-1 to 0 and replay the sweep's first
		// seeds under other run numbers.
		return nil, fmt.Errorf("seed %d: run i plays seed+i, and run %d would pass the largest seed, 2^64-1 (18446744073709551615); give a seed of at most %d for %d runs", opt.Seed, last, uint64(math.MaxUint64)-last, opt.To)
	}
	workers = min(workers, total)
	var next, done atomic.Int64
	next.Store(int64(opt.From))
	const chunk = 256
	tallies := make([]*Tally, workers)
	var firstErr error
	var errOnce sync.Once
	var wg sync.WaitGroup
	for w := range workers {
		tallies[w] = newTally()
		wg.Add(1)
		go func(t *Tally) {
			defer wg.Done()
			r, err := NewRunner(mod, sd, opt.Answers)
			if err != nil {
				errOnce.Do(func() { firstErr = err })
				return
			}
			keys, acc := newTallyKeys(r), &counts{}
			defer func() { acc.into(t, keys.names) }()
			for {
				start := int(next.Add(chunk)) - chunk
				if start >= opt.To || ctx.Err() != nil {
					return
				}
				end := min(start+chunk, opt.To)
				for i := start; i < end; i++ {
					if err := r.Play(ctx, opt.Seed+uint64(i)); err != nil {
						if ctx.Err() != nil {
							return // an interrupted run is not counted
						}
						errOnce.Do(func() { firstErr = fmt.Errorf("run %d (seed %d): %w", i, opt.Seed+uint64(i), err) })
						return
					}
					acc.runs++
					keys.each(r, acc)
				}
				d := done.Add(int64(end - start))
				if opt.Progress != nil {
					opt.Progress(d)
				}
			}
		}(tallies[w])
	}
	wg.Wait()
	if firstErr != nil {
		return nil, firstErr
	}
	out := newTally()
	for _, t := range tallies {
		out.Add(t)
	}
	out.Finish()
	if err := ctx.Err(); err != nil {
		// The runs finished before the context ended, for a caller to
		// show as a partial result.
		return out, err
	}
	return out, nil
}

// Runner plays one scenario again and again on one engine, with the trace
// off: a simulation's inner loop. One per goroutine.
type Runner struct {
	Engine *interpreter.Engine
	dice   *interpreter.SeededDice
	start  []interpreter.Unit
}

// NewRunner builds the scenario once. answers, when not nil, is laid over
// the scenario's decide lines.
func NewRunner(mod *dsl.Module, sd *dsl.ScenarioDef, answers *interpreter.ScriptedDecider) (*Runner, error) {
	return newRunner(mod, sd, answers, nil)
}

// newRunner builds the scenario once, with a brancher deciding the rolls
// when one is given.
func newRunner(mod *dsl.Module, sd *dsl.ScenarioDef, answers *interpreter.ScriptedDecider, b interpreter.Brancher) (*Runner, error) {
	setup, diags := interpreter.BuildScenario(mod, sd)
	if diags.HasErrors() {
		return nil, diags.Err()
	}
	dice := interpreter.NewSeededDice(0)
	decider := setup.Decider
	if answers != nil {
		decider = answers.Under(setup.Decider)
	}
	// Sampling and exact odds play with the invariants off, for speed:
	// `verify` is what proves they hold.
	cfg := interpreter.Config{Dice: dice, Decider: decider, NoTrace: true, NoInvariants: true, Effects: defaultEffects(), Brancher: b}
	e := interpreter.New(mod, setup.Board, setup.Orders, cfg)
	e.SetPhasing(setup.Turn)
	e.SetTurns(setup.Turns)
	r := &Runner{Engine: e, dice: dice}
	for _, u := range setup.Board.Units {
		r.start = append(r.start, *u)
	}
	return r, nil
}

// Play rewinds the scenario and plays it with the given seed.
func (r *Runner) Play(ctx context.Context, seed uint64) error {
	r.dice.Reseed(seed)
	r.Engine.Rewind(r.dice)
	return r.Engine.Run(ctx)
}

// Units are the units as the last Play left them, in scenario order.
func (r *Runner) Units() []*interpreter.Unit { return r.Engine.Board.Units }

// Start is how unit i stood before every run.
func (r *Runner) Start(i int) interpreter.Unit { return r.start[i] }

// tallyKeys makes each outcome name once, and numbers it, so tallying a
// run builds no strings and a worker counts by number: a run's outcomes
// are a few dozen, and hashing their names four times each was a sixth of
// a simulated run.
type tallyKeys struct {
	index map[tallyKey]int
	names []string // by number
	// fixed are each unit's outcomes whose names take no word (increments
	// lost, hexes moved, exhausted, tired), found without the map.
	fixed []*[4]outcome
	// named are the marks the module's rules name by a constant: the
	// marks tallied one by one.
	named map[string]bool
}

type tallyKey struct {
	unit       int
	kind, word string
}

// outcome is an outcome's name and its number in its tallyKeys.
type outcome struct {
	name string
	n    int
}

func newTallyKeys(r *Runner) *tallyKeys {
	k := &tallyKeys{index: map[tallyKey]int{}, named: map[string]bool{}}
	// Every string the rules write as a literal may name a mark, whatever
	// effect sets it (mark, mark_for, a battle's own) or reads it
	// (marked): the literals are bounded by the module's text, where a
	// computed name is not.
	for _, rule := range r.Engine.Module.Rules {
		for _, c := range rule.Clauses {
			if c.Cond != nil {
				namedLiterals(k.named, c.Cond.Source)
			}
			for _, cd := range c.Calls {
				for _, a := range cd.Args {
					if a == nil || a.Prog == nil {
						continue
					}
					if s, ok := a.Prog.Const.(string); ok && a.Prog.IsConst {
						k.named[s] = true
					}
					namedLiterals(k.named, a.Prog.Source)
				}
			}
		}
	}
	for _, s := range engineMarks {
		k.named[s] = true
	}
	for _, u := range r.start {
		for m := range u.Marks {
			k.named[m] = true // a scenario's own marks
		}
	}
	return k
}

func (k *tallyKeys) name(unit int, id, kind, word string) outcome {
	key := tallyKey{unit, kind, word}
	if n, ok := k.index[key]; ok {
		return outcome{k.names[n], n}
	}
	s := id + " " + kind
	if word != "" {
		s = id + " " + fmt.Sprintf(kind, word)
	}
	n := len(k.names)
	k.names = append(k.names, s)
	k.index[key] = n
	return outcome{s, n}
}

// engineMarks are the marks the effects set by a name of their own.
var engineMarks = []string{"reaction_charged"}

// stringLiteral is a string literal of an expression.
var stringLiteral = regexp.MustCompile(`"((?:[^"\\]|\\.)*)"`)

// namedLiterals adds the string literals of an expression's source.
func namedLiterals(named map[string]bool, src string) {
	for _, m := range stringLiteral.FindAllStringSubmatch(src, -1) {
		if s, err := strconv.Unquote(`"` + m[1] + `"`); err == nil {
			named[s] = true
		}
	}
}

// fixedOf gives a unit's outcomes that take no word.
func (k *tallyKeys) fixedOf(unit int, id string) *[4]outcome {
	for len(k.fixed) <= unit {
		k.fixed = append(k.fixed, nil)
	}
	if k.fixed[unit] == nil {
		k.fixed[unit] = &[4]outcome{
			k.name(unit, id, "increments lost", ""), k.name(unit, id, "hexes moved", ""),
			k.name(unit, id, "exhausted", ""), k.name(unit, id, "tired", ""),
		}
	}
	return k.fixed[unit]
}

// outcomeSink takes the outcomes of one run: a yes/no outcome, or a count.
// Simulate counts them; Exact weighs them by the chance of the run.
type outcomeSink interface {
	share(o outcome, yes bool)
	value(o outcome, v int64)
}

// each gives what happened to each unit in the last run: the outcomes both
// Simulate and Exact report.
func (k *tallyKeys) each(r *Runner, t outcomeSink) {
	for i, u := range r.Units() {
		s := r.Start(i)
		f := k.fixedOf(i, u.ID)
		t.share(k.name(i, u.ID, "%s", u.State), true)
		t.share(k.name(i, u.ID, "in %s", u.Formation), true)
		t.value(f[0], int64(s.Increments-u.Increments))
		t.value(f[1], int64(hex.Distance(s.Hex, u.Hex)))
		t.share(f[2], u.Exhausted)
		t.share(f[3], u.Tired)
		computed := false
		for m := range u.Marks {
			if !k.named[m] {
				// A mark whose name a rule computes could take a new name
				// every run and grow the tally without end. A unit with
				// two such marks is counted once.
				if computed {
					continue
				}
				computed, m = true, "(a computed name)"
			}
			t.share(k.name(i, u.ID, "marked %s", m), true)
		}
	}
}

// counts is one worker's tally, its counters by outcome number; into adds
// it to a Tally when the worker is done.
type counts struct {
	runs int64
	c    []Counter
	// seen: the outcome was given in some run; shared: as a yes/no one.
	seen, shared []bool
}

func (w *counts) at(n int) *Counter {
	for len(w.c) <= n {
		w.c = append(w.c, Counter{})
		w.seen = append(w.seen, false)
		w.shared = append(w.shared, false)
	}
	w.seen[n] = true
	return &w.c[n]
}

func (w *counts) share(o outcome, yes bool) {
	c := w.at(o.n)
	w.shared[o.n] = true
	if yes {
		c.Sum++
		c.SumSq.Add(WideOf(1))
	}
}

func (w *counts) value(o outcome, v int64) {
	c := w.at(o.n)
	c.Sum += v
	a := uint64(v)
	if v < 0 {
		a = uint64(-v)
	}
	hi, lo := bits.Mul64(a, a)
	c.SumSq.Add(Wide{hi, lo})
}

// into adds the worker's counts to t, by the outcomes' names.
func (w *counts) into(t *Tally, names []string) {
	t.Runs += w.runs
	for n, c := range w.c {
		if !w.seen[n] {
			continue
		}
		if w.shared[n] {
			t.Shares[names[n]] = true
		}
		o := t.Outcomes[names[n]]
		o.Add(c)
		t.Outcomes[names[n]] = o
	}
}

// Finish sets every counter's N to the number of runs: an outcome that did
// not happen in a run counts as a zero for it.
func (t *Tally) Finish() {
	for k, c := range t.Outcomes {
		c.N = t.Runs
		t.Outcomes[k] = c
	}
}
