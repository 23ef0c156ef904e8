package interpreter

import (
	"context"
	"errors"
	"fmt"
	"math"
)

// DefaultMaxCost is the cost budget of one Run when Config.MaxCost is zero:
// three thousand times what the largest bundled scenario takes (3,206
// units for the costliest bundled scenario with its trace), and well under a
// second of work on one core for the costliest scripts we could write.
const DefaultMaxCost = 10_000_000

// pollEvery is how many units of cost pass between looks at the context.
// A unit is at most a few hundred nanoseconds of work (one VM step, one
// element of a list, one unit looked at), so a cancelled Run returns within
// a millisecond or so of work, whatever the script does.
const pollEvery = 1024

// What the run keeps is counted too, so that the cost budget bounds its
// memory: an event of the trace costs eventUnits, and the text of an event
// or the name of a mark a unit per keptBytesPerUnit bytes. Under the
// default budget a run keeps at most some 40 MB of text, and a run's
// narration of fresh 4 KB strings, which kept 388 MB under the step budget
// alone, stops at the cost budget.
const (
	eventUnits       = 8
	keptBytesPerUnit = 4
)

// ErrCostBudget is wrapped by the error of a run that used up its cost
// budget (Config.MaxCost).
var ErrCostBudget = errors.New("cost budget exceeded")

// meter counts the cost of a run: the static estimate of every expression
// evaluated, one unit for every clause and effect, and the engine's own
// work (each hex of a path or a retreat, each unit looked at for an enemy,
// a line of sight or a stack). The board holds it so that the language's
// functions count what they look at too.
type meter struct {
	used, limit int64
	nextPoll    int64
	// next is where a spend stops merely adding: the smaller of nextPoll
	// and the first unit over the limit, or below anything once err is
	// set. It keeps spend small enough to be inlined.
	next int64
	ctx  context.Context
	err  error // the first error: the budget spent or the context done
}

func (m *meter) reset(ctx context.Context, limit int64) {
	*m = meter{limit: limit, nextPoll: pollEvery, ctx: ctx}
	m.setNext()
}

// spend adds n units; it returns the meter's error once the budget is
// spent or the context is done, and keeps returning it.
func (m *meter) spend(n int) error {
	m.used += int64(n)
	if m.used < m.next {
		return nil
	}
	return m.over(n)
}

// over is spend past next: the budget spent, the context to look at, or
// the error already met (the units are then not counted).
func (m *meter) over(n int) error {
	if m.err != nil {
		m.used -= int64(n)
		return m.err
	}
	if m.used > m.limit {
		m.err = fmt.Errorf("%w (%d units)", ErrCostBudget, m.limit)
		m.setNext()
		return m.err
	}
	if m.used >= m.nextPoll {
		m.nextPoll = m.used + pollEvery
		if m.ctx != nil {
			if err := m.ctx.Err(); err != nil {
				m.err = err
				m.setNext()
				return err
			}
		}
	}
	m.setNext()
	return nil
}

// overBy is over for a spend whose error the meter keeps for later; not
// inlined, so that Board.Spend is.
//
//go:noinline
func (m *meter) overBy(n int) { _ = m.over(n) }

func (m *meter) setNext() {
	switch {
	case m.err != nil:
		m.next = math.MinInt64
	case m.limit < math.MaxInt64:
		m.next = min(m.nextPoll, m.limit+1)
	default:
		m.next = m.nextPoll
	}
}

// Cost reports the units of cost the last Run used.
func (e *Engine) Cost() int64 { return e.meter.used }

// Work counts n units of the engine's own work. Its error names the rule
// whose effect does the work, at the effect's place, or the phase when no
// rule is running.
func (e *Engine) Work(n int) error {
	if err := e.meter.spend(n); err != nil {
		return e.meterErr(err)
	}
	return nil
}

func (e *Engine) meterErr(err error) error {
	if e.curRule != nil {
		return ruleErr(e.curCall.Pos, e.curRule, "%w", err)
	}
	if e.phase != "" {
		return fmt.Errorf("%s phase: %w", e.phase, err)
	}
	return err
}

// Spend counts n units of work against the engine's cost budget, from
// code that has no error to return (a line of sight, a look at a hex, a
// procedure's look over the units): the meter keeps the error and the
// engine reports it at its next spend. It is meter.spend spelled out, so
// that it stays small enough to be inlined where a line of sight or a
// look at the units spends.
func (b *Board) Spend(n int) {
	if m := b.meter; m != nil {
		if m.used += int64(n); m.used >= m.next {
			m.overBy(n)
		}
	}
}

// SetMaxCost changes the cost budget of the runs to come (0 means
// DefaultMaxCost): a program that plays many runs under one budget for
// them all gives each what is left of it.
func (e *Engine) SetMaxCost(n int64) {
	if n <= 0 {
		n = DefaultMaxCost
	}
	e.cfg.MaxCost = n
}
