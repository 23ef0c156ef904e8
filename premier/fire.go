package premier

import (
	"fmt"
	"slices"

	"github.com/bataille/bataille/dsl"
	"github.com/bataille/bataille/hex"
	"github.com/bataille/bataille/interpreter"
	"github.com/bataille/bataille/stdlib"
)

// Fire: the fire orders of one side, the side not in its turn first
// (defensive fire), then the phasing side (offensive fire); each fire's
// value from the firer's arm and state, then the fire rules, then the roll.

var (
	defensiveFire = &interpreter.Procedure{Name: "defensive_fire", Doc: "fire orders of the side not in its turn",
		Hooks: []string{"fire", "fire_resolve"}, Orders: []string{"fire"},
		Play: func(e *interpreter.Engine, title string, from int) error {
			return fireOf(e).FirePhase(title, true, from)
		}}
	offensiveFire = &interpreter.Procedure{Name: "offensive_fire", Doc: "fire orders of the side in its turn",
		Hooks: []string{"fire", "fire_resolve"}, Orders: []string{"fire"},
		Play: func(e *interpreter.Engine, title string, from int) error {
			return fireOf(e).FirePhase(title, false, from)
		}}
)

// The fire order: `fire inf at cav`, at an enemy within the firer's arm's
// range (fireIllegal refuses the same at play).
var fireOrder = interpreter.DeclareOrder(&dsl.OrderKind{Name: "fire", Doc: "a fire at an enemy unit",
	Target: true, Hostile: true, Verb: "fire at", Range: "range", RangeVerb: "fires"})

var (
	hFireValue = interpreter.DeclareHook(&dsl.Hook{Name: "fire_value", Doc: "a unit is about to fire; rules give its fire value from the battle's fire multiple chart (`set_fire`) before the fire rules, which read it as `fire_value`, take a Carré's third or full value",
		Vars: []dsl.Var{v("firer", tUnit, "the unit that fires"), v("target", tUnit, "the unit fired at"), v("fire_value", tFloat, "increments × the arm's fire multiple, scaled by the firer's morale state")}})
	hFire = interpreter.DeclareHook(&dsl.Hook{Name: "fire", Blocks: true, Doc: "a unit fires; rules set its fire value and column shifts; a failing require cancels the fire",
		Vars: []dsl.Var{v("firer", tUnit, "the unit that fires"), v("target", tUnit, "the unit fired at"), v("fire_value", tFloat, "the fire value the fire_value rules gave: increments × the fire multiple"),
			v("adjacent", tBool, "the target is next to the firer"), v("cavalry_in_hex", tBool, "enemy cavalry stands in the firer's hex"),
			v("artillery_in_hex", tBool, "friendly artillery shares the firer's hex"), v("defensive", tBool, "defensive fire (the side not in its turn)"),
			v("fires", tInt, "fire attacks the firer has already made this phase into hexes other than its own"),
			v("next_to_earlier", tBool, "the target's hex is next to (or is) a hex other than its own that the firer already fired into this phase"),
			v("same_hex", tBool, "the target stands in the firer's hex (cavalry inside a Carré)")}})
	hFireResolve = interpreter.DeclareHook(&dsl.Hook{Name: "fire_resolve", Doc: "the fire value is known; rules roll the battle's fire table",
		Vars: []dsl.Var{v("firer", tUnit, "the unit that fires"), v("target", tUnit, "the unit fired at"), v("fire_value", tFloat, "the fire value the fire rules set"), v("shift", tInt, "column shifts"),
			v("defence", tInt, "the target's fire defence a fire rule set (`set_defence`: a disordered or routed target's column), or 0: the table reads its chart by terrain and formation"),
			v("defensive", tBool, "defensive fire (the side not in its turn)")}})
)

