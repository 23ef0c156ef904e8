package bataille_test

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/bataille/bataille"
	"github.com/bataille/bataille/interpreter"
)

// The corpus cases too big to write out: generated here, each with what it
// reproduces.

const genHead = `module h "Hostile"
arm cavalry { mounted }
arm infantry {}
formation line {}
formation column {}
state good { good }
state routed { routed }
terrain clear { cost: 1 }
`

const genScenario = `scenario s "One unit" {
  map 12 x 12 clear
  unit a "A" { side: x  arm: infantry  increments: 4  formation: line  facing: N  morale: 30  at: 0606 }
}
`

func oneFile(src string) fstest.MapFS {
	return fstest.MapFS{"h.rules": {Data: []byte(src)}}
}

// costlyColumns is a table of n columns whose conditions each walk a range
// of rng numbers, then one that always holds.
func costlyColumns(name, outcome string, n, rng int) string {
	var b strings.Builder
	fmt.Fprintf(&b, "table %s %q roll 1d6 {\n", name, name)
	for i := range n {
		fmt.Fprintf(&b, "  column \"c%d\" when max(1..%d) < 0 { 1..6 => %s }\n", i, rng, outcome)
	}
	fmt.Fprintf(&b, "  column \"last\" { 1..6 => %s }\n}\n", outcome)
	return b.String()
}

func TestHostileGenerated(t *testing.T) {
	cases := []struct {
		name, why, want string
		files           func() fstest.MapFS
		dir             string
	}{
		{"columns-1000", "1,000 columns of unbounded work rolled three times ran 12 s; refused before it runs",
			"check: too-costly rolling table t may cost", func() fstest.MapFS {
				return oneFile(genHead + costlyColumns("t", "a", 1000, 9990) + "rule r on turn_end { do roll(t, unit: unit), roll(t, unit: unit), roll(t, unit: unit) }\n" + genScenario)
			}, "."},
		{"column-tree", "tables whose outcomes each roll two more, every column choice near the check's limit: hours before, now the cost budget",
			"run: cost budget exceeded", func() fstest.MapFS {
				var b strings.Builder
				b.WriteString(genHead)
				for i := range 16 {
					b.WriteString(costlyColumns(fmt.Sprintf("t%02d", i), "go", 9, 9990))
					if i < 15 {
						fmt.Fprintf(&b, "rule r%02d on t%02d.go { do roll(t%02d, unit: unit), roll(t%02d, unit: unit) }\n", i, i, i+1, i+1)
					}
				}
				b.WriteString("rule start on turn_end { do roll(t00, unit: unit) }\n" + genScenario)
				return oneFile(b.String())
			}, "."},
		{"many-enemies-long-path", "1,100 enemies and a path of 700 hexes took 24 s: each hex looks at every enemy and its line of sight",
			"run: budget exceeded", func() fstest.MapFS {
				return oneFile(manyEnemies(1100, 700))
			}, "h.rules"},
		{"trace-growth", "1,300 units each noting 60 fresh strings of 4 KB: the trace kept 388 MB under the step budget alone",
			"run: cost budget exceeded", func() fstest.MapFS {
				var b strings.Builder
				b.WriteString(genHead + "rule big on turn_end {\n  let s0 = \"" + strings.Repeat("n", 64) + "\"\n")
				for i := 1; i <= 5; i++ {
					fmt.Fprintf(&b, "  let s%d = s%d + s%d\n", i, i-1, i-1)
				}
				calls := make([]string, 60)
				for i := range calls {
					calls[i] = "note(s5 + s5)"
				}
				b.WriteString("  do " + strings.Join(calls, ", ") + "\n}\nscenario s \"Units\" {\n  map 99 x 99 clear\n")
				for i := range 1300 {
					fmt.Fprintf(&b, "  unit u%04d \"U\" { side: x  arm: infantry  increments: 4  formation: line  at: %02d%02d }\n", i, 1+i%99, 1+i/99)
				}
				b.WriteString("}\n")
				return oneFile(b.String())
			}, "h.rules"},
		{"extends-100", "a chain of 100 modules each extending the last grew check time with its square (100 folders: 41 s, 4 GB)",
			"check: too-deep goes on past 8 modules", func() fstest.MapFS {
				fs := fstest.MapFS{}
				for i := range 100 {
					ext := ""
					if i > 0 {
						ext = fmt.Sprintf(" extends m%03d", i-1)
					}
					fs[fmt.Sprintf("m%03d/m.rules", i)] = &fstest.MapFile{Data: []byte(fmt.Sprintf("module m%03d \"M\"%s\nparam p%03d = 1\n", i, ext, i))}
				}
				return fs
			}, "m099"},
		{"extends-bytes", "three modules near the file limit each, extending one another: the chain's bytes are bounded",
			"check: too-large at most 2097152", func() fstest.MapFS {
				fs := fstest.MapFS{}
				pad := strings.Repeat("// "+strings.Repeat("x", 90)+"\n", 9000)
				for i := range 3 {
					ext := ""
					if i > 0 {
						ext = fmt.Sprintf(" extends m%03d", i-1)
					}
					fs[fmt.Sprintf("m%03d/m.rules", i)] = &fstest.MapFile{Data: []byte(fmt.Sprintf("module m%03d \"M\"%s\nparam p%03d = 1\n%s", i, ext, i, pad))}
				}
				return fs
			}, "m002"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			fs := c.files()
			withinMemory(t, func() { hostileWant(t, fs, c.dir, c.want) })
		})
	}
}

