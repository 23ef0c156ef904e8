package premier

import (
	"slices"
	"strconv"

	"github.com/bataille/bataille/hex"
	"github.com/bataille/bataille/interpreter"
)

// local is the procedures' state on one engine (interpreter.Local): the
// charges of the charge phase that their declaration allowed, with the
// stacks they ride in; the charges rules started, resolved once the action
// under way is over; the hexes each unit fired into this phase; the melees
// set up; and the charge being resolved, which lasts one action and so is
// in no saved position.
type local struct {
	e *interpreter.Engine
	// declared are the charge phase's charges that their declaration
	// allowed, resolved one after another.
	declared []*interpreter.Order
	// stacks are the stacks of the turn's charge orders (BER-37-STACK),
	// set before any charge is declared.
	stacks map[*interpreter.Order]stack
	// pending are the charges rules started (ChargeAt).
	pending []*interpreter.Order
	ch      *chargeState
	chBuf   chargeState // the storage ch points to while a charge resolves
	// firedInto lists the hexes each unit fired into this phase.
	firedInto []firedHexes
	// melees are those set up for the melee phase; meleeCount is how many
	// of them it resolves (those set up when it began); with is the
	// charging stack beside the attacker of the melee being resolved.
	melees     []meleeOrder
	meleeCount int
	with       []*interpreter.Unit
}

// stack is a charge order's place in a stack's charge (BER-37-STACK): the
// charges ordered from one hex at one target are one charge, led by the
// first ordered; the others ride with it.
type stack struct {
	lead *interpreter.Order // the charge this one rides with; nil for a lead
	n    int                // regiments ordered to charge together, this one among them
}

var localKey = interpreter.NewLocal(func(e *interpreter.Engine) interpreter.Local { return &local{e: e} })

// of is the procedures' state on e.
func of(e *interpreter.Engine) *local { return e.Local(localKey).(*local) }

// lead is the charge o rides with, or nil.
func (s *local) lead(o *interpreter.Order) *interpreter.Order { return s.stacks[o].lead }

func (s *local) Reset() {
	s.declared = s.declared[:0]
	clear(s.stacks)
	s.pending = s.pending[:0]
	s.ch = nil
	s.clearFired()
	s.melees, s.meleeCount, s.with = s.melees[:0], 0, nil
}

// saved is local's copy in a saved position: the declared charges by
// their number among the turn's orders, with their stacks, and the
// charges rules started, their units by number.
type saved struct {
	declared []savedDeclared
	pending  []savedOrder
	// fired are the hexes each unit fired into this phase, by the unit's
	// number, in the order of the numbers; a unit that fired at none has
	// none.
	fired      []savedFired
	melees     []savedMelee
	meleeCount int
}

type savedFired struct {
	unit  int
	hexes []hex.Hex
}

type savedMelee struct {
	attacker, defender int
	charging           bool
	straight           int
	with               []int // the charging stack beside the attacker
}

type savedDeclared struct{ order, lead, n int }

type savedOrder struct {
	o            interpreter.Order // Unit and Target nil
	unit, target int
}

func (s *local) Save(n *interpreter.Numbering, old interpreter.Saved) interpreter.Saved {
	sv, _ := old.(*saved)
	if sv == nil {
		sv = &saved{}
	}
	sv.declared = sv.declared[:0]
	for _, o := range s.declared {
		st := s.stacks[o]
		sv.declared = append(sv.declared, savedDeclared{order: n.Order(o), lead: n.Order(st.lead), n: st.n})
	}
	sv.pending = sv.pending[:0]
	for _, o := range s.pending {
		c := savedOrder{o: *o, unit: n.Unit(o.Unit), target: n.Unit(o.Target)}
		c.o.Unit, c.o.Target, c.o.Path = nil, nil, slices.Clone(o.Path)
		sv.pending = append(sv.pending, c)
	}
	sv.fired = sv.fired[:0]
	for _, f := range s.firedInto {
		if len(f.hexes) > 0 {
			sv.fired = append(sv.fired, savedFired{unit: n.Unit(f.unit), hexes: slices.Clone(f.hexes)})
		}
	}
	slices.SortFunc(sv.fired, func(a, b savedFired) int { return a.unit - b.unit })
	sv.melees = sv.melees[:0]
	for _, m := range s.melees {
		sm := savedMelee{n.Unit(m.attacker), n.Unit(m.defender), m.charging, m.straight, nil}
		for _, w := range m.with {
			sm.with = append(sm.with, n.Unit(w))
		}
		sv.melees = append(sv.melees, sm)
	}
	sv.meleeCount = s.meleeCount
	return sv
}

