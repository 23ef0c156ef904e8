package interpreter_test

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"github.com/bataille/bataille/hex"
	"regexp"
	"strings"
	"sync"
	"testing"
	"testing/fstest"

	"github.com/bataille/bataille"
	"github.com/bataille/bataille/dsl"
	"github.com/bataille/bataille/interpreter"
)

// The engine's bounds, each held at 1×, 10× and 100×: a workload that fits
// runs, one past the bound stops with an error that starts file:line:col,
// and nothing panics or runs on.

// limModule checks a module given as text, for these tests.
func limModule(t testing.TB, src string) *dsl.Module {
	t.Helper()
	mod, diags := bataille.LoadDir(fstest.MapFS{"lim.rules": {Data: []byte(src)}}, "lim.rules")
	if diags.HasErrors() {
		var b bytes.Buffer
		diags.Print(&b)
		t.Fatalf("module does not check:\n%s", b.String())
	}
	return mod
}

const limHead = `module lim "Limits"
arm cavalry { mounted }
formation line {}
state good { good }
terrain clear {}
`

// limBoard places n units in a row of hexes on a large board.
func limBoard(n, increments int) *interpreter.Board {
	b := interpreter.NewBoard(99, 99, "clear")
	for i := range n {
		b.Place(&interpreter.Unit{ID: fmt.Sprintf("u%05d", i), Side: "a", Arm: "cavalry", Formation: "line", State: "good",
			Increments: increments, Hexes: 1, Hex: hex.FromOffset(1+i%99, 1+i/99%99)})
	}
	return b
}

var limPosRE = regexp.MustCompile(`^lim\.rules:\d+:\d+: `)

func limRun(mod *dsl.Module, board *interpreter.Board, cfg interpreter.Config) error {
	cfg.Effects = bataille.Effects()
	return interpreter.New(mod, board, nil, cfg).Run(context.Background())
}

var limScales = []struct {
	name string
	of   func(n int) int // the workload at this scale of a bound n
}{
	{"fits", func(n int) int { return n }},
	{"1×", func(n int) int { return n + 1 }},
	{"10×", func(n int) int { return 10 * n }},
	{"100×", func(n int) int { return 100 * n }},
}

// TestStepBudget: each unit's turn_end takes four steps (three clauses and
// one effect), so a budget of 400 fits 100 units and no more.
func TestStepBudget(t *testing.T) {
	mod := limModule(t, limHead+`rule busy on turn_end { when true  when true  do note("x") }`+"\n")
	const budget = 400
	for _, sc := range limScales {
		t.Run(sc.name, func(t *testing.T) {
			units := sc.of(budget) / 4
			if sc.name == "1×" {
				units = budget/4 + 1
			}
			err := limRun(mod, limBoard(units, 1), interpreter.Config{MaxSteps: budget, NoTrace: true})
			if sc.name == "fits" {
				if err != nil {
					t.Fatalf("%d steps in a budget of %d: %v", 4*units, budget, err)
				}
				return
			}
			if !errors.Is(err, interpreter.ErrStepBudget) || !limPosRE.MatchString(err.Error()) {
				t.Fatalf("%d steps in a budget of %d: got %v, want a positioned step budget error", 4*units, budget, err)
			}
		})
	}
}

// TestStepBudgetDefault: a zero Config still bounds a run: 30,000 units
// taking four steps each are past the default budget of 100,000.
func TestStepBudgetDefault(t *testing.T) {
	mod := limModule(t, limHead+`rule busy on turn_end { when true  when true  do note("x") }`+"\n")
	if err := limRun(mod, limBoard(20000, 1), interpreter.Config{NoTrace: true}); err != nil {
		t.Fatalf("80,000 steps: %v", err)
	}
	err := limRun(mod, limBoard(30000, 1), interpreter.Config{NoTrace: true})
	if !errors.Is(err, interpreter.ErrStepBudget) || !limPosRE.MatchString(err.Error()) {
		t.Fatalf("120,000 steps: got %v, want a positioned step budget error", err)
	}
}

// TestHookNesting: a table whose outcome rolls it again nests one hook per
// roll; a unit's increments count the rolls down. turn_end is the first
// level and each of the increments+1 outcomes one more, so 30 increments
// make 32 levels, the most the engine allows.
func TestHookNesting(t *testing.T) {
	mod := limModule(t, limHead+`
table t roll d6 { 1..6 => again }
rule start on turn_end { do roll(t, unit: unit) }
rule again on t.again { when unit.increments > 0  do lose(unit, 1), roll(t, unit: unit) }
`)
	const depth = 32
	for _, sc := range limScales {
		t.Run(sc.name, func(t *testing.T) {
			increments := sc.of(depth) - 2
			err := limRun(mod, limBoard(1, increments), interpreter.Config{Seed: 1})
			if sc.name == "fits" {
				if err != nil {
					t.Fatalf("%d levels: %v", increments+2, err)
				}
				return
			}
			if err == nil || !limPosRE.MatchString(err.Error()) || !strings.Contains(err.Error(), fmt.Sprintf("hooks nest deeper than %d", depth)) {
				t.Fatalf("%d levels: got %v, want a positioned nesting error", increments+2, err)
			}
		})
	}
}

