package premier

import (
	"errors"
	"fmt"
	"math"
	"slices"

	"github.com/bataille/bataille/dsl"
	"github.com/bataille/bataille/hex"
	"github.com/bataille/bataille/interpreter"
	"github.com/bataille/bataille/stdlib"
	"github.com/expr-lang/expr/ast"
)

// The charge à cheval: every charge is declared first (stacks, then the
// declare_charge rules judge each), then each is resolved hex by hex along
// its path; the charges rules start (charge_at, an opportunity or reaction
// charge) are resolved once the action under way is over.

var charges = &interpreter.Procedure{Name: "charges", Doc: "every charge declared, then each resolved: the charge à cheval",
	Hooks:  []string{"declare_charge", "charge_start", "change_formation", "enter_hex", "charge_enter", "charge_approach", "charge_contact", "charge_end"},
	Orders: []string{"charge"}, Acts: []string{"charge"},
	Play:   func(e *interpreter.Engine, title string, from int) error { return chargeOf(e).chargePhase(title, from) },
	Settle: DrainCharges}

// The charge order: `charge hus at inf path 0609 0608`, paid from the
// charger's movement points, its first hex straight ahead of its front,
// ended by contact with its target, an enemy (declare refuses one of the
// charger's own side at play, as the checker does in the script).
var _ = interpreter.DeclareOrder(&dsl.OrderKind{Name: "charge", Doc: "a cavalry charge at an enemy unit along a path",
	Target: true, Path: true, SpendsMP: true, Moves: true, Ahead: true, ContactEnds: true, Hostile: true, Verb: "charge"})

var (
	hDeclareCharge = interpreter.DeclareHook(&dsl.Hook{Name: "declare_charge", Blocks: true, Doc: "a charge is declared, before any charge is resolved; a failing require cancels it",
		Vars: []dsl.Var{v("charger", tUnit, "the charging cavalry"), v("target", tUnit, "the declared target"), v("hex", tCell, "the charger's hex"),
			v("stack", tInt, "regiments charging as one stack with the charger: those ordered to charge from its hex at its target (1 for a regiment charging alone, or a reaction)"), v("leader", tBool, "a leader of its nationality with a cavalry bonus is in its hex"),
			v("reaction", tBool, "a rule started the charge (charge_at: an opportunity or reaction charge); it was not ordered")}})
	hChargeStart = interpreter.DeclareHook(&dsl.Hook{Name: "charge_start", Doc: "a declared charge begins, before its first hex",
		Vars: []dsl.Var{v("charger", tUnit, "the charging cavalry"), v("target", tUnit, "the charge's target (the unit reached, at contact)"), v("mp_left", tFloat, "movement points left")}})
	hChargeEnter = interpreter.DeclareHook(&dsl.Hook{Name: "charge_enter", Blocks: true, Doc: "the charger is about to enter a hex, by any movement of its charge (its path, a follow, a close-in, a ride into a Carré's hex); a failing require stops that movement",
		Vars: []dsl.Var{v("charger", tUnit, "the charging cavalry"), v("target", tUnit, "the charge's target (the unit reached, at contact)"), v("hex", tCell, "the hex entered"), v("step", tInt, "1 for the first hex entered"),
			v("mp_spent", tFloat, "movement points spent so far"), v("mp_left", tFloat, "movement points left"), v("cost", tFloat, "its cost so far: the price enter_hex set (the battle's movement chart; else terrain and hexside); rules add facing"),
			v("ahead", tBool, "the hex is straight ahead of the charger's front (either front hex of a line)"),
			v("turns", tInt, "hexsides the charger turns to enter it"), v("distance", tInt, "hexes from the hex to the target"),
			v("crossing", tString, "the hexside feature crossed to enter it (a stream, a slope), or \"\""), v("upslope", tBool, "the ground rises across that hexside"),
			word("movement", enterWords, "the kind of the charge's movement: its declared path, a follow, a close-in, a ride into the hex of the unit it melees")}})
	hChargeApproach = interpreter.DeclareHook(&dsl.Hook{Name: "charge_approach", Doc: "at the charge's start (step 0) and after the charger enters each hex, once for each enemy unit (by id)",
		Vars: []dsl.Var{v("unit", tUnit, "the enemy unit"), v("charger", tUnit, "the charging cavalry"), v("target", tUnit, "the charge's target (the unit reached, at contact)"),
			v("distance", tInt, "hexes between the charger and the unit"), v("los", tBool, "the unit sees the charger"),
			v("is_target", tBool, "the unit is the declared target"), v("step", tInt, "hexes of the path entered so far"), v("mp_spent", tFloat, "movement points spent so far"), v("mp_left", tFloat, "movement points left")}})
	hChargeContact = interpreter.DeclareHook(&dsl.Hook{Name: "charge_contact", Doc: "the charger reaches its target: adjacent to it, or in its hex",
		Vars: []dsl.Var{v("charger", tUnit, "the charging cavalry"), v("target", tUnit, "the charge's target (the unit reached, at contact)"), v("hex", tCell, "the charger's hex"),
			v("mp_spent", tFloat, "movement points spent so far"), v("mp_left", tFloat, "movement points left"), v("straight", tBool, "the charger entered its last three hexes moving in one straight line (the start hex is not one of them)"),
			v("step", tInt, "hexes of the path entered so far"), v("straight_hexes", tInt, "hexes the charger entered last moving in one straight line")}})
	hChargeEnd = interpreter.DeclareHook(&dsl.Hook{Name: "charge_end", Doc: "a charge is over",
		Vars: []dsl.Var{v("charger", tUnit, "the charging cavalry"), v("target", tUnit, "the charge's target (the unit reached, at contact)"), v("contacted", tBool, "it reached an enemy"),
			v("could_contact", tBool, "an enemy was within its remaining movement points"), v("mp_spent", tFloat, "movement points spent so far"), v("mp_left", tFloat, "movement points left")}})
)

// chargeState is the charge being resolved.
type chargeState struct {
	// Underway is the charger (Actor), its target (the unit reached, at
	// contact) and the hexes it has entered (Step), as the engine's
	// questions see them while the charge is resolved.
	interpreter.Underway
	order           *interpreter.Order
	trail           []hex.Hex // hexes the charger stood in, its start first
	mpLeft, mpSpent int
	cap             int // most MP it may still spend; -1 for no limit
	// capFrom is a limit that counts from a hex (the one a routed unit
	// left, BER-40-RECALL-FAIL): the charger pays its way there first,
	// hex by hex at the price every entry pays, and capN is its cap from
	// the first hex it enters that is the vacated hex or no farther from
	// capToward (where the routed unit stood when the limit was set).
	capFrom, capToward hex.Hex
	capN               int
	capPending         bool
	halted             bool
	byRule             bool // a rule stopped it (halt, pause), not the path
	ruled              bool // a rule moved it (follow, close-in): its path is over
	transient          []transientMark
	riders             []rider // the other regiments of its stack, still with it
	// released: the rules freed it from its target (a Carré formed far
	// off, AUS-36-FORMED): it may pass over and through a Carré, go on along
	// its path without striking, take a new target, or halt.
	released  bool
	contacted bool
}

