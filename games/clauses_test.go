package games_test

import (
	"context"
	"errors"
	"github.com/bataille/bataille/hex"
	"io/fs"
	"os"
	"strings"
	"sync"
	"testing"
	"testing/fstest"

	"github.com/bataille/bataille"
	"github.com/bataille/bataille/dsl"
	"github.com/bataille/bataille/interpreter"
)

// Every clause of the rulebook inventory is driven here through the engine:
// the scenarios live in testdata/clauses/<folder>, one module per bundled
// battle (folders ber, fri, aus, after the clause-ID prefixes), each
// extending the battle whose pages the clauses come from. The dice are
// queued face by face (a d66 takes two faces, tens then units) and every
// question a rule asks is answered here, so each test walks one path.

// clause is one test: the clause it drives, where its scenario lives, the
// dice, the answers, and what the page says must come of it.
type clause struct {
	id       string // the clause ID of the rules inventory
	folder   string // testdata/clauses/<folder>
	scenario string
	variant  string // declarations added on top of the folder's module, for a variant reading
	faces    []int
	answers  map[[2]string]bool // (unit, question) → answer; anything else is no
	// askAt, when above 0, holds the yes answers to the questions asked
	// of a unit askAt hexes across the charge (Question.Distance): the
	// rules ask at the charge's start and after every hex.
	askAt int
	// unreachable says the set-up stands where no play could bring it (a
	// Carré in a dwelling): the invariants, which would stop it at its
	// first step, are off, to test one rule on its own.
	unreachable bool
	check       func(t *testing.T, r *played)
}

// yes answers the questions listed as unit, question pairs with yes.
func yes(pairs ...string) map[[2]string]bool {
	m := map[[2]string]bool{}
	for i := 0; i+1 < len(pairs); i += 2 {
		m[[2]string{pairs[i], pairs[i+1]}] = true
	}
	return m
}

// wavering is a variant Carré Realization Table with a result that leaves
// the infantry as it was, so that a second attempt in the same phase can be
// seen to be allowed or refused.
const wavering = `override table carre_realization "Carré Realization Table (test: wavering)" roll d66 + modifier -12..12 {
  11..56 => wavers
  61..62 => carre
  63..64 => disorder
  65..66 => rout
}`

