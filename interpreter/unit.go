package interpreter

import (
	"github.com/bataille/bataille/hex"
	"math"
	"sort"
	"strconv"

	"github.com/bataille/bataille/dsl"
)

// Unit is a combat formation on the board. The fields with an `expr` tag are
// what scripts read (`unit.increments`); the rest is the engine's.
type Unit struct {
	ID          string `expr:"id"`
	Name        string `expr:"name"`
	Side        string `expr:"side"`
	Nationality string `expr:"nationality" vocab:"nationality"`
	Class       string `expr:"class" vocab:"class"` // its unit type (ligne, hussars …)
	Arm         string `expr:"arm" vocab:"arm"`
	Increments  int    `expr:"increments"`
	// Start is the increments it began the battle with (the counter's
	// printed strength), and Losses those it has lost since: a scenario may
	// place a unit that has already lost some (`start: 6  increments: 4`).
	Start        int    `expr:"start"`
	Losses       int    `expr:"losses"`
	Formation    string `expr:"formation" vocab:"formation"`
	Morale       int    `expr:"morale"`              // printed morale value: low is good
	State        string `expr:"state" vocab:"state"` // a morale state of the module
	Tired        bool   `expr:"tired"`
	Exhausted    bool   `expr:"exhausted"`
	Regiment     string `expr:"regiment"`
	Leader       bool   `expr:"leader"`
	CavalryBonus int    `expr:"cavalry_bonus"`
	MP           int    `expr:"mp"`    // printed movement allowance
	Melee        int    `expr:"melee"` // printed melee value
	Hexes        int    `expr:"hexes"` // 2 for a two-hex line
	Terrain      string `expr:"terrain" vocab:"terrain"`

	Hex    hex.Hex       `expr:"-"`
	Hex2   *hex.Hex      `expr:"-"` // second hex of a two-hex line
	Facing hex.Direction `expr:"-"`
	// Vacated is the hex the unit last retreated or routed out of, nil when
	// it has not moved back: a pursuer's movement may be counted from it.
	Vacated *hex.Hex `expr:"-"`
	vacated hex.Hex  // what Vacated points to
	// Attrs are the attributes the module declares that the scenario gave
	// the unit (`elite`); scripts read them with has(unit, "elite").
	Attrs map[string]bool `expr:"-"`
	// Marks are named flags rules set and read (`mark(unit, "rallied")`),
	// so that a battle can keep state the engine does not know about.
	Marks map[string]bool `expr:"-"`

	// flags are the flags procedures keep on it this turn, by bit
	// (DeclareUnitFlag).
	flags uint32
	// tiedTo is the unit whose results this one shares this turn
	// (ShareResult).
	tiedTo *Unit
	// prev is the hex the unit last moved from (hasPrev: it has moved).
	prev    hex.Hex
	hasPrev bool
	// mpSpent is what the unit has spent of its movement allowance in this
	// turn's movement phase (moves and formation changes), whole or not
	// (a road's half point), as the bits of a float64 (math.Float64bits):
	// a unit holds no float, so that two looks at one unit always compare
	// equal in expressions (a struct with a float may hold a NaN, and the
	// closures then compare units field by field).
	mpSpent uint64
	// entered is the hex the unit last moved into this turn (hasEntered:
	// it has moved this turn): leaving it again, the unit has passed
	// through the friends standing there (PassedBy).
	entered    hex.Hex
	hasEntered bool

	board *Board
	memo  *unitMemo // words looked up (Engine.unitWord); nil until placed
}

// Has reports whether the unit has an attribute the module declares
// (elite, or any the base declares): scripts read it as a field, `unit.elite`.
func (u *Unit) Has(attr string) bool { return u.Attrs[attr] }

// Marked reports whether a rule set the named mark; a unit that has
// none is answered without a call into the map.
func (u *Unit) Marked(name string) bool { return len(u.Marks) > 0 && u.Marks[name] }