// chargePhase declares every charge first, then resolves each in turn.
func (s *chargeLocal) chargePhase(title string, from int) error {
	e := s.e
	var charges []*interpreter.Order // not OrdersOf: this one stays on the stack
	for _, o := range e.Orders() {
		if o.Kind == "charge" {
			charges = append(charges, o)
		}
	}
	if len(charges) == 0 {
		return nil
	}
	e.BeginPhase(title)
	if from == 0 {
		if _, err := s.declareCharges(charges); err != nil {
			return err
		}
	}
	for k := max(from-1, 0); k < len(s.declared); k++ {
		if err := e.Checkpoint(k + 1); err != nil {
			return err
		}
		if err := s.resolveDeclared(s.declared[k]); err != nil {
			return err
		}
	}
	s.declared = s.declared[:0] // the phase's own
	return nil
}

// The charge procedure's steps, for a procedure of another edition
// written in the terms this one is (a counter-charge before the charger
// moves): declare the charges, resolve one, resolve those rules started.

// DeclareCharges declares the charges as the charge phase does: the
// charges ordered from one hex at one target make one stack's charge
// (BER-37-STACK), then the declare_charge rules judge each. It returns
// those they allowed, which the engine keeps (a saved position holds them)
// until the phase's procedure clears them (ClearDeclared).
func DeclareCharges(e *interpreter.Engine, charges []*interpreter.Order) ([]*interpreter.Order, error) {
	return chargeOf(e).declareCharges(charges)
}

// Declared are the charges DeclareCharges allowed, in order.
func Declared(e *interpreter.Engine) []*interpreter.Order { return chargeOf(e).declared }

// ClearDeclared forgets the phase's declared charges.
func ClearDeclared(e *interpreter.Engine) {
	s := chargeOf(e)
	s.declared = s.declared[:0]
}

// ResolveDeclared resolves a declared charge hex by hex, then the charges
// its rules started (DrainCharges); a regiment that rides with its stack's
// lead is resolved with the lead, not on its own.
func ResolveDeclared(e *interpreter.Engine, o *interpreter.Order) error {
	return chargeOf(e).resolveDeclared(o)
}

// DrainCharges resolves the charges rules started (ChargeAt), in the
// order they were started: the charge procedure's Settle.
func DrainCharges(e *interpreter.Engine) error { return chargeOf(e).drainCharges() }

// ChargeAt makes a charge that a rule starts (an opportunity charge into a
// zone, a reaction charge at contact): the cavalry charges the target once
// the action under way is over, along the straight way toward it. The
// declare_charge rules judge it like any other.
func ChargeAt(e *interpreter.Engine, u, target *interpreter.Unit) { chargeOf(e).chargeAt(u, target) }

func (s *chargeLocal) declareCharges(charges []*interpreter.Order) ([]*interpreter.Order, error) {
	s.stack(charges)
	s.declared = s.declared[:0]
	for _, o := range charges {
		ok, err := s.declare(o)
		if err != nil {
			return nil, err
		}
		if ok {
			s.declared = append(s.declared, o)
		}
	}
	return s.declared, nil
}

func (s *chargeLocal) resolveDeclared(o *interpreter.Order) error {
	if l := s.lead(o); l != nil && s.isDeclared(l) {
		return nil
	}
	if err := s.resolveCharge(o); err != nil {
		return err
	}
	return s.drainCharges()
}

// stack groups the charges ordered from one hex at one target into a
// stack's charge (BER-37-STACK): regiments of one hex that charge as a
// stack are those sent at the same target; one sent alone, or at another
// target, charges as an individual regiment and needs no leader.
func (s *chargeLocal) stack(charges []*interpreter.Order) {
	clear(s.stacks)
	for i, o := range charges {
		st := stack{n: 1}
		for _, l := range charges[:i] {
			if s.lead(l) == nil && l.Unit.Hex == o.Unit.Hex && l.Target == o.Target && l.Unit.Side == o.Unit.Side {
				st.lead = l
				break
			}
		}
		s.setStack(o, st)
	}
	for _, o := range charges {
		if l := s.lead(o); l != nil {
			st := s.stacks[l]
			st.n++
			s.stacks[l] = st
		}
	}
	for _, o := range charges {
		if l := s.lead(o); l != nil {
			st := s.stacks[o]
			st.n = s.stacks[l].n
			s.stacks[o] = st
		}
	}
}

// isDeclared reports whether a charge of this phase was declared.
func (s *chargeLocal) isDeclared(o *interpreter.Order) bool {
	for _, d := range s.declared {
		if d == o {
			return true
		}
	}
	return false
}

// declare runs the declare_charge rules for a charge order: whether it may
// go, with what stack and leader. A charge is at the enemy: one at a unit
// of the charger's own side (an order of a later turn, a rule's charge_at)
// is refused before any rule runs, as a fire or a melee at a friend is.
func (s *chargeLocal) declare(o *interpreter.Order) (bool, error) {
	e := s.e
	u := o.Unit
	if o.Target != nil && o.Target.Side == u.Side {
		if e.Tracing() {
			e.NoteUnits(u, []string{o.Target.ID}, "%s may not charge %s: it is of its own side", u.ID, o.Target.ID)
		}
		return false, nil
	}
	stack, leader := max(s.stacks[o].n, 1), false
	if o.Reaction {
		stack = 1
	}
	e.Board.Spend(1 + len(e.Board.Units))
	for _, x := range e.Board.Units {
		if x.Increments <= 0 || !x.Occupies(u.Hex) || x.Side != u.Side {
			continue
		}
		if x.Leader && x.CavalryBonus > 0 && x.Nationality == u.Nationality {
			leader = true
		}
	}
	blocked, msg, err := e.Bind(hDeclareCharge).Unit(u).Unit(o.Target).Cell(e.Cell(u.Hex)).Int(stack).Bool(leader).Bool(o.Reaction).Fire()
	if err != nil {
		return false, err
	}
	if blocked {
		if e.Tracing() {
			e.Note(u, "%s may not charge: %s", u.ID, msg)
		}
		return false, nil
	}
	u.SetFlag(Charged)
	if e.Tracing() {
		e.NoteUnits(u, []string{o.Target.ID}, "%s declares a charge on %s", u.ID, o.Target.ID)
	}
	return true, nil
}

