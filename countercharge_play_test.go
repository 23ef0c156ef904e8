package bataille_test

import (
	"context"
	"os"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/bataille/bataille"
	"github.com/bataille/bataille/dsl"
	"github.com/bataille/bataille/interpreter"
)

// counterBattle loads the counter-charge test battle (testdata/countercharge),
// or, with base, the same battle with the Premier Rules' sequence: its
// `override sequence` taken out, so that the two differ in the charge
// procedure alone.
func counterBattle(t *testing.T, base bool) *dsl.Module {
	t.Helper()
	src, err := os.ReadFile("testdata/countercharge/rules.rules")
	if err != nil {
		t.Fatal(err)
	}
	text := string(src)
	if base {
		a := strings.Index(text, "override sequence")
		b := a + strings.Index(text[a:], "\n}\n") + 3
		if a < 0 || b < a+3 {
			t.Fatal("the test battle has no override sequence")
		}
		text = text[:a] + text[b:]
	}
	mod, diags := bataille.LoadDir(fstest.MapFS{"b/rules.rules": {Data: []byte(text)}}, "b")
	if diags.HasErrors() {
		t.Fatal(diags.Err())
	}
	return mod
}

// TestCounterChargeProcedure: a battle whose sequence names another
// charge procedure (counter_charges, countercharge_test.go) plays it, with
// the same rules and the same fixed dice as the base, and plays
// differently: the hussars charged ride at the cuirassiers before they
// move, meet them where they stand, and are the attackers of the melee;
// under the base's charge the cuirassiers ride the four hexes and attack.
// The procedure's own hook, counter_charge, is where the battle's rule
// forbids tired hussars to counter-charge: they are then charged as the
// base's procedure charges them, unless fresh lancers beside them ride in
// their place, sent by the procedure's own effect, counter_with.
func TestCounterChargeProcedure(t *testing.T) {
	// The same faces for both: the pre-melee check's d66 reads 1 then 2.
	faces := []int{1, 2, 3, 4, 5, 6, 1, 2, 3, 4, 5, 6, 1, 2, 3, 4, 5, 6}
	for _, tc := range []struct {
		name, scenario    string
		base              bool
		cuirAt, husAt     string
		lanAt             string // "": no lancers
		melee             string // the melee's narration
		disordered, other string // the attacker that failed its pre-melee check, and the other
		phase             string
	}{
		{"base", "meeting", true, "0406", "0405", "", "cuir melees hus through its front (8 against 6)", "cuir", "hus", "charge à cheval"},
		{"counter", "meeting", false, "0410", "0409", "", "hus melees cuir through its front (6 against 8)", "hus", "cuir", "charge à cheval, counter-charged"},
		{"tired", "tired", false, "0406", "0405", "", "cuir melees hus through its front (8 against 6)", "cuir", "hus", "charge à cheval, counter-charged"},
		{"relieved", "relieved", false, "0410", "0405", "0510", "lan melees cuir through its flank (6 against 8)", "lan", "cuir", "charge à cheval, counter-charged"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			mod := counterBattle(t, tc.base)
			e, err := bataille.NewEngine(mod, tc.scenario, interpreter.Config{Dice: interpreter.NewFixedDice(faces...)})
			if err != nil {
				t.Fatal(err)
			}
			if err := e.Run(context.Background()); err != nil {
				t.Fatal(err)
			}
			var sb strings.Builder
			e.Trace().WriteText(&sb, false)
			trace := sb.String()
			units := map[string]*interpreter.Unit{}
			for _, u := range e.Board.Units {
				units[u.ID] = u
			}
			if got := units["cuir"].Hex.String(); got != tc.cuirAt {
				t.Errorf("cuir ends at %s, want %s", got, tc.cuirAt)
			}
			if got := units["hus"].Hex.String(); got != tc.husAt {
				t.Errorf("hus ends at %s, want %s", got, tc.husAt)
			}
			if lan := units["lan"]; (lan != nil) != (tc.lanAt != "") || lan != nil && lan.Hex.String() != tc.lanAt {
				t.Errorf("the lancers: %v, want at %q", lan, tc.lanAt)
			}
			if got := units[tc.disordered].State; got != "disordered" {
				t.Errorf("%s is %s, want disordered (it attacked and failed its pre-melee check)", tc.disordered, got)
			}
			if got := units[tc.other].State; got != "good" {
				t.Errorf("%s is %s, want good", tc.other, got)
			}
			for _, want := range []string{"== " + tc.phase + "\n", tc.melee} {
				if !strings.Contains(trace, want) {
					t.Errorf("the trace lacks %q:\n%s", want, trace)
				}
			}
			wantCounter := tc.name == "counter"
			if counter := strings.Contains(trace, "hus charges cuir"); counter != wantCounter {
				t.Errorf("hus counter-charges: %v, want %v:\n%s", counter, wantCounter, trace)
			}
			if relieved := strings.Contains(trace, "lan charges cuir"); relieved != (tc.name == "relieved") {
				t.Errorf("the lancers counter-charge: %v, want %v:\n%s", relieved, !relieved, trace)
			}
			if refused := strings.Contains(trace, "tired cavalry does not counter-charge"); refused != (tc.name == "tired") {
				t.Errorf("the counter_charge rule refused: %v, want %v:\n%s", refused, !refused, trace)
			}
			// The procedure's own flag is on the cavalry that rode.
			for id, u := range units {
				want := wantCounter && id == "hus" || tc.name == "relieved" && id == "lan"
				if got := u.Flag(counterCharged); got != want {
					t.Errorf("%s counter_charged: %v, want %v", id, got, want)
				}
			}
		})
	}
}

