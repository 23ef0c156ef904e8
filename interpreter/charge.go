package interpreter

import (
	"fmt"
	"github.com/bataille/bataille/hex"
)

// chargeState is the charge being resolved.
type chargeState struct {
	charger, target *Unit
	order           *Order
	trail           []hex.Hex // hexes the charger stood in, its start first
	step            int
	mpLeft, mpSpent int
	cap             int // most MP it may still spend; -1 for no limit
	halted          bool
	byRule          bool // a rule stopped it (halt, pause), not the path
	ruled           bool // a rule moved it (follow, close-in): its path is over
	transient       []transientMark
	riders          []rider // the other regiments of its stack, still with it
	// released: the rules freed it from its target (a Carré formed far
	// off, AUS-36-FORMED): it may pass over and through a Carré, go on along
	// its path without striking, take a new target, or halt.
	released  bool
	contacted bool
}

// ChargePhase declares every charge first, then resolves each in turn.
func (e *Engine) ChargePhase(title string, from int) error {
	var charges []*Order // not OrdersOf: this one stays on the stack
	for _, o := range e.orders {
		if o.Kind == "charge" {
			charges = append(charges, o)
		}
	}
	if len(charges) == 0 {
		return nil
	}
	e.BeginPhase(title)
	if from == 0 {
		if _, err := e.DeclareCharges(charges); err != nil {
			return err
		}
	}
	for k := max(from-1, 0); k < len(e.declared); k++ {
		if err := e.Checkpoint(k + 1); err != nil {
			return err
		}
		if err := e.ResolveDeclared(e.declared[k]); err != nil {
			return err
		}
	}
	e.ClearDeclared() // the phase's own
	return nil
}

// stacks groups the charges ordered from one hex at one target into a
// stack's charge (BER-37-STACK): regiments of one hex that charge as a
// stack are those sent at the same target; one sent alone, or at another
// target, charges as an individual regiment and needs no leader.
func stacks(charges []*Order) {
	for i, o := range charges {
		o.lead, o.stack = nil, 1
		for _, l := range charges[:i] {
			if l.lead == nil && l.Unit.Hex == o.Unit.Hex && l.Target == o.Target && l.Unit.Side == o.Unit.Side {
				o.lead = l
				break
			}
		}
	}
	for _, o := range charges {
		if o.lead != nil {
			o.lead.stack++
		}
	}
	for _, o := range charges {
		if o.lead != nil {
			o.stack = o.lead.stack
		}
	}
}

// isDeclared reports whether a charge of this phase was declared.
func (e *Engine) isDeclared(o *Order) bool {
	for _, d := range e.declared {
		if d == o {
			return true
		}
	}
	return false
}

