package dsl

import (
	"fmt"
	"strings"

	"github.com/bataille/bataille/hex"
)

// Layout is a scenario's board as the checker read it with package hex:
// every hex resolved and on the map, every hexside between neighbours,
// every unit placed and every path whole. The engine builds its board from
// it and validates nothing again.
type Layout struct {
	Map      hex.Map
	Terrain  []LaidTerrain // in the order written
	Hexsides []LaidHexside // in the order written
	// Units holds the units that are placed: a unit with a fault in its
	// lines is missing.
	Units map[*UnitSpec]Placed
	// Paths holds each order that can be given, with its path read: an
	// order with a fault is missing.
	Paths map[*OrderSpec][]hex.Hex
	// Diags are what the check found, errors and warnings: the checker
	// reports a scenario's; a test's set-up reports its own when it is
	// played.
	Diags Diagnostics
	// of and under are the scenario laid out and the module whose words
	// it was checked against.
	of    *ScenarioDef
	under *Module
}

// For reports whether the layout is sd's as checked against mod: a copy
// of a scenario edited by a program, or a scenario played under another
// module's words (a base's scenario in a game, `simulate --rules`), is
// laid out again.
func (l *Layout) For(mod *Module, sd *ScenarioDef) bool {
	return l != nil && l.of == sd && l.under == mod
}

// LaidTerrain is a terrain (or a road) in one hex.
type LaidTerrain struct {
	Hex  hex.Hex
	Word string
	Road bool
}

// LaidHexside is a feature along the hexside between two neighbours; with
// Rising the ground goes up from From to To.
type LaidHexside struct {
	From, To hex.Hex
	Word     string
	Rising   bool
}

// Placed is where a unit stands and what it faces.
type Placed struct {
	At     hex.Hex
	At2    *hex.Hex // the second hex of a two-hex line
	Facing hex.Direction
}

// CheckScenario checks a scenario's geometry against mod (its hexes on its
// map, its hexsides between neighbours, its units' properties, facings and
// two-hex lines, its orders' paths unbroken and their targets in reach) and
// lays out its board. The checker calls it for every scenario and test
// set-up it reads, and keeps the layout on the scenario; a program that
// edits a checked scenario in place calls it again (a copy is laid out
// again when it is built, see Layout.For). It does not change sd.
func CheckScenario(mod *Module, sd *ScenarioDef) (*Layout, Diagnostics) {
	g := &geo{mod: mod, sd: sd, lay: &Layout{Map: hex.Map{Cols: sd.Cols, Rows: sd.Rows},
		Units: map[*UnitSpec]Placed{}, Paths: map[*OrderSpec][]hex.Hex{}, of: sd, under: mod}, units: map[string]*placedUnit{}}
	for _, hs := range sd.Terrain {
		for _, spec := range hs.Hexes {
			if h, ok := g.hex(spec); ok {
				g.lay.Terrain = append(g.lay.Terrain, LaidTerrain{Hex: h, Word: hs.Terrain, Road: hs.Kind == "road"})
			}
		}
	}
	g.hexsides()
	for _, us := range sd.Units {
		g.unit(us)
	}
	g.orders(sd.Orders, true)
	for _, ts := range sd.Turns {
		g.orders(ts.Orders, false)
	}
	g.lay.Diags = g.diags
	return g.lay, g.diags
}

// geo is the working state of CheckScenario.
type geo struct {
	mod   *Module
	sd    *ScenarioDef
	lay   *Layout
	diags Diagnostics
	// units are the placed units by id, as the board will hold them.
	units map[string]*placedUnit
}

// placedUnit is what the orders' checks read of a placed unit.
type placedUnit struct {
	id, side, arm, formation string
	at                       hex.Hex
	at2                      *hex.Hex
	facing                   hex.Direction
}

func (p *placedUnit) hexes() []hex.Hex {
	if p.at2 != nil {
		return []hex.Hex{p.at, *p.at2}
	}
	return []hex.Hex{p.at}
}

func (g *geo) errorf(pos Pos, code, format string, args ...any) {
	g.diags = append(g.diags, diagAt(g.sd.Src, pos, Error, code, format, args...))
}

func (g *geo) warnf(pos Pos, code, format string, args ...any) {
	g.diags = append(g.diags, diagAt(g.sd.Src, pos, Warning, code, format, args...))
}

