package interpreter

import (
	"context"
	"errors"
	"fmt"
	"github.com/bataille/bataille/hex"
	"math"
	"strings"

	"github.com/bataille/bataille/dsl"
	"github.com/bataille/bataille/interpreter/closure"
	"github.com/expr-lang/expr/file"
	"github.com/expr-lang/expr/vm"
)

// Config sets up an engine. Its zero value works: seed 0, no decider (every
// question answered no), the default step budget, a full trace.
type Config struct {
	Seed     uint64
	Dice     Dice    // when set, used instead of dice seeded from Seed
	Decider  Decider // answers the questions rules ask
	MaxSteps int     // rule clauses and effects one Run may take; 0 means 100000
	// MaxCost is the cost budget of one Run (see the cost model in
	// docs/safety.md); 0 means DefaultMaxCost.
	MaxCost int64
	NoTrace bool // skip building the trace (for simulation)
	Effects map[string]EffectFunc
	// Brancher, when set, decides every roll instead of the dice: it is
	// offered what the roll can decide, with exact chances, and picks one
	// (exhaustive play over the dice; see branch.go).
	Brancher Brancher
	// Machine evaluates every expression on expr's virtual machine, the
	// reference the compiled closures are tested against, instead of the
	// closures.
	Machine bool
	// NoInvariants skips the module's invariants (for speed: a sampled
	// simulation); they are tested by default, and a broken one stops the
	// run with an *InvariantError.
	NoInvariants bool
	// PhaseEnd, when set, is called at the end of every phase of every
	// turn (turn from 1, phase the procedure's name), once what its
	// actions left for later is settled and its phase_end rules have run: a test judges the
	// board there (`expect after PHASE …`).
	PhaseEnd func(turn int, phase string)
}

// EffectFunc does one effect primitive. Package stdlib provides them.
type EffectFunc func(c *Call) error

// Call is one effect call being done: its rule and evaluated arguments
// (nil for an optional argument not given).
type Call struct {
	E    *Engine
	Rule *dsl.RuleDef
	Def  *dsl.CallDef
	Args []any
}

// Engine plays a module's rules on a board. It is not safe for concurrent
// use; run one engine per goroutine.
type Engine struct {
	Module *dsl.Module
	Board  *Board

	cfg     Config
	dice    Dice
	decider Decider
	// frame holds the variables expressions read, in the slots of comp;
	// names the module's expressions never read get slots in extra.
	frame   closure.Frame
	comp    *compiled
	effects []EffectFunc // by the index a callCode holds; nil: none given
	extra   map[string]slot
	vmEnv   map[string]any // the variables by name, for expr's machine
	ints    map[int]any    // boxes of numbers (boxInt, boxFloat)
	floats  map[uint64]any
	saved   []savedVar
	machine vm.VM
	trace   Trace
	phase   string
	steps   int
	depth   int
	// hookCalls are the hooks being bound, by depth (vars.go).
	hookCalls [maxDepth + 1]Binding
	ctx       context.Context
	meter     meter
	subject   *Unit
	// testing is the condition step is testing, set while it runs: a
	// panic then is its failure, which run recovers.
	testing *exprCode

	// locals are the procedures' own states (local.go); underway is the
	// action one is resolving, nil between actions.
	locals   []Local
	underway *Underway
	// numbering is the Numbering a Save or Resume hands the locals, kept
	// so as not to allocate one each time.
	numbering Numbering
	act       Action
	orders    []*Order
	phasing   string
	proc      string // the procedure of the phase being played
	// seq is the procedure of each phase of the sequence of play (phases).
	seq    []*Procedure
	turn   string     // the scenario's `turn` side, if it names one
	first  []*Order   // the first turn's orders, as New was given them
	later  []TurnPlan // the turns after the first
	turnNo int        // the turn being played, from 1
	// lasting holds the marks set with MarkFor: the turn at whose start each
	// is cleared. Other marks last to the end of their turn.
	lasting map[*Unit]map[string]int
	// quietPhase holds back the heading of a phase until it has something
	// to narrate.
	quietPhase bool
	shown      string       // the phase whose heading the trace shows last
	curRule    *dsl.RuleDef // the rule whose effect is being done
	curCall    *dsl.CallDef // that effect's call (its name and place)
	argStack   []any
	callStack  []Call
	grid       []*Cell           // the map's hexes described, by column then row
	cells      map[hex.Hex]*Cell // hexes off the map described
	sorted     []*Unit           // the board's units by id
	enemyBuf   []*Unit           // backing store of enemies(); emptied when a run starts
	keyVals    []any             // a keyed table's key values, reused
	words      map[string]any    // hexside words boxed once, for hook variables
	// tables and checks are what a roll on each needs, found the first
	// time it is rolled (rolls.go).
	tables, checks map[string]*rollCode
	routed         string // RoutedState, once found
	// start holds the units as they stood when the engine was made, for
	// Rewind.
	start       []Unit
	startMarks  []map[string]bool
	startArmies map[string]map[string]int
	// branches holds what each roll can decide, worked out once, when a
	// Brancher decides the rolls.
	branches *branchCache
	// invEnv holds the names the invariants read (invariant.go).
	invEnv map[string]any

	// phaseAt is the place in the sequence of play of the phase being
	// played (resume.go); pause, from and resuming are how a run stops at,
	// and starts again from, a position.
	phaseAt  int
	pause    bool
	from     Position
	resuming bool
}

