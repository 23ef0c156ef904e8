package interpreter

import (
	"fmt"
	"slices"

	"github.com/bataille/bataille/dsl"
	"github.com/bataille/bataille/hex"
)

// ProjectsZdI reports whether u projects Zd'I into h, as the module's
// formations say (`zdi: front`, `zdi: self`, `zdi: none`).
func (e *Engine) ProjectsZdI(u *Unit, h hex.Hex) bool { return u.zdiInto(e.Module, h) }

func (u *Unit) zdiInto(mod *dsl.Module, h hex.Hex) bool {
	mode, fronts := "front", 1
	if w, ok := u.word(mod, wordFormation); ok {
		mode, fronts = w.Str("zdi", "front"), w.Int("fronts", 1)
	}
	switch mode {
	case "self":
		return u.Occupies(h)
	case "front":
		for _, at := range u.hexes() {
			if d, ok := hex.DirectionTo(at, h); ok && hex.HexsideClass(u.Facing, fronts, d) == hex.Front {
				return true
			}
		}
	}
	return false
}

// FriendlyZdI reports whether a friend of u (not u) projects Zd'I into h.
func (e *Engine) FriendlyZdI(u *Unit, h hex.Hex) bool { return u.friendlyZdI(e.Module, h) }

func (u *Unit) friendlyZdI(mod *dsl.Module, h hex.Hex) bool {
	b := u.board
	if b == nil {
		return false
	}
	b.Spend(1 + len(b.Units))
	for _, x := range b.Units {
		if x != u && x.Side == u.Side && x.Increments > 0 && x.zdiInto(mod, h) {
			return true
		}
	}
	return false
}

// NearestHex is the hex of a nearest to u (of a two-hex line, the nearer).
func NearestHex(u, a *Unit) hex.Hex {
	best := a.Hex
	for _, h := range a.hexes() {
		for _, x := range u.hexes() {
			if hex.Distance(x, h) < hex.Distance(x, best) {
				best = h
			}
		}
	}
	return best
}

// SideToward classes the hexside of u that faces its neighbour h: front,
// flank or rear by its facing and formation, and front for a hex it shares.
// A flank hexside of a formation with `refused_flank` (a line) counts as a
// front while a friend of u, of any arm, projects Zd'I into h
// (BER-17-REFUSED). The melee's side and the language's hexside_to (which
// the stand modifiers read) both come from here, so a refused flank is the
// same front in melee and in the stand check.
func (u *Unit) SideToward(h hex.Hex) hex.Side {
	if u.Occupies(h) {
		return hex.Front
	}
	var mod *dsl.Module
	if u.board != nil {
		mod = u.board.module
	}
	fronts, refuses := 1, false
	if w, ok := u.word(mod, wordFormation); ok && mod != nil {
		fronts, refuses = w.Int("fronts", 1), w.Flag("refused_flank")
	}
	side, found := hex.Front, false // not next to it: front, as a shared hex
	for _, at := range u.hexes() {
		d, ok := hex.DirectionTo(at, h)
		if !ok {
			continue
		}
		// Of a two-hex line's hexes next to h, the one that faces it best.
		if c := hex.HexsideClass(u.Facing, fronts, d); !found || c < side {
			side, found = c, true
		}
	}
	if side == hex.Flank && refuses && u.friendlyZdI(mod, h) {
		return hex.Front
	}
	return side
}

// IsMounted reports whether u's arm is mounted (the arm's `mounted` flag).
func (e *Engine) IsMounted(u *Unit) bool {
	w, ok := e.unitWord(u, wordArm)
	return ok && w.Flag("mounted")
}

// HasGuns reports whether u's arm has guns (the arm's `guns` flag).
func (e *Engine) HasGuns(u *Unit) bool {
	w, ok := e.unitWord(u, wordArm)
	return ok && w.Flag("guns")
}

// ToFloat reads a number a script or a vocabulary gave, whole or not, as
// a float (0 for anything else).
func ToFloat(v any) float64 {
	switch n := v.(type) {
	case int:
		return float64(n)
	case float64:
		return n
	}
	return 0
}

// Stacking checks the stacking limits u would stand under in h in
// formation f among its friends there: f's own (its stack_increments,
// which stack_regiment lifts for a single regiment) and that of every
// formation a friend in h is in, so that a unit may neither take a
// formation whose limit its hex's stack would pass nor march into a stack
// that would then hold more than its formation's limit. It returns why not, and puts the refusal, citing the formation,
// in the trace.
func (e *Engine) Stacking(u *Unit, f string, h hex.Hex) string { return e.stacking(u, f, h, nil, true) }

// stacking is Stacking for u in formation f and the units with it, which
// enter h together with u in their own formations (a battery tied to a
// retreating battalion, ShareResult): the limit of each formation among
// them and among the friends in h holds for them all. emit puts a refusal
// in the trace (a retreat that only weighs the hexes it might take does
// not).
func (e *Engine) stacking(u *Unit, f string, h hex.Hex, with []*Unit, emit bool) string {
	if msg := e.stackLimit(u, f, h, with, emit); msg != "" {
		return msg
	}
	for _, x := range with {
		if x.Formation != f {
			if msg := e.stackLimit(u, x.Formation, h, with, emit); msg != "" {
				return msg
			}
		}
	}
	e.Board.Spend(1 + len(e.Board.Units))
	for _, x := range e.Board.Units {
		if x != u && !slices.Contains(with, x) && x.Side == u.Side && x.Increments > 0 && x.Occupies(h) && x.Formation != f {
			if msg := e.stackLimit(u, x.Formation, h, with, emit); msg != "" {
				return msg
			}
		}
	}
	return ""
}

// stackLimit is stacking for the limit of one formation.
func (e *Engine) stackLimit(u *Unit, f string, h hex.Hex, with []*Unit, emit bool) string {
	sl := e.comp.stackLimits[f]
	limit := sl.limit
	if limit <= 0 {
		return ""
	}
	total, oneRegiment := u.Increments, u.Regiment != ""
	for _, x := range with {
		total += x.Increments
		oneRegiment = oneRegiment && x.Regiment == u.Regiment
	}
	e.Board.Spend(1 + len(e.Board.Units))
	for _, x := range e.Board.Units {
		if x != u && !slices.Contains(with, x) && x.Side == u.Side && x.Increments > 0 && x.Occupies(h) {
			total += x.Increments
			oneRegiment = oneRegiment && x.Regiment == u.Regiment
		}
	}
	if total <= limit || (oneRegiment && sl.regiment) {
		return ""
	}
	msg := fmt.Sprintf("a hex in %s holds at most %d increments", f, limit)
	if sl.regiment {
		msg += " or one regiment"
	}
	msg += fmt.Sprintf("; this one would hold %d", total)
	if emit && e.Tracing() {
		e.Emit(Event{Kind: "blocked", Rule: "stacking", Cite: e.Module.CiteLine(sl.w.Cite), Unit: u.ID, Hex: h.String(), Text: msg})
	}
	return msg
}
