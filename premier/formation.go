package premier

import (
	"fmt"
	"math"

	"github.com/bataille/bataille/dsl"
	"github.com/bataille/bataille/interpreter"
	"github.com/bataille/bataille/stdlib"
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

// Formation changes: the one way a unit's formation changes, which the
// movement phase, the charge, the set_formation effect and a Carré attempt
// (may_form) all take, with the change_formation hook and its effects.

var (
	hChangeFormation = interpreter.DeclareHook(&dsl.Hook{Name: "change_formation", Blocks: true, Doc: "a unit is about to change formation, on every path that changes one (a form order, a change in a charge, a rule's set_formation, a Carré attempt); a failing require forbids it",
		Vars: []dsl.Var{v("unit", tUnit, "the unit the hook is about"), word("formation", dsl.KindFormation, "the formation it changes into"), v("hex", tCell, "its hex"),
			v("charging", tBool, "the change is made during the unit's own charge"), v("step", tInt, "the hex of the charge it is in (0 before the first)"),
			v("cost", tFloat, "movement points the change costs (set_cost changes it)"),
			word("phase", procedureWords, "the procedure of the phase it happens in (\"\" outside a turn)"),
			v("phasing", tString, "the side whose turn it is"),
			v("result", tBool, "a rule's outcome imposes the change (a Carré roll, a broken Carré): it costs no MP"),
			v("mp_left", tFloat, "movement points the unit may still spend on it (its charge's, or its movement phase's; 0 for a result)")}})
)

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
func ChangeFormation(e *interpreter.Engine, u *interpreter.Unit, f string, how FormationChange) (bool, error) {
	return chargeOf(e).changeFormation(u, f, how)
}

func (s *chargeLocal) changeFormation(u *interpreter.Unit, f string, how FormationChange) (bool, error) {
	e := s.e
	if u.Formation == f {
		return true, nil
	}
	cost, why, err := s.formationCheck(u, f, how)
	if err != nil || why != "" {
		if why != "" && e.Tracing() {
			e.Note(u, "%s may not form %s: %s", u.ID, f, why)
		}
		return false, err
	}
	switch {
	case how.Charging && s.ch != nil && s.ch.Actor == u:
		s.pay(int(math.Ceil(cost))) // a charge pays whole points
	case !how.Result:
		u.SetMPSpent(u.MPSpent() + cost)
	default:
		cost = 0
	}
	was := u.Formation
	gathered := s.take(u, f)
	if e.Tracing() {
		if how.Result {
			e.Note(u, "%s is in %s", u.ID, f)
		} else {
			e.Note(u, "%s forms %s (%s MP)", u.ID, f, interpreter.MPText(cost))
		}
	}
	s.drew(u, gathered)
	s.wholeHex(u, was, f)
	return true, nil
}

// wholeHex carries a change into or out of a formation that is the hex's
// (its whole_hex flag: a Carré, whose three increments and whose stacking
// limit are those of the hex, BER-17-CARRE-MIN, BER-17-CARRE-STACK) to the
// friends in u's hex: those that may take the formation form it with u,
// and when u leaves it, those still in it leave it with u, taking u's new
// formation, where the formation change would let them take it as a
// result (their arm has it; a Carré needs good order). They pay nothing:
// the change is the hex's, made once. A battery keeps its own formation
// (it is in the Carré by standing in its hex, in_carre).
func (s *chargeLocal) wholeHex(u *interpreter.Unit, was, f string) {
	e := s.e
	into, out := s.hexWide(f), s.hexWide(was)
	if !into && !out {
		return
	}
	e.Board.Spend(1 + len(e.Board.Units))
	for _, x := range e.Board.Units {
		if x == u || x.Side != u.Side || x.Increments <= 0 || !x.Occupies(u.Hex) || x.Formation == f {
			continue
		}
		if !(into || out && x.Formation == was) || !x.CanForm(f) {
			continue
		}
		// The friend takes it as a result does, at no cost, when the
		// formation's conditions allow it (its arms, a Carré's good order).
		if ok, _, err := s.mayChangeFormation(x, f, FormationChange{Result: true}); err != nil || !ok {
			continue
		}
		gathered := s.take(x, f)
		if e.Tracing() {
			e.NoteUnits(x, []string{u.ID}, "%s is in %s with %s", x.ID, f, u.ID)
		}
		s.drew(x, gathered)
	}
}

// take puts u in formation f. A formation covers the hexes its `hexes`
// says (one when it says none): a two-hex line that forms column or Carré
// draws into its first hex, where the change's conditions were judged (a
// Carré rests in one hex, BER-17-CARRE-ZDI).
// It reports whether u drew into one hex.
func (s *chargeLocal) take(u *interpreter.Unit, f string) bool {
	u.Formation = f
	if w, ok := s.e.Module.Word(dsl.KindFormation, f); ok && u.Hexes > 1 && w.Int("hexes", 1) < u.Hexes {
		u.Gather()
		return true
	}
	return false
}

// drew narrates a two-hex unit that drew into its first hex.
func (s *chargeLocal) drew(u *interpreter.Unit, gathered bool) {
	if gathered && s.e.Tracing() {
		s.e.Note(u, "%s draws into %s", u.ID, u.Hex)
	}
}

// hexWide reports whether a formation is taken by the hex (whole_hex).
func (s *chargeLocal) hexWide(f string) bool {
	w, ok := s.e.Module.Word(dsl.KindFormation, f)
	return ok && w.Flag("whole_hex")
}

// MayChangeFormation reports whether ChangeFormation(u, f, how) would be
// allowed now, and why not, without changing or paying anything: a rule
// that offers a formation (the Carré attempt) asks it before the roll.
// The change_formation rules run, so a refusal is in the trace.
func MayChangeFormation(e *interpreter.Engine, u *interpreter.Unit, f string, how FormationChange) (bool, string, error) {
	return chargeOf(e).mayChangeFormation(u, f, how)
}

func (s *chargeLocal) mayChangeFormation(u *interpreter.Unit, f string, how FormationChange) (bool, string, error) {
	e := s.e
	if u.Formation == f {
		return true, "", nil
	}
	outer := *e.Act()
	defer func() { *e.Act() = outer }()
	_, why, err := s.formationCheck(u, f, how)
	return why == "" && err == nil, why, err
}

// formationCheck is what ChangeFormation checks: the cost when allowed,
// else why not.
func (s *chargeLocal) formationCheck(u *interpreter.Unit, f string, how FormationChange) (float64, string, error) {
	e := s.e
	w, ok := e.Module.Word(dsl.KindFormation, f)
	if !ok {
		return 0, "", fmt.Errorf("unknown formation %q", f)
	}
	if !u.CanForm(f) {
		msg := fmt.Sprintf("a unit of arm %s has no %s among its formations", u.Arm, f)
		if e.Tracing() {
			e.Emit(interpreter.Event{Kind: "blocked", Rule: "arms", Cite: e.Module.CiteLine(w.Cite), Unit: u.ID, Hex: u.Hex.String(), Text: msg})
		}
		return 0, msg, nil
	}
	if msg := e.Stacking(u, f, u.Hex); msg != "" {
		return 0, msg, nil
	}
	printed := w.Int("change_cost", 1)
	left := s.formationMP(u, how)
	*e.Act() = interpreter.Action{Cost: float64(printed)}
	blocked, msg, err := e.Bind(hChangeFormation).Unit(u).Str(f).Cell(e.Cell(u.Hex)).Bool(how.Charging).Int(how.Step).Float(float64(printed)).
		Str(e.PhaseProcedure()).Str(e.Phasing()).Bool(how.Result).Float(left).Fire()
	if err != nil {
		return 0, "", err
	}
	if blocked {
		return 0, msg, nil
	}
	cost := e.Act().Cost
	if how.Result {
		return 0, "", nil
	}
	if cost > left {
		if left <= 0 {
			return 0, fmt.Sprintf("it has spent all its movement points (%s costs %s)", f, interpreter.MPText(cost)), nil
		}
		return 0, fmt.Sprintf("it needs %s MP and has %s", interpreter.MPText(cost), interpreter.MPText(left)), nil
	}
	return cost, "", nil
}

// formationMP is what a unit may still spend on a formation change: the
// charge's movement points in its own charge, else what its movement phase
// has left of its allowance. A result costs nothing.
func (s *chargeLocal) formationMP(u *interpreter.Unit, how FormationChange) float64 {
	switch {
	case how.Result:
		return 0
	case how.Charging && s.ch != nil && s.ch.Actor == u:
		return float64(s.spendable())
	}
	return u.MPLeft()
}

// setFormation puts a unit in a formation as a rule's result (a Carré that
// forms on its roll, a broken Carré that reverts to column): through
// ChangeFormation, so it costs no MP but the formation's preconditions hold.
func setFormation(e *interpreter.Engine, u *interpreter.Unit, f string) error {
	_, err := ChangeFormation(e, u, f, FormationChange{Result: true})
	return err
}

// formationEffects are the effects that change a formation, or ask
// whether one may be changed.
var formationEffects = []*stdlib.Effect{
	{Effect: dsl.Effect{Name: "set_formation", Doc: "puts the unit in a formation as a rule's result, at no MP cost; the formation's preconditions still hold (its arms, the stacking limits, the change_formation rules): refused, the unit keeps its formation and the trace says why",
		Params: []dsl.EffectParam{unitP("unit", ""), {Name: "formation", Type: tString, Vocab: dsl.KindFormation}}},
		Run: func(c *interpreter.Call) error { return setFormation(c.E, stdlib.UnitArg(c, 0), stdlib.StrArg(c, 1)) }},
	{Effect: dsl.Effect{Name: "may_form", Doc: "marks the unit `may_form:FORMATION` when the one formation change would let it take the formation now (its arms, the hex's stacking, the change_formation rules), and clears the mark when not; a rule that offers a formation (the Carré attempt) reads the mark before it asks. The mark lasts while the charge being resolved does",
		Params: []dsl.EffectParam{unitP("unit", ""), {Name: "formation", Type: tString, Vocab: dsl.KindFormation}}},
		Run: func(c *interpreter.Call) error {
			x, f := stdlib.UnitArg(c, 0), stdlib.StrArg(c, 1)
			ok, _, err := MayChangeFormation(c.E, x, f, FormationChange{Result: true})
			ch := chargeOf(c.E)
			ch.markForCharge(x, ch.mayFormMark(f), ok && err == nil)
			return err
		}},
}

// The formation property a formation change reads: what it costs.
func init() {
	interpreter.DeclareProperty(dsl.KindFormation, "change_cost", dsl.Property{What: "number", Doc: "movement points to change into it"})
	interpreter.DeclareProperty(dsl.KindFormation, "whole_hex", dsl.Property{What: "flag", Doc: "the hex takes it: the friends in a unit's hex whose arm has it take it with the unit, and leave it with the unit (a Carré)"})
}
