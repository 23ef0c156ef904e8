package interpreter

import (
	"errors"
	"fmt"
	"github.com/bataille/bataille/hex"

	"github.com/bataille/bataille/dsl"
)

// The methods below are what effect primitives do to the game. Package
// stdlib binds each effect of the language to one of them.

// Lose removes increments; a unit with none left is eliminated.
func (e *Engine) Lose(u *Unit, n int) {
	if n <= 0 {
		return
	}
	n = min(n, u.Increments)
	u.Increments -= n
	u.Losses += n
	if e.Tracing() {
		e.Note(u, "%s loses %d increment(s)", u.ID, n)
	}
	if u.Increments == 0 {
		if e.Tracing() {
			e.Note(u, "%s is eliminated", u.ID)
		}
	}
}

// SetArmy sets the value of an army word for u's side (adds n to it with
// add), held to the word's min and max.
func (e *Engine) SetArmy(u *Unit, name string, n int, add bool) error {
	w, ok := e.Module.Word(dsl.KindArmy, name)
	if !ok {
		return fmt.Errorf("unknown army value %q", name)
	}
	old := e.Board.Army(u.Side, name)
	if add {
		n = old + n
	}
	lo, hi := w.Bounds()
	n = max(lo, min(hi, n))
	e.Board.Spend(1)
	e.Board.setArmy(u.Side, name, n)
	if e.Tracing() {
		e.Note(u, "%s's %s: %d (was %d)", u.Side, name, n, old)
	}
	return nil
}

// SetState puts a unit in a morale state of the module.
func (e *Engine) SetState(u *Unit, state string) error {
	if _, ok := e.Module.Word(dsl.KindState, state); !ok {
		return fmt.Errorf("unknown state %q", state)
	}
	u.State = state
	if e.Tracing() {
		e.Note(u, "%s is %s", u.ID, state)
	}
	for _, x := range e.tied(u, u.Hex) {
		x.State = state
		if e.Tracing() {
			e.Note(x, "%s is %s with %s", x.ID, state, u.ID)
		}
	}
	return nil
}

// RoutedState is the module's state with the `routed` flag. The checker
// allows only one; should a module built by hand have more, the first by
// name is chosen, never one by map order.
func (e *Engine) RoutedState() (string, error) {
	if e.routed != "" {
		return e.routed, nil // the module does not change under the engine
	}
	found := ""
	for name, w := range e.Module.Vocab[dsl.KindState] {
		if w.Flag("routed") && (found == "" || name < found) {
			found = name
		}
	}
	if found == "" {
		return "", fmt.Errorf("the module declares no state with the routed flag")
	}
	e.routed = found
	return found, nil
}

// Retreat moves a unit n hexes, each step away from another unit, and never
// into a hex an enemy holds: where no hex away from it is free, on the map,
// the retreat ends. From a unit in its own hex (cavalry inside a Carré) it
// goes away from the hex that unit came from.
func (e *Engine) Retreat(u *Unit, n int, from *Unit) {
	start := u.Hex
	away := from.Hex
	if from.occupies(u.Hex) && from.hasPrev {
		away = from.prev
	}
	moved := 0
	for range n {
		e.Board.Spend(1)
		next, ok := e.retreatStep(u, away)
		if !ok {
			if e.Tracing() && moved < n {
				e.Note(u, "%s can retreat no farther from %s: no free hex away from it", u.ID, u.Hex)
			}
			break
		}
		u.MoveTo(next)
		moved++
	}
	if moved > 0 {
		for _, x := range e.tied(u, start) {
			if e.Board.Fits(x, u.Hex) {
				x.MoveTo(u.Hex)
				x.vacated = start
				x.Vacated = &x.vacated
				if e.Tracing() {
					e.Note(x, "%s goes back with %s to %s", x.ID, u.ID, u.Hex)
				}
			}
		}
		// The unit keeps the hex itself, so that a retreat allocates
		// nothing; a unit copied back over itself (Rewind) still points
		// at its own.
		u.vacated = start
		u.Vacated = &u.vacated
		if e.Tracing() {
			e.Note(u, "%s retreats %d hex(es) from %s to %s, away from %s", u.ID, moved, start, u.Hex, from.ID)
		}
	}
}

// retreatStep is the next hex of a retreat away from a hex: of the
// neighbours farther from it, on the map and holding no enemy, the farthest
// (the first by direction, N first, among equals).
func (e *Engine) retreatStep(u *Unit, away hex.Hex) (hex.Hex, bool) {
	best, bestD, found := hex.Hex{}, hex.Distance(u.Hex, away), false
	for d := hex.N; d <= hex.NW; d++ {
		h := u.Hex.Neighbor(d)
		if dd := hex.Distance(h, away); dd > bestD && e.Board.Fits(u, h) && !e.Board.enemyAt(u, h) {
			best, bestD, found = h, dd, true
		}
	}
	return best, found
}