// Action is what effects change about the action a hook is about that
// the kernel's effects reach: its cost in movement points and a move
// through Zd'I. The procedure sets it up before it fires the action's
// hook (Engine.Act) and reads it after; every position clears it. What a
// procedure's own effects change (a fire's value, a melee's strengths)
// it keeps in its own state (Local).
type Action struct {
	Cost      float64 // movement points: a road's half point is 0.5
	IgnoreZdI bool
}

// Act is the action being resolved, which effects change.
func (e *Engine) Act() *Action { return &e.act }

// Order is a player's order, with its units found.
type Order struct {
	Kind      string
	Unit      *Unit
	Target    *Unit
	Formation string
	Step      int
	Path      []hex.Hex
	// Reaction is set on an order a rule started, not the scenario.
	Reaction bool
}

// ErrStepBudget is wrapped by the error of a run that took too many steps.
var ErrStepBudget = errors.New("step budget exceeded")

// New makes an engine for a checked module on a board with orders.
func New(mod *dsl.Module, board *Board, orders []*Order, cfg Config) *Engine {
	e := &Engine{Module: mod, Board: board, cfg: cfg, orders: orders, first: orders}
	e.dice = cfg.Dice
	if e.dice == nil {
		e.dice = NewSeededDice(cfg.Seed)
	}
	e.decider = cfg.Decider
	if e.decider == nil {
		e.decider = &ScriptedDecider{}
	}
	if e.cfg.MaxSteps <= 0 {
		e.cfg.MaxSteps = 100000
	}
	if e.cfg.MaxCost <= 0 {
		e.cfg.MaxCost = DefaultMaxCost
	}
	e.meter.limit = e.cfg.MaxCost
	board.meter = &e.meter
	e.comp = compiledFor(mod)
	e.effects = make([]EffectFunc, len(e.comp.effects))
	for i, name := range e.comp.effects {
		e.effects[i] = cfg.Effects[name]
	}
	e.frame = closure.Frame{Vals: make([]any, e.comp.counts[0]), Ints: make([]int, e.comp.counts[1]),
		Floats: make([]float64, e.comp.counts[2]), Strs: make([]string, e.comp.counts[3])}
	// expr's VM checks what each evaluation allocates against this budget
	// (a range, an array, a repeated string) and fails the evaluation past it.
	e.machine.MemoryBudget = dsl.MaxExprMemory
	board.module = mod
	for name, t := range mod.Vocab[dsl.KindTerrain] {
		if t.Flag("blocks_los") {
			board.blocksLOS[name] = true
		}
	}
	board.defaultBlocks = board.blocksLOS[board.Default]
	if board.wallsLOS == nil {
		board.wallsLOS = map[string]bool{}
	}
	for name, t := range mod.Vocab[dsl.KindHexside] {
		if t.Flag("blocks_los") {
			board.wallsLOS[name] = true
		}
	}
	e.sorted = append([]*Unit(nil), board.Units...)
	sortUnits(e.sorted)
	for _, u := range board.Units {
		e.start = append(e.start, *u)
		marks := map[string]bool{}
		for k, v := range u.Marks {
			marks[k] = v
		}
		e.startMarks = append(e.startMarks, marks)
	}
	e.startArmies = copyArmies(board.Armies)
	e.makeLocals()
	return e
}

// copyArmies copies the sides' values, for Rewind.
func copyArmies(a map[string]map[string]int) map[string]map[string]int {
	if len(a) == 0 {
		return nil
	}
	out := make(map[string]map[string]int, len(a))
	for side, vals := range a {
		out[side] = make(map[string]int, len(vals))
		for k, v := range vals {
			out[side][k] = v
		}
	}
	return out
}