// react meets a charge with a charge of the unit's own at contact: the
// declare_charge rules judge it as a reaction (tired cavalry may still
// react), and it succeeds only when they allow it. It reports whether it
// did.
func (s *chargeLocal) react(u, charger *interpreter.Unit) (bool, error) {
	e := s.e
	if u.Flag(Charged) {
		if e.Tracing() {
			e.Note(u, "%s has charged this turn and cannot react", u.ID)
		}
		return false, nil
	}
	ok, err := s.declare(&interpreter.Order{Kind: "charge", Unit: u, Target: charger, Reaction: true})
	if err != nil || !ok {
		return false, err
	}
	if e.Tracing() {
		e.NoteUnits(u, []string{charger.ID}, "%s charges %s in reaction", u.ID, charger.ID)
	}
	return true, nil
}

// ChargeAt makes a charge that a rule starts (an opportunity charge into a
// zone, a reaction charge at contact): the cavalry charges the target once
// the action under way is over, along the straight way toward it. The
// declare_charge rules judge it like any other.
func (s *chargeLocal) chargeAt(u, target *interpreter.Unit) {
	e := s.e
	for _, o := range s.pending {
		if o.Unit == u {
			return // one charge a unit
		}
	}
	s.pending = append(s.pending, &interpreter.Order{Kind: "charge", Unit: u, Target: target, Reaction: true})
	if e.Tracing() {
		e.NoteUnits(u, []string{target.ID}, "%s will charge %s", u.ID, target.ID)
	}
}

// drainCharges resolves the charges rules started, in the order they were
// started; a charge may start another.
func (s *chargeLocal) drainCharges() error {
	e := s.e
	for len(s.pending) > 0 {
		o := s.pending[0]
		s.pending = s.pending[1:]
		u, t := o.Unit, o.Target
		if u.Increments <= 0 || t.Increments <= 0 || u.Flag(Charged) {
			continue
		}
		o.Path = o.Path[:0]
		at := u.Hex
		for range 64 {
			if hex.Distance(at, t.Hex) <= 1 {
				break
			}
			next, ok := e.StepToward(at, t.Hex)
			if !ok {
				break
			}
			o.Path = append(o.Path, next)
			at = next
		}
		if len(o.Path) > 0 {
			// It sets off toward its target.
			if d, ok := hex.DirectionTo(u.Hex, o.Path[0]); ok {
				u.Facing = d
			}
		} else if d, ok := hex.DirectionTo(u.Hex, t.Hex); ok {
			u.Facing = d
		}
		ok, err := s.declare(o)
		if err != nil {
			return err
		}
		if ok {
			if err := s.resolveCharge(o); err != nil {
				return err
			}
		}
	}
	return nil
}

func (s *chargeLocal) resolveCharge(o *interpreter.Order) error {
	e := s.e
	u := o.Unit
	if u.Increments <= 0 {
		return nil
	}
	// The charge's state lives in the engine and is reused, its trail too:
	// a simulation resolves one charge after another.
	s.chBuf = chargeState{Underway: interpreter.Underway{Actor: u, Target: o.Target}, order: o, trail: append(s.chBuf.trail[:0], u.Hex), mpLeft: u.MP, cap: -1, transient: s.chBuf.transient[:0], riders: s.chBuf.riders[:0]}
	ch := &s.chBuf
	s.ch = ch
	e.SetUnderway(&ch.Underway)
	defer func() {
		for _, m := range ch.transient {
			e.Mark(m.u, m.name, false)
		}
		s.ch = nil
		e.SetUnderway(nil)
	}()
	if e.Tracing() {
		e.NoteEvent(u, interpreter.Event{Units: []string{o.Target.ID}, MP: &interpreter.MP{Spent: ch.mpSpent, Left: ch.mpLeft},
			Text: fmt.Sprintf("%s charges %s (%d MP)", u.ID, o.Target.ID, u.MP)})
	}
	if _, _, err := e.Bind(hChargeStart).Unit(u).Unit(o.Target).Float(float64(ch.mpLeft)).Fire(); err != nil {
		return err
	}
	s.mount(o)
	if o.Formation != "" && o.Step == 0 {
		if _, err := s.changeFormation(u, o.Formation, FormationChange{Charging: true}); err != nil {
			return err
		}
	}
	// The charge's start is an opportunity like every hex after it: the
	// infantry may try Carré "at any time" the charging cavalry is within
	// reach (FRI-36-CARRE-WHEN), so cavalry that sets off three hexes away
	// is answerable at three.
	if err := s.approach(); err != nil {
		return err
	}
	for _, h := range o.Path {
		// A contact made by a rule, or a rule's own movement of the
		// charger (a follow, a close-in), ends the walk along the declared
		// path: the cavalry goes where the procedure sends it, and does not
		// turn back onto its path when that way is blocked.
		if ch.halted || ch.contacted || ch.ruled {
			break
		}
		if err := e.Work(1); err != nil {
			return err
		}
		if ok, err := s.chargeStep(h); err != nil || !ok {
			if err != nil {
				return err
			}
			break
		}
		if o.Formation != "" && o.Step == ch.Step {
			if _, err := s.changeFormation(u, o.Formation, FormationChange{Charging: true, Step: ch.Step}); err != nil {
				return err
			}
		}
		if err := s.approach(); err != nil {
			return err
		}
	}
	// A path that ends next to its target strikes it, released or not: a
	// released charge that goes on at its Carré chose to. A routed target
	// it was released from is spared: cavalry recalled from the routed
	// strikes it only by following it (BER-40-RECALL-OK, FRI-36-ROUT-RECALL),
	// and a path that merely ends beside it is the cavalry moving on.
	if !ch.halted && !ch.contacted && ch.Target.Increments > 0 && interpreter.UnitDistance(u, ch.Target) <= 1 && !(ch.released && isRouted(ch.Target)) {
		if err := s.contact(ch.Target); err != nil {
			return err
		}
	}
	// Only a charge that chose its own way could have struck and did not:
	// one a rule stopped or moved (a halt, a follow that was blocked) did
	// what the procedure made it do.
	// A released charge (AUS-36-FORMED) may go elsewhere or halt as it
	// likes.
	could := false
	if !ch.contacted && !ch.byRule && !ch.ruled && !ch.released {
		e.Board.Reach(s.spendable() + 1)
		for _, en := range e.Enemies(u) {
			if interpreter.UnitDistance(u, en)-1 <= s.spendable() {
				could = true
			}
		}
	}
	if _, _, err := e.Bind(hChargeEnd).Unit(u).Unit(ch.Target).Bool(ch.contacted).Bool(could).Float(float64(ch.mpSpent)).Float(float64(ch.mpLeft)).Fire(); err != nil {
		return err
	}
	s.shareCharge(u)
	return nil
}

