package premier

import (
	"fmt"
	"slices"
	"strings"

	"github.com/bataille/bataille/dsl"
	"github.com/bataille/bataille/hex"
	"github.com/bataille/bataille/interpreter"
	"github.com/bataille/bataille/stdlib"
)

// Melee: the melees charges and assault orders set up, each fought through
// the defender's hexside at the units' strengths, then the enemies that
// still share a hex parted.

var melee = &interpreter.Procedure{Name: "melee", Doc: "the melees charges and assault orders set up",
	Hooks: []string{"assault_declare", "melee_side", "melee", "melee_resolve", "melee_end"}, Orders: []string{"assault"}, Acts: []string{"assault"},
	Play: func(e *interpreter.Engine, title string, from int) error { return meleeOf(e).MeleePhase(title, from) }}

// The assault order: `assault inf at cav`, at an enemy next to the unit
// or in its hex.
var _ = interpreter.DeclareOrder(&dsl.OrderKind{Name: "assault", Doc: "an assault on an enemy unit",
	Target: true, Hostile: true, Verb: "assault", Reach: 1, ReachWhy: "a melee is fought between units next to each other or in one hex"})

var (
	hAssaultDeclare = interpreter.DeclareHook(&dsl.Hook{Name: "assault_declare", Blocks: true, Doc: "a unit is about to assault another in the melee phase; a failing require forbids it",
		Vars: []dsl.Var{v("attacker", tUnit, "the unit that assaults"), v("defender", tUnit, "the unit assaulted"), v("same_hex", tBool, "the attacker is in the defender's hex"),
			v("charging", tBool, "the melee comes from a charge")}})
	hMeleeSide = interpreter.DeclareHook(&dsl.Hook{Name: "melee_side", Doc: "which hexside of the defender a melee comes through; set_side changes it",
		Vars: []dsl.Var{v("attacker", tUnit, "the unit that assaults"), v("defender", tUnit, "the unit assaulted"), word("side", "front|flank|rear", "front, flank or rear"),
			v("friendly_zdi", tBool, "a friend of the defender projects Zd'I into the attacker's hex")}})
	hMelee = interpreter.DeclareHook(&dsl.Hook{Name: "melee", Doc: "a melee is about to be resolved; rules scale the attack and defence",
		Vars: []dsl.Var{v("attacker", tUnit, "the unit that assaults"), v("defender", tUnit, "the unit assaulted"), v("attack", tFloat, "the attacker's melee strength so far"), v("defense", tFloat, "the defender's melee strength so far"),
			word("side", "front|flank|rear", "front, flank or rear"), v("straight", tBool, "the attacker charged, entering its last three hexes in one straight line (the start hex is not one of them)"),
			v("charging", tBool, "the melee comes from a charge"), v("same_hex", tBool, "the attacker stands in the defender's hex"),
			v("crossing", tString, "the hexside feature between the attacker's hex and the defender's (a stream), or \"\" (also when they share a hex)"),
			v("upslope", tBool, "the ground rises from the attacker's hex to the defender's"),
			v("straight_hexes", tInt, "hexes a charging attacker entered last moving in one straight line (0 for an assault)")}})
	hMeleeResolve = interpreter.DeclareHook(&dsl.Hook{Name: "melee_resolve", Doc: "the melee odds are known; rules roll the battle's melee table",
		Vars: []dsl.Var{v("attacker", tUnit, "the unit that assaults"), v("defender", tUnit, "the unit assaulted"), v("attack", tFloat, "the attacker's melee strength so far"), v("defense", tFloat, "the defender's melee strength so far"),
			v("odds", tFloat, "attack divided by defence"),
			word("side", "front|flank|rear", "the defender's hexside the melee comes through, after the melee_side rules (a refused flank is a front)"),
			v("charging", tBool, "the melee comes from a charge")}})
	hMeleeEnd = interpreter.DeclareHook(&dsl.Hook{Name: "melee_end", Doc: "a melee is over, its result shared by the charging stack; rules read what it left: what each side lost, whether the defender gave up the hex it held (an advance after combat, a breakthrough, a victor's mark)",
		Vars: []dsl.Var{v("attacker", tUnit, "the unit that assaulted"), v("defender", tUnit, "the unit assaulted"), v("charging", tBool, "the melee came from a charge"),
			v("attacker_lost", tInt, "increments the attacker lost in the melee"), v("defender_lost", tInt, "increments the defender lost in the melee"),
			v("defender_gone", tBool, "the defender no longer holds the hex it defended: it fell back, routed away or was eliminated"),
			v("held", tCell, "the hex the defender held when the melee began")}})
)

