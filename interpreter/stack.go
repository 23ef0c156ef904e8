package interpreter

import "github.com/bataille/bataille/hex"

// The units of one hex that play as one: friends that share a unit's
// result (ShareResult), and the stack a result that falls on a hex
// strikes (Stack).

// ShareResult ties the friends of the given arm in u's hex to u for the
// rest of the turn: they take u's morale state now, and every state u
// takes and every retreat or rout u makes after, so that a battery routs
// with its battalion and runs with it. A battery keeps its own formation,
// limbered or unlimbered, and is never put in the formation of the unit
// it is tied to. Call it before the result's moves.
func (e *Engine) ShareResult(u *Unit, arm string) {
	e.Board.Spend(1 + len(e.Board.Units))
	for _, x := range e.Board.Units {
		if x == u || x.Increments <= 0 || x.Side != u.Side || x.Arm != arm || !x.Occupies(u.Hex) {
			continue
		}
		x.tiedTo = u
		x.State = u.State
		if e.Tracing() {
			e.NoteUnits(x, []string{u.ID}, "%s shares %s's result: %s", x.ID, u.ID, x.State)
		}
	}
}

// tied lists the units ShareResult tied to u that still stand in h.
func (e *Engine) tied(u *Unit, h hex.Hex) []*Unit {
	var out []*Unit
	for _, x := range e.Board.Units {
		if x.tiedTo == u && x.Increments > 0 && x.Occupies(h) {
			out = append(out, x)
		}
	}
	return out
}

// Stack lists u and the units of its side in its hex (either hex of a
// two-hex line), u first, the others by id: the targets a result that
// falls on a hex strikes together.
func (e *Engine) Stack(u *Unit) []*Unit {
	out := []*Unit{u}
	for _, x := range e.sorted {
		if x != u && x.Side == u.Side && x.Increments > 0 && UnitDistance(u, x) == 0 {
			out = append(out, x)
		}
	}
	return out
}