// manyEnemies is a premier battle where one hussar charges back and forth
// along a path of n hexes past enemies units.
func manyEnemies(enemies, n int) string {
	var b strings.Builder
	b.WriteString("game g \"Many enemies\" extends premier\nscenario s \"A long charge\" {\n  map 99 x 99 clear\n  turn allied\n")
	b.WriteString("  unit hus \"Hussars\" { side: allied  arm: cavalry  increments: 4  formation: column  facing: N  morale: 31  mp: 1000000  melee: 6  at: 0550 }\n")
	for i := range enemies {
		fmt.Fprintf(&b, "  unit e%04d \"E\" { side: french  arm: infantry  increments: 1  formation: line  at: %02d%02d }\n", i, 20+i%70, 60+i/70)
	}
	// A path goes forward, so a long one snakes through the columns west of
	// the enemies: up column 05 from the hussars, then down 06, up 07 …
	// (the same row of the next column is always a neighbour).
	b.WriteString("  charge hus at e0000 path")
	col, row, dir := 5, 50, -1
	for range n {
		if row+dir < 1 || row+dir > 55 {
			col, dir = col+1, -dir
		} else {
			row += dir
		}
		fmt.Fprintf(&b, " %02d%02d", col, row)
	}
	b.WriteString("\n}\n")
	return b.String()
}

// TestHostileDeterministicCheck: a chain of 20 tables, each rolled from the
// outcome of the next, with names that sort against the chain; the last
// reads `charger`. Before, check failed in 16 of 20 runs (eight passes over
// a Go map); now every check passes.
func TestHostileDeterministicCheck(t *testing.T) {
	var b strings.Builder
	b.WriteString(genHead)
	for i := 20; i >= 1; i-- {
		cond := "true"
		if i == 1 {
			cond = "charger.mp >= 0"
		}
		fmt.Fprintf(&b, "table t%02d \"T\" roll 1d6 {\n  column \"a\" when %s { 1..6 => go }\n  column \"b\" { 1..6 => go }\n}\n", i, cond)
		if i > 1 {
			fmt.Fprintf(&b, "rule r%02d on t%02d.go { do roll(t%02d) }\n", i, i, i-1)
		}
	}
	b.WriteString("rule start on charge_start { do roll(t20) }\n")
	fs := oneFile(b.String())
	for range 20 {
		if _, diags := bataille.LoadDir(fs, "h.rules"); diags.HasErrors() {
			t.Fatalf("check failed: %v", diags.Err())
		}
	}
}

// countingCtx reports itself cancelled from the n-th look on.
type countingCtx struct {
	context.Context
	looks, n int
}

func (c *countingCtx) Err() error {
	c.looks++
	if c.looks >= c.n {
		return context.Canceled
	}
	return nil
}

// TestHostileContextPolled: Run looked at its context only inside a rule's
// step, so a run of engine work returned 21.6 s after its 500 ms deadline.
// Now the meter looks every interpreter pollEvery units of cost: the run
// stops at the first look that finds it cancelled, having done no more
// than that many looks' worth of work.
func TestHostileContextPolled(t *testing.T) {
	mod, diags := bataille.LoadDir(oneFile(manyEnemies(1100, 700)), "h.rules")
	if diags.HasErrors() {
		t.Fatal(diags.Err())
	}
	e, err := bataille.NewEngine(mod, "", interpreter.Config{Seed: 1, MaxCost: 1 << 40, MaxSteps: 1 << 30, NoTrace: true})
	if err != nil {
		t.Fatal(err)
	}
	ctx := &countingCtx{Context: context.Background(), n: 5}
	err = e.Run(ctx)
	if !errors.Is(err, context.Canceled) {
		t.Fatalf("got %v, want the run cancelled", err)
	}
	// Each look comes pollEvery (1,024) units after the last, plus at most
	// one charge (a line of sight over 1,101 units for each hex of it).
	if limit := int64(ctx.n) * (1024 + 1101*100); e.Cost() > limit {
		t.Errorf("the run did %d units of work before its %d looks; at most %d", e.Cost(), ctx.n, limit)
	}
}
