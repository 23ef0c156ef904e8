package bench

import (
	"errors"
	"fmt"
	"github.com/bataille/bataille/hex"
	"maps"
	"slices"
	"strings"

	"github.com/bataille/bataille/dsl"
	"github.com/bataille/bataille/interpreter"
	"github.com/bataille/bataille/premier"
)

// world is one scenario played by hand-written code instead of the engine:
// the same unit structs, orders, answers and dice, walked through the same
// order of play (charge, defensive fire, offensive fire, melee, end of turn)
// by a fixed Go procedure. What the rules say at each step comes from a
// ruleSet: plain Go, Starlark or Lua. The procedure is the part the engine
// also does in Go (hex geometry, paths, movement points), so the three
// versions differ from the engine only in how the rules run.
type world struct {
	board   *interpreter.Board
	all     []*interpreter.Unit // scenario order
	byID    []*interpreter.Unit // sorted by id, the order the engine visits units in
	start   []interpreter.Unit
	marks   []map[string]bool // each unit's marks at the start
	orders  []*interpreter.Order
	decider interpreter.Decider
	// dice are reseeded for every run, as bataille.Runner reseeds its own,
	// and read in the engine's order: a d66 is two faces, tens then units.
	dice  *interpreter.SeededDice
	rules ruleSet

	phasing  string
	ch       charge
	act      action
	melees   []meleeOrder
	enemies  []*interpreter.Unit // scratch: a snapshot of the enemies being visited
	declared []*interpreter.Order
	fired    []firedHex
	vacated  []hex.Hex // Unit.Vacated points here, so retreats allocate nothing
	err      error     // the first thing that went wrong in a run
}

// charge is the charge being resolved.
type charge struct {
	active          bool
	charger, target *interpreter.Unit
	trail           []hex.Hex
	step            int
	mpLeft, mpSpent int
	cap             int // MP it may still spend; -1 for no limit
	halted, byRule  bool
	contacted       bool
}

// action is what rules change about the action a hook is about.
type action struct {
	cost            int
	fire            float64
	shift           int
	attack, defense float64
	side            string
}

type meleeOrder struct {
	attacker, defender *interpreter.Unit
	charging, straight bool
}

type firedHex struct {
	firer *interpreter.Unit
	hex   hex.Hex
}

// ruleSet is the rules of the bundled battle, one method per hook the
// scenario reaches. Hooks that may forbid an action report blocked.
type ruleSet interface {
	declareCharge(charger, target *interpreter.Unit, stack int, leader bool) (blocked bool)
	chargeStart(charger, target *interpreter.Unit)
	chargeEnter(charger *interpreter.Unit, step int, ahead bool, turns int, noCharge bool) (blocked bool)
	chargeApproach(unit, charger, target *interpreter.Unit, distance int, los, isTarget bool)
	chargeContact(charger, target *interpreter.Unit, mpSpent int, straight bool)
	chargeEnd(charger *interpreter.Unit, couldContact bool)
	fire(firer, target *interpreter.Unit, value float64, adjacent, cavalryInHex bool, fires int, nextToEarlier bool) (blocked bool)
	fireResolve(firer, target *interpreter.Unit, value float64, shift int)
	assaultDeclare(attacker, defender *interpreter.Unit, sameHex bool) (blocked bool)
	meleeSide(attacker, defender *interpreter.Unit, side string, friendlyZdI bool)
	melee(attacker, defender *interpreter.Unit, straight, charging bool)
	meleeResolve(attacker, defender *interpreter.Unit, odds float64, charging bool)
	turnEnd(unit *interpreter.Unit)
}

// errUnsupported marks a scenario or a rule outcome that the hand-written
// versions leave out: they cover what this scenario can reach.
var errUnsupported = errors.New("not covered by the hand-written rules")

