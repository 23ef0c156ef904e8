package bataille_test

import (
	"context"
	"errors"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/bataille/bataille"
	"github.com/bataille/bataille/dsl"
	"github.com/bataille/bataille/interpreter"
)

// TestBundledRulings plays every test the base and the bundled battles
// declare or inherit: `go test ./...` runs the rulings written in the
// language, each of which cites the clause it tests.
func TestBundledRulings(t *testing.T) {
	for _, name := range append([]string{"premier"}, bataille.Bundled()...) {
		mod, diags := bataille.LoadBundled(name)
		if diags.HasErrors() {
			t.Fatal(diags)
		}
		for _, res := range bataille.RunTests(context.Background(), mod) {
			if len(res.Test.Cite) == 0 {
				t.Errorf("%s: test %s cites no clause", name, res.Test.Name)
			}
			for _, f := range res.Failures {
				t.Errorf("%s: test %s: %s", name, res.Test.Name, f)
			}
		}
	}
}

// TestVerifyBundled proves the invariants over every path through the dice
// and every answer of every bundled scenario.
func TestVerifyBundled(t *testing.T) {
	for _, name := range bataille.Bundled() {
		mod, diags := bataille.LoadBundled(name)
		if diags.HasErrors() {
			t.Fatal(diags)
		}
		reps, err := bataille.Verify(context.Background(), mod, mod.AllScenarios(), bataille.VerifyOptions{})
		if err != nil {
			t.Fatal(err)
		}
		for _, r := range reps {
			if r.Paths < 2 {
				t.Errorf("%s %s: %d path(s): the dice and the answers were not explored", name, r.Scenario, r.Paths)
			}
			for _, v := range r.Broken {
				t.Errorf("%s %s: %s\n  replay: %s", name, r.Scenario, v.Message, v.Replay(name, r.Scenario))
			}
		}
	}
}

// BenchmarkVerifyBundled is `bataille verify` over every bundled scenario.
// Besides wall time it reports the CPU seconds an op takes (cpu-s/op, user
// and system, every thread of the process: on a shared machine wall time
// grows with the others' load, CPU time much less) and the paths verify
// played (paths/op), which a change of the rules or of the exploration
// moves and the speed does not.
func BenchmarkVerifyBundled(b *testing.B) {
	var mods []*dsl.Module
	for _, name := range bataille.Bundled() {
		mod, diags := bataille.LoadBundled(name)
		if diags.HasErrors() {
			b.Fatal(diags)
		}
		mods = append(mods, mod)
	}
	ops, paths := 0, int64(0)
	cpu0, ok := processCPU()
	for b.Loop() {
		paths = 0
		for _, mod := range mods {
			reps, err := bataille.Verify(context.Background(), mod, mod.AllScenarios(), bataille.VerifyOptions{})
			if err != nil {
				b.Fatal(err)
			}
			for _, r := range reps {
				paths += r.Paths
			}
		}
		ops++
	}
	if cpu1, ok1 := processCPU(); ok && ok1 && ops > 0 {
		b.ReportMetric(float64(cpu1-cpu0)/1e9/float64(ops), "cpu-s/op")
	}
	b.ReportMetric(float64(paths), "paths/op")
}

// planted is a battle with a wrong script planted in it, and what must
// catch it: an invariant verify reports, or a test that fails.
type planted struct {
	name    string
	class   string // the class of wrong ruling (issue 20) it plants
	extends string // the battle it plants the rules in; berlin1813 if ""
	rules   string // the planted module's declarations
	// invariant verify must report broken, or test the test that must fail
	invariant, test string
	// refused, for a limit the engine itself holds on every path: what a
	// run of the planted rules narrates as the engine refuses it; verify
	// then finds nothing broken.
	refused string
}

