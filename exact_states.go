package bataille

import (
	"context"
	"errors"
	"fmt"
	"github.com/bataille/bataille/hex"
	"math"
	"math/big"
	"runtime"
	"slices"
	"strings"
	"sync"
	"sync/atomic"

	"github.com/bataille/bataille/dsl"
	"github.com/bataille/bataille/interpreter"
	"github.com/bataille/bataille/premier"
)

// The exploration of states: a dynamic program over the dice tree. The
// engine pauses at every position of the turn (between phases, between the
// actions of a phase), where everything the rest of the run depends on is
// its state (interpreter.State). From each distinct state the paths through
// the dice to the next position are played, and the states they reach are
// merged by their key, adding their chances: a state reached by a thousand
// paths is played on from once. States are taken in the order of their
// positions, so a state's chance is complete when it is played on from.
//
// Where the paths of a scenario branch independently (charges in lanes
// that never meet), the states after k actions are the combinations of
// the lanes' states so far, not the paths to them: the tree's 182^N paths
// become a number of states that grows with the product of each lane's
// distinct situations, which are a few dozen.

// stateNode is a distinct state with the chance of reaching it and the
// number of paths from the start that reach it.
type stateNode struct {
	key   string
	s     *interpreter.State
	p     *big.Rat
	paths *big.Int
}

// frontier holds the states not yet played on from, by position.
type frontier struct {
	byPos map[interpreter.Position]map[string]*stateNode
	count int64 // every state ever added
}

func (f *frontier) add(n *stateNode) (added bool) {
	pos := n.s.Position()
	bucket := f.byPos[pos]
	if bucket == nil {
		bucket = map[string]*stateNode{}
		f.byPos[pos] = bucket
	}
	if old, ok := bucket[n.key]; ok {
		old.p.Add(old.p, n.p)
		old.paths.Add(old.paths, n.paths)
		return false
	}
	bucket[n.key] = n
	f.count++
	return true
}

// pending is how many states are still to be played on from.
func (f *frontier) pending() int64 {
	n := 0
	for _, b := range f.byPos {
		n += len(b)
	}
	return int64(n)
}

// keep keeps shard i of n of the states still to be played on from: every
// n-th in the order of their positions and keys, from the i-th.
func (f *frontier) keep(i, n int) {
	var all []*stateNode
	for _, b := range f.byPos {
		for _, s := range b {
			all = append(all, s)
		}
	}
	slices.SortFunc(all, func(a, b *stateNode) int {
		pa, pb := a.s.Position(), b.s.Position()
		switch {
		case pa.Less(pb):
			return -1
		case pb.Less(pa):
			return 1
		}
		return strings.Compare(a.key, b.key)
	})
	clear(f.byPos)
	for k, s := range all {
		if k%n == i-1 {
			f.add(s)
			f.count-- // kept, not new
		}
	}
}

// splitAt is how many states to play on from each shard is to have when
// an exploration is split: enough that the shards' work is even.
const splitAt = 16

// next takes out the states of the earliest position, in the order of
// their keys.
func (f *frontier) next() []*stateNode {
	var first interpreter.Position
	found := false
	for p := range f.byPos {
		if !found || p.Less(first) {
			first, found = p, true
		}
	}
	if !found {
		return nil
	}
	bucket := f.byPos[first]
	delete(f.byPos, first)
	out := make([]*stateNode, 0, len(bucket))
	for _, n := range bucket {
		out = append(out, n)
	}
	slices.SortFunc(out, func(a, b *stateNode) int { return strings.Compare(a.key, b.key) })
	return out
}

// costBudget is one cost budget for every run of an exploration: each run
// gets what is left of it, up to the budget of one run.
type costBudget struct {
	max   int64
	spent atomic.Int64
}

// before gives the engine what is left for its next run, or the limit's
// error when nothing is.
func (c *costBudget) before(e *interpreter.Engine) (left int64, err error) {
	left = c.max - c.spent.Load()
	if left <= 0 {
		return 0, c.limit()
	}
	e.SetMaxCost(min(left, interpreter.DefaultMaxCost))
	return left, nil
}

// after counts what the run cost; a run stopped by the exploration's
// budget (rather than by its own) is the limit's error.
func (c *costBudget) after(e *interpreter.Engine, left int64, err error) error {
	c.spent.Add(e.Cost())
	if errors.Is(err, interpreter.ErrCostBudget) && left < interpreter.DefaultMaxCost {
		return c.limit()
	}
	return nil
}

func (c *costBudget) limit() error {
	return &LimitError{Limit: "--max-cost", Max: c.max, What: "units of cost"}
}