// newWorld builds a scenario for the hand-written rules. It refuses what
// they do not cover (terrain other than clear, roads, two-hex lines, orders
// other than charges and fire), so that a changed scenario fails loudly
// instead of diverging quietly.
func newWorld(mod *dsl.Module, sd *dsl.ScenarioDef) (*world, error) {
	setup, diags := interpreter.BuildScenario(mod, sd)
	if diags.HasErrors() {
		return nil, diags.Err()
	}
	b := setup.Board
	if (b.Default != "clear" && b.Default != "") || len(b.Terrain) > 0 || len(b.Road) > 0 {
		return nil, fmt.Errorf("scenario %s: terrain other than clear: %w", sd.Name, errUnsupported)
	}
	if len(b.Hexsides) > 0 {
		return nil, fmt.Errorf("scenario %s: hexside features: %w", sd.Name, errUnsupported)
	}
	w := &world{board: b, all: b.Units, orders: setup.Orders, decider: setup.Decider, dice: interpreter.NewSeededDice(0)}
	for _, u := range b.Units {
		if u.Hex2 != nil {
			return nil, fmt.Errorf("scenario %s: %s stands in two hexes: %w", sd.Name, u.ID, errUnsupported)
		}
		w.start = append(w.start, *u)
		w.marks = append(w.marks, maps.Clone(u.Marks))
	}
	for _, o := range w.orders {
		if o.Kind != "charge" && o.Kind != "fire" {
			return nil, fmt.Errorf("scenario %s: %s order: %w", sd.Name, o.Kind, errUnsupported)
		}
		if o.Formation != "" {
			return nil, fmt.Errorf("scenario %s: formation change in a charge: %w", sd.Name, errUnsupported)
		}
	}
	w.byID = slices.Clone(b.Units)
	slices.SortFunc(w.byID, func(a, b *interpreter.Unit) int { return strings.Compare(a.ID, b.ID) })
	w.vacated = make([]hex.Hex, len(b.Units))
	return w, nil
}

// rewind puts the units back as they stood and forgets the last run.
func (w *world) rewind(seed uint64) {
	for i, u := range w.all {
		marks := u.Marks
		*u = w.start[i]
		clear(marks)
		for k, v := range w.marks[i] {
			marks[k] = v
		}
		u.Marks = marks
	}
	w.dice.Reseed(seed)
	w.ch = charge{trail: w.ch.trail[:0]}
	w.melees = w.melees[:0]
	w.fired = w.fired[:0]
	w.err = nil
}

// play runs one turn of the scenario with the given seed.
func (w *world) play(seed uint64) error {
	w.rewind(seed)
	w.phasing = ""
	for _, o := range w.orders {
		if o.Kind == "charge" {
			w.phasing = o.Unit.Side
			break
		}
	}
	if w.phasing == "" && len(w.all) > 0 {
		w.phasing = w.all[0].Side
	}
	w.chargePhase()
	w.firePhase(true)
	w.firePhase(false)
	w.meleePhase()
	for _, u := range w.byID {
		if w.err != nil {
			break
		}
		w.rules.turnEnd(u)
	}
	return w.err
}

// fail keeps the first error of a run; the run goes on to its end, and
// play reports it.
func (w *world) fail(err error) {
	if w.err == nil {
		w.err = err
	}
}

func (w *world) chargePhase() {
	w.declared = w.declared[:0]
	for _, o := range w.orders {
		if o.Kind != "charge" {
			continue
		}
		u := o.Unit
		stack, leader := 0, false
		for _, x := range w.all {
			if x.Increments <= 0 || x.Hex != u.Hex || x.Side != u.Side {
				continue
			}
			if x.Arm == u.Arm {
				stack++
			}
			if x.Leader && x.CavalryBonus > 0 && x.Nationality == u.Nationality {
				leader = true
			}
		}
		if w.rules.declareCharge(u, o.Target, stack, leader) {
			continue
		}
		u.SetFlag(premier.Charged)
		w.declared = append(w.declared, o)
	}
	for _, o := range w.declared {
		w.resolveCharge(o)
	}
}