// shareCharge gives the regiments of a stack still with their lead the
// lead's result of the charge phase (BER-37-STACK: they charge as one): its
// morale state, its exhaustion and the marks the charge's rules set on it,
// so that a stack whose lead failed to recall ends the turn PGD together
// (BER-40-RECALL-FAIL, BER-40-PGD) and a stack that could have struck and
// did not routs and is exhausted together (BER-40-NO-CONTACT). A regiment
// that lack of MP separated is no longer with it and keeps its own. The
// melee's result is shared when the melee is fought.
func (s *chargeLocal) shareCharge(u *interpreter.Unit) {
	e := s.e
	for _, w := range s.beside() {
		if w.State != u.State {
			w.State = u.State
			if e.Tracing() {
				e.NoteUnits(w, []string{u.ID}, "%s shares %s's result: %s", w.ID, u.ID, w.State)
			}
		}
		if u.Exhausted && !w.Exhausted {
			e.Exhaust(w)
		}
		var marks []string
		for m, on := range u.Marks {
			if on && !w.Marked(m) {
				marks = append(marks, m)
			}
		}
		slices.Sort(marks)
		for _, m := range marks {
			e.Mark(w, m, true)
		}
	}
}

// approach runs the charge_approach rules for each enemy unit, by id, where
// the charger stands: at the charge's start (step 0) and after each hex.
func (s *chargeLocal) approach() error {
	e := s.e
	ch := s.ch
	u := ch.Actor
	for _, en := range e.Enemies(u) {
		if ch.halted || ch.contacted {
			break
		}
		if err := e.Work(1); err != nil {
			return err
		}
		d := interpreter.UnitDistance(u, en)
		if _, _, err := e.Bind(hChargeApproach).Unit(en).Unit(u).Unit(ch.Target).Int(d).Bool(interpreter.LOS(en, u)).Bool(en == ch.Target).Int(ch.Step).Float(float64(ch.mpSpent)).Float(float64(ch.mpLeft)).Fire(); err != nil {
			return err
		}
	}
	return nil
}

// rider is a regiment of a stack's charge riding with its lead, with the
// MP it has left.
type rider struct {
	u  *interpreter.Unit
	mp int
}

// mount sets the other declared regiments of the lead's stack riding with
// it, each with its own MP and the bonus the charge_start rules gave the
// lead (BER-37-BONUS-MP is each regiment's).
func (s *chargeLocal) mount(lead *interpreter.Order) {
	e := s.e
	ch := s.ch
	bonus := ch.mpLeft - lead.Unit.MP
	for _, o := range s.declared {
		if s.lead(o) != lead || o.Unit.Increments <= 0 || o.Unit.Hex != lead.Unit.Hex {
			continue
		}
		ch.riders = append(ch.riders, rider{u: o.Unit, mp: o.Unit.MP + bonus})
		o.Unit.Facing = lead.Unit.Facing
		if e.Tracing() {
			e.NoteUnits(o.Unit, []string{lead.Unit.ID}, "%s charges with %s, as one stack (%d MP)", o.Unit.ID, lead.Unit.ID, o.Unit.MP+bonus)
		}
	}
}

// ride moves the stack's riders into the hex the lead entered at a cost;
// a rider without the MP is left where it is, separated (BER-37-STACK: the
// stack stays together unless lack of MP separates it), and so is one the
// hex's stacking limit would not hold.
func (s *chargeLocal) ride(from, h hex.Hex, cost int) {
	e := s.e
	ch := s.ch
	kept := ch.riders[:0]
	for _, r := range ch.riders {
		if r.u.Increments <= 0 || r.u.Hex != from {
			continue
		}
		if r.mp < cost {
			if e.Tracing() {
				e.Note(r.u, "%s is left at %s: it needs %d MP and has %d", r.u.ID, from, cost, r.mp)
			}
			continue
		}
		if msg := e.Stacking(r.u, r.u.Formation, h); msg != "" {
			if e.Tracing() {
				e.Note(r.u, "%s is left at %s: %s", r.u.ID, from, msg)
			}
			continue
		}
		r.mp -= cost
		r.u.MoveTo(h)
		r.u.Facing = ch.Actor.Facing
		kept = append(kept, r)
	}
	ch.riders = kept
}

// beside lists the riders in the charger's hex.
func (s *chargeLocal) beside() []*interpreter.Unit {
	var out []*interpreter.Unit
	for _, r := range s.ch.riders {
		if r.u.Increments > 0 && r.u.Hex == s.ch.Actor.Hex {
			out = append(out, r.u)
		}
	}
	return out
}

// chargeStep enters the next hex of the declared path, if the rules and the
// MP allow; a path that cannot go on halts the charge.
func (s *chargeLocal) chargeStep(h hex.Hex) (bool, error) {
	ch := s.ch
	ok, why, err := s.chargeEnter(h, movePath)
	if err != nil || ok {
		return ok, err
	}
	ch.halted = true
	if why == whyRule {
		ch.byRule = true
	}
	return false, nil
}

// The kinds of a charge's movement, as the charge_enter hook names them.
const (
	movePath     = "path"      // the declared path
	moveFollow   = "follow"    // toward a unit, to contact it (follow)
	moveCloseIn  = "close_in"  // next to a unit, without contact (close_in)
	moveRideInto = "ride_into" // into the hex of the unit it melees (a Carré)
)

// Why a charge's step was refused.
const (
	whyNone  = iota
	whyPlace // not next to it, off the map, or an enemy's hex
	whyRule  // a charge_enter rule (a battle's restriction, the first hex)
	whyMP    // not the MP
)

