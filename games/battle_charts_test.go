package games_test

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"math/big"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/bataille/bataille"
	"github.com/bataille/bataille/dsl"
	"github.com/bataille/bataille/games"
	"github.com/bataille/bataille/interpreter"
)

// The published charts of the bundled battles are written out a second
// time in testdata/published/<battle>.txt, from the app data of the
// heatmiser328/lb.react repository, so that a slip in a script shows as a
// difference. A battle with no such file publishes none: every table,
// modifier and chart of its own must then be a declared placeholder.

// carreColumn is one column of a Carré Realization Table: the highest roll
// that forms Carré and the highest that disorders (66 when no roll routs).
type carreColumn struct {
	nationality, formation string
	distance               int
	carre, disorder        int
}

// recallRow is one row of a Recall Chart: the cavalry's nationality and
// class, and the lowest total that recalls.
type recallRow struct {
	nationality, class string
	low                int
}

// nationalMod is a Carré modifier every roll of a nationality takes.
type nationalMod struct {
	title string
	mod   int
}

type chartCell struct {
	chart string
	keys  []any
	want  float64
}

// published is one battle's charts as its testdata file gives them.
type published struct {
	carre    []carreColumn
	national map[string]nationalMod
	recall   []recallRow
	// target is the nationality of an infantry column that routs on 66
	// at one hex, for the recall test.
	target string
	charts []chartCell
}

// publishedCharts reads testdata/published for every bundled battle that
// has a file there.
func publishedCharts(t *testing.T) map[string]*published {
	t.Helper()
	out := map[string]*published{}
	for _, battle := range games.Names() {
		data, err := os.ReadFile(filepath.Join("testdata", "published", battle+".txt"))
		if errors.Is(err, fs.ErrNotExist) {
			continue
		}
		if err != nil {
			t.Fatal(err)
		}
		p := &published{national: map[string]nationalMod{}}
		for n, line := range strings.Split(string(data), "\n") {
			line = strings.TrimSpace(line)
			if line == "" || strings.HasPrefix(line, "#") {
				continue
			}
			f := strings.Split(line, "|")
			for i := range f {
				f[i] = strings.TrimSpace(f[i])
			}
			num := func(i int) int {
				v, err := strconv.Atoi(f[i])
				if err != nil {
					t.Fatalf("%s.txt:%d: %v", battle, n+1, err)
				}
				return v
			}
			switch {
			case f[0] == "carre" && len(f) == 6:
				p.carre = append(p.carre, carreColumn{f[1], f[2], num(3), num(4), num(5)})
			case f[0] == "carre_mod" && len(f) == 4:
				p.national[f[1]] = nationalMod{f[2], num(3)}
			case f[0] == "recall" && len(f) == 4:
				p.recall = append(p.recall, recallRow{f[1], f[2], num(3)})
			case f[0] == "recall_target" && len(f) == 2:
				p.target = f[1]
			case f[0] == "chart" && len(f) == 4:
				var keys []any
				for _, k := range strings.Split(f[2], ",") {
					keys = append(keys, strings.TrimSpace(k))
				}
				v, err := strconv.ParseFloat(f[3], 64)
				if err != nil {
					t.Fatalf("%s.txt:%d: %v", battle, n+1, err)
				}
				p.charts = append(p.charts, chartCell{f[1], keys, v})
			default:
				t.Fatalf("%s.txt:%d: cannot read %q", battle, n+1, line)
			}
		}
		out[battle] = p
	}
	if len(out) == 0 {
		t.Fatal("no bundled battle has a published chart file")
	}
	return out
}

func (c carreColumn) result(roll int) string {
	switch {
	case roll <= c.carre:
		return "carre"
	case roll <= c.disorder:
		return "disorder"
	}
	return "rout"
}

// d66Step moves a d66 roll n places along 11..16, 21..66, held at the ends,
// as the charts' modifiers do.
func d66Step(roll, n int) int {
	i := (roll/10-1)*6 + roll%10 - 1 + n
	i = max(0, min(35, i))
	return (i/6+1)*10 + i%6 + 1
}

// cellModule is a battle with one generated scenario per case: a module of
// its own in a folder beside nothing, extending the bundled battle.
func cellModule(t *testing.T, battle, scenarios string) *dsl.Module {
	t.Helper()
	fsys := fstest.MapFS{"cells/cells.rules": &fstest.MapFile{Data: []byte(
		"game cells \"Chart cells of " + battle + "\" extends " + strings.ReplaceAll(battle, "-", "_") + "\n" + scenarios)}}
	mod, diags := bataille.LoadDir(fsys, "cells")
	if diags.HasErrors() {
		t.Fatalf("%s: %v", battle, diags.Err())
	}
	return mod
}

