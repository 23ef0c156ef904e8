package picture

import (
	"slices"

	"github.com/bataille/bataille/hex"
	"github.com/bataille/bataille/interpreter"
)

// player follows a trace over the units as the scenario set them up.
type player struct {
	views []unitView
	index map[string]int
}

func newPlayer(units []*interpreter.Unit) *player {
	p := &player{index: map[string]int{}}
	for i, u := range units {
		p.views = append(p.views, viewOf(u))
		p.index[u.ID] = i
	}
	return p
}

// apply changes the views as one event says: the unit's state after it
// (After), or else the hex it happened in, which a unit that moved
// without a step of its own (a rider) is seen in before its next state.
func (p *player) apply(ev interpreter.Event) {
	k, ok := p.index[ev.Unit]
	if !ok {
		return
	}
	v := &p.views[k]
	if st := ev.After; st.ID != "" && st.ID == ev.Unit {
		v.Increments, v.Formation, v.State = st.Increments, st.Formation, st.State
		v.Tired, v.Exhausted = st.Tired, st.Exhausted
		v.Hex, v.Hex2, v.Facing = st.Hex, st.Hex2, st.Facing
		return
	}
	to, err := hex.Parse(ev.Hex)
	if err != nil || to == v.Hex {
		return
	}
	if v.Hex2 != nil {
		h2 := v.Hex2.Add(to.Sub(v.Hex))
		v.Hex2 = &h2
	}
	v.Hex = to
}

// touched lists the units an event is about, in board order: its unit,
// the unit a question is put to and the other units it names (Units).
func (p *player) touched(ev interpreter.Event) []int {
	var out []int
	for i, v := range p.views {
		if v.ID == ev.Unit || v.ID == ev.Asked || slices.Contains(ev.Units, v.ID) {
			out = append(out, i)
		}
	}
	return out
}