// chargeEnter is the one step every movement of a charge takes — its
// declared path, a follow, a close-in, a ride into a Carré's hex — so that
// a restriction the rules state once (no charge into dwellings, woods,
// forest, redoubts, or a battle's restricted terrain; the first hex
// straight ahead; turning costs) binds them all. It asks the charge_enter
// rules, pays the MP and moves the charger, and says why not when it
// cannot. Only a ride into a unit's hex enters a hex an enemy holds.
func (s *chargeLocal) chargeEnter(h hex.Hex, how string) (bool, int, error) {
	e := s.e
	ch := s.ch
	u := ch.Actor
	dir, adjacent := hex.DirectionTo(u.Hex, h)
	if !adjacent {
		if e.Tracing() {
			e.Note(u, "%s halts: %s is not next to %s", u.ID, h, u.Hex)
		}
		return false, whyPlace, nil
	}
	if !e.Board.Fits(u, h) {
		if e.Tracing() {
			e.Note(u, "%s halts: %s is off the map", u.ID, h)
		}
		return false, whyPlace, nil
	}
	if how != moveRideInto && e.EnemyIn(u, h) && !(ch.released && s.onlyCarres(u, h)) {
		if e.Tracing() {
			e.Note(u, "%s halts before %s: an enemy holds it", u.ID, h)
		}
		return false, whyPlace, nil
	}
	// The stacking limits bind a charge's every movement as they bind a
	// move: cavalry does not ride through a friendly Carré's hex that it
	// would crowd past 18 increments of more than one regiment
	// (BER-17-CARRE-STACK).
	if msg := e.Stacking(u, u.Formation, h); msg != "" {
		if e.Tracing() {
			e.Note(u, "%s halts before %s: %s", u.ID, h, msg)
		}
		return false, whyPlace, nil
	}
	fronts := e.Fronts(u)
	ahead := hex.IsAhead(u.Hex, u.Facing, fronts, h)
	turns := hex.TurnsToFront(u.Facing, fronts, dir)
	en := entering(e, u, h)
	c, across, up := en.cell, en.across, en.up
	blocked, msg, err := enterPrice(e, u, en, how)
	if err != nil {
		return false, whyNone, err
	}
	if !blocked {
		blocked, msg, err = e.Bind(hChargeEnter).Unit(u).Unit(ch.Target).Cell(c).Int(ch.Step + 1).Float(float64(ch.mpSpent)).Float(float64(ch.mpLeft)).Float(e.Act().Cost).Bool(ahead).Int(turns).Int(hex.Distance(h, ch.Target.Hex)).Str(across).Bool(up).Str(how).Fire()
		if err != nil {
			return false, whyNone, err
		}
	}
	if blocked {
		if e.Tracing() {
			e.Note(u, "%s halts before %s: %s", u.ID, h, msg)
		}
		return false, whyRule, nil
	}
	if ch.halted {
		return false, whyRule, nil
	}
	// A charge pays whole movement points: a fraction a rule set (a road's
	// half point in the movement phase) costs the next whole one.
	cost := int(math.Ceil(e.Act().Cost))
	if cost > s.spendable() {
		if e.Tracing() {
			e.Note(u, "%s halts before %s: it needs %d MP and has %d", u.ID, h, cost, s.spendable())
		}
		return false, whyMP, nil
	}
	s.pay(cost)
	from := u.Hex
	u.MoveTo(h)
	u.Facing = dir
	ch.trail = append(ch.trail, h)
	ch.Step++
	if len(ch.riders) > 0 {
		s.ride(from, h, cost)
	}
	if e.Tracing() {
		var text string
		switch how {
		case movePath:
			text = fmt.Sprintf("%s enters %s (%s%s, %d MP; %d spent, %d left)", u.ID, h, c.Terrain, interpreter.Crossed(across, up), cost, ch.mpSpent, ch.mpLeft)
		case moveRideInto:
			text = fmt.Sprintf("%s rides into %s (%s%s, %d MP; %d spent, %d left)", u.ID, h, c.Terrain, interpreter.Crossed(across, up), cost, ch.mpSpent, ch.mpLeft)
		default:
			text = fmt.Sprintf("%s follows to %s (%d MP%s; %d spent, %d left)", u.ID, h, cost, interpreter.Crossed(across, up), ch.mpSpent, ch.mpLeft)
		}
		e.Emit(interpreter.Event{Kind: "move", Unit: u.ID, Hex: h.String(), Text: text, After: interpreter.StateOf(u), MP: &interpreter.MP{Spent: ch.mpSpent, Left: ch.mpLeft}})
	}
	// A limit counted from a hex begins once the charger is there.
	if ch.capPending && s.capReached() {
		ch.cap = ch.capN
		if e.Tracing() {
			e.Note(u, "%s is past %s: it may spend at most %d more MP", u.ID, ch.capFrom, ch.capN)
		}
	}
	return true, whyNone, nil
}

// onlyCarres reports whether every enemy of u in h stands in a formation
// with six fronts (a Carré), which a released charge may ride over and
// through.
func (s *chargeLocal) onlyCarres(u *interpreter.Unit, h hex.Hex) bool {
	e := s.e
	e.Board.Spend(1 + len(e.Board.Units))
	for _, x := range e.Board.Units {
		if x.Side != u.Side && x.Increments > 0 && x.Occupies(h) && e.Fronts(x) < 6 {
			return false
		}
	}
	return true
}

// release frees the charge being resolved from its target (a Carré formed
// far off, AUS-36-FORMED; a routed unit it was recalled from,
// BER-40-RECALL-OK): it may go on along its path, pass over and through a
// Carré, take a new target (retarget) or halt, and is not a charge that
// could have struck and did not; a routed target it was freed from is not
// struck where its path ends.
func (s *chargeLocal) release() error {
	e := s.e
	if s.ch == nil {
		return errNoCharge
	}
	s.ch.released = true
	if e.Tracing() {
		e.NoteUnits(s.ch.Actor, []string{s.ch.Target.ID}, "%s is released from its charge on %s", s.ch.Actor.ID, s.ch.Target.ID)
	}
	return nil
}

// isRouted reports whether the unit's state is the module's routed one
// (the state word with the routed flag).
func isRouted(u *interpreter.Unit) bool {
	w, ok := u.StateWord()
	return ok && w.Flag("routed")
}

// retarget gives the charge being resolved a new target, which it must
// then strike as a charge strikes its target.
func (s *chargeLocal) retarget(t *interpreter.Unit) error {
	e := s.e
	if s.ch == nil {
		return errNoCharge
	}
	s.ch.Target, s.ch.released = t, false
	if e.Tracing() {
		e.NoteUnits(s.ch.Actor, []string{t.ID}, "%s charges %s instead", s.ch.Actor.ID, t.ID)
	}
	return nil
}

func (s *chargeLocal) spendable() int {
	if s.ch.cap >= 0 {
		return min(s.ch.cap, s.ch.mpLeft)
	}
	return s.ch.mpLeft
}

func (s *chargeLocal) pay(cost int) {
	ch := s.ch
	ch.mpLeft -= cost
	ch.mpSpent += cost
	if ch.cap >= 0 {
		ch.cap -= cost
	}
}

// contact fires charge_contact against a unit the charger has reached.
func (s *chargeLocal) contact(target *interpreter.Unit) error {
	e := s.e
	ch := s.ch
	ch.contacted = true
	ch.Target = target
	if e.Tracing() {
		e.NoteUnits(ch.Actor, []string{target.ID}, "%s contacts %s", ch.Actor.ID, target.ID)
	}
	_, _, err := e.Bind(hChargeContact).Unit(ch.Actor).Unit(target).Cell(e.Cell(ch.Actor.Hex)).Float(float64(ch.mpSpent)).Float(float64(ch.mpLeft)).Bool(hex.StraightRun(ch.trail) >= straightHexes).Int(ch.Step).Int(hex.StraightRun(ch.trail)).Fire()
	return err
}