var clauses = []clause{
	// ---- BER clauses, page 17 -----------------------------------------------------
	{id: "BER-17-MULTIHEX", folder: "ber", scenario: "multihex", faces: []int{1, 1},
		check: func(t *testing.T, r *played) {
			r.fired("move.multihex")
			r.text("foe fires at lin")
			// Not stopped by the Zd'I at 0610: it goes on, and is stopped
			// only by 0510, which would put its other half in foe's hex.
			r.text("lin stops before 0510: an enemy holds it")
			r.at("lin", "0610")
		}},
	{id: "BER-17-MULTIHEX", folder: "ber", scenario: "multihex_single",
		check: func(t *testing.T, r *played) {
			r.notFired("move.multihex")
			r.at("bat", "0610") // a one-hex battalion stops in the Zd'I
		}},
	{id: "BER-17-REFUSED", folder: "ber", scenario: "refused_flank", faces: []int{3, 1},
		check: func(t *testing.T, r *played) {
			r.text("att melees def through its front") // the line's refused_flank, read by the engine
		}},
	{id: "BER-17-REFUSED", folder: "ber", scenario: "open_flank", faces: []int{3, 1},
		check: func(t *testing.T, r *played) {
			r.text("att melees def through its flank")
		}},
	{id: "BER-17-REFUSED", folder: "ber", scenario: "opportunity_charge", answers: yes("cav", "opportunity_charge"), faces: []int{4, 1, 5, 1, 1, 6},
		check: func(t *testing.T, r *played) {
			// BER-37-ELIGIBLE too: the cavalry is tired and may still
			// opportunity-charge; the charge is played once the move is over.
			r.asked("cav", "opportunity_charge", 1)
			r.marked("mover", "opportunity_charged")
			r.notBlocked("charge.eligible")
			r.before("mover moves to 0609", "cav declares a charge on mover")
			r.text("cav contacts mover")
		}},
	{id: "BER-17-CARRE-TERRAIN", folder: "ber", scenario: "carre_woods",
		check: func(t *testing.T, r *played) {
			r.blocked("carre.terrain")
			r.formation("inf", "line")
		}},
	{id: "BER-17-CARRE-MIN", folder: "ber", scenario: "carre_small",
		check: func(t *testing.T, r *played) {
			r.blocked("carre.min")
			r.formation("inf", "line")
		}},
	{id: "BER-17-CARRE-STACK", folder: "ber", scenario: "carre_stack_two",
		check: func(t *testing.T, r *played) {
			r.blockedWith("stacking", "18 increments or one regiment") // 20 increments of two regiments: the carre formation's limits
			r.formation("a", "column")
		}},
	{id: "BER-17-CARRE-STACK", folder: "ber", scenario: "carre_stack_one",
		check: func(t *testing.T, r *played) {
			r.notBlocked("stacking") // one regiment may exceed 18 increments
			r.formation("a", "carre")
		}},
	{id: "BER-17-CARRE-ZDI", folder: "ber", scenario: "zdi_carre",
		check: func(t *testing.T, r *played) {
			r.at("mover", "0709") // walked past the Carré's face without stopping
		}},
	{id: "BER-17-CARRE-ZDI", folder: "ber", scenario: "zdi_column",
		check: func(t *testing.T, r *played) {
			r.at("mover", "0609") // a column's front Zd'I stops it
		}},
	{id: "BER-17-CARRE-FORM", folder: "ber", scenario: "carre_form",
		check: func(t *testing.T, r *played) {
			r.fired("carre.form")
			r.text("inf forms carre (1 MP)")
			r.formation("inf", "carre")
		}},
	{id: "BER-17-CARRE-FORM", folder: "ber", scenario: "attempt", faces: []int{1, 1}, answers: yes("inf", "form_carre"),
		check: func(t *testing.T, r *played) {
			// formed in the enemy's charge phase
			r.outcome("carre_realization", "carre")
			r.formation("inf", "carre")
		}},
	{id: "BER-17-CARRE-FRONT", folder: "ber", scenario: "carre_rear", faces: []int{3, 1},
		check: func(t *testing.T, r *played) {
			r.text("att melees sq through its front") // from behind, yet a front
		}},
	{id: "BER-17-CARRE-MORALE", folder: "ber", scenario: "road", faces: []int{2, 3},
		check: func(t *testing.T, r *played) {
			// morale 31 less six d66 steps for the Carré is 21: the six go
			// on the roll, 23 stepping to 33, and it passes (read by its
			// digits, 31 - 6 = 25, the 23 would fail)
			r.text("Morale check: 33 must be above 31 → pass [d66 23, In Carré (morale value -6) +6 → 33]")
			r.state("sq", "good")
		}},
	{id: "BER-17-CARRE-FIRE", folder: "ber", scenario: "carre_fire", faces: []int{1, 1, 1, 1, 1, 1},
		check: func(t *testing.T, r *played) {
			r.count("sq fires at", 3)
			r.count("(fire value 2)", 3) // a third of 6 increments, every time
			r.blockedWith("fire.carre_hexes", "do not touch")
			r.blockedWith("fire.carre_hexes", "only into neighbouring hexes")
			r.blockedWith("fire.carre_hexes", "three hexes at most")
		}},
	{id: "BER-17-CARRE-FIRE-CAV", folder: "ber", scenario: "carre_fire_cav", faces: []int{1, 1, 1, 1},
		check: func(t *testing.T, r *played) {
			r.fired("fire.carre_cavalry")
			r.text("sq fires at cav (fire value 6)") // all six increments
		}},
	{id: "BER-17-CARRE-FIRE-ART", folder: "ber", scenario: "carre_fire_cav", faces: []int{1, 1, 1, 1},
		check: func(t *testing.T, r *played) {
			r.fired("fire.carre_artillery")
			r.text("guns fires at cav (fire value 4)") // 1 increment × 2, doubled
			r.text("Fire Combat Table (1:1)")          // 4 against a column's 6 reads 1:1.5; canister, one column right
		}},
	{id: "BER-17-CARRE-ASSAULT-INF", folder: "ber", scenario: "carre_assault_inf", faces: []int{3, 1},
		check: func(t *testing.T, r *played) {
			r.fired("melee.infantry_carre")
			r.text("melee strengths 9 against 6")
			r.at("att", "0609") // it stays next to the Carré
		}},
	{id: "BER-17-CARRE-ASSAULT-INF", folder: "ber", scenario: "carre_assault_inside",
		check: func(t *testing.T, r *played) {
			r.blocked("assault.carre_infantry")
		}},
	{id: "BER-17-CARRE-NO-ASSAULT", folder: "ber", scenario: "carre_no_assault",
		check: func(t *testing.T, r *played) {
			r.blocked("assault.carre_no")
		}},
	// Both sides pass the pre-melee check (66 each), then 66 at 1.5:1 is DD.
	{id: "BER-17-CARRE-DD", folder: "ber", scenario: "carre_assault_inf", faces: []int{6, 6, 6, 6, 6, 6},
		check: func(t *testing.T, r *played) {
			r.outcome("melee_combat", "defender_disorders")
			r.fired("melee.carre_dd")
			r.state("sq", "disordered")
			r.formation("sq", "column")
			r.movedFrom("sq", "0610", 3) // three hexes back, away from the assault
			r.farther("sq", "att", 3)
		}},
	{id: "BER-17-CARRE-CAV", folder: "ber", scenario: "carre_cav", faces: []int{1, 1, 3, 1},
		check: func(t *testing.T, r *played) {
			r.text("drag rides into 0610") // rests in the Carré's hex
			r.notBlocked("assault.carre_cavalry")
			r.text("melee strengths 3 against 6") // a third of 9
		}},
	{id: "BER-17-CARRE-CAV", folder: "ber", scenario: "carre_cav_unfired",
		check: func(t *testing.T, r *played) {
			r.blockedWith("assault.carre_cavalry", "defensive fire")
		}},

	// ---- BER clauses, page 37 -----------------------------------------------------
	{id: "BER-37-CHARGE-OR-MOVE", folder: "ber", scenario: "moved_then_charge",
		check: func(t *testing.T, r *played) {
			r.blocked("charge.or_move")
			r.at("cav", "0615")
		}},
	{id: "BER-37-CHARGE-OR-MOVE", folder: "ber", scenario: "charge_then_move",
		check: func(t *testing.T, r *played) {
			r.blocked("move.or_charge")
			r.at("cav", "0613")
		}},
	{id: "BER-37-ELIGIBLE", folder: "ber", scenario: "tired_charge",
		check: func(t *testing.T, r *played) {
			r.blockedWith("charge.eligible", "tired")
		}},
	{id: "BER-37-ELIGIBLE", folder: "ber", scenario: "disordered_charge",
		check: func(t *testing.T, r *played) {
			r.blockedWith("charge.eligible", "good order")
		}},
	{id: "BER-37-BONUS-MP", folder: "ber", scenario: "bonus_mp",
		check: func(t *testing.T, r *played) {
			r.fired("charge.bonus")
			r.at("cav", "0610") // 2 printed + 5 = 7 hexes
		}},
	{id: "BER-37-STACK", folder: "ber", scenario: "stack_no_leader",
		check: func(t *testing.T, r *played) {
			r.count("may not charge: a stack charges only with a leader", 2)
		}},
	{id: "BER-37-STACK", folder: "ber", scenario: "stack_foreign_leader",
		check: func(t *testing.T, r *played) {
			r.blocked("charge.stack")
		}},
	{id: "BER-37-STACK", folder: "ber", scenario: "stack_leader",
		check: func(t *testing.T, r *played) {
			r.notBlocked("charge.stack")
			r.at("c1", "0613")
			r.at("c2", "0613") // the stack stays together
		}},
	{id: "BER-37-FORMATION", folder: "ber", scenario: "formation_first",
		check: func(t *testing.T, r *played) {
			r.text("cav forms line (6 MP)") // 3 doubled
			r.formation("cav", "line")
		}},
	{id: "BER-37-FORMATION", folder: "ber", scenario: "formation_second",
		check: func(t *testing.T, r *played) {
			r.blocked("charge.formation")
			r.formation("cav", "column")
		}},
	// BER-37-PROCESS-MOVE reads "the second hex" where BER-37-FORMATION says
	// "the first": the base takes the first; this one line is the other reading.
	{id: "BER-37-PROCESS-MOVE", folder: "ber", scenario: "formation_second", variant: "override param charge.formation_hex = 2",
		check: func(t *testing.T, r *played) {
			r.text("cav forms line (6 MP)")
			r.formation("cav", "line")
		}},
	{id: "BER-37-PROCESS-MOVE", folder: "ber", scenario: "formation_first", variant: "override param charge.formation_hex = 2",
		check: func(t *testing.T, r *played) {
			r.blocked("charge.formation")
			r.formation("cav", "column")
		}},
	{id: "BER-37-TERRAIN", folder: "ber", scenario: "charge_woods",
		check: func(t *testing.T, r *played) {
			r.blocked("charge.terrain")
			r.at("cav", "0614")
			r.state("cav", "good") // a charge the rules halted does not rout
		}},
	{id: "BER-37-CAV-VS-CAV", folder: "ber", scenario: "cav_vs_cav", faces: []int{1, 1},
		check: func(t *testing.T, r *played) {
			r.rolls("stand", 0) // no morale check to stand
			r.text("melee strengths 16 against 6")
		}},
	{id: "BER-37-CAV-VS-CAV", folder: "ber", scenario: "cav_vs_cav", faces: []int{1, 1}, answers: yes("hus", "reaction_charge"),
		check: func(t *testing.T, r *played) {
			r.marked("hus", "reaction_charged")
			r.text("hus charges cuir in reaction") // the declare_charge rules allowed it
			r.text("melee strengths 8 against 6")  // no doubling against a reaction charge
		}},
	{id: "BER-37-CAV-VS-CAV", folder: "ber", scenario: "cav_vs_cav_moved", faces: []int{1, 1}, answers: yes("hus", "reaction_charge"),
		check: func(t *testing.T, r *played) {
			r.text("hus may not charge: it moved this turn") // the reaction is judged like a charge
			r.text("melee strengths 16 against 6")           // and, refused, leaves the doubling
		}},
	{id: "BER-37-PROCESS-DECLARE", folder: "ber", scenario: "two_charges",
		check: func(t *testing.T, r *played) {
			r.marked("c1", "declared")
			r.marked("c2", "declared")
			r.before("c2 declares a charge", "c1 charges inf")
		}},
	{id: "BER-37-PROCESS-MOVE", folder: "ber", scenario: "first_hex_aside",
		check: func(t *testing.T, r *played) {
			r.blocked("charge.first_hex")
			r.at("cav", "0616")
		}},
	{id: "BER-37-PROCESS-MOVE", folder: "ber", scenario: "line_first_hex",
		check: func(t *testing.T, r *played) {
			r.notBlocked("charge.first_hex") // either front hex of a line
			r.text("cav enters 0716 (clear, 1 MP")
			r.at("cav", "0715")
		}},
	{id: "BER-37-PROCESS-MOVE", folder: "ber", scenario: "charge_turn",
		check: func(t *testing.T, r *played) {
			r.text("cav enters 0715 (clear, 2 MP; 3 spent") // a hexside turned costs 1
			r.text("cav enters 0714 (clear, 2 MP; 5 spent")
		}},

	// ---- BER clauses, page 40 -----------------------------------------------------
	// The melee after the trample: the cavalry passes its pre-melee check
	// (31, +6 at 4:1), the infantry fails its own (11), and 22 at 4:1 is DD.
	{id: "BER-40-TRAMPLE-DISORDERED", folder: "ber", scenario: "trample_disordered", faces: []int{3, 1, 1, 1, 2, 2},
		check: func(t *testing.T, r *played) {
			r.fired("contact.trample_disordered")
			r.text("inf loses 2 increment(s)") // 6 MP spent, one for every 3
			r.increments("inf", 4)
		}},
	{id: "BER-40-EXHAUSTED", folder: "ber", scenario: "trample_disordered", faces: []int{3, 1, 1, 1, 2, 2},
		check: func(t *testing.T, r *played) {
			r.fired("turn.exhausted")
			r.exhausted("cav", true)
		}},
	{id: "BER-40-TRAMPLE-ROUTED", folder: "ber", scenario: "trample_routed",
		check: func(t *testing.T, r *played) {
			r.fired("contact.trample_routed")
			r.increments("inf", 4) // 4 MP spent, one for every 2
		}},
	{id: "BER-40-ROUT-10", folder: "ber", scenario: "rout_bystander", variant: "override param carre.any_unit = true", faces: []int{6, 6},
		answers: yes("by", "form_carre"),
		check: func(t *testing.T, r *played) {
			r.state("by", "routed")
			r.at("by", "0806") // ten hexes from 0816
		}},
	{id: "BER-40-RECALL-ROLL", folder: "ber", scenario: "attempt", faces: []int{6, 6, 1}, answers: yes("inf", "form_carre", "hus", "follow_routed"),
		check: func(t *testing.T, r *played) {
			r.rolls("recall", 1)
			r.marked("hus", "recall_rolled")
		}},
	{id: "BER-40-RECALL-OK", folder: "ber", scenario: "attempt", faces: []int{6, 6, 1}, answers: yes("inf", "form_carre", "hus", "follow_routed"),
		check: func(t *testing.T, r *played) {
			r.marked("hus", "recalled")
			r.at("inf", "0607") // the target ran three hexes
			r.at("hus", "0608") // and was followed
			r.increments("inf", 2)
		}},
	{id: "BER-40-RECALL-OK", folder: "ber", scenario: "attempt", faces: []int{6, 6, 1}, answers: yes("inf", "form_carre"),
		check: func(t *testing.T, r *played) {
			r.at("hus", "0611") // it moved on instead
			r.state("hus", "good")
			r.increments("inf", 6)
		}},
	{id: "BER-40-RECALL-FAIL", folder: "ber", scenario: "attempt", faces: []int{6, 6, 6}, answers: yes("inf", "form_carre"),
		check: func(t *testing.T, r *played) {
			r.marked("hus", "no_recall")
			r.text("hus may spend at most 5 more MP from 0610")
			r.at("hus", "0608")
		}},
	{id: "BER-40-RECALL-FAIL", folder: "ber", scenario: "attempt", variant: "override param rout.target_hexes = 8", faces: []int{6, 6, 6},
		answers: yes("inf", "form_carre"),
		check: func(t *testing.T, r *played) {
			r.at("inf", "0602")
			r.at("hus", "0605") // five MP past 0610, the hex the infantry left
		}},
	{id: "BER-40-RECALL-FAIL", folder: "ber", scenario: "attempt_screened", faces: []int{6, 6, 6, 6, 6, 1, 1}, answers: yes("inf", "form_carre"),
		check: func(t *testing.T, r *played) {
			r.text("hus meets rear first") // the first enemy on its way
			r.text("hus melees rear")
		}},
	{id: "BER-40-PGD", folder: "ber", scenario: "attempt", faces: []int{6, 6, 6}, answers: yes("inf", "form_carre"),
		check: func(t *testing.T, r *played) {
			r.fired("turn.pgd")
			r.state("hus", "routed")
		}},
	{id: "BER-40-NO-CONTACT", folder: "ber", scenario: "no_contact",
		check: func(t *testing.T, r *played) {
			r.fired("end.no_contact")
			r.state("cav", "routed")
			r.exhausted("cav", true)
			r.at("cav", "0613") // in its final hex
		}},
	{id: "BER-40-ROAD", folder: "ber", scenario: "road", faces: []int{1, 1},
		check: func(t *testing.T, r *played) {
			r.fired("contact.road")
			r.state("col", "routed")
			r.rolls("morale", 1) // the Carré next to it checks
		}},

	// ---- FRI clauses, page 36 -----------------------------------------------------
	{id: "FRI-36-STRAIGHT", folder: "fri", scenario: "straight", faces: []int{6, 6, 1, 1},
		check: func(t *testing.T, r *played) {
			r.fired("melee.straight")
			r.text("melee strengths 12 against 6")
		}},
	{id: "FRI-36-STRAIGHT", folder: "fri", scenario: "attempt", faces: []int{1, 1, 1, 1, 1, 1}, answers: yes("inf", "form_carre"),
		check: func(t *testing.T, r *played) {
			r.notFired("melee.straight")          // not against a Carré
			r.text("melee strengths 3 against 6") // the chart's Cav vs Carre ×1/2
		}},
	{id: "FRI-36-CARRE-WHEN", folder: "fri", scenario: "attempt", faces: []int{1, 1, 1, 1, 1, 1}, answers: yes("inf", "form_carre"),
		check: func(t *testing.T, r *played) {
			r.before("hus enters 0614", "inf form_carre? yes") // at four hexes, not at five
			r.asked("inf", "form_carre", 1)
		}},
	{id: "FRI-36-CARRE-WHEN", folder: "fri", scenario: "attempt_hidden", faces: []int{6, 6, 1, 1},
		check: func(t *testing.T, r *played) {
			r.before("hus enters 0612", "inf form_carre? no") // no sight at four hexes, only at three
		}},
	{id: "FRI-36-CARRE-WHEN", folder: "fri", scenario: "twice", variant: wavering, faces: []int{1, 1}, answers: yes("inf", "form_carre"),
		check: func(t *testing.T, r *played) {
			r.asked("inf", "form_carre", 1) // once per charge phase
		}},
	{id: "FRI-36-CARRE-ROLL", folder: "fri", scenario: "attempt_guns", faces: []int{1, 1}, answers: yes("inf", "form_carre"),
		check: func(t *testing.T, r *played) {
			r.formation("inf", "carre")
			r.formation("art", "unlimbered") // the battery shares the result inside the Carré, in its own formation
			r.fired("carre.formed_melee")
			r.text("hus rides into 0610") // it must melee the Carré
		}},
	{id: "FRI-36-DISORDER", folder: "fri", scenario: "attempt", faces: []int{6, 1, 1, 1, 1, 1}, answers: yes("inf", "form_carre"),
		check: func(t *testing.T, r *played) {
			r.state("inf", "disordered")
			r.at("hus", "0611") // adjacent, and it stops there
			r.text("inf fires at hus (fire value 3)")
			r.before("== defensive fire", "== melee")
			r.text("hus melees inf")
		}},
	{id: "FRI-36-ROUT-RECALL", folder: "fri", scenario: "attempt", faces: []int{6, 6, 2}, answers: yes("inf", "form_carre", "hus", "follow_routed"),
		check: func(t *testing.T, r *played) {
			r.rolls("recall", 1)
			r.marked("hus", "recalled")
			r.at("inf", "0610") // routed where it stood
			r.at("hus", "0611") // and contacted
			r.increments("inf", 4)
		}},
	// Recalled and not following: the hussars move on along their path,
	// which ends beside the routed battalion, and do not strike it.
	{id: "FRI-36-ROUT-RECALL", folder: "fri", scenario: "attempt", faces: []int{6, 6, 2}, answers: yes("inf", "form_carre"),
		check: func(t *testing.T, r *played) {
			r.marked("hus", "recalled")
			r.fired("recall.not_following")
			r.at("inf", "0610")
			r.at("hus", "0611") // its path's end, beside the routed
			r.notFired("contact.trample_routed")
			r.increments("inf", 6)
			r.state("hus", "good")
		}},
	{id: "FRI-36-NO-RECALL", folder: "fri", scenario: "attempt", faces: []int{6, 6, 1, 2}, answers: yes("inf", "form_carre"),
		check: func(t *testing.T, r *played) {
			r.at("inf", "0608")   // two hexes back from 0610
			r.text("inf loses 2") // and two increments
			r.at("hus", "0609")   // the cavalry followed and made contact
			r.state("hus", "routed")
			r.state("inf", "routed")
			r.exhausted("hus", true)
		}},

	// ---- AUS clauses, page 36 -----------------------------------------------------
	{id: "AUS-36-MORALE", folder: "aus", scenario: "stand", faces: []int{6, 1, 1, 1, 1, 1},
		check: func(t *testing.T, r *played) {
			r.fired("contact.stand")
			r.text("[d66 61, In Line +3, Lancers -6 → 54]") // each modifier by name
		}},
	// The stand (61 passes), defensive fire (11), the lancers' pre-melee check
	// (66), and 12 at 2:1: no effect.
	{id: "AUS-36-PASS", folder: "aus", scenario: "stand", faces: []int{6, 1, 1, 1, 6, 6, 1, 2},
		check: func(t *testing.T, r *played) {
			r.outcome("stand", "pass")
			r.fired("stand.held")
			r.rolls("pre_melee", 1) // the lancers'; the infantry counts as having passed
			r.at("lan", "0611")
			r.state("inf", "good")
			r.before("== defensive fire", "== melee")
		}},
	{id: "AUS-36-FAIL", folder: "aus", scenario: "stand", faces: []int{3, 1, 1, 1, 3, 1},
		check: func(t *testing.T, r *played) {
			r.outcome("stand", "fail")
			r.state("inf", "disordered")
			r.fired("stand.broken")
			r.rolls("pre_melee", 0) // no pre-melee check for either side
			r.rolls("melee_combat", 1)
			r.at("lan", "0611")
			r.before("== defensive fire", "== melee")
		}},
	{id: "AUS-36-STRAIGHT", folder: "aus", scenario: "stand", faces: []int{6, 1, 1, 1, 1, 1},
		check: func(t *testing.T, r *played) {
			r.fired("melee.straight")
			r.text("melee strengths 24 against 6") // ×2 straight, and ×2 for lancers against a line
		}},
	{id: "AUS-36-STRAIGHT", folder: "aus", scenario: "attempt", faces: []int{1, 1, 1, 1, 1, 1}, answers: yes("inf", "form_carre"),
		check: func(t *testing.T, r *played) {
			r.notFired("melee.straight")
			r.text("melee strengths 3 against 6") // the chart's Cav vs Carre ×1/2
		}},
	{id: "AUS-36-CARRE-WHEN", folder: "aus", scenario: "attempt", faces: []int{1, 1, 1, 1, 1, 1}, answers: yes("inf", "form_carre"),
		check: func(t *testing.T, r *played) {
			r.formation("inf", "carre")
			r.formation("art", "unlimbered") // the battery shares the result inside the Carré, in its own formation
		}},
	{id: "AUS-36-CARRE-WHEN", folder: "aus", scenario: "twice", variant: wavering, faces: []int{1, 1, 1, 1}, answers: yes("inf", "form_carre"),
		check: func(t *testing.T, r *played) {
			r.asked("inf", "form_carre", 2) // once per charge sequence
		}},
	{id: "AUS-36-CARRE-WHEN", folder: "aus", scenario: "no_carre",
		check: func(t *testing.T, r *played) {
			r.blockedWith("arms", "no carre among its formations") // the formation's arms, on every path
		}},
	{id: "AUS-36-NOT-TARGET", folder: "aus", scenario: "bystander", faces: []int{6, 6}, answers: yes("by", "form_carre"), askAt: 3,
		check: func(t *testing.T, r *played) {
			r.asked("by", "form_carre", 2) // no at the start, four hexes off; yes at three
			r.state("by", "routed")
			r.at("by", "0803") // BER-40-ROUT-10 too: ten hexes from 0813
		}},
	{id: "AUS-36-NOT-TARGET", folder: "aus", scenario: "bystander", faces: []int{5, 1}, answers: yes("by", "form_carre"), askAt: 3,
		check: func(t *testing.T, r *played) {
			r.state("by", "disordered")
			r.notFired("carre.disorder_close") // the charge is not drawn off its target
			r.at("hus", "0615")
		}},
	{id: "AUS-36-FORMED", folder: "aus", scenario: "attempt", faces: []int{1, 1}, answers: yes("inf", "form_carre", "hus", "halt_before_carre"),
		check: func(t *testing.T, r *played) {
			r.fired("carre.release")
			r.at("hus", "0614") // more than two hexes off, it halts
			r.state("hus", "good")
		}},
	{id: "AUS-36-FORMED", folder: "aus", scenario: "attempt", faces: []int{1, 1, 1, 1, 1, 1}, answers: yes("inf", "form_carre"),
		check: func(t *testing.T, r *played) {
			r.notFired("carre.formed_melee") // not committed at four hexes
			r.text("hus rides into 0610")    // it chose to go on and ride in
		}},
}

