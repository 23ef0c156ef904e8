package interpreter

import (
	"fmt"
	"github.com/bataille/bataille/hex"
	"strings"

	"github.com/bataille/bataille/dsl"
)

// Setup is a scenario made ready to play: its board, orders and answers.
type Setup struct {
	Board   *Board
	Orders  []*Order // the first turn's
	Decider *ScriptedDecider
	Turn    string // the side of the first turn
	// Turns are the turns after the first, for a scenario of several.
	Turns []TurnPlan
	Seed  *uint64
}

// TurnPlan is one turn after the first: the side whose turn it is and the
// orders given in it.
type TurnPlan struct {
	Side   string
	Orders []*Order
}

// BuildScenario places a checked scenario's units on a board and finds its
// orders. Every problem comes back positioned in the scenario's file.
func BuildScenario(mod *dsl.Module, sd *dsl.ScenarioDef) (*Setup, dsl.Diagnostics) {
	b := &builder{mod: mod, sd: sd}
	board := NewBoard(sd.Cols, sd.Rows, sd.DefaultTerrain)
	if board.Default == "" {
		board.Default = "clear"
	}
	for _, hs := range sd.Terrain {
		for _, spec := range hs.Hexes {
			h, ok := b.hex(spec)
			if !ok {
				continue
			}
			if hs.Kind == "road" {
				board.Road[h] = true
			} else {
				board.Terrain[h] = hs.Terrain
			}
		}
	}
	b.hexsides(board)
	for _, a := range sd.Armies {
		for name, n := range a.Values {
			board.setArmy(a.Side, name, n)
		}
	}
	for _, us := range sd.Units {
		if u := b.unit(us, board); u != nil {
			board.Place(u)
		}
	}
	s := &Setup{Board: board, Decider: &ScriptedDecider{Answers: map[[2]string]bool{}}, Turn: sd.Turn, Seed: sd.Seed}
	s.Orders = b.orders(sd.Orders, board, true)
	for _, ts := range sd.Turns {
		s.Turns = append(s.Turns, TurnPlan{Side: ts.Side, Orders: b.orders(ts.Orders, board, false)})
	}
	var params map[string]any
	for _, d := range sd.Decisions {
		key := [2]string{d.Unit, d.Question}
		if d.When == nil {
			s.Decider.Answers[key] = d.Answer
			continue
		}
		if params == nil {
			params = mod.ParamValues()
		}
		if s.Decider.Conds == nil {
			s.Decider.Conds = map[[2]string]*Condition{}
		}
		s.Decider.Conds[key] = &Condition{Program: d.When, Params: params}
	}
	return s, b.diags
}

type builder struct {
	mod   *dsl.Module
	sd    *dsl.ScenarioDef
	diags dsl.Diagnostics
}

func (b *builder) errorf(pos dsl.Pos, code, format string, args ...any) {
	b.diags = append(b.diags, dsl.Diagnostic{Severity: dsl.Error, Code: code, Pos: pos, Message: fmt.Sprintf(format, args...), Source: lineOf(b.sd.Src, pos.Line)})
}

// lineOf is line n (from 1) of src, shown under a diagnostic.
func lineOf(src string, n int) string {
	for i := 1; i < n; i++ {
		j := strings.IndexByte(src, '\n')
		if j < 0 {
			return ""
		}
		src = src[j+1:]
	}
	line, _, _ := strings.Cut(src, "\n")
	return strings.TrimRight(line, "\r")
}

func (b *builder) hex(spec dsl.HexSpec) (hex.Hex, bool) {
	var h hex.Hex
	if spec.Axial {
		h = hex.Hex{Q: spec.Q, R: spec.R}
	} else {
		var err error
		if h, err = hex.Parse(spec.Number); err != nil {
			b.errorf(spec.Pos, "bad-hex", "%v", err)
			return hex.Hex{}, false
		}
	}
	col, row := h.Offset()
	if col < 1 || row < 1 || col > b.sd.Cols || row > b.sd.Rows {
		b.errorf(spec.Pos, "off-map", "hex %s is off the %d×%d map: its hexes are %s to %s (columns 01 to %02d, rows 01 to %02d)",
			h, b.sd.Cols, b.sd.Rows, hex.FromOffset(1, 1), hex.FromOffset(b.sd.Cols, b.sd.Rows), b.sd.Cols, b.sd.Rows)
		return hex.Hex{}, false
	}
	return h, true
}

