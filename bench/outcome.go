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
)

// charger is one implementation of the charge: it plays one seed and shows
// the units as the run left them, in scenario order.
type charger interface {
	play(seed uint64) error
	units() []*interpreter.Unit
}

// engineCharger is the engine running the bundled scripts.
type engineCharger struct {
	r   *bataille.Runner
	ctx context.Context
}

func newEngine(mod *dsl.Module, sd *dsl.ScenarioDef) (*engineCharger, error) {
	r, err := bataille.NewRunner(mod, sd, nil)
	if err != nil {
		return nil, err
	}
	return &engineCharger{r: r, ctx: context.Background()}, nil
}

func (e *engineCharger) play(seed uint64) error     { return e.r.Play(e.ctx, seed) }
func (e *engineCharger) units() []*interpreter.Unit { return e.r.Units() }

func (w *world) units() []*interpreter.Unit { return w.all }

// outcome hashes what a run left of each unit (FNV-1a): increments, morale
// state, formation, hex, facing, tired and exhausted, and the marks rules
// set, in name order (a mark left behind is state the next turn reads).
// Equal hashes over many seeds show two implementations did the same work.
func outcome(units []*interpreter.Unit) uint64 {
	h := fnvOffset
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

// describe shows the units as a run left them, for a failing comparison.
func describe(units []*interpreter.Unit) string {
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
		sum = (sum ^ outcome(c.units())) * fnvPrime
	}
	return sum, nil
}

// implementations names the four ways of playing the charge, the engine first.
var implementations = []string{"engine", "native", "starlark", "lua"}

// newCharger builds one implementation on the scenario. Each has its own
// units, dice and interpreter state: one per goroutine.
func newCharger(kind string, mod *dsl.Module, sd *dsl.ScenarioDef) (charger, error) {
	if kind == "engine" {
		return newEngine(mod, sd)
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
	case "lua":
		if _, err := newLua(w); err != nil {
			return nil, err
		}
	default:
		return nil, fmt.Errorf("no implementation %q", kind)
	}
	return w, nil
}