// exploreStates is Exact by states: by lanes when the scenario splits into
// parts that cannot meet, else the whole at once.
func exploreStates(ctx context.Context, mod *dsl.Module, sd *dsl.ScenarioDef, opt ExactOptions) (*ExactTally, error) {
	b := &exactBudget{maxPaths: opt.MaxPaths, maxStates: opt.MaxStates, cost: &costBudget{max: opt.MaxCost}}
	if b.maxPaths <= 0 {
		b.maxPaths = DefaultMaxPaths
	}
	if b.maxStates <= 0 {
		b.maxStates = DefaultMaxStates
	}
	if b.cost.max <= 0 {
		b.cost.max = DefaultExactCost
	}
	var out *ExactTally
	var err error
	if opt.Shards > 1 && (opt.Shard < 1 || opt.Shard > opt.Shards) {
		return nil, fmt.Errorf("shard %d of %d: a shard is 1 to %d", opt.Shard, opt.Shards, opt.Shards)
	}
	if !opt.Whole {
		out, err = exploreLanes(ctx, mod, sd, opt, b)
		if out != nil && opt.Shards > 1 && opt.Shard != 1 {
			// Lanes are small: the first shard has the answer.
			out = newExactTally()
		}
	}
	if out == nil && err == nil {
		out, _, err = exploreWhole(ctx, mod, sd, opt, b, false)
	}
	if out != nil {
		// Every state and path the exploration took, lanes it merged and
		// explored again included: what the budgets count.
		out.States, out.Played = b.states.Load(), b.played.Load()
	}
	return out, err
}

// exactBudget is the budgets of one exploration, shared by its parts.
type exactBudget struct {
	maxPaths, maxStates int64
	played, states      atomic.Int64
	cost                *costBudget
}

// exploreLanes explores each lane of the scenario alone and puts the
// lanes' outcomes together, when the scenario has lanes and they stay
// apart in every state each reaches (interpreter.Track); nil otherwise.
func exploreLanes(ctx context.Context, mod *dsl.Module, sd *dsl.ScenarioDef, opt ExactOptions, b *exactBudget) (*ExactTally, error) {
	approach, ok := premier.ApproachReach(mod)
	lanes := interpreter.LaneUnits(sd)
	if !ok || len(lanes) < 2 {
		return nil, nil
	}
	setup, diags := interpreter.BuildScenario(mod, sd)
	if diags.HasErrors() {
		return nil, nil // the whole says what is wrong
	}
	sides := interpreter.PhasingSides(setup)
	// Lanes that come near each other in some state are one lane, explored
	// again, until every two are apart or one is left.
	type lane struct {
		ids   []string
		tally *ExactTally
		track *interpreter.Track
	}
	// Lanes that start within reach of each other are one from the start,
	// rather than explored apart, found to meet and explored again.
	near := max(approach, 2) + 2
	hexes := map[string]hex.Hex{}
	for _, u := range setup.Board.Units {
		hexes[u.ID] = u.Hex
	}
	var all []*lane
	for _, ids := range lanes {
		joined := false
		for _, l := range all {
			for _, a := range l.ids {
				for _, b := range ids {
					joined = joined || hex.Distance(hexes[a], hexes[b]) <= near
				}
			}
			if joined {
				l.ids = append(l.ids, ids...)
				break
			}
		}
		if !joined {
			all = append(all, &lane{ids: ids})
		}
	}
	for {
		if len(all) < 2 {
			return nil, nil
		}
		for _, l := range all {
			if l.tally != nil {
				continue
			}
			whole := opt
			whole.Shard, whole.Shards = 0, 0 // a lane is explored whole (see exploreStates)
			part, track, err := exploreWhole(ctx, mod, interpreter.LaneScenario(sd, l.ids, sides), whole, b, true)
			var limit *LimitError
			if errors.As(err, &limit) || ctx.Err() != nil {
				return nil, err
			}
			if err != nil {
				return nil, nil // a lane that fails alone: the whole, played at once, says how
			}
			l.tally, l.track = part, track
		}
		merged := false
		for i := 0; i < len(all) && !merged; i++ {
			for j := i + 1; j < len(all) && !merged; j++ {
				if !interpreter.Apart(all[i].track, all[j].track, approach) {
					all[i] = &lane{ids: append(append([]string(nil), all[i].ids...), all[j].ids...)}
					all = append(all[:j], all[j+1:]...)
					merged = true
				}
			}
		}
		if !merged {
			break
		}
	}
	var parts []*ExactTally
	for _, l := range all {
		parts = append(parts, l.tally)
	}
	out := newExactTally()
	out.Total.SetInt64(1)
	paths := big.NewInt(1)
	for _, p := range parts {
		total := p.Total
		p.Total = new(big.Rat)
		out.add(p)
		out.Total.Mul(out.Total, total)
		paths.Mul(paths, big.NewInt(p.Paths))
	}
	out.Paths = math.MaxInt64
	if paths.IsInt64() {
		out.Paths = paths.Int64()
	}
	out.Lanes = len(parts)
	return out, nil
}