// meleeOrder is a melee set up for the melee phase.
type meleeOrder struct {
	attacker, defender *interpreter.Unit
	charging           bool
	straight           int                 // hexes the charger entered last in one straight line
	with               []*interpreter.Unit // the regiments of the charger's stack beside it
}

// scheduleMelee queues a melee for the melee phase: a charging one when
// the attacker is the charger of the charge being resolved, with the
// hexes it entered last in one straight line and its stack beside it.
func scheduleMelee(e *interpreter.Engine, a, d *interpreter.Unit) {
	c, m := chargeOf(e), meleeOf(e)
	if ch := c.ch; ch != nil && ch.Actor == a {
		m.ScheduleMelee(a, d, true, hex.StraightRun(ch.trail), c.beside())
		return
	}
	m.ScheduleMelee(a, d, false, 0, nil)
}

// ScheduleMelee queues a melee for the melee phase: charging when the
// attacker is charging, straight the hexes it entered last in one straight
// line, with the regiments of its stack beside it.
func (s *meleeLocal) ScheduleMelee(a, d *interpreter.Unit, charging bool, straight int, with []*interpreter.Unit) {
	e := s.e
	if why := meleeIllegal(a, d); why != "" {
		if e.Tracing() {
			e.NoteUnits(a, []string{d.ID}, "%s will not melee %s: %s", a.ID, d.ID, why)
		}
		return
	}
	m := meleeOrder{attacker: a, defender: d, charging: charging, straight: straight, with: with}
	for _, old := range s.melees {
		if old.attacker == a && old.defender == d {
			return
		}
	}
	s.melees = append(s.melees, m)
	if e.Tracing() {
		e.NoteUnits(a, []string{d.ID}, "%s will melee %s in the melee phase", a.ID, d.ID)
	}
}

func (s *meleeLocal) MeleePhase(title string, from int) error {
	e := s.e
	if from == 0 {
		for _, o := range e.Orders() {
			if o.Kind == "assault" {
				s.melees = append(s.melees, meleeOrder{attacker: o.Unit, defender: o.Target})
			}
		}
		// The melees set up by now are resolved; one scheduled during the
		// phase is not.
		s.meleeCount = len(s.melees)
	}
	if s.meleeCount == 0 {
		e.BeginQuietPhase(title)
		return s.Separate()
	}
	e.BeginPhase(title)
	for k := max(from-1, 0); k < s.meleeCount; k++ {
		if err := e.Checkpoint(k + 1); err != nil {
			return err
		}
		m := s.melees[k]
		s.with = m.with
		err := s.Melee(m.attacker, m.defender, m.charging, m.straight)
		s.with = nil
		if err != nil {
			return err
		}
	}
	s.melees, s.meleeCount = s.melees[:0], 0
	return s.Separate()
}

// meleeIllegal is why a may never melee d as they stand: d is of its own
// side, or they are neither next to each other nor in one hex (an assault
// order from afar, a charge that never closed). "" when the melee may go on
// to the assault rules.
func meleeIllegal(a, d *interpreter.Unit) string {
	if a.Side == d.Side {
		return "it is of its own side"
	}
	if n := interpreter.UnitDistance(a, d); n > 1 {
		return fmt.Sprintf("they are %d hexes apart; a melee is fought between units next to each other or in one hex", n)
	}
	return ""
}