// SetFormation puts a unit in a formation as a rule's result (a Carré that
// forms on its roll, a broken Carré that reverts to column): through
// ChangeFormation, so it costs no MP but the formation's preconditions hold.
func (e *Engine) SetFormation(u *Unit, f string) error {
	_, err := e.ChangeFormation(u, f, FormationChange{Result: true})
	return err
}

// Exhaust makes cavalry exhausted.
func (e *Engine) Exhaust(u *Unit) {
	u.Exhausted, u.Tired = true, false
	if e.Tracing() {
		e.Note(u, "%s is exhausted", u.ID)
	}
}

// Tire makes cavalry tired.
func (e *Engine) Tire(u *Unit) {
	if !u.Exhausted {
		u.Tired = true
		if e.Tracing() {
			e.Note(u, "%s is tired", u.ID)
		}
	}
}

// Recover takes cavalry one step back toward fresh: exhausted becomes
// tired, tired becomes fresh.
func (e *Engine) Recover(u *Unit) {
	switch {
	case u.Exhausted:
		u.Exhausted, u.Tired = false, true
		if e.Tracing() {
			e.Note(u, "%s recovers: exhausted to tired", u.ID)
		}
	case u.Tired:
		u.Tired = false
		if e.Tracing() {
			e.Note(u, "%s recovers: tired to fresh", u.ID)
		}
	}
}

// Mark sets or clears a named mark on a unit.
func (e *Engine) Mark(u *Unit, name string, on bool) {
	if on {
		e.Board.Spend(1 + len(name)/keptBytesPerUnit)
		u.Marks[name] = true
	} else {
		delete(u.Marks, name)
		delete(e.lasting[u], name)
	}
}

// Say adds a rule's own narration line (the note effect).
func (e *Engine) Say(r *dsl.RuleDef, text string) {
	if e.cfg.NoTrace {
		return
	}
	ev := Event{Kind: "note", Effect: "note", Rule: r.ID, Cite: e.Module.CiteLine(r.Cite), Text: text}
	if u := e.subject; u != nil {
		ev.Unit, ev.Hex = u.ID, u.Hex.String()
	}
	e.Emit(ev)
}

// errNoCharge is the error of a charge effect done outside a charge.
var errNoCharge = errors.New("no charge is being resolved")

// Halt stops the charge being resolved where it stands.
func (e *Engine) Halt(reason string) error {
	if e.ch == nil {
		return errNoCharge
	}
	e.ch.halted, e.ch.byRule = true, true
	if reason == "" {
		reason = "halted"
	}
	if e.Tracing() {
		e.Note(e.ch.charger, "%s's charge stops: %s", e.ch.charger.ID, reason)
	}
	return nil
}

// LimitMP caps the MP the charger may still spend (n at least 0: the
// engine's own "no limit" is not a value a script can give).
func (e *Engine) LimitMP(n int) error {
	if e.ch == nil {
		return errNoCharge
	}
	if n < 0 {
		return fmt.Errorf("a limit is at least 0; got %d", n)
	}
	e.ch.cap = n
	if e.Tracing() {
		e.Note(e.ch.charger, "%s may spend at most %d more MP", e.ch.charger.ID, n)
	}
	return nil
}

// AddMP gives the charger more movement points.
func (e *Engine) AddMP(n int) error {
	if e.ch == nil {
		return errNoCharge
	}
	e.ch.mpLeft += n
	if e.Tracing() {
		e.Note(e.ch.charger, "%s gains %d MP (%d left)", e.ch.charger.ID, n, e.ch.mpLeft)
	}
	return nil
}

// LimitMPFrom caps the MP the charger may still spend at n counted from the
// hex that unit vacated when it last retreated: the charger may first pay
// what the way into that hex costs. With no vacated hex it is LimitMP.
func (e *Engine) LimitMPFrom(n int, from *Unit) error {
	if e.ch == nil {
		return errNoCharge
	}
	if from == nil || from.Vacated == nil {
		return e.LimitMP(n)
	}
	at, goal, toll := e.ch.charger.Hex, *from.Vacated, 0
	for range 64 {
		next, ok := e.stepToward(at, goal)
		if !ok {
			break
		}
		_, extra, _ := e.crossing(e.ch.charger, at, next)
		toll += e.Cell(next).Cost + extra
		at = next
	}
	e.ch.cap = n + toll
	if e.Tracing() {
		e.Note(e.ch.charger, "%s may spend at most %d more MP from %s, which %s left (%d in all)", e.ch.charger.ID, n, goal, from.ID, n+toll)
	}
	return nil
}