func (b *builder) unit(us *dsl.UnitSpec, board *Board) *Unit {
	u := &Unit{ID: us.ID, Name: us.Name, State: "good", Hexes: 1, Marks: map[string]bool{}}
	if us.Name == "" {
		u.Name = us.ID
	}
	ok := true
	for key, pv := range us.Props {
		if len(pv.Values) == 0 {
			b.errorf(pv.Pos, "bad-property", "%s has no value", key)
			ok = false
			continue
		}
		val := pv.Values[0]
		str := func() string {
			s, isStr := val.(string)
			if !isStr || len(pv.Values) != 1 {
				b.errorf(pv.Pos, "bad-property", "%s takes one word", key)
				ok = false
			}
			return s
		}
		num := func() int {
			n, isInt := val.(int)
			if !isInt || len(pv.Values) != 1 || n < 0 {
				b.errorf(pv.Pos, "bad-property", "%s takes one whole number, 0 or more", key)
				ok = false
			}
			return n
		}
		flag := func() bool {
			f, isBool := val.(bool)
			if !isBool {
				b.errorf(pv.Pos, "bad-property", "%s is a flag: write it alone, or `: true` / `: false`", key)
				ok = false
			}
			return f
		}
		switch key {
		case "side":
			u.Side = str()
		case "nationality":
			u.Nationality = str()
		case "class":
			u.Class = str()
		case "arm":
			u.Arm = str()
		case "formation":
			u.Formation = str()
		case "state":
			u.State = str()
		case "regiment":
			u.Regiment = str()
		case "increments":
			u.Increments = num()
		case "start":
			u.Start = num()
		case "morale":
			u.Morale = num()
		case "cavalry_bonus":
			u.CavalryBonus = num()
		case "mp":
			u.MP = num()
		case "melee":
			u.Melee = num()
		case "leader":
			u.Leader = flag()
		case "tired":
			u.Tired = flag()
		case "exhausted":
			u.Exhausted = flag()
		case "moved":
			u.Moved = flag()
		default:
			// An attribute the module declares (the checker knows no other).
			if f := flag(); f {
				if u.Attrs == nil {
					u.Attrs = map[string]bool{}
				}
				u.Attrs[key] = true
			}
		case "facing":
			d, err := hex.ParseDirection(str())
			if err != nil {
				b.errorf(pv.Pos, "bad-facing", "facing is one of N, NE, SE, S, SW, NW")
				ok = false
			}
			u.Facing = d
		case "at", "at2":
			spec, isHex := val.(dsl.HexSpec)
			if !isHex {
				if n, isInt := val.(int); isInt {
					spec, isHex = dsl.HexSpec{Number: fmt.Sprintf("%04d", n), Pos: pv.Pos}, true
				}
			}
			if !isHex {
				b.errorf(pv.Pos, "bad-hex", "%s takes a hex: a map number such as 0712, or (q,r)", key)
				ok = false
				continue
			}
			h, good := b.hex(spec)
			if !good {
				ok = false
				continue
			}
			if key == "at" {
				u.Hex = h
			} else {
				u.Hex2 = &h
				u.Hexes = 2
			}
		}
	}
	// A unit type's attributes are its units' own: every unit of the class
	// has them.
	if w, found := b.mod.Word(dsl.KindClass, u.Class); found && u.Class != "" {
		for attr := range b.mod.Vocab[dsl.KindAttribute] {
			if w.Flag(attr) {
				if u.Attrs == nil {
					u.Attrs = map[string]bool{}
				}
				u.Attrs[attr] = true
			}
		}
	}
	if _, given := us.Props["mp"]; !given {
		// The checker has made sure a unit ordered to move has one or the other.
		if w, ok := b.mod.Word(dsl.KindArm, u.Arm); ok {
			u.MP = w.Int("mp", 0)
		}
	}
	if u.Formation == "" {
		b.errorf(us.Pos, "missing-property", "unit %s needs a formation", us.ID)
		ok = false
	}
	if u.Increments <= 0 {
		b.errorf(us.Pos, "missing-property", "unit %s needs increments: 1 or more", us.ID)
		ok = false
	}
	if u.Start != 0 && u.Start < u.Increments {
		b.errorf(us.Props["start"].Pos, "bad-property", "unit %s starts with %d increments and has %d: start is at least its increments", us.ID, u.Start, u.Increments)
		ok = false
	}
	if u.Hex2 != nil {
		if _, next := hex.DirectionTo(u.Hex, *u.Hex2); !next {
			b.errorf(us.Props["at2"].Pos, "bad-hex", "at2 %s is not next to at %s: a two-hex line stands in two hexes side by side", *u.Hex2, u.Hex)
			ok = false
		}
	}
	if !ok {
		return nil
	}
	return u
}