func (w *world) resolveCharge(o *interpreter.Order) {
	u := o.Unit
	if u.Increments <= 0 {
		return
	}
	w.ch = charge{active: true, charger: u, target: o.Target, trail: append(w.ch.trail[:0], u.Hex), mpLeft: u.MP, cap: -1}
	ch := &w.ch
	defer func() { ch.active = false }()
	w.rules.chargeStart(u, o.Target)
	for i, h := range o.Path {
		if ch.halted || ch.contacted || w.err != nil {
			break
		}
		ch.step = i + 1
		if !w.chargeStep(h) {
			break
		}
		w.enemies = w.appendEnemies(w.enemies[:0], u)
		for _, en := range w.enemies {
			if ch.halted || ch.contacted {
				break
			}
			w.rules.chargeApproach(en, u, ch.target, unitDistance(u, en), w.los(en, u), en == ch.target)
		}
	}
	if !ch.halted && !ch.contacted && ch.target.Increments > 0 && unitDistance(u, ch.target) <= 1 {
		w.contact(ch.target)
	}
	could := false
	if !ch.contacted && !ch.byRule {
		for _, en := range w.byID {
			if w.isEnemy(u, en) && unitDistance(u, en)-1 <= w.spendable() {
				could = true
			}
		}
	}
	w.rules.chargeEnd(u, could)
}

// chargeStep enters the next hex of the path, if the rules and the MP allow.
func (w *world) chargeStep(h hex.Hex) bool {
	ch := &w.ch
	u := ch.charger
	dir, adjacent := hex.DirectionTo(u.Hex, h)
	if !adjacent || !w.board.OnMap(h) {
		ch.halted = true
		return false
	}
	fronts := fronts(u.Formation)
	ahead := hex.IsAhead(u.Hex, u.Facing, fronts, h)
	turns := hex.TurnsToFront(u.Facing, fronts, dir)
	w.act = action{cost: clearCost}
	if w.rules.chargeEnter(u, ch.step, ahead, turns, false) {
		ch.halted, ch.byRule = true, true
		return false
	}
	if ch.halted {
		return false
	}
	cost := w.act.cost
	if cost > ch.mpLeft || (ch.cap >= 0 && cost > ch.cap) {
		ch.halted = true
		return false
	}
	w.pay(cost)
	u.MoveTo(h)
	u.Facing = dir
	ch.trail = append(ch.trail, h)
	return true
}

// clearCost is what a clear hex costs to enter; newWorld admits no other
// terrain.
const clearCost = 1

func (w *world) contact(target *interpreter.Unit) {
	ch := &w.ch
	ch.contacted = true
	ch.target = target
	w.rules.chargeContact(ch.charger, target, ch.mpSpent, hex.Straight(ch.trail))
}

func (w *world) isEnemy(of, u *interpreter.Unit) bool { return u.Side != of.Side && u.Increments > 0 }

// appendEnemies lists the enemies of u still on the board, by id.
func (w *world) appendEnemies(dst []*interpreter.Unit, u *interpreter.Unit) []*interpreter.Unit {
	for _, x := range w.byID {
		if w.isEnemy(u, x) {
			dst = append(dst, x)
		}
	}
	return dst
}

func (w *world) occupied(h hex.Hex) bool {
	for _, u := range w.all {
		if u.Increments > 0 && u.Hex == h {
			return true
		}
	}
	return false
}

func (w *world) los(a, b *interpreter.Unit) bool {
	return hex.LineOfSight(a.Hex, b.Hex, w.occupied)
}

func unitDistance(a, b *interpreter.Unit) int { return hex.Distance(a.Hex, b.Hex) }

func (w *world) spendable() int {
	if w.ch.cap >= 0 {
		return min(w.ch.cap, w.ch.mpLeft)
	}
	return w.ch.mpLeft
}

func (w *world) pay(cost int) {
	ch := &w.ch
	ch.mpLeft -= cost
	ch.mpSpent += cost
	if ch.cap >= 0 {
		ch.cap -= cost
	}
}