// Rewind puts every unit back as it stood when the engine was made and
// forgets the last run, so that one engine plays its orders again and
// again (a simulation) without building anything anew. Units placed after
// New are not touched.
func (e *Engine) Rewind(dice Dice) {
	for i := range e.start {
		u := e.Board.Units[i]
		marks := u.Marks
		*u = e.start[i]
		if len(marks) > 0 {
			clear(marks)
		}
		if start := e.startMarks[i]; len(start) > 0 {
			for k, v := range start {
				marks[k] = v
			}
		}
		u.Marks = marks
	}
	// The sides' values as the scenario gave them; a simulation that set
	// none has nothing to copy.
	if len(e.Board.Armies) > 0 || len(e.startArmies) > 0 {
		e.Board.Armies = copyArmies(e.startArmies)
	}
	if dice != nil {
		e.dice = dice
	}
	e.trace = e.trace[:0]
	e.phase, e.proc, e.steps, e.depth, e.quietPhase, e.shown = "", "", 0, 0, false, ""
	for i := range e.hookCalls {
		// Only the depths a run reached: clearing them all is a tenth of
		// the rewind's work.
		if e.hookCalls[i].e != nil {
			e.hookCalls[i] = Binding{}
		}
	}
	e.orders, e.turnNo = e.first, 0
	clear(e.lasting)
	e.subject, e.underway = nil, nil
	for _, l := range e.locals {
		l.Reset()
	}
	clear(e.enemyBuf)
	e.enemyBuf = e.enemyBuf[:0]
	e.restoreTo(0)
}

// Trace returns the events so far.
func (e *Engine) Trace() Trace { return e.trace }

// Dice returns the engine's dice.
func (e *Engine) Dice() Dice { return e.dice }

// Run plays the scenario's turns, each the phases of the module's
// sequence of play (DefaultSequence when it declares none).
func (e *Engine) Run(ctx context.Context) (err error) {
	e.resuming = false
	return e.play(ctx)
}

// play plays the turns from the start, or, when resuming, from the
// position e.from.
func (e *Engine) play(ctx context.Context) (err error) {
	e.ctx = ctx
	defer func() {
		if r := recover(); r != nil {
			if _, ok := r.(diceExhausted); ok {
				err = ErrDiceExhausted
				return
			}
			panic(r)
		}
	}()
	if err := ctx.Err(); err != nil {
		return err
	}
	e.meter.reset(ctx, e.cfg.MaxCost)
	e.Board.meter = &e.meter
	e.enemyBuf = e.enemyBuf[:0]
	plans := append([]TurnPlan{{Side: e.turn, Orders: e.first}}, e.later...)
	for i, t := range plans {
		mid := e.resuming && i == e.from.Turn
		if e.resuming && i < e.from.Turn {
			continue
		}
		e.turnNo = i + 1
		e.setRunVar("turn", e.turnNo)
		e.setRunVar("last_turn", len(plans))
		e.orders = t.Orders
		if !mid {
			// A turn resumed in its middle keeps the side its state saved.
			e.phasing = t.Side
			if e.phasing == "" {
				e.phasing = e.phasingSide()
			}
			if i > 0 {
				e.newTurn()
			}
		}
		if len(plans) > 1 {
			e.BeginPhase(fmt.Sprintf("turn %d: %s", e.turnNo, e.phasing))
		}
		first := 0
		if mid {
			first = e.from.Phase
		}
		if err := e.turnPhases(first); err != nil {
			return err
		}
	}
	return nil
}

// DefaultSequence is the order of play when a module declares none: the
// package that registers the procedures of a turn sets it (premier sets the
// Premier Rules' chronology of battle).
var DefaultSequence []dsl.PhaseDef

// phases is the module's sequence of play, or the engine's own order when
// it declares none; seq holds the procedure of each of its phases, found
// by name once.
func (e *Engine) phases() []dsl.PhaseDef {
	phases := DefaultSequence
	if e.Module.Sequence != nil {
		phases = e.Module.Sequence.Phases
	}
	if len(e.seq) != len(phases) {
		e.seq = make([]*Procedure, len(phases))
		for i, ph := range phases {
			e.seq[i] = procByName[ph.Proc]
		}
	}
	return phases
}

