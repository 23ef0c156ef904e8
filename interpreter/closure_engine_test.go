package interpreter_test

import (
	"bytes"
	"context"
	"strings"
	"testing"

	"github.com/bataille/bataille"
	"github.com/bataille/bataille/interpreter"
)

// TestClosuresPlayAsTheMachine plays every scenario of every bundled battle
// over many seeds twice, with the compiled closures (the default) and with
// every expression on expr's machine, and requires the same trace byte for
// byte: the same rulings, rolls, values and errors, at the same cost.
func TestClosuresPlayAsTheMachine(t *testing.T) {
	seeds := uint64(150)
	if testing.Short() {
		seeds = 20
	}
	for _, name := range bataille.Bundled() {
		mod, diags := bataille.LoadBundled(name)
		if diags.HasErrors() {
			t.Fatalf("%s: %v", name, diags)
		}
		fallback, compiled := interpreter.CompiledFallbacks(mod)
		if fallback != 0 || compiled == 0 {
			t.Errorf("%s: %d expressions left to the machine, %d compiled", name, fallback, compiled)
		}
		for _, sd := range mod.AllScenarios() {
			for seed := uint64(1); seed <= seeds; seed++ {
				var traces [2]bytes.Buffer
				var errs [2]error
				var costs [2]int64
				for i, machine := range []bool{false, true} {
					e, err := bataille.NewEngine(mod, sd.Name, interpreter.Config{Seed: seed, Machine: machine})
					if err != nil {
						t.Fatal(err)
					}
					errs[i] = e.Run(context.Background())
					costs[i] = e.Cost()
					e.Trace().WriteText(&traces[i], true)
				}
				if costs[0] != costs[1] {
					t.Fatalf("%s %s seed %d: the closures cost %d, the machine %d", name, sd.Name, seed, costs[0], costs[1])
				}
				if traces[0].String() != traces[1].String() || (errs[0] == nil) != (errs[1] == nil) ||
					(errs[0] != nil && errs[0].Error() != errs[1].Error()) {
					t.Fatalf("%s %s seed %d: closures and machine differ\nclosures (%v):\n%s\nmachine (%v):\n%s",
						name, sd.Name, seed, errs[0], traces[0].String(), errs[1], traces[1].String())
				}
			}
		}
	}
}

// BenchmarkBackends plays a bundled battle's first scenario (a charge),
// trace off, with the compiled closures and with expr's machine.
func BenchmarkBackends(b *testing.B) {
	mod, diags := bataille.LoadBundled(bataille.Bundled()[0])
	if diags.HasErrors() {
		b.Fatal(diags.Err())
	}
	sd, err := bataille.FindScenario(mod, "")
	if err != nil {
		b.Fatal(err)
	}
	for _, backend := range []struct {
		name    string
		machine bool
	}{{"closures", false}, {"machine", true}} {
		b.Run(backend.name, func(b *testing.B) {
			e, err := bataille.NewEngine(mod, sd.Name, interpreter.Config{NoTrace: true, Machine: backend.machine})
			if err != nil {
				b.Fatal(err)
			}
			b.ReportAllocs()
			for i := 0; b.Loop(); i++ {
				e.Rewind(interpreter.NewSeededDice(uint64(i)))
				if err := e.Run(context.Background()); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// TestFallbackToTheMachine: an expression the closures leave to expr's
// machine (a range outside `in`) is counted when the module is compiled and
// still runs, beside compiled ones, reading the same variables.
func TestFallbackToTheMachine(t *testing.T) {
	mod := limModule(t, limHead+`rule r on turn_end {
  let k = unit.increments + 1
  when len(1..k) == 3 && unit.id == "u00000"
  do note("range of three")
}
`)
	fallback, compiled := interpreter.CompiledFallbacks(mod)
	if fallback != 1 || compiled == 0 {
		t.Errorf("%d left to the machine, %d compiled; want 1 left", fallback, compiled)
	}
	for _, machine := range []bool{false, true} {
		e := interpreter.New(mod, limBoard(2, 2), nil, interpreter.Config{Effects: bataille.Effects(), Machine: machine})
		if err := e.Run(context.Background()); err != nil {
			t.Fatal(err)
		}
		var b bytes.Buffer
		e.Trace().WriteText(&b, true)
		if n := strings.Count(b.String(), "range of three"); n != 1 {
			t.Errorf("machine %v: the rule acted %d times, want once:\n%s", machine, n, b.String())
		}
	}
}

// TestConditionFailsAsOnTheMachine: a clause's condition that fails at run
// time (a modulo by zero here), in a rule's opening guard, in a require
// after an effect, or in a rule of a hook fired inside another (a roll's
// outcome), stops the run with the error the machine gives, at the same
// cost; and the engine, rewound, plays again as it did.
func TestConditionFailsAsOnTheMachine(t *testing.T) {
	for _, c := range []struct{ name, rules, want string }{
		{"guard", `rule r on turn_end { when unit.id == "u00000"  when 10 % (unit.increments - 2) > 0  do note("x") }`,
			"lim.rules:6:53: rule r: division by zero"},
		{"require", `rule r on turn_end { when unit.id == "u00001"  do note("x")  require 10 % (unit.increments - 2) > 0 else "no" }`,
			"lim.rules:6:70: rule r: division by zero"},
		{"nested", `table t roll d6 { 1..6 => hit }
rule r on turn_end { when unit.id == "u00001"  do roll(t, unit: unit) }
rule s on t.hit { when 10 % (unit.increments - 2) > 0  do note("x") }`,
			"lim.rules:8:24: rule s: division by zero"},
	} {
		t.Run(c.name, func(t *testing.T) {
			mod := limModule(t, limHead+c.rules+"\n")
			var got [2]string
			var costs [2]int64
			for i, machine := range []bool{false, true} {
				e := interpreter.New(mod, limBoard(3, 2), nil, interpreter.Config{Seed: 1, Effects: bataille.Effects(), Machine: machine})
				for run := range 2 {
					err := e.Run(context.Background())
					if err == nil {
						t.Fatalf("machine %v, run %d: no error", machine, run)
					}
					if run == 1 && (err.Error() != got[i] || e.Cost() != costs[i]) {
						t.Fatalf("machine %v: rewound, the run failed with %v at cost %d; first %v at cost %d", machine, err, e.Cost(), got[i], costs[i])
					}
					got[i], costs[i] = err.Error(), e.Cost()
					e.Rewind(interpreter.NewSeededDice(1))
				}
			}
			if got[0] != c.want || got[1] != c.want || costs[0] != costs[1] {
				t.Errorf("closures: %s (cost %d)\nmachine:  %s (cost %d)\nwant:     %s", got[0], costs[0], got[1], costs[1], c.want)
			}
		})
	}
}