// Board is the map and everything on it.
type Board struct {
	Cols, Rows int
	Default    string
	Terrain    map[hex.Hex]string
	Road       map[hex.Hex]bool
	// Hexsides are the features along hexsides (streams, hedges, slopes),
	// by the hexside's canonical key.
	Hexsides  map[hex.HexsideKey]HexsideFeature
	Units     []*Unit // in scenario order; removed units stay with 0 increments
	byID      map[string]*Unit
	blocksLOS map[string]bool
	// defaultBlocks is blocksLOS of the default terrain, set with it (New).
	defaultBlocks bool
	wallsLOS      map[string]bool // hexside words that block line of sight
	// Armies are the values each side keeps through the battle (the
	// module's `army` words) that a rule or the scenario set, by side then
	// name; a value never set is its word's start.
	Armies map[string]map[string]int
	module *dsl.Module // for functions that read the vocabulary
	meter  *meter      // the cost meter of the engine playing on the board
	track  *Track      // where units stand and looks reach, when a program asks (lanes.go)
}

// Module is the rules module the board is played under (set by New).
func (b *Board) Module() *dsl.Module { return b.module }

// Board is the board a unit stands on.
func (u *Unit) Board() *Board { return u.board }

// NewBoard makes an empty board of the given size and default terrain.
func NewBoard(cols, rows int, terrain string) *Board {
	return &Board{Cols: cols, Rows: rows, Default: terrain, Terrain: map[hex.Hex]string{}, Road: map[hex.Hex]bool{}, Hexsides: map[hex.HexsideKey]HexsideFeature{}, byID: map[string]*Unit{}, blocksLOS: map[string]bool{}, wallsLOS: map[string]bool{}}
}

// Place puts a unit on the board.
func (b *Board) Place(u *Unit) {
	u.board = b
	if u.memo == nil {
		u.memo = &unitMemo{}
	}
	if u.Marks == nil {
		u.Marks = map[string]bool{}
	}
	u.Terrain = b.TerrainAt(u.Hex)
	if u.Start < u.Increments {
		u.Start = u.Increments
	}
	u.Losses = u.Start - u.Increments
	b.Units = append(b.Units, u)
	b.byID[u.ID] = u
}

// Army is a side's value of an army word: what a rule or the scenario
// set, else the word's start (0 for a name the module does not declare).
func (b *Board) Army(side, name string) int {
	if n, ok := b.Armies[side][name]; ok {
		return n
	}
	if b.module != nil {
		if w, ok := b.module.Word(dsl.KindArmy, name); ok {
			return w.Int("start", 0)
		}
	}
	return 0
}

// setArmy stores a side's value.
func (b *Board) setArmy(side, name string, n int) {
	if b.Armies == nil {
		b.Armies = map[string]map[string]int{}
	}
	if b.Armies[side] == nil {
		b.Armies[side] = map[string]int{}
	}
	b.Armies[side][name] = n
}

// Unit finds a unit by id.
func (b *Board) Unit(id string) (*Unit, bool) {
	u, ok := b.byID[id]
	return u, ok
}

// TerrainAt is the terrain of a hex.
func (b *Board) TerrainAt(h hex.Hex) string {
	if t, ok := b.Terrain[h]; ok {
		return t
	}
	return b.Default
}

// Fits reports whether u may stand with its (first) hex at h: h and, for a
// two-hex line, its second hex moved alongside, are on the map.
func (b *Board) Fits(u *Unit, h hex.Hex) bool {
	if !b.OnMap(h) {
		return false
	}
	if u.Hex2 != nil {
		return b.OnMap(u.Hex2.Add(h.Sub(u.Hex)))
	}
	return true
}

// OnMap reports whether a hex lies on the map.
func (b *Board) OnMap(h hex.Hex) bool { return b.Map().Contains(h) }

// Map is the board's extent, for the hex package's map arithmetic.
func (b *Board) Map() hex.Map { return hex.Map{Cols: b.Cols, Rows: b.Rows} }

// At lists the units in a hex (either hex of a two-hex line), in board order.
func (b *Board) At(h hex.Hex) []*Unit { return b.AppendAt(nil, h) }

// AppendAt appends the units in a hex to dst, as At lists them, and
// returns the extended slice: a caller that reads them and lets go gives
// it a buffer of its own stack, so a hook's look at a stack allocates
// nothing.
func (b *Board) AppendAt(dst []*Unit, h hex.Hex) []*Unit {
	b.Spend(1 + len(b.Units))
	for _, u := range b.Units {
		if u.Increments > 0 && u.Occupies(h) {
			dst = append(dst, u)
		}
	}
	return dst
}

