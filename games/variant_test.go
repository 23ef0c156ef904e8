package games_test

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"math/big"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/bataille/bataille"
	"github.com/bataille/bataille/dsl"
	"github.com/bataille/bataille/games"
	"github.com/bataille/bataille/internal/golden"
	"github.com/bataille/bataille/interpreter"
)

// A modder's variant is a folder: testdata/variants/snow extends the
// bundled Danzig with one modifier in one line (snow, +3 on the Carré roll)
// and one changed cell of the Recall Chart in one line too (`override
// column recall russian, cossack { … }`: the Cossacks recall on 5 or 6).
// It is checked, its diff against Danzig names both changes, and simulated
// it routs the Baden battalion of carre_attempt as often as the exact odds
// of the chart say, with and without the snow.
func TestVariantFolder(t *testing.T) {
	variant, diags := bataille.LoadDir(os.DirFS("testdata/variants"), "snow")
	if diags.HasErrors() {
		t.Fatalf("the variant does not check: %v", diags.Err())
	}
	base := variant.Base

	d := dsl.Diff(base, variant)
	var snow, recall *dsl.Change
	for i, c := range d.Changes {
		switch {
		case c.Kind == dsl.KindModifier && c.Name == "carre_realization.snow":
			snow = &d.Changes[i]
		case c.Kind == dsl.KindTable && c.Name == "recall":
			recall = &d.Changes[i]
		}
	}
	if snow == nil || snow.Op != dsl.Added {
		t.Errorf("the diff does not list the snow modifier as added: %+v", d.Changes)
	}
	if recall == nil || recall.Op != dsl.Changed {
		t.Fatalf("the diff does not list the Recall Chart as changed: %+v", d.Changes)
	}
	cossack := false
	for _, det := range recall.Details {
		if det.What == "row" && det.Column == "russian, cossack" {
			cossack = true
		}
		if det.Column != "" && det.Column != "russian, cossack" {
			t.Errorf("the diff changes the Recall Chart's column %q too: %+v", det.Column, det)
		}
	}
	if !cossack {
		t.Errorf("the diff does not show the Cossack cell's rows: %+v", recall.Details)
	}

	// The battalion is Rheinbund, in line, four hexes from light cavalry:
	// Light Cav +3 and Rheinbund +4, and the snow's +3 in the variant. It
	// routs exactly when the cavalry rolls to recall.
	const runs = 4000
	sd, ok := base.Scenario("carre_attempt")
	if !ok {
		t.Fatalf("%s has no carre_attempt", base.ID)
	}
	table := base.Tables["carre_realization"]
	col := keyedColumn(t, table, "rheinbund", "line", 4)
	for _, c := range []struct {
		mod *dsl.Module
		sum int
	}{{base, 7}, {variant, 10}} {
		tally, err := bataille.Simulate(context.Background(), c.mod, sd, bataille.SimOptions{Seed: 1, To: runs, Workers: 2})
		if err != nil {
			t.Fatal(err)
		}
		if tally.Errors != 0 {
			t.Fatalf("%s: %d runs failed", c.mod.ID, tally.Errors)
		}
		got := tally.Outcomes["hus marked recall_rolled"].Mean()
		exact, _ := dsl.ModifiedOdds(table.Roll, col, c.sum)["rout"].Float64()
		// Four standard errors of a share near 0.4 over 4000 runs.
		if diff := got - exact; diff > 0.031 || diff < -0.031 {
			t.Errorf("%s: the battalion routed in %.3f of %d runs; the chart gives %.3f", c.mod.ID, got, runs, exact)
		}
	}
	if want := big.NewRat(15, 36); dsl.ModifiedOdds(table.Roll, col, 10)["rout"].Cmp(want) != 0 {
		t.Errorf("rout at +10 is not 15/36 (62..66 from a natural 46 up)")
	}
}

// TestVariantDiffGolden keeps the text `bataille diff` prints for the
// variant: a modifier added, with the odds it moves, and one changed cell.
func TestVariantDiffGolden(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the binary")
	}
	variant, diags := bataille.LoadDir(os.DirFS("testdata/variants"), "snow")
	if diags.HasErrors() {
		t.Fatalf("the variant does not check: %v", diags.Err())
	}
	bin := buildBinary(t)
	out, code := runBinary(t, bin, "diff", variant.Base.ID, filepath.Join("testdata", "variants", "snow"))
	if code != 1 {
		t.Fatalf("diff exited %d, want 1 (the modules differ):\n%s", code, out)
	}
	golden.Check(t, filepath.Join("testdata", "variants", "snow.diff.golden"), []byte(out), *update, "go test ./games -run VariantDiffGolden -update")
}