// turnPhases plays one turn: the phases the module's sequence of play
// declares, in its order, each under its title.
func (e *Engine) turnPhases(first int) error {
	phases := e.phases()
	defer func() { e.proc = "" }()
	for j := first; j < len(phases); j++ {
		ph := phases[j]
		e.phaseAt, e.proc = j, ph.Proc
		// from is the step of the phase to start at: 0 for its beginning,
		// k+1 for its k-th action (resume.go).
		from := 0
		if e.resuming && j == e.from.Phase {
			from = e.from.Step
		}
		if from == 0 {
			if err := e.Checkpoint(0); err != nil {
				return err
			}
			if err := e.phaseHook(hPhaseStart, ph); err != nil {
				return err
			}
		}
		p := e.seq[j]
		if p == nil {
			return fmt.Errorf("%s: the engine has no procedure %q to play as a phase", ph.Pos, ph.Proc)
		}
		err := p.Play(e, ph.Title, from)
		if err != nil {
			return err
		}
		if err := e.Settle(); err != nil {
			return err
		}
		if err := e.checkInvariants(invariantStep{after: "the end of the phase", phaseEnd: true}); err != nil {
			return err
		}
		if err := e.phaseHook(hPhaseEnd, ph); err != nil {
			return err
		}
		if e.cfg.PhaseEnd != nil {
			e.cfg.PhaseEnd(e.turnNo, ph.Proc)
		}
	}
	// Work counted where nothing could stop (the last hook's narration, a
	// look at the board) may have spent the budget or met the context's end.
	if e.meter.err != nil {
		return e.meterErr(e.meter.err)
	}
	return nil
}

// phaseHook runs the rules on phase_start or phase_end, once: they read the
// phase's procedure and the side in its turn.
func (e *Engine) phaseHook(h *HookPoint, ph dsl.PhaseDef) error {
	if len(e.comp.rules[h.index]) == 0 {
		return nil // found by place, not by name: a turn looks fourteen times
	}
	e.BeginQuietPhase(ph.Title)
	_, _, err := e.fire(h.Name, "phase", e.word(ph.Proc), "phasing", e.word(e.phasing))
	return err
}

// SetTurns gives the turns after the first (the first is the orders New
// was given and the side SetPhasing names): a scenario of several turns.
func (e *Engine) SetTurns(turns []TurnPlan) { e.later = turns }

// Turn is the number of the turn being played, from 1.
func (e *Engine) Turn() int { return e.turnNo }

// newTurn clears what lasts one turn: the flags procedures keep
// (DeclareUnitFlag), and the marks not set to last longer; marks set to last so many
// turns are cleared when their last turn is over.
func (e *Engine) newTurn() {
	for _, u := range e.Board.Units {
		u.flags, u.mpSpent, u.tiedTo, u.hasEntered = 0, 0, nil, false
		keep := e.lasting[u]
		for name := range u.Marks {
			if until, ok := keep[name]; !ok || until <= e.turnNo {
				delete(u.Marks, name)
				delete(keep, name)
			}
		}
	}
}

// MarkFor sets a mark that lasts this turn and the next turns-1: it is
// cleared when turn (this one + turns) starts. A plain mark lasts to the
// end of its turn.
func (e *Engine) MarkFor(u *Unit, name string, turns int) {
	u.Marks[name] = true
	if e.lasting == nil {
		e.lasting = map[*Unit]map[string]int{}
	}
	if e.lasting[u] == nil {
		e.lasting[u] = map[string]int{}
	}
	e.lasting[u][name] = e.turnNo + max(turns, 1)
}

func (e *Engine) phasingSide() string {
	for _, o := range e.orders {
		if actingKinds[o.Kind] {
			return o.Unit.Side
		}
	}
	if len(e.Board.Units) > 0 {
		return e.Board.Units[0].Side
	}
	return ""
}

// SetPhasing names the side whose turn it is; without it, the side of the
// first unit given an order a procedure plays as its side's own (its
// Acts).
func (e *Engine) SetPhasing(side string) {
	e.turn = side
}

// BeginPhase puts a phase's heading in the trace.
func (e *Engine) BeginPhase(name string) {
	if e.phase == name && e.shown == name {
		e.quietPhase = false
		return // its heading is out already (a phase_start rule spoke)
	}
	e.phase, e.quietPhase = name, false
	e.Emit(Event{Kind: "phase", Text: name})
	if !e.cfg.NoTrace {
		e.shown = name
	}
}

// BeginQuietPhase starts a phase that is narrated only if something happens
// in it (the start of a turn, when no rule there applies, says nothing).
func (e *Engine) BeginQuietPhase(name string) {
	e.phase, e.quietPhase = name, true
}

// Emit adds an event to the trace (nothing with the trace off), under the
// phase being played.
func (e *Engine) Emit(ev Event) {
	if e.cfg.NoTrace {
		return
	}
	e.Board.Spend(eventUnits + len(ev.Text)/keptBytesPerUnit) // the trace's memory
	if e.quietPhase {
		e.quietPhase = false
		if e.shown != e.phase {
			e.trace = append(e.trace, Event{Seq: len(e.trace) + 1, Kind: "phase", Text: e.phase, Phase: e.phase})
			e.shown = e.phase
		}
	}
	ev.Seq = len(e.trace) + 1
	ev.Phase = e.phase
	e.trace = append(e.trace, ev)
}

