package interpreter

import "github.com/bataille/bataille/hex"

// The units of one hex that the pages tie together: artillery stacked with
// infantry "always obtains the same result" as the infantry on its Carré
// roll (FRI-36-CARRE-ROLL, AUS-36-CARRE-WHEN), and cavalry that meets a
// hex meets the combat formation that stands for it, not whichever unit's
// id sorts first.

// Met is the enemy of u that u meets among those next to it or in its
// hex: the unit it moves toward when that one is among them; else, of the
// hex nearest to u (the first by id on a tie), the unit that stands for
// it (FrontOf). Nil when no enemy is that close.
func (e *Engine) Met(u, toward *Unit) *Unit {
	var best *Unit
	for _, en := range e.Enemies(u) {
		d := UnitDistance(u, en)
		if d > 1 {
			continue
		}
		if en == toward {
			return en
		}
		if best == nil || d < UnitDistance(u, best) {
			best = en
		}
	}
	if best == nil {
		return nil
	}
	return e.FrontOf(best)
}

// FrontOf is the unit that stands for the hex of x among x's friends
// there: a unit that is not artillery before artillery (a battery in a
// battalion's hex shares its fate, it is not met apart from it), then the
// most increments, then the first id.
func (e *Engine) FrontOf(x *Unit) *Unit {
	best := x
	for _, y := range e.Board.At(x.Hex) {
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

// ShareResult ties the friends of the given arm in u's hex to u for the
// rest of the turn: they take u's morale state now, and every state u
// takes and every retreat or rout u makes after, so that a battery routs
// with its battalion and runs with it. A battery keeps its own formation,
// limbered or unlimbered: it is in a Carré by standing in the Carré's hex
// (in_carre), not by taking the infantry's formation, and is never put "in
// line" or "in column". Call it before the result's moves.
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
// falls on a hex strikes together (a charge on a road column, BER-40-ROAD).
func (e *Engine) Stack(u *Unit) []*Unit {
	out := []*Unit{u}
	for _, x := range e.sorted {
		if x != u && x.Side == u.Side && x.Increments > 0 && UnitDistance(u, x) == 0 {
			out = append(out, x)
		}
	}
	return out
}