// Charger is the cavalry whose charge is being resolved, or nil.
func (e *Engine) Charger() *Unit {
	if e.ch == nil {
		return nil
	}
	return e.ch.charger
}

// SetCost sets the cost of the action the hook is about (at least 0: a
// negative cost would grant MP).
func (e *Engine) SetCost(n int) { e.act.cost = max(n, 0) }

// AddCost adds to the cost of the action the hook is about; a cost never
// goes below zero, for a negative cost would grant MP.
func (e *Engine) AddCost(n int) error {
	if e.act.cost+n < 0 {
		return fmt.Errorf("the cost would be %d; a cost is at least 0", e.act.cost+n)
	}
	e.act.cost += n
	return nil
}

// SetFire sets the fire value of the fire being resolved.
func (e *Engine) SetFire(v float64) { e.act.fire = v }

// SetDefence sets the target's fire defence for the fire being resolved,
// in place of the one the fire table reads from its chart.
func (e *Engine) SetDefence(n int) { e.act.defence = n }

// Shift adds column shifts to the fire being resolved.
func (e *Engine) Shift(n int) { e.act.shift += n }

// ScaleAttack multiplies the attacker's melee strength.
func (e *Engine) ScaleAttack(x float64) { e.act.attack *= x }

// ScaleDefense multiplies the defender's melee strength.
func (e *Engine) ScaleDefense(x float64) { e.act.defense *= x }

// SetSide sets the hexside a melee comes through.
func (e *Engine) SetSide(s string) { e.act.side = s }

// IgnoreZdI lets the moving unit go on through enemy Zd'I.
func (e *Engine) IgnoreZdI() { e.act.ignoreZdi = true }

// Ask puts a question to the decider and records it.
func (e *Engine) Ask(r *dsl.RuleDef, u *Unit, ask string) bool {
	q := e.question(ask, u, r.ID, "")
	ans := e.decider.Decide(q)
	word := "no"
	if ans {
		word = "yes"
	}
	e.ruleEvent("ask", r, "", fmt.Sprintf("%s %s? %s", u.ID, ask, word))
	e.asked(q)
	return ans
}

// EnterHexOf moves the charger into the hex of a unit next to it (cavalry
// assaulting a Carré rests in its hex), by the charge's one checked step:
// the charge restrictions hold (no riding into a dwelling), and the MP.
func (e *Engine) EnterHexOf(u, of *Unit) error {
	if e.ch == nil || e.ch.charger != u {
		return fmt.Errorf("%s is not charging", u.ID)
	}
	if UnitDistance(u, of) != 1 || !e.Board.Fits(u, of.Hex) {
		return nil
	}
	_, _, err := e.chargeEnter(of.Hex, moveRideInto)
	return err
}

// Around lists the units next to u (either side), by id.
func (e *Engine) Around(u *Unit) []*Unit {
	e.Board.Spend(1 + len(e.Board.Units))
	var out []*Unit
	for _, x := range e.Board.Units {
		if x != u && x.Increments > 0 && UnitDistance(u, x) == 1 {
			out = append(out, x)
		}
	}
	sortUnits(out)
	return out
}

// question is a question to put to the decider, with where it is asked:
// the distance across the charge being resolved (see Question), its step
// and the charger's hex.
func (e *Engine) question(ask string, whom *Unit, rule, hook string) Question {
	q := Question{Ask: ask, Unit: whom, Rule: rule, Hook: hook, Distance: -1, Turn: e.turnNo}
	var other *Unit
	switch ch := e.ch; {
	case e.subject != nil && e.subject != whom:
		other = e.subject // the unit the hook is about: a Carré, a unit to charge instead
	case ch != nil && whom == ch.charger:
		other = ch.target
	case ch != nil:
		other = ch.charger
	}
	if ch := e.ch; ch != nil {
		q.Charging, q.Step, q.Hex = true, ch.step, ch.charger.Hex
	} else if whom != nil {
		q.Hex = whom.Hex
	}
	if whom != nil && other != nil && other != whom {
		q.About, q.Distance = other, UnitDistance(whom, other)
	}
	return q
}

// MarkForCharge sets a mark that lasts while the charge being resolved
// does (a Carré's precondition read by the attempt that follows): it is
// cleared when the charge is over, so it is not an outcome of the run. With
// no charge under way it lasts as a plain mark does.
func (e *Engine) MarkForCharge(u *Unit, name string, on bool) {
	e.Mark(u, name, on)
	if on && e.ch != nil {
		e.ch.transient = append(e.ch.transient, transientMark{u, name})
	}
}

type transientMark struct {
	u    *Unit
	name string
}