// Tracing reports whether the engine keeps a trace; callers skip building
// narration (and its allocations) when it does not.
func (e *Engine) Tracing() bool { return !e.cfg.NoTrace }

// Note adds a narration line about u to the trace.
func (e *Engine) Note(u *Unit, format string, args ...any) {
	if e.cfg.NoTrace {
		return
	}
	e.NoteEvent(u, Event{Text: fmt.Sprintf(format, args...)})
}

// NoteUnits is Note for a line that names other units than u: units are
// their IDs, in the order the line names them (Event.Units).
func (e *Engine) NoteUnits(u *Unit, units []string, format string, args ...any) {
	if e.cfg.NoTrace {
		return
	}
	e.NoteEvent(u, Event{Units: units, Text: fmt.Sprintf(format, args...)})
}

// NoteEvent adds a narration line about u to the trace: ev with its text
// and the facts it states as fields (Units, MP), which NoteEvent
// completes with the rest of a note's (its unit, hex and state after, the
// effect and rule that made the change).
func (e *Engine) NoteEvent(u *Unit, ev Event) {
	if e.cfg.NoTrace {
		return
	}
	ev.Kind = "note"
	if e.curRule != nil {
		// A change made by an effect names the effect and the rule that
		// called it, with the rule's citation.
		ev.Rule, ev.Cite, ev.Effect = e.curRule.ID, e.Module.CiteLine(e.curRule.Cite), e.curCall.Effect.Name
	}
	if u != nil {
		ev.Unit, ev.Hex, ev.After = u.ID, u.Hex.String(), StateOf(u)
		ev.State = Describe(ev.After)
	}
	e.Emit(ev)
}

// tick counts a step against the step budget, and a unit against the
// cost budget, which also honours cancellation.
func (e *Engine) tick(r *dsl.RuleDef) error {
	e.steps++
	if e.steps > e.cfg.MaxSteps {
		return e.tickErr(r, nil)
	}
	if err := e.meter.spend(1); err != nil {
		return e.tickErr(r, err)
	}
	return nil
}

// tickErr is tick's error: the step budget's, or the meter's.
func (e *Engine) tickErr(r *dsl.RuleDef, err error) error {
	if err == nil {
		return ruleErr(r.Pos, r, "%w (%d steps)", ErrStepBudget, e.cfg.MaxSteps)
	}
	return ruleErr(r.Pos, r, "%w", err)
}

func (e *Engine) ruleEvent(kind string, r *dsl.RuleDef, hook, text string) {
	if e.cfg.NoTrace {
		return
	}
	ev := Event{Kind: kind, Hook: hook, Rule: r.ID, Cite: e.Module.CiteLine(r.Cite), Text: text}
	if u := e.subject; u != nil {
		ev.Unit, ev.Hex = u.ID, u.Hex.String()
	}
	e.Emit(ev)
}

// asked names the question, the unit asked and the answer on the ask
// event just recorded.
func (e *Engine) asked(q Question, answer string) {
	if n := len(e.trace); n > 0 && e.trace[n-1].Kind == "ask" {
		ev := &e.trace[n-1]
		ev.Ask, ev.Answer = q.Ask, answer
		if q.Unit != nil {
			ev.Asked = q.Unit.ID
		}
		if q.Acting {
			d := q.Distance
			ev.Distance = &d
		}
	}
}