// FirePhase resolves the fire orders of one side: the side not in its turn
// fires defensively first, then the phasing side.
func (s *fireLocal) FirePhase(title string, defensive bool, from int) error {
	e := s.e
	var orders []*interpreter.Order
	for _, o := range e.Orders() {
		if o.Kind == "fire" && (o.Unit.Side != e.Phasing()) == defensive {
			orders = append(orders, o)
		}
	}
	if len(orders) == 0 {
		return nil
	}
	// Each phase starts with no hexes fired into; the lists keep their
	// storage for the next run.
	if from == 0 {
		s.clearFired()
	}
	e.BeginPhase(title)
	for k := max(from-1, 0); k < len(orders); k++ {
		if err := e.Checkpoint(k + 1); err != nil {
			return err
		}
		o := orders[k]
		if err := s.Fire(o.Unit, o.Target, defensive); err != nil {
			return err
		}
	}
	return nil
}

// Fire resolves one fire attack: rules set the value and shifts, then roll.
func (s *fireLocal) Fire(f, t *interpreter.Unit, defensive bool) error {
	e := s.e
	if f.Increments <= 0 || t.Increments <= 0 {
		return nil
	}
	if illegal, why := s.fireIllegal(f, t, e.Tracing()); illegal {
		if e.Tracing() {
			e.NoteUnits(f, []string{t.ID}, "%s may not fire at %s: %s", f.ID, t.ID, why)
		}
		return nil
	}
	// Opportunity fire happens inside another action's hook (a move): keep
	// that action's cost and flags as they were.
	outer := *e.Act()
	defer func() { *e.Act() = outer }()
	multiple := 1.0
	if w, ok := f.ArmWord(); ok {
		if vals := w.Props["fire"]; len(vals) == 1 {
			multiple = interpreter.ToFloat(vals[0])
		}
	}
	value := float64(f.Increments) * multiple
	// The firer's morale state scales its fire as it scales its melee
	// (`state disordered { fire: 0.5 }`).
	if w, ok := f.StateWord(); ok {
		if vals := w.Props["fire"]; len(vals) == 1 {
			value *= interpreter.ToFloat(vals[0])
		}
	}
	cav, art := false, false
	e.Board.Spend(1 + len(e.Board.Units))
	for _, x := range e.Board.Units {
		if x.Increments <= 0 || !x.Occupies(f.Hex) {
			continue
		}
		if x.Side != f.Side && e.IsMounted(x) {
			cav = true
		}
		if x.Side == f.Side && x != f && e.HasGuns(x) {
			art = true
		}
	}
	// The battle's fire multiple chart gives the value before the fire
	// rules take a Carré's third or its full value of it.
	s.act = fireAct{value: value}
	if _, _, err := e.Bind(hFireValue).Unit(f).Unit(t).Float(value).Fire(); err != nil {
		return err
	}
	value = s.act.value
	earlier := s.firedBy(f).hexes
	near, others := false, 0
	for _, h := range earlier {
		if f.Occupies(h) {
			continue // fire at cavalry inside its own hex is not one of a Carré's three
		}
		others++
		near = near || hex.Distance(h, t.Hex) <= 1
	}
	sameHex := interpreter.UnitDistance(f, t) == 0
	blocked, msg, err := e.Bind(hFire).Unit(f).Unit(t).Float(value).Bool(interpreter.UnitDistance(f, t) <= 1).Bool(cav).Bool(art).Bool(defensive).Int(others).Bool(near).Bool(sameHex).Fire()
	if err != nil {
		return err
	}
	if blocked {
		if e.Tracing() {
			e.NoteUnits(f, []string{t.ID}, "%s may not fire at %s: %s", f.ID, t.ID, msg)
		}
		return nil
	}
	if err := e.CheckFireInvariants(f, t); err != nil {
		return err
	}
	// Found again: the fire rules may have fired, and grown the lists.
	s.firedBy(f).hexes = append(earlier, t.Hex)
	if e.Tracing() {
		e.NoteUnits(f, []string{t.ID}, "%s fires at %s (fire value %g)", f.ID, t.ID, s.act.value)
	}
	t.SetFlag(FiredOn)
	_, _, err = e.Bind(hFireResolve).Unit(f).Unit(t).Float(s.act.value).Int(s.act.shift).Int(s.act.defence).Bool(defensive).Fire()
	return err
}

