package interpreter

import "fmt"

// A procedure's own state lives on each engine as a Local, which the
// procedure declares once (NewLocal) and the engine makes when it is
// made: what the procedure keeps from one step of its phase to the next
// (the orders it has still to resolve, the actions a rule started), and what one of its
// actions keeps while it is resolved. The kernel knows it only as this
// interface: a rewind resets it, and a saved position (State) holds the
// copy it gives, so that a run paused at any step resumes.

// Local is a procedure's state on one engine.
type Local interface {
	// Reset forgets everything the last run left, as Rewind does.
	Reset()
	// Save is a copy of what the rest of the run depends on, holding no
	// pointer into the engine: units and orders by their numbers (n).
	// A position is between actions, so what lasts one action is not in
	// it. old is what Save gave before for this Local, or nil, whose
	// storage it may reuse. With nothing to save it returns nil, and
	// always nil: two positions that differ only there have one key.
	Save(n *Numbering, old Saved) Saved
	// Restore puts a copy Save gave back (nil: nothing saved), on this
	// engine or another of the same scenario.
	Restore(s Saved, n *Numbering) error
}

// Saved is a Local's copy in a saved position.
type Saved interface {
	// Clone is a copy that shares nothing with this one.
	Clone() Saved
	// AppendKey appends an encoding in which two copies are equal exactly
	// when the rest of the run cannot tell them apart (State.AppendKey).
	AppendKey(b []byte) []byte
}

// LocalKey names a procedure's Local among an engine's.
type LocalKey int

var localMakers []func(*Engine) Local

// NewLocal declares a procedure's state: every engine made after it holds
// one, made by mk, which e.Local(key) returns. Call it from a package
// variable's initializer or an init function, before any engine is made.
func NewLocal(mk func(*Engine) Local) LocalKey {
	localMakers = append(localMakers, mk)
	return LocalKey(len(localMakers) - 1)
}

// Local is the engine's state of the procedure that declared key.
func (e *Engine) Local(key LocalKey) Local { return e.locals[key] }

// makeLocals makes the engine's procedure states, in New.
func (e *Engine) makeLocals() {
	e.locals = make([]Local, len(localMakers))
	for i, mk := range localMakers {
		e.locals[i] = mk(e)
	}
}

// Numbering numbers an engine's units (by their place on the board) and
// the orders of the turn being played, for a Saved that holds no pointer
// into the engine.
type Numbering struct {
	units  map[*Unit]int
	board  []*Unit
	orders []*Order
}

// Unit is u's number, or -1 for nil or a unit not on the board.
func (n *Numbering) Unit(u *Unit) int {
	if n.units == nil {
		n.units = make(map[*Unit]int, len(n.board))
		for i, x := range n.board {
			n.units[x] = i
		}
	}
	if i, ok := n.units[u]; ok {
		return i
	}
	return -1
}

// UnitAt is the unit of a number.
func (n *Numbering) UnitAt(i int) (*Unit, error) {
	if i < 0 || i >= len(n.board) {
		return nil, fmt.Errorf("the saved state names unit %d of %d", i, len(n.board))
	}
	return n.board[i], nil
}

// Order is o's number among the turn's orders, or -1.
func (n *Numbering) Order(o *Order) int {
	for i, x := range n.orders {
		if x == o {
			return i
		}
	}
	return -1
}

// OrderAt is the turn's order of a number.
func (n *Numbering) OrderAt(i int) (*Order, error) {
	if i < 0 || i >= len(n.orders) {
		return nil, fmt.Errorf("the saved state names order %d of %d", i, len(n.orders))
	}
	return n.orders[i], nil
}

// Underway is the action a procedure is resolving, as a question put to a
// player and an effect that needs the acting unit see it: the unit that
// acts, the unit it acts on, the hexes it has entered so far. The
// procedure keeps it in its own state, points the engine at it for the
// action's length (SetUnderway) and updates it as the action goes on.
type Underway struct {
	Actor, Target *Unit
	Step          int
}

// SetUnderway points the engine at the action being resolved, or, with
// nil, says that none is.
func (e *Engine) SetUnderway(w *Underway) { e.underway = w }

// Acting is the action being resolved, or nil.
func (e *Engine) Acting() *Underway { return e.underway }

// Actor is the unit whose action is being resolved, or nil.
func (e *Engine) Actor() *Unit {
	if e.underway == nil {
		return nil
	}
	return e.underway.Actor
}