// runRule runs a rule's clauses after its guard, which its caller (run)
// has tested: most rules go no further, and are then spared this call.
// The variables its lets bind are put back by run too, which a deferred
// call here would slow: a function with this many returns gets no
// open-coded defer.
func (e *Engine) runRule(hook string, rc *ruleCode) (bool, string, error) {
	r := rc.r
	announced := false
	code := rc.clauses[rc.guardLen:]
	for i := range code {
		cc := &code[i]
		switch cc.kind {
		case dsl.ClauseWhen:
			ok, err := e.step(r, &cc.cond)
			if err != nil || !ok {
				return false, "", err
			}
		case dsl.ClauseRequire:
			ok, err := e.step(r, &cc.cond)
			if err != nil {
				return false, "", err
			}
			if !ok {
				e.ruleEvent("blocked", r, hook, cc.c.Message)
				return true, cc.c.Message, nil
			}
		case dsl.ClauseLet:
			if err := e.tick(r); err != nil {
				return false, "", err
			}
			val, err := e.value(r, &cc.cond)
			if err != nil {
				return false, "", err
			}
			e.set(cc.let, val)
		case dsl.ClauseAsk:
			if err := e.tick(r); err != nil {
				return false, "", err
			}
			if !announced && !e.cfg.NoTrace {
				e.announce(r, hook)
			}
			announced = true
			c := cc.c
			whom := e.subject
			if cc.of.p != nil {
				v, err := e.value(r, &cc.of)
				if err != nil {
					return false, "", err
				}
				whom, _ = v.(*Unit)
				if whom == nil {
					// A Decider is promised a unit to ask.
					return false, "", ruleErr(c.Of.Pos, r, "ask %s of: no unit to ask (%s gives none)", c.Question, c.Of.Source)
				}
			}
			q := e.question(c.Question, whom, r.ID, hook)
			answer := e.decider.Decide(q)
			if e.Tracing() {
				word, who := "no", ""
				if answer {
					word = "yes"
				}
				if whom != nil {
					who = whom.ID + " "
				}
				e.ruleEvent("ask", r, hook, fmt.Sprintf("%s%s? %s", who, c.Question, word))
				e.asked(q, word)
			}
			if !answer {
				return false, "", nil
			}
		case dsl.ClauseDo:
			if err := e.tick(r); err != nil {
				return false, "", err
			}
			if !announced && !e.cfg.NoTrace {
				e.announce(r, hook)
			}
			announced = true
			for j := range cc.calls {
				if err := e.do(r, &cc.calls[j]); err != nil {
					return false, "", err
				}
			}
		default:
			if err := e.tick(r); err != nil {
				return false, "", err
			}
		}
	}
	if !announced && !e.cfg.NoTrace {
		title := r.Title
		if title == "" {
			title = r.ID
		}
		e.ruleEvent("ok", r, hook, title)
	}
	return false, "", nil
}

// guardErr is the error of a rule whose guard failed with err: that of
// the clause that fails when they are tested one by one, for its position.
// A guard of one clause is that clause, and err is already its error.
func (e *Engine) guardErr(rc *ruleCode, err error) error {
	r := rc.r
	if rc.guardLen == 1 {
		return err
	}
	for _, c := range r.Clauses[:rc.guardLen] {
		if ok, err := e.evalBool(r, c.Cond); err != nil || !ok {
			return err
		}
	}
	return err
}

// condFailed is the error of the rule rc whose clause's condition x
// panicked with p in step, begun with args arguments on the frame's stack:
// what step would return had it tested x with closure.Program.RunBool, as
// runRule would pass it on.
func (e *Engine) condFailed(rc *ruleCode, x *exprCode, args int, p any) error {
	err := x.run.Failure(&e.frame, args, p)
	if e.meter.err != nil {
		err = ruleErr(x.p.Pos, rc.r, "%w", e.meter.err)
	} else {
		err = evalErr(rc.r, x.p, err)
	}
	if x == &rc.guard {
		return e.guardErr(rc, err)
	}
	return err
}

// ArgError is what an effect panics with when an argument has the wrong
// kind at run time (a unit that is nil); do turns it into an error.
type ArgError string

// announce puts a rule's title in the trace, the first time it acts. It
// is not called with the trace off: the rule's title, read for nothing,
// would be a miss of the processor's cache.
func (e *Engine) announce(r *dsl.RuleDef, hook string) {
	title := r.Title
	if title == "" {
		title = r.ID
	}
	e.ruleEvent("rule", r, hook, title)
}

func (e *Engine) do(r *dsl.RuleDef, code *callCode) (err error) {
	// Arguments and calls live on stacks the engine keeps, so that an effect
	// costs no allocation; an effect that fires hooks (roll) pushes above.
	// One deferred call puts them back, and the effect being run, and turns
	// an ArgError into an error.
	cd := code.cd
	start, depth := len(e.argStack), len(e.callStack)
	prevRule, prevCall := e.curRule, e.curCall
	defer func() {
		clear(e.argStack[start:])
		e.argStack = e.argStack[:start]
		e.callStack = e.callStack[:depth]
		e.curRule, e.curCall = prevRule, prevCall
		if x := recover(); x != nil {
			ae, ok := x.(ArgError)
			if !ok {
				panic(x)
			}
			err = ruleErr(cd.Pos, r, "%s", string(ae))
		}
	}()
	if err := e.tick(r); err != nil {
		return err
	}
	fn := e.effects[code.effect]
	if fn == nil {
		return ruleErr(cd.Pos, r, "effect %s has no implementation in this engine", cd.Effect.Name)
	}
	e.curRule, e.curCall = r, cd
	for i := range code.args {
		a := &code.args[i]
		v := a.fixed
		if a.x.p != nil {
			var err error
			if v, err = e.value(r, &a.x); err != nil {
				return err
			}
		}
		e.argStack = append(e.argStack, v)
	}
	// The call is written in place: one built aside and copied in stalls
	// the processor's store buffer, as save does (vars.go).
	if depth == cap(e.callStack) {
		e.callStack = append(e.callStack, Call{})
	}
	e.callStack = e.callStack[:depth+1]
	call := &e.callStack[depth]
	call.E, call.Rule, call.Def, call.Args = e, r, cd, e.argStack[start:len(e.argStack):len(e.argStack)]
	if err := fn(call); err != nil {
		// An error from a rule the effect ran (a roll's outcome) already
		// says where it happened; saying each effect on the way out again
		// would bury it.
		var loc located
		if errors.As(err, &loc) {
			return err
		}
		return ruleErr(cd.Pos, r, "%s: %w", cd.Effect.Name, err)
	}
	return nil
}