// follow moves the charger toward a unit, one hex at a time, paying terrain,
// until it is adjacent or out of MP; it contacts the first enemy it comes
// next to. It reports whether a contact was made.
func (s *chargeLocal) follow(u, toward *interpreter.Unit, contact bool) (bool, error) {
	e := s.e
	ch := s.ch
	if ch == nil || ch.Actor != u {
		return false, fmt.Errorf("%s is not charging", u.ID)
	}
	// The procedure moves it now: its declared path is over.
	ch.ruled = true
	for range 64 {
		if toward.Increments <= 0 {
			return false, nil
		}
		if err := e.Work(1); err != nil {
			return false, err
		}
		if en := met(e, u, toward); en != nil {
			if !contact {
				return false, nil
			}
			if en != toward {
				if e.Tracing() {
					e.NoteUnits(u, []string{en.ID}, "%s meets %s first", u.ID, en.ID)
				}
			}
			return true, s.contact(en)
		}
		next, ok := e.StepToward(u.Hex, toward.Hex)
		if !ok || !e.Board.Fits(u, next) {
			return false, nil
		}
		how := moveFollow
		if !contact {
			how = moveCloseIn
		}
		if moved, _, err := s.chargeEnter(next, how); err != nil || !moved {
			if err == nil && e.Tracing() {
				e.NoteUnits(u, []string{toward.ID}, "%s cannot go on toward %s (%d MP it may spend)", u.ID, toward.ID, s.spendable())
			}
			return false, err
		}
	}
	return false, nil
}

// errNoCharge is the error of a charge effect done outside a charge.
var errNoCharge = errors.New("no charge is being resolved")

// halt stops the charge being resolved where it stands.
func (s *chargeLocal) halt(reason string) error {
	e := s.e
	if s.ch == nil {
		return errNoCharge
	}
	s.ch.halted, s.ch.byRule = true, true
	if reason == "" {
		reason = "halted"
	}
	if e.Tracing() {
		e.Note(s.ch.Actor, "%s's charge stops: %s", s.ch.Actor.ID, reason)
	}
	return nil
}

// limitMP caps the MP the charger may still spend (n at least 0: the
// engine's own "no limit" is not a value a script can give).
func (s *chargeLocal) limitMP(n int) error {
	e := s.e
	if s.ch == nil {
		return errNoCharge
	}
	if n < 0 {
		return fmt.Errorf("a limit is at least 0; got %d", n)
	}
	s.ch.cap = n
	if e.Tracing() {
		e.Note(s.ch.Actor, "%s may spend at most %d more MP", s.ch.Actor.ID, n)
	}
	return nil
}

// addMP gives the charger more movement points.
func (s *chargeLocal) addMP(n int) error {
	e := s.e
	if s.ch == nil {
		return errNoCharge
	}
	s.ch.mpLeft += n
	if e.Tracing() {
		e.NoteEvent(s.ch.Actor, interpreter.Event{MP: &interpreter.MP{Spent: s.ch.mpSpent, Left: s.ch.mpLeft},
			Text: fmt.Sprintf("%s gains %d MP (%d left)", s.ch.Actor.ID, n, s.ch.mpLeft)})
	}
	return nil
}

// limitMPFrom caps the MP the charger may still spend at n counted from the
// hex that unit vacated when it last retreated: the charger first pays its
// way into that hex, at what each hex it enters costs it (the one price
// every entry pays: the battle's movement chart, the hexsides, turning),
// and the n count from there, or from the first hex it enters that is no
// farther from the unit than the vacated hex (a way that passes beside
// it). With no vacated hex, or the charger already there, it is LimitMP.
func (s *chargeLocal) limitMPFrom(n int, from *interpreter.Unit) error {
	e := s.e
	if s.ch == nil {
		return errNoCharge
	}
	if from == nil || from.Vacated == nil {
		return s.limitMP(n)
	}
	ch := s.ch
	if n < 0 {
		return fmt.Errorf("a limit is at least 0; got %d", n)
	}
	ch.capFrom, ch.capToward, ch.capN, ch.capPending = *from.Vacated, from.Hex, n, true
	if s.capReached() {
		return s.limitMP(n)
	}
	if e.Tracing() {
		e.NoteUnits(ch.Actor, []string{from.ID}, "%s may spend at most %d more MP from %s, which %s left", ch.Actor.ID, n, ch.capFrom, from.ID)
	}
	return nil
}

// capReached reports whether the charger stands where a limit counted
// from a hex begins: in that hex, or no farther from where the unit that
// left it stood; it then clears the pending limit.
func (s *chargeLocal) capReached() bool {
	ch := s.ch
	at := ch.Actor.Hex
	if !ch.capPending || at != ch.capFrom && hex.Distance(at, ch.capToward) > hex.Distance(ch.capFrom, ch.capToward) {
		return false
	}
	ch.capPending = false
	return true
}

// enterHexOf moves the charger into the hex of a unit next to it (cavalry
// assaulting a Carré rests in its hex), by the charge's one checked step:
// the charge restrictions hold (no riding into a dwelling), and the MP.
func (s *chargeLocal) enterHexOf(u, of *interpreter.Unit) error {
	e := s.e
	if s.ch == nil || s.ch.Actor != u {
		return fmt.Errorf("%s is not charging", u.ID)
	}
	if interpreter.UnitDistance(u, of) != 1 || !e.Board.Fits(u, of.Hex) {
		return nil
	}
	_, _, err := s.chargeEnter(of.Hex, moveRideInto)
	return err
}

// markForCharge sets a mark that lasts while the charge being resolved
// does (a Carré's precondition read by the attempt that follows): it is
// cleared when the charge is over, so it is not an outcome of the run. With
// no charge under way it lasts as a plain mark does.
func (s *chargeLocal) markForCharge(u *interpreter.Unit, name string, on bool) {
	e := s.e
	e.Mark(u, name, on)
	if on && s.ch != nil {
		s.ch.transient = append(s.ch.transient, transientMark{u, name})
	}
}

type transientMark struct {
	u    *interpreter.Unit
	name string
}

