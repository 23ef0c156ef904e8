package interpreter_test

import (
	"bytes"
	"context"
	"errors"
	"os"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/bataille/bataille"
	"github.com/bataille/bataille/dsl"
	"github.com/bataille/bataille/interpreter"
	"github.com/bataille/bataille/premier"
)

// load checks a module from testdata, with its text changed by the
// replacements (old, new pairs).
func load(t *testing.T, file string, replace ...string) *dsl.Module {
	t.Helper()
	src, err := os.ReadFile("testdata/" + file)
	if err != nil {
		t.Fatal(err)
	}
	text := string(src)
	for i := 0; i+1 < len(replace); i += 2 {
		if !strings.Contains(text, replace[i]) {
			t.Fatalf("%s has no %q to replace", file, replace[i])
		}
		text = strings.Replace(text, replace[i], replace[i+1], 1)
	}
	mod, diags := bataille.LoadDir(fstest.MapFS{file: {Data: []byte(text)}}, file)
	if diags.HasErrors() {
		var b bytes.Buffer
		diags.Print(&b)
		t.Fatalf("%s does not check:\n%s", file, b.String())
	}
	return mod
}

func engine(t *testing.T, mod *dsl.Module, scenario string, cfg interpreter.Config) *interpreter.Engine {
	t.Helper()
	e, err := bataille.NewEngine(mod, scenario, cfg)
	if err != nil {
		t.Fatal(err)
	}
	return e
}

// notes lists what the rules said with the note effect.
func notes(tr interpreter.Trace) []string {
	var out []string
	for _, ev := range tr {
		if ev.Effect == "note" {
			out = append(out, ev.Text)
		}
	}
	return out
}