// exploreWhole explores the scenario at once; with track, it records where
// its units stand and how far the engine looks, over every path.
func exploreWhole(ctx context.Context, mod *dsl.Module, sd *dsl.ScenarioDef, opt ExactOptions, b *exactBudget, track bool) (*ExactTally, *interpreter.Track, error) {
	x := &stateExploration{ctx: ctx, mod: mod, sd: sd, opt: opt, budget: b, track: track}
	workers := opt.Workers
	if workers <= 0 {
		workers = runtime.GOMAXPROCS(0)
	}
	first, err := x.newWorker()
	if err != nil {
		return nil, nil, err
	}
	x.workers = []*stateWorker{first}
	// The start: the engine pauses at the first position, before any roll.
	e := first.r.Engine
	e.Rewind(nil)
	e.PauseAtPositions(true)
	first.b.reset(nil)
	if err := e.Run(ctx); !errors.Is(err, interpreter.ErrPaused) {
		if err == nil {
			err = errors.New("the scenario ended before its first position")
		}
		return nil, nil, err
	}
	start := &interpreter.State{}
	e.Save(start)
	f := &frontier{byPos: map[interpreter.Position]map[string]*stateNode{}}
	f.add(&stateNode{key: string(start.AppendKey(nil)), s: start, p: big.NewRat(1, 1), paths: big.NewInt(1)})
	if b.states.Add(1) > b.maxStates {
		return nil, nil, &LimitError{Limit: "--max-states", Max: b.maxStates, What: "states"}
	}
	out := newExactTally()
	paths := new(big.Int)
	split := false
	for {
		if err := ctx.Err(); err != nil {
			return nil, nil, err
		}
		nodes := f.next()
		if len(nodes) == 0 {
			break
		}
		for len(x.workers) < min(workers, len(nodes)) {
			w, err := x.newWorker()
			if err != nil {
				return nil, nil, err
			}
			x.workers = append(x.workers, w)
		}
		if err := x.playOn(nodes); err != nil {
			return nil, nil, err
		}
		for _, w := range x.workers {
			for _, n := range w.reached {
				if f.add(n) && b.states.Add(1) > b.maxStates {
					return nil, nil, &LimitError{Limit: "--max-states", Max: b.maxStates, What: "states"}
				}
			}
			w.reached = w.reached[:0]
			clear(w.index)
			out.add(w.tally)
			paths.Add(paths, w.paths)
			x.played += w.played
			w.played = 0
			w.tally, w.paths = newExactTally(), new(big.Int)
		}
		if opt.Shards > 1 && !split && f.pending() >= splitAt*int64(opt.Shards) {
			// Every shard has explored the same states so far: each keeps
			// its share of those still to play on from, the first also
			// what ended before.
			f.keep(opt.Shard, opt.Shards)
			if opt.Shard != 1 {
				out, paths = newExactTally(), new(big.Int)
			}
			split = true
		}
	}
	if opt.Shards > 1 && !split && opt.Shard != 1 {
		// Too small to split: the first shard has it all.
		out, paths = newExactTally(), new(big.Int)
	}
	if opt.Shards > 1 {
		// A shard holds part of the chance; --merge checks they add up to 1.
	} else if out.Total.Cmp(big.NewRat(1, 1)) != 0 {
		return nil, nil, fmt.Errorf("the paths played add up to a chance of %s, not 1", out.Total.RatString())
	}
	out.Paths = math.MaxInt64
	if paths.IsInt64() {
		out.Paths = paths.Int64()
	}
	out.States, out.Played, out.Lanes = f.count, x.played, 1
	if opt.Progress != nil {
		opt.Progress(b.played.Load())
	}
	var t *interpreter.Track
	if track {
		t = &interpreter.Track{Hexes: map[hex.Hex]bool{}}
		for _, w := range x.workers {
			t.Reach = max(t.Reach, w.track.Reach)
			for h := range w.track.Hexes {
				t.Hexes[h] = true
			}
		}
	}
	return out, t, nil
}

