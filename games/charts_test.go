package games_test

import (
	"context"
	"fmt"
	"math/big"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/bataille/bataille"
	"github.com/bataille/bataille/dsl"
	"github.com/bataille/bataille/interpreter"
)

// The published generic charts of the base module, played through the
// engine with fixed dice, and their odds counted over the 36 results of a
// d66. The expected cells are transcribed here on their own from the public
// La Bataille tools (lb.react src/services/fire.js at 2e1536d and melee.js
// at 1eefcc2, which LB's FireCombat.java and MeleeCombat.java match), so a
// slip in the module's rows shows up as a difference from this copy.

// band is a run of d66 results that read the same cell.
type band struct {
	lo, hi  int
	outcome string
	a, d    int // the row's numbers: increments lost (fire: a only)
}

// fireChart is the Fire Combat Table by column: increments lost from each
// roll on; below the first band nothing happens.
var fireChart = []struct {
	odds  string
	fire  int // a fire value that reads this column against a defence of 10
	bands []band
}{
	{"1:3", 3, []band{{65, 66, "loss", 1, 0}}},
	{"1:2.5", 4, []band{{64, 66, "loss", 1, 0}}},
	{"1:2", 5, []band{{62, 66, "loss", 1, 0}}},
	{"1:1.5", 7, []band{{55, 66, "loss", 1, 0}}},
	{"1:1", 10, []band{{52, 66, "loss", 1, 0}}},
	{"1.5:1", 15, []band{{42, 66, "loss", 1, 0}}},
	{"2:1", 20, []band{{33, 66, "loss", 1, 0}}},
	{"2.5:1", 29, []band{{26, 63, "loss", 1, 0}, {64, 66, "loss", 2, 0}}},
	{"3:1", 39, []band{{22, 55, "loss", 1, 0}, {56, 66, "loss", 2, 0}}},
	{"4:1", 49, []band{{13, 53, "loss", 1, 0}, {54, 66, "loss", 2, 0}}},
	{"5:1", 50, []band{{11, 44, "loss", 1, 0}, {45, 65, "loss", 2, 0}, {66, 66, "loss", 3, 0}}},
	{"6:1", 69, []band{{11, 32, "loss", 1, 0}, {33, 61, "loss", 2, 0}, {62, 66, "loss", 3, 0}}},
	{"7:1", 70, []band{{11, 22, "loss", 1, 0}, {23, 51, "loss", 2, 0}, {52, 66, "loss", 3, 0}}},
	{"8:1", 89, []band{{11, 14, "loss", 1, 0}, {15, 44, "loss", 2, 0}, {45, 65, "loss", 3, 0}, {66, 66, "loss", 4, 0}}},
	{"9:1", 90, []band{{11, 41, "loss", 2, 0}, {42, 62, "loss", 3, 0}, {63, 66, "loss", 4, 0}}},
	{"10:1", 120, []band{{11, 25, "loss", 2, 0}, {26, 54, "loss", 3, 0}, {55, 64, "loss", 4, 0}, {65, 66, "loss", 5, 0}}},
}

