package interpreter

import (
	"fmt"
	"github.com/bataille/bataille/hex"
	"strings"

	"github.com/bataille/bataille/dsl"
)

// MovementPhase carries out formation changes and moves.
func (e *Engine) MovementPhase(title string, from int) error {
	var orders []*Order
	for _, o := range e.orders {
		if o.Kind == "move" || o.Kind == "form" {
			orders = append(orders, o)
		}
	}
	if len(orders) == 0 {
		return nil
	}
	e.BeginPhase(title)
	for k := max(from-1, 0); k < len(orders); k++ {
		if err := e.Checkpoint(k + 1); err != nil {
			return err
		}
		o := orders[k]
		u := o.Unit
		if u.Increments <= 0 {
			continue
		}
		mp := max(u.MP-u.mpSpent, 0)
		blocked, msg, err := e.Bind(hMoveStart).Unit(u).Int(mp).Fire()
		if err != nil {
			return err
		}
		if blocked {
			if e.Tracing() {
				e.Note(u, "%s may not move: %s", u.ID, msg)
			}
			continue
		}
		if o.Kind == "form" {
			if _, err := e.ChangeFormation(u, o.Formation, FormationChange{}); err != nil {
				return err
			}
			continue
		}
		if err := e.move(o); err != nil {
			return err
		}
		u.Moved = true
		if err := e.drainCharges(); err != nil {
			return err
		}
	}
	return nil
}

// move walks a move order's path, paying each hex from what the unit's
// movement phase has left (a formation change before it has spent some).
func (e *Engine) move(o *Order) error {
	u := o.Unit
	mp, spent := u.MP, u.mpSpent
	defer func() { u.mpSpent = spent }()
	for i, h := range o.Path {
		if err := e.work(1); err != nil {
			return err
		}
		dir, adjacent := hex.DirectionTo(u.Hex, h)
		if !adjacent || !e.Board.Fits(u, h) {
			if e.Tracing() {
				e.Note(u, "%s stops: %s is not a hex next to it on the map", u.ID, h)
			}
			return nil
		}
		if e.Board.enemyAt(u, h) {
			if e.Tracing() {
				e.Note(u, "%s stops before %s: an enemy holds it (a unit moves into no enemy's hex; it assaults from the next)", u.ID, h)
			}
			return nil
		}
		c := e.Cell(h)
		var source, cavalry *Unit
		for _, en := range e.enemies(u) {
			if e.projectsZdI(en, h) {
				if source == nil {
					source = en
				}
				if cavalry == nil && e.isMounted(en) {
					cavalry = en
				}
			}
		}
		zdi := source != nil
		if msg := e.stacking(u, u.Formation, h); msg != "" {
			if e.Tracing() {
				e.Note(u, "%s stops before %s: %s", u.ID, h, msg)
			}
			return nil
		}
		across, extra, up := e.crossing(u, u.Hex, h)
		e.act = action{cost: c.Cost + extra}
		blocked, msg, err := e.Bind(hMoveEnter).Unit(u).Cell(c).Int(i + 1).Int(spent).Int(mp - spent).Int(c.Cost + extra).Bool(zdi).Bool(o.Target != nil).Unit(source).Unit(cavalry).Str(asString(across)).Bool(up).Unit(o.Target).Fire()
		if err != nil {
			return err
		}
		if blocked {
			if e.Tracing() {
				e.Note(u, "%s stops before %s: %s", u.ID, h, msg)
			}
			return nil
		}
		if e.act.cost > mp-spent {
			if e.Tracing() {
				e.Note(u, "%s stops before %s: it needs %d MP and has %d", u.ID, h, e.act.cost, mp-spent)
			}
			return nil
		}
		spent += e.act.cost
		u.MoveTo(h)
		u.Facing = dir
		if e.Tracing() {
			e.Note(u, "%s moves to %s (%d MP%s; %d spent)", u.ID, h, e.act.cost, crossed(across, up), spent)
		}
		if zdi && !e.act.ignoreZdi {
			if e.Tracing() {
				e.Note(u, "%s stops in enemy Zd'I at %s", u.ID, h)
			}
			return nil
		}
	}
	return nil
}

// projectsZdI reports whether u projects Zd'I into h, as the module's
// formations say (`zdi: front`, `zdi: self`, `zdi: none`).
func (e *Engine) projectsZdI(u *Unit, h hex.Hex) bool { return u.zdiInto(e.Module, h) }

