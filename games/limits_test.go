package games_test

import (
	"strings"
	"testing"
)

// The game's limits, each stated once in the pages, must hold on every path
// that could break them: the other formation, the other phase, the stack,
// the battery, the edge of the map, the unit that is not the target. The
// scenarios live in testdata/clauses/lim; each case names its clause.

// carreResult is a variant in which a rule's result puts the charge's target
// in Carré as the charge starts (in the enemy's charge phase), as the Carré
// roll's result does: the one way to change formation must refuse it where
// an order would be refused.
const carreResult = `rule test.carre_result "A result puts the target in Carré" on charge_start {
  do set_formation(target, "carre")
}`

var limits = []clause{
	// ---- Class 2: one way to change formation -----------------------------------
	{id: "BER-17-CARRE-FORM", folder: "lim", scenario: "form_after_move",
		check: func(t *testing.T, r *played) {
			r.at("inf", "0610")
			r.text("inf may not form carre: it has spent all its movement points")
			r.formation("inf", "line")
		}},
	{id: "BER-17-CARRE-FORM", folder: "lim", scenario: "form_then_move",
		check: func(t *testing.T, r *played) {
			r.text("inf forms column (3 MP)")
			r.at("inf", "0611") // one MP was left for the move
			r.text("inf stops before 0610: it needs 1 MP and has 0")
		}},
	{id: "BER-17-CARRE-FORM", folder: "lim", scenario: "form_enemy_phase",
		check: func(t *testing.T, r *played) {
			r.blockedWith("carre.when", "its own movement phase")
			r.formation("inf", "line")
		}},
	{id: "BER-17-CARRE-TERRAIN", folder: "lim", scenario: "result_woods", variant: carreResult,
		check: func(t *testing.T, r *played) {
			r.blocked("carre.terrain")
			r.formation("inf", "line")
		}},
	{id: "BER-17-CARRE-MIN", folder: "lim", scenario: "result_small", variant: carreResult,
		check: func(t *testing.T, r *played) {
			r.blocked("carre.min")
			r.formation("inf", "line")
		}},
	{id: "BER-17-CARRE-STACK", folder: "lim", scenario: "result_stack", variant: carreResult,
		check: func(t *testing.T, r *played) {
			r.blockedWith("stacking", "18 increments or one regiment")
			r.formation("inf", "line")
		}},
	{id: "BER-17-CARRE-FORM", folder: "lim", scenario: "result_open", variant: carreResult,
		check: func(t *testing.T, r *played) {
			r.notBlocked("carre.when") // the enemy's charge phase
			r.notFired("carre.form")   // a result pays no MP
			r.formation("inf", "carre")
		}},
	{id: "BER-17-CARRE-STACK", folder: "lim", scenario: "march_into_carre",
		check: func(t *testing.T, r *played) {
			r.blockedWith("stacking", "a hex in carre holds at most 18 increments")
			r.at("col", "0611")
		}},
	{id: "AUS-36-CARRE-WHEN", folder: "lim", scenario: "cavalry_result", variant: carreResult,
		check: func(t *testing.T, r *played) {
			r.blockedWith("arms", "no carre among its formations")
			r.formation("cav", "column")
		}},
}

func TestLimits(t *testing.T) {
	for _, c := range limits {
		t.Run(c.id+"/"+c.scenario, func(t *testing.T) {
			r := play(t, c)
			c.check(t, r)
			if t.Failed() || testing.Verbose() {
				var b strings.Builder
				_ = r.trace.WriteText(&b, true)
				t.Logf("trace:\n%s", b.String())
			}
		})
	}
}
