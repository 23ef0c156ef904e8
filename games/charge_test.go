package games_test

import (
	"context"
	"math/big"
	"strings"
	"testing"

	"github.com/bataille/bataille"
)

// The charge rulings of docs/rulings.md ("Charge"), each driven through the
// engine from the rulebook's text: the timing of the Carré attempt, who may
// charge, what a charge's every movement may enter, and what it may melee.
// Each case names its clause ID.
// closedSlope is a battle's own charge restriction (BER-37-TERRAIN: "any
// other terrain specified as restricted"), declared once, as a battle would.
const closedSlope = `override terrain slope "Slope (closed to charges)" { cost: 2  no_charge }`

var chargeRulings = []clause{
	// FRI-36-CARRE-WHEN: "at any time" the cavalry is within four hexes,
	// the charge's start included.
	{id: "FRI-36-CARRE-WHEN", folder: "fri", scenario: "line3", faces: []int{4, 5}, answers: yes("inf", "form_carre"),
		check: func(t *testing.T, r *played) {
			r.asked("inf", "form_carre", 1) // at the start, before any hex
			r.before("form_carre? yes", "drag follows to 0608")
			r.text("(french | allies, line, 3)")
			r.formation("inf", "carre") // 45 forms at three; at two it disorders
		}},
	{id: "FRI-36-CARRE-WHEN", folder: "fri", scenario: "line3_wait", faces: []int{4, 5, 6, 6, 6, 6, 3, 3, 1, 1}, answers: yes("inf", "form_carre"), askAt: 2,
		check: func(t *testing.T, r *played) {
			r.asked("inf", "form_carre", 2) // no at three, yes at two
			r.text("(french | allies, line, 2)")
			r.state("inf", "disordered")
			// FRI-36-STRAIGHT: two hexes entered (0608, 0607) from the start
			// are not "the last three hexes": no doubling.
			r.notFired("melee.straight")
			r.text("melee strengths 6 against 3")
		}},
	// The one-line variant that counts the start hex among the three.
	{id: "FRI-36-STRAIGHT", folder: "fri", scenario: "line3_wait", variant: "override param charge.straight_hexes = 2", faces: []int{4, 5, 6, 6, 6, 6, 3, 3}, answers: yes("inf", "form_carre"), askAt: 2,
		check: func(t *testing.T, r *played) {
			r.fired("melee.straight")
			r.text("melee strengths 12 against 3")
		}},
	{id: "FRI-36-CARRE-WHEN", folder: "fri", scenario: "column3", faces: []int{6, 6}, answers: yes("inf", "form_carre"),
		check: func(t *testing.T, r *played) {
			r.text("(french | allies, column, 3..4)")
			r.formation("inf", "carre") // a column three hexes off always forms
		}},
	{id: "FRI-36-CARRE-ROLL", folder: "fri", scenario: "line3_guns", faces: []int{1, 1}, answers: yes("inf", "form_carre"),
		check: func(t *testing.T, r *played) {
			r.before("form_carre? yes", "drag follows to 0608") // the Carré draws the charge in
			r.formation("inf", "carre")
			r.formation("art", "unlimbered") // the battery shares the result at the start too, inside the Carré in its own formation
		}},
	{id: "FRI-36-CARRE-WHEN", folder: "fri", scenario: "line3_edge", faces: []int{4, 5}, answers: yes("inf", "form_carre"),
		check: func(t *testing.T, r *played) {
			r.asked("inf", "form_carre", 1)
			r.text("(french | allies, line, 3)")
			r.formation("inf", "carre")
		}},
	// AUS-36-NOT-TARGET: a battalion that is not the target is offered the
	// attempt at the start too, at its own distance (four here).
	{id: "AUS-36-NOT-TARGET", folder: "aus", scenario: "bystander", faces: []int{6, 6}, answers: yes("by", "form_carre"),
		check: func(t *testing.T, r *played) {
			r.asked("by", "form_carre", 1)
			r.before("by form_carre? yes", "hus enters 0615")
			r.text("(french, line, 4)")
			r.state("by", "disordered")
			r.at("hus", "0615") // the charge is not drawn off its target
		}},
	{id: "AUS-36-CARRE-WHEN", folder: "aus", scenario: "bystander", faces: []int{6, 6}, answers: yes("by", "form_carre"), askAt: 3,
		check: func(t *testing.T, r *played) {
			r.asked("by", "form_carre", 2) // once per charge sequence: no, then yes
			r.text("(french, line, 3)")
		}},
	// BER-37-ELIGIBLE: only tired cavalry may still reaction-charge; the
	// page gives exhausted cavalry no such leave.
	{id: "BER-37-ELIGIBLE", folder: "ber", scenario: "exhausted_react", faces: []int{1, 1}, answers: yes("hus", "reaction_charge"),
		check: func(t *testing.T, r *played) {
			r.asked("hus", "reaction_charge", 1)
			r.blockedWith("charge.eligible", "exhausted cavalry may not charge")
			r.notMarked("hus", "reaction_charged")
			r.fired("melee.straight") // it stood: the charger's straight line counts
		}},
	{id: "BER-37-ELIGIBLE", folder: "ber", scenario: "tired_react", faces: []int{1, 1}, answers: yes("hus", "reaction_charge"),
		check: func(t *testing.T, r *played) {
			r.notBlocked("charge.eligible")
			r.marked("hus", "reaction_charged")
			r.notFired("melee.straight") // BER-37-CAV-VS-CAV: no doubling against a reaction charge
		}},
	// BER-37-TERRAIN binds every movement of a charge: a close-in.
	{id: "BER-37-TERRAIN", folder: "ber", scenario: "close_woods", variant: closedSlope, faces: []int{3, 4}, answers: yes("inf", "form_carre"),
		check: func(t *testing.T, r *played) {
			r.state("inf", "disordered")
			r.blockedWith("charge.terrain", "may not charge into or through")
			r.at("hus", "0608") // stopped before the woods at 0607
			// FRI-36-DISORDER: it moves adjacent "if it has enough MP";
			// it could not get there, so no melee is fought.
			r.text("hus will not melee inf: they are 3 hexes apart")
			r.notFired("melee.resolve")
			r.notFired("end.no_contact") // the procedure stopped it
		}},
	// BER-37-TERRAIN on a follow after a failed recall (BER-40-RECALL-FAIL):
	// blocked, the cavalry does not turn back onto its declared path.
	{id: "BER-37-TERRAIN", folder: "ber", scenario: "follow_woods", variant: closedSlope, faces: []int{6, 6, 6}, answers: yes("inf", "form_carre"),
		check: func(t *testing.T, r *played) {
			r.outcome("recall", "fail")
			r.blockedWith("charge.terrain", "may not charge into or through")
			r.at("hus", "0614") // not on to 0714, away from the routed
			r.notFired("end.no_contact")
			r.fired("turn.pgd") // BER-40-PGD: it did not recall
		}},
	{id: "BER-40-RECALL-FAIL", folder: "ber", scenario: "follow_woods", variant: closedSlope, faces: []int{6, 6, 6}, answers: yes("inf", "form_carre"),
		check: func(t *testing.T, r *played) {
			r.count("hus enters 07", 0)
		}},
	// BER-37-TERRAIN on a ride into a Carré's hex (BER-17-CARRE-CAV): the
	// dragoons may not ride into a dwelling, so they cannot melee the Carré.
	{id: "BER-37-TERRAIN", folder: "ber", scenario: "carre_dwelling", unreachable: true,
		check: func(t *testing.T, r *played) {
			r.blockedWith("charge.terrain", "may not charge into or through")
			r.at("drag", "0606")
			r.blockedWith("assault.carre_cavalry", "rest in the Carré's hex")
		}},
	// BER-17-CARRE-TERRAIN, -MIN, -STACK hold for a Carré formed against a
	// charge: where it may not form, the battalion is not offered the attempt
	// and stands instead (AUS-36-MORALE).
	{id: "BER-17-CARRE-TERRAIN", folder: "ber", scenario: "dwelling_line", faces: []int{1, 1, 3, 3}, answers: yes("inf", "form_carre"),
		check: func(t *testing.T, r *played) {
			r.asked("inf", "form_carre", 0)
			r.blockedWith("carre.terrain", "only in clear terrain")
			r.fired("contact.stand")
			r.formation("inf", "line")
			r.at("hus", "0606") // next to the dwelling, never in it
		}},
	{id: "BER-17-CARRE-MIN", folder: "ber", scenario: "small_battalion", faces: []int{1, 1, 3, 3}, answers: yes("inf", "form_carre"),
		check: func(t *testing.T, r *played) {
			r.asked("inf", "form_carre", 0)
			r.blockedWith("carre.min", "at least 3 increments")
			r.fired("contact.stand")
		}},
	{id: "BER-17-CARRE-STACK", folder: "ber", scenario: "stacked_battalions", faces: []int{1, 1, 3, 3}, answers: yes("inf", "form_carre", "inf2", "form_carre"),
		check: func(t *testing.T, r *played) {
			r.asked("inf", "form_carre", 0)
			r.blockedWith("stacking", "18 increments or one regiment")
			r.fired("contact.stand")
		}},
	// AUS-36-FORMED: a released charge may ride over and through the
	// Carré, stop short, or charge another unit, and none of it is a charge
	// that failed to strike (BER-40-NO-CONTACT).
	{id: "AUS-36-FORMED", folder: "aus", scenario: "through", faces: []int{1, 1}, answers: yes("inf", "form_carre"),
		check: func(t *testing.T, r *played) {
			r.fired("carre.released")
			r.text("hus enters 0612") // the Carré's hex, over the top of it
			r.at("hus", "0609")
			r.notFired("end.no_contact")
			r.state("hus", "good")
			r.exhausted("hus", false)
		}},
	{id: "AUS-36-FORMED", folder: "aus", scenario: "short", faces: []int{1, 1}, answers: yes("inf", "form_carre"),
		check: func(t *testing.T, r *played) {
			r.at("hus", "0615")
			r.notFired("end.no_contact")
			r.state("hus", "good")
		}},
	{id: "AUS-36-FORMED", folder: "aus", scenario: "other", faces: []int{1, 1, 6, 6, 6, 6, 3, 3}, answers: yes("inf", "form_carre", "hus", "charge_other"),
		check: func(t *testing.T, r *played) {
			r.asked("hus", "charge_other", 1)
			r.text("hus charges inf2 instead")
			r.text("hus contacts inf2")
			r.fired("contact.stand") // the new target checks morale to stand
		}},
	// The Friedland page gives no release: the cavalry must melee the Carré
	// it drew (FRI-36-CARRE-ROLL), even from four hexes.
	{id: "FRI-36-CARRE-ROLL", folder: "fri", scenario: "line3", faces: []int{1, 1}, answers: yes("inf", "form_carre"),
		check: func(t *testing.T, r *played) {
			r.notFired("carre.released")
			r.text("drag contacts inf")
		}},
	// BER-37-STACK: regiments of one hex sent at one target charge as one
	// stack; one sent alone, or at another target, is an individual charge.
	{id: "BER-37-STACK", folder: "ber", scenario: "lone_regiment",
		check: func(t *testing.T, r *played) {
			r.notBlocked("charge.stack")
			r.text("c1 declares a charge on inf")
			r.at("c2", "0616")
		}},
	{id: "BER-37-STACK", folder: "ber", scenario: "two_targets",
		check: func(t *testing.T, r *played) {
			r.notBlocked("charge.stack")
			r.text("c2 declares a charge on inf2")
		}},
	{id: "BER-37-STACK", folder: "ber", scenario: "stack_together", faces: []int{1, 1, 3, 3}, answers: yes(),
		check: func(t *testing.T, r *played) {
			r.notBlocked("charge.stack")
			r.text("c2 charges with c1, as one stack (13 MP)")
			r.at("c1", "0611")
			r.at("c2", "0611") // its own path (07xx) is not taken: the stack stays together
			r.count("c2 declares", 1)
			r.count("c2 charges inf", 0) // no charge of its own
			r.text("c1 melees with c2 beside it, as one stack")
			r.text("melee strengths 24 against 3") // (6 + 6) × 2 straight against a disordered 6
			r.exhausted("c2", true)                // BER-40-EXHAUSTED: it charged and assaulted too
		}},
	{id: "BER-37-STACK", folder: "ber", scenario: "stack_separated", faces: []int{1, 1, 3, 3},
		check: func(t *testing.T, r *played) {
			r.text("c2 is left at 0610: it needs 1 MP and has 0")
			r.at("c2", "0610")
			r.at("c1", "0609")
			r.count("melees with c2", 0) // c1 melees alone
			r.text("melee strengths 12 against 3")
		}},
	// BER-40-EXHAUSTED: the cavalry that reaction-charged and meleed ends
	// exhausted too; the other reading is a one-line variant. Both
	// pre-melee checks pass (66, 66) and the melee is fought (33).
	{id: "BER-40-EXHAUSTED", folder: "ber", scenario: "tired_react", faces: []int{6, 6, 6, 6, 3, 3}, answers: yes("hus", "reaction_charge"),
		check: func(t *testing.T, r *played) {
			r.fired("end.reaction_assaulted")
			r.exhausted("hus", true)
			r.exhausted("cuir", true)
		}},
	{id: "BER-40-EXHAUSTED", folder: "ber", scenario: "tired_react", variant: "remove rule end.reaction_assaulted", faces: []int{6, 6, 6, 6, 3, 3}, answers: yes("hus", "reaction_charge"),
		check: func(t *testing.T, r *played) {
			r.exhausted("hus", false)
			r.exhausted("cuir", true)
		}},
	// The charger's own pre-melee check fails (11): it calls the assault
	// off, so neither it nor the cavalry that met it in reaction assaulted,
	// and neither is exhausted ("charged and assaulted").
	{id: "BER-40-EXHAUSTED", folder: "ber", scenario: "tired_react", faces: []int{1, 1}, answers: yes("hus", "reaction_charge"),
		check: func(t *testing.T, r *played) {
			r.fired("pre_melee.called_off")
			r.notFired("end.assaulted")
			r.notFired("end.reaction_assaulted")
			r.exhausted("hus", false)
			r.exhausted("cuir", false)
		}},
	// FRI-36-NO-RECALL: the flight's die is the whole of what the contact
	// costs the infantry; no trample (BER-40-TRAMPLE-ROUTED) on top.
	{id: "FRI-36-NO-RECALL", folder: "fri", scenario: "attempt", faces: []int{6, 6, 1, 2}, answers: yes("inf", "form_carre"),
		check: func(t *testing.T, r *played) {
			r.text("hus contacts inf")
			r.notFired("contact.trample_routed")
			r.increments("inf", 4) // 6 less the die's 2
		}},
	{id: "FRI-36-NO-RECALL", folder: "fri", scenario: "attempt", variant: "remove rule contact.trample_routed\nrule contact.trample_all \"Trample after the flight too\" on charge_contact { when target.state == \"routed\"  do lose(target, int(mp_spent / trample.routed_mp)) }", faces: []int{6, 6, 1, 2}, answers: yes("inf", "form_carre"),
		check: func(t *testing.T, r *played) {
			r.fired("contact.trample_all")
			r.increments("inf", 1) // the other reading: the trample takes 3 more (6 MP spent / 2)
		}},
	// BER-37-FORMATION: the change is made in the first hex, not before it;
	// the variant that reads "the beginning of the charge" as its start hex.
	{id: "BER-37-FORMATION", folder: "ber", scenario: "formation_start",
		check: func(t *testing.T, r *played) {
			r.blockedWith("charge.formation", "only in its first hex")
			r.formation("cav", "column")
		}},
	{id: "BER-37-FORMATION", folder: "ber", scenario: "formation_start", variant: "override param charge.formation_hex = 0",
		check: func(t *testing.T, r *played) {
			r.text("cav forms line (6 MP)")
			r.before("cav forms line", "cav enters 0615")
		}},
	// BER-40-TRAMPLE-DISORDERED applies to infantry disordered when the
	// charge reaches it; a battalion the Carré roll disorders is closed on
	// and meleed (FRI-36-DISORDER), not trampled.
	{id: "BER-40-TRAMPLE-DISORDERED", folder: "fri", scenario: "attempt", faces: []int{6, 1, 1, 1, 1, 1}, answers: yes("inf", "form_carre"),
		check: func(t *testing.T, r *played) {
			r.state("inf", "disordered")
			r.notFired("contact.trample_disordered")
			r.fired("carre.disorder_close")
		}},
}

