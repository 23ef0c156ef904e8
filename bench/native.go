package bench

import (
	"fmt"

	"github.com/bataille/bataille/interpreter"
	"github.com/bataille/bataille/premier"
)

// nativeRules are the battle's rules written by hand in Go: each hook runs
// its rules in the order the module lists them, with the module's figures
// as constants.
type nativeRules struct{ w *world }

// The parameters the scenario reaches, as the battle sets them.
const (
	bonusMP           = 5
	turnCost          = 1
	carreWindow       = 4
	carreAnyUnit      = false
	carreModLeader    = -4
	carreModGuard     = -6
	carreModLight     = 2
	carreModLancers   = 6
	carreModLightCav  = -2
	releaseDistance   = 2
	trampleDisordered = 3
	trampleRouted     = 2
	routHexes         = 10
	routTargetHexes   = 3
	recallMaxMP       = 5
	ddRetreat         = 3
	straightFactor    = 2
	infantryOnCarre   = 1.5
	cavalryOnCarre    = 0.3333333333333333
)

func newNative(w *world) *nativeRules {
	r := &nativeRules{w: w}
	w.rules = r
	return r
}

func (r *nativeRules) declareCharge(charger, target *interpreter.Unit, stack int, leader bool) bool {
	w := r.w
	switch {
	case charger.Arm != "cavalry", charger.State != "good", charger.Tired || charger.Exhausted: // charge.eligible
		return true
	case charger.Flag(premier.Moved): // charge.or_move
		return true
	case !(stack <= 1 || leader): // charge.stack
		return true
	}
	w.mark(charger, "declared") // charge.declared
	return false
}

func (r *nativeRules) chargeStart(charger, target *interpreter.Unit) { r.w.addMP(bonusMP) }

func (r *nativeRules) chargeEnter(charger *interpreter.Unit, step int, ahead bool, turns int, noCharge bool) bool {
	if noCharge || !(step > 1 || ahead) { // charge.terrain, charge.first_hex
		return true
	}
	if turns > 0 { // charge.facing
		r.w.addCost(turns * turnCost)
	}
	return false
}

// approach carries the charge_approach variables into the outcome rules of
// the tables rolled there, as the engine's nested hooks see them.
type approach struct {
	unit, charger, target *interpreter.Unit
	distance              int
	isTarget              bool
}

func (r *nativeRules) chargeApproach(unit, charger, target *interpreter.Unit, distance int, los, isTarget bool) {
	w := r.w
	a := approach{unit, charger, target, distance, isTarget}
	// carre.attempt
	if unit.Arm == "infantry" && unit.Formation != "carre" && unit.State == "good" && !w.marked(unit, "carre_tried") &&
		distance <= carreWindow && los && (isTarget || carreAnyUnit) && canFormCarre(unit) && w.decide(unit, "form_carre") {
		mod := 0
		if unit.Leader {
			mod += carreModLeader
		}
		if unit.Has("guard") {
			mod += carreModGuard
		}
		if unit.Has("light") {
			mod += carreModLight
		}
		if charger.Has("lancer") {
			mod += carreModLancers
		}
		if charger.Has("light") {
			mod += carreModLightCav
		}
		w.mark(unit, "carre_tried")
		r.carreRealization(&a, mod)
	}
	// carre.release
	if unit.Formation == "carre" && isTarget && distance > releaseDistance && w.decide(charger, "halt_before_carre") {
		w.halt()
	}
}

func canFormCarre(u *interpreter.Unit) bool { return u.Arm == "infantry" || u.Arm == "artillery" }