// Separate ends every sharing of a hex by enemies once the melees are
// fought: cavalry that rode into a Carré's hex (BER-17-CARRE-CAV) and is
// still there, because the melee left both standing or never came, goes
// back out. Of two enemies in one hex the mounted one leaves a foot unit's
// hex; between two of one kind, the phasing side's. It goes back to the hex
// it came from, else to the first neighbour (N first) on the map that no
// enemy holds; a unit with nowhere to go surrenders.
func (s *meleeLocal) Separate() error {
	e := s.e
	e.Board.Spend(1 + len(e.UnitsByID()))
	var at map[hex.Hex][]*interpreter.Unit // by hex, on a big board: looking pair by pair costs n²
	if len(e.UnitsByID()) > 32 {
		at = map[hex.Hex][]*interpreter.Unit{}
		for _, x := range e.UnitsByID() {
			if x.Increments > 0 {
				for _, h := range x.Spread() {
					at[h] = append(at[h], x)
				}
			}
		}
	}
	for _, u := range e.UnitsByID() {
		if u.Increments <= 0 {
			continue
		}
		other := s.enemyBeside(u, at)
		if other == nil || !s.leaves(u, other) {
			continue
		}
		to, ok := hex.Hex{}, false
		if prev, hasPrev := u.CameFrom(); hasPrev && hex.Distance(prev, u.Hex) == 1 && e.Board.Fits(u, prev) && !e.Board.EnemyAt(u, prev) {
			to, ok = prev, true
		}
		for d := hex.N; d <= hex.NW && !ok; d++ {
			if h := u.Hex.Neighbor(d); e.Board.Fits(u, h) && !e.Board.EnemyAt(u, h) {
				to, ok = h, true
			}
		}
		if !ok {
			if e.Tracing() {
				e.NoteUnits(u, []string{other.ID}, "%s cannot leave %s's hex: no free hex around it; it surrenders", u.ID, other.ID)
			}
			e.Lose(u, u.Increments)
			continue
		}
		from := u.Hex
		u.MoveTo(to)
		if e.Tracing() {
			e.NoteUnits(u, []string{other.ID}, "%s leaves %s's hex %s for %s: enemies do not share a hex once the melee is over", u.ID, other.ID, from, to)
		}
	}
	return nil
}

// enemyBeside is the first enemy (by id) in one of u's hexes, or nil; at,
// when given, holds the units by hex.
func (s *meleeLocal) enemyBeside(u *interpreter.Unit, at map[hex.Hex][]*interpreter.Unit) *interpreter.Unit {
	e := s.e
	if at == nil {
		for _, x := range e.UnitsByID() {
			if x.Side != u.Side && x.Increments > 0 && interpreter.UnitDistance(u, x) == 0 {
				return x
			}
		}
		return nil
	}
	for _, h := range u.Spread() {
		for _, x := range at[h] {
			if x.Side != u.Side && x.Increments > 0 && x.Occupies(h) {
				return x
			}
		}
	}
	return nil
}

// leaves reports whether u, in one hex with the enemy x, is the one of the
// two that goes.
func (s *meleeLocal) leaves(u, x *interpreter.Unit) bool {
	e := s.e
	if mu, mx := e.IsMounted(u), e.IsMounted(x); mu != mx {
		return mu
	}
	return u.Side == e.Phasing()
}