// TestContextCancel: a run honours its context, before it starts and while
// it goes (the engine looks every 64 steps).
func TestContextCancel(t *testing.T) {
	mod := limModule(t, limHead+`
rule asks on turn_end { when unit.id == "u00000"  ask "go on"  do note("asked") }
rule busy on turn_end { when true  do note("x") }
`)
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	e := interpreter.New(mod, limBoard(10, 1), nil, interpreter.Config{Effects: bataille.Effects()})
	if err := e.Run(ctx); !errors.Is(err, context.Canceled) {
		t.Errorf("cancelled before the run: got %v", err)
	}
	if len(e.Trace()) != 0 {
		t.Errorf("a cancelled run played %d events", len(e.Trace()))
	}

	// The first unit's question cancels; a thousand units' rules remain.
	ctx, cancel = context.WithCancel(context.Background())
	defer cancel()
	asked := 0
	cfg := interpreter.Config{Effects: bataille.Effects(), Decider: interpreter.DeciderFunc(func(interpreter.Question) bool {
		asked++
		cancel()
		return true
	})}
	err := interpreter.New(mod, limBoard(1000, 1), nil, cfg).Run(ctx)
	if !errors.Is(err, context.Canceled) || !limPosRE.MatchString(err.Error()) || asked != 1 {
		t.Errorf("cancelled during the run: got %v after %d questions, want a positioned cancellation", err, asked)
	}
}

// TestExprMemoryBudget: an expression that allocates past dsl.MaxExprMemory
// (here a range of that many numbers) fails its rule at run time.
func TestExprMemoryBudget(t *testing.T) {
	for _, sc := range limScales {
		t.Run(sc.name, func(t *testing.T) {
			n := sc.of(dsl.MaxExprMemory) - 1
			if sc.name == "1×" {
				n = dsl.MaxExprMemory
			}
			// The bound is computed, so that the check cannot refuse the
			// range before it runs (a constant one past the cost limit is
			// refused at check time: TestHostile).
			mod := limModule(t, limHead+fmt.Sprintf("rule big on turn_end { when len(1..(%d * unit.increments)) > 0  do note(\"ok\") }\n", n))
			err := limRun(mod, limBoard(1, 1), interpreter.Config{})
			if sc.name == "fits" {
				if err != nil {
					t.Fatalf("a range of %d: %v", n, err)
				}
				return
			}
			if err == nil || !limPosRE.MatchString(err.Error()) || !strings.Contains(err.Error(), "memory budget exceeded") {
				t.Fatalf("a range of %d: got %v, want a positioned memory error", n, err)
			}
		})
	}
}

// recordingDice passes rolls through to seeded dice and keeps the faces.
type recordingDice struct {
	d     interpreter.Dice
	faces []int
}

func (r *recordingDice) Die(sides int) int {
	v := r.d.Die(sides)
	r.faces = append(r.faces, v)
	return v
}

// TestOnlyDiceAreRandom: the engine draws chance from its Dice and nowhere
// else. The same seed gives the same trace on every run, in any goroutine;
// the faces a run rolled, replayed as fixed dice, give its trace again; and
// different seeds do give different traces, so the test could fail.
func TestOnlyDiceAreRandom(t *testing.T) {
	for _, battle := range bataille.Bundled() {
		mod, diags := bataille.LoadBundled(battle)
		if diags.HasErrors() {
			t.Fatal(diags.Err())
		}
		for _, sd := range mod.AllScenarios() {
			run := func(cfg interpreter.Config) (string, error) {
				e, err := bataille.NewEngine(mod, sd.Name, cfg)
				if err != nil {
					return "", err
				}
				err = e.Run(context.Background())
				var b bytes.Buffer
				_ = e.Trace().WriteJSON(&b)
				return b.String(), err
			}
			first, err := run(interpreter.Config{Seed: 7})
			if err != nil {
				t.Fatalf("%s %s: %v", battle, sd.Name, err)
			}
			var wg sync.WaitGroup
			got := make([]string, 16)
			for i := range got {
				wg.Go(func() { got[i], _ = run(interpreter.Config{Seed: 7}) })
			}
			wg.Wait()
			for i, g := range got {
				if g != first {
					t.Fatalf("%s %s: run %d with seed 7 differs from the first", battle, sd.Name, i)
				}
			}
			rec := &recordingDice{d: interpreter.NewSeededDice(7)}
			recorded, _ := run(interpreter.Config{Dice: rec})
			replayed, err := run(interpreter.Config{Dice: interpreter.NewFixedDice(rec.faces...)})
			if err != nil || replayed != recorded || recorded != first {
				t.Fatalf("%s %s: replaying the %d faces rolled does not give the same trace (%v)", battle, sd.Name, len(rec.faces), err)
			}
			if len(rec.faces) == 0 {
				continue
			}
			distinct := map[string]bool{}
			for seed := range uint64(40) {
				tr, _ := run(interpreter.Config{Seed: seed})
				distinct[tr] = true
			}
			if len(distinct) < 2 {
				t.Errorf("%s %s rolls %d dice, yet forty seeds give one trace", battle, sd.Name, len(rec.faces))
			}
		}
	}
}