// fronts is how many front hexsides a formation has, as the base module
// declares them.
func fronts(formation string) int {
	switch formation {
	case "line":
		return 2
	case "skirmish", "unlimbered":
		return 3
	case "carre":
		return 6
	}
	return 1
}

// projectsZdI reports whether u projects Zd'I into h: a Carré into its own
// hex, limbered guns nowhere, the rest through their front hexsides.
func projectsZdI(u *interpreter.Unit, h hex.Hex) bool {
	switch u.Formation {
	case "carre":
		return u.Hex == h
	case "limbered":
		return false
	}
	return hex.InFront(u.Hex, u.Facing, fronts(u.Formation), h)
}

// ---- Effects: what the rules may do ---------------------------------------

func (w *world) decide(u *interpreter.Unit, question string) bool {
	return w.decider.Decide(interpreter.Question{Ask: question, Unit: u})
}

func (w *world) d66() int { return 10*w.dice.Die(6) + w.dice.Die(6) }
func (w *world) d6() int  { return w.dice.Die(6) }

func (w *world) mark(u *interpreter.Unit, name string) { u.Marks[name] = true }

func (w *world) marked(u *interpreter.Unit, name string) bool { return u.Marks[name] }

func (w *world) unmark(u *interpreter.Unit, name string) { delete(u.Marks, name) }

func (w *world) addMP(n int) {
	if !w.ch.active {
		w.fail(errors.New("add_mp outside a charge"))
		return
	}
	w.ch.mpLeft += n
}

func (w *world) addCost(n int)         { w.act.cost += n }
func (w *world) setFire(v float64)     { w.act.fire = v }
func (w *world) shift(n int)           { w.act.shift += n }
func (w *world) scaleAttack(x float64) { w.act.attack *= x }
func (w *world) setSide(s string)      { w.act.side = s }

func (w *world) halt() {
	if !w.ch.active {
		w.fail(errors.New("halt outside a charge"))
		return
	}
	w.ch.halted, w.ch.byRule = true, true
}

func (w *world) lose(u *interpreter.Unit, n int) {
	if n > 0 {
		u.Increments -= min(n, u.Increments)
	}
}

func (w *world) setState(u *interpreter.Unit, s string)     { u.State = s }
func (w *world) setFormation(u *interpreter.Unit, f string) { u.Formation = f }

func (w *world) exhaust(u *interpreter.Unit) { u.Exhausted, u.Tired = true, false }

// rout puts u in the routed state and runs it hexes away from `from`.
func (w *world) rout(u, from *interpreter.Unit, hexes int) {
	u.State = "routed"
	if hexes > 0 {
		if from == nil {
			w.fail(errors.New("rout from whom?"))
			return
		}
		w.retreat(u, hexes, from)
	}
}

// retreat moves u n hexes away from `from` (from the hex `from` came from
// when they share one), each step to the first neighbour, N first, that is
// farther, on the map and holds no enemy; where there is none it stops.
func (w *world) retreat(u *interpreter.Unit, n int, from *interpreter.Unit) {
	start := u.Hex
	away := from.Hex
	if prev, ok := from.CameFrom(); ok && from.Hex == u.Hex {
		away = prev
	}
	moved := 0
	for range n {
		next, found := u.Hex, false
		for d := hex.N; d <= hex.NW && !found; d++ {
			h := u.Hex.Neighbor(d)
			if hex.Distance(h, away) > hex.Distance(u.Hex, away) && w.board.OnMap(h) && !w.enemyIn(u, h) {
				next, found = h, true
			}
		}
		if !found {
			break
		}
		u.MoveTo(next)
		moved++
	}
	if moved > 0 {
		i := slices.Index(w.all, u)
		w.vacated[i] = start
		u.Vacated = &w.vacated[i]
	}
}

// shareResult gives friends of u of the given arm in its hex u's formation
// and state.
func (w *world) shareResult(u *interpreter.Unit, arm string) {
	for _, x := range w.all {
		if x != u && x.Increments > 0 && x.Hex == u.Hex && x.Side == u.Side && x.Arm == arm {
			x.Formation, x.State = u.Formation, u.State
		}
	}
}