// TestHookOrder runs one scenario that touches every phase and checks that
// each hook fires, in the chronology of battle.
func TestHookOrder(t *testing.T) {
	mod := load(t, "hooks.rules")
	e := engine(t, mod, "order", interpreter.Config{Dice: interpreter.NewFixedDice()})
	if err := e.Run(context.Background()); err != nil {
		t.Fatal(err)
	}
	got := notes(e.Trace())
	want := []string{
		"turn_start cav turn 1 blue", "turn_start foot turn 1 blue", "turn_start red turn 1 blue",
		"declare_charge", "charge_start", "charge_approach red",
		"enter_hex 0507 path", "charge_enter 0507", "charge_approach red",
		"enter_hex 0506 path", "charge_enter 0506", "charge_approach red",
		"enter_hex 0505 path", "charge_enter 0505", "charge_approach red",
		"charge_contact", "charge_end",
		"move_start", "change_formation line",
		"fire_value", "defensive fire", "fire_resolve",
		"fire_value", "offensive fire", "fire_resolve",
		"phase_start melee blue", "assault_declare", "melee_side front", "melee", "melee_resolve", "melee_end", "phase_end melee",
		"turn_end cav", "turn_end foot", "turn_end red",
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("hooks fired:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	seen := map[string]bool{}
	for _, n := range got {
		seen[strings.Fields(n)[0]] = true
	}
	for _, h := range interpreter.Hooks {
		if h.Name == "move_enter" || h.Name == "move_end" {
			continue // no unit moves hex by hex in this scenario
		}
		if !seen[h.Name] && !(h.Name == "fire" && seen["defensive"]) {
			t.Errorf("hook %s never fired", h.Name)
		}
	}
}

// TestEffects drives each effect primitive through a rule and checks the
// state it leaves, with fixed dice.
func TestEffects(t *testing.T) {
	tests := []struct {
		effect string
		dice   []int
		check  func(t *testing.T, e *interpreter.Engine, cav, red *interpreter.Unit)
	}{
		{"lose", nil, func(t *testing.T, e *interpreter.Engine, cav, red *interpreter.Unit) {
			if red.Increments != 4 {
				t.Errorf("increments %d, want 4", red.Increments)
			}
		}},
		{"set_state", nil, func(t *testing.T, e *interpreter.Engine, cav, red *interpreter.Unit) {
			if red.State != "disordered" {
				t.Errorf("state %q, want disordered", red.State)
			}
		}},
		{"rout", nil, func(t *testing.T, e *interpreter.Engine, cav, red *interpreter.Unit) {
			if red.State != "routed" || red.Hex.String() != "0502" {
				t.Errorf("red %s at %s, want routed at 0502", red.State, red.Hex)
			}
		}},
		{"retreat", nil, func(t *testing.T, e *interpreter.Engine, cav, red *interpreter.Unit) {
			if red.Hex.String() != "0501" || red.State != "good" {
				t.Errorf("red %s at %s, want good at 0501", red.State, red.Hex)
			}
		}},
		{"set_formation", nil, func(t *testing.T, e *interpreter.Engine, cav, red *interpreter.Unit) {
			if red.Formation != "carre" {
				t.Errorf("formation %q, want carre", red.Formation)
			}
		}},
		{"exhaust", nil, func(t *testing.T, e *interpreter.Engine, cav, red *interpreter.Unit) {
			if !cav.Exhausted || cav.Tired {
				t.Errorf("exhausted %v tired %v, want exhausted only", cav.Exhausted, cav.Tired)
			}
		}},
		{"tire", nil, func(t *testing.T, e *interpreter.Engine, cav, red *interpreter.Unit) {
			if !cav.Tired {
				t.Error("cavalry not tired")
			}
		}},
		{"recover", nil, func(t *testing.T, e *interpreter.Engine, cav, red *interpreter.Unit) {
			if cav.Exhausted || !cav.Tired {
				t.Errorf("exhausted %v tired %v, want tired only: one step back", cav.Exhausted, cav.Tired)
			}
		}},
		{"mark_for", nil, func(t *testing.T, e *interpreter.Engine, cav, red *interpreter.Unit) {
			if !red.Marked("shaken") {
				t.Error("red not marked shaken")
			}
		}},
		{"charge_at", nil, func(t *testing.T, e *interpreter.Engine, cav, red *interpreter.Unit) {
			// red is infantry: the charge it starts is declared and judged
			// like any other, and it faces the cavalry it charges.
			found := false
			for _, ev := range e.Trace() {
				if ev.Text == "red declares a charge on cav" {
					found = true
				}
			}
			if !found || red.Facing.String() != "S" {
				t.Errorf("red declared a charge: %v, faces %s (want S)", found, red.Facing)
			}
		}},
		{"mark", nil, func(t *testing.T, e *interpreter.Engine, cav, red *interpreter.Unit) {
			if !red.Marked("seen") || cav.Marked("x") {
				t.Errorf("marks red %v cav %v, want red seen and cav none", red.Marks, cav.Marks)
			}
		}},
		{"halt", nil, func(t *testing.T, e *interpreter.Engine, cav, red *interpreter.Unit) {
			if cav.Hex.String() != "0507" {
				t.Errorf("cavalry at %s, want halted at 0507 before its second hex", cav.Hex)
			}
		}},
		{"limit_mp", nil, func(t *testing.T, e *interpreter.Engine, cav, red *interpreter.Unit) {
			if cav.Hex.String() != "0506" {
				t.Errorf("cavalry at %s, want 0506 after 2 MP", cav.Hex)
			}
		}},
		{"set_cost", nil, func(t *testing.T, e *interpreter.Engine, cav, red *interpreter.Unit) {
			if cav.Hex.String() != "0505" {
				t.Errorf("cavalry at %s, want 0505 (3 hexes at 2 MP = 6 MP)", cav.Hex)
			}
		}},
		{"roll", []int{5}, func(t *testing.T, e *interpreter.Engine, cav, red *interpreter.Unit) {
			if red.Increments != 1 {
				t.Errorf("increments %d, want 1 after the high row's value 5", red.Increments)
			}
		}},
		{"check", []int{3, 1}, func(t *testing.T, e *interpreter.Engine, cav, red *interpreter.Unit) {
			// 31 + 6 steps of d66 = 41, above 36: passes.
			if !red.Marked("steady") || red.State != "good" {
				t.Errorf("red %s marks %v, want steady", red.State, red.Marks)
			}
		}},
		{"check", []int{2, 1}, func(t *testing.T, e *interpreter.Engine, cav, red *interpreter.Unit) {
			// 21 + 6 = 31, not above 36: fails.
			if red.State != "disordered" {
				t.Errorf("red %s, want disordered", red.State)
			}
		}},
	}
	for _, tt := range tests {
		t.Run(tt.effect, func(t *testing.T) {
			mod := load(t, "effects.rules", `param test.effect = "none"`, `param test.effect = "`+tt.effect+`"`)
			dice := interpreter.NewFixedDice(tt.dice...)
			e := engine(t, mod, "base", interpreter.Config{Dice: dice})
			if err := e.Run(context.Background()); err != nil {
				t.Fatal(err)
			}
			cav, _ := e.Board.Unit("cav")
			red, _ := e.Board.Unit("red")
			tt.check(t, e, cav, red)
			if dice.Left() != 0 {
				t.Errorf("%d dice faces unused", dice.Left())
			}
		})
	}
}

// TestRequireBlocks shows a failing require stopping its action, with the
// rule's message in the trace.
func TestRequireBlocks(t *testing.T) {
	mod := load(t, "effects.rules", `rule e.lose on`, `rule no.charge "No charges today" on declare_charge cite "test p1" {
  require charger.increments > 10 else "too few horses"
}
rule e.lose on`)
	e := engine(t, mod, "base", interpreter.Config{})
	if err := e.Run(context.Background()); err != nil {
		t.Fatal(err)
	}
	cav, _ := e.Board.Unit("cav")
	if cav.Hex.String() != "0508" || cav.Flag(premier.Charged) {
		t.Errorf("cavalry at %s charged=%v, want it never to move", cav.Hex, cav.Flag(premier.Charged))
	}
	var blocked *interpreter.Event
	for i, ev := range e.Trace() {
		if ev.Kind == "blocked" {
			blocked = &e.Trace()[i]
		}
	}
	if blocked == nil || blocked.Text != "too few horses" || blocked.Rule != "no.charge" || blocked.Cite != "test p1" {
		t.Errorf("blocked event %+v, want rule no.charge citing test p1 with its message", blocked)
	}
}

// TestDeterminism: the same module, scenario and seed give the same JSON
// trace byte for byte; another seed gives another.
func TestDeterminism(t *testing.T) {
	mod, diags := bataille.LoadDir(os.DirFS("testdata"), "effects.rules")
	if diags.HasErrors() {
		t.Fatal(diags.Err())
	}
	mod2 := load(t, "effects.rules", `param test.effect = "none"`, `param test.effect = "check"`)
	_ = mod
	runJSON := func(seed uint64) []byte {
		e := engine(t, mod2, "base", interpreter.Config{Seed: seed})
		if err := e.Run(context.Background()); err != nil {
			t.Fatal(err)
		}
		var b bytes.Buffer
		if err := e.Trace().WriteJSON(&b); err != nil {
			t.Fatal(err)
		}
		return b.Bytes()
	}
	a, b := runJSON(7), runJSON(7)
	if !bytes.Equal(a, b) {
		t.Fatal("same seed, different traces")
	}
	differs := false
	for seed := uint64(8); seed < 20 && !differs; seed++ {
		differs = !bytes.Equal(a, runJSON(seed))
	}
	if !differs {
		t.Error("twelve other seeds all gave seed 7's trace")
	}
}

// TestRunaway shows the limits: an outcome that rolls its own table again
// stops at the nesting bound, a small step budget stops a long run, and a
// cancelled context stops at once; each error names the rule.
func TestRunaway(t *testing.T) {
	loop := load(t, "effects.rules", `rule e.roll_high on pick.high { do lose(target, value) }`,
		`rule e.roll_high on pick.high { do roll(pick) }
rule e.again on pick.low { do roll(pick) }`, `param test.effect = "none"`, `param test.effect = "roll"`)
	e := engine(t, loop, "base", interpreter.Config{Seed: 1})
	err := e.Run(context.Background())
	if err == nil || !strings.Contains(err.Error(), "nest deeper") || !strings.Contains(err.Error(), "rule e.") {
		t.Errorf("recursion: got %v, want a nesting error naming the rule", err)
	}

	mod := load(t, "hooks.rules")
	e = engine(t, mod, "order", interpreter.Config{MaxSteps: 5})
	err = e.Run(context.Background())
	if !errors.Is(err, interpreter.ErrStepBudget) || !strings.Contains(err.Error(), "rule h") {
		t.Errorf("budget: got %v, want ErrStepBudget naming a rule", err)
	}

	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	e = engine(t, mod, "order", interpreter.Config{})
	err = e.Run(ctx)
	if !errors.Is(err, context.Canceled) {
		t.Errorf("cancelled: got %v, want context.Canceled", err)
	}
}

// TestDiceRunOut: fixed dice that run out fail the run cleanly.
func TestDiceRunOut(t *testing.T) {
	mod := load(t, "effects.rules", `param test.effect = "none"`, `param test.effect = "roll"`)
	e := engine(t, mod, "base", interpreter.Config{Dice: interpreter.NewFixedDice()})
	if err := e.Run(context.Background()); !errors.Is(err, interpreter.ErrDiceExhausted) {
		t.Errorf("got %v, want ErrDiceExhausted", err)
	}
}

// TestTurnLineNamesThePhasingSide: the side not in its turn fires first, in
// the defensive fire phase, whichever order the scenario lists.
func TestTurnLineNamesThePhasingSide(t *testing.T) {
	mod := load(t, "turn.rules")
	for scenario, firstFirer := range map[string]string{"french_turn": "a", "allied_turn": "b"} {
		e := engine(t, mod, scenario, interpreter.Config{Seed: 1})
		if err := e.Run(context.Background()); err != nil {
			t.Fatal(err)
		}
		phase := ""
		for _, ev := range e.Trace() {
			if ev.Kind == "phase" {
				phase = ev.Text
			}
			if strings.HasPrefix(ev.Text, firstFirer+" fires at") {
				if phase != "defensive fire" {
					t.Errorf("%s: %s fires in %q, want defensive fire", scenario, firstFirer, phase)
				}
				break
			}
		}
		if phase != "defensive fire" {
			t.Errorf("%s: %s never fired in the defensive fire phase", scenario, firstFirer)
		}
	}
}

// TestSeveralTurns: each turn has its side and orders; a plain mark and the
// moved flag last to the end of their turn, a mark_for mark as many turns
// as it says; hooks read the turn number.
func TestSeveralTurns(t *testing.T) {
	mod := load(t, "turns.rules")
	e := engine(t, mod, "three", interpreter.Config{Dice: interpreter.NewFixedDice()})
	if err := e.Run(context.Background()); err != nil {
		t.Fatal(err)
	}
	want := []string{
		"a in turn 1 of blue", "b in turn 1 of blue",
		"a in turn 2 of red, long", "b in turn 2 of red, long",
		"a in turn 3 of blue", "b in turn 3 of blue",
	}
	if got := notes(e.Trace()); strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("notes:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	a, _ := e.Board.Unit("a")
	b, _ := e.Board.Unit("b")
	if a.Hex.String() != "0506" || b.Hex.String() != "0503" || e.Turn() != 3 {
		t.Errorf("a at %s, b at %s after turn %d: want 0506, 0503, 3", a.Hex, b.Hex, e.Turn())
	}
	// A simulation plays the turns again from the start.
	e.Rewind(interpreter.NewFixedDice())
	if err := e.Run(context.Background()); err != nil {
		t.Fatal(err)
	}
	if got := notes(e.Trace()); strings.Join(got, "\n") != strings.Join(want, "\n") || a.Hex.String() != "0506" {
		t.Errorf("after Rewind: a at %s, notes:\n%s", a.Hex, strings.Join(got, "\n"))
	}
}

// TestDeclaredSequence: a module's sequence of play sets the order of the
// phases and their titles.
func TestDeclaredSequence(t *testing.T) {
	mod := load(t, "sequence.rules")
	e := engine(t, mod, "fire_first", interpreter.Config{Seed: 28})
	if err := e.Run(context.Background()); err != nil {
		t.Fatal(err)
	}
	var phases []string
	for _, ev := range e.Trace() {
		if ev.Kind == "phase" {
			phases = append(phases, ev.Text)
		}
	}
	if got, want := strings.Join(phases, ", "), "preparatory fire, maneuver, reaction fire, reorganization"; got != want {
		t.Errorf("phases %s, want %s", got, want)
	}
	b, _ := e.Board.Unit("b")
	a, _ := e.Board.Unit("a")
	if !b.Attrs["elite"] || a.Attrs["elite"] {
		t.Errorf("attributes: b %v, a %v; want b elite only", b.Attrs, a.Attrs)
	}
	// Seed 28: both fires hit (63 at 1:1.5 and at 1:2); only the elite
	// battalion's loss is remarked.
	if got := strings.Join(notes(e.Trace()), "\n"); got != "b is elite" {
		t.Errorf("notes %q, want the elite battalion's only", got)
	}
}

// TestArmyValues: a side's values start as the scenario gives them, change
// by rule (held to the word's max), last from turn to turn, and are put
// back by Rewind, as a unit's losses are.
func TestArmyValues(t *testing.T) {
	mod := load(t, "army.rules")
	e := engine(t, mod, "three", interpreter.Config{Dice: interpreter.NewFixedDice()})
	want := []string{"b turn 1: level 1, lost 0, losses 1 of 6", "b turn 2: level 3, lost 1, losses 2 of 6", "b turn 3: level 3, lost 2, losses 3 of 6"}
	for run := range 2 {
		if run == 1 {
			e.Rewind(interpreter.NewFixedDice())
		}
		if err := e.Run(context.Background()); err != nil {
			t.Fatal(err)
		}
		if got := notes(e.Trace()); strings.Join(got, "\n") != strings.Join(want, "\n") {
			t.Errorf("run %d, notes:\n%s\nwant:\n%s", run+1, strings.Join(got, "\n"), strings.Join(want, "\n"))
		}
		said := false
		for _, ev := range e.Trace() {
			said = said || ev.Text == "red's morale_level: 3 (was 1)"
		}
		if !said {
			t.Errorf("run %d: the trace does not say the level went from 1 to 3 (held to its max)", run+1)
		}
		if got := e.Board.Army("red", "lost"); got != 3 {
			t.Errorf("run %d: red lost %d, want 3", run+1, got)
		}
	}
}
