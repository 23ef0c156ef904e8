package interpreter

import (
	"github.com/bataille/bataille/hex"

	"github.com/bataille/bataille/dsl"
)

// What procedures read of the board and its units: hexes as scripts see
// them, the words a unit's formation, arm and state name, the enemies of
// a unit, the way toward a hex, the hexside crossed between two hexes.

// Cell describes a hex for scripts. The hexes of the map are kept in a
// slice by their place on it, which a procedure reads at every step; hexes off
// the map in a map.
func (e *Engine) Cell(h hex.Hex) *Cell {
	b := e.Board
	if col, row := h.Offset(); col >= 1 && col <= b.Cols && row >= 1 && row <= b.Rows {
		i := (col-1)*b.Rows + row - 1
		if len(e.grid) != b.Cols*b.Rows {
			e.grid = make([]*Cell, b.Cols*b.Rows)
		}
		if e.grid[i] == nil {
			e.grid[i] = e.newCell(h)
		}
		return e.grid[i]
	}
	if c, ok := e.cells[h]; ok {
		return c
	}
	if e.cells == nil {
		e.cells = map[hex.Hex]*Cell{}
	}
	c := e.newCell(h)
	e.cells[h] = c
	return c
}

// newCell describes a hex from the board and the module's terrain. Terrain
// and roads do not change in play, so each hex is described once; rules
// read cells and never change them.
func (e *Engine) newCell(h hex.Hex) *Cell {
	t := e.Board.TerrainAt(h)
	c := &Cell{Number: h.String(), Terrain: t, Road: e.Board.Road[h], Cost: 1}
	if w, ok := e.Module.Word(dsl.KindTerrain, t); ok {
		c.flags = terrainFlags(w)
		c.BlocksLOS = w.Flag("blocks_los")
		c.Cost = w.Int("cost", 1)
	}
	return c
}

// Fronts is how many front hexsides a unit's formation has. The unit
// remembers it for the formation it was last asked about: every step of a
// procedure asks, and formations seldom change.
func (e *Engine) Fronts(u *Unit) int {
	m := u.memo
	if m != nil && m.fronts.known && m.fronts.formation == u.Formation {
		return m.fronts.n
	}
	n := 1
	if w, ok := e.unitWord(u, wordFormation); ok {
		n = w.Int("fronts", 1)
	}
	if m != nil {
		m.fronts = frontsMemo{formation: u.Formation, n: n, known: true}
	}
	return n
}

// unitMemo is what the engine remembers about a unit between looks, so as
// not to look the same words up again and again. A unit gets one when it
// is placed on a board; the copies a rewind restores the unit from share
// it, so that a rewind keeps it: it is right whatever the unit's state,
// for each memo says what it was worked out for.
type unitMemo struct {
	fronts  frontsMemo
	words   [unitWords]wordMemo
	canForm canFormMemo
}

// canFormMemo is what Unit.CanForm remembers: the answer for a formation
// and the arm the unit had then.
type canFormMemo struct {
	mod            *dsl.Module
	formation, arm string
	ok             bool
}

// frontsMemo is what Engine.fronts remembers.
type frontsMemo struct {
	formation string
	n         int
	known     bool
}

// The words of its vocabularies a unit names, by their place in
// unitMemo.words.
const (
	wordFormation = iota
	wordArm
	wordState
	unitWords
)

// wordMemo is a word of the module a unit named when last looked up.
type wordMemo struct {
	mod  *dsl.Module
	name string
	w    *dsl.VocabDef // nil: the module has no such word
}

// unitWord is the word of the module's vocabulary that the unit's
// formation, arm or state names (wordFormation …).
func (e *Engine) unitWord(u *Unit, which int) (*dsl.VocabDef, bool) {
	return u.word(e.Module, which)
}

// word is the word of mod's vocabulary that the unit's formation, arm or
// state names. The unit remembers each as it last looked it up: fire,
// melee, the language's functions and a procedure's every step read them,
// and they seldom change.
func (u *Unit) word(mod *dsl.Module, which int) (*dsl.VocabDef, bool) {
	var kind, name string
	switch which {
	case wordFormation:
		kind, name = dsl.KindFormation, u.Formation
	case wordArm:
		kind, name = dsl.KindArm, u.Arm
	default:
		kind, name = dsl.KindState, u.State
	}
	if u.memo == nil {
		return mod.Word(kind, name)
	}
	m := &u.memo.words[which]
	if m.mod != mod || m.name != name {
		w, _ := mod.Word(kind, name)
		*m = wordMemo{mod: mod, name: name, w: w}
	}
	return m.w, m.w != nil
}

// FormationWord is the word of the module's formations that the unit's
// formation names, for the language's functions that read its properties
// (`fronts`, `morale`); false for a unit on no board or with no such word.
func (u *Unit) FormationWord() (*dsl.VocabDef, bool) {
	if u.board == nil || u.board.module == nil {
		return nil, false
	}
	return u.word(u.board.module, wordFormation)
}