// scheduleMelee queues a melee for the melee phase, once per pair.
func (w *world) scheduleMelee(a, d *interpreter.Unit) {
	m := meleeOrder{attacker: a, defender: d}
	if w.ch.active && w.ch.charger == a {
		m.charging, m.straight = true, hex.Straight(w.ch.trail)
	}
	for _, old := range w.melees {
		if old.attacker == a && old.defender == d {
			return
		}
	}
	w.melees = append(w.melees, m)
}

// follow moves the charger toward a unit until it is next to an enemy (and
// contacts it when contact is set) or out of MP.
func (w *world) follow(u, toward *interpreter.Unit, contact bool) {
	ch := &w.ch
	if !ch.active || ch.charger != u {
		w.fail(fmt.Errorf("%s is not charging", u.ID))
		return
	}
	for range 64 {
		if toward.Increments <= 0 {
			return
		}
		for _, en := range w.byID {
			if w.isEnemy(u, en) && unitDistance(u, en) <= 1 {
				if contact {
					w.contact(en)
				}
				return
			}
		}
		next, ok := w.stepToward(u.Hex, toward.Hex)
		if !ok || clearCost > w.spendable() {
			return
		}
		dir, _ := hex.DirectionTo(u.Hex, next)
		w.pay(clearCost)
		u.MoveTo(next)
		u.Facing = dir
		ch.trail = append(ch.trail, next)
	}
}

// stepToward picks the neighbour nearest the goal that no unit holds.
func (w *world) stepToward(from, goal hex.Hex) (hex.Hex, bool) {
	best, bestD := from, hex.Distance(from, goal)
	for _, n := range from.Neighbors() {
		if !w.board.OnMap(n) || w.occupied(n) {
			continue
		}
		if d := hex.Distance(n, goal); d < bestD {
			best, bestD = n, d
		}
	}
	return best, best != from
}

// limitMP caps what the charger may still spend at n, counted from the hex
// `from` vacated when it retreated.
func (w *world) limitMP(n int, from *interpreter.Unit) {
	if !w.ch.active {
		w.fail(errors.New("limit_mp outside a charge"))
		return
	}
	if from == nil || from.Vacated == nil {
		w.ch.cap = n
		return
	}
	at, goal, toll := w.ch.charger.Hex, *from.Vacated, 0
	for range 64 {
		next, ok := w.stepToward(at, goal)
		if !ok {
			break
		}
		toll += clearCost
		at = next
	}
	w.ch.cap = n + toll
}

// rideInto moves the charger into the hex of the unit next to it.
func (w *world) rideInto(u, of *interpreter.Unit) {
	ch := &w.ch
	if !ch.active || ch.charger != u {
		w.fail(fmt.Errorf("%s is not charging", u.ID))
		return
	}
	if unitDistance(u, of) != 1 || clearCost > w.spendable() {
		return
	}
	dir, _ := hex.DirectionTo(u.Hex, of.Hex)
	w.pay(clearCost)
	u.MoveTo(of.Hex)
	u.Facing = dir
	ch.trail = append(ch.trail, of.Hex)
}

// modifyD66 steps a d66 result through its 36 values in base 6, held at 11
// and 66.
func modifyD66(roll, mod int) int {
	i := (roll/10-1)*6 + roll%10 - 1 + mod
	i = max(0, min(35, i))
	return (i/6+1)*10 + i%6 + 1
}

// ---- Fire and melee --------------------------------------------------------

func (w *world) firePhase(defensive bool) {
	w.fired = w.fired[:0]
	for _, o := range w.orders {
		if o.Kind == "fire" && (o.Unit.Side != w.phasing) == defensive && w.err == nil {
			w.fireAt(o.Unit, o.Target)
		}
	}
}