func TestClauses(t *testing.T) {
	for _, c := range clauses {
		t.Run(c.id+"/"+c.scenario, func(t *testing.T) {
			r := play(t, c)
			c.check(t, r)
			if t.Failed() {
				var b strings.Builder
				_ = r.trace.WriteText(&b, true)
				t.Logf("trace:\n%s", b.String())
			}
		})
	}
}

// TestClausesCited checks the other half of each clause: a declaration of
// the module its test runs under cites the clause ID.
func TestClausesCited(t *testing.T) {
	seen := map[string]bool{}
	for _, c := range clauses {
		if seen[c.id] {
			continue
		}
		seen[c.id] = true
		mod := module(t, c.folder, "")
		if !cites(mod, c.id) {
			t.Errorf("%s: no declaration of module %s cites it", c.id, mod.ID)
		}
	}
}

func cites(mod *dsl.Module, id string) bool {
	has := func(cs []string) bool {
		for _, s := range cs {
			if strings.Contains(s, id) {
				return true
			}
		}
		return false
	}
	for _, r := range mod.Rules {
		if has(r.Cite) {
			return true
		}
	}
	for _, p := range mod.Params {
		if has(p.Cite) {
			return true
		}
	}
	for _, x := range mod.Tables {
		if has(x.Cite) {
			return true
		}
	}
	for _, x := range mod.Checks {
		if has(x.Cite) {
			return true
		}
	}
	for _, words := range mod.Vocab {
		for _, w := range words {
			if has(w.Cite) {
				return true
			}
		}
	}
	return false
}