// carreRealization rolls on the battle's Carré Realization Table: the
// column by formation and distance, the row by d66, low is good.
func (r *nativeRules) carreRealization(a *approach, mod int) {
	w := r.w
	roll := modifyD66(w.d66(), max(-12, min(12, mod)))
	var carre, disorder int // last rows of the first two results
	switch {
	case a.unit.Formation == "column" && a.distance >= 3:
		carre, disorder = 42, 54
	case a.unit.Formation == "column":
		carre, disorder = 34, 52
	case a.distance >= 3:
		carre, disorder = 33, 52
	default:
		carre, disorder = 25, 46
	}
	unit, charger := a.unit, a.charger
	switch {
	case roll <= carre:
		w.setFormation(unit, "carre") // carre.formed
		w.shareResult(unit, "artillery")
		if a.isTarget { // carre.formed_melee
			w.follow(charger, unit, true)
		}
	case roll <= disorder:
		w.setState(unit, "disordered") // carre.disorder
		w.shareResult(unit, "artillery")
		if a.isTarget { // carre.disorder_close
			w.follow(charger, unit, false)
			w.scheduleMelee(charger, unit)
			w.halt()
		}
	default:
		hexes := routHexes // carre.rout
		if a.isTarget {
			hexes = routTargetHexes
		}
		w.rout(unit, charger, hexes)
		w.shareResult(unit, "artillery")
		if a.isTarget && !w.marked(charger, "recall_rolled") { // carre.rout_recall
			w.mark(charger, "recall_rolled")
			r.recall(a)
		}
	}
}

// recall rolls on the Recall Chart.
func (r *nativeRules) recall(a *approach) {
	w := r.w
	if w.d6() <= 4 {
		w.mark(a.charger, "recalled") // recall.ok
		if w.decide(a.charger, "follow_routed") {
			w.mark(a.charger, "follows_routed")
			w.follow(a.charger, a.target, true)
		}
		return
	}
	w.mark(a.charger, "no_recall") // recall.failed
	w.limitMP(recallMaxMP, a.target)
	w.follow(a.charger, a.target, true)
}

func (r *nativeRules) chargeContact(charger, target *interpreter.Unit, mpSpent int, straight bool) {
	w := r.w
	if target.Arm == "infantry" && target.State == "disordered" { // contact.trample_disordered
		w.lose(target, mpSpent/trampleDisordered)
	}
	if target.Arm == "infantry" && target.State == "routed" { // contact.trample_routed
		w.lose(target, mpSpent/trampleRouted)
	}
	if target.State == "good" && target.Formation == "column" && w.board.Road[target.Hex] { // contact.road
		w.fail(errUnsupported)
	}
	if target.Arm == "cavalry" && target.State == "good" && w.decide(target, "reaction_charge") { // contact.cavalry
		w.mark(target, "reaction_charged")
	}
	if target.Arm == "cavalry" { // contact.cavalry_melee
		w.scheduleMelee(charger, target)
	}
	// contact.stand, with the battle's modifiers
	if target.Arm == "infantry" && target.State == "good" && target.Formation != "carre" && !w.marked(target, "carre_tried") {
		mod := 0
		if charger.Has("lancer") {
			mod -= 6
		}
		if charger.Has("guard") {
			mod -= 3
		}
		if charger.Has("light") {
			mod += 2
		}
		if target.Has("guard") {
			mod += 6
		}
		if target.Leader {
			mod += 3
		}
		if target.Has("light") {
			mod -= 2
		}
		r.stand(charger, target, mod)
	}
	if target.Formation == "carre" { // contact.carre
		w.rideInto(charger, target)
		w.scheduleMelee(charger, target)
	}
	if target.Arm == "infantry" && target.State == "disordered" { // contact.disordered
		w.scheduleMelee(charger, target)
	}
}

// stand is the morale check to stand a charge: the modified d66 must be
// above the morale value, which a Carré lowers by 6.
func (r *nativeRules) stand(charger, unit *interpreter.Unit, mod int) {
	w := r.w
	roll := modifyD66(w.d66(), max(-18, min(18, mod)))
	threshold := unit.Morale
	if unit.Formation == "carre" {
		threshold -= 6
	}
	if roll > threshold {
		w.mark(unit, "passed_pre_melee") // stand.held
		w.halt()
		w.scheduleMelee(charger, unit)
		return
	}
	w.setState(unit, "disordered") // stand.broken
	w.mark(unit, "no_pre_melee")
	w.mark(charger, "no_pre_melee")
	w.scheduleMelee(charger, unit)
}

