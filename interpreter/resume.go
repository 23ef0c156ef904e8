package interpreter

import (
	"context"
	"errors"
	"fmt"
	"github.com/bataille/bataille/hex"
	"slices"
	"strconv"
)

// A run can stop at a position and a saved state start again from it, so
// that a program exploring every way the dice can go (exact odds) plays
// each distinct situation once, however many ways lead to it, rather than
// once for each way.
//
// A position is a point between the actions of a turn where everything the
// rest of the run depends on is in the engine's fields and the units: the
// start of a phase (before its phase_start rules), and the start of each
// action a phase takes in turn (the procedure's Checkpoint: for package
// premier's, each unit's rules at the turn's start or end, and each order
// or melee resolved).

// Position is a place in the sequence of play: the turn (from 0), the
// phase of the module's sequence (from 0) and the step in it: 0 before the
// phase begins, k+1 before its k-th action.
type Position struct{ Turn, Phase, Step int }

// Less orders positions as play reaches them.
func (p Position) Less(q Position) bool {
	if p.Turn != q.Turn {
		return p.Turn < q.Turn
	}
	if p.Phase != q.Phase {
		return p.Phase < q.Phase
	}
	return p.Step < q.Step
}

func (p Position) String() string {
	return fmt.Sprintf("turn %d phase %d step %d", p.Turn+1, p.Phase+1, p.Step)
}

// ErrPaused is what Run and Resume return when the engine was told to
// pause (PauseAtPositions) and reached a position: its state is then the
// one to save.
var ErrPaused = errors.New("paused at a position")

// PauseAtPositions makes Run and Resume stop with ErrPaused at the first
// position they reach (after the one a Resume starts from).
func (e *Engine) PauseAtPositions(on bool) { e.pause = on }

// Checkpoint is the position before the step-th action of the phase being
// played (from 1; 0 is the phase's beginning, which the kernel takes): a
// run told to pause stops there, and a resumed run starts there. A
// procedure calls it before each of its actions, in order.
func (e *Engine) Checkpoint(step int) error {
	// What an action set up for its hooks (a cost, a fire value) is
	// over with it: no action reads what another left.
	e.act = Action{}
	p := Position{Turn: e.turnNo - 1, Phase: e.phaseAt, Step: step}
	if e.resuming {
		e.resuming = false
		if p != e.from {
			return fmt.Errorf("resumed at %s, not at the saved %s", p, e.from)
		}
		return nil
	}
	if e.pause {
		e.from = p
		return ErrPaused
	}
	return nil
}

// State is the engine's state at a position: everything the rest of the
// run depends on (see Save). It is a copy: the engine may play on.
type State struct {
	pos     Position
	units   []Unit // in the board's order, marks and vacated hex copied
	marks   []map[string]bool
	lasting []map[string]int // MarkFor's marks by unit, as e.lasting
	// locals are the procedures' own states (Local.Save), by LocalKey,
	// in localBuf when they fit (a clone is then one allocation fewer).
	locals   []Saved
	localBuf [4]Saved
	phasing  string
	turnNo   int
	// armies are the sides' values (Board.Armies).
	armies map[string]map[string]int
}

// Position is where the state was saved.
func (s *State) Position() Position { return s.pos }

// Save copies the engine's state at the position its run paused at into
// s, reusing s's storage. It is the one place that reads the state: the
// units (every field, their marks), the marks set to last several turns,
// the sides' values, the side in its turn and the turn, and each
// procedure's own (Local.Save: the orders it has still to resolve and
// the actions rules started). Everything else the
// engine holds is set up when it is made, a budget, or lasts one action
// (a position is between actions).
func (e *Engine) Save(s *State) {
	s.pos = e.from
	units := e.Board.Units
	s.units = slices.Grow(s.units[:0], len(units))[:len(units)]
	s.marks = grow(s.marks, len(units))
	s.lasting = grow(s.lasting, len(units))
	index := e.unitIndex()
	for i, u := range units {
		s.units[i] = *u
		if u.Vacated != nil {
			s.units[i].vacated = *u.Vacated
			s.units[i].Vacated = &s.units[i].vacated
		}
		s.units[i].Marks = nil
		s.marks[i] = copyMap(s.marks[i], u.Marks)
		s.lasting[i] = copyMap(s.lasting[i], e.lasting[u])
	}
	n := &e.numbering
	*n = Numbering{units: index, board: units, orders: e.orders}
	if s.locals == nil {
		s.locals = s.localBuf[:0]
	}
	s.locals = grow(s.locals, len(e.locals))
	for i, l := range e.locals {
		s.locals[i] = l.Save(n, s.locals[i])
	}
	s.phasing, s.turnNo = e.phasing, e.turnNo
	s.armies = copyArmies(e.Board.Armies)
}