type stateExploration struct {
	ctx     context.Context
	mod     *dsl.Module
	sd      *dsl.ScenarioDef
	opt     ExactOptions
	budget  *exactBudget
	played  int64 // by this exploration, counted when it is done
	track   bool
	workers []*stateWorker
}

// stateWorker plays on from states on its own engine, and keeps what it
// reaches until the position's states are all played on from.
type stateWorker struct {
	explorer
	reached []*stateNode
	index   map[string]*stateNode
	tally   *ExactTally
	paths   *big.Int // the paths from the start that ended
	scratch interpreter.State
	key     []byte
	track   *interpreter.Track
	played  int64
	w       weighted
	pw      big.Rat
	pn      big.Int
}

func (x *stateExploration) newWorker() (*stateWorker, error) {
	ex, err := newExplorer(x.mod, x.sd, x.opt.Answers)
	if err != nil {
		return nil, err
	}
	ex.r.Engine.PauseAtPositions(true)
	ex.cost = x.budget.cost
	w := &stateWorker{explorer: *ex, index: map[string]*stateNode{}, tally: newExactTally(), paths: new(big.Int)}
	if x.track {
		w.track = &interpreter.Track{}
		ex.r.Engine.Board.SetTrack(w.track)
	}
	return w, nil
}

// playOn plays on from every state of one position, sharing them among the
// workers; the first error in the states' order is the answer's.
func (x *stateExploration) playOn(nodes []*stateNode) error {
	errs := make([]error, len(nodes))
	var next atomic.Int64
	var stop atomic.Bool
	var wg sync.WaitGroup
	for _, w := range x.workers[:min(len(x.workers), len(nodes))] {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for !stop.Load() {
				i := int(next.Add(1)) - 1
				if i >= len(nodes) {
					return
				}
				if errs[i] = x.from(w, nodes[i]); errs[i] != nil {
					stop.Store(true)
				}
			}
		}()
	}
	wg.Wait()
	// A limit or the context's end, met by any worker, is the answer;
	// otherwise the first failing state's.
	for _, err := range errs {
		var limit *LimitError
		if errors.As(err, &limit) {
			return err
		}
	}
	if err := x.ctx.Err(); err != nil {
		return err
	}
	for _, err := range errs {
		if err != nil {
			return err
		}
	}
	return nil
}

// from plays every path from one state to the next position (or the end).
func (x *stateExploration) from(w *stateWorker, n *stateNode) error {
	e := w.r.Engine
	w.b.reset(nil)
	for {
		w.played++
		if p := x.budget.played.Add(1); p > x.budget.maxPaths {
			return pathLimit(x.budget.maxPaths)
		} else if x.opt.Progress != nil && p%256 == 0 {
			x.opt.Progress(p)
		}
		if err := x.ctx.Err(); err != nil {
			return err
		}
		left, err := w.cost.before(e)
		if err != nil {
			return err
		}
		w.b.depth = 0
		err = e.Resume(x.ctx, n.s)
		if lerr := w.cost.after(e, left, err); lerr != nil {
			return lerr
		}
		paused := errors.Is(err, interpreter.ErrPaused)
		if paused {
			err = nil
		}
		if err == nil {
			err = w.b.err
		}
		if err == nil && w.b.depth < len(w.b.choices) {
			err = fmt.Errorf("the play made %d rolls where an earlier play of the same path made more", w.b.depth)
		}
		if err != nil {
			if ctxErr := x.ctx.Err(); ctxErr != nil {
				return ctxErr
			}
			return fmt.Errorf("from %s, path %s: %w", n.s.Position(), w.b.describe(), err)
		}
		w.pw.Mul(n.p, w.b.weights[w.b.depth])
		if paused {
			w.reach(n)
		} else {
			w.w.t, w.w.p = w.tally, &w.pw
			w.tally.Total.Add(w.tally.Total, &w.pw)
			w.keys.each(w.r, &w.w)
			w.paths.Add(w.paths, n.paths)
		}
		if !w.b.advance(0) {
			return nil
		}
	}
}

// reach adds the state the engine paused in, reached from n with the
// chance w.pw, to what the worker reached.
func (w *stateWorker) reach(n *stateNode) {
	w.r.Engine.Save(&w.scratch)
	w.key = w.scratch.AppendKey(w.key[:0])
	if old, ok := w.index[string(w.key)]; ok {
		old.p.Add(old.p, &w.pw)
		old.paths.Add(old.paths, n.paths)
		return
	}
	m := &stateNode{key: string(w.key), s: w.scratch.Clone(), p: new(big.Rat).Set(&w.pw), paths: new(big.Int).Set(n.paths)}
	w.index[m.key] = m
	w.reached = append(w.reached, m)
}