// ---- running a scenario ------------------------------------------------------

var (
	modMu   sync.Mutex
	modules = map[[2]string]*dsl.Module{}
)

// module loads a clause folder, or a variant of it: the variant's
// declarations in a module of their own that extends the folder's.
func module(t *testing.T, folder, variant string) *dsl.Module {
	t.Helper()
	modMu.Lock()
	defer modMu.Unlock()
	key := [2]string{folder, variant}
	if m, ok := modules[key]; ok {
		return m
	}
	var fsys fs.FS = os.DirFS("testdata/clauses")
	dir := folder
	if variant != "" {
		overlay := fstest.MapFS{}
		err := fs.WalkDir(fsys, folder, func(p string, d fs.DirEntry, err error) error {
			if err != nil || d.IsDir() {
				return err
			}
			data, err := fs.ReadFile(fsys, p)
			overlay[p] = &fstest.MapFile{Data: data}
			return err
		})
		if err != nil {
			t.Fatal(err)
		}
		overlay["variant/variant.rules"] = &fstest.MapFile{Data: []byte("game variant \"A variant reading\" extends " + folder + "\n" + variant + "\n")}
		fsys, dir = overlay, "variant"
	}
	mod, diags := bataille.LoadDir(fsys, dir)
	if diags.HasErrors() {
		t.Fatalf("loading %s: %v", dir, diags.Err())
	}
	modules[key] = mod
	return mod
}