// path reads an order's path: every hex on the map, each next to the one
// before (the first next to the unit), none entered twice. The first hex of
// a charge that is not straight ahead of the charger's front draws a
// warning: the module's rules decide what becomes of it, but it is seldom
// what the scenario meant.
func (b *builder) path(o *Order, os *dsl.OrderSpec, first bool) bool {
	u := o.Unit
	from, good := u.Hex, true
	seen := map[hex.Hex]dsl.Pos{u.Hex: os.Pos}
	if !first {
		seen = map[hex.Hex]dsl.Pos{}
	}
	for i, spec := range os.Path {
		h, ok := b.hex(spec)
		if !ok {
			good = false
			continue
		}
		if !first && i == 0 {
			from = h
		} else if good {
			if _, next := hex.DirectionTo(from, h); !next {
				if i == 0 {
					b.errorf(spec.Pos, "bad-path", "path hex %s is not next to %s, where %s stands: a path starts next to its unit", h, from, u.ID)
				} else {
					b.errorf(spec.Pos, "bad-path", "path hex %s is not next to %s, the hex before it", h, from)
				}
				good = false
			} else if at, twice := seen[h]; twice {
				if at == os.Pos {
					b.errorf(spec.Pos, "bad-path", "path hex %s is where %s starts: a path goes forward and enters no hex twice", h, u.ID)
				} else {
					b.errorf(spec.Pos, "bad-path", "path hex %s is entered twice (first at %d:%d): a path goes forward", h, at.Line, at.Col)
				}
				good = false
			}
		}
		seen[h] = spec.Pos
		from = h
		o.Path = append(o.Path, h)
	}
	if first && good && o.Kind == "charge" && len(o.Path) > 0 {
		formation := u.Formation
		if o.Formation != "" && o.Step == 0 {
			formation = o.Formation
		}
		fronts := 1
		if w, ok := b.mod.Word(dsl.KindFormation, formation); ok {
			fronts = w.Int("fronts", 1)
		}
		if !hex.IsAhead(u.Hex, u.Facing, fronts, o.Path[0]) {
			ahead := hex.AheadHexes(u.Hex, u.Facing, fronts)
			names := make([]string, len(ahead))
			for i, h := range ahead {
				names[i] = h.String()
			}
			b.warnf(os.Path[0].Pos, "path-not-ahead", "the charge's first hex %s is not straight ahead of %s (facing %s in %s: %s); the module's rules will judge it",
				o.Path[0], u.ID, u.Facing, formation, strings.Join(names, " or "))
		}
	}
	if first && good && o.Kind == "charge" && o.Target != nil && len(o.Path) > 0 {
		good = b.pathToTarget(o, os)
	}
	return good
}

// pathToTarget warns of a charge's path that goes on once it is next to
// its target: contact ends a charge unless the module's rules let it ride
// on (released over a Carré, AUS-36-FORMED), so a path past its target is
// seldom what the scenario meant.
func (b *builder) pathToTarget(o *Order, os *dsl.OrderSpec) bool {
	t := o.Target
	hexes := []hex.Hex{t.Hex}
	if t.Hex2 != nil {
		hexes = append(hexes, *t.Hex2)
	}
	for i, h := range o.Path[:len(o.Path)-1] {
		for _, th := range hexes {
			if _, next := hex.DirectionTo(h, th); next {
				b.warnf(os.Path[i+1].Pos, "path-past-target", "the charge is next to its target %s at %s, but its path goes on for %d more hex(es): contact ends a charge unless the rules let it ride on, so the path should end at %s",
					t.ID, h, len(o.Path)-1-i, h)
				return true
			}
		}
	}
	return true
}

func (b *builder) warnf(pos dsl.Pos, code, format string, args ...any) {
	b.diags = append(b.diags, dsl.Diagnostic{Severity: dsl.Warning, Code: code, Pos: pos, Message: fmt.Sprintf(format, args...), Source: lineOf(b.sd.Src, pos.Line)})
}

