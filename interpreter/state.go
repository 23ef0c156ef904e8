package interpreter

import (
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
			e.NoteUnits(x, []string{u.ID}, "%s is %s with %s", x.ID, state, u.ID)
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
// into a hex an enemy holds or one whose stacking limit it would break:
// where no hex away from it is free, on the map, the retreat ends. From a
// unit in its own hex (a friend's stack it stood in) it goes away from the
// hex that unit came from. The units tied to it (ShareResult: a battery
// with its battalion) go with it, and every hex it takes must hold them
// too: the two never end apart, and no hex ends past its limit.
func (e *Engine) Retreat(u *Unit, n int, from *Unit) {
	start := u.Hex
	away := from.Hex
	if from.Occupies(u.Hex) && from.hasPrev {
		away = from.prev
	}
	with := e.tied(u, start)
	moved := 0
	for range n {
		e.Board.Spend(1)
		next, ok := e.retreatStep(u, away, with)
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
		// retreatStep took only hexes every one of them fits in.
		for _, x := range with {
			x.MoveTo(u.Hex)
			x.vacated = start
			x.Vacated = &x.vacated
			if e.Tracing() {
				e.NoteUnits(x, []string{u.ID}, "%s goes back with %s to %s", x.ID, u.ID, u.Hex)
			}
		}
		// The unit keeps the hex itself, so that a retreat allocates
		// nothing; a unit copied back over itself (Rewind) still points
		// at its own.
		u.vacated = start
		u.Vacated = &u.vacated
		if e.Tracing() {
			e.NoteUnits(u, []string{from.ID}, "%s retreats %d hex(es) from %s to %s, away from %s", u.ID, moved, start, u.Hex, from.ID)
		}
	}
}

// retreatStep is the next hex of a retreat away from a hex: of the
// neighbours farther from it, on the map, holding no enemy and within the
// stacking limits of its formation and of the friends' there (Stacking:
// a unit driven back does not crowd a hex past its formation's limit),
// the farthest (the first by direction, N first, among equals). The units
// with it take the hex too: it must hold them as well.
func (e *Engine) retreatStep(u *Unit, away hex.Hex, with []*Unit) (hex.Hex, bool) {
	best, bestD, found := hex.Hex{}, hex.Distance(u.Hex, away), false
	for d := hex.N; d <= hex.NW; d++ {
		h := u.Hex.Neighbor(d)
		if dd := hex.Distance(h, away); dd > bestD && e.Board.Fits(u, h) && e.allFit(with, h) && !e.Board.EnemyAt(u, h) && e.stacking(u, u.Formation, h, with, false) == "" {
			best, bestD, found = h, dd, true
		}
	}
	return best, found
}

// allFit reports whether every one of us fits in h (on the map, whole).
func (e *Engine) allFit(us []*Unit, h hex.Hex) bool {
	for _, x := range us {
		if !e.Board.Fits(x, h) {
			return false
		}
	}
	return true
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

// SetCost sets the cost of the action the hook is about (at least 0: a
// negative cost would grant MP), in movement points, whole or not (a
// road's half point).
func (e *Engine) SetCost(n float64) { e.act.Cost = max(n, 0) }

// AddCost adds to the cost of the action the hook is about; a cost never
// goes below zero, for a negative cost would grant MP.
func (e *Engine) AddCost(n float64) error {
	if e.act.Cost+n < 0 {
		return fmt.Errorf("the cost would be %s; a cost is at least 0", MPText(e.act.Cost+n))
	}
	e.act.Cost += n
	return nil
}

// IgnoreZdI lets the moving unit go on through enemy Zd'I.
func (e *Engine) IgnoreZdI() { e.act.IgnoreZdI = true }

// Ask puts a question to the decider and records it.
func (e *Engine) Ask(r *dsl.RuleDef, u *Unit, ask string) bool {
	q := e.question(ask, u, r.ID, "")
	ans := e.decider.Decide(q)
	word := "no"
	if ans {
		word = "yes"
	}
	e.ruleEvent("ask", r, "", fmt.Sprintf("%s %s? %s", u.ID, ask, word))
	e.asked(q, word)
	return ans
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
// the distance across the action being resolved (see Question), its step
// and the acting unit's hex.
func (e *Engine) question(ask string, whom *Unit, rule, hook string) Question {
	q := Question{Ask: ask, Unit: whom, Rule: rule, Hook: hook, Distance: -1, Turn: e.turnNo}
	var other *Unit
	switch w := e.underway; {
	case e.subject != nil && e.subject != whom:
		other = e.subject // the unit the hook is about, another than whom
	case w != nil && whom == w.Actor:
		other = w.Target
	case w != nil:
		other = w.Actor
	}
	if w := e.underway; w != nil {
		q.Acting, q.Step, q.Hex = true, w.Step, w.Actor.Hex
	} else if whom != nil {
		q.Hex = whom.Hex
	}
	if whom != nil && other != nil && other != whom {
		q.About, q.Distance = other, UnitDistance(whom, other)
	}
	return q
}