// meleeChart is the Assault à Melee Table by column, every d66 result
// accounted for. A star after the attacker's number is
// losses_attacker_checks, after the defender's losses_defender_checks.
var meleeChart = []struct {
	odds   string
	attack int // a melee value that reads this column against a defender of 10
	bands  []band
}{
	{"1:2", 5, []band{{11, 14, "attacker_routs", 0, 0}, {15, 34, "attacker_disorders", 0, 0}, {35, 51, "no_effect", 0, 0},
		{52, 52, "losses_attacker_checks", 0, 0}, {53, 53, "losses", 1, 1}, {54, 54, "losses_defender_checks", 1, 2}, {55, 55, "losses", 0, 1},
		{56, 56, "losses_attacker_checks", 1, 0}, {61, 61, "losses", 0, 2}, {62, 62, "losses_defender_checks", 2, 1}, {63, 63, "losses", 0, 0},
		{64, 64, "losses", 2, 2}, {65, 66, "defender_disorders", 0, 0}}},
	{"1:1", 14, []band{{11, 15, "attacker_disorders", 0, 0}, {16, 41, "no_effect", 0, 0}, {42, 42, "losses_attacker_checks", 2, 1},
		{43, 43, "losses_defender_checks", 2, 1}, {44, 44, "losses", 2, 1}, {45, 45, "losses_attacker_checks", 1, 1}, {46, 46, "losses", 1, 2},
		{51, 51, "losses", 1, 1}, {52, 52, "losses_defender_checks", 0, 0}, {53, 53, "losses", 2, 1}, {54, 54, "losses_attacker_checks", 1, 2},
		{55, 55, "losses", 2, 2}, {56, 56, "losses", 0, 0}, {61, 61, "losses_defender_checks", 1, 0}, {62, 66, "defender_disorders", 0, 0}}},
	{"1.5:1", 15, []band{{11, 12, "attacker_disorders", 0, 0}, {13, 32, "no_effect", 0, 0}, {33, 33, "losses", 1, 2}, {34, 34, "losses", 0, 0},
		{35, 35, "losses", 1, 1}, {36, 36, "losses_attacker_checks", 2, 0}, {41, 41, "losses_defender_checks", 0, 1}, {42, 42, "losses", 1, 1},
		{43, 43, "losses_defender_checks", 2, 2}, {44, 44, "losses", 3, 1}, {45, 45, "losses", 0, 2}, {46, 46, "losses", 2, 1},
		{51, 51, "losses_defender_checks", 1, 1}, {52, 52, "losses_attacker_checks", 2, 1}, {53, 66, "defender_disorders", 0, 0}}},
	{"2:1", 24, []band{{11, 11, "attacker_disorders", 0, 0}, {12, 24, "no_effect", 0, 0}, {25, 25, "losses", 0, 3}, {26, 26, "losses", 1, 2},
		{31, 31, "losses_attacker_checks", 2, 1}, {32, 32, "losses", 0, 0}, {33, 33, "losses_defender_checks", 0, 1}, {34, 34, "losses", 1, 0},
		{35, 35, "losses_defender_checks", 3, 2}, {36, 36, "losses", 1, 1}, {41, 41, "losses_defender_checks", 2, 2},
		{42, 42, "losses_attacker_checks", 1, 2}, {43, 43, "losses_attacker_checks", 1, 1}, {44, 44, "losses_defender_checks", 0, 2},
		{45, 66, "defender_disorders", 0, 0}}},
	{"2.5:1", 25, []band{{11, 22, "no_effect", 0, 0}, {23, 23, "losses", 1, 4}, {24, 24, "losses", 2, 3}, {25, 25, "losses_attacker_checks", 0, 0},
		{26, 26, "losses_defender_checks", 1, 1}, {31, 31, "losses_defender_checks", 2, 3}, {32, 32, "losses", 3, 3}, {33, 33, "losses", 0, 1},
		{34, 34, "losses", 1, 0}, {35, 35, "losses_defender_checks", 2, 2}, {36, 66, "defender_disorders", 0, 0}}},
	{"3:1", 30, []band{{11, 15, "no_effect", 0, 0}, {16, 16, "losses_defender_checks", 0, 0}, {21, 21, "losses", 2, 3}, {22, 22, "losses", 0, 2},
		{23, 23, "losses_attacker_checks", 2, 0}, {24, 24, "losses", 1, 2}, {25, 25, "losses", 0, 1}, {26, 26, "losses_attacker_checks", 2, 3},
		{31, 31, "losses_defender_checks", 1, 2}, {32, 64, "defender_disorders", 0, 0}, {65, 66, "defender_routs", 0, 0}}},
	{"3.5:1", 39, []band{{11, 11, "no_effect", 0, 0}, {12, 12, "losses", 0, 0}, {13, 13, "losses_attacker_checks", 2, 2}, {14, 14, "losses", 3, 3},
		{15, 15, "losses", 2, 4}, {16, 16, "losses", 3, 1}, {21, 21, "losses_defender_checks", 0, 1}, {22, 61, "defender_disorders", 0, 0},
		{62, 66, "defender_routs", 0, 0}}},
	{"4:1", 40, []band{{11, 11, "losses_attacker_checks", 2, 1}, {12, 12, "losses", 1, 2}, {13, 13, "losses", 0, 2},
		{14, 14, "losses_defender_checks", 0, 1}, {15, 15, "losses_defender_checks", 1, 1}, {16, 55, "defender_disorders", 0, 0},
		{56, 66, "defender_routs", 0, 0}}},
	{"4.5:1", 49, []band{{11, 11, "losses", 3, 2}, {12, 41, "defender_disorders", 0, 0}, {42, 65, "defender_routs", 0, 0},
		{66, 66, "defender_surrenders", 0, 0}}},
	{"5:1", 80, []band{{11, 32, "defender_disorders", 0, 0}, {33, 61, "defender_routs", 0, 0}, {62, 66, "defender_surrenders", 0, 0}}},
}