// fireIllegal is why f may never fire at t as they stand, whatever the
// rules of fire say: t is of f's own side, beyond the range of f's arm (its
// `range`, in hexes; an arm without one has no limit), or out of f's line of
// sight. False when the fire may go on to the fire rules; the reason is
// written out only when why is asked for (the trace is on), as a charge
// played with the trace off fires out of range often enough for the
// formatting to count.
func (s *fireLocal) fireIllegal(f, t *interpreter.Unit, why bool) (bool, string) {
	e := s.e
	if f.Side == t.Side {
		return true, "it is of its own side"
	}
	d := interpreter.UnitDistance(f, t)
	if r, ok := fireRange(e.Module, f.Arm); ok && d > r {
		if !why {
			return true, ""
		}
		return true, fmt.Sprintf("it is %d hexes away and %s fires at most %d", d, f.Arm, r)
	}
	if d > 1 && !interpreter.LOS(f, t) {
		return true, "it has no line of sight to it"
	}
	return false, ""
}

// fireRange is the most hexes a unit of the arm fires, from the arm's
// range property; false when the module gives it none.
func fireRange(mod *dsl.Module, arm string) (int, bool) {
	w, ok := mod.Word(dsl.KindArm, arm)
	if !ok {
		return 0, false
	}
	if _, has := w.Props[fireOrder.Range]; !has {
		return 0, false
	}
	return w.Int(fireOrder.Range, 0), true
}

// firedHexes are the hexes a unit fired into this phase.
type firedHexes struct {
	unit  *interpreter.Unit
	hexes []hex.Hex
}

// firedBy is the list of hexes u fired into this phase. The lists are
// found by unit in a slice: a phase has a few firers, and a map cost more
// to look in and to empty than the slice costs to search.
func (s *fireLocal) firedBy(u *interpreter.Unit) *firedHexes {
	for i := range s.firedInto {
		if s.firedInto[i].unit == u {
			return &s.firedInto[i]
		}
	}
	s.firedInto = append(s.firedInto, firedHexes{unit: u})
	return &s.firedInto[len(s.firedInto)-1]
}

// clearFired empties every unit's list of hexes fired into, keeping their
// storage.
func (s *fireLocal) clearFired() {
	for i := range s.firedInto {
		s.firedInto[i].hexes = s.firedInto[i].hexes[:0]
	}
}

// fireEffects are the effects that fire.
var fireEffects = []*stdlib.Effect{
	{Effect: dsl.Effect{Name: "fire_at", Doc: "the firer fires at the target now (opportunity fire), times times",
		Params: []dsl.EffectParam{unitP("firer", ""), unitP("target", ""), opt(intP("times", ""))}},
		Run: func(c *interpreter.Call) error {
			n := stdlib.CountArg(c, 2, 0, stdlib.MaxCount)
			if c.Args[2] == nil {
				n = 1
			}
			for range min(n, 20) {
				if err := fireOf(c.E).Fire(stdlib.UnitArg(c, 0), stdlib.UnitArg(c, 1), true); err != nil {
					return err
				}
			}
			return nil
		}},
	{Effect: dsl.Effect{Name: "set_fire", Doc: "sets the fire value of the fire being resolved", Params: []dsl.EffectParam{{Name: "value", Type: tFloat}}},
		Run: func(c *interpreter.Call) error {
			fireOf(c.E).act.value = stdlib.FactorArg(c, 0, 0, stdlib.MaxCount)
			return nil
		}},
	{Effect: dsl.Effect{Name: "set_defence", Doc: "sets the target's fire defence for the fire being resolved, in place of the fire table's chart by terrain and formation (a disordered or routed target's D/PgD column)", Params: []dsl.EffectParam{intP("n", "")}},
		Run: func(c *interpreter.Call) error {
			fireOf(c.E).act.defence = stdlib.CountArg(c, 0, 1, stdlib.MaxCount)
			return nil
		}},
	{Effect: dsl.Effect{Name: "shift", Doc: "adds column shifts to the fire being resolved", Params: []dsl.EffectParam{intP("n", "")}},
		Run: func(c *interpreter.Call) error {
			fireOf(c.E).act.shift += stdlib.CountArg(c, 0, -stdlib.MaxShift, stdlib.MaxShift)
			return nil
		}},
}