// declare runs the declare_charge rules for a charge order: whether it may
// go, with what stack and leader.
func (e *Engine) declare(o *Order) (bool, error) {
	u := o.Unit
	stack, leader := max(o.stack, 1), false
	if o.Reaction {
		stack = 1
	}
	e.Board.Spend(1 + len(e.Board.Units))
	for _, x := range e.Board.Units {
		if x.Increments <= 0 || !x.occupies(u.Hex) || x.Side != u.Side {
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
	u.Charged = true
	if e.Tracing() {
		e.Note(u, "%s declares a charge on %s", u.ID, o.Target.ID)
	}
	return true, nil
}

// React meets a charge with a charge of the unit's own at contact: the
// declare_charge rules judge it as a reaction (tired cavalry may still
// react), and it succeeds only when they allow it. It reports whether it
// did.
func (e *Engine) React(u, charger *Unit) (bool, error) {
	if u.Charged {
		if e.Tracing() {
			e.Note(u, "%s has charged this turn and cannot react", u.ID)
		}
		return false, nil
	}
	ok, err := e.declare(&Order{Kind: "charge", Unit: u, Target: charger, Reaction: true})
	if err != nil || !ok {
		return false, err
	}
	if e.Tracing() {
		e.Note(u, "%s charges %s in reaction", u.ID, charger.ID)
	}
	return true, nil
}

// ChargeAt makes a charge that a rule starts (an opportunity charge into a
// zone, a reaction charge at contact): the cavalry charges the target once
// the action under way is over, along the straight way toward it. The
// declare_charge rules judge it like any other.
func (e *Engine) ChargeAt(u, target *Unit) {
	for _, o := range e.pending {
		if o.Unit == u {
			return // one charge a unit
		}
	}
	e.pending = append(e.pending, &Order{Kind: "charge", Unit: u, Target: target, Reaction: true})
	if e.Tracing() {
		e.Note(u, "%s will charge %s", u.ID, target.ID)
	}
}

// drainCharges resolves the charges rules started, in the order they were
// started; a charge may start another.
func (e *Engine) drainCharges() error {
	for len(e.pending) > 0 {
		o := e.pending[0]
		e.pending = e.pending[1:]
		u, t := o.Unit, o.Target
		if u.Increments <= 0 || t.Increments <= 0 || u.Charged {
			continue
		}
		o.Path = o.Path[:0]
		at := u.Hex
		for range 64 {
			if hex.Distance(at, t.Hex) <= 1 {
				break
			}
			next, ok := e.stepToward(at, t.Hex)
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
		ok, err := e.declare(o)
		if err != nil {
			return err
		}
		if ok {
			if err := e.resolveCharge(o); err != nil {
				return err
			}
		}
	}
	return nil
}

func (e *Engine) resolveCharge(o *Order) error {
	u := o.Unit
	if u.Increments <= 0 {
		return nil
	}
	// The charge's state lives in the engine and is reused, its trail too:
	// a simulation resolves one charge after another.
	e.chBuf = chargeState{charger: u, target: o.Target, order: o, trail: append(e.chBuf.trail[:0], u.Hex), mpLeft: u.MP, cap: -1, transient: e.chBuf.transient[:0], riders: e.chBuf.riders[:0]}
	ch := &e.chBuf
	e.ch = ch
	defer func() {
		for _, m := range ch.transient {
			e.Mark(m.u, m.name, false)
		}
		e.ch = nil
	}()
	if e.Tracing() {
		e.Note(u, "%s charges %s (%d MP)", u.ID, o.Target.ID, u.MP)
	}
	if _, _, err := e.Bind(hChargeStart).Unit(u).Unit(o.Target).Int(ch.mpLeft).Fire(); err != nil {
		return err
	}
	e.mount(o)
	if o.Formation != "" && o.Step == 0 {
		if _, err := e.ChangeFormation(u, o.Formation, FormationChange{Charging: true}); err != nil {
			return err
		}
	}
	// The charge's start is an opportunity like every hex after it: the
	// infantry may try Carré "at any time" the charging cavalry is within
	// reach (FRI-36-CARRE-WHEN), so cavalry that sets off three hexes away
	// is answerable at three.
	if err := e.approach(); err != nil {
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
		if err := e.work(1); err != nil {
			return err
		}
		if ok, err := e.chargeStep(h); err != nil || !ok {
			if err != nil {
				return err
			}
			break
		}
		if o.Formation != "" && o.Step == ch.step {
			if _, err := e.ChangeFormation(u, o.Formation, FormationChange{Charging: true, Step: ch.step}); err != nil {
				return err
			}
		}
		if err := e.approach(); err != nil {
			return err
		}
	}
	// A path that ends next to its target strikes it, released or not: a
	// released charge that goes on at its Carré chose to.
	if !ch.halted && !ch.contacted && ch.target.Increments > 0 && UnitDistance(u, ch.target) <= 1 {
		if err := e.contact(ch.target); err != nil {
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
		e.Board.reach(e.spendable() + 1)
		for _, en := range e.enemies(u) {
			if UnitDistance(u, en)-1 <= e.spendable() {
				could = true
			}
		}
	}
	_, _, err := e.Bind(hChargeEnd).Unit(u).Unit(ch.target).Bool(ch.contacted).Bool(could).Int(ch.mpSpent).Int(ch.mpLeft).Fire()
	return err
}

// approach runs the charge_approach rules for each enemy unit, by id, where
// the charger stands: at the charge's start (step 0) and after each hex.
func (e *Engine) approach() error {
	ch := e.ch
	u := ch.charger
	for _, en := range e.enemies(u) {
		if ch.halted || ch.contacted {
			break
		}
		if err := e.work(1); err != nil {
			return err
		}
		d := UnitDistance(u, en)
		if _, _, err := e.Bind(hChargeApproach).Unit(en).Unit(u).Unit(ch.target).Int(d).Bool(LOS(en, u)).Bool(en == ch.target).Int(ch.step).Int(ch.mpSpent).Int(ch.mpLeft).Fire(); err != nil {
			return err
		}
	}
	return nil
}

// rider is a regiment of a stack's charge riding with its lead, with the
// MP it has left.
type rider struct {
	u  *Unit
	mp int
}

// mount sets the other declared regiments of the lead's stack riding with
// it, each with its own MP and the bonus the charge_start rules gave the
// lead (BER-37-BONUS-MP is each regiment's).
func (e *Engine) mount(lead *Order) {
	ch := e.ch
	bonus := ch.mpLeft - lead.Unit.MP
	for _, o := range e.declared {
		if o.lead != lead || o.Unit.Increments <= 0 || o.Unit.Hex != lead.Unit.Hex {
			continue
		}
		ch.riders = append(ch.riders, rider{u: o.Unit, mp: o.Unit.MP + bonus})
		o.Unit.Facing = lead.Unit.Facing
		if e.Tracing() {
			e.Note(o.Unit, "%s charges with %s, as one stack (%d MP)", o.Unit.ID, lead.Unit.ID, o.Unit.MP+bonus)
		}
	}
}

// ride moves the stack's riders into the hex the lead entered at a cost;
// a rider without the MP is left where it is, separated (BER-37-STACK: the
// stack stays together unless lack of MP separates it).
func (e *Engine) ride(from, h hex.Hex, cost int) {
	ch := e.ch
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
		r.mp -= cost
		r.u.MoveTo(h)
		r.u.Facing = ch.charger.Facing
		kept = append(kept, r)
	}
	ch.riders = kept
}

// beside lists the riders in the charger's hex.
func (e *Engine) beside() []*Unit {
	var out []*Unit
	for _, r := range e.ch.riders {
		if r.u.Increments > 0 && r.u.Hex == e.ch.charger.Hex {
			out = append(out, r.u)
		}
	}
	return out
}

// chargeStep enters the next hex of the declared path, if the rules and the
// MP allow; a path that cannot go on halts the charge.
func (e *Engine) chargeStep(h hex.Hex) (bool, error) {
	ch := e.ch
	ok, why, err := e.chargeEnter(h, movePath)
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
func (e *Engine) chargeEnter(h hex.Hex, how string) (bool, int, error) {
	ch := e.ch
	u := ch.charger
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
	if how != moveRideInto && e.enemyIn(u, h) && !(ch.released && e.onlyCarres(u, h)) {
		if e.Tracing() {
			e.Note(u, "%s halts before %s: an enemy holds it", u.ID, h)
		}
		return false, whyPlace, nil
	}
	fronts := e.fronts(u)
	ahead := hex.IsAhead(u.Hex, u.Facing, fronts, h)
	turns := hex.TurnsToFront(u.Facing, fronts, dir)
	c := e.Cell(h)
	across, extra, up := e.crossing(u, u.Hex, h)
	e.act = action{cost: c.Cost + extra}
	blocked, msg, err := e.Bind(hChargeEnter).Unit(u).Unit(ch.target).Cell(c).Int(ch.step + 1).Int(ch.mpSpent).Int(ch.mpLeft).Int(c.Cost + extra).Bool(ahead).Int(turns).Int(hex.Distance(h, ch.target.Hex)).Str(asString(across)).Bool(up).Str(how).Fire()
	if err != nil {
		return false, whyNone, err
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
	cost := e.act.cost
	if cost > e.spendable() {
		if e.Tracing() {
			e.Note(u, "%s halts before %s: it needs %d MP and has %d", u.ID, h, cost, e.spendable())
		}
		return false, whyMP, nil
	}
	e.pay(cost)
	from := u.Hex
	u.MoveTo(h)
	u.Facing = dir
	ch.trail = append(ch.trail, h)
	ch.step++
	if len(ch.riders) > 0 {
		e.ride(from, h, cost)
	}
	if !e.cfg.NoTrace {
		var text string
		switch how {
		case movePath:
			text = fmt.Sprintf("%s enters %s (%s%s, %d MP; %d spent, %d left)", u.ID, h, c.Terrain, crossed(across, up), cost, ch.mpSpent, ch.mpLeft)
		case moveRideInto:
			text = fmt.Sprintf("%s rides into %s (%s%s, %d MP; %d spent, %d left)", u.ID, h, c.Terrain, crossed(across, up), cost, ch.mpSpent, ch.mpLeft)
		default:
			text = fmt.Sprintf("%s follows to %s (%d MP%s; %d spent, %d left)", u.ID, h, cost, crossed(across, up), ch.mpSpent, ch.mpLeft)
		}
		e.Emit(Event{Kind: "move", Unit: u.ID, Hex: h.String(), Text: text, After: StateOf(u)})
	}
	return true, whyNone, nil
}

// onlyCarres reports whether every enemy of u in h stands in a formation
// with six fronts (a Carré), which a released charge may ride over and
// through.
func (e *Engine) onlyCarres(u *Unit, h hex.Hex) bool {
	e.Board.Spend(1 + len(e.Board.Units))
	for _, x := range e.Board.Units {
		if x.Side != u.Side && x.Increments > 0 && x.occupies(h) && e.fronts(x) < 6 {
			return false
		}
	}
	return true
}

// Release frees the charge being resolved from its target (AUS-36-FORMED):
// it goes on along its path without striking it, may pass over and through
// a Carré, take a new target (Retarget) or halt, and is not a charge that
// could have struck and did not.
func (e *Engine) Release() error {
	if e.ch == nil {
		return errNoCharge
	}
	e.ch.released = true
	if e.Tracing() {
		e.Note(e.ch.charger, "%s is released from its charge on %s", e.ch.charger.ID, e.ch.target.ID)
	}
	return nil
}

// Retarget gives the charge being resolved a new target, which it must
// then strike as a charge strikes its target.
func (e *Engine) Retarget(t *Unit) error {
	if e.ch == nil {
		return errNoCharge
	}
	e.ch.target, e.ch.released = t, false
	if e.Tracing() {
		e.Note(e.ch.charger, "%s charges %s instead", e.ch.charger.ID, t.ID)
	}
	return nil
}

func (e *Engine) spendable() int {
	if e.ch.cap >= 0 {
		return min(e.ch.cap, e.ch.mpLeft)
	}
	return e.ch.mpLeft
}

func (e *Engine) pay(cost int) {
	ch := e.ch
	ch.mpLeft -= cost
	ch.mpSpent += cost
	if ch.cap >= 0 {
		ch.cap -= cost
	}
}

// contact fires charge_contact against a unit the charger has reached.
func (e *Engine) contact(target *Unit) error {
	ch := e.ch
	ch.contacted = true
	ch.target = target
	if e.Tracing() {
		e.Note(ch.charger, "%s contacts %s", ch.charger.ID, target.ID)
	}
	_, _, err := e.Bind(hChargeContact).Unit(ch.charger).Unit(target).Cell(e.Cell(ch.charger.Hex)).Int(ch.mpSpent).Int(ch.mpLeft).Bool(hex.StraightRun(ch.trail) >= straightHexes).Int(ch.step).Int(hex.StraightRun(ch.trail)).Fire()
	return err
}

// Follow moves the charger toward a unit, one hex at a time, paying terrain,
// until it is adjacent or out of MP; it contacts the first enemy it comes
// next to. It reports whether a contact was made.
func (e *Engine) Follow(u, toward *Unit, contact bool) (bool, error) {
	ch := e.ch
	if ch == nil || ch.charger != u {
		return false, fmt.Errorf("%s is not charging", u.ID)
	}
	// The procedure moves it now: its declared path is over.
	ch.ruled = true
	for range 64 {
		if toward.Increments <= 0 {
			return false, nil
		}
		if err := e.work(1); err != nil {
			return false, err
		}
		if en := e.Met(u, toward); en != nil {
			if !contact {
				return false, nil
			}
			if en != toward {
				if e.Tracing() {
					e.Note(u, "%s meets %s first", u.ID, en.ID)
				}
			}
			return true, e.contact(en)
		}
		next, ok := e.stepToward(u.Hex, toward.Hex)
		if !ok || !e.Board.Fits(u, next) {
			return false, nil
		}
		how := moveFollow
		if !contact {
			how = moveCloseIn
		}
		if moved, _, err := e.chargeEnter(next, how); err != nil || !moved {
			if err == nil && e.Tracing() {
				e.Note(u, "%s cannot go on toward %s (%d MP it may spend)", u.ID, toward.ID, e.spendable())
			}
			return false, err
		}
	}
	return false, nil
}