// Melee resolves one melee: may it happen, through which hexside, at what
// strengths, then the rules roll. straight is the hexes a charging attacker
// entered last in one straight line.
func (s *meleeLocal) Melee(a, d *interpreter.Unit, charging bool, straight int) error {
	e := s.e
	if a.Increments <= 0 || d.Increments <= 0 {
		return nil
	}
	if why := meleeIllegal(a, d); why != "" {
		if e.Tracing() {
			e.NoteUnits(a, []string{d.ID}, "%s may not assault %s: %s", a.ID, d.ID, why)
		}
		return nil
	}
	sameHex := a.Occupies(d.Hex)
	blocked, msg, err := e.Bind(hAssaultDeclare).Unit(a).Unit(d).Bool(sameHex).Bool(charging).Fire()
	if err != nil {
		return err
	}
	if blocked {
		if e.Tracing() {
			e.NoteUnits(a, []string{d.ID}, "%s may not assault %s: %s", a.ID, d.ID, msg)
		}
		return nil
	}
	if err := e.CheckMeleeInvariants(a, d); err != nil {
		return err
	}
	side := "front"
	if !sameHex {
		side = d.SideToward(interpreter.NearestHex(d, a)).String()
	}
	s.act = meleeAct{side: side}
	if _, _, err := e.Bind(hMeleeSide).Unit(a).Unit(d).Str(side).Bool(e.FriendlyZdI(d, a.Hex)).Fire(); err != nil {
		return err
	}
	side = s.act.side
	attack, defense := s.strength(a), s.strength(d)
	held, aIncs, dIncs := d.Hex, a.Increments, d.Increments
	s.now = meleeNow{attacker: a, defender: d, held: held}
	defer func() { s.now = meleeNow{} }()
	// A stack's charge melees with the strengths of its regiments in the
	// charger's hex added (BER-37-STACK: the stack charges as one).
	with := s.with[:0:0]
	for _, w := range s.with {
		if w.Increments > 0 && w.Hex == a.Hex {
			with = append(with, w)
			attack += s.strength(w)
		}
	}
	if len(with) > 0 && e.Tracing() {
		ids := make([]string, len(with))
		for i, w := range with {
			ids[i] = w.ID
		}
		e.NoteUnits(a, ids, "%s melees with %s beside it, as one stack", a.ID, strings.Join(ids, ", "))
	}
	s.act.attack, s.act.defense = attack, defense
	if e.Tracing() {
		e.NoteUnits(a, []string{d.ID}, "%s melees %s through its %s (%g against %g)", a.ID, d.ID, side, attack, defense)
	}
	if _, _, err := e.Bind(hMelee).Unit(a).Unit(d).Float(attack).Float(defense).Str(side).Bool(straight >= straightHexes).Bool(charging).Bool(sameHex).Str(interpreter.Across(a, d)).Bool(interpreter.UphillOf(a, d)).Int(straight).Fire(); err != nil {
		return err
	}
	attack, defense = s.act.attack, s.act.defense
	odds := attack
	if defense > 0 {
		odds = attack / defense
	}
	if e.Tracing() {
		if e.Tracing() {
			e.Note(a, "melee strengths %g against %g: odds %.2f", attack, defense, odds)
		}
	}
	_, _, err = e.Bind(hMeleeResolve).Unit(a).Unit(d).Float(attack).Float(defense).Float(odds).Str(side).Bool(charging).Fire()
	if err != nil {
		return err
	}
	s.shareStack(a, with)
	gone := d.Increments <= 0 || !d.Occupies(held)
	_, _, err = e.Bind(hMeleeEnd).Unit(a).Unit(d).Bool(charging).Int(aIncs - max(a.Increments, 0)).Int(dIncs - max(d.Increments, 0)).Bool(gone).Cell(e.Cell(held)).Fire()
	return err
}

// shareStack gives the regiments that charged and meleed with a the
// result the melee gave a, the stack's lead: its morale state, where it
// went if it was driven off, the exhaustion that follows the charge. The
// increments lost are the lead's, as the table's rules took them.
func (s *meleeLocal) shareStack(a *interpreter.Unit, with []*interpreter.Unit) {
	e := s.e
	for _, w := range with {
		if w.Increments <= 0 {
			continue
		}
		if w.State != a.State {
			w.State = a.State
			if e.Tracing() {
				e.NoteUnits(w, []string{a.ID}, "%s shares %s's result: %s", w.ID, a.ID, w.State)
			}
		}
		if w.Hex != a.Hex && a.Increments > 0 {
			w.MoveTo(a.Hex)
		}
		for _, m := range []string{"exhaust_after_melee", "no_recall"} {
			if a.Marked(m) && !w.Marked(m) {
				e.Mark(w, m, true)
			}
		}
	}
}

// straightHexes is the rulebook's "the last three hexes" of a straight
// charge (BER-37-CAV-VS-CAV, FRI-36-STRAIGHT), which the hooks' `straight`
// reads; a rule that reads the other way compares `straight_hexes` itself.
const straightHexes = 3