// eval evaluates an expression of rule r, charging its estimated cost
// first (and what the functions it calls look at, as they do): as closures
// when the module's compile took it, else on expr's machine. Rules'
// clauses use their code directly (value, test); this finds it.
func (e *Engine) eval(r *dsl.RuleDef, p *dsl.Program) (any, error) {
	return e.value(r, e.exprOf(p))
}

func (e *Engine) evalBool(r *dsl.RuleDef, p *dsl.Program) (bool, error) {
	return e.test(r, e.exprOf(p))
}

// exprOf is the code of one of the module's expressions.
func (e *Engine) exprOf(p *dsl.Program) *exprCode {
	if x := e.comp.exprs[p]; x != nil {
		return x
	}
	x := e.comp.exprCode(p) // not the module's: on expr's machine
	return &x
}

// value evaluates an expression: it pays its cost, then runs it. It is
// the one place expressions run.
func (e *Engine) value(r *dsl.RuleDef, x *exprCode) (any, error) {
	if err := e.meter.spend(x.cost); err != nil {
		return nil, ruleErr(x.p.Pos, r, "%w", err)
	}
	return e.valuePaid(r, x)
}

// test evaluates a condition, as value does, without boxing the result.
func (e *Engine) test(r *dsl.RuleDef, x *exprCode) (bool, error) {
	if err := e.meter.spend(x.cost); err != nil {
		return false, ruleErr(x.p.Pos, r, "%w", err)
	}
	return e.testPaid(r, x)
}

// step is a clause's condition: tick, then test, with the two spends
// made as one when neither could reach the budget or a look at the
// context (meter.next), which is what they would do one by one. It runs
// only under run (through runRule), whose deferred call recovers a
// failure of the condition.
func (e *Engine) step(r *dsl.RuleDef, x *exprCode) (bool, error) {
	e.steps++
	if e.steps > e.cfg.MaxSteps {
		return false, e.tickErr(r, nil)
	}
	m := &e.meter
	if n := int64(1 + x.cost); m.used+n < m.next {
		m.used += n
	} else {
		if err := m.spend(1); err != nil {
			return false, e.tickErr(r, err)
		}
		if err := m.spend(x.cost); err != nil {
			return false, ruleErr(x.p.Pos, r, "%w", err)
		}
	}
	if x.cond == nil || e.cfg.Machine {
		return e.testPaid(r, x)
	}
	// Tested as RunBool tests it, without its deferred recover: a failure
	// panics up to the hook's run, which recovers it as RunBool would have
	// (condFailed). One recover for a firing rather than one for each
	// condition.
	e.testing = x
	b := x.cond(&e.frame)
	e.testing = nil
	if e.meter.err != nil {
		return false, ruleErr(x.p.Pos, r, "%w", e.meter.err)
	}
	return b, nil
}

// valuePaid is value once the cost is paid.
func (e *Engine) valuePaid(r *dsl.RuleDef, x *exprCode) (any, error) {
	p := x.p
	if x.run == nil || e.cfg.Machine {
		if p.IsConst {
			return p.Const, nil
		}
		prog, err := p.Bytecode()
		if err != nil {
			return e.checked(r, p, nil, err)
		}
		out, err := e.machine.Run(prog, e.machineEnv())
		return e.checked(r, p, out, err)
	}
	if x.name {
		// A bare name: its slot, as the closures would read it.
		if x.slot.Kind == closure.Int {
			return e.boxInt(e.frame.Ints[x.slot.Index]), nil
		}
		out := e.frame.Vals[x.slot.Index]
		if _, isFloat := out.(float64); !isFloat {
			return out, nil
		}
		return e.checked(r, p, out, nil)
	}
	if k := x.run.Kind; k == closure.Int || k == closure.Float {
		return e.evalNumber(r, p, x.run)
	}
	out, err := x.run.Run(&e.frame)
	return e.checked(r, p, out, err)
}