// hex reads a hex as written and makes sure it is on the map.
func (g *geo) hex(spec HexSpec) (hex.Hex, bool) {
	var h hex.Hex
	if spec.Axial {
		h = hex.Hex{Q: spec.Q, R: spec.R}
	} else {
		var err error
		if h, err = hex.Parse(spec.Number); err != nil {
			g.errorf(spec.Pos, "bad-hex", "%v", err)
			return hex.Hex{}, false
		}
	}
	if m := g.lay.Map; !m.Contains(h) {
		g.errorf(spec.Pos, "off-map", "hex %s is off the %d×%d map: its hexes are %s to %s (columns 01 to %02d, rows 01 to %02d)",
			h, m.Cols, m.Rows, m.First(), m.Last(), m.Cols, m.Rows)
		return hex.Hex{}, false
	}
	return h, true
}

// hexsides reads the scenario's hexside features: each pair of hexes must
// be neighbours, each side named once.
func (g *geo) hexsides() {
	first := map[hex.HexsideKey]Pos{}
	put := func(from, to hex.Hex, word string, rising bool, pos Pos) {
		k, next := hex.HexsideBetween(from, to)
		if !next {
			g.errorf(pos, "bad-hexside", "%s and %s are not neighbours, so they share no hexside", from, to)
			return
		}
		if at, twice := first[k]; twice {
			g.errorf(pos, "duplicate", "hexside %s is given twice; the first is at %d:%d", k, at.Line, at.Col)
			return
		}
		first[k] = pos
		g.lay.Hexsides = append(g.lay.Hexsides, LaidHexside{From: from, To: to, Word: word, Rising: rising})
	}
	for _, hs := range g.sd.Hexsides {
		for _, pair := range hs.Pairs {
			x, okX := g.hex(pair[0])
			y, okY := g.hex(pair[1])
			if okX && okY {
				put(x, y, hs.Name, false, pair[0].Pos)
			}
		}
		if hs.From == nil {
			continue
		}
		from, ok := g.hex(*hs.From)
		if !ok {
			continue
		}
		for _, name := range hs.Up {
			d, err := hex.ParseDirection(name)
			if err != nil {
				g.errorf(hs.Pos, "bad-facing", "a hexside of a hex is one of N, NE, SE, S, SW, NW")
				continue
			}
			to := from.Neighbor(d)
			if !g.lay.Map.Contains(to) {
				g.errorf(hs.From.Pos, "off-map", "the %s side of %s leads off the map", d, from)
				continue
			}
			put(from, to, hs.Name, true, hs.From.Pos)
		}
	}
}

// unit checks a unit's properties (each of the kind it takes), its hexes
// and its facing, and places it when they are sound.
func (g *geo) unit(us *UnitSpec) {
	p := &placedUnit{id: us.ID}
	var placed Placed
	ok := true
	increments, start := 0, 0
	for _, key := range sortedKeys(us.Props) {
		pv := us.Props[key]
		if len(pv.Values) == 0 {
			g.errorf(pv.Pos, "bad-property", "%s has no value", key)
			ok = false
			continue
		}
		val := pv.Values[0]
		str := func() string {
			s, isStr := val.(string)
			if !isStr || len(pv.Values) != 1 {
				g.errorf(pv.Pos, "bad-property", "%s takes one word", key)
				ok = false
			}
			return s
		}
		num := func() int {
			n, isInt := val.(int)
			if !isInt || len(pv.Values) != 1 || n < 0 {
				g.errorf(pv.Pos, "bad-property", "%s takes one whole number, 0 or more", key)
				ok = false
			}
			return n
		}
		flag := func() {
			if _, isBool := val.(bool); !isBool {
				g.errorf(pv.Pos, "bad-property", "%s is a flag: write it alone, or `: true` / `: false`", key)
				ok = false
			}
		}
		prop, _ := g.mod.Env.UnitProp(key)
		switch prop.What {
		case "word":
			s := str()
			switch key {
			case "side":
				p.side = s
			case "arm":
				p.arm = s
			case "formation":
				p.formation = s
			}
		case "count":
			n := num()
			switch key {
			case "increments":
				increments = n
			case "start":
				start = n
			}
		case "facing":
			d, err := hex.ParseDirection(str())
			if err != nil {
				g.errorf(pv.Pos, "bad-facing", "facing is one of N, NE, SE, S, SW, NW")
				ok = false
			}
			placed.Facing = d
		case "hex":
			spec, isHex := val.(HexSpec)
			if !isHex {
				if n, isInt := val.(int); isInt {
					spec, isHex = HexSpec{Number: fmt.Sprintf("%04d", n), Pos: pv.Pos}, true
				}
			}
			if !isHex {
				g.errorf(pv.Pos, "bad-hex", "%s takes a hex: a map number such as 0712, or (q,r)", key)
				ok = false
				continue
			}
			h, good := g.hex(spec)
			if !good {
				ok = false
				continue
			}
			if key == "at" {
				placed.At = h
			} else {
				placed.At2 = &h
			}
		default:
			// a flag, or an attribute the module declares (the checker
			// knows no other)
			flag()
		}
	}
	if p.formation == "" {
		g.errorf(us.Pos, "missing-property", "unit %s needs a formation", us.ID)
		ok = false
	}
	if increments <= 0 {
		g.errorf(us.Pos, "missing-property", "unit %s needs increments: 1 or more", us.ID)
		ok = false
	}
	if start != 0 && start < increments {
		g.errorf(us.Props["start"].Pos, "bad-property", "unit %s starts with %d increments and has %d: start is at least its increments", us.ID, start, increments)
		ok = false
	}
	if placed.At2 != nil && !hex.Adjacent(placed.At, *placed.At2) {
		g.errorf(us.Props["at2"].Pos, "bad-hex", "at2 %s is not next to at %s: a two-hex line stands in two hexes side by side", *placed.At2, placed.At)
		ok = false
	}
	if !ok {
		return
	}
	p.at, p.at2, p.facing = placed.At, placed.At2, placed.Facing
	g.lay.Units[us] = placed
	g.units[us.ID] = p
}

