package bench

import (
	"context"
	"fmt"
	"maps"
	"slices"
	"strings"

	"github.com/bataille/bataille"
	"github.com/bataille/bataille/dsl"
	"github.com/bataille/bataille/interpreter"
	"github.com/bataille/bataille/premier"
)

// charger is one implementation of the charge: it plays one seed and shows
// the units as the run left them, in scenario order.
type charger interface {
	play(seed uint64) error
	units() []*interpreter.Unit
	// mp is the movement points the run's charge spent and had left when
	// it ended (after follows and rules' additions), zero for both when no
	// charge was declared.
	mp() (spent, left int)
}

// engineCharger is the engine running the bundled scripts. The timed one
// is a bataille.Runner, trace off; the one the checks compare keeps a
// trace, since the engine shows a charge's movement points only there.
type engineCharger struct {
	r       *bataille.Runner
	e       *interpreter.Engine // traced; nil when r plays
	dice    *interpreter.SeededDice
	charger *interpreter.Unit // the first unit ordered to charge
	ctx     context.Context
}

func newEngine(mod *dsl.Module, sd *dsl.ScenarioDef) (*engineCharger, error) {
	r, err := bataille.NewRunner(mod, sd, nil)
	if err != nil {
		return nil, err
	}
	return &engineCharger{r: r, ctx: context.Background()}, nil
}

// newTracedEngine builds the engine as bataille.NewRunner does, but with
// the trace on, so that mp can read the charge's movement points.
func newTracedEngine(mod *dsl.Module, sd *dsl.ScenarioDef) (*engineCharger, error) {
	setup, diags := interpreter.BuildScenario(mod, sd)
	if diags.HasErrors() {
		return nil, diags.Err()
	}
	dice := interpreter.NewSeededDice(0)
	cfg := interpreter.Config{Dice: dice, Decider: setup.Decider, Effects: bataille.Effects()}
	e := interpreter.New(mod, setup.Board, setup.Orders, cfg)
	e.SetPhasing(setup.Turn)
	e.SetTurns(setup.Turns)
	c := &engineCharger{e: e, dice: dice, ctx: context.Background()}
	for _, o := range setup.Orders {
		if o.Kind == "charge" {
			c.charger = o.Unit
			break
		}
	}
	return c, nil
}

func (e *engineCharger) play(seed uint64) error {
	if e.e == nil {
		return e.r.Play(e.ctx, seed)
	}
	e.dice.Reseed(seed)
	e.e.Rewind(e.dice)
	return e.e.Run(e.ctx)
}

func (e *engineCharger) units() []*interpreter.Unit {
	if e.e == nil {
		return e.r.Units()
	}
	return e.e.Board.Units
}

// mp reads the charge's movement points from the trace's MP, which the
// charge's steps carry: its start, each hex it enters or follows into, and
// each gain a rule gives it.
func (e *engineCharger) mp() (spent, left int) {
	if e.e == nil {
		panic("bench: the movement points of a charge are read from a traced engine")
	}
	u := e.charger
	if u == nil || !u.Flag(premier.Charged) {
		return 0, 0
	}
	return chargeMP(e.e.Trace(), u)
}

// chargeMP is the movement points u's charge spent and had left as the
// trace ends: the last MP of a step about u, or none spent of u's
// allowance.
func chargeMP(tr interpreter.Trace, u *interpreter.Unit) (spent, left int) {
	spent, left = 0, u.MP
	for _, ev := range tr {
		if ev.Unit == u.ID && ev.MP != nil {
			spent, left = ev.MP.Spent, ev.MP.Left
		}
	}
	return spent, left
}

func (w *world) units() []*interpreter.Unit { return w.all }

func (w *world) mp() (spent, left int) {
	if w.ch.charger == nil || !w.ch.charger.Flag(premier.Charged) {
		return 0, 0
	}
	return w.ch.mpSpent, w.ch.mpLeft
}

// outcome hashes what a run left (FNV-1a): the movement points its charge
// spent and had left, then of each unit its increments, morale
// state, formation, hex, facing, tired and exhausted, and the marks rules
// set, in name order (a mark left behind is state the next turn reads).
// Equal hashes over many seeds show two implementations did the same work.
func outcome(c charger) uint64 {
	h := fnvOffset
	spent, left := c.mp()
	h = fnvInt(h, spent)
	h = fnvInt(h, left)
	return hashUnits(h, c.units())
}