// rollEvent plays a scenario on the given faces and returns the first roll
// on the named table. The run may stop for want of dice after it.
func rollEvent(t *testing.T, mod *dsl.Module, scenario, table string, faces ...int) interpreter.Event {
	t.Helper()
	return rollEventAt(t, mod, scenario, table, -1, faces...)
}

// rollEventAt is rollEvent with the Carré tried only when the cavalry is
// distance hexes away (at the first opportunity for a distance below 0):
// the question is asked at the charge's start and after every hex.
func rollEventAt(t *testing.T, mod *dsl.Module, scenario, table string, distance int, faces ...int) interpreter.Event {
	t.Helper()
	eng, err := bataille.NewEngine(mod, scenario, interpreter.Config{Dice: interpreter.NewFixedDice(faces...),
		Decider: interpreter.DeciderFunc(func(q interpreter.Question) bool {
			return q.Ask == "form_carre" && (distance < 0 || q.Distance == distance)
		})})
	if err != nil {
		t.Fatal(err)
	}
	if err := eng.Run(context.Background()); err != nil && !errors.Is(err, interpreter.ErrDiceExhausted) {
		t.Fatalf("%s: %v", scenario, err)
	}
	for _, ev := range eng.Trace() {
		if ev.Kind == "roll" && ev.Table == table {
			return ev
		}
	}
	t.Fatalf("%s: no roll on %s", scenario, table)
	return interpreter.Event{}
}

// TestPublishedCarreCells rolls every cell of the published Carré tables:
// each column, each of the 36 rolls, through a charge that reaches the
// distance of the column in its first hex, the infantry trying Carré there
// and not at the start a hex farther off.
func TestPublishedCarreCells(t *testing.T) {
	for battle, p := range publishedCharts(t) {
		cols := p.carre
		t.Run(battle, func(t *testing.T) {
			var src strings.Builder
			for i, c := range cols {
				fmt.Fprintf(&src, `scenario c%d "cell" {
  map 8 x 12 clear
  turn allied
  unit cav { side: allied  nationality: %s  arm: cavalry  increments: 4  formation: column  facing: N  morale: 31  mp: 8  melee: 6  at: 04%02d }
  unit inf { side: french  nationality: %s  arm: infantry  increments: 6  formation: %s  facing: S  morale: 36  melee: 6  at: 0403 }
  charge cav at inf path %s
}
`, i, c.nationality, 3+c.distance+1, c.nationality, c.formation, northPath(c.distance))
			}
			mod := cellModule(t, battle, src.String())
			for i, c := range cols {
				nat := p.national[c.nationality]
				for tens := 1; tens <= 6; tens++ {
					for units := 1; units <= 6; units++ {
						natural := 10*tens + units
						ev := rollEventAt(t, mod, fmt.Sprintf("c%d", i), "carre_realization", c.distance, tens, units)
						want := c.result(d66Step(natural, nat.mod))
						if ev.Outcome != want {
							t.Errorf("%s %s at %d, d66 %d: got %s, want %s (%s)", c.nationality, c.formation, c.distance, natural, ev.Outcome, want, ev.Dice)
						}
						wantDice := fmt.Sprintf("d66 %d", natural)
						if nat.mod != 0 {
							wantDice = fmt.Sprintf("d66 %d, %s %+d → %d", natural, nat.title, nat.mod, d66Step(natural, nat.mod))
						}
						if ev.Dice != wantDice {
							t.Errorf("%s %s at %d: the roll reads %q, want %q", c.nationality, c.formation, c.distance, ev.Dice, wantDice)
						}
					}
				}
			}
		})
	}
}

// northPath is the hexes a charge from 04(3+d+1) rides north towards 0403.
func northPath(d int) string {
	var hexes []string
	for r := 3 + d; r > 3; r-- {
		hexes = append(hexes, fmt.Sprintf("04%02d", r))
	}
	return strings.Join(hexes, " ")
}