// d66s lists the 36 results of a d66 in order.
func d66s() []int {
	var out []int
	for t := 1; t <= 6; t++ {
		for u := 1; u <= 6; u++ {
			out = append(out, t*10+u)
		}
	}
	return out
}

func (b band) holds(roll int) bool { return roll >= b.lo && roll <= b.hi }

// chartsModule is a game on the base module whose scenarios give each column
// of the two tables: every target has a fire defence of 10, and a defender
// has a melee value of 10, so the firer's increments and the attacker's
// melee value are the odds. Morale 10 passes every check (a d66 never rolls
// below 11), so the dice go to the tables alone, bar one roll for each check.
func chartsModule(t *testing.T, variant string) *dsl.Module {
	t.Helper()
	var b strings.Builder
	b.WriteString("game charts \"Chart tests\" extends premier\n\n")
	b.WriteString("override chart fire_defence \"Fire defence (test: 10 everywhere)\" by terrain, formation cite \"test\" {\n  _, _ => 10\n}\n\n")
	b.WriteString(variant + "\n")
	for i, c := range fireChart {
		fmt.Fprintf(&b, "scenario fire_%d {\n  map 12 x 12 clear\n  turn allied\n", i+1)
		fmt.Fprintf(&b, "  unit firer { side: allied  arm: infantry  increments: %d  formation: line  facing: N  morale: 10  at: 0606 }\n", c.fire)
		b.WriteString("  unit target { side: french  arm: infantry  increments: 10  formation: line  facing: S  morale: 10  at: 0605 }\n")
		b.WriteString("  fire firer at target\n}\n\n")
	}
	for i, c := range meleeChart {
		fmt.Fprintf(&b, "scenario melee_%d {\n  map 12 x 12 clear\n  turn allied\n", i+1)
		fmt.Fprintf(&b, "  unit att { side: allied  arm: infantry  increments: 10  formation: column  facing: N  morale: 10  melee: %d  at: 0606 }\n", c.attack)
		b.WriteString("  unit def { side: french  arm: infantry  increments: 10  formation: column  facing: S  morale: 10  melee: 10  at: 0605 }\n")
		b.WriteString("  assault att at def\n}\n\n")
	}
	fsys := fstest.MapFS{"charts/charts.rules": &fstest.MapFile{Data: []byte(b.String())}}
	mod, diags := bataille.LoadDir(fsys, "charts")
	if diags.HasErrors() {
		t.Fatalf("loading the chart tests: %v", diags.Err())
	}
	return mod
}

// playFaces plays a scenario with the given dice faces queued (more than it
// needs: the morale checks some results call for take what is left).
func playFaces(t *testing.T, mod *dsl.Module, scenario string, faces ...int) (*interpreter.Engine, interpreter.Trace) {
	t.Helper()
	faces = append(faces, 1, 1, 1, 1, 1, 1)
	eng, err := bataille.NewEngine(mod, scenario, interpreter.Config{Dice: interpreter.NewFixedDice(faces...)})
	if err != nil {
		t.Fatal(err)
	}
	if err := eng.Run(context.Background()); err != nil {
		t.Fatalf("%s %v: %v", scenario, faces, err)
	}
	return eng, eng.Trace()
}