// CanForm reports whether the unit's arm may adopt formation f: the
// formation is a word of the module, and its `arms`, if it lists any,
// name the unit's arm. The unit remembers the last answer: a procedure asks
// it of each unit it comes near, about the same formation, at every step.
func (u *Unit) CanForm(f string) bool {
	if u.board == nil || u.board.module == nil {
		return false
	}
	mod := u.board.module
	if m := u.memo; m != nil && m.canForm.mod == mod && m.canForm.formation == f && m.canForm.arm == u.Arm {
		return m.canForm.ok
	}
	ok := canForm(mod, f, u.Arm)
	if u.memo != nil {
		u.memo.canForm = canFormMemo{mod: mod, formation: f, arm: u.Arm, ok: ok}
	}
	return ok
}

func canForm(mod *dsl.Module, f, arm string) bool {
	w, ok := mod.Word(dsl.KindFormation, f)
	if !ok {
		return false
	}
	// The arms are read in place: building their list was an allocation
	// per call.
	listed := false
	for _, x := range w.Props["arms"] {
		if a, ok := x.(string); ok {
			if a == arm {
				return true
			}
			listed = true
		}
	}
	return !listed
}

// EnemyIn reports whether an enemy of u holds h.
func (e *Engine) EnemyIn(u *Unit, h hex.Hex) bool {
	e.Board.Spend(1 + len(e.Board.Units))
	for _, x := range e.Board.Units {
		if x.Side != u.Side && x.Increments > 0 && x.Occupies(h) {
			return true
		}
	}
	return false
}

// StepToward picks the neighbour nearest to the goal that no enemy holds.
func (e *Engine) StepToward(from, goal hex.Hex) (hex.Hex, bool) {
	b := e.Board
	best, bestD := from, hex.Distance(from, goal)
	for _, n := range from.Neighbors() {
		if !b.OnMap(n) {
			continue
		}
		d := hex.Distance(n, goal)
		if d >= bestD {
			// Whether an enemy holds it changes nothing: only its look
			// at the units is counted, as occupied counts it.
			b.Spend(1 + len(b.Units))
			continue
		}
		if !b.occupied(n) {
			best, bestD = n, d
		}
	}
	return best, best != from
}

// Enemies lists the live units of other sides than u's, by id, in a slice
// the engine reuses: a caller that fires hooks while it ranges over it gets
// its own copy by taking the list before (ranging evaluates it once).
func (e *Engine) Enemies(u *Unit) []*Unit {
	e.Board.Spend(1 + len(e.sorted))
	n := len(e.enemyBuf)
	for _, x := range e.sorted {
		if x.Side != u.Side && x.Increments > 0 {
			e.enemyBuf = append(e.enemyBuf, x)
		}
	}
	return e.enemyBuf[n:len(e.enemyBuf):len(e.enemyBuf)]
}

// crossing is what lies along the hexside a unit crosses from one hex into
// the next: the hexside word (boxed once, for hook variables; "" for none),
// the movement points it adds for the unit's arm (cost_ARM, else cost), and
// whether the ground rises that way.
func (e *Engine) crossing(u *Unit, from, to hex.Hex) (word any, cost int, uphill bool) {
	f := e.Board.HexsideAt(from, to)
	if f.Word == "" {
		return noWord, 0, false
	}
	if w, ok := e.Module.Word(dsl.KindHexside, f.Word); ok {
		cost = w.Int("cost_"+u.Arm, w.Int("cost", 0))
	}
	return e.word(f.Word), cost, f.Rising && f.High == to
}

// Crossing is what lies along the hexside a unit crosses from one hex into
// the next: the hexside word ("" for none), the movement points it adds for
// the unit's arm (cost_ARM, else cost), and whether the ground rises that
// way.
func (e *Engine) Crossing(u *Unit, from, to hex.Hex) (word string, cost int, uphill bool) {
	w, cost, uphill := e.crossing(u, from, to)
	return asString(w), cost, uphill
}

// Crossed describes a hexside crossed, for the narration: ", across
// stream", ", up slope", or nothing.
func Crossed(word string, up bool) string { return crossed(word, up) }

// noWord is "" boxed once.
var noWord any = ""

// word boxes a vocabulary word once per engine, so that setting it as a
// hook variable costs no allocation.
func (e *Engine) word(s string) any {
	if s == "" {
		return noWord
	}
	if b, ok := e.words[s]; ok {
		return b
	}
	if e.words == nil {
		e.words = map[string]any{}
	}
	b := any(s)
	e.words[s] = b
	return b
}

// crossed describes a hexside crossed, for the narration: ", across stream",
// ", up slope", or nothing.
func crossed(word any, up bool) string {
	w, _ := word.(string)
	switch {
	case w == "":
		return ""
	case up:
		return ", up " + w
	}
	return ", across " + w
}
