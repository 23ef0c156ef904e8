package interpreter

import (
	"fmt"

	"github.com/bataille/bataille/dsl"
)

// FormationChange says how a formation change comes about. Its zero value
// is a change the unit makes of its own will outside a charge: in its
// movement phase, paid from its movement points.
type FormationChange struct {
	// Charging: the change is made during the unit's own charge, in the
	// hex Step of its path (0 before the first), and paid from the
	// charge's movement points.
	Charging bool
	Step     int
	// Result: a rule's outcome imposes the change (a Carré that forms on
	// its roll, a broken Carré that reverts to column). It costs no
	// movement points; every other precondition still holds.
	Result bool
}

// ChangeFormation is the one way a unit's formation changes: an order in the
// movement phase, a change in a charge, a rule's result (set_formation) and
// a Carré attempt all come through it, so that what the rulebook says a
// formation needs holds on every path. In order, it refuses a formation
// the unit's arm may not take (the formation's `arms`), one that would
// break the stacking limit of the hex (the formation's stack_increments and
// stack_regiment, and those of friends already in the hex), one the
// change_formation rules forbid (clear terrain and three increments for a
// Carré, its phase), and one the unit cannot pay for (the movement points
// left in its movement phase or its charge). It reports whether the unit
// changed; a refusal is narrated with its reason. A unit already in f
// changes nothing and pays nothing.
func (e *Engine) ChangeFormation(u *Unit, f string, how FormationChange) (bool, error) {
	if u.Formation == f {
		return true, nil
	}
	cost, why, err := e.formationCheck(u, f, how)
	if err != nil || why != "" {
		if why != "" && e.Tracing() {
			e.Note(u, "%s may not form %s: %s", u.ID, f, why)
		}
		return false, err
	}
	switch {
	case how.Charging && e.ch != nil && e.ch.charger == u:
		e.pay(cost)
	case !how.Result:
		u.mpSpent += cost
	default:
		cost = 0
	}
	u.Formation = f
	if e.Tracing() {
		if how.Result {
			e.Note(u, "%s is in %s", u.ID, f)
		} else {
			e.Note(u, "%s forms %s (%d MP)", u.ID, f, cost)
		}
	}
	return true, nil
}

// MayChangeFormation reports whether ChangeFormation(u, f, how) would be
// allowed now, and why not, without changing or paying anything: a rule
// that offers a formation (the Carré attempt) asks it before the roll.
// The change_formation rules run, so a refusal is in the trace.
func (e *Engine) MayChangeFormation(u *Unit, f string, how FormationChange) (bool, string, error) {
	if u.Formation == f {
		return true, "", nil
	}
	outer := e.act
	defer func() { e.act = outer }()
	_, why, err := e.formationCheck(u, f, how)
	return why == "" && err == nil, why, err
}

// formationCheck is what ChangeFormation checks: the cost when allowed,
// else why not.
func (e *Engine) formationCheck(u *Unit, f string, how FormationChange) (int, string, error) {
	w, ok := e.Module.Word(dsl.KindFormation, f)
	if !ok {
		return 0, "", fmt.Errorf("unknown formation %q", f)
	}
	if !u.CanForm(f) {
		msg := fmt.Sprintf("a unit of arm %s has no %s among its formations", u.Arm, f)
		if e.Tracing() {
			e.Emit(Event{Kind: "blocked", Rule: "arms", Cite: e.Module.CiteLine(w.Cite), Unit: u.ID, Hex: u.Hex.String(), Text: msg})
		}
		return 0, msg, nil
	}
	if msg := e.stacking(u, f, u.Hex); msg != "" {
		return 0, msg, nil
	}
	cost := w.Int("change_cost", 1)
	left := e.formationMP(u, how)
	e.act = action{cost: cost}
	blocked, msg, err := e.Bind(hChangeFormation).Unit(u).Str(f).Cell(e.Cell(u.Hex)).Bool(how.Charging).Int(how.Step).Int(cost).
		Str(e.proc).Str(e.phasing).Bool(how.Result).Int(left).Fire()
	if err != nil {
		return 0, "", err
	}
	if blocked {
		return 0, msg, nil
	}
	cost = e.act.cost
	if how.Result {
		return 0, "", nil
	}
	if cost > left {
		if left <= 0 {
			return 0, fmt.Sprintf("it has spent all its movement points (%s costs %d)", f, cost), nil
		}
		return 0, fmt.Sprintf("it needs %d MP and has %d", cost, left), nil
	}
	return cost, "", nil
}

// formationMP is what a unit may still spend on a formation change: the
// charge's movement points in its own charge, else what its movement phase
// has left of its allowance. A result costs nothing.
func (e *Engine) formationMP(u *Unit, how FormationChange) int {
	switch {
	case how.Result:
		return 0
	case how.Charging && e.ch != nil && e.ch.charger == u:
		return e.spendable()
	}
	return max(u.MP-u.mpSpent, 0)
}