// hexsides lays the scenario's hexside features on the board: each pair of
// hexes must be neighbours, each side named once.
func (b *builder) hexsides(board *Board) {
	first := map[hex.HexsideKey]dsl.Pos{}
	put := func(from, to hex.Hex, word string, rising bool, pos dsl.Pos) {
		k, next := hex.HexsideBetween(from, to)
		if !next {
			b.errorf(pos, "bad-hexside", "%s and %s are not neighbours, so they share no hexside", from, to)
			return
		}
		if at, twice := first[k]; twice {
			b.errorf(pos, "duplicate", "hexside %s is given twice; the first is at %d:%d", k, at.Line, at.Col)
			return
		}
		first[k] = pos
		board.SetHexside(from, to, word, rising)
	}
	for _, hs := range b.sd.Hexsides {
		for _, pair := range hs.Pairs {
			x, okX := b.hex(pair[0])
			y, okY := b.hex(pair[1])
			if okX && okY {
				put(x, y, hs.Name, false, pair[0].Pos)
			}
		}
		if hs.From == nil {
			continue
		}
		from, ok := b.hex(*hs.From)
		if !ok {
			continue
		}
		for _, name := range hs.Up {
			d, err := hex.ParseDirection(name)
			if err != nil {
				b.errorf(hs.Pos, "bad-facing", "a hexside of a hex is one of N, NE, SE, S, SW, NW")
				continue
			}
			to := from.Neighbor(d)
			if !board.OnMap(to) {
				b.errorf(hs.From.Pos, "off-map", "the %s side of %s leads off the map", d, from)
				continue
			}
			put(from, to, hs.Name, true, hs.From.Pos)
		}
	}
}

// orders finds the units of a turn's orders and reads their paths. Only the
// first turn's paths are checked against where the units stand: by a later
// turn they may have moved, and the engine halts a path that does not start
// next to its unit.
func (b *builder) orders(specs []*dsl.OrderSpec, board *Board, first bool) []*Order {
	var out []*Order
	for _, os := range specs {
		o := &Order{Kind: os.Kind, Formation: os.Formation, Step: os.Step}
		var ok bool
		if o.Unit, ok = board.Unit(os.Unit); !ok {
			continue // reported by the checker
		}
		if os.Target != "" {
			if o.Target, ok = board.Unit(os.Target); !ok {
				continue
			}
		} else if os.Kind == "charge" || os.Kind == "fire" || os.Kind == "assault" {
			b.errorf(os.Pos, "bad-order", "%s needs a target", os.Kind)
			continue
		}
		// A path goes forward hex by hex from the unit's own hex: one that
		// jumps or doubles back is a mistake in the scenario, not a halt to
		// narrate.
		good := b.path(o, os, first)
		if !good {
			continue
		}
		if !b.reachable(o, os, specs, first) {
			continue
		}
		out = append(out, o)
	}
	return out
}

// reachable refuses a fire or assault order that can never be carried out:
// at a unit of the firer's own side, or, in the first turn, where the units
// stand, at a target beyond the firer's range (fire) or not next to it
// (assault) when no order of the turn moves either of them and neither is
// cavalry (which a rule may set charging). The engine refuses the same at
// play, for orders of later turns too.
func (b *builder) reachable(o *Order, os *dsl.OrderSpec, specs []*dsl.OrderSpec, first bool) bool {
	if os.Kind != "fire" && os.Kind != "assault" {
		return true
	}
	u, t := o.Unit, o.Target
	verb := map[string]string{"fire": "fire at", "assault": "assault"}[os.Kind]
	if u == t {
		b.errorf(os.Pos, "bad-order", "%s cannot %s itself", u.ID, verb)
		return false
	}
	if u.Side == t.Side {
		b.errorf(os.Pos, "bad-order", "%s cannot %s %s: both fight for %s", u.ID, verb, t.ID, u.Side)
		return false
	}
	if !first || b.mounted(u) || b.mounted(t) {
		return true
	}
	for _, x := range specs {
		if (x.Kind == "move" || x.Kind == "charge") && (x.Unit == u.ID || x.Unit == t.ID) {
			return true
		}
	}
	d := UnitDistance(u, t)
	if os.Kind == "assault" && d > 1 {
		b.errorf(os.Pos, "bad-order", "%s cannot assault %s: they stand %d hexes apart, a melee is fought between units next to each other or in one hex, and no order of this turn moves either", u.ID, t.ID, d)
		return false
	}
	if r, ok := FireRange(b.mod, u.Arm); os.Kind == "fire" && ok && d > r {
		b.errorf(os.Pos, "bad-order", "%s cannot fire at %s: it stands %d hexes away, %s fires at most %d (arm %s's range), and no order of this turn moves either", u.ID, t.ID, d, u.Arm, r, u.Arm)
		return false
	}
	return true
}

// mounted reports whether a unit's arm is mounted (cavalry).
func (b *builder) mounted(u *Unit) bool {
	w, ok := b.mod.Word(dsl.KindArm, u.Arm)
	return ok && w.Flag("mounted")
}