// EnemyIn reports whether a unit of another side than u's, still on the
// board, stands in h.
func (b *Board) enemyIn(u *Unit, h hex.Hex) bool {
	b.Spend(1 + len(b.Units))
	for _, x := range b.Units {
		if x.Side != u.Side && x.Increments > 0 && x.Occupies(h) {
			return true
		}
	}
	return false
}

// EnemyAt reports whether u, standing with its (first) hex at h, would
// share a hex with an enemy: h or, for a two-hex line, its second hex moved
// alongside.
func (b *Board) EnemyAt(u *Unit, h hex.Hex) bool {
	if b.enemyIn(u, h) {
		return true
	}
	return u.Hex2 != nil && b.enemyIn(u, u.Hex2.Add(h.Sub(u.Hex)))
}

// occupied reports whether any unit still on the board stands in h.
func (b *Board) occupied(h hex.Hex) bool {
	b.Spend(1 + len(b.Units))
	for _, u := range b.Units {
		if u.Increments > 0 && u.Occupies(h) {
			return true
		}
	}
	return false
}

// Occupies reports whether h is the unit's hex, or the second of a
// two-hex line.
func (u *Unit) Occupies(h hex.Hex) bool {
	return u.Hex == h || (u.Hex2 != nil && *u.Hex2 == h)
}

// ArmWord is the word of the module's arms that the unit's arm names, as
// FormationWord is its formation's; false for a unit on no board or with
// no such word.
func (u *Unit) ArmWord() (*dsl.VocabDef, bool) {
	if u.board == nil || u.board.module == nil {
		return nil, false
	}
	return u.word(u.board.module, wordArm)
}

// StateWord is the word of the module's morale states that the unit's
// state names, as ArmWord.
func (u *Unit) StateWord() (*dsl.VocabDef, bool) {
	if u.board == nil || u.board.module == nil {
		return nil, false
	}
	return u.word(u.board.module, wordState)
}

// Spread lists the hexes the unit stands in: its hex, and a two-hex
// line's second.
func (u *Unit) Spread() []hex.Hex { return u.hexes() }

// MPSpent is what the unit has spent of its movement allowance in this
// turn's movement phase (moves and formation changes).
func (u *Unit) MPSpent() float64 { return math.Float64frombits(u.mpSpent) }

// SetMPSpent sets what the unit has spent of its movement allowance.
func (u *Unit) SetMPSpent(n float64) { u.mpSpent = math.Float64bits(n) }

// MPLeft is what the unit has left of its movement allowance in this
// turn's movement phase (never below 0).
func (u *Unit) MPLeft() float64 { return max(float64(u.MP)-u.MPSpent(), 0) }

// MPText writes movement points as the charts print them: a whole number
// as one ("3"), a fraction with its decimals ("0.5", "2.5").
func MPText(x float64) string { return strconv.FormatFloat(x, 'f', -1, 64) }

// CameFrom is the hex the unit last moved from, and whether it has moved.
func (u *Unit) CameFrom() (hex.Hex, bool) { return u.prev, u.hasPrev }

// MoveTo puts the unit in a hex, keeping its terrain up to date and the
// hex it came from (where a unit that must leave an enemy's hex goes back).
func (u *Unit) MoveTo(h hex.Hex) {
	if h != u.Hex {
		if u.board != nil && u.hasEntered && u.entered == u.Hex {
			u.board.passThrough(u)
		}
		u.prev, u.hasPrev = u.Hex, true
		u.entered, u.hasEntered = h, true
	}
	if u.Hex2 != nil {
		d := h.Sub(u.Hex)
		h2 := u.Hex2.Add(d)
		u.Hex2 = &h2
	}
	u.Hex = h
	if u.board != nil {
		u.Terrain = u.board.TerrainAt(h)
		if u.board.track != nil {
			u.board.track.stand(u)
		}
	}
}

// Spot is where a unit stands and how it came there: its hexes, its
// facing and the hexes it last moved from and into this turn. A move taken
// back (a stacking limit at its end) returns the unit to the Spot it began
// in.
type Spot struct {
	hex, hex2         hex.Hex
	line              bool
	facing            hex.Direction
	terrain           string
	prev, entered     hex.Hex
	hasPrev, hasEnter bool
}

// Hex is the hex of the spot (a two-hex line's first).
func (s Spot) Hex() hex.Hex { return s.hex }