// TestPublishedRecallCells rolls every cell of the published Recall Charts,
// each die with and without a cavalry leader (+1): the infantry routs on a
// Carré roll of 66 at one hex, then the cavalry rolls.
func TestPublishedRecallCells(t *testing.T) {
	for battle, p := range publishedCharts(t) {
		rows := p.recall
		t.Run(battle, func(t *testing.T) {
			var src strings.Builder
			for i, r := range rows {
				for _, leader := range []string{"", "leader"} {
					fmt.Fprintf(&src, `scenario r%d%s "cell" {
  map 8 x 12 clear
  turn allied
  unit cav { side: allied  nationality: %s  class: %s  arm: cavalry  increments: 4  formation: column  facing: N  morale: 31  mp: 8  melee: 6  %s  at: 0405 }
  unit inf { side: french  nationality: %s  arm: infantry  increments: 6  formation: column  facing: S  morale: 36  melee: 6  at: 0403 }
  charge cav at inf path 0404
}
`, i, leader, r.nationality, r.class, leader, p.target)
				}
			}
			mod := cellModule(t, battle, src.String())
			for i, r := range rows {
				for _, leader := range []string{"", "leader"} {
					bonus := 0
					if leader != "" {
						bonus = 1
					}
					for die := 1; die <= 6; die++ {
						ev := rollEvent(t, mod, fmt.Sprintf("r%d%s", i, leader), "recall", 6, 6, die)
						want := "fail"
						if die+bonus >= r.low {
							want = "recall"
						}
						if ev.Outcome != want {
							t.Errorf("%s %s %s, die %d: got %s, want %s (%s)", r.nationality, r.class, leader, die, ev.Outcome, want, ev.Dice)
						}
						if bonus == 1 && !strings.Contains(ev.Dice, "Cav Leader +1") {
							t.Errorf("%s %s with a leader: the roll reads %q, without the Cav Leader modifier", r.nationality, r.class, ev.Dice)
						}
					}
				}
			}
		})
	}
}

// TestPublishedOdds checks each published table's exact odds, as the
// language computes them, against counting the rolls: a d66 column's share
// of the 36 rolls, a Recall row's share of the six faces, with and without
// modifiers. A few are written out as fractions counted by hand.
func TestPublishedOdds(t *testing.T) {
	mods := []int{0, -6, -3, 3, 6, 9}
	charts := publishedCharts(t)
	for battle, p := range charts {
		mod := loadBundled(t, battle)
		table := mod.Tables["carre_realization"]
		for _, c := range p.carre {
			col := keyedColumn(t, table, c.nationality, c.formation, c.distance)
			for _, m := range mods {
				want := map[string]int{}
				for tens := 1; tens <= 6; tens++ {
					for units := 1; units <= 6; units++ {
						want[c.result(d66Step(10*tens+units, m))]++
					}
				}
				got := dsl.ModifiedOdds(table.Roll, col, m)
				for _, outcome := range []string{"carre", "disorder", "rout"} {
					w := big.NewRat(int64(want[outcome]), 36)
					g := got[outcome]
					if g == nil {
						g = new(big.Rat)
					}
					if g.Cmp(w) != 0 {
						t.Errorf("%s %s %s at %d, modifier %+d: %s %s, want %s", battle, c.nationality, c.formation, c.distance, m, outcome, g.RatString(), w.RatString())
					}
				}
			}
		}
	}
	for battle, p := range charts {
		mod := loadBundled(t, battle)
		table := mod.Tables["recall"]
		for _, r := range p.recall {
			weight := "light"
			switch r.class {
			case "cuirassiers":
				weight = "heavy"
			case "cossacks":
				weight = "cossack"
			}
			col := recallColumn(t, table, r.nationality, weight)
			for bonus := 0; bonus <= 1; bonus++ {
				recalls := 0
				for die := 1; die <= 6; die++ {
					if die+bonus >= r.low {
						recalls++
					}
				}
				got := dsl.ModifiedOdds(table.Roll, col, bonus)["recall"]
				if want := big.NewRat(int64(recalls), 6); got == nil || got.Cmp(want) != 0 {
					t.Errorf("%s %s %s, modifier %+d: recall %v, want %s", battle, r.nationality, r.class, bonus, got, want.RatString())
				}
			}
		}
	}

	// Counted by hand from the printed rows of the French line at two hexes
	// (Friedland and Austerlitz print the same column).
	found := 0
	for battle, p := range charts {
		for _, c := range p.carre {
			if c.nationality != "french" || c.formation != "line" || c.distance != 2 || c.carre != 32 || c.disorder != 55 {
				continue
			}
			found++
			table := loadBundled(t, battle).Tables["carre_realization"]
			col := keyedColumn(t, table, "french", "line", 2)
			for _, h := range []struct {
				mod                   int
				carre, disorder, rout string
			}{
				{0, "7/18", "5/12", "7/36"},  // 11..32: 14 rolls; 33..55: 15; 56..66: 7
				{6, "2/9", "5/12", "13/36"},  // Lancers: 11..22 stays Carré (8), 46 and up routs (13)
				{-6, "5/9", "5/12", "1/36"},  // Leader: up to 42 forms (20), 43..65 disorders (15), only 66 routs
				{3, "11/36", "5/12", "5/18"}, // Light cavalry: up to 25 forms (11), 53 and up routs (10)
			} {
				got := dsl.ModifiedOdds(table.Roll, col, h.mod)
				for outcome, want := range map[string]string{"carre": h.carre, "disorder": h.disorder, "rout": h.rout} {
					if got[outcome] == nil || got[outcome].RatString() != want {
						t.Errorf("%s French line at 2, modifier %+d: %s %v, want %s", battle, h.mod, outcome, got[outcome], want)
					}
				}
			}
		}
	}
	if found == 0 {
		t.Error("no published battle prints the French line at two hexes counted by hand here")
	}
}