// played is a finished run and the helpers that assert on it.
type played struct {
	t     *testing.T
	eng   *interpreter.Engine
	trace interpreter.Trace
	asks  []interpreter.Question
}

func play(t *testing.T, c clause) *played {
	t.Helper()
	mod := module(t, c.folder, c.variant)
	r := &played{t: t}
	dice := interpreter.NewFixedDice(c.faces...)
	decider := interpreter.DeciderFunc(func(q interpreter.Question) bool {
		r.asks = append(r.asks, q)
		id := ""
		if q.Unit != nil {
			id = q.Unit.ID
		}
		if c.askAt > 0 && q.Distance != c.askAt {
			return false
		}
		return c.answers[[2]string{id, q.Ask}]
	})
	eng, err := bataille.NewEngine(mod, c.scenario, interpreter.Config{Dice: dice, Decider: decider, NoInvariants: c.unreachable})
	if err != nil {
		t.Fatal(err)
	}
	r.eng = eng
	err = eng.Run(context.Background())
	r.trace = eng.Trace()
	if errors.Is(err, interpreter.ErrDiceExhausted) {
		t.Errorf("the run wanted more dice than the %d faces queued", len(c.faces))
	} else if err != nil {
		t.Fatal(err)
	}
	if n := dice.Left(); n > 0 {
		t.Errorf("%d of %d queued faces were not rolled: the run took another path", n, len(c.faces))
	}
	return r
}

