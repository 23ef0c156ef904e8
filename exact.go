package bataille

import (
	"context"
	"errors"
	"fmt"
	"math"
	"math/big"
	"runtime"
	"sort"
	"strings"
	"sync"
	"sync/atomic"

	"github.com/bataille/bataille/dsl"
	"github.com/bataille/bataille/interpreter"
)

// ExactOptions say how to play a scenario over every way the dice can go.
type ExactOptions struct {
	// Answers, when set, is laid over the scenario's decide lines (see
	// NewEngine).
	Answers *interpreter.ScriptedDecider
	// MaxPaths bounds the paths through the dice that are played: from
	// one state to the next (or, with Enumerate, from the start to the
	// end); 0 means DefaultMaxPaths. MaxStates bounds the distinct states
	// kept (0: DefaultMaxStates), MaxCost the cost of all the play together
	// (0: DefaultExactCost). An exploration that needs more fails with a
	// *LimitError, which names the limit, rather than give part of the
	// answer.
	MaxPaths  int64
	MaxStates int64
	MaxCost   int64
	Workers   int               // 0: one per CPU; the result does not depend on it
	Progress  func(paths int64) // called now and then from the workers; may be nil
	// Enumerate plays every path through the dice from the start to the
	// end, not merging the paths that reach the same state: the reference
	// the exploration of states is tested against, exponentially slower.
	Enumerate bool
	// Whole explores the scenario at once even where it splits into lanes
	// that cannot meet (see exploreLanes): for the test that the lanes give
	// the same answer.
	Whole bool
	// Shard and Shards split the exploration over machines: shard Shard
	// (from 1) of Shards plays on from every Shards-th of the states once
	// there are enough of them, in an order every shard finds alike, and
	// the first shard also keeps what ended before. Each shard's tally
	// holds its part of the chance (Total), and the shards' tallies add up
	// to the whole one's exactly (MergeExact).
	Shard, Shards int
}

// The budgets when ExactOptions gives none: a few seconds of play on one
// core, some hundreds of megabytes of states, and a hundred times what one
// run may cost (a run of a scenario can cost at most DefaultMaxCost).
const (
	DefaultMaxPaths  = 200_000
	DefaultMaxStates = 200_000
	DefaultExactCost = 100 * interpreter.DefaultMaxCost
)

// ErrTreeTooLarge is wrapped by the error of Exact when the exploration
// needs more than one of its budgets.
var ErrTreeTooLarge = errors.New("too large to explore")

// LimitError is the error of an exploration stopped by one of its budgets:
// which one (the name of its command-line flag), and its value.
type LimitError struct {
	Limit string // "--max-paths", "--max-states", "--max-cost"
	Max   int64
	What  string // "paths through the dice", "states", "units of cost"
}

func (e *LimitError) Error() string {
	return fmt.Sprintf("%s: more than %d %s (%s)", ErrTreeTooLarge, e.Max, e.What, e.Limit)
}

func (e *LimitError) Unwrap() error { return ErrTreeTooLarge }

func pathLimit(n int64) error {
	return &LimitError{Limit: "--max-paths", Max: n, What: "paths through the dice"}
}

// ExactTally is a scenario's outcomes over every path through the dice,
// each path weighted by its exact chance: the report of Simulate with the
// sampling left out.
type ExactTally struct {
	// Paths is how many paths there are through the dice: one per way the
	// rolls can decide the play (a roll branches on the rows it can read,
	// not on its faces), which playing every path from the start would
	// play (at most math.MaxInt64). States is how many distinct states
	// the exploration played on from, Played how many paths it played,
	// each from one state to the next (with Enumerate: Paths, States 0).
	Paths  int64
	States int64
	Played int64
	// Lanes is how many parts that cannot meet the scenario was explored
	// in, each alone (1: as a whole; 0 with Enumerate).
	Lanes int
	// Total is the chance of all the paths played together: 1, which the
	// tally checks.
	Total    *big.Rat
	Outcomes map[string]ExactValue
	// Shares names the outcomes that are yes/no.
	Shares map[string]bool
}

// ExactValue is one outcome's exact figures.
type ExactValue struct {
	Mean   *big.Rat // the chance of a yes/no outcome; the expected value of a count
	MeanSq *big.Rat // the expected square, for the spread of a count
}