func loadBundled(t *testing.T, battle string) *dsl.Module {
	t.Helper()
	mod, diags := bataille.LoadBundled(battle)
	if diags.HasErrors() {
		t.Fatalf("%s: %v", battle, diags.Err())
	}
	return mod
}

func keyedColumn(t *testing.T, table *dsl.TableDef, vals ...any) *dsl.ColumnDef {
	t.Helper()
	for _, c := range table.Columns {
		if c.MatchesKeys(vals) {
			return c
		}
	}
	t.Fatalf("table %s has no column for %v", table.Name, vals)
	return nil
}

// recallColumn finds the column for a nationality and a cavalry type, which
// Danzig keys as cossack or regular.
func recallColumn(t *testing.T, table *dsl.TableDef, nationality, weight string) *dsl.ColumnDef {
	t.Helper()
	for _, c := range table.Columns {
		if c.MatchesKeys([]any{nationality, weight}) {
			return c
		}
		if weight != "cossack" && c.MatchesKeys([]any{nationality, "regular"}) {
			return c
		}
	}
	t.Fatalf("table %s has no column for %s %s", table.Name, nationality, weight)
	return nil
}

// The fire multiples and fire defence of the published charts, cell by cell.
func TestPublishedFireCharts(t *testing.T) {
	for battle, p := range publishedCharts(t) {
		mod := loadBundled(t, battle)
		for _, c := range p.charts {
			chart := mod.Charts[c.chart]
			if chart == nil {
				t.Fatalf("%s has no chart %s", battle, c.chart)
			}
			v, err := chart.Lookup(c.keys)
			if err != nil {
				t.Errorf("%s %s%v: %v", battle, c.chart, c.keys, err)
				continue
			}
			var got float64
			switch x := v.(type) {
			case int:
				got = float64(x)
			case float64:
				got = x
			}
			if got != c.want {
				t.Errorf("%s %s%v = %v, want %v", battle, c.chart, c.keys, got, c.want)
			}
		}
	}
}

// citesSource is a citation of a published chart or of a rulebook page.
var citesSource = regexp.MustCompile(`lb\.react src/data/|\bp\d+\b`)

// Every table, modifier and chart a battle declares (or inherits from
// another battle) either cites its source, the chart data or a rulebook
// page, or, in a battle that publishes no chart, is a declared placeholder.
func TestChartsCitedOrPlaceholder(t *testing.T) {
	charts := publishedCharts(t)
	for _, battle := range games.Names() {
		mod := loadBundled(t, battle)
		root := mod
		for root.Base != nil {
			root = root.Base
		}
		_, isPublished := charts[battle]
		if _, ok := lbSources[battle]; ok {
			isPublished = true
		}
		check := func(kind, name, module string, cite []string, placeholder bool) {
			if module == root.ID {
				return // the base module's, tested with it
			}
			switch {
			case !isPublished && !placeholder:
				t.Errorf("%s publishes no chart, yet its %s %s is not a placeholder", battle, kind, name)
			case isPublished && placeholder:
				t.Errorf("%s: %s %s is a placeholder", battle, kind, name)
			case isPublished && !citesSource.MatchString(strings.Join(cite, " ")):
				t.Errorf("%s: %s %s cites neither a chart nor a page: %v", battle, kind, name, cite)
			}
		}
		for _, x := range mod.Tables {
			check("table", x.Name, x.Module, x.Cite, x.Placeholder)
		}
		for _, x := range mod.Modifiers {
			check("modifier", x.Name, x.Module, x.Cite, x.Placeholder)
		}
		for _, x := range mod.Charts {
			check("chart", x.Name, x.Module, x.Cite, x.Placeholder)
		}
	}
}

