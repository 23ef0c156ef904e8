package picture

import (
	"github.com/bataille/bataille/hex"
	"strconv"
	"strings"

	"github.com/bataille/bataille/interpreter"
)

// unitState is what the engine's State text says of a unit after a step:
// "hus 4 inc column good at 0616, tired, exhausted".
type unitState struct {
	ID               string
	Increments       int
	Formation, State string
	Hex              hex.Hex
	Tired, Exhausted bool
}

// parseState reads a State text; ok is false for text of another shape,
// which then changes nothing.
func parseState(s string) (unitState, bool) {
	parts := strings.Split(s, ", ")
	f := strings.Split(parts[0], " ") // the engine writes single spaces
	if len(f) != 7 || f[2] != "inc" || f[5] != "at" {
		return unitState{}, false
	}
	n, err := strconv.Atoi(f[1])
	if err != nil {
		return unitState{}, false
	}
	h, err := hex.Parse(f[6])
	if err != nil {
		return unitState{}, false
	}
	st := unitState{ID: f[0], Increments: n, Formation: f[3], State: f[4], Hex: h}
	for _, p := range parts[1:] {
		switch p {
		case "tired":
			st.Tired = true
		case "exhausted":
			st.Exhausted = true
		}
	}
	return st, true
}

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

// apply changes the views as one event says: its State text, or the hex of
// its unit. A unit that steps into the next hex by moving, following or
// riding in turns to face the way it went, as the engine turns it; one
// that is pushed back (a retreat, a rout) keeps its facing.
func (p *player) apply(ev interpreter.Event) {
	k, ok := p.index[ev.Unit]
	if !ok {
		return
	}
	v := &p.views[k]
	to := v.Hex
	if st, ok := parseState(ev.State); ok && st.ID == ev.Unit {
		v.Increments, v.Formation, v.State = st.Increments, st.Formation, st.State
		v.Tired, v.Exhausted = st.Tired, st.Exhausted
		to = st.Hex
	} else if h, err := hex.Parse(ev.Hex); err == nil && ev.Hex != "" {
		to = h
	}
	if to == v.Hex {
		return
	}
	if dir, adjacent := hex.DirectionTo(v.Hex, to); adjacent && steps(ev) {
		v.Facing = dir
	}
	if v.Hex2 != nil {
		h2 := v.Hex2.Add(to.Sub(v.Hex))
		v.Hex2 = &h2
	}
	v.Hex = to
}

// steps reports whether an event is a unit going forward under its own
// power: a charge or follow step, a move, riding into a hex.
func steps(ev interpreter.Event) bool {
	return ev.Kind == "move" || ev.Effect == "ride_into" || strings.Contains(ev.Text, " moves to ")
}

// touched lists the units an event is about: its unit and every unit its
// text names, in board order.
func (p *player) touched(ev interpreter.Event) []int {
	named := map[string]bool{ev.Unit: true}
	for _, w := range strings.FieldsFunc(ev.Text, func(r rune) bool {
		return !(r == '_' || r == '-' || r == '.' || r >= '0' && r <= '9' || r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z')
	}) {
		named[strings.TrimRight(w, ".")] = true
	}
	var out []int
	for i, v := range p.views {
		if named[v.ID] {
			out = append(out, i)
		}
	}
	return out
}