// chargeEffects are the effects a charge's rules call on the charge being
// resolved.
var chargeEffects = []*stdlib.Effect{
	{Effect: dsl.Effect{Name: "halt", Doc: "the charge being resolved stops where it stands",
		Params: []dsl.EffectParam{opt(dsl.EffectParam{Name: "reason", Type: tString})}},
		Run: func(c *interpreter.Call) error { return chargeOf(c.E).halt(stdlib.StrArg(c, 0)) }},
	{Effect: dsl.Effect{Name: "release", Doc: "the charge being resolved is freed from its target (a Carré formed far off, a routed unit it was recalled from): it may go on along its path, ride over and through a Carré, take a new target or halt, and is not judged a charge that could have struck and did not; a routed target it was freed from is not struck where its path ends"},
		Run: func(c *interpreter.Call) error { return chargeOf(c.E).release() }},
	{Effect: dsl.Effect{Name: "retarget", Doc: "the charge being resolved takes a new target, which it then strikes as a charge strikes its target",
		Params: []dsl.EffectParam{unitP("unit", "the new target")}},
		Run: func(c *interpreter.Call) error { return chargeOf(c.E).retarget(stdlib.UnitArg(c, 0)) }},
	{Effect: dsl.Effect{Name: "limit_mp", Doc: "the charger may spend at most n more MP, counted from the hex `from` vacated when it last retreated if given",
		Params: []dsl.EffectParam{intP("n", ""), opt(unitP("from", "a unit that retreated: the n MP count from the hex it left"))}},
		Run: func(c *interpreter.Call) error {
			return chargeOf(c.E).limitMPFrom(stdlib.CountArg(c, 0, 0, stdlib.MaxCount), stdlib.OptUnitArg(c, 1, nil))
		}},
	{Effect: dsl.Effect{Name: "add_mp", Doc: "the charger gains n MP", Params: []dsl.EffectParam{intP("n", "")}},
		Run: func(c *interpreter.Call) error {
			return chargeOf(c.E).addMP(stdlib.CountArg(c, 0, -stdlib.MaxCount, stdlib.MaxCount))
		}},
	{Effect: dsl.Effect{Name: "reaction_charge", Doc: "the cavalry meets a charge with a charge of its own: the declare_charge rules judge it (`reaction` is true there); when they allow it the unit is marked reaction_charged",
		Params: []dsl.EffectParam{unitP("unit", "the cavalry charged"), unitP("at", "the charger it meets")}},
		Run: func(c *interpreter.Call) error {
			unit := stdlib.UnitArg(c, 0)
			ok, err := chargeOf(c.E).react(unit, stdlib.UnitArg(c, 1))
			if ok {
				c.E.Mark(unit, "reaction_charged", true)
			}
			return err
		}},
	{Effect: dsl.Effect{Name: "charge_at", Doc: "the cavalry charges the target once the action under way is over (an opportunity or reaction charge), straight toward it; declare_charge rules judge it",
		Params: []dsl.EffectParam{unitP("unit", "the cavalry that charges"), unitP("target", "")}},
		Run: func(c *interpreter.Call) error {
			chargeOf(c.E).chargeAt(stdlib.UnitArg(c, 0), stdlib.UnitArg(c, 1))
			return nil
		}},
	{Effect: dsl.Effect{Name: "follow", Doc: "the charger moves toward a unit as its MP allow and contacts the first enemy it reaches",
		Params: []dsl.EffectParam{unitP("unit", "the charger"), unitP("toward", "")}},
		Run: func(c *interpreter.Call) error {
			_, err := chargeOf(c.E).follow(stdlib.UnitArg(c, 0), stdlib.UnitArg(c, 1), true)
			return err
		}},
	{Effect: dsl.Effect{Name: "close_in", Doc: "the charger moves next to a unit as its MP allow, without contact (melee comes later)",
		Params: []dsl.EffectParam{unitP("unit", "the charger"), unitP("toward", "")}},
		Run: func(c *interpreter.Call) error {
			_, err := chargeOf(c.E).follow(stdlib.UnitArg(c, 0), stdlib.UnitArg(c, 1), false)
			return err
		}},
	{Effect: dsl.Effect{Name: "ride_into", Doc: "the charger enters the hex of the unit next to it (to melee a Carré from inside its hex)",
		Params: []dsl.EffectParam{unitP("unit", "the charger"), unitP("of", "")}},
		Run: func(c *interpreter.Call) error {
			return chargeOf(c.E).enterHexOf(stdlib.UnitArg(c, 0), stdlib.UnitArg(c, 1))
		}},
}

// ApproachReach is the distance beyond which every charge_approach rule of
// the module gives up: each must open with a when that, as one of the
// terms it ands together, reads `distance <= N` (or <, ==, or N >= distance;
// N a number or param) or `is_target` (the target is linked to the charger
// by its order). ok is false when a rule has no such term: it may act on
// an enemy however far, and no scenario of the module splits into lanes.
func ApproachReach(m *dsl.Module) (reach int, ok bool) {
	for _, r := range m.Rules {
		if r.Hook != hChargeApproach.Name {
			continue
		}
		found := false
		for _, c := range r.Clauses {
			if c.Kind != dsl.ClauseWhen || c.Cond == nil {
				break
			}
			node := c.Cond.Node()
			if node == nil {
				continue
			}
			for _, term := range conjuncts(node) {
				if n, cut := distanceCut(m, term); cut {
					reach, found = max(reach, n), true
				}
			}
		}
		if !found {
			return 0, false
		}
	}
	return reach, true
}

// conjuncts are the terms an expression ands together.
func conjuncts(n ast.Node) []ast.Node {
	if b, ok := n.(*ast.BinaryNode); ok && (b.Operator == "&&" || b.Operator == "and") {
		return append(conjuncts(b.Left), conjuncts(b.Right)...)
	}
	return []ast.Node{n}
}

// distanceCut reads one term: `is_target` (reach 0), or distance compared
// with a constant so that it holds only within some distance.
func distanceCut(m *dsl.Module, n ast.Node) (int, bool) {
	if id, ok := n.(*ast.IdentifierNode); ok && id.Value == "is_target" {
		return 0, true
	}
	b, ok := n.(*ast.BinaryNode)
	if !ok {
		return 0, false
	}
	isDistance := func(x ast.Node) bool {
		id, ok := x.(*ast.IdentifierNode)
		return ok && id.Value == "distance"
	}
	op, other := b.Operator, b.Right
	switch {
	case isDistance(b.Left):
	case isDistance(b.Right):
		other = b.Left
		op = map[string]string{"<=": ">=", "<": ">", ">=": "<=", ">": "<", "==": "=="}[op]
	default:
		return 0, false
	}
	v, ok := interpreter.ConstValue(m, other)
	if !ok {
		return 0, false
	}
	switch op {
	case "<=", "==":
		return int(v), true
	case "<":
		return int(v) - 1 + boolInt(v != float64(int(v))), true
	}
	return 0, false
}

func boolInt(b bool) int {
	if b {
		return 1
	}
	return 0
}

// chargeLocal is the charge procedure's state on one engine
// (interpreter.Local): the charges of the charge phase that their
// declaration allowed, with the stacks they ride in; the charges rules
// started, resolved once the action under way is over; and the charge
// being resolved, which lasts one action and so is in no saved position.
type chargeLocal struct {
	e *interpreter.Engine
	// declared are the charge phase's charges that their declaration
	// allowed, resolved one after another.
	declared []*interpreter.Order
	// stacks are the stacks of the turn's charge orders (BER-37-STACK),
	// set before any charge is declared.
	stacks map[*interpreter.Order]stack
	// pending are the charges rules started (ChargeAt).
	pending []*interpreter.Order
	ch      *chargeState
	chBuf   chargeState // the storage ch points to while a charge resolves
	// mayForm is the mark may_form sets for each formation it was asked
	// about ("may_form:" + the formation), made once per engine rather
	// than once per call.
	mayForm map[string]string
}