func rollOn(tr interpreter.Trace, table string) (interpreter.Event, int) {
	n := 0
	var last interpreter.Event
	for _, ev := range tr {
		if ev.Kind == "roll" && ev.Table == table {
			last = ev
			n++
		}
	}
	return last, n
}

// TestFireCombatTableCells fires at every column with every d66 result and
// reads what the target lost.
func TestFireCombatTableCells(t *testing.T) {
	mod := chartsModule(t, "")
	for i, c := range fireChart {
		for _, roll := range d66s() {
			eng, tr := playFaces(t, mod, fmt.Sprintf("fire_%d", i+1), roll/10, roll%10)
			ev, n := rollOn(tr, "fire_combat")
			if n != 1 {
				t.Fatalf("%s %d: %d rolls on the Fire Combat Table", c.odds, roll, n)
			}
			if !strings.Contains(ev.Text, "Fire Combat Table ("+c.odds+")") {
				t.Errorf("fire %d against 10 read %q, want column %s", c.fire, ev.Text, c.odds)
			}
			lost, outcome := 0, "no_effect"
			for _, b := range c.bands {
				if b.holds(roll) {
					lost, outcome = b.a, b.outcome
				}
			}
			if ev.Outcome != outcome {
				t.Errorf("%s %d: outcome %s, want %s", c.odds, roll, ev.Outcome, outcome)
			}
			target, _ := eng.Board.Unit("target")
			if got := 10 - target.Increments; got != lost {
				t.Errorf("%s %d: the target lost %d increments, want %d", c.odds, roll, got, lost)
			}
		}
	}
}

// TestMeleeTableCells assaults at every column with every d66 result: both
// pre-melee checks pass on the first two faces, the third and fourth are the
// melee roll, and each result must do what its cell says.
func TestMeleeTableCells(t *testing.T) {
	mod := chartsModule(t, "")
	for i, c := range meleeChart {
		for _, roll := range d66s() {
			eng, tr := playFaces(t, mod, fmt.Sprintf("melee_%d", i+1), 1, 1, 1, 1, roll/10, roll%10)
			ev, n := rollOn(tr, "melee_combat")
			if n != 1 {
				t.Fatalf("%s %d: %d rolls on the melee table", c.odds, roll, n)
			}
			if !strings.Contains(ev.Text, "Assault à Melee Table ("+c.odds+")") {
				t.Errorf("melee %d against 10 read %q, want column %s", c.attack, ev.Text, c.odds)
			}
			var want band
			for _, b := range c.bands {
				if b.holds(roll) {
					want = b
				}
			}
			if want.outcome == "" {
				t.Fatalf("%s %d: the test's chart has no cell", c.odds, roll)
			}
			if ev.Outcome != want.outcome {
				t.Errorf("%s %d: outcome %s, want %s", c.odds, roll, ev.Outcome, want.outcome)
				continue
			}
			att, _ := eng.Board.Unit("att")
			def, _ := eng.Board.Unit("def")
			_, checks := rollOn(tr, "morale")
			switch want.outcome {
			case "losses", "losses_attacker_checks", "losses_defender_checks":
				if !strings.HasSuffix(ev.Text, fmt.Sprintf(" %d %d", want.a, want.d)) {
					t.Errorf("%s %d: %q, want the numbers %d %d", c.odds, roll, ev.Text, want.a, want.d)
				}
				if 10-att.Increments != want.a || 10-def.Increments != want.d {
					t.Errorf("%s %d: lost %d/%d, want %d/%d", c.odds, roll, 10-att.Increments, 10-def.Increments, want.a, want.d)
				}
				wantChecks := 0
				if want.outcome != "losses" {
					wantChecks = 1
				}
				if checks != wantChecks {
					t.Errorf("%s %d: %d morale checks, want %d", c.odds, roll, checks, wantChecks)
				}
			case "attacker_routs":
				if att.State != "routed" {
					t.Errorf("%s %d: the attacker is %s, want routed", c.odds, roll, att.State)
				}
			case "attacker_disorders":
				if att.State != "disordered" || def.State != "good" {
					t.Errorf("%s %d: attacker %s, defender %s; want disordered, good", c.odds, roll, att.State, def.State)
				}
			case "no_effect":
				if att.State != "good" || def.State != "good" || att.Increments != 10 || def.Increments != 10 {
					t.Errorf("%s %d: no effect changed the units", c.odds, roll)
				}
			case "defender_disorders":
				if def.State != "disordered" || def.Hex.String() == "0605" {
					t.Errorf("%s %d: the defender is %s at %s, want disordered and fallen back", c.odds, roll, def.State, def.Hex)
				}
			case "defender_routs":
				if def.State != "routed" {
					t.Errorf("%s %d: the defender is %s, want routed", c.odds, roll, def.State)
				}
			case "defender_surrenders":
				if def.Increments != 0 {
					t.Errorf("%s %d: the defender keeps %d increments, want none", c.odds, roll, def.Increments)
				}
			}
		}
	}
}