func (r *played) unit(id string) *interpreter.Unit {
	r.t.Helper()
	u, ok := r.eng.Board.Unit(id)
	if !ok {
		r.t.Fatalf("no unit %s", id)
	}
	return u
}

func (r *played) find(pred func(interpreter.Event) bool) int {
	for i, ev := range r.trace {
		if pred(ev) {
			return i
		}
	}
	return -1
}

// fired asserts that the rule applied (its effects ran or its requirements held).
func (r *played) fired(rule string) {
	r.t.Helper()
	if r.find(func(ev interpreter.Event) bool { return ev.Rule == rule && (ev.Kind == "rule" || ev.Kind == "ok") }) < 0 {
		r.t.Errorf("rule %s did not apply", rule)
	}
}

func (r *played) notFired(rule string) {
	r.t.Helper()
	if r.find(func(ev interpreter.Event) bool { return ev.Rule == rule && ev.Kind == "rule" }) >= 0 {
		r.t.Errorf("rule %s applied; it should not have", rule)
	}
}

func (r *played) blocked(rule string) { r.t.Helper(); r.blockedWith(rule, "") }

// blockedWith asserts that the rule blocked an action with a message
// containing text.
func (r *played) blockedWith(rule, text string) {
	r.t.Helper()
	if r.find(func(ev interpreter.Event) bool {
		return ev.Kind == "blocked" && ev.Rule == rule && strings.Contains(ev.Text, text)
	}) < 0 {
		r.t.Errorf("rule %s blocked nothing (with %q)", rule, text)
	}
}

