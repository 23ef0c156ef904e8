package games_test

import (
	"strings"
	"testing"
	"testing/fstest"

	"github.com/bataille/bataille"
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

func TestLimits(t *testing.T) { playLimits(t, limits) }

// routs is a variant Carré Realization Table on which a low roll routs.
const routs = `override table carre_realization "Carré Realization Table (test: rout)" roll d66 + modifier -30..30 {
  11..56 => rout
  61..63 => carre
  64..66 => disorder
}`

var contactLimits = []clause{
	// ---- Class 1: physical limits ------------------------------------------------
	{id: "BER-17-CARRE-ASSAULT-INF", folder: "lim", scenario: "assault_far",
		check: func(t *testing.T, r *played) {
			r.text("att may not assault sq: they are 3 hexes apart")
			r.notFired("melee.resolve")
			r.formation("sq", "carre")
			r.state("sq", "good")
		}},
	{id: "BER-17-CARRE-FIRE", folder: "lim", scenario: "fire_far",
		check: func(t *testing.T, r *played) {
			r.text("inf may not fire at foe: it is 3 hexes away and infantry fires at most 2")
			r.notFired("fire.resolve")
		}},
	{id: "BER-17-CARRE-FIRE", folder: "lim", scenario: "fire_hidden",
		check: func(t *testing.T, r *played) {
			r.text("inf may not fire at foe: it has no line of sight to it")
			r.notFired("fire.resolve")
		}},
	{id: "BER-17-CARRE-CAV", folder: "lim", scenario: "carre_unfired",
		check: func(t *testing.T, r *played) {
			r.text("hus rides into 0610")
			r.blockedWith("assault.carre_cavalry", "defensive fire")
			r.text("hus leaves sq's hex 0610 for 0611") // back the way it came
			r.at("hus", "0611")
		}},
	{id: "BER-17-CARRE-CAV", folder: "lim", scenario: "carre_corner",
		check: func(t *testing.T, r *played) {
			r.text("hus cannot leave sq's hex: no free hex around it; it surrenders")
			r.increments("hus", 0)
		}},
	// ---- Class 5: the stack shares a result, chosen by rule -----------------------
	{id: "FRI-36-CARRE-ROLL", folder: "lim", scenario: "guns_first", faces: []int{1, 1}, answers: yes("inf", "form_carre"),
		check: func(t *testing.T, r *played) {
			r.text("hus contacts inf") // not art, whose id sorts first
			r.text("hus rides into 0610")
			r.formation("art", "limbered") // inside the Carré, in its own formation
		}},
	{id: "FRI-36-CARRE-ROLL", folder: "lim", scenario: "guns_first", variant: routs, faces: []int{1, 1, 1}, answers: yes("inf", "form_carre"),
		check: func(t *testing.T, r *played) {
			r.state("inf", "routed")
			r.state("art", "routed") // the battery routs with its battalion…
			if a, i := r.unit("art"), r.unit("inf"); a.Hex != i.Hex {
				t.Errorf("art at %s, inf at %s: the battery runs with its battalion", a.Hex, i.Hex)
			}
			r.formation("art", "limbered") // …and is never put in line
		}},
	{id: "BER-17-CARRE-FIRE-ART", folder: "lim", scenario: "carre_limbered", faces: []int{1, 1},
		check: func(t *testing.T, r *played) {
			r.notFired("fire.carre_artillery")
			r.text("guns fires at cav (fire value 2)") // 1 increment × 2, not doubled
		}},
	// ---- Class 8: a result applied whole -------------------------------------------
	{id: "BER-17-CARRE-FIRE-CAV", folder: "lim", scenario: "carre_fire_both", faces: []int{1, 1, 1, 1},
		check: func(t *testing.T, r *played) {
			r.text("sq fires at cav (fire value 6)") // all six, at the cavalry inside
			r.text("sq fires at t1 (fire value 2)")  // a third into its neighbour
			r.blockedWith("fire.carre_hexes", "only into neighbouring hexes")
		}},
}

func TestContactLimits(t *testing.T) { playLimits(t, contactLimits) }

// TestCheckRefusesImpossibleOrders: `check` rejects, at the order's line and
// column, a fire or an assault that can never be carried out: at one's own
// side, at a target beyond range or not in contact when no order of the
// turn moves either unit. An order that a move could make good is let be.
func TestCheckRefusesImpossibleOrders(t *testing.T) {
	const head = "game bad \"Impossible orders\" extends berlin1813\n" +
		"scenario s {\n  map 12 x 20 clear\n  turn french\n" +
		"  unit a { side: french  arm: infantry  increments: 6  formation: line  facing: N  morale: 36  mp: 4  at: 0615 }\n" +
		"  unit b { side: french  arm: infantry  increments: 6  formation: line  facing: N  morale: 36  at: 0614 }\n" +
		"  unit e { side: allied  arm: infantry  increments: 6  formation: line  facing: S  morale: 36  at: 0610 }\n"
	for _, tc := range []struct {
		name, order, want string // want: "" when the order is legal
	}{
		{"fire at a friend", "fire a at b", "8:3: error: a cannot fire at b: both fight for french"},
		{"assault a friend", "assault a at b", "8:3: error: a cannot assault b: both fight for french"},
		{"fire at itself", "fire a at a", "8:3: error: a cannot fire at itself"},
		// BER-37-PROCESS-DECLARE: a charge is declared at the enemy.
		{"charge a friend", "charge a at b path 0614", "8:3: error: a cannot charge b: both fight for french"},
		{"fire at five hexes", "fire a at e", "8:3: error: a cannot fire at e: it stands 5 hexes away, infantry fires at most 2"},
		{"assault from five hexes", "assault a at e", "8:3: error: a cannot assault e: they stand 5 hexes apart"},
		{"a move may close the range", "move a path 0614 0613 0612\n  fire a at e", ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			fsys := fstest.MapFS{"bad/rules.rules": {Data: []byte(head + "  " + tc.order + "\n}\n")}}
			_, diags := bataille.LoadDir(fsys, "bad")
			got := diags.Err()
			if tc.want == "" {
				if got != nil {
					t.Fatalf("a legal order refused: %v", got)
				}
				return
			}
			if got == nil || !strings.Contains(got.Error(), tc.want) {
				t.Fatalf("got %v, want an error containing %q", got, tc.want)
			}
		})
	}
}