var plantedCases = []planted{
	{name: "enemies_in_one_hex", class: "1 physical limits", invariant: "hex.enemies_apart", refused: "a leaves b's hex 0303", rules: `
scenario s "Two enemies left in one hex" {
  map 6 x 6 clear
  turn french
  unit a "A" { side: french  nationality: french  arm: infantry  increments: 6  formation: column  facing: N  morale: 36  melee: 6  at: 0303 }
  unit b "B" { side: allied  nationality: prussian  arm: infantry  increments: 6  formation: column  facing: S  morale: 36  melee: 6  at: 0303 }
}`},
	{name: "carre_in_woods", class: "2 a formation's preconditions skipped", invariant: "carre.where_it_may_form", rules: `
remove rule carre.terrain
remove test carre.terrain_woods
remove test carre.terrain_clear
scenario s "A battalion in woods forms Carré" {
  map 6 x 6 clear
  terrain woods 0303
  turn french
  unit a "A" { side: french  nationality: french  arm: infantry  increments: 6  formation: column  facing: N  morale: 36  melee: 6  mp: 6  at: 0303 }
  form a as carre
}`},
	{name: "fire_at_friends", class: "1 physical limits", invariant: "fire.at_enemies", refused: "a may not fire at a: it is of its own side", rules: `
rule plant.fire "A rule fires at a unit of its own side" on turn_start cite "planted" {
  when unit.id == "a"
  do fire_at(unit, unit)
}
scenario s "A battalion that fires at itself" {
  map 6 x 6 clear
  turn french
  unit a "A" { side: french  nationality: french  arm: infantry  increments: 6  formation: line  facing: N  morale: 36  melee: 6  at: 0303 }
}`},
	{name: "melee_from_afar", class: "1 physical limits", invariant: "melee.in_contact", refused: "hus will not melee far", rules: `
rule plant.melee "A rule sends the charger against an enemy four hexes off" on charge_approach cite "planted" {
  when unit.id == "far"
  do melee(charger, unit)
}
scenario s "Hussars charge one battalion; a rule sets up a melee on another far off" {
  map 12 x 12 clear
  turn allied
  unit hus "Hussars" { side: allied  nationality: prussian  arm: cavalry  increments: 4  formation: column  facing: N  morale: 31  mp: 8  melee: 6  at: 0210 }
  unit inf "Target" { side: french  nationality: french  arm: infantry  increments: 6  formation: column  facing: S  morale: 36  melee: 6  at: 0205 }
  unit far "Far off" { side: french  nationality: french  arm: infantry  increments: 6  formation: column  facing: S  morale: 36  melee: 6  at: 0905 }
  charge hus at inf path 0209 0208 0207 0206
}`},
	{name: "carre_min", class: "2 a formation's preconditions skipped", test: "carre.min_two", rules: `
override rule carre.min "Any strength forms Carré" on change_formation cite "planted" {
  when formation == "carre"
  require hex_increments(unit) >= 1 else "a Carré needs a unit"
}`},
	{name: "tired_charges", class: "4 eligibility", test: "charge.tired", rules: `
override rule charge.eligible "Any cavalry charges" on declare_charge cite "planted" {
  require charger.arm == "cavalry" else "only cavalry charges"
}`},
	// The attempt offered only once the cavalry has entered a hex: a line
	// three hexes off answers at two, on the wrong column of the chart.
	{name: "carre_one_hex_late", class: "3 timing", extends: "friedland", test: "carre.three_hexes_out", rules: `
override rule carre.attempt "Carré attempt, once the cavalry has entered a hex" on charge_approach cite "planted" {
  when step > 0
  when unit.arm == "infantry" && unit.formation != "carre" && unit.state == "good"
  when !marked(unit, "carre_tried")
  when distance <= carre.window && los
  when is_target || carre.any_unit
  when marked(unit, "may_form:carre")
  ask "form_carre"
  do mark(unit, "carre_tried")
  do roll(carre_realization, unit: unit)
}`},
	// The battery stacked with the infantry left in good order when the
	// attempt disorders it.
	{name: "battery_left_behind", class: "5 artillery shares the infantry's result", extends: "friedland", test: "carre.battery_shares", rules: `
override rule carre.disorder "The attempt disorders the infantry alone" on carre_realization.disorder cite "planted" {
  do set_state(unit, "disordered")
}`},
	// The melee reads a refused flank as a flank, while the stand check
	// and every function read it as a front.
	{name: "refused_flank_in_melee", class: "6 one hexside, two readings", extends: "friedland", test: "melee.refused_flank_front", rules: `
rule plant.flank "A refused flank is a flank in melee" on melee_side cite "planted" {
  when side == "front" && friendly_zdi && defender.formation == "line"
  do set_side("flank")
}`},
	// Any charge that ends without contact routs, the recalled cavalry that
	// chose not to follow the routed unit too.
	{name: "recalled_punished", class: "7 a permitted choice punished", extends: "friedland", test: "recall.not_following_odds", rules: `
override rule end.no_contact "Any charge that struck nothing routs" on charge_end cite "planted" {
  when !contacted && mp_left > 0
  do rout(charger), exhaust(charger)
}`},
	// Road advantage routs the target and leaves its stack-mate standing.
	{name: "road_target_only", class: "8 a result half applied", test: "contact.road_stack", rules: `
override rule contact.road "A charge on troops in road advantage routs the target" on charge_contact cite "planted" {
  when target.state == "good" && target.formation == "column" && on_road(target)
  do mark(target, "road_rout"), rout(target, from: charger)
  do check_around(morale, target)
}`},
}

func loadPlanted(t *testing.T, p planted) *dsl.Module {
	t.Helper()
	base := p.extends
	if base == "" {
		base = "berlin1813"
	}
	src := "game planted \"Planted\" extends " + base + "\n" + p.rules + "\n"
	mod, diags := bataille.LoadDir(fstest.MapFS{"planted/rules.rules": {Data: []byte(src)}}, "planted")
	if diags.HasErrors() {
		t.Fatalf("%s: %v", p.name, diags)
	}
	return mod
}

