package bataille_test

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/bataille/bataille"
	"github.com/bataille/bataille/dsl"
	"github.com/bataille/bataille/interpreter"
)

// expensiveModule writes a well-typed module that is as costly as its
// arguments make it: tables of costly column conditions whose outcomes roll
// the next table fan times, lets that double a string, and units each of
// which rolls the first table at the end of the turn.
func expensiveModule(tables, cols, fan, lets, units int, rng int) string {
	var b strings.Builder
	b.WriteString(genHead)
	for i := range tables {
		fmt.Fprintf(&b, "table t%d \"T\" roll 1d6 {\n", i)
		for j := range cols {
			fmt.Fprintf(&b, "  column \"c%d\" when max(1..%d) < unit.increments - %d { 1..6 => go }\n", j, rng, rng+j)
		}
		b.WriteString("  column \"last\" { 1..6 => go }\n}\n")
		fmt.Fprintf(&b, "rule r%d on t%d.go {\n  let s0 = \"abcdefgh\"\n", i, i)
		for k := 1; k <= lets; k++ {
			fmt.Fprintf(&b, "  let s%d = s%d + s%d\n", k, k-1, k-1)
		}
		fmt.Fprintf(&b, "  when len(s%d) > 0\n", lets)
		if i+1 < tables {
			calls := make([]string, fan)
			for k := range calls {
				calls[k] = fmt.Sprintf("roll(t%d, unit: unit)", i+1)
			}
			fmt.Fprintf(&b, "  do %s\n", strings.Join(calls, ", "))
		} else {
			fmt.Fprintf(&b, "  do note(s%d)\n", lets)
		}
		b.WriteString("}\n")
	}
	b.WriteString("rule start on turn_end { do roll(t0, unit: unit) }\n")
	b.WriteString("scenario s \"Units\" {\n  map 40 x 40 clear\n")
	for i := range units {
		fmt.Fprintf(&b, "  unit u%03d \"U\" { side: x  arm: infantry  increments: 4  formation: line  facing: N  morale: 30  at: %02d%02d }\n", i, 1+i%40, 1+i/40)
	}
	b.WriteString("}\n")
	return b.String()
}

// FuzzExpensiveRules generates well-typed but expensive modules and plays
// them under a small cost budget: the check refuses them with a positioned
// error, or the run ends (cleanly, or with a positioned error of a budget
// or of checked arithmetic) having charged no more than its budget and one
// declaration's worth past it.
func FuzzExpensiveRules(f *testing.F) {
	f.Add(uint8(3), uint8(4), uint8(2), uint8(10), uint8(5), uint32(1000))
	f.Add(uint8(8), uint8(9), uint8(3), uint8(0), uint8(50), uint32(99990))
	f.Add(uint8(1), uint8(1), uint8(1), uint8(40), uint8(1), uint32(1))
	f.Add(uint8(12), uint8(2), uint8(2), uint8(3), uint8(100), uint32(20000))
	f.Fuzz(func(t *testing.T, tables, cols, fan, lets, units uint8, rng uint32) {
		nt, nc, nf := 1+int(tables)%16, 1+int(cols)%12, 1+int(fan)%3
		nl, nu, r := int(lets)%48, 1+int(units)%120, 1+int(rng)%200000
		src := expensiveModule(nt, nc, nf, nl, nu, r)
		mod, diags := bataille.LoadDir(oneFile(src), "h.rules")
		if diags.HasErrors() {
			for _, d := range diags {
				if d.Severity == dsl.Error && (d.Pos.Line < 1 || d.Pos.Col < 1) {
					t.Fatalf("diagnostic without a place: %v", d)
				}
			}
			return
		}
		const budget = 300_000
		e, err := bataille.NewEngine(mod, "", interpreter.Config{Seed: 1, MaxCost: budget, NoTrace: true})
		if err != nil {
			t.Fatal(err)
		}
		err = e.Run(context.Background())
		if err != nil {
			budgetErr := errors.Is(err, interpreter.ErrCostBudget) || errors.Is(err, interpreter.ErrStepBudget)
			if !budgetErr && !strings.Contains(err.Error(), "joined string") && !strings.Contains(err.Error(), "hooks nest") && !strings.Contains(err.Error(), "memory budget exceeded") {
				t.Fatalf("unexpected error: %v", err)
			}
			if !hostilePos.MatchString(err.Error()) {
				t.Fatalf("error without a place: %v", err)
			}
		}
		if e.Cost() > budget+int64(dsl.Limits.Cost) {
			t.Fatalf("charged %d units against a budget of %d", e.Cost(), budget)
		}
	})
}