func (u *Unit) zdiInto(mod *dsl.Module, h hex.Hex) bool {
	mode, fronts := "front", 1
	if w, ok := u.word(mod, wordFormation); ok {
		mode, fronts = w.Str("zdi", "front"), w.Int("fronts", 1)
	}
	switch mode {
	case "self":
		return u.occupies(h)
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

// nearestHex is the hex of a nearest to u.
func nearestHex(u, a *Unit) hex.Hex {
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
	if u.occupies(h) {
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

// FirePhase resolves the fire orders of one side: the side not in its turn
// fires defensively first, then the phasing side.
func (e *Engine) FirePhase(title string, defensive bool, from int) error {
	var orders []*Order
	for _, o := range e.orders {
		if o.Kind == "fire" && (o.Unit.Side != e.phasing) == defensive {
			orders = append(orders, o)
		}
	}
	if len(orders) == 0 {
		return nil
	}
	// Each phase starts with no hexes fired into; the lists keep their
	// storage for the next run.
	if from == 0 {
		e.clearFired()
	}
	e.BeginPhase(title)
	for k := max(from-1, 0); k < len(orders); k++ {
		if err := e.Checkpoint(k + 1); err != nil {
			return err
		}
		o := orders[k]
		if err := e.Fire(o.Unit, o.Target, defensive); err != nil {
			return err
		}
	}
	return nil
}

// Fire resolves one fire attack: rules set the value and shifts, then roll.
func (e *Engine) Fire(f, t *Unit, defensive bool) error {
	if f.Increments <= 0 || t.Increments <= 0 {
		return nil
	}
	if why := e.fireIllegal(f, t); why != "" {
		if e.Tracing() {
			e.Note(f, "%s may not fire at %s: %s", f.ID, t.ID, why)
		}
		return nil
	}
	// Opportunity fire happens inside another action's hook (a move): keep
	// that action's cost and flags as they were.
	outer := e.act
	defer func() { e.act = outer }()
	multiple := 1.0
	if w, ok := e.unitWord(f, wordArm); ok {
		if vals := w.Props["fire"]; len(vals) == 1 {
			multiple = ToFloat(vals[0])
		}
	}
	value := float64(f.Increments) * multiple
	// The firer's morale state scales its fire as it scales its melee
	// (`state disordered { fire: 0.5 }`).
	if w, ok := e.unitWord(f, wordState); ok {
		if vals := w.Props["fire"]; len(vals) == 1 {
			value *= ToFloat(vals[0])
		}
	}
	cav, art := false, false
	e.Board.Spend(1 + len(e.Board.Units))
	for _, x := range e.Board.Units {
		if x.Increments <= 0 || !x.occupies(f.Hex) {
			continue
		}
		if x.Side != f.Side && e.isMounted(x) {
			cav = true
		}
		if x.Side == f.Side && x != f && e.hasGuns(x) {
			art = true
		}
	}
	// The battle's fire multiple chart gives the value before the fire
	// rules take a Carré's third or its full value of it.
	e.act = action{fire: value}
	if _, _, err := e.Bind(hFireValue).Unit(f).Unit(t).Float(value).Fire(); err != nil {
		return err
	}
	value = e.act.fire
	earlier := e.firedBy(f).hexes
	near, others := false, 0
	for _, h := range earlier {
		if f.occupies(h) {
			continue // fire at cavalry inside its own hex is not one of a Carré's three
		}
		others++
		near = near || hex.Distance(h, t.Hex) <= 1
	}
	sameHex := UnitDistance(f, t) == 0
	blocked, msg, err := e.Bind(hFire).Unit(f).Unit(t).Float(value).Bool(UnitDistance(f, t) <= 1).Bool(cav).Bool(art).Bool(defensive).Int(others).Bool(near).Bool(sameHex).Fire()
	if err != nil {
		return err
	}
	if blocked {
		if e.Tracing() {
			e.Note(f, "%s may not fire at %s: %s", f.ID, t.ID, msg)
		}
		return nil
	}
	if err := e.checkInvariants(invariantStep{firer: f, target: t}); err != nil {
		return err
	}
	// Found again: the fire rules may have fired, and grown the lists.
	e.firedBy(f).hexes = append(earlier, t.Hex)
	if e.Tracing() {
		e.Note(f, "%s fires at %s (fire value %g)", f.ID, t.ID, e.act.fire)
	}
	t.FiredOn = true
	_, _, err = e.Bind(hFireResolve).Unit(f).Unit(t).Float(e.act.fire).Int(e.act.shift).Int(e.act.defence).Bool(defensive).Fire()
	return err
}

// fireIllegal is why f may never fire at t as they stand, whatever the
// rules of fire say: t is of f's own side, beyond the range of f's arm (its
// `range`, in hexes; an arm without one has no limit), or out of f's line of
// sight. "" when the fire may go on to the fire rules.
func (e *Engine) fireIllegal(f, t *Unit) string {
	if f.Side == t.Side {
		return "it is of its own side"
	}
	d := UnitDistance(f, t)
	if r, ok := FireRange(e.Module, f.Arm); ok && d > r {
		return fmt.Sprintf("it is %d hexes away and %s fires at most %d", d, f.Arm, r)
	}
	if d > 1 && !LOS(f, t) {
		return "it has no line of sight to it"
	}
	return ""
}

// FireRange is the most hexes a unit of the arm fires, from the arm's
// `range`; false when the module gives it none.
func FireRange(mod *dsl.Module, arm string) (int, bool) { return mod.FireRange(arm) }

// firedHexes are the hexes a unit fired into this phase.
type firedHexes struct {
	unit  *Unit
	hexes []hex.Hex
}

// firedBy is the list of hexes u fired into this phase. The lists are
// found by unit in a slice: a phase has a few firers, and a map cost more
// to look in and to empty than the slice costs to search.
func (e *Engine) firedBy(u *Unit) *firedHexes {
	for i := range e.firedInto {
		if e.firedInto[i].unit == u {
			return &e.firedInto[i]
		}
	}
	e.firedInto = append(e.firedInto, firedHexes{unit: u})
	return &e.firedInto[len(e.firedInto)-1]
}

// clearFired empties every unit's list of hexes fired into, keeping their
// storage.
func (e *Engine) clearFired() {
	for i := range e.firedInto {
		e.firedInto[i].hexes = e.firedInto[i].hexes[:0]
	}
}

func (e *Engine) isMounted(u *Unit) bool {
	w, ok := e.unitWord(u, wordArm)
	return ok && w.Flag("mounted")
}

func (e *Engine) hasGuns(u *Unit) bool {
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

// ScheduleMelee queues a melee for the melee phase.
func (e *Engine) ScheduleMelee(a, d *Unit) {
	if why := meleeIllegal(a, d); why != "" {
		if e.Tracing() {
			e.Note(a, "%s will not melee %s: %s", a.ID, d.ID, why)
		}
		return
	}
	m := meleeOrder{attacker: a, defender: d}
	if e.ch != nil && e.ch.charger == a {
		m.charging, m.straight = true, hex.StraightRun(e.ch.trail)
		m.with = e.beside()
	}
	for _, old := range e.melees {
		if old.attacker == a && old.defender == d {
			return
		}
	}
	e.melees = append(e.melees, m)
	if e.Tracing() {
		e.Note(a, "%s will melee %s in the melee phase", a.ID, d.ID)
	}
}

func (e *Engine) MeleePhase(title string, from int) error {
	if from == 0 {
		for _, o := range e.orders {
			if o.Kind == "assault" {
				e.melees = append(e.melees, meleeOrder{attacker: o.Unit, defender: o.Target})
			}
		}
		// The melees set up by now are resolved; one scheduled during the
		// phase is not.
		e.meleeCount = len(e.melees)
	}
	if e.meleeCount == 0 {
		e.BeginQuietPhase(title)
		return e.Separate()
	}
	e.BeginPhase(title)
	for k := max(from-1, 0); k < e.meleeCount; k++ {
		if err := e.Checkpoint(k + 1); err != nil {
			return err
		}
		m := e.melees[k]
		e.with = m.with
		err := e.Melee(m.attacker, m.defender, m.charging, m.straight)
		e.with = nil
		if err != nil {
			return err
		}
	}
	e.melees, e.meleeCount = e.melees[:0], 0
	return e.Separate()
}

// meleeIllegal is why a may never melee d as they stand: d is of its own
// side, or they are neither next to each other nor in one hex (an assault
// order from afar, a charge that never closed). "" when the melee may go on
// to the assault rules.
func meleeIllegal(a, d *Unit) string {
	if a.Side == d.Side {
		return "it is of its own side"
	}
	if n := UnitDistance(a, d); n > 1 {
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
func (e *Engine) Separate() error {
	e.Board.Spend(1 + len(e.sorted))
	var at map[hex.Hex][]*Unit // by hex, on a big board: looking pair by pair costs n²
	if len(e.sorted) > 32 {
		at = map[hex.Hex][]*Unit{}
		for _, x := range e.sorted {
			if x.Increments > 0 {
				for _, h := range x.hexes() {
					at[h] = append(at[h], x)
				}
			}
		}
	}
	for _, u := range e.sorted {
		if u.Increments <= 0 {
			continue
		}
		other := e.enemyBeside(u, at)
		if other == nil || !e.leaves(u, other) {
			continue
		}
		to, ok := hex.Hex{}, false
		if u.hasPrev && hex.Distance(u.prev, u.Hex) == 1 && e.Board.Fits(u, u.prev) && !e.Board.enemyAt(u, u.prev) {
			to, ok = u.prev, true
		}
		for d := hex.N; d <= hex.NW && !ok; d++ {
			if h := u.Hex.Neighbor(d); e.Board.Fits(u, h) && !e.Board.enemyAt(u, h) {
				to, ok = h, true
			}
		}
		if !ok {
			if e.Tracing() {
				e.Note(u, "%s cannot leave %s's hex: no free hex around it; it surrenders", u.ID, other.ID)
			}
			e.Lose(u, u.Increments)
			continue
		}
		from := u.Hex
		u.MoveTo(to)
		if e.Tracing() {
			e.Note(u, "%s leaves %s's hex %s for %s: enemies do not share a hex once the melee is over", u.ID, other.ID, from, to)
		}
	}
	return nil
}

// enemyBeside is the first enemy (by id) in one of u's hexes, or nil; at,
// when given, holds the units by hex.
func (e *Engine) enemyBeside(u *Unit, at map[hex.Hex][]*Unit) *Unit {
	if at == nil {
		for _, x := range e.sorted {
			if x.Side != u.Side && x.Increments > 0 && UnitDistance(u, x) == 0 {
				return x
			}
		}
		return nil
	}
	for _, h := range u.hexes() {
		for _, x := range at[h] {
			if x.Side != u.Side && x.Increments > 0 && x.occupies(h) {
				return x
			}
		}
	}
	return nil
}

// leaves reports whether u, in one hex with the enemy x, is the one of the
// two that goes.
func (e *Engine) leaves(u, x *Unit) bool {
	if mu, mx := e.isMounted(u), e.isMounted(x); mu != mx {
		return mu
	}
	return u.Side == e.phasing
}

// Melee resolves one melee: may it happen, through which hexside, at what
// strengths, then the rules roll. straight is the hexes a charging attacker
// entered last in one straight line.
func (e *Engine) Melee(a, d *Unit, charging bool, straight int) error {
	if a.Increments <= 0 || d.Increments <= 0 {
		return nil
	}
	if why := meleeIllegal(a, d); why != "" {
		if e.Tracing() {
			e.Note(a, "%s may not assault %s: %s", a.ID, d.ID, why)
		}
		return nil
	}
	sameHex := a.occupies(d.Hex)
	blocked, msg, err := e.Bind(hAssaultDeclare).Unit(a).Unit(d).Bool(sameHex).Bool(charging).Fire()
	if err != nil {
		return err
	}
	if blocked {
		if e.Tracing() {
			e.Note(a, "%s may not assault %s: %s", a.ID, d.ID, msg)
		}
		return nil
	}
	if err := e.checkInvariants(invariantStep{attacker: a, defend: d}); err != nil {
		return err
	}
	side := "front"
	if !sameHex {
		side = d.SideToward(nearestHex(d, a)).String()
	}
	e.act = action{side: side}
	if _, _, err := e.Bind(hMeleeSide).Unit(a).Unit(d).Str(side).Bool(e.FriendlyZdI(d, a.Hex)).Fire(); err != nil {
		return err
	}
	side = e.act.side
	attack, defense := e.strength(a), e.strength(d)
	// A stack's charge melees with the strengths of its regiments in the
	// charger's hex added (BER-37-STACK: the stack charges as one).
	with := e.with[:0:0]
	for _, w := range e.with {
		if w.Increments > 0 && w.Hex == a.Hex {
			with = append(with, w)
			attack += e.strength(w)
		}
	}
	if len(with) > 0 && e.Tracing() {
		ids := make([]string, len(with))
		for i, w := range with {
			ids[i] = w.ID
		}
		e.Note(a, "%s melees with %s beside it, as one stack", a.ID, strings.Join(ids, ", "))
	}
	e.act.attack, e.act.defense = attack, defense
	if e.Tracing() {
		e.Note(a, "%s melees %s through its %s (%g against %g)", a.ID, d.ID, side, attack, defense)
	}
	if _, _, err := e.Bind(hMelee).Unit(a).Unit(d).Float(attack).Float(defense).Str(side).Bool(straight >= straightHexes).Bool(charging).Bool(sameHex).Str(Across(a, d)).Bool(UphillOf(a, d)).Int(straight).Fire(); err != nil {
		return err
	}
	attack, defense = e.act.attack, e.act.defense
	odds := attack
	if defense > 0 {
		odds = attack / defense
	}
	if !e.cfg.NoTrace {
		if e.Tracing() {
			e.Note(a, "melee strengths %g against %g: odds %.2f", attack, defense, odds)
		}
	}
	_, _, err = e.Bind(hMeleeResolve).Unit(a).Unit(d).Float(attack).Float(defense).Float(odds).Str(side).Fire()
	if err != nil {
		return err
	}
	e.shareStack(a, with)
	return nil
}

// shareStack gives the regiments that charged and meleed with a the
// result the melee gave a, the stack's lead: its morale state, where it
// went if it was driven off, the exhaustion that follows the charge. The
// increments lost are the lead's, as the table's rules took them.
func (e *Engine) shareStack(a *Unit, with []*Unit) {
	for _, w := range with {
		if w.Increments <= 0 {
			continue
		}
		if w.State != a.State {
			w.State = a.State
			if e.Tracing() {
				e.Note(w, "%s shares %s's result: %s", w.ID, a.ID, w.State)
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
func (e *Engine) strength(u *Unit) float64 {
	v := float64(u.Melee)
	if u.Melee == 0 {
		v = float64(u.Increments)
	}
	if w, ok := e.unitWord(u, wordState); ok {
		if vals := w.Props["melee"]; len(vals) == 1 {
			v *= ToFloat(vals[0])
		}
	}
	return v
}

// stacking checks the stacking limits u would stand under in h in
// formation f among its friends there: f's own (its stack_increments,
// which stack_regiment lifts for a single regiment) and that of every
// formation a friend in h is in, so that a battalion may neither form a
// Carré of more than the limit nor march into one that would then hold
// more. It returns why not, and puts the refusal, citing the formation,
// in the trace.
func (e *Engine) stacking(u *Unit, f string, h hex.Hex) string {
	if msg := e.stackLimit(u, f, h); msg != "" {
		return msg
	}
	e.Board.Spend(1 + len(e.Board.Units))
	for _, x := range e.Board.Units {
		if x != u && x.Side == u.Side && x.Increments > 0 && x.occupies(h) && x.Formation != f {
			if msg := e.stackLimit(u, x.Formation, h); msg != "" {
				return msg
			}
		}
	}
	return ""
}

// stackLimit is stacking for the limit of one formation.
func (e *Engine) stackLimit(u *Unit, f string, h hex.Hex) string {
	w, ok := e.Module.Word(dsl.KindFormation, f)
	if !ok {
		return ""
	}
	limit := w.Int("stack_increments", 0)
	if limit <= 0 {
		return ""
	}
	total, oneRegiment := u.Increments, u.Regiment != ""
	e.Board.Spend(1 + len(e.Board.Units))
	for _, x := range e.Board.Units {
		if x != u && x.Side == u.Side && x.Increments > 0 && x.occupies(h) {
			total += x.Increments
			oneRegiment = oneRegiment && x.Regiment == u.Regiment
		}
	}
	if total <= limit || (oneRegiment && w.Flag("stack_regiment")) {
		return ""
	}
	msg := fmt.Sprintf("a hex in %s holds at most %d increments", f, limit)
	if w.Flag("stack_regiment") {
		msg += " or one regiment"
	}
	msg += fmt.Sprintf("; this one would hold %d", total)
	if e.Tracing() {
		e.Emit(Event{Kind: "blocked", Rule: "stacking", Cite: e.Module.CiteLine(w.Cite), Unit: u.ID, Hex: h.String(), Text: msg})
	}
	return msg
}