func (r *nativeRules) chargeEnd(charger *interpreter.Unit, couldContact bool) {
	w := r.w
	if couldContact && !w.marked(charger, "recalled") { // end.no_contact
		w.rout(charger, nil, 0)
		w.exhaust(charger)
	}
}

func (r *nativeRules) fire(firer, target *interpreter.Unit, value float64, adjacent, cav bool, fires int, near bool) bool {
	w := r.w
	if !(value > 0) { // fire.none
		return true
	}
	if firer.Formation == "carre" && !cav && (!adjacent || fires >= 3 || near) { // fire.carre_hexes
		return true
	}
	if firer.Formation == "carre" && firer.Arm == "infantry" && !cav { // fire.carre_value
		w.setFire(value / 3)
	}
	if firer.Formation == "carre" && firer.Arm == "infantry" && cav { // fire.carre_cavalry
		w.setFire(value)
	}
	if firer.Arm == "artillery" && firer.Formation == "carre" && cav { // fire.carre_artillery
		w.setFire(value * 2)
		w.shift(1)
	}
	return false
}

// fireResolve rolls on the Fire Combat Table: the column by the odds of the
// fire value against the target's defence, moved by the shifts; a roll of
// 65 or more would hit a leader, which these versions leave out.
func (r *nativeRules) fireResolve(firer, target *interpreter.Unit, value float64, shift int) {
	w := r.w
	col := oddsColumn(value, fireDefence(target.Formation), shift, fireStarts[:])
	roll := w.d66()
	loss := 0
	for _, b := range fireBands[col] {
		if roll >= b[0] {
			loss = b[1]
		}
	}
	if loss > 0 { // fire.loss
		w.lose(target, loss)
		if roll >= casualtyFireRoll && target.Leader { // fire.leader
			w.fail(fmt.Errorf("leader casualty: %w", errUnsupported))
		}
	}
}

func (r *nativeRules) assaultDeclare(attacker, defender *interpreter.Unit, sameHex bool) bool {
	if attacker.Formation == "carre" { // assault.carre_no
		return true
	}
	if defender.Formation == "carre" && attacker.Arm == "infantry" && sameHex { // assault.carre_infantry
		return true
	}
	if defender.Formation == "carre" && attacker.Arm == "cavalry" && (!sameHex || !attacker.Flag(premier.FiredOn)) { // assault.carre_cavalry
		return true
	}
	return false
}

func (r *nativeRules) meleeSide(attacker, defender *interpreter.Unit, side string, friendlyZdI bool) {
	if defender.Formation == "line" && side == "flank" && friendlyZdI { // melee.refused
		r.w.setSide("front")
	}
}

func (r *nativeRules) melee(attacker, defender *interpreter.Unit, straight, charging bool) {
	w := r.w
	if charging && straight && defender.Formation != "carre" && !w.marked(defender, "reaction_charged") { // melee.straight
		w.scaleAttack(straightFactor)
	}
	if defender.Formation == "carre" && attacker.Arm == "infantry" { // melee.infantry_carre
		w.scaleAttack(infantryOnCarre)
	}
	if defender.Formation == "carre" && attacker.Arm == "cavalry" { // melee.cavalry_carre
		w.scaleAttack(cavalryOnCarre)
	}
}