// Where is the spot the unit stands in now.
func (u *Unit) Where() Spot {
	s := Spot{hex: u.Hex, facing: u.Facing, terrain: u.Terrain, prev: u.prev, hasPrev: u.hasPrev, entered: u.entered, hasEnter: u.hasEntered}
	if u.Hex2 != nil {
		s.hex2, s.line = *u.Hex2, true
	}
	return s
}

// Return puts the unit back in a spot it stood in (Where): what it did on
// the way (friends passed through, marks set) stands.
func (u *Unit) Return(s Spot) {
	u.Hex, u.Facing, u.Terrain = s.hex, s.facing, s.terrain
	u.prev, u.hasPrev, u.entered, u.hasEntered = s.prev, s.hasPrev, s.entered, s.hasEnter
	u.Hex2 = nil
	if s.line {
		h2 := s.hex2
		u.Hex2 = &h2
	}
	if u.board != nil && u.board.track != nil {
		u.board.track.stand(u)
	}
}

// Gather draws a unit that stands in two hexes into its first (its `at`):
// a two-hex line that takes a formation of one hex. A unit in one hex is
// left as it is.
func (u *Unit) Gather() {
	if u.Hex2 != nil {
		u.Hex2, u.Hexes = nil, 1
	}
}

// passedMark is the mark a unit has when a friend in the given
// morale state passed through its hex this turn (PassedBy).
func passedMark(state string) string { return "passed_by:" + state }

// passThrough records that u, leaving the hex it entered this turn, passed
// through the friends standing in it: each is marked with u's morale
// state, for the rest of the turn. A friend that came into the hex from
// the hex u came from moves with u (a stack moving or retreating as
// one) and is not passed through.
func (b *Board) passThrough(u *Unit) {
	b.Spend(1 + len(b.Units))
	for _, x := range b.Units {
		if x == u || x.Side != u.Side || x.Increments <= 0 || !standsIn(x, u.Hex) {
			continue
		}
		if x.hasEntered && x.entered == u.Hex && x.hasPrev && u.hasPrev && x.prev == u.prev {
			continue
		}
		if x.Marks == nil {
			x.Marks = map[string]bool{}
		}
		x.Marks[passedMark(u.State)] = true
	}
}

// standsIn reports whether x stands in h (either hex of a two-hex line).
func standsIn(x *Unit, h hex.Hex) bool { return x.Hex == h || (x.Hex2 != nil && *x.Hex2 == h) }

// PassedBy reports whether a friend in the given morale state passed
// through the unit's hex this turn (entered it and left it again).
func (u *Unit) PassedBy(state string) bool { return u.Marked(passedMark(state)) }

// Stack is the units of u's side still on the board in u's hex (either
// hex of a two-hex line), u first.
func Stack(u *Unit) []*Unit {
	out := []*Unit{u}
	if u.board == nil {
		return out
	}
	u.board.Spend(1 + len(u.board.Units))
	for _, x := range u.board.Units {
		if x == u || x.Side != u.Side || x.Increments <= 0 {
			continue
		}
		if standsIn(x, u.Hex) || (u.Hex2 != nil && standsIn(x, *u.Hex2)) {
			out = append(out, x)
		}
	}
	return out
}

// Adjacent is the units of either side still on the board next to u (one
// hex from it, the nearer hex of a two-hex line), in board order.
func Adjacent(u *Unit) []*Unit {
	if u.board == nil {
		return nil
	}
	u.board.Spend(1 + len(u.board.Units))
	var out []*Unit
	for _, x := range u.board.Units {
		if x != u && x.Increments > 0 && UnitDistance(u, x) == 1 {
			out = append(out, x)
		}
	}
	return out
}

// Blocked reports whether a hex blocks line of sight: its terrain does, or
// units stand in it.
func (b *Board) Blocked(h hex.Hex) bool {
	b.Spend(1 + len(b.Units))
	return b.terrainBlocks(h) || b.occupied(h)
}

// terrainBlocks reports whether the terrain of h blocks line of sight,
// without looking up the default terrain's word for every open hex.
func (b *Board) terrainBlocks(h hex.Hex) bool {
	if len(b.blocksLOS) == 0 {
		return false
	}
	if len(b.Terrain) > 0 {
		if t, ok := b.Terrain[h]; ok {
			return b.blocksLOS[t]
		}
	}
	return b.defaultBlocks
}