// chartOdds is the exact chance of each cell of a test chart column, as
// dsl.Odds names them ("loss 1", "losses 0 1").
func chartOdds(bands []band, fire bool) map[string]*big.Rat {
	counts := map[string]int64{}
	for _, roll := range d66s() {
		key := "no_effect"
		for _, b := range bands {
			if b.holds(roll) {
				key = b.outcome
				if fire {
					key = fmt.Sprintf("%s %d", b.outcome, b.a)
				} else if strings.HasPrefix(b.outcome, "losses") {
					key = fmt.Sprintf("%s %d %d", b.outcome, b.a, b.d)
				}
			}
		}
		counts[key]++
	}
	out := map[string]*big.Rat{}
	for k, n := range counts {
		out[k] = big.NewRat(n, 36)
	}
	return out
}

func sameOdds(got, want map[string]*big.Rat) bool {
	if len(got) != len(want) {
		return false
	}
	for k, w := range want {
		if g, ok := got[k]; !ok || g.Cmp(w) != 0 {
			return false
		}
	}
	return true
}

// TestChartOdds compares the exact odds the language computes for every
// column of the two tables with the rows of the test's own copy counted
// over 36.
func TestChartOdds(t *testing.T) {
	mod := chartsModule(t, "")
	fire, melee := mod.Tables["fire_combat"], mod.Tables["melee_combat"]
	if len(fire.Columns) != len(fireChart) || len(melee.Columns) != len(meleeChart) {
		t.Fatalf("%d fire and %d melee columns, want %d and %d", len(fire.Columns), len(melee.Columns), len(fireChart), len(meleeChart))
	}
	for i, c := range fireChart {
		col := fire.Columns[i]
		if col.Title != c.odds {
			t.Errorf("fire column %d is %q, want %q", i+1, col.Title, c.odds)
		}
		if got, want := dsl.Odds(fire.Roll.Dice, col), chartOdds(c.bands, true); !sameOdds(got, want) {
			t.Errorf("fire %s: odds %v, want %v", c.odds, got, want)
		}
	}
	for i, c := range meleeChart {
		col := melee.Columns[i]
		if col.Title != c.odds {
			t.Errorf("melee column %d is %q, want %q", i+1, col.Title, c.odds)
		}
		if got, want := dsl.Odds(melee.Roll.Dice, col), chartOdds(c.bands, false); !sameOdds(got, want) {
			t.Errorf("melee %s: odds %v, want %v", c.odds, got, want)
		}
	}
	// Spot checks of the arithmetic itself: 1:3 loses an increment on 2 of
	// 36 rolls; at 5:1 the defender surrenders on 5 of 36.
	if got := dsl.Odds(fire.Roll.Dice, fire.Columns[0])["loss 1"]; got.Cmp(big.NewRat(2, 36)) != 0 {
		t.Errorf("1:3 loss 1: %v, want 1/18", got)
	}
	if got := dsl.Odds(melee.Roll.Dice, melee.Columns[9])["defender_surrenders"]; got.Cmp(big.NewRat(5, 36)) != 0 {
		t.Errorf("5:1 surrender: %v, want 5/36", got)
	}
}