func (r *played) notBlocked(rule string) {
	r.t.Helper()
	if r.find(func(ev interpreter.Event) bool { return ev.Kind == "blocked" && ev.Rule == rule }) >= 0 {
		r.t.Errorf("rule %s blocked an action", rule)
	}
}

func (r *played) index(text string) int {
	return r.find(func(ev interpreter.Event) bool { return strings.Contains(line(ev), text) })
}

// line is an event as the narration prints it, with its dice.
func line(ev interpreter.Event) string {
	s := ev.Text
	if ev.Kind == "phase" {
		s = "== " + s
	}
	if ev.Dice != "" {
		s += " [" + ev.Dice + "]"
	}
	return s
}

func (r *played) text(text string) {
	r.t.Helper()
	if r.index(text) < 0 {
		r.t.Errorf("no step says %q", text)
	}
}

func (r *played) count(text string, want int) {
	r.t.Helper()
	n := 0
	for _, ev := range r.trace {
		if strings.Contains(line(ev), text) {
			n++
		}
	}
	if n != want {
		r.t.Errorf("%d steps say %q, want %d", n, text, want)
	}
}

// before asserts that a step saying a comes before one saying b.
func (r *played) before(a, b string) {
	r.t.Helper()
	i, j := r.index(a), r.index(b)
	if i < 0 || j < 0 || i >= j {
		r.t.Errorf("want %q (step %d) before %q (step %d)", a, i, b, j)
	}
}