func (s *local) Restore(x interpreter.Saved, n *interpreter.Numbering) error {
	sv := x.(*saved)
	s.Reset()
	for _, d := range sv.declared {
		o, err := n.OrderAt(d.order)
		if err != nil {
			return err
		}
		st := stack{n: d.n}
		if d.lead >= 0 {
			if st.lead, err = n.OrderAt(d.lead); err != nil {
				return err
			}
		}
		s.setStack(o, st)
		s.declared = append(s.declared, o)
	}
	for _, p := range sv.pending {
		c := p.o
		c.Path = slices.Clone(p.o.Path)
		var err error
		if c.Unit, err = n.UnitAt(p.unit); err != nil {
			return err
		}
		if c.Target, err = n.UnitAt(p.target); err != nil {
			return err
		}
		s.pending = append(s.pending, &c)
	}
	for _, f := range sv.fired {
		u, err := n.UnitAt(f.unit)
		if err != nil {
			return err
		}
		fb := s.firedBy(u)
		fb.hexes = append(fb.hexes[:0], f.hexes...)
	}
	for _, m := range sv.melees {
		a, err := n.UnitAt(m.attacker)
		if err != nil {
			return err
		}
		d, err := n.UnitAt(m.defender)
		if err != nil {
			return err
		}
		mo := meleeOrder{attacker: a, defender: d, charging: m.charging, straight: m.straight}
		for _, i := range m.with {
			w, err := n.UnitAt(i)
			if err != nil {
				return err
			}
			mo.with = append(mo.with, w)
		}
		s.melees = append(s.melees, mo)
	}
	s.meleeCount = sv.meleeCount
	return nil
}

func (s *local) setStack(o *interpreter.Order, st stack) {
	if s.stacks == nil {
		s.stacks = map[*interpreter.Order]stack{}
	}
	s.stacks[o] = st
}

func (sv *saved) Clone() interpreter.Saved {
	c := &saved{declared: slices.Clone(sv.declared), meleeCount: sv.meleeCount}
	for _, o := range sv.pending {
		o.o.Path = slices.Clone(o.o.Path)
		c.pending = append(c.pending, o)
	}
	for _, f := range sv.fired {
		f.hexes = slices.Clone(f.hexes)
		c.fired = append(c.fired, f)
	}
	for _, m := range sv.melees {
		m.with = slices.Clone(m.with)
		c.melees = append(c.melees, m)
	}
	return c
}

// AppendKey writes numbers ending with a comma and strings with their
// length before them, as the engine's own key does.
func (sv *saved) AppendKey(b []byte) []byte {
	num := func(n int) { b = strconv.AppendInt(b, int64(n), 10); b = append(b, ',') }
	str := func(s string) { num(len(s)); b = append(b, s...) }
	flag := func(v bool) {
		if v {
			num(1)
		} else {
			num(0)
		}
	}
	hx := func(h hex.Hex) { num(h.Q); num(h.R) }
	num(len(sv.pending))
	for _, o := range sv.pending {
		num(o.unit)
		num(o.target)
		str(o.o.Kind)
		str(o.o.Formation)
		num(o.o.Step)
		num(len(o.o.Path))
		for _, h := range o.o.Path {
			hx(h)
		}
		flag(o.o.Reaction)
	}
	num(len(sv.declared))
	for _, d := range sv.declared {
		num(d.order)
		num(d.lead)
		num(d.n)
	}
	num(len(sv.fired))
	for _, f := range sv.fired {
		num(f.unit)
		num(len(f.hexes))
		for _, h := range f.hexes {
			hx(h)
		}
	}
	num(len(sv.melees))
	for _, m := range sv.melees {
		num(m.attacker)
		num(m.defender)
		flag(m.charging)
		num(m.straight)
		num(len(m.with))
		for _, w := range m.with {
			num(w)
		}
	}
	num(sv.meleeCount)
	return b
}
