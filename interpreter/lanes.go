package interpreter

import (
	"github.com/bataille/bataille/hex"
	"slices"

	"github.com/bataille/bataille/dsl"
)

// Lanes: parts of a scenario that cannot affect each other, so that their
// exact odds can be worked out apart and put together (a product, not an
// enumeration of it). Units meet in play only in these ways:
//
//   - an order links them (an order that names a target);
//   - a rule is handed them by a hook: every hook hands a rule the units
//     its action is about, except a hook a procedure fires for every enemy
//     on the board, near or far (the approach hook of package premier's
//     moving action);
//   - the engine looks at the units around one: in its hex (stacking,
//     a stack that acts as one, the language's functions), next to a hex
//     it stands in or is about to enter (Zd'I, a follow, a step toward, a
//     retreat), along the line between two (line of sight), or within the
//     movement points a moving unit has left.
//
// So units not linked by orders, whose rules on such a hook all give up
// beyond some distance (the procedure says which: premier.ApproachReach),
// stay apart when every hex the
// units of one part ever stand in is farther from every hex of another's
// than the farthest look of either (Track). Each part, played alone, then
// plays as it does beside the others, and the whole's outcomes are the
// parts' outcomes side by side (every outcome is a unit's).

// Track records, while a scenario is played, every hex its units stand in
// and how far the engine's looks reach from a unit: what shows that the
// lanes of a scenario stay apart.
type Track struct {
	Hexes map[hex.Hex]bool
	Reach int
}

// SetTrack has the board record in t every hex its units stand in (those
// they stand in now too) and the reach of every look; nil stops it.
func (b *Board) SetTrack(t *Track) {
	b.track = t
	if t == nil {
		return
	}
	if t.Hexes == nil {
		t.Hexes = map[hex.Hex]bool{}
	}
	t.Reach = max(t.Reach, baseReach)
	for _, u := range b.Units {
		t.stand(u)
	}
}

// baseReach is the farthest the engine looks from a hex a unit stands in
// outside a reach a procedure records (Reach) and a line of sight: the hexes next to
// the hex it is about to enter.
const baseReach = 2

func (t *Track) stand(u *Unit) {
	for _, h := range u.hexes() {
		t.Hexes[h] = true
	}
}

// Reach records a look that goes n hexes from a hex a unit stands in.
func (b *Board) Reach(n int) {
	if t := b.track; t != nil && n > t.Reach {
		t.Reach = n
	}
}

// Apart reports whether the hexes of two tracks are farther apart than the
// farther reach of the two, and beyond approach, the reach of the rules on
// a hook that fires for units however far (see above).
func Apart(a, b *Track, approach int) bool {
	r := max(a.Reach, b.Reach, approach)
	for h := range a.Hexes {
		for k := range b.Hexes {
			if hex.Distance(h, k) <= r {
				return false
			}
		}
	}
	return true
}

// LaneUnits parts a scenario's units by the orders that link them (over
// every turn): the ids of each part, in the order the scenario lists them.
func LaneUnits(sd *dsl.ScenarioDef) [][]string {
	parent := map[string]string{}
	var find func(string) string
	find = func(id string) string {
		p, ok := parent[id]
		if !ok || p == id {
			parent[id] = id
			return id
		}
		r := find(p)
		parent[id] = r
		return r
	}
	for _, u := range sd.Units {
		find(u.ID)
	}
	for _, o := range sd.AllOrders() {
		if o.Target != "" {
			a, b := find(o.Unit), find(o.Target)
			if a != b {
				parent[b] = a
			}
		}
	}
	var out [][]string
	index := map[string]int{}
	for _, u := range sd.Units {
		r := find(u.ID)
		i, ok := index[r]
		if !ok {
			i = len(out)
			index[r] = i
			out = append(out, nil)
		}
		out[i] = append(out[i], u.ID)
	}
	return out
}

// LaneScenario is the part of a scenario its units ids play: their units,
// orders and decide lines (and those for every unit), on the same map, with
// each turn's side as the whole scenario has it (sides).
func LaneScenario(sd *dsl.ScenarioDef, ids []string, sides []string) *dsl.ScenarioDef {
	in := func(id string) bool { return slices.Contains(ids, id) }
	cp := *sd
	cp.Units = nil
	for _, u := range sd.Units {
		if in(u.ID) {
			cp.Units = append(cp.Units, u)
		}
	}
	orders := func(os []*dsl.OrderSpec) []*dsl.OrderSpec {
		var out []*dsl.OrderSpec
		for _, o := range os {
			if in(o.Unit) {
				out = append(out, o)
			}
		}
		return out
	}
	cp.Orders = orders(sd.Orders)
	cp.Decisions = nil
	for _, d := range sd.Decisions {
		if d.Unit == "*" || in(d.Unit) {
			cp.Decisions = append(cp.Decisions, d)
		}
	}
	if len(sides) > 0 {
		cp.Turn = sides[0]
	}
	cp.Turns = nil
	for i, t := range sd.Turns {
		c := *t
		c.Orders = orders(t.Orders)
		if i+1 < len(sides) {
			c.Side = sides[i+1]
		}
		cp.Turns = append(cp.Turns, &c)
	}
	return &cp
}

// PhasingSides is the side in its turn in each turn of a scenario set up,
// as the engine finds it: the turn's own, else that of the first unit
// given an order a procedure acts on as its side's own (Procedure.Acts),
// else the first unit's.
func PhasingSides(s *Setup) []string {
	side := func(given string, orders []*Order) string {
		if given != "" {
			return given
		}
		for _, o := range orders {
			if actingKinds[o.Kind] {
				return o.Unit.Side
			}
		}
		if len(s.Board.Units) > 0 {
			return s.Board.Units[0].Side
		}
		return ""
	}
	out := []string{side(s.Turn, s.Orders)}
	for _, t := range s.Turns {
		out = append(out, side(t.Side, t.Orders))
	}
	return out
}