// Clone is a copy of the state that shares nothing with s.
func (s *State) Clone() *State {
	c := &State{pos: s.pos, phasing: s.phasing, turnNo: s.turnNo}
	c.units = slices.Clone(s.units)
	for i := range c.units {
		if v := s.units[i].Vacated; v != nil {
			c.units[i].vacated = *v
			c.units[i].Vacated = &c.units[i].vacated
		}
	}
	for i := range s.marks {
		c.marks = append(c.marks, copyMap(nil, s.marks[i]))
		c.lasting = append(c.lasting, copyMap(nil, s.lasting[i]))
	}
	c.locals = c.localBuf[:0]
	for _, l := range s.locals {
		if l != nil {
			l = l.Clone()
		}
		c.locals = append(c.locals, l)
	}
	c.armies = copyArmies(s.armies)
	return c
}

// Resume puts the engine in state s and plays on from its position: to the
// end of the run, or, with PauseAtPositions, to the next position. The
// engine must be the one s was saved from (its units are those of s).
func (e *Engine) Resume(ctx context.Context, s *State) error {
	units := e.Board.Units
	if len(s.units) != len(units) {
		return fmt.Errorf("the saved state has %d units, the board %d", len(s.units), len(units))
	}
	e.Rewind(nil)
	for i, u := range units {
		marks, board, memo := u.Marks, u.board, u.memo
		*u = s.units[i]
		u.board, u.memo = board, memo
		if t := s.units[i].tiedTo; t != nil {
			// The unit of this board, not of the engine the state was saved on.
			u.tiedTo = e.Board.byID[t.ID]
		}
		if v := s.units[i].Vacated; v != nil {
			u.vacated = *v
			u.Vacated = &u.vacated
		}
		clear(marks)
		for k, v := range s.marks[i] {
			marks[k] = v
		}
		u.Marks = marks
		if len(s.lasting[i]) > 0 {
			if e.lasting == nil {
				e.lasting = map[*Unit]map[string]int{}
			}
			e.lasting[u] = copyMap(e.lasting[u], s.lasting[i])
		}
	}
	if e.Board.track != nil {
		for _, u := range units {
			e.Board.track.stand(u)
		}
	}
	e.phasing, e.turnNo = s.phasing, s.turnNo
	e.Board.Armies = copyArmies(s.armies)
	// The procedures' states name orders of the turn the state was saved in.
	orders := e.first
	if s.pos.Turn > 0 {
		if s.pos.Turn-1 >= len(e.later) {
			return fmt.Errorf("the saved state is in turn %d of a scenario of %d", s.pos.Turn+1, len(e.later)+1)
		}
		orders = e.later[s.pos.Turn-1].Orders
	}
	if len(s.locals) != len(e.locals) {
		return fmt.Errorf("the saved state has %d procedure states, the engine %d", len(s.locals), len(e.locals))
	}
	n := &e.numbering
	*n = Numbering{board: units, orders: orders} // the units by number only: Restore looks none up
	for i, l := range e.locals {
		if err := l.Restore(s.locals[i], n); err != nil {
			return err
		}
	}
	e.from, e.resuming = s.pos, true
	return e.play(ctx)
}