// orders checks a turn's orders: their units and targets placed, their
// paths whole, their targets in reach. Only the first turn's paths are
// checked against where the units stand: by a later turn they may have
// moved, and the engine halts a path that does not start next to its unit.
func (g *geo) orders(specs []*OrderSpec, first bool) {
	for _, os := range specs {
		u, ok := g.units[os.Unit]
		if !ok {
			continue // reported by the checker
		}
		k := g.mod.Env.Order(os.Kind)
		if k == nil {
			continue // reported by the checker
		}
		var t *placedUnit
		if os.Target != "" {
			if t, ok = g.units[os.Target]; !ok {
				continue
			}
		} else if k.Target {
			continue // reported by the checker
		}
		// A path goes forward hex by hex from the unit's own hex: one that
		// jumps or doubles back is a mistake in the scenario, not a halt to
		// narrate.
		path, good := g.path(u, t, os, k, first)
		if !good || !g.reachable(u, t, os, k, specs, first) {
			continue
		}
		g.lay.Paths[os] = path
	}
}

// path reads an order's path: every hex on the map, each next to the one
// before (the first next to the unit), none entered twice. The first hex of
// a charge that is not straight ahead of the charger's front draws a
// warning: the module's rules decide what becomes of it, but it is seldom
// what the scenario meant.
func (g *geo) path(u, t *placedUnit, os *OrderSpec, k *OrderKind, first bool) ([]hex.Hex, bool) {
	// Every hex is read (and reported when it cannot be); the path is
	// walked up to its first hex that could not be.
	path := make([]hex.Hex, 0, len(os.Path))
	whole := true
	for _, spec := range os.Path {
		h, ok := g.hex(spec)
		if !ok {
			whole = false
			continue
		}
		if whole {
			path = append(path, h)
		}
	}
	if br := g.pathBreaks(u, path, first); br != nil {
		g.pathBreak(u, os, path, *br)
		return nil, false
	}
	if !whole {
		return nil, false
	}
	if first && len(path) > 0 {
		if k.Ahead {
			g.ahead(u, os, path)
		}
		if k.ContactEnds && t != nil {
			g.pastTarget(t, os, path)
		}
	}
	return path, true
}

// pathBreaks finds where a path stops going forward: from the unit's hex
// in the first turn, from the path's own first hex later.
func (g *geo) pathBreaks(u *placedUnit, path []hex.Hex, first bool) *hex.PathBreak {
	start, rest, off := u.at, path, 0
	if !first {
		if len(path) == 0 {
			return nil
		}
		start, rest, off = path[0], path[1:], 1
	}
	br, broken := hex.CheckPath(start, rest)
	if !broken {
		return nil
	}
	br.At += off
	if br.First >= 0 {
		br.First += off
	} else if !first && !br.Jump {
		br.First = 0 // the path's own first hex
	}
	return &br
}

// pathBreak reports where a path stops going forward.
func (g *geo) pathBreak(u *placedUnit, os *OrderSpec, path []hex.Hex, br hex.PathBreak) {
	spec := os.Path[br.At]
	h := path[br.At]
	switch {
	case br.Jump && br.At == 0:
		g.errorf(spec.Pos, "bad-path", "path hex %s is not next to %s, where %s stands: a path starts next to its unit", h, u.at, u.id)
	case br.Jump:
		g.errorf(spec.Pos, "bad-path", "path hex %s is not next to %s, the hex before it", h, path[br.At-1])
	case br.First < 0:
		g.errorf(spec.Pos, "bad-path", "path hex %s is where %s starts: a path goes forward and enters no hex twice", h, u.id)
	default:
		at := os.Path[br.First].Pos
		g.errorf(spec.Pos, "bad-path", "path hex %s is entered twice (first at %d:%d): a path goes forward", h, at.Line, at.Col)
	}
}