// Float is the mean as a decimal.
func (v ExactValue) Float() float64 {
	f, _ := v.Mean.Float64()
	return f
}

// SD is the standard deviation of the outcome over the paths.
func (v ExactValue) SD() float64 {
	m, _ := v.Mean.Float64()
	sq, _ := v.MeanSq.Float64()
	return math.Sqrt(math.Max(0, sq-m*m))
}

// Names lists the outcomes in order.
func (t *ExactTally) Names() []string {
	out := make([]string, 0, len(t.Outcomes))
	for k := range t.Outcomes {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

func newExactTally() *ExactTally {
	return &ExactTally{Total: new(big.Rat), Outcomes: map[string]ExactValue{}, Shares: map[string]bool{}}
}

func (t *ExactTally) get(name string) ExactValue {
	v, ok := t.Outcomes[name]
	if !ok {
		v = ExactValue{Mean: new(big.Rat), MeanSq: new(big.Rat)}
		t.Outcomes[name] = v
	}
	return v
}

// add adds another tally; exact sums, so the order does not matter.
func (t *ExactTally) add(o *ExactTally) {
	t.Paths += o.Paths
	t.States += o.States
	t.Played += o.Played
	t.Total.Add(t.Total, o.Total)
	for k, v := range o.Outcomes {
		c := t.get(k)
		c.Mean.Add(c.Mean, v.Mean)
		c.MeanSq.Add(c.MeanSq, v.MeanSq)
	}
	for k := range o.Shares {
		t.Shares[k] = true
	}
}

// weighted adds one path's outcomes to a tally, each times the path's
// chance.
type weighted struct {
	t   *ExactTally
	p   *big.Rat
	tmp big.Rat
}

func (w *weighted) share(o outcome, yes bool) {
	w.t.Shares[o.name] = true
	c := w.t.get(o.name)
	if yes {
		c.Mean.Add(c.Mean, w.p)
		c.MeanSq.Add(c.MeanSq, w.p)
	}
}

func (w *weighted) value(o outcome, v int64) {
	c := w.t.get(o.name)
	if v == 0 {
		return
	}
	w.tmp.SetInt64(v)
	w.tmp.Mul(&w.tmp, w.p)
	c.Mean.Add(c.Mean, &w.tmp)
	w.tmp.SetInt64(v * v)
	w.tmp.Mul(&w.tmp, w.p)
	c.MeanSq.Add(c.MeanSq, &w.tmp)
}

// Exact plays a scenario under a module down every path through the dice
// and gives each outcome's exact chance (or a count's exact mean): the
// distribution Simulate samples. Each roll branches on what it decides — a
// table's rows, a check's pass and fail — weighted by the exact chance of
// the modified roll landing there. The players' answers come from the
// scenario and opt.Answers, as in Simulate.
//
// The paths are found by playing the scenario again from the start with a
// longer prefix of choices, depth first. The result is the same whatever
// the number of workers. A tree with more paths than opt.MaxPaths fails
// with ErrTreeTooLarge; a play that fails fails the whole, naming its path.
func Exact(ctx context.Context, mod *dsl.Module, sd *dsl.ScenarioDef, opt ExactOptions) (*ExactTally, error) {
	if opt.Enumerate && opt.Shards > 1 {
		return nil, errors.New("an enumeration of paths is not split into shards")
	}
	if !opt.Enumerate {
		return exploreStates(ctx, mod, sd, opt)
	}
	budget := opt.MaxPaths
	if budget <= 0 {
		budget = DefaultMaxPaths
	}
	workers := opt.Workers
	if workers <= 0 {
		workers = runtime.GOMAXPROCS(0)
	}
	cost := &costBudget{max: opt.MaxCost}
	if cost.max <= 0 {
		cost.max = DefaultExactCost
	}
	first, err := newExplorer(mod, sd, opt.Answers)
	if err != nil {
		return nil, err
	}
	first.cost = cost
	// The first path alone: a scenario that cannot be played fails at once.
	if _, err := first.play(ctx, nil); err != nil {
		return nil, err
	}
	tasks, err := first.split(ctx)
	if err != nil {
		return nil, err
	}
	var paths atomic.Int64
	var next atomic.Int64
	var stop atomic.Bool
	results := make([]*subtree, len(tasks))
	var setupErr error
	var once sync.Once
	var wg sync.WaitGroup
	for w := range min(workers, len(tasks)) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			x := first
			if w > 0 {
				var err error
				if x, err = newExplorer(mod, sd, opt.Answers); err != nil {
					once.Do(func() { setupErr = err })
					stop.Store(true)
					return
				}
				x.cost = cost
			}
			for !stop.Load() {
				i := int(next.Add(1)) - 1
				if i >= len(tasks) {
					return
				}
				results[i] = x.explore(ctx, tasks[i], func() bool {
					n := paths.Add(1)
					if opt.Progress != nil && n%256 == 0 {
						opt.Progress(n)
					}
					if n > budget || ctx.Err() != nil {
						stop.Store(true)
						return false
					}
					return true
				})
			}
		}()
	}
	wg.Wait()
	if setupErr != nil {
		return nil, setupErr
	}
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	if paths.Load() > budget {
		return nil, pathLimit(budget)
	}
	out := newExactTally()
	for _, r := range results {
		if r.err != nil {
			return nil, r.err
		}
		out.add(r.tally)
	}
	if out.Total.Cmp(big.NewRat(1, 1)) != 0 {
		return nil, fmt.Errorf("the paths played add up to a chance of %s, not 1", out.Total.RatString())
	}
	if opt.Progress != nil {
		opt.Progress(out.Paths)
	}
	out.Played = out.Paths
	return out, nil
}