// strength is a unit's melee value: its printed melee value (its increments
// when none is printed) scaled by its morale state.
func (s *meleeLocal) strength(u *interpreter.Unit) float64 {
	v := float64(u.Melee)
	if u.Melee == 0 {
		v = float64(u.Increments)
	}
	if w, ok := u.StateWord(); ok {
		if vals := w.Props["melee"]; len(vals) == 1 {
			v *= interpreter.ToFloat(vals[0])
		}
	}
	return v
}

// meleeEffects are the effects that set up a melee and follow one up.
var meleeEffects = []*stdlib.Effect{
	{Effect: dsl.Effect{Name: "melee", Doc: "the attacker will melee the defender in the melee phase",
		Params: []dsl.EffectParam{unitP("attacker", ""), unitP("defender", "")}},
		Run: func(c *interpreter.Call) error {
			scheduleMelee(c.E, stdlib.UnitArg(c, 0), stdlib.UnitArg(c, 1))
			return nil
		}},
	{Effect: dsl.Effect{Name: "scale_attack", Doc: "multiplies the attacker's melee strength", Params: []dsl.EffectParam{{Name: "factor", Type: tFloat}}},
		Run: func(c *interpreter.Call) error {
			meleeOf(c.E).act.attack *= stdlib.FactorArg(c, 0, 0, stdlib.MaxFactor)
			return nil
		}},
	{Effect: dsl.Effect{Name: "scale_defense", Doc: "multiplies the defender's melee strength", Params: []dsl.EffectParam{{Name: "factor", Type: tFloat}}},
		Run: func(c *interpreter.Call) error {
			meleeOf(c.E).act.defense *= stdlib.FactorArg(c, 0, 0, stdlib.MaxFactor)
			return nil
		}},
	{Effect: dsl.Effect{Name: "set_side", Doc: "sets the hexside (front, flank, rear) a melee comes through", Params: []dsl.EffectParam{{Name: "side", Type: tString}}},
		Run: func(c *interpreter.Call) error {
			side := stdlib.StrArg(c, 0)
			if side != "front" && side != "flank" && side != "rear" {
				return fmt.Errorf("side is front, flank or rear; got %q", side)
			}
			meleeOf(c.E).act.side = side
			return nil
		}},
	{Effect: dsl.Effect{Name: "advance", Doc: "in the rules of the melee being resolved (melee_end), the unit, its attacker or a regiment that meleed beside it, enters the hex the defender gave up, and the attacker's stack in its hex with it; a unit stays where the defender or another enemy still holds the hex, where it would stand off the map, or where its formation's stacking limit forbids it",
		Params: []dsl.EffectParam{unitP("unit", "the attacker, or a regiment of its stack")}},
		Run: func(c *interpreter.Call) error { return meleeOf(c.E).advance(stdlib.UnitArg(c, 0)) }},
}

// meleeNow is the melee being resolved, which its rules' advance reads;
// the zero value between melees.
type meleeNow struct {
	attacker, defender *interpreter.Unit
	held               hex.Hex // the defender's hex as the melee began
}

// advance moves u, the attacker of the melee being resolved or a regiment
// of its stack, into the hex the defender held; the attacker takes the
// regiments that stand in its hex and meleed beside it along.
func (s *meleeLocal) advance(u *interpreter.Unit) error {
	a := s.now.attacker
	if a == nil {
		return fmt.Errorf("no melee is being resolved: a unit advances into the hex its defender gave up, in the rules of that melee (melee_end)")
	}
	if u != a && !slices.Contains(s.with, u) {
		return fmt.Errorf("%s was not in the melee of %s against %s: only the attacker and the regiments beside it advance", u.ID, a.ID, s.now.defender.ID)
	}
	from := u.Hex
	if !s.advanceOne(u) || u != a {
		return nil
	}
	for _, w := range s.with {
		if w.Increments > 0 && w.Hex == from {
			s.advanceOne(w)
		}
	}
	return nil
}