func (w *world) fireAt(f, t *interpreter.Unit) {
	if f.Increments <= 0 || t.Increments <= 0 {
		return
	}
	// The engine's limits of fire: the enemy, within the arm's range
	// (premier: infantry 2, artillery 12), in sight.
	rng := map[string]int{"infantry": 2, "artillery": 12}[f.Arm]
	if d := unitDistance(f, t); f.Side == t.Side || (rng > 0 && d > rng) || (d > 1 && !w.los(f, t)) {
		return
	}
	value := float64(f.Increments)
	if f.Arm == "artillery" {
		value *= 2
	}
	switch f.State {
	case "disordered":
		value *= 0.5
	case "routed":
		value *= 0
	}
	cav := false
	for _, x := range w.all {
		if x.Increments > 0 && x.Hex == f.Hex && x.Side != f.Side && x.Arm == "cavalry" {
			cav = true
		}
	}
	fires, near := 0, false
	for _, fh := range w.fired {
		if fh.firer == f {
			fires++
			near = near || hex.Distance(fh.hex, t.Hex) <= 1
		}
	}
	w.act = action{fire: value}
	if w.rules.fire(f, t, value, unitDistance(f, t) <= 1, cav, fires, near) {
		return
	}
	w.fired = append(w.fired, firedHex{f, t.Hex})
	t.SetFlag(premier.FiredOn)
	w.rules.fireResolve(f, t, w.act.fire, w.act.shift)
}

func (w *world) meleePhase() {
	for _, m := range w.melees {
		if w.err != nil {
			return
		}
		w.meleeOne(m)
	}
	w.melees = w.melees[:0]
	w.separate()
}

// enemyIn reports whether an enemy of u stands in h.
func (w *world) enemyIn(u *interpreter.Unit, h hex.Hex) bool {
	for _, x := range w.all {
		if w.isEnemy(u, x) && x.Hex == h {
			return true
		}
	}
	return false
}

// separate sends cavalry still in an enemy foot unit's hex after the melee
// back to the hex it came from (the scenario reaches no other case).
func (w *world) separate() {
	for _, u := range w.byID {
		if u.Increments <= 0 || u.Arm != "cavalry" {
			continue
		}
		shared := false
		for _, x := range w.byID {
			if w.isEnemy(u, x) && x.Hex == u.Hex && x.Arm != "cavalry" {
				shared = true
			}
		}
		if !shared {
			continue
		}
		prev, ok := u.CameFrom()
		if !ok || hex.Distance(prev, u.Hex) != 1 || !w.board.OnMap(prev) || w.enemyIn(u, prev) {
			w.fail(fmt.Errorf("%s cannot go back from %s: %w", u.ID, u.Hex, errUnsupported))
			return
		}
		u.MoveTo(prev)
	}
}

func (w *world) meleeOne(m meleeOrder) {
	a, d := m.attacker, m.defender
	if a.Increments <= 0 || d.Increments <= 0 {
		return
	}
	sameHex := a.Hex == d.Hex
	if w.rules.assaultDeclare(a, d, sameHex) {
		return
	}
	side := "front"
	if dir, ok := hex.DirectionTo(d.Hex, a.Hex); ok && !sameHex {
		side = hex.HexsideClass(d.Facing, fronts(d.Formation), dir).String()
	}
	friendly := false
	for _, x := range w.all {
		if x != d && x.Side == d.Side && x.Increments > 0 && projectsZdI(x, a.Hex) {
			friendly = true
		}
	}
	w.act = action{side: side}
	w.rules.meleeSide(a, d, side, friendly)
	w.act.attack, w.act.defense = strength(a), strength(d)
	w.rules.melee(a, d, m.straight, m.charging)
	odds := w.act.attack
	if w.act.defense > 0 {
		odds = w.act.attack / w.act.defense
	}
	w.rules.meleeResolve(a, d, odds, m.charging)
}

// strength is a unit's melee value scaled by its morale state.
func strength(u *interpreter.Unit) float64 {
	v := float64(u.Melee)
	if u.Melee == 0 {
		v = float64(u.Increments)
	}
	switch u.State {
	case "disordered":
		v *= 0.5
	case "routed":
		v *= 0.25
	}
	return v
}