// fireLocal is the fire procedure's state on one engine
// (interpreter.Local): the hexes each unit fired into this phase, and
// what the fire rules make of the fire being resolved.
type fireLocal struct {
	e         *interpreter.Engine
	firedInto []firedHexes
	act       fireAct
}

// fireAct is what the effects of the fire rules change about the fire
// being resolved: its value, its column shifts and the target's defence
// a rule set in place of the chart's (0: none). It lasts one action, set
// up before the fire's hooks fire, so no saved position holds it.
type fireAct struct {
	value          float64
	shift, defence int
}

var fireKey = interpreter.NewLocal(func(e *interpreter.Engine) interpreter.Local { return &fireLocal{e: e} })

// fireOf is the fire procedure's state on e.
func fireOf(e *interpreter.Engine) *fireLocal { return e.Local(fireKey).(*fireLocal) }

func (s *fireLocal) Reset() { s.clearFired(); s.act = fireAct{} }

// fireSaved is fireLocal's copy in a saved position: the hexes each unit
// fired into, by the unit's number, in the order of the numbers; a unit
// that fired into none has none. A phase has a firer or two, kept in one
// (the storage of a clone's list, so that a clone is one allocation).
type fireSaved struct {
	fired []savedFired
	one   [2]savedFired
}

type savedFired struct {
	unit  int
	hexes []hex.Hex
}

func (s *fireLocal) Save(n *interpreter.Numbering, old interpreter.Saved) interpreter.Saved {
	var sv *fireSaved
	for _, f := range s.firedInto {
		if len(f.hexes) == 0 {
			continue
		}
		if sv == nil {
			if sv, _ = old.(*fireSaved); sv == nil {
				sv = &fireSaved{}
				sv.fired = sv.one[:0]
			}
			sv.fired = sv.fired[:0]
		}
		sv.fired = append(sv.fired, savedFired{unit: n.Unit(f.unit), hexes: slices.Clone(f.hexes)})
	}
	if sv == nil {
		return nil
	}
	slices.SortFunc(sv.fired, func(a, b savedFired) int { return a.unit - b.unit })
	return sv
}

func (s *fireLocal) Restore(x interpreter.Saved, n *interpreter.Numbering) error {
	s.Reset()
	sv, _ := x.(*fireSaved)
	if sv == nil {
		return nil
	}
	for _, f := range sv.fired {
		u, err := n.UnitAt(f.unit)
		if err != nil {
			return err
		}
		fb := s.firedBy(u)
		fb.hexes = append(fb.hexes[:0], f.hexes...)
	}
	return nil
}

func (sv *fireSaved) Clone() interpreter.Saved {
	c := &fireSaved{}
	c.fired = c.one[:0]
	for _, f := range sv.fired {
		f.hexes = slices.Clone(f.hexes)
		c.fired = append(c.fired, f)
	}
	return c
}

func (sv *fireSaved) AppendKey(b []byte) []byte {
	k := interpreter.KeyWriter{B: b}
	k.Num(len(sv.fired))
	for _, f := range sv.fired {
		k.Num(f.unit)
		k.Num(len(f.hexes))
		for _, h := range f.hexes {
			k.Hex(h)
		}
	}
	return k.B
}

// FiredOn is the flag of a unit fired on this turn (`unit.fired_on`:
// cavalry that assaults a Carré must have taken its fire), which another
// procedure reads with Unit.Flag.
var FiredOn = interpreter.DeclareUnitFlag("fired_on", "it was fired on this turn")

// The properties fire reads: an arm's fire multiple and range, a morale
// state's multiplier of fire.
func init() {
	interpreter.DeclareProperty(dsl.KindArm, "fire", dsl.Property{What: "number", Doc: "fire multiple per increment"})
	interpreter.DeclareProperty(dsl.KindArm, "range", dsl.Property{What: "number", Doc: "most hexes a unit of this arm fires (no limit when absent)"})
	interpreter.DeclareProperty(dsl.KindState, "fire", dsl.Property{What: "number", Doc: "multiplier of fire value"})
}