// TestChartVariants plays the other readings the base offers in one line
// each: the 1:1 column from 51 (the older tools).
func TestChartVariants(t *testing.T) {
	base, older := chartsModule(t, ""), chartsModule(t, "override param fire.one_to_one_from_51 = true")
	for _, c := range []struct {
		mod      *dsl.Module
		roll     int
		scenario string
		lost     int
	}{
		{base, 51, "fire_5", 0},  // 1:1, 51: no effect
		{older, 51, "fire_5", 1}, // the older reading: a loss
		{older, 46, "fire_5", 0},
		{older, 66, "fire_5", 1},
		{older, 51, "fire_4", 0}, // 1:1.5 is untouched
		{older, 61, "fire_6", 1}, // and so is 1.5:1
		{older, 41, "fire_6", 0},
	} {
		eng, _ := playFaces(t, c.mod, c.scenario, c.roll/10, c.roll%10)
		target, _ := eng.Board.Unit("target")
		if got := 10 - target.Increments; got != c.lost {
			t.Errorf("%s roll %d (variant %v): lost %d, want %d", c.scenario, c.roll, c.mod == older, got, c.lost)
		}
	}
}

// leaderModule puts a leader with the target of the 1:1 fire and with both
// sides of the 1:1 melee.
func leaderModule(t *testing.T, variant string) *dsl.Module {
	t.Helper()
	src := `game leaders "Leader casualty tests" extends premier
override chart fire_defence "Fire defence (test: 10 everywhere)" by terrain, formation cite "test" {
  _, _ => 10
}
` + variant + `
scenario fire {
  map 12 x 12 clear
  turn allied
  unit firer { side: allied  arm: infantry  increments: 10  formation: line  facing: N  morale: 10  at: 0606 }
  unit target { side: french  arm: infantry  increments: 10  formation: line  facing: S  morale: 10  leader  at: 0605 }
  fire firer at target
}
scenario fire_weak {
  map 12 x 12 clear
  turn allied
  unit firer { side: allied  arm: infantry  increments: 3  formation: line  facing: N  morale: 10  at: 0606 }
  unit target { side: french  arm: infantry  increments: 10  formation: line  facing: S  morale: 10  leader  at: 0605 }
  fire firer at target
}
scenario melee {
  map 12 x 12 clear
  turn allied
  unit att { side: allied  arm: infantry  increments: 10  formation: column  facing: N  morale: 10  melee: 10  leader  at: 0606 }
  unit def { side: french  arm: infantry  increments: 10  formation: column  facing: S  morale: 10  melee: 10  leader  at: 0605 }
  assault att at def
}
`
	mod, diags := bataille.LoadDir(fstest.MapFS{"leaders/l.rules": &fstest.MapFile{Data: []byte(src)}}, "leaders")
	if diags.HasErrors() {
		t.Fatalf("loading the leader tests: %v", diags.Err())
	}
	return mod
}