func TestChargeRulings(t *testing.T) {
	for _, c := range chargeRulings {
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

// TestChargeRulingsCited: a declaration of each case's module cites its
// clause.
func TestChargeRulingsCited(t *testing.T) {
	for _, c := range chargeRulings {
		if mod := module(t, c.folder, c.variant); !cites(mod, c.id) {
			t.Errorf("%s: no declaration of module %s cites it", c.id, mod.ID)
		}
	}
}

// TestChargeExactByHand checks exact figures against the published chart by
// hand. FRI-36-CARRE-WHEN: a French line charged from three hexes by cavalry
// the chart gives no modifier tries at three, where 11..45 form the Carré:
// 18 + 5 = 23 of 36; waiting until two hexes, 11..32: 12 + 2 = 14 of 36.
func TestChargeExactByHand(t *testing.T) {
	for _, c := range []struct {
		scenario, outcome, want string
	}{
		{"line3", "inf in carre", "23/36"},
		{"line3_wait", "inf in carre", "7/18"},
		{"column3", "inf in carre", "0"}, // nobody answers yes: it never tries
	} {
		mod := module(t, "fri", "")
		sd, err := bataille.FindScenario(mod, c.scenario)
		if err != nil {
			t.Fatal(err)
		}
		x, err := bataille.Exact(context.Background(), mod, sd, bataille.ExactOptions{Workers: 1})
		if err != nil {
			t.Fatal(err)
		}
		want, _ := new(big.Rat).SetString(c.want)
		got, ok := x.Outcomes[c.outcome]
		switch {
		case !ok && want.Sign() == 0:
		case !ok:
			t.Errorf("%s: no outcome %q", c.scenario, c.outcome)
		case got.Mean.Cmp(want) != 0:
			t.Errorf("%s: %s %s, want %s", c.scenario, c.outcome, got.Mean.RatString(), c.want)
		}
	}
}