// TestChargeAtOwnSide: a charge a rule starts (charge_at) at a unit of the
// charger's own side is refused at play, before any declare_charge rule
// runs, as the checker refuses such an order in a script
// (BER-37-PROCESS-DECLARE: a charge is declared at the enemy). Here a
// battle's rule sends the hussars at their own side as they move.
func TestChargeAtOwnSide(t *testing.T) {
	const src = `game bad "A charge at a friend" extends berlin1813
rule bad.friend "A rule sends the hussars at their own side" on move_enter {
  when unit.arm == "cavalry"
  do charge_at(unit, unit)
}
scenario s {
  map 12 x 20 clear
  turn french
  unit hus "Hussars" { side: french  arm: cavalry  increments: 4  formation: column  facing: N  morale: 31  mp: 8  melee: 6  at: 0612 }
  move hus path 0611
}
`
	mod, diags := bataille.LoadDir(fstest.MapFS{"bad/rules.rules": {Data: []byte(src)}}, "bad")
	if diags.HasErrors() {
		t.Fatal(diags.Err())
	}
	eng, tr := playFaces(t, mod, "s")
	text := traceText(tr)
	if !strings.Contains(text, "hus may not charge hus: it is of its own side") {
		t.Errorf("the charge at its own side was not refused:\n%s", text)
	}
	if strings.Contains(text, "hus declares a charge") || strings.Contains(text, "hus charges hus") {
		t.Errorf("the charge at its own side was declared:\n%s", text)
	}
	for _, u := range eng.Board.Units {
		if u.ID == "hus" && u.State != "good" {
			t.Errorf("hus is %s; want good order\n%s", u.State, text)
		}
	}
}

var roadLimits = []clause{
	// ---- Class 8: a result applied whole ------------------------------------------
	{id: "BER-40-ROAD", folder: "lim", scenario: "road_stack", faces: []int{3, 5},
		check: func(t *testing.T, r *played) {
			r.state("col", "routed")
			r.state("col2", "routed")   // the stack-mate too: the targets are the hex
			r.count("Morale check:", 1) // the Carré next to them, not the routed stack-mate
			r.text("Morale check: 45 must be above 40")
		}},
}

func TestRoadLimits(t *testing.T) { playLimits(t, roadLimits) }

var sideLimits = []clause{
	{id: "BER-17-MULTIHEX", folder: "lim", scenario: "multihex_bystander", faces: []int{1, 1, 1, 1},
		check: func(t *testing.T, r *played) {
			r.text("by fires at lin") // the bystander's opportunity fire…
			r.at("lin", "0607")       // …and its Zd'I at 0608 did not stop the line
		}},
	{id: "BER-17-CARRE-MORALE", folder: "limaus", scenario: "carre_pre_melee", faces: []int{6, 6, 1, 1, 3, 1},
		check: func(t *testing.T, r *played) {
			// the chart's "In Carre +6" is the page's six, counted once:
			// on the roll, the morale value left at 36
			r.text("Pre-melee morale check: 24 must be above 36 → fail [d66 11, In Carre +6, Defender at these odds +3 → 24]")
			r.count("In Carré (morale value -6)", 0)
		}},
	// ---- Class 6: one hexside, one reading ----------------------------------------
	{id: "BER-17-REFUSED", folder: "limaus", scenario: "stand_refused", faces: []int{6, 6, 6, 6, 6, 6},
		check: func(t *testing.T, r *played) {
			r.text("Morale check to stand a charge")
			if r.index("Charged in flank") >= 0 {
				t.Error("the refused flank was read as a flank by the stand check")
			}
			r.text("hus melees def through its front") // and in melee, the same front
		}},
	{id: "BER-17-REFUSED", folder: "limaus", scenario: "stand_open", faces: []int{6, 6, 6, 6, 6, 6},
		check: func(t *testing.T, r *played) {
			r.text("Charged in flank -12")
			r.text("hus melees def through its flank")
		}},
}

func TestSideLimits(t *testing.T) { playLimits(t, sideLimits) }

// playLimits plays each case as a subtest named by its clause and scenario;
// with -v, or on failure, it logs the trace.
func playLimits(t *testing.T, cases []clause) {
	for _, c := range cases {
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