// hashUnits folds what a run left of each unit into h.
func hashUnits(h uint64, units []*interpreter.Unit) uint64 {
	var names [8]string
	for _, u := range units {
		marks := names[:0]
		for name, on := range u.Marks {
			if on {
				marks = append(marks, name)
			}
		}
		slices.Sort(marks)
		h = fnvInt(h, len(marks))
		for _, name := range marks {
			h = fnvString(h, name)
		}
		h = fnvString(h, u.ID)
		h = fnvInt(h, u.Increments)
		h = fnvString(h, u.State)
		h = fnvString(h, u.Formation)
		h = fnvInt(h, u.Hex.Q)
		h = fnvInt(h, u.Hex.R)
		h = fnvInt(h, int(u.Facing))
		h = fnvInt(h, b2i(u.Tired)+2*b2i(u.Exhausted))
	}
	return h
}

const (
	fnvOffset uint64 = 14695981039346656037
	fnvPrime  uint64 = 1099511628211
)

func fnvString(h uint64, s string) uint64 {
	for i := 0; i < len(s); i++ {
		h = (h ^ uint64(s[i])) * fnvPrime
	}
	return (h ^ 0xff) * fnvPrime // ends the field, so "ab","c" differs from "a","bc"
}

func fnvInt(h uint64, n int) uint64 {
	for i := range 8 {
		h = (h ^ uint64(byte(uint64(n)>>(8*i)))) * fnvPrime
	}
	return h
}

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}

// describe shows the charge's movement points and the units as a run left
// them, for a failing comparison.
func describe(c charger) string {
	var b strings.Builder
	spent, left := c.mp()
	fmt.Fprintf(&b, "charge %d MP spent, %d left; %s", spent, left, describeUnits(c.units()))
	return b.String()
}

// describeUnits shows the units as a run left them.
func describeUnits(units []*interpreter.Unit) string {
	var b strings.Builder
	for i, u := range units {
		if i > 0 {
			b.WriteString("; ")
		}
		fmt.Fprintf(&b, "%s %d inc %s %s at %s facing %s", u.ID, u.Increments, u.Formation, u.State, u.Hex, u.Facing)
		if u.Tired {
			b.WriteString(" tired")
		}
		if u.Exhausted {
			b.WriteString(" exhausted")
		}
		marks := slices.Sorted(maps.Keys(u.Marks))
		if len(marks) > 0 {
			fmt.Fprintf(&b, " marked %s", strings.Join(marks, ","))
		}
	}
	return b.String()
}

// checksum plays seeds 0..n-1 and folds every run's outcome into one hash.
func checksum(c charger, n int) (uint64, error) {
	sum := fnvOffset
	for seed := range uint64(n) {
		if err := c.play(seed); err != nil {
			return 0, fmt.Errorf("seed %d: %w", seed, err)
		}
		sum = (sum ^ outcome(c)) * fnvPrime
	}
	return sum, nil
}

// implementations names the four ways of playing the charge, the engine first.
var implementations = []string{"engine", "native", "starlark", "lua", "lua-userdata"}

// newCharger builds one implementation on the scenario. Each has its own
// units, dice and interpreter state: one per goroutine. The engine it
// builds keeps a trace, for the checks; the benchmarks time newEngine's.
func newCharger(kind string, mod *dsl.Module, sd *dsl.ScenarioDef) (charger, error) {
	if kind == "engine" {
		return newTracedEngine(mod, sd)
	}
	w, err := newWorld(mod, sd)
	if err != nil {
		return nil, err
	}
	switch kind {
	case "native":
		newNative(w)
	case "starlark":
		if _, err := newStarlark(w); err != nil {
			return nil, err
		}
	case "lua", "lua-userdata":
		if _, err := newLua(w, kind == "lua"); err != nil {
			return nil, err
		}
	default:
		return nil, fmt.Errorf("no implementation %q", kind)
	}
	return w, nil
}
