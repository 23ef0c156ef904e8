package bataille

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"math/big"
	"strconv"
	"strings"

	"github.com/bataille/bataille/dsl"
	"github.com/bataille/bataille/interpreter"
	"github.com/expr-lang/expr/vm"
)

// TestResult is how one of a module's tests went.
type TestResult struct {
	Test *dsl.TestDef
	// Paths is how many plays the test made: one, or every path through
	// the dice for an exact test.
	Paths int64
	// Failures are the expectations that did not hold, and an error that
	// stopped a play (a broken invariant among them), each at its place.
	Failures []TestFailure
}

// Passed reports whether every expectation held.
func (r *TestResult) Passed() bool { return len(r.Failures) == 0 }

// TestFailure is one failed expectation or play, positioned.
type TestFailure struct {
	Pos     dsl.Pos
	Message string
}

func (f TestFailure) String() string { return fmt.Sprintf("%s: %s", f.Pos, f.Message) }

// MaxTestPaths bounds the paths an exact test plays.
const MaxTestPaths = 200_000

// RunTests plays each of a module's tests (its own and those it inherits)
// against the module's rules, with the invariants on.
func RunTests(ctx context.Context, mod *dsl.Module) []*TestResult {
	out := make([]*TestResult, 0, len(mod.Tests))
	for _, t := range mod.Tests {
		out = append(out, RunTest(ctx, mod, t))
	}
	return out
}

// RunTest plays one test: once on its dice (or its set-up's seed), or, for
// an exact test, down every path through the dice; the players' answers
// are the set-up's decide lines, no elsewhere.
func RunTest(ctx context.Context, mod *dsl.Module, t *dsl.TestDef) *TestResult {
	res := &TestResult{Test: t}
	if t.Skip != "" { // this module cannot play it; t.Skip says why
		return res
	}
	fail := func(pos dsl.Pos, format string, args ...any) {
		res.Failures = append(res.Failures, TestFailure{Pos: pos, Message: fmt.Sprintf(format, args...)})
	}
	if mod.TestsUnread {
		fail(t.Pos, "test %s: module %s was loaded to play, its tests unread; load it with LoadDir or LoadBundled to test it", t.Name, mod.ID)
		return res
	}
	if t.Setup == nil {
		fail(t.Pos, "test %s has no set-up", t.Name)
		return res
	}
	setup, diags := interpreter.BuildScenario(mod, t.Setup)
	if diags.HasErrors() {
		fail(t.Pos, "%v", diags.Err())
		return res
	}
	cfg := interpreter.Config{Decider: setup.Decider, Effects: defaultEffects()}
	var path *verifyPath
	switch {
	case t.Exact:
		path = &verifyPath{scenario: setup.Decider, answers: map[[2]string]bool{}, fixedAnswers: true}
		cfg.Brancher, cfg.Dice = path, interpreter.NewSeededDice(0)
	case t.Dice != nil:
		cfg.Dice = interpreter.NewFixedDice(t.Dice...)
	default:
		seed := uint64(1)
		if setup.Seed != nil {
			seed = *setup.Seed
		}
		cfg.Dice = interpreter.NewSeededDice(seed)
	}
	chances := make([]*big.Rat, len(t.Expects))
	for i := range chances {
		chances[i] = new(big.Rat)
	}
	failed := make([]bool, len(t.Expects))
	var machine vm.VM
	env := mod.ParamValues()
	for _, u := range setup.Board.Units {
		env[u.ID] = u
	}
	// What an `expect after PHASE` found at the end of that phase of the
	// first turn, on the path being played.
	judged := make([]afterResult, len(t.Expects))
	if hasAfter(t) {
		cfg.PhaseEnd = func(turn int, phase string) {
			if turn != 1 {
				return
			}
			for i, x := range t.Expects {
				if x.After == phase && !judged[i].done {
					ok, err := testCond(&machine, x.Cond, env)
					judged[i] = afterResult{done: true, ok: ok, err: err}
				}
			}
		}
	}
	e := interpreter.New(mod, setup.Board, setup.Orders, cfg)
	e.SetPhasing(setup.Turn)
	e.SetTurns(setup.Turns)
	for {
		if err := ctx.Err(); err != nil {
			fail(t.Pos, "%v", err)
			return res
		}
		if path != nil {
			if res.Paths >= MaxTestPaths {
				fail(t.Pos, "more than %d paths through the dice", MaxTestPaths)
				return res
			}
			path.start()
		}
		clear(judged)
		e.Rewind(nil)
		err := e.Run(ctx)
		if err == nil && path != nil {
			err = path.err
		}
		res.Paths++
		where := ""
		if path != nil {
			where = " on the path " + facesString(path.faces)
		}
		if err != nil {
			var ie *interpreter.InvariantError
			if errors.As(err, &ie) {
				fail(t.Pos, "%v%s", err, where)
			} else {
				fail(t.Pos, "the play failed%s: %v", where, err)
			}
			return res
		}
		refused := map[string]bool{}
		for _, ev := range e.Trace() {
			if ev.Kind == "blocked" {
				refused[ev.Rule] = true
			}
		}
		var acted map[string]bool
		for i, x := range t.Expects {
			if failed[i] {
				continue
			}
			switch x.Kind {
			case dsl.ExpectRefused, dsl.ExpectAllowed:
				if refused[x.Rule] != (x.Kind == dsl.ExpectRefused) {
					failed[i] = true
					what := "refused nothing"
					if refused[x.Rule] {
						what = "refused an action"
					}
					fail(x.Pos, "expect %s: rule %s %s%s", x.Source, x.Rule, what, where)
				}
			case dsl.ExpectApplied, dsl.ExpectUnapplied:
				if acted == nil {
					acted = actedRules(e.Trace())
				}
				if acted[x.Rule] != (x.Kind == dsl.ExpectApplied) {
					failed[i] = true
					what := "did not act"
					if acted[x.Rule] {
						what = "acted"
					}
					fail(x.Pos, "expect %s: rule %s %s%s", x.Source, x.Rule, what, where)
				}
			case dsl.ExpectCond, dsl.ExpectChance:
				var ok bool
				var err error
				if x.After != "" {
					j := judged[i]
					if !j.done {
						err = fmt.Errorf("the %s phase of the first turn never ended", x.After)
					}
					ok, err = j.ok, cmp.Or(err, j.err)
				} else {
					ok, err = testCond(&machine, x.Cond, env)
				}
				if err != nil {
					failed[i] = true
					fail(x.Pos, "expect %s: %v", x.Source, err)
					continue
				}
				if x.Kind == dsl.ExpectChance {
					if ok {
						chances[i].Add(chances[i], path.weight)
					}
				} else if !ok {
					failed[i] = true
					fail(x.Pos, "expect %s: it does not hold%s", x.Source, where)
				}
			}
		}
		if path == nil || !path.advance() {
			break
		}
	}
	for i, x := range t.Expects {
		if x.Kind != dsl.ExpectChance || failed[i] || x.Want == nil {
			continue
		}
		if !compareRat(chances[i], x.Op, x.Want) {
			f, _ := chances[i].Float64()
			fail(x.Pos, "expect %s: the chance is %s (%.4f) over %d paths", x.Source, chances[i].RatString(), f, res.Paths)
		}
	}
	return res
}