// TestFireLeaderCasualty: a fire roll of 65 or 66 hits the target's leader
// (64 under the older tools' reading); one die says how.
func TestFireLeaderCasualty(t *testing.T) {
	mod, older, stun := leaderModule(t, ""), leaderModule(t, "override param casualty.fire_roll = 64"), leaderModule(t, "override param casualty.stun = true")
	for _, c := range []struct {
		name    string
		mod     *dsl.Module
		faces   []int
		outcome string // of the leader casualty roll, "" for none
		mark    string
		leader  bool // the target still has its leader
	}{
		{"64 misses", mod, []int{6, 4}, "", "", true},
		{"65, head", mod, []int{6, 5, 1}, "head", "leader_killed", false},
		{"66, chest", mod, []int{6, 6, 2}, "chest", "leader_killed", false},
		{"65, leg", mod, []int{6, 5, 3, 4, 5}, "leg", "leader_wounded", false},
		{"65, arm", mod, []int{6, 5, 4, 2}, "arm", "leader_wounded", false},
		{"65, capture", mod, []int{6, 5, 5}, "capture", "leader_captured", false},
		{"65, flesh wound", mod, []int{6, 5, 6}, "flesh_wound", "", true},
		{"64 under the older reading", older, []int{6, 4, 1}, "head", "leader_killed", false},
		{"5 stuns under the 5th edition", stun, []int{6, 6, 5, 3}, "capture", "leader_stunned", false},
		// At 1:3, 64 does nothing to the battalion and still hits the leader
		// under the older reading: the hit follows the roll, not the result.
		{"1:3, 64, older reading", older, []int{6, 4, 6}, "flesh_wound", "", true},
		{"1:3, 64", mod, []int{6, 4}, "", "", true},
	} {
		scenario := "fire"
		if strings.HasPrefix(c.name, "1:3") {
			scenario = "fire_weak"
		}
		dice := interpreter.NewFixedDice(c.faces...)
		eng, err := bataille.NewEngine(c.mod, scenario, interpreter.Config{Dice: dice})
		if err != nil {
			t.Fatal(err)
		}
		if err := eng.Run(context.Background()); err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		if dice.Left() != 0 {
			t.Errorf("%s: %d faces left unrolled", c.name, dice.Left())
		}
		ev, n := rollOn(eng.Trace(), "leader_casualty")
		if c.outcome == "" {
			if n != 0 {
				t.Errorf("%s: the leader was hit (%s)", c.name, ev.Text)
			}
		} else if n != 1 || ev.Outcome != c.outcome {
			t.Errorf("%s: %d leader rolls, last %q; want one, %s", c.name, n, ev.Outcome, c.outcome)
		}
		target, _ := eng.Board.Unit("target")
		if c.mark != "" && !target.Marked(c.mark) {
			t.Errorf("%s: the target is not marked %s", c.name, c.mark)
		}
		if target.Leader != c.leader {
			t.Errorf("%s: leader = %v, want %v", c.name, target.Leader, c.leader)
		}
	}
}

// TestMeleeLeaderCasualty: the melee roll hits the attacker's leader on
// 11..12 and the defender's on 64..66, after the result (1:1 here: 11..15 is
// AD, 62..66 DD). Both pre-melee checks pass on 11.
func TestMeleeLeaderCasualty(t *testing.T) {
	mod := leaderModule(t, "")
	for _, c := range []struct {
		roll    int
		hit     string // the unit whose leader is hit, "" for none
		outcome string
	}{
		{11, "att", "attacker_disorders"},
		{12, "att", "attacker_disorders"},
		{13, "", "attacker_disorders"},
		{63, "", "defender_disorders"},
		{64, "def", "defender_disorders"},
		{66, "def", "defender_disorders"},
	} {
		faces := []int{1, 1, 1, 1, c.roll / 10, c.roll % 10}
		if c.hit != "" {
			faces = append(faces, 2) // chest: killed
		}
		dice := interpreter.NewFixedDice(faces...)
		eng, err := bataille.NewEngine(mod, "melee", interpreter.Config{Dice: dice})
		if err != nil {
			t.Fatal(err)
		}
		if err := eng.Run(context.Background()); err != nil {
			t.Fatalf("roll %d: %v", c.roll, err)
		}
		if dice.Left() != 0 {
			t.Errorf("roll %d: %d faces left unrolled", c.roll, dice.Left())
		}
		tr := eng.Trace()
		if ev, _ := rollOn(tr, "melee_combat"); ev.Outcome != c.outcome {
			t.Errorf("roll %d: %s, want %s", c.roll, ev.Outcome, c.outcome)
		}
		ev, n := rollOn(tr, "leader_casualty")
		for _, id := range []string{"att", "def"} {
			u, _ := eng.Board.Unit(id)
			if hit := id == c.hit; u.Leader == hit || u.Marked("leader_killed") != hit {
				t.Errorf("roll %d: %s leader %v, killed %v; want the leader hit: %v", c.roll, id, u.Leader, u.Marked("leader_killed"), hit)
			}
		}
		if (c.hit != "") != (n == 1) || (n == 1 && ev.Unit != c.hit) {
			t.Errorf("roll %d: %d leader casualty rolls (for %q), want one for %q", c.roll, n, ev.Unit, c.hit)
		}
	}
}