// TestPlantedWrongRulingsAreCaught plants each class of wrong ruling in a
// battle and sees verify or test catch it; the replay verify prints
// breaks the same invariant again.
func TestPlantedWrongRulingsAreCaught(t *testing.T) {
	classes := map[string]bool{}
	for _, p := range plantedCases {
		classes[p.class[:1]] = true
	}
	for _, c := range "12345678" {
		if !classes[string(c)] {
			t.Errorf("no wrong ruling of class %c is planted", c)
		}
	}
	for _, p := range plantedCases {
		t.Run(p.name, func(t *testing.T) {
			mod := loadPlanted(t, p)
			if p.test != "" {
				// The test that catches the plant holds on the battle as
				// it ships, and fails once the plant is in.
				base := p.extends
				if base == "" {
					base = "berlin1813"
				}
				shipped, diags := bataille.LoadBundled(base)
				if diags.HasErrors() {
					t.Fatal(diags)
				}
				for _, m := range []*dsl.Module{shipped, mod} {
					var test *dsl.TestDef
					for _, x := range m.Tests {
						if x.Name == p.test {
							test = x
						}
					}
					if test == nil {
						t.Fatalf("%s has no test %s", m.ID, p.test)
					}
					res := bataille.RunTest(context.Background(), m, test)
					switch {
					case m == shipped && !res.Passed():
						t.Errorf("test %s fails on %s as it ships: %v", p.test, base, res.Failures)
					case m == mod && res.Passed():
						t.Errorf("class %s: test %s passes against the planted rules", p.class, p.test)
					}
				}
				return
			}
			sd, _ := mod.Scenario("s")
			reps, err := bataille.Verify(context.Background(), mod, []*dsl.ScenarioDef{sd}, bataille.VerifyOptions{})
			if err != nil {
				t.Fatal(err)
			}
			var v *bataille.Violation
			for _, x := range reps[0].Broken {
				if x.Invariant == p.invariant {
					v = x
				}
			}
			if p.refused != "" {
				if v != nil {
					t.Fatalf("class %s: the engine should hold this limit, yet verify reports %v", p.class, v)
				}
				e, err := bataille.NewEngine(mod, "s", interpreter.Config{})
				if err != nil {
					t.Fatal(err)
				}
				if err := e.Run(context.Background()); err != nil {
					t.Fatal(err)
				}
				var b strings.Builder
				_ = e.Trace().WriteText(&b, false)
				if !strings.Contains(b.String(), p.refused) {
					t.Errorf("class %s: the engine does not say %q:\n%s", p.class, p.refused, b.String())
				}
				return
			}
			if v == nil {
				t.Fatalf("class %s: verify reports %v, not invariant %s", p.class, reps[0].Broken, p.invariant)
			}
			// The replay: the same faces and answers on a traced run.
			answers := &interpreter.ScriptedDecider{Answers: map[[2]string]bool{}}
			for _, a := range v.Answers {
				answers.Answers[[2]string{a.Unit, a.Question}] = a.Yes
			}
			e, err := bataille.NewEngine(mod, "s", interpreter.Config{Dice: interpreter.NewFixedDice(v.Faces...), Decider: answers})
			if err != nil {
				t.Fatal(err)
			}
			err = e.Run(context.Background())
			var ie *interpreter.InvariantError
			if !errors.As(err, &ie) || ie.Name != p.invariant {
				t.Fatalf("replay %s: got %v", v.Replay("planted", "s"), err)
			}
			if !strings.Contains(err.Error(), ".rules:") || !strings.Contains(err.Error(), "turn 1") {
				t.Errorf("the error names no place or no step: %v", err)
			}
			// Turned off, the same run goes to its end.
			e, _ = bataille.NewEngine(mod, "s", interpreter.Config{Dice: interpreter.NewFixedDice(v.Faces...), Decider: answers, NoInvariants: true})
			if err := e.Run(context.Background()); err != nil && errors.As(err, &ie) {
				t.Errorf("with the invariants off: %v", err)
			}
		})
	}
}