// explorer plays paths through the dice on one engine.
type explorer struct {
	r    *Runner
	b    *pathBrancher
	keys *tallyKeys
	cost *costBudget // the exploration's, shared by its explorers
}

func newExplorer(mod *dsl.Module, sd *dsl.ScenarioDef, answers *interpreter.ScriptedDecider) (*explorer, error) {
	b := &pathBrancher{}
	r, err := newRunner(mod, sd, answers, b)
	if err != nil {
		return nil, err
	}
	return &explorer{r: r, b: b, keys: newTallyKeys(r)}, nil
}

// play plays the path that starts with prefix and takes the first
// alternative after it. It returns how many alternatives the roll after the
// prefix offered (0 when the play ended first).
func (x *explorer) play(ctx context.Context, prefix []int) (int, error) {
	x.b.reset(prefix)
	if err := x.replay(ctx); err != nil {
		return 0, err
	}
	if len(x.b.counts) > len(prefix) {
		return x.b.counts[len(prefix)], nil
	}
	return 0, nil
}

func (x *explorer) replay(ctx context.Context) error {
	x.b.depth = 0
	x.r.Engine.Rewind(nil)
	left, err := x.cost.before(x.r.Engine)
	if err != nil {
		return err
	}
	err = x.r.Engine.Run(ctx)
	if lerr := x.cost.after(x.r.Engine, left, err); lerr != nil {
		return lerr
	}
	if err == nil {
		err = x.b.err
	}
	if err == nil && x.b.depth < len(x.b.choices) {
		err = fmt.Errorf("the play made %d rolls where an earlier play of the same path made more", x.b.depth)
	}
	if err != nil {
		return fmt.Errorf("path %s: %w", x.b.describe(), err)
	}
	return nil
}

// Splitting the tree into subtrees, the same way for any number of workers:
// the first rolls are opened until there are enough subtrees to share.
const (
	splitTarget = 64
	splitDepth  = 8
)

type subtree struct {
	prefix []int
	final  bool // not to be split further: its play ends, or fails, at the prefix
	tally  *ExactTally
	err    error
}

func (x *explorer) split(ctx context.Context) ([]*subtree, error) {
	tasks := []*subtree{{}}
	for depth := 0; depth < splitDepth && len(tasks) < splitTarget; depth++ {
		var next []*subtree
		grew := false
		for _, t := range tasks {
			if t.final || len(t.prefix) < depth {
				next = append(next, t)
				continue
			}
			n, err := x.play(ctx, t.prefix)
			if err != nil {
				// The subtree's first path fails: exploring it says so.
				t.final = true
				next = append(next, t)
				continue
			}
			if n == 0 {
				t.final = true
				next = append(next, t)
				continue
			}
			for k := range n {
				p := append(append(make([]int, 0, len(t.prefix)+1), t.prefix...), k)
				next = append(next, &subtree{prefix: p})
			}
			grew = true
		}
		tasks = next
		if !grew {
			break
		}
		if err := ctx.Err(); err != nil {
			return nil, err
		}
	}
	return tasks, nil
}