// meleeResolve checks each side's morale before the melee and rolls on the
// Assault à Melee Table.
func (r *nativeRules) meleeResolve(attacker, defender *interpreter.Unit, odds float64, charging bool) {
	w := r.w
	row := assaultRow(odds)
	if !w.marked(attacker, "no_pre_melee") { // melee.pre_melee_attacker
		r.preMelee(attacker, attacker, assaultOdds[0][row])
	}
	if !w.marked(attacker, "assault_called_off") && !w.marked(defender, "no_pre_melee") && !w.marked(defender, "passed_pre_melee") { // melee.pre_melee_defender
		r.preMelee(attacker, defender, assaultOdds[1][row])
	}
	if charging && attacker.Arm == "cavalry" && !w.marked(attacker, "assault_called_off") { // end.assaulted
		w.mark(attacker, "exhaust_after_melee")
	}
	if !w.marked(attacker, "assault_called_off") { // melee.resolve
		r.meleeCombat(attacker, defender, odds)
	}
	// melee.pre_melee_done
	if w.marked(attacker, "assault_called_off") || w.marked(attacker, "no_pre_melee") || w.marked(defender, "no_pre_melee") || w.marked(defender, "passed_pre_melee") {
		w.unmark(attacker, "assault_called_off")
		w.unmark(attacker, "no_pre_melee")
		w.unmark(defender, "no_pre_melee")
		w.unmark(defender, "passed_pre_melee")
	}
}

// preMelee is the pre-melee check: a failure disorders, and calls off the
// assault of an attacker.
func (r *nativeRules) preMelee(attacker, unit *interpreter.Unit, mod int) {
	w := r.w
	if modifyD66(w.d66(), max(-36, min(36, mod))) > unit.Morale+formationMorale(unit) {
		return
	}
	if unit.State == "good" { // pre_melee.failed
		w.setState(unit, "disordered")
	}
	if unit == attacker { // pre_melee.called_off
		w.mark(attacker, "assault_called_off")
	}
}

// moraleCheck is the morale check a starred result calls for.
func (r *nativeRules) moraleCheck(unit *interpreter.Unit) {
	if r.w.d66() > unit.Morale+formationMorale(unit) {
		return
	}
	if unit.State == "good" { // morale.failed
		r.w.setState(unit, "disordered")
	}
}

func (r *nativeRules) meleeCombat(attacker, defender *interpreter.Unit, odds float64) {
	w := r.w
	col := meleeColumn(odds)
	roll := w.d66()
	var cell meleeCell
	for _, c := range meleeCells[col] {
		if roll >= c.from {
			cell = c
		}
	}
	if roll <= casualtyAttackerRoll && attacker.Leader || roll >= casualtyDefenderRoll && defender.Leader {
		w.fail(fmt.Errorf("leader casualty: %w", errUnsupported))
		return
	}
	switch cell.result {
	case losses, attackerChecks, defenderChecks: // melee.losses and the starred two
		w.lose(attacker, cell.a)
		w.lose(defender, cell.d)
		if cell.result == attackerChecks {
			r.moraleCheck(attacker)
		}
		if cell.result == defenderChecks {
			r.moraleCheck(defender)
		}
	case attackerRouts: // melee.attacker_routs
		w.rout(attacker, defender, routHexes)
	case attackerDisorders: // melee.attacker_disorders
		w.setState(attacker, "disordered")
	case defenderDisorders:
		if defender.Formation != "carre" { // melee.dd
			if defender.State != "routed" {
				w.setState(defender, "disordered")
			}
			w.retreat(defender, 1, attacker)
		} else { // melee.carre_dd
			w.setState(defender, "disordered")
			w.setFormation(defender, "column")
			w.retreat(defender, ddRetreat, attacker)
		}
	case defenderRouts: // melee.defender_routs
		w.rout(defender, attacker, routHexes)
	case defenderSurrenders: // melee.defender_surrenders
		w.lose(defender, defender.Increments)
	}
}

func (r *nativeRules) turnEnd(unit *interpreter.Unit) {
	w := r.w
	if w.marked(unit, "exhaust_after_melee") { // turn.exhausted
		w.exhaust(unit)
	}
	if w.marked(unit, "no_recall") && unit.State != "routed" { // turn.pgd
		w.rout(unit, nil, 0)
	}
}