// AppendKey appends to b an encoding of s in which two states are equal
// exactly when the rest of the run cannot tell them apart: the same
// encoding, the same future. Maps are written in the order of their keys.
func (s *State) AppendKey(b []byte) []byte {
	k := KeyWriter{B: b}
	k.Num(s.pos.Turn)
	k.Num(s.pos.Phase)
	k.Num(s.pos.Step)
	k.Num(s.turnNo)
	k.Str(s.phasing)
	k.Num(len(s.units))
	for i := range s.units {
		u := &s.units[i]
		k.Str(u.ID)
		k.Str(u.Name)
		k.Str(u.Side)
		k.Str(u.Nationality)
		k.Str(u.Class)
		k.Str(u.Arm)
		k.Num(u.Increments)
		k.Num(u.Start)
		k.Num(u.Losses)
		k.Str(u.Formation)
		k.Num(u.Morale)
		k.Str(u.State)
		k.Flag(u.Tired)
		k.Flag(u.Exhausted)
		k.Str(u.Regiment)
		k.Flag(u.Leader)
		k.Num(u.CavalryBonus)
		k.Num(u.MP)
		k.Float(u.MPSpent())
		k.Num(u.Melee)
		for i := range unitFlags {
			k.Flag(u.flags&(1<<i) != 0)
		}
		k.Num(u.Hexes)
		k.Str(u.Terrain)
		k.Hex(u.Hex)
		k.optHex(u.Hex2)
		k.Num(int(u.Facing))
		k.optHex(u.Vacated)
		k.Flag(u.hasPrev)
		k.Hex(u.prev)
		k.Flag(u.hasEntered)
		k.Hex(u.entered)
		tied := ""
		if u.tiedTo != nil {
			tied = u.tiedTo.ID
		}
		k.Str(tied)
		k.flags(u.Attrs)
		k.flags(s.marks[i])
		names := sortedKeys(s.lasting[i])
		k.Num(len(names))
		for _, name := range names {
			k.Str(name)
			k.Num(s.lasting[i][name])
		}
	}
	sides := sortedKeys(s.armies)
	k.Num(len(sides))
	for _, side := range sides {
		k.Str(side)
		names := sortedKeys(s.armies[side])
		k.Num(len(names))
		for _, name := range names {
			k.Str(name)
			k.Num(s.armies[side][name])
		}
	}
	k.Num(len(s.locals))
	for _, l := range s.locals {
		if l == nil {
			k.Num(-1) // a procedure with nothing saved
			continue
		}
		k.B = l.AppendKey(k.B)
	}
	return k.B
}

// KeyWriter writes a state's key, the engine's and each procedure's Saved.AppendKey alike: numbers end with a comma, strings
// have their length before them, so no two states write the same bytes.
type KeyWriter struct{ B []byte }

func (k *KeyWriter) Num(n int) {
	k.B = strconv.AppendInt(k.B, int64(n), 10)
	k.B = append(k.B, ',')
}

// Float writes a number that may not be whole; a whole one is written as
// Num writes it.
func (k *KeyWriter) Float(x float64) {
	k.B = strconv.AppendFloat(k.B, x, 'g', -1, 64)
	k.B = append(k.B, ',')
}

func (k *KeyWriter) Str(s string) {
	k.Num(len(s))
	k.B = append(k.B, s...)
}

func (k *KeyWriter) Flag(v bool) {
	if v {
		k.B = append(k.B, 't')
	} else {
		k.B = append(k.B, 'f')
	}
}

func (k *KeyWriter) Hex(h hex.Hex) {
	k.Num(h.Q)
	k.Num(h.R)
}

func (k *KeyWriter) optHex(h *hex.Hex) {
	k.Flag(h != nil)
	if h != nil {
		k.Hex(*h)
	}
}

func (k *KeyWriter) flags(m map[string]bool) {
	names := sortedKeys(m)
	k.Num(len(names))
	for _, name := range names {
		k.Str(name)
		k.Flag(m[name])
	}
}

// unitIndex numbers the board's units in its order.
func (e *Engine) unitIndex() map[*Unit]int {
	m := make(map[*Unit]int, len(e.Board.Units))
	for i, u := range e.Board.Units {
		m[u] = i
	}
	return m
}

func sortedKeys[V any](m map[string]V) []string {
	if len(m) == 0 {
		return nil
	}
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	return keys
}

func copyMap[V any](dst, src map[string]V) map[string]V {
	if len(src) == 0 {
		if dst != nil {
			clear(dst)
		}
		return dst
	}
	if dst == nil {
		dst = make(map[string]V, len(src))
	} else {
		clear(dst)
	}
	for k, v := range src {
		dst[k] = v
	}
	return dst
}

func grow[T any](s []T, n int) []T {
	for len(s) < n {
		var zero T
		s = append(s, zero)
	}
	return s[:n]
}