// ahead warns of a charge whose first hex is not straight ahead of the
// charger's front, in the formation it charges in.
func (g *geo) ahead(u *placedUnit, os *OrderSpec, path []hex.Hex) {
	formation := u.formation
	if os.Formation != "" && os.Step == 0 {
		formation = os.Formation
	}
	fronts := 1
	if w, ok := g.mod.Word(KindFormation, formation); ok {
		fronts = w.Int("fronts", 1)
	}
	if hex.IsAhead(u.at, u.facing, fronts, path[0]) {
		return
	}
	ahead := hex.AheadHexes(u.at, u.facing, fronts)
	names := make([]string, len(ahead))
	for i, h := range ahead {
		names[i] = h.String()
	}
	g.warnf(os.Path[0].Pos, "path-not-ahead", "the %s's first hex %s is not straight ahead of %s (facing %s in %s: %s); the module's rules will judge it",
		os.Kind, path[0], u.id, u.facing, formation, strings.Join(names, " or "))
}

// pastTarget warns of a charge's path that goes on once it is next to its
// target: contact ends a charge unless the module's rules let it ride on
// (released over a Carré, AUS-36-FORMED), so a path past its target is
// seldom what the scenario meant.
func (g *geo) pastTarget(t *placedUnit, os *OrderSpec, path []hex.Hex) {
	for i, h := range path[:len(path)-1] {
		for _, th := range t.hexes() {
			if hex.Adjacent(h, th) {
				g.warnf(os.Path[i+1].Pos, "path-past-target", "the %s is next to its target %s at %s, but its path goes on for %d more hex(es): contact ends a %s unless the rules let it ride on, so the path should end at %s",
					os.Kind, t.id, h, len(path)-1-i, os.Kind, h)
				return
			}
		}
	}
}

// reachable refuses an order at an enemy (the kind is Hostile: a fire, an
// assault) that can never be carried out: at a unit of its own side, or,
// in the first turn, where the units stand, at a target out of its reach
// (beyond the firer's range, not next to the assaulting unit) when no
// order of the turn moves either of them and neither is mounted (which a
// rule may set charging). The engine refuses the same at play, for orders
// of later turns too.
func (g *geo) reachable(u, t *placedUnit, os *OrderSpec, k *OrderKind, specs []*OrderSpec, first bool) bool {
	if !k.Hostile {
		return true
	}
	if u == t {
		g.errorf(os.Pos, "bad-order", "%s cannot %s itself", u.id, k.Verb)
		return false
	}
	if u.side == t.side {
		g.errorf(os.Pos, "bad-order", "%s cannot %s %s: both fight for %s", u.id, k.Verb, t.id, u.side)
		return false
	}
	if !first || g.mounted(u) || g.mounted(t) {
		return true
	}
	for _, x := range specs {
		if xk := g.mod.Env.Order(x.Kind); xk != nil && xk.Moves && (x.Unit == u.id || x.Unit == t.id) {
			return true
		}
	}
	d := hex.Nearest(u.hexes(), t.hexes())
	if k.Reach > 0 && d > k.Reach {
		g.errorf(os.Pos, "bad-order", "%s cannot %s %s: they stand %d hexes apart, %s, and no order of this turn moves either", u.id, k.Verb, t.id, d, k.ReachWhy)
		return false
	}
	if r, ok := g.armRange(u.arm, k.Range); ok && d > r {
		g.errorf(os.Pos, "bad-order", "%s cannot %s %s: it stands %d hexes away, %s %s at most %d (arm %s's %s), and no order of this turn moves either", u.id, k.Verb, t.id, d, u.arm, k.RangeVerb, r, u.arm, k.Range)
		return false
	}
	return true
}

// armRange is an arm's range property (a fire's `range`), in hexes, and
// whether the arm gives one.
func (g *geo) armRange(arm, prop string) (int, bool) {
	if prop == "" {
		return 0, false
	}
	w, ok := g.mod.Word(KindArm, arm)
	if !ok {
		return 0, false
	}
	if _, has := w.Props[prop]; !has {
		return 0, false
	}
	return w.Int(prop, 0), true
}

// mounted reports whether a unit's arm is mounted (cavalry).
func (g *geo) mounted(u *placedUnit) bool {
	w, ok := g.mod.Word(KindArm, u.arm)
	return ok && w.Flag("mounted")
}