// afterResult is an `expect after PHASE` judged at the end of its phase.
type afterResult struct {
	done, ok bool
	err      error
}

func hasAfter(t *dsl.TestDef) bool {
	for _, x := range t.Expects {
		if x.After != "" {
			return true
		}
	}
	return false
}

// actedRules reads from a trace the rules that acted: announced (their
// guard and requires held, and they reached an ask or an effect) and not
// stopped by an ask answered no before any effect of theirs was carried
// out.
func actedRules(tr interpreter.Trace) map[string]bool {
	acted := map[string]bool{}
	// open holds the rules announced whose asks alone followed so far:
	// they act unless one is answered no.
	open := map[string]bool{}
	for _, ev := range tr {
		if ev.Rule == "" {
			continue
		}
		switch {
		case ev.Kind == "rule":
			if open[ev.Rule] {
				acted[ev.Rule] = true
			}
			open[ev.Rule] = true
		case ev.Kind == "ask":
			if open[ev.Rule] && ev.Answer == "no" {
				open[ev.Rule] = false
			}
		case ev.Kind == "ok" || ev.Kind == "blocked":
		case open[ev.Rule]:
			// An effect, a roll or a note of the rule's own.
			acted[ev.Rule] = true
		}
	}
	for r, o := range open {
		if o {
			acted[r] = true
		}
	}
	return acted
}

func testCond(machine *vm.VM, p *dsl.Program, env map[string]any) (bool, error) {
	if p == nil {
		return false, errors.New("the expectation did not compile")
	}
	prog, err := p.Bytecode()
	if err != nil {
		return false, err
	}
	out, err := machine.Run(prog, env)
	if err != nil {
		return false, err
	}
	b, _ := out.(bool)
	return b, nil
}

func compareRat(a *big.Rat, op string, b *big.Rat) bool {
	c := a.Cmp(b)
	switch op {
	case "==":
		return c == 0
	case "!=":
		return c != 0
	case "<":
		return c < 0
	case "<=":
		return c <= 0
	case ">":
		return c > 0
	}
	return c >= 0
}

func facesString(faces []int) string {
	if len(faces) == 0 {
		return "(no rolls)"
	}
	parts := make([]string, len(faces))
	for i, f := range faces {
		parts[i] = strconv.Itoa(f)
	}
	return "--dice " + strings.Join(parts, ",")
}