// TestInvariantOverrideAndRemove: a battle changes or drops an invariant as
// it does any declaration.
func TestInvariantOverrideAndRemove(t *testing.T) {
	for _, tc := range []struct{ rules, want string }{
		{"remove invariant carre.where_it_may_form\n", ""},
		{"override invariant carre.where_it_may_form \"Stricter\" cite \"x\" { all(units, .formation != \"carre\") }\n", "Stricter"},
		{"invariant carre.where_it_may_form \"Again\" { true }\n", "needs-override"},
	} {
		src := "game planted \"Planted\" extends berlin1813\n" + tc.rules
		mod, diags := bataille.LoadDir(fstest.MapFS{"planted/rules.rules": {Data: []byte(src)}}, "planted")
		if tc.want == "needs-override" {
			if !diags.HasErrors() || !strings.Contains(diags.Err().Error(), "override") {
				t.Errorf("%q: want a needs-override error, got %v", tc.rules, diags)
			}
			continue
		}
		if diags.HasErrors() {
			t.Fatal(diags)
		}
		var got *dsl.InvariantDef
		for _, iv := range mod.Invariants {
			if iv.Name == "carre.where_it_may_form" {
				got = iv
			}
		}
		switch {
		case tc.want == "" && got != nil:
			t.Errorf("%q: the invariant is still there", tc.rules)
		case tc.want != "" && (got == nil || got.Title != tc.want || got.Module != "planted"):
			t.Errorf("%q: got %+v", tc.rules, got)
		}
	}
}

// TestVerifyChanceOverAnswers: a violation's chance is what the dice give
// when the players answer the way that breaks the invariant most, never
// the answers' chances added (which passed 1: "4/3" for a question whose
// yes breaks it surely and whose no breaks it on a third of the dice).
func TestVerifyChanceOverAnswers(t *testing.T) {
	const common = `
table plant_roll "Plant" roll 1d6 cite "planted" {
  1..2 => bad
  3..3 => worse
  4..6 => fine
}
rule plant.bad "Bad" on plant_roll.bad cite "planted" { do mark(unit, "bad") }
rule plant.worse "Worse" on plant_roll.worse cite "planted" { do mark(unit, "worse") }
invariant plant.never_bad "Never bad" cite "planted" { none(units, marked(#, "bad")) }
scenario s "One battalion" {
  map 6 x 6 clear
  turn french
  unit a "A" { side: french  nationality: french  arm: infantry  increments: 6  formation: column  facing: N  morale: 36  melee: 6  at: 0303 }
}
`
	for _, tc := range []struct {
		name, rules, want string
		paths             int64
	}{
		// yes breaks it with no die rolled, no on 1..2 of a die: 1, not 4/3
		{"yes_surely", `
rule plant.ask "Asks" on turn_start cite "planted" {
  when unit.id == "a"
  ask "q"
  do mark(unit, "bad")
}
rule plant.no "Rolls" on turn_start cite "planted" {
  when unit.id == "a" && !marked(unit, "bad")
  do roll(plant_roll, unit: unit)
}`, "1", 2},
		// both answers break it with no die rolled: 1, not 2
		{"both_answers", `
rule plant.ask "Asks" on turn_start cite "planted" {
  when unit.id == "a"
  ask "q"
  do mark(unit, "bad")
}
rule plant.no "No breaks it too" on turn_start cite "planted" {
  when unit.id == "a" && !marked(unit, "bad")
  do mark(unit, "bad")
}
rule plant.never "Rolls for no one here" on turn_start cite "planted" {
  when unit.id == "nobody"
  do roll(plant_roll, unit: unit)
}`, "1", 2},
		// a die first; on 3 a question both of whose answers break it,
		// on 1..2 it breaks: 1/3 + 1/6, not 1/3 + 2/6
		{"die_then_question", `
rule plant.roll "Rolls first" on turn_start cite "planted" {
  when unit.id == "a"
  do roll(plant_roll, unit: unit)
}
rule plant.ask "Asks after a worse roll" on turn_start cite "planted" {
  when unit.id == "a" && marked(unit, "worse")
  ask "q"
  do mark(unit, "bad")
}
rule plant.no "No breaks it too" on turn_start cite "planted" {
  when unit.id == "a" && marked(unit, "worse") && !marked(unit, "bad")
  do mark(unit, "bad")
}`, "1/2", 3},
	} {
		t.Run(tc.name, func(t *testing.T) {
			src := "game planted \"Planted\" extends berlin1813\n" + tc.rules + common
			mod, diags := bataille.LoadDir(fstest.MapFS{"planted/rules.rules": {Data: []byte(src)}}, "planted")
			if diags.HasErrors() {
				t.Fatal(diags)
			}
			sd, _ := mod.Scenario("s")
			reps, err := bataille.Verify(context.Background(), mod, []*dsl.ScenarioDef{sd}, bataille.VerifyOptions{})
			if err != nil {
				t.Fatal(err)
			}
			if len(reps[0].Broken) != 1 {
				t.Fatalf("broken: %v", reps[0].Broken)
			}
			v := reps[0].Broken[0]
			if v.Chance != tc.want || v.Paths != tc.paths {
				t.Errorf("chance %s on %d path(s), want %s on %d", v.Chance, v.Paths, tc.want, tc.paths)
			}
		})
	}
}