// mayFormMark is the name of the mark may_form sets for formation f.
func (s *chargeLocal) mayFormMark(f string) string {
	m, ok := s.mayForm[f]
	if !ok {
		if s.mayForm == nil {
			s.mayForm = map[string]string{}
		}
		m = "may_form:" + f
		s.mayForm[f] = m
	}
	return m
}

// stack is a charge order's place in a stack's charge (BER-37-STACK): the
// charges ordered from one hex at one target are one charge, led by the
// first ordered; the others ride with it.
type stack struct {
	lead *interpreter.Order // the charge this one rides with; nil for a lead
	n    int                // regiments ordered to charge together, this one among them
}

var chargeKey = interpreter.NewLocal(func(e *interpreter.Engine) interpreter.Local { return &chargeLocal{e: e} })

// chargeOf is the charge procedure's state on e.
func chargeOf(e *interpreter.Engine) *chargeLocal { return e.Local(chargeKey).(*chargeLocal) }

// lead is the charge o rides with, or nil.
func (s *chargeLocal) lead(o *interpreter.Order) *interpreter.Order { return s.stacks[o].lead }

func (s *chargeLocal) Reset() {
	s.declared = s.declared[:0]
	clear(s.stacks)
	s.pending = s.pending[:0]
	s.ch = nil
}

// chargeSaved is chargeLocal's copy in a saved position: the declared
// charges by their number among the turn's orders, with their stacks, and
// the charges rules started, their units by number.
type chargeSaved struct {
	declared []savedDeclared
	pending  []savedOrder
}

type savedDeclared struct{ order, lead, n int }

type savedOrder struct {
	o            interpreter.Order // Unit and Target nil
	unit, target int
}

func (s *chargeLocal) Save(n *interpreter.Numbering, old interpreter.Saved) interpreter.Saved {
	if len(s.declared) == 0 && len(s.pending) == 0 {
		return nil
	}
	sv, _ := old.(*chargeSaved)
	if sv == nil {
		sv = &chargeSaved{}
	}
	sv.declared = sv.declared[:0]
	for _, o := range s.declared {
		st := s.stacks[o]
		sv.declared = append(sv.declared, savedDeclared{order: n.Order(o), lead: n.Order(st.lead), n: st.n})
	}
	sv.pending = sv.pending[:0]
	for _, o := range s.pending {
		c := savedOrder{o: *o, unit: n.Unit(o.Unit), target: n.Unit(o.Target)}
		c.o.Unit, c.o.Target, c.o.Path = nil, nil, slices.Clone(o.Path)
		sv.pending = append(sv.pending, c)
	}
	return sv
}

func (s *chargeLocal) Restore(x interpreter.Saved, n *interpreter.Numbering) error {
	s.Reset()
	sv, _ := x.(*chargeSaved)
	if sv == nil {
		return nil
	}
	for _, d := range sv.declared {
		o, err := n.OrderAt(d.order)
		if err != nil {
			return err
		}
		st := stack{n: d.n}
		if d.lead >= 0 {
			if st.lead, err = n.OrderAt(d.lead); err != nil {
				return err
			}
		}
		s.setStack(o, st)
		s.declared = append(s.declared, o)
	}
	for _, p := range sv.pending {
		c := p.o
		c.Path = slices.Clone(p.o.Path)
		var err error
		if c.Unit, err = n.UnitAt(p.unit); err != nil {
			return err
		}
		if c.Target, err = n.UnitAt(p.target); err != nil {
			return err
		}
		s.pending = append(s.pending, &c)
	}
	return nil
}

func (s *chargeLocal) setStack(o *interpreter.Order, st stack) {
	if s.stacks == nil {
		s.stacks = map[*interpreter.Order]stack{}
	}
	s.stacks[o] = st
}

func (sv *chargeSaved) Clone() interpreter.Saved {
	c := &chargeSaved{declared: slices.Clone(sv.declared)}
	for _, o := range sv.pending {
		o.o.Path = slices.Clone(o.o.Path)
		c.pending = append(c.pending, o)
	}
	return c
}

func (sv *chargeSaved) AppendKey(b []byte) []byte {
	k := interpreter.KeyWriter{B: b}
	k.Num(len(sv.pending))
	for _, o := range sv.pending {
		k.Num(o.unit)
		k.Num(o.target)
		k.Str(o.o.Kind)
		k.Str(o.o.Formation)
		k.Num(o.o.Step)
		k.Num(len(o.o.Path))
		for _, h := range o.o.Path {
			k.Hex(h)
		}
		k.Flag(o.o.Reaction)
	}
	k.Num(len(sv.declared))
	for _, d := range sv.declared {
		k.Num(d.order)
		k.Num(d.lead)
		k.Num(d.n)
	}
	return k.B
}

// What the charge keeps on the board: Charged, the flag of a unit that
// declared a charge this turn (`unit.charged`: it may neither move nor
// react, and another procedure reads it with Unit.Flag), and the terrain
// flag of a hex cavalry may not charge into or through (`hex.no_charge`,
// which the charge_enter rules read).
var (
	Charged = interpreter.DeclareUnitFlag("charged", "it declared a charge this turn")
	_       = interpreter.DeclareTerrainFlag("no_charge", "cavalry may not charge into or through it")
)

// Cavalry that meets a hex meets the combat formation that stands for it,
// not whichever unit's id sorts first: artillery stacked with infantry
// "always obtains the same result" as the infantry on its Carré roll
// (FRI-36-CARRE-ROLL, AUS-36-CARRE-WHEN), so it is not met apart from it.

// met is the enemy of u that u meets among those next to it or in its
// hex: the unit it moves toward when that one is among them; else, of the
// hex nearest to u (the first by id on a tie), the unit that stands for
// it (frontOf). Nil when no enemy is that close.
func met(e *interpreter.Engine, u, toward *interpreter.Unit) *interpreter.Unit {
	var best *interpreter.Unit
	for _, en := range e.Enemies(u) {
		d := interpreter.UnitDistance(u, en)
		if d > 1 {
			continue
		}
		if en == toward {
			return en
		}
		if best == nil || d < interpreter.UnitDistance(u, best) {
			best = en
		}
	}
	if best == nil {
		return nil
	}
	return frontOf(e, best)
}

// frontOf is the unit that stands for the hex of x among x's friends
// there: a unit that is not artillery before artillery (a battery in a
// battalion's hex shares its fate, it is not met apart from it), then the
// most increments, then the first id.
func frontOf(e *interpreter.Engine, x *interpreter.Unit) *interpreter.Unit {
	best := x
	var buf [8]*interpreter.Unit
	for _, y := range e.Board.AppendAt(buf[:0], x.Hex) {
		if y.Side != x.Side || y == best {
			continue
		}
		if yg, bg := e.HasGuns(y), e.HasGuns(best); yg != bg {
			if !yg {
				best = y
			}
			continue
		}
		if y.Increments > best.Increments || (y.Increments == best.Increments && y.ID < best.ID) {
			best = y
		}
	}
	return best
}