func (r *played) rolls(table string, want int) {
	r.t.Helper()
	n := 0
	for _, ev := range r.trace {
		if ev.Kind == "roll" && ev.Table == table {
			n++
		}
	}
	if n != want {
		r.t.Errorf("%d rolls on %s, want %d", n, table, want)
	}
}

func (r *played) outcome(table, want string) {
	r.t.Helper()
	if r.find(func(ev interpreter.Event) bool { return ev.Kind == "roll" && ev.Table == table && ev.Outcome == want }) < 0 {
		r.t.Errorf("no roll on %s came out %s", table, want)
	}
}

func (r *played) asked(unit, question string, want int) {
	r.t.Helper()
	n := 0
	for _, q := range r.asks {
		if q.Unit != nil && q.Unit.ID == unit && q.Ask == question {
			n++
		}
	}
	if n != want {
		r.t.Errorf("%s was asked %s %d times, want %d", unit, question, n, want)
	}
}

func (r *played) at(unit, hex string) {
	r.t.Helper()
	if got := r.unit(unit).Hex.String(); got != hex {
		r.t.Errorf("%s is at %s, want %s", unit, got, hex)
	}
}

// movedFrom asserts that a unit stands n hexes from where it began.
func (r *played) movedFrom(unit, from string, n int) {
	r.t.Helper()
	h, err := hex.Parse(from)
	if err != nil {
		r.t.Fatal(err)
	}
	if d := hex.Distance(r.unit(unit).Hex, h); d != n {
		r.t.Errorf("%s is %d hexes from %s, want %d", unit, d, from, n)
	}
}

// farther asserts that a unit stands at least n hexes from another.
func (r *played) farther(unit, other string, n int) {
	r.t.Helper()
	if d := interpreter.UnitDistance(r.unit(unit), r.unit(other)); d < n {
		r.t.Errorf("%s is %d hexes from %s, want at least %d", unit, d, other, n)
	}
}

func (r *played) state(unit, want string) {
	r.t.Helper()
	if got := r.unit(unit).State; got != want {
		r.t.Errorf("%s is %s, want %s", unit, got, want)
	}
}

func (r *played) formation(unit, want string) {
	r.t.Helper()
	if got := r.unit(unit).Formation; got != want {
		r.t.Errorf("%s is in %s, want %s", unit, got, want)
	}
}

func (r *played) increments(unit string, want int) {
	r.t.Helper()
	if got := r.unit(unit).Increments; got != want {
		r.t.Errorf("%s has %d increments, want %d", unit, got, want)
	}
}

func (r *played) exhausted(unit string, want bool) {
	r.t.Helper()
	if got := r.unit(unit).Exhausted; got != want {
		r.t.Errorf("%s exhausted = %v, want %v", unit, got, want)
	}
}

func (r *played) marked(unit, mark string) {
	r.t.Helper()
	if !r.unit(unit).Marked(mark) {
		r.t.Errorf("%s is not marked %q", unit, mark)
	}
}

func (r *played) notMarked(unit, mark string) {
	r.t.Helper()
	if r.unit(unit).Marked(mark) {
		r.t.Errorf("%s is marked %s", unit, mark)
	}
}