// explore plays every path of a subtree, depth first, until a play fails or
// more returns false.
func (x *explorer) explore(ctx context.Context, t *subtree, more func() bool) *subtree {
	t.tally = newExactTally()
	x.b.reset(t.prefix)
	w := &weighted{t: t.tally}
	for {
		if !more() {
			return t
		}
		if err := x.replay(ctx); err != nil {
			t.err = err
			return t
		}
		w.p = x.b.weights[x.b.depth]
		t.tally.Paths++
		t.tally.Total.Add(t.tally.Total, w.p)
		x.keys.each(x.r, w)
		if !x.b.advance(len(t.prefix)) {
			return t
		}
	}
}

// pathBrancher decides each roll from a path of choices, extending it with
// the first alternative, and keeps the chance of the path so far.
type pathBrancher struct {
	choices []int    // the alternative taken at each roll
	counts  []int    // how many each roll offered; -1 not yet seen
	whats   []string // what each choice was, for messages
	// weights[d] is the chance of the first d choices; it is right up to
	// depth valid.
	weights []*big.Rat
	valid   int
	depth   int
	err     error
}

func (b *pathBrancher) reset(prefix []int) {
	b.choices = append(b.choices[:0], prefix...)
	b.counts = b.counts[:0]
	b.whats = b.whats[:0]
	for range prefix {
		b.counts = append(b.counts, -1)
		b.whats = append(b.whats, "")
	}
	if len(b.weights) == 0 {
		b.weights = append(b.weights, big.NewRat(1, 1))
	}
	b.valid, b.depth, b.err = 0, 0, nil
}

// Choose implements interpreter.Brancher.
func (b *pathBrancher) Choose(alts []interpreter.Alternative) int {
	d := b.depth
	b.depth++
	switch {
	case d == len(b.choices):
		b.choices = append(b.choices, 0)
		b.counts = append(b.counts, len(alts))
		b.whats = append(b.whats, "")
	case b.counts[d] == -1:
		b.counts[d] = len(alts)
	case b.counts[d] != len(alts) && b.err == nil:
		b.err = fmt.Errorf("roll %d offered %d alternatives, and %d on an earlier play of the same path", d+1, len(alts), b.counts[d])
	}
	c := b.choices[d]
	if c >= len(alts) {
		if b.err == nil {
			b.err = fmt.Errorf("roll %d offered %d alternatives, fewer than the path takes", d+1, len(alts))
		}
		c = 0
	}
	b.whats[d] = alts[c].What
	if d >= b.valid {
		for len(b.weights) <= d+1 {
			b.weights = append(b.weights, new(big.Rat))
		}
		b.weights[d+1].Mul(b.weights[d], alts[c].P)
		b.valid = d + 1
	}
	return c
}

// advance moves to the next path after the last one played, changing
// nothing before depth from; it reports false when there is none.
func (b *pathBrancher) advance(from int) bool {
	for d := len(b.choices) - 1; d >= from; d-- {
		if b.choices[d]+1 < b.counts[d] {
			b.choices[d]++
			b.choices, b.counts, b.whats = b.choices[:d+1], b.counts[:d+1], b.whats[:d+1]
			b.valid = min(b.valid, d)
			return true
		}
	}
	return false
}

func (b *pathBrancher) describe() string {
	if len(b.whats) == 0 {
		return "(no rolls)"
	}
	parts := make([]string, 0, len(b.whats))
	for i, w := range b.whats {
		if w == "" {
			w = fmt.Sprintf("#%d", b.choices[i]+1)
		}
		parts = append(parts, w)
	}
	return strings.Join(parts, ", ")
}

// MergeExact adds the tallies of the shards of one exploration: the
// whole's tally, exactly. It fails unless their chances add up to 1.
func MergeExact(shards []*ExactTally) (*ExactTally, error) {
	out := newExactTally()
	for _, s := range shards {
		out.add(s)
	}
	if out.Total.Cmp(big.NewRat(1, 1)) != 0 {
		return nil, fmt.Errorf("the shards hold a chance of %s together, not 1: a shard is missing or given twice", out.Total.RatString())
	}
	return out, nil
}