// TestCounterChargeFlag: the battle's own test reads the procedure's flag
// as a field of the unit (`expect hus.counter_charged`), on every path
// through the dice: the flag, declared in the procedure's file, needs no
// change to the kernel, the checker or the language server.
func TestCounterChargeFlag(t *testing.T) {
	mod := counterBattle(t, false)
	ran := false
	for _, def := range mod.Tests {
		if def.Name != "counter.flagged" {
			continue
		}
		ran = true
		if r := bataille.RunTest(context.Background(), mod, def); !r.Passed() || r.Paths < 2 {
			t.Errorf("%s: %d paths, failures %v", def.Name, r.Paths, r.Failures)
		}
	}
	if !ran {
		t.Fatal("the test battle has no test counter.flagged")
	}
}

// TestCounterChargeExact: the procedure pauses and resumes at its steps
// as the Premier Rules' do, so the exploration of states gives the odds
// that playing every path from the start gives.
func TestCounterChargeExact(t *testing.T) {
	mod := counterBattle(t, false)
	// The rider of each scenario: always the four or five hexes at the
	// cuirassiers, and the attacker, whose pre-melee check may fail.
	for scenario, rider := range map[string]string{"meeting": "hus", "relieved": "lan"} {
		sd, err := bataille.FindScenario(mod, scenario)
		if err != nil {
			t.Fatal(err)
		}
		merged, err := bataille.Exact(context.Background(), mod, sd, bataille.ExactOptions{Workers: 1})
		if err != nil {
			t.Fatal(err)
		}
		every, err := bataille.Exact(context.Background(), mod, sd, bataille.ExactOptions{Workers: 1, Enumerate: true})
		if err != nil {
			t.Fatal(err)
		}
		if merged.States == 0 {
			t.Fatalf("%s: the exploration kept no state: it never paused in the procedure", scenario)
		}
		if len(merged.Outcomes) == 0 || len(merged.Outcomes) != len(every.Outcomes) {
			t.Fatalf("%s: %d outcomes merged, %d enumerated", scenario, len(merged.Outcomes), len(every.Outcomes))
		}
		for name, v := range every.Outcomes {
			if m, ok := merged.Outcomes[name]; !ok || m.Mean.Cmp(v.Mean) != 0 {
				t.Errorf("%s %s: %v by states, %v over every path", scenario, name, m.Mean, v.Mean)
			}
		}
		if v, ok := merged.Outcomes[rider+" hexes moved"]; !ok || v.Float() < 4 || v.SD() != 0 {
			t.Errorf("%s: %s moved %v hexes, want always 4 or more (outcomes %v)", scenario, rider, v.Mean, merged.Names())
		}
		if h := merged.Outcomes[rider+" disordered"]; h.Mean == nil || h.Mean.Sign() == 0 {
			t.Errorf("%s: %s is never disordered: outcomes %v", scenario, rider, merged.Names())
		}
	}
}