// TestPublishedEveryNationality holds the second transcriptions to every
// battle and every nationality: a bundled battle's Carré and Recall cells
// are played from its hand-typed file (testdata/published) or from the app's
// data (lbSources), unless it publishes no chart; and every nationality a
// battle with a hand-typed file declares has its Carré columns there, each
// formation at each distance, so that no nationality's cells go unplayed.
func TestPublishedEveryNationality(t *testing.T) {
	charts := publishedCharts(t)
	for _, battle := range games.Names() {
		p, typed := charts[battle]
		_, converted := lbSources[battle]
		if typed && converted {
			t.Errorf("%s is transcribed twice over: by hand and from the app's data", battle)
		}
		if !typed && !converted {
			if !loadBundled(t, battle).Tables["carre_realization"].Placeholder {
				t.Errorf("%s: no second transcription plays its Carré and Recall cells, and its Carré table is no placeholder", battle)
			}
			continue
		}
		if !typed {
			continue // TestLBReactCarreNationalities
		}
		mod := loadBundled(t, battle)
		has := map[string]map[string]bool{} // nationality → "formation distance"
		for _, c := range p.carre {
			if has[c.nationality] == nil {
				has[c.nationality] = map[string]bool{}
			}
			has[c.nationality][fmt.Sprintf("%s %d", c.formation, c.distance)] = true
		}
		for nat := range mod.Vocab[dsl.KindNationality] {
			for _, form := range []string{"column", "line"} {
				for d := 1; d <= 4; d++ {
					if !has[nat][fmt.Sprintf("%s %d", form, d)] {
						t.Errorf("%s: testdata/published/%s.txt has no Carré column for %s, %s, %d", battle, battle, nat, form, d)
					}
				}
			}
		}
		for nat := range has {
			if _, ok := mod.Vocab[dsl.KindNationality][nat]; !ok {
				t.Errorf("%s: testdata/published/%s.txt has Carré columns for %s, which the battle does not declare", battle, battle, nat)
			}
		}
		if len(p.recall) == 0 || p.target == "" {
			t.Errorf("%s: testdata/published/%s.txt has no Recall rows or no recall target", battle, battle)
		}
	}
}

// TestDataListsEveryBattle: docs/data.md, the errata list of the charts'
// data, has a section for every bundled battle, with its publisher and the
// edition of the rules it follows, its findings or the sentence that there
// are none; Berlin's says where its charts were looked for.
func TestDataListsEveryBattle(t *testing.T) {
	doc, err := os.ReadFile(filepath.Join("..", "docs", "data.md"))
	if err != nil {
		t.Fatal(err)
	}
	sections := map[string]string{}
	for _, part := range regexp.MustCompile(`(?m)^#{2,3} `).Split(string(doc), -1)[1:] {
		head, body, _ := strings.Cut(part, "\n")
		if m := regexp.MustCompile("\\(`([a-z0-9-]+)`\\)$").FindStringSubmatch(head); m != nil {
			sections[m[1]] = body
		}
	}
	for _, battle := range games.Names() {
		body, ok := sections[battle]
		switch {
		case !ok:
			t.Errorf("docs/data.md has no section for %s", battle)
		case battle == "berlin1813":
			if !strings.Contains(body, "Where we looked") {
				t.Errorf("docs/data.md: Berlin's section does not say where its charts were looked for")
			}
		default:
			mod := loadBundled(t, battle)
			if !strings.Contains(body, mod.Edition) {
				t.Errorf("docs/data.md: the section for %s does not name its edition %q", battle, mod.Edition)
			}
			if !strings.Contains(body, "Source: `src/data/") {
				t.Errorf("docs/data.md: the section for %s names no source file", battle)
			}
			if !strings.Contains(body, "\n- ") && !strings.Contains(body, "No gap, overlap") {
				t.Errorf("docs/data.md: the section for %s lists no finding and does not say there is none", battle)
			}
		}
	}
}