// Enemies lists the units of other sides still on the board, by id.
func (b *Board) Enemies(of *Unit) []*Unit {
	b.Spend(1 + len(b.Units))
	var out []*Unit
	for _, u := range b.Units {
		if u.Side != of.Side && u.Increments > 0 {
			out = append(out, u)
		}
	}
	sortUnits(out)
	return out
}

func sortUnits(us []*Unit) {
	sort.Slice(us, func(i, j int) bool { return us[i].ID < us[j].ID })
}

// Distance between two units, taking the nearer hex of a two-hex line.
func UnitDistance(a, b *Unit) int {
	if a.Hex2 == nil && b.Hex2 == nil {
		return hex.Distance(a.Hex, b.Hex)
	}
	return hex.Nearest(a.hexes(), b.hexes())
}

func (u *Unit) hexes() []hex.Hex {
	if u.Hex2 != nil {
		return []hex.Hex{u.Hex, *u.Hex2}
	}
	return []hex.Hex{u.Hex}
}

// LOS reports whether a can see b: no blocking hex between them, and no
// blocking hexside (a hedge, a wall) crossed on the way. It is
// LineOfSight(Blocked) && !LineCrosses(wall) walking the line once, and
// counts what that does: Blocked's cost for each hex between, up to the
// first that blocks.
func LOS(a, b *Unit) bool {
	bd := a.board
	if bd == nil {
		return true
	}
	w := hex.NewLineWalk(a.Hex, b.Hex)
	n := w.Len()
	if n <= 1 {
		return true
	}
	if bd.track != nil {
		bd.Reach(hex.Distance(a.Hex, b.Hex))
	}
	walls := len(bd.wallsLOS) > 0 && len(bd.Hexsides) > 0
	crossed := false
	prev, _ := w.Next()
	for i := 1; i <= n; i++ {
		h, _ := w.Next()
		if i < n && bd.Blocked(h) {
			return false
		}
		if walls && !crossed {
			if k, next := hex.HexsideBetween(prev, h); next && bd.wall(k) {
				crossed = true
			}
		}
		prev = h
	}
	return !crossed
}

// HexsideFeature is what runs along a hexside: a word of the module's
// hexside vocabulary, and for a slope the hex it rises toward.
type HexsideFeature struct {
	Word string
	// High is the upper hex when the ground rises across the hexside.
	High   hex.Hex
	Rising bool
}

// SetHexside puts a feature along the hexside between two neighbours; with
// rising, the ground goes up from `from` to `to`.
func (b *Board) SetHexside(from, to hex.Hex, word string, rising bool) bool {
	k, ok := hex.HexsideBetween(from, to)
	if !ok {
		return false
	}
	b.Hexsides[k] = HexsideFeature{Word: word, High: to, Rising: rising}
	return true
}

// HexsideAt is the feature along the hexside between two hexes: "" when
// there is none or they are not neighbours.
func (b *Board) HexsideAt(x, y hex.Hex) HexsideFeature {
	if len(b.Hexsides) == 0 {
		return HexsideFeature{}
	}
	k, ok := hex.HexsideBetween(x, y)
	if !ok {
		return HexsideFeature{}
	}
	return b.Hexsides[k]
}

// Uphill reports whether going from x to its neighbour y climbs a slope.
func (b *Board) Uphill(x, y hex.Hex) bool {
	f := b.HexsideAt(x, y)
	return f.Rising && f.High == y
}

func (b *Board) wall(k hex.HexsideKey) bool {
	return len(b.wallsLOS) > 0 && b.wallsLOS[b.Hexsides[k].Word]
}

// Across is the hexside feature between two units: the first pair of their
// hexes (a two-hex line has two) that are neighbours and part by a feature,
// or "" when none does or they are not next to each other.
func Across(a, b *Unit) string {
	if a.board == nil {
		return ""
	}
	for _, x := range a.hexes() {
		for _, y := range b.hexes() {
			if f := a.board.HexsideAt(x, y); f.Word != "" {
				return f.Word
			}
		}
	}
	return ""
}

// UphillOf reports whether a, attacking or moving into b, climbs: the ground
// rises across a hexside from one of a's hexes to one of b's.
func UphillOf(a, b *Unit) bool {
	if a.board == nil {
		return false
	}
	for _, x := range a.hexes() {
		for _, y := range b.hexes() {
			if a.board.Uphill(x, y) {
				return true
			}
		}
	}
	return false
}