// TestPreMeleeFailure: an attacker that fails its pre-melee check disorders
// and does not assault; a defender that fails disorders and the melee goes
// on; a routed unit that fails stays routed. Morale 66 always fails.
func TestPreMeleeFailure(t *testing.T) {
	src := `game premelee "Pre-melee tests" extends premier
scenario shaky_attacker {
  map 12 x 12 clear
  turn allied
  unit att { side: allied  arm: infantry  increments: 10  formation: column  facing: N  morale: 66  melee: 10  at: 0606 }
  unit def { side: french  arm: infantry  increments: 10  formation: column  facing: S  morale: 10  melee: 10  at: 0605 }
  assault att at def
}
scenario shaky_defender {
  map 12 x 12 clear
  turn allied
  unit att { side: allied  arm: infantry  increments: 10  formation: column  facing: N  morale: 10  melee: 10  at: 0606 }
  unit def { side: french  arm: infantry  increments: 10  formation: column  facing: S  morale: 66  melee: 10  at: 0605 }
  assault att at def
}
scenario routed_defender {
  map 12 x 12 clear
  turn allied
  unit att { side: allied  arm: infantry  increments: 10  formation: column  facing: N  morale: 10  melee: 10  at: 0606 }
  unit def { side: french  arm: infantry  increments: 10  formation: column  facing: S  morale: 66  melee: 10  state: routed  at: 0605 }
  assault att at def
}
`
	mod, diags := bataille.LoadDir(fstest.MapFS{"premelee/p.rules": &fstest.MapFile{Data: []byte(src)}}, "premelee")
	if diags.HasErrors() {
		t.Fatalf("loading the pre-melee tests: %v", diags.Err())
	}
	for _, c := range []struct {
		scenario           string
		faces              []int
		checks, melees     int
		attState, defState string
	}{
		{"shaky_attacker", []int{6, 6}, 1, 0, "disordered", "good"},             // 66 is not above 66: called off
		{"shaky_defender", []int{1, 1, 6, 6, 1, 6}, 2, 1, "good", "disordered"}, // 16 at 1:1: no effect
		{"routed_defender", []int{1, 1, 6, 6, 2, 2}, 2, 1, "good", "routed"},    // 22 at 4:1 (10 against 2.5): DD on a routed unit
	} {
		dice := interpreter.NewFixedDice(c.faces...)
		eng, err := bataille.NewEngine(mod, c.scenario, interpreter.Config{Dice: dice})
		if err != nil {
			t.Fatal(err)
		}
		if err := eng.Run(context.Background()); err != nil {
			t.Fatalf("%s: %v", c.scenario, err)
		}
		if dice.Left() != 0 {
			t.Errorf("%s: %d faces left unrolled", c.scenario, dice.Left())
		}
		tr := eng.Trace()
		if _, n := rollOn(tr, "pre_melee"); n != c.checks {
			t.Errorf("%s: %d pre-melee checks, want %d", c.scenario, n, c.checks)
		}
		if _, n := rollOn(tr, "melee_combat"); n != c.melees {
			t.Errorf("%s: %d melee rolls, want %d", c.scenario, n, c.melees)
		}
		att, _ := eng.Board.Unit("att")
		def, _ := eng.Board.Unit("def")
		if att.State != c.attState || def.State != c.defState {
			t.Errorf("%s: attacker %s, defender %s; want %s, %s", c.scenario, att.State, def.State, c.attState, c.defState)
		}
		if att.Marked("assault_called_off") {
			t.Errorf("%s: the called-off mark outlived the melee", c.scenario)
		}
	}
}