// TestModifierRollsGolden keeps the roll lines of a few charges in which
// several modifiers apply, in every bundled battle: the trace names each
// modifier with its figure. Under Berlin they are the placeholders.
func TestModifierRollsGolden(t *testing.T) {
	data, err := os.ReadFile(filepath.Join("testdata", "modifier_units.txt"))
	if err != nil {
		t.Fatal(err)
	}
	set := map[string][]string{}
	for _, line := range strings.Split(string(data), "\n") {
		if line = strings.TrimSpace(line); line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		f := strings.Split(line, "|")
		for i := range f {
			f[i] = strings.TrimSpace(f[i])
		}
		if len(f) != 5 {
			t.Fatalf("modifier_units.txt: want five fields in %q", line)
		}
		set[f[0]] = f[1:]
	}
	var out bytes.Buffer
	for _, battle := range games.Names() {
		u, ok := set[battle]
		if !ok {
			t.Fatalf("testdata/modifier_units.txt has no line for %s", battle)
		}
		src := fmt.Sprintf(`scenario carre "A Carré attempt" {
  map 8 x 12 clear
  turn allied
  unit cav { side: allied  %[1]s  arm: cavalry  increments: 4  formation: column  facing: N  morale: 31  mp: 8  melee: 6  leader  at: 0405 }
  unit inf { side: french  %[2]s  arm: infantry  increments: 6  formation: line  facing: S  morale: 36  melee: 6  leader  at: 0403 }
  charge cav at inf path 0404
  decide inf form_carre when distance == 1
}

scenario stand "The battalion stands" {
  map 8 x 12 clear
  turn allied
  unit cav { side: allied  %[1]s  arm: cavalry  increments: 4  formation: column  facing: N  morale: 31  mp: 8  melee: 6  at: 0405 }
  unit inf { side: french  %[2]s  arm: infantry  increments: 6  formation: line  facing: S  morale: 36  melee: 6  at: 0403 }
  charge cav at inf path 0404
  decide inf form_carre no
}

scenario flank "A charge in the flank of a line" {
  map 8 x 12 clear
  turn allied
  unit cav { side: allied  %[1]s  arm: cavalry  increments: 4  formation: column  facing: N  morale: 31  mp: 8  melee: 6  at: 0405 }
  unit inf { side: french  %[2]s  arm: infantry  increments: 6  formation: line  facing: NE  morale: 36  melee: 6  at: 0403 }
  charge cav at inf path 0404
  decide inf form_carre no
}

scenario assault "An assault in the flank of a line" {
  map 8 x 12 clear
  turn allied
  unit att { side: allied  %[3]s  arm: infantry  increments: 6  formation: column  facing: N  morale: 36  melee: 6  at: 0304 }
  unit def { side: french  %[4]s  arm: infantry  increments: 6  formation: line  facing: N  morale: 36  melee: 6  at: 0404 }
  assault att at def
}
`, u[0], u[1], u[2], u[3])
		mod := cellModule(t, battle, src)
		for _, sc := range []struct {
			name, units string
			faces       []int
		}{
			{"carre", u[0] + "; " + u[1], []int{5, 4, 3}},
			{"stand", u[0] + "; " + u[1], []int{4, 1}},
			{"flank", u[0] + "; " + u[1], []int{4, 1}},
			{"assault", u[2] + "; " + u[3], []int{6, 1, 2, 5, 3, 3}},
		} {
			fmt.Fprintf(&out, "## %s, %s (%s)\n", battle, sc.name, sc.units)
			eng, err := bataille.NewEngine(mod, sc.name, interpreter.Config{Dice: interpreter.NewFixedDice(sc.faces...)})
			if err != nil {
				t.Fatal(err)
			}
			if err := eng.Run(context.Background()); err != nil && !errors.Is(err, interpreter.ErrDiceExhausted) {
				t.Fatalf("%s %s: %v", battle, sc.name, err)
			}
			for _, ev := range eng.Trace() {
				if ev.Kind == "roll" || strings.Contains(ev.Text, "melee strengths") {
					if ev.Dice != "" {
						fmt.Fprintf(&out, "%s  [%s]\n", ev.Text, ev.Dice)
					} else {
						fmt.Fprintf(&out, "%s\n", ev.Text)
					}
				}
			}
			out.WriteString("\n")
		}
	}
	text := out.String()
	for _, want := range []string{"Lancers +6", "Cav Leader +1", "Prussian Reserve +2", "Russian Ldr -6", "Egerskii +3", "In Line +3", "Lancers -6"} {
		if !strings.Contains(text, want) {
			t.Errorf("no roll names %q", want)
		}
	}
	golden.Check(t, filepath.Join("testdata", "modifier_rolls.golden"), out.Bytes(), *update, "go test ./games -run ModifierRollsGolden -update")
}