// advanceOne moves u into the defender's hex, or says in the trace why it
// may not, and reports whether it went.
func (s *meleeLocal) advanceOne(u *interpreter.Unit) bool {
	e, d, h := s.e, s.now.defender, s.now.held
	why := ""
	switch {
	case u.Increments <= 0:
		why = "it is eliminated"
	case u.Occupies(h):
		why = "it stands in that hex already"
	case hex.Distance(u.Hex, h) != 1:
		why = "it is not next to that hex"
	case d.Increments > 0 && d.Occupies(h):
		why = fmt.Sprintf("%s still holds it", d.ID)
	case !e.Board.Fits(u, h):
		why = "it would stand off the map"
	case e.Board.EnemyAt(u, h):
		why = "an enemy holds it"
	default:
		why = e.Stacking(u, u.Formation, h)
	}
	if why != "" {
		if e.Tracing() {
			e.NoteUnits(u, []string{d.ID}, "%s does not advance into %s: %s", u.ID, h, why)
		}
		return false
	}
	from := u.Hex
	u.MoveTo(h)
	if e.Tracing() {
		e.NoteUnits(u, []string{d.ID}, "%s advances from %s into %s, the hex %s gave up", u.ID, from, h, d.ID)
	}
	return true
}

// meleeLocal is the melee procedure's state on one engine
// (interpreter.Local): the melees set up for the melee phase, how many of
// them it resolves (those set up when it began), and the melee being
// resolved with the charging stack beside its attacker, which last one
// action.
type meleeLocal struct {
	e          *interpreter.Engine
	melees     []meleeOrder
	meleeCount int
	with       []*interpreter.Unit
	act        meleeAct
	now        meleeNow
}

// meleeAct is what the effects of the melee rules change about the melee
// being resolved: the hexside it comes through and the two strengths. It
// lasts one action, set up before the melee's hooks fire, so no saved
// position holds it.
type meleeAct struct {
	side            string
	attack, defense float64
}

var meleeKey = interpreter.NewLocal(func(e *interpreter.Engine) interpreter.Local { return &meleeLocal{e: e} })

// meleeOf is the melee procedure's state on e.
func meleeOf(e *interpreter.Engine) *meleeLocal { return e.Local(meleeKey).(*meleeLocal) }

func (s *meleeLocal) Reset() {
	s.melees, s.meleeCount, s.with, s.act, s.now = s.melees[:0], 0, nil, meleeAct{}, meleeNow{}
}

// meleeSaved is meleeLocal's copy in a saved position, units by number.
type meleeSaved struct {
	melees     []savedMelee
	meleeCount int
}

type savedMelee struct {
	attacker, defender int
	charging           bool
	straight           int
	with               []int // the charging stack beside the attacker
}

func (s *meleeLocal) Save(n *interpreter.Numbering, old interpreter.Saved) interpreter.Saved {
	if len(s.melees) == 0 && s.meleeCount == 0 {
		return nil
	}
	sv, _ := old.(*meleeSaved)
	if sv == nil {
		sv = &meleeSaved{}
	}
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

func (s *meleeLocal) Restore(x interpreter.Saved, n *interpreter.Numbering) error {
	s.Reset()
	sv, _ := x.(*meleeSaved)
	if sv == nil {
		return nil
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

func (sv *meleeSaved) Clone() interpreter.Saved {
	c := &meleeSaved{meleeCount: sv.meleeCount}
	for _, m := range sv.melees {
		m.with = slices.Clone(m.with)
		c.melees = append(c.melees, m)
	}
	return c
}

func (sv *meleeSaved) AppendKey(b []byte) []byte {
	k := interpreter.KeyWriter{B: b}
	k.Num(len(sv.melees))
	for _, m := range sv.melees {
		k.Num(m.attacker)
		k.Num(m.defender)
		k.Flag(m.charging)
		k.Num(m.straight)
		k.Num(len(m.with))
		for _, w := range m.with {
			k.Num(w)
		}
	}
	k.Num(sv.meleeCount)
	return k.B
}

// The property melee reads: a morale state's multiplier of melee.
func init() {
	interpreter.DeclareProperty(dsl.KindState, "melee", dsl.Property{What: "number", Doc: "multiplier of melee value"})
}