// checked is the result of an expression as the engine takes it: the
// meter's error, the expression's, or a number that is not finite are
// errors of the rule.
func (e *Engine) checked(r *dsl.RuleDef, p *dsl.Program, out any, err error) (any, error) {
	if e.meter.err != nil {
		return nil, ruleErr(p.Pos, r, "%w", e.meter.err)
	}
	if err != nil {
		return nil, evalErr(r, p, err)
	}
	if f, ok := out.(float64); ok && (math.IsNaN(f) || math.IsInf(f, 0)) {
		return nil, ruleErr(p.Pos, r, "%s is not a finite number", p.Source)
	}
	return out, nil
}

// testPaid is test once the cost is paid.
func (e *Engine) testPaid(r *dsl.RuleDef, x *exprCode) (bool, error) {
	if x.run == nil || e.cfg.Machine {
		out, err := e.valuePaid(r, x)
		b, _ := out.(bool)
		return b, err
	}
	b, err := x.run.RunBool(&e.frame)
	if e.meter.err != nil {
		return false, ruleErr(x.p.Pos, r, "%w", e.meter.err)
	}
	if err != nil {
		return false, evalErr(r, x.p, err)
	}
	return b, nil
}

// evalNumber is valuePaid for a compiled expression whose result is a
// number: the same checks, the result boxed without allocating when it
// can be.
func (e *Engine) evalNumber(r *dsl.RuleDef, p *dsl.Program, cp *closure.Program) (any, error) {
	n, x, isInt, err := cp.RunNumber(&e.frame)
	if e.meter.err != nil {
		return nil, ruleErr(p.Pos, r, "%w", e.meter.err)
	}
	if err != nil {
		return nil, evalErr(r, p, err)
	}
	if isInt {
		return e.boxInt(n), nil
	}
	if math.IsNaN(x) || math.IsInf(x, 0) {
		return nil, ruleErr(p.Pos, r, "%s is not a finite number", p.Source)
	}
	return e.boxFloat(x), nil
}

// evalErr says where an expression failed, in the script's terms.
func evalErr(r *dsl.RuleDef, p *dsl.Program, err error) error {
	msg := firstLine(err.Error())
	var fe *file.Error
	if errors.As(err, &fe) {
		msg = fe.Message // without expr's own line and column
	}
	return ruleErr(p.Pos, r, "%s", msg)
}

// boxInt and boxFloat give a number as an interface value, reusing the
// boxes of values seen before: an effect's arguments are interface values,
// and boxing a decimal or a whole number above 255 allocates, while a
// battle's fire values and strengths come from a handful of numbers. The
// boxes kept are bounded.
func (e *Engine) boxInt(n int) any {
	if n >= 0 && n < 256 {
		return n // Go boxes these without allocating
	}
	if v, ok := e.ints[n]; ok {
		return v
	}
	var v any = n
	if len(e.ints) < maxBoxes {
		if e.ints == nil {
			e.ints = map[int]any{}
		}
		e.ints[n] = v
	}
	return v
}

func (e *Engine) boxFloat(x float64) any {
	bits := math.Float64bits(x) // -0 and 0 are boxed apart
	if v, ok := e.floats[bits]; ok {
		return v
	}
	var v any = x
	if len(e.floats) < maxBoxes {
		if e.floats == nil {
			e.floats = map[uint64]any{}
		}
		e.floats[bits] = v
	}
	return v
}

const maxBoxes = 256

// machineEnv is the variables by name, as expr's machine reads them.
func (e *Engine) machineEnv() map[string]any {
	if e.vmEnv == nil {
		e.vmEnv = e.Module.ParamValues()
	}
	for name, s := range e.comp.slots {
		e.vmEnv[name] = e.get(s)
	}
	for name, s := range e.extra {
		e.vmEnv[name] = e.get(s)
	}
	return e.vmEnv
}

// located is an error that says where in a script it happened.
type located struct{ err error }

func (l located) Error() string { return l.err.Error() }
func (l located) Unwrap() error { return l.err }

// ruleErr makes an error of rule r at pos: `file:line:col: rule id: …`.
func ruleErr(pos dsl.Pos, r *dsl.RuleDef, format string, args ...any) error {
	return located{fmt.Errorf("%s: rule %s: "+format, append([]any{pos, r.ID}, args...)...)}
}

func firstLine(s string) string {
	if i := strings.IndexByte(s, '\n'); i >= 0 {
		return s[:i]
	}
	return s
}
