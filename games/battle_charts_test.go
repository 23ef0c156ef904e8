package games_test

import (
	"context"
	"errors"
	"fmt"
	"math/big"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/bataille/bataille"
	"github.com/bataille/bataille/dsl"
	"github.com/bataille/bataille/interpreter"
)

// The published charts of the bundled battles, written out here a second
// time from the app data of the heatmiser328/lb.react repository
// (src/data/friedland.json and austerlitz.json at 220f742, danzig.json at
// 2e1536d), so that a slip in a script shows as a difference. Where a file
// errs, the reading the script takes is the one written here: Danzig's
// French column at 2 hexes reads Carré to 33, Austerlitz's Austrian line at
// 4 hexes disorders on 65-66.

// carreColumn is one column of a Carré Realization Table: the highest roll
// that forms Carré and the highest that disorders (66 when no roll routs).
type carreColumn struct {
	nationality, formation string
	distance               int
	carre, disorder        int
}

// The French, Russian and Austrian columns of Friedland and Austerlitz are
// the same where both battles print them.
var (
	frenchCarre = []carreColumn{
		{"french", "column", 4, 66, 66}, {"french", "column", 3, 66, 66}, {"french", "column", 2, 43, 61}, {"french", "column", 1, 31, 54},
		{"french", "line", 4, 64, 66}, {"french", "line", 3, 45, 61}, {"french", "line", 2, 32, 55}, {"french", "line", 1, 22, 53},
	}
	russianCarre = []carreColumn{
		{"russian", "column", 4, 55, 64}, {"russian", "column", 3, 42, 56}, {"russian", "column", 2, 26, 46}, {"russian", "column", 1, 22, 52},
		{"russian", "line", 4, 66, 66}, {"russian", "line", 3, 66, 66}, {"russian", "line", 2, 34, 55}, {"russian", "line", 1, 31, 46},
	}
	publishedCarre = map[string][]carreColumn{
		"friedland": concat(frenchCarre, russianCarre, as("allies", frenchCarre)),
		"danzig": concat(russianCarre, []carreColumn{
			{"french", "column", 4, 66, 66}, {"french", "column", 3, 66, 66}, {"french", "column", 2, 33, 54}, {"french", "column", 1, 21, 51},
			{"french", "line", 4, 53, 65}, {"french", "line", 3, 36, 54}, {"french", "line", 2, 22, 52}, {"french", "line", 1, 15, 44},
			{"rheinbund", "column", 4, 52, 61}, {"rheinbund", "column", 3, 46, 55}, {"rheinbund", "column", 2, 35, 52}, {"rheinbund", "column", 1, 22, 45},
			{"rheinbund", "line", 4, 52, 61}, {"rheinbund", "line", 3, 46, 55}, {"rheinbund", "line", 2, 35, 52}, {"rheinbund", "line", 1, 22, 45},
			{"prussian", "column", 4, 66, 66}, {"prussian", "column", 3, 66, 66}, {"prussian", "column", 2, 45, 55}, {"prussian", "column", 1, 31, 52},
			{"prussian", "line", 4, 66, 66}, {"prussian", "line", 3, 53, 62}, {"prussian", "line", 2, 32, 53}, {"prussian", "line", 1, 22, 44},
		}),
		"austerlitz1805": concat(frenchCarre, russianCarre, []carreColumn{
			{"austrian", "column", 4, 56, 63}, {"austrian", "column", 3, 46, 56}, {"austrian", "column", 2, 36, 53}, {"austrian", "column", 1, 26, 46},
			{"austrian", "line", 4, 64, 66}, {"austrian", "line", 3, 54, 62}, {"austrian", "line", 2, 44, 55}, {"austrian", "line", 1, 34, 46},
		}),
	}
	// The modifiers the charts give a nationality: they apply to every roll
	// of its columns.
	nationalCarre = map[string]map[string]struct {
		title string
		mod   int
	}{
		"friedland": {"allies": {"French Allies", 3}},
		"danzig":    {"rheinbund": {"Rheinbund", 4}},
	}
)

func concat(parts ...[]carreColumn) []carreColumn {
	var out []carreColumn
	for _, p := range parts {
		out = append(out, p...)
	}
	return out
}

// as gives another nationality the same columns.
func as(nationality string, cols []carreColumn) []carreColumn {
	out := make([]carreColumn, len(cols))
	for i, c := range cols {
		c.nationality = nationality
		out[i] = c
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

// recallRow is one row of a Recall Chart: the cavalry's nationality and
// class, and the lowest total that recalls.
type recallRow struct {
	nationality, class string
	low                int
}

var publishedRecall = map[string][]recallRow{
	"friedland": {{"french", "hussars", 2}, {"allies", "hussars", 2}, {"russian", "hussars", 3}, {"russian", "cuirassiers", 2}},
	// No French row at Danzig: the box's Friedland rows are played.
	"danzig": {{"prussian", "hussars", 2}, {"russian", "hussars", 3}, {"russian", "cuirassiers", 3}, {"russian", "cossacks", 2},
		{"french", "hussars", 2}, {"rheinbund", "cuirassiers", 2}},
	"austerlitz1805": {{"french", "hussars", 2}, {"russian", "hussars", 3}, {"russian", "cuirassiers", 2}, {"russian", "cossacks", 5},
		{"austrian", "hussars", 3}, {"austrian", "cuirassiers", 2}},
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
		"game cells \"Chart cells of " + battle + "\" extends " + battle + "\n" + scenarios)}}
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
	eng, err := bataille.NewEngine(mod, scenario, interpreter.Config{Dice: interpreter.NewFixedDice(faces...),
		Decider: interpreter.DeciderFunc(func(q interpreter.Question) bool { return q.Ask == "form_carre" })})
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
// distance of the column in its first hex.
func TestPublishedCarreCells(t *testing.T) {
	for battle, cols := range publishedCarre {
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
				nat := nationalCarre[battle][c.nationality]
				for tens := 1; tens <= 6; tens++ {
					for units := 1; units <= 6; units++ {
						natural := 10*tens + units
						ev := rollEvent(t, mod, fmt.Sprintf("c%d", i), "carre_realization", tens, units)
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
	// An infantry column whose Carré column at one hex routs on 66.
	routs := map[string]string{"friedland": "russian", "danzig": "prussian", "austerlitz1805": "russian"}
	for battle, rows := range publishedRecall {
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
`, i, leader, r.nationality, r.class, leader, routs[battle])
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
	for battle, cols := range publishedCarre {
		mod := loadBundled(t, battle)
		table := mod.Tables["carre_realization"]
		for _, c := range cols {
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
	for battle, rows := range publishedRecall {
		mod := loadBundled(t, battle)
		table := mod.Tables["recall"]
		for _, r := range rows {
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

	// Counted by hand from the printed rows.
	fr := loadBundled(t, "friedland").Tables["carre_realization"]
	line2 := keyedColumn(t, fr, "french", "line", 2)
	for _, c := range []struct {
		mod                   int
		carre, disorder, rout string
	}{
		{0, "7/18", "5/12", "7/36"}, // 11..32: 14 rolls; 33..55: 15; 56..66: 7
		{6, "2/9", "5/12", "13/36"}, // Lancers: 11..22 stays Carré (8), 46 and up routs (13)
		{-6, "5/9", "5/12", "1/36"}, // Leader: up to 42 forms (20), 43..65 disorders (15), only 66 routs
	} {
		got := dsl.ModifiedOdds(fr.Roll, line2, c.mod)
		for outcome, want := range map[string]string{"carre": c.carre, "disorder": c.disorder, "rout": c.rout} {
			if got[outcome] == nil || got[outcome].RatString() != want {
				t.Errorf("Friedland French line at 2, modifier %+d: %s %v, want %s", c.mod, outcome, got[outcome], want)
			}
		}
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
	type cell struct {
		keys []any
		want float64
	}
	charts := map[string]map[string][]cell{
		"friedland": {
			"fire_multiple": {
				{[]any{"french", "ligne", "line"}, 3}, {[]any{"french", "legere", "carre"}, 4}, {[]any{"french", "guard", "carre"}, 5},
				{[]any{"french", "guard", "skirmish"}, 4}, {[]any{"allies", "wurzburg", "line"}, 2}, {[]any{"allies", "polska", "carre"}, 4},
				{[]any{"russian", "musketeer", "line"}, 2}, {[]any{"russian", "grenadier", "carre"}, 3}, {[]any{"french", "grenadier", "carre"}, 4},
				{[]any{"russian", "gd_jaeger", "skirmish"}, 5}, {[]any{"russian", "guard", "carre"}, 4}, {[]any{"russian", "jaeger", "column"}, 1},
			},
			"fire_defence": {
				{[]any{"clear", "column"}, 6}, {[]any{"clear", "line"}, 9}, {[]any{"clear", "carre"}, 4}, {[]any{"clear", "skirmish"}, 12},
				{[]any{"clear", "unlimbered"}, 8}, {[]any{"forest", "line"}, 10}, {[]any{"forest", "skirmish"}, 14}, {[]any{"dwelling", "skirmish"}, 12},
			},
		},
		"danzig": {
			"fire_multiple": {
				{[]any{"french", "ligne", "line"}, 2}, {[]any{"french", "ligne", "carre"}, 3}, {[]any{"rheinbund", "leicht", "skirmish"}, 2},
				{[]any{"prussian", "reserve", "line"}, 1.5}, {[]any{"russian", "frei_korps", "skirmish"}, 2}, {[]any{"prussian", "fusilier", "line"}, 3},
				{[]any{"prussian", "depot_fusilier", "carre"}, 1.5}, {[]any{"prussian", "musketeer", "line"}, 2}, {[]any{"french", "grenadier", "carre"}, 4},
			},
			"fire_defence": {
				{[]any{"clear", "line"}, 9}, {[]any{"woods", "skirmish"}, 12}, {[]any{"dwelling", "unlimbered"}, 6}, {[]any{"redoubt", "limbered"}, 12},
			},
		},
		"austerlitz1805": {
			"fire_multiple": {
				{[]any{"french", "guard", "line"}, 4}, {[]any{"russian", "egerskii", "skirmish"}, 3}, {[]any{"russian", "egerskii", "line"}, 2},
				{[]any{"austrian", "grenz", "skirmish"}, 3}, {[]any{"austrian", "jaeger", "line"}, 2}, {[]any{"austrian", "sixth_battalion", "line"}, 2},
				{[]any{"austrian", "linie", "carre"}, 3},
			},
			"fire_defence": {
				{[]any{"clear", "carre"}, 4}, {[]any{"forest", "skirmish"}, 14}, {[]any{"dwelling", "skirmish"}, 14}, {[]any{"redoubt", "line"}, 10},
				{[]any{"redoubt", "unlimbered"}, 10},
			},
		},
	}
	for battle, byChart := range charts {
		mod := loadBundled(t, battle)
		for name, cells := range byChart {
			chart := mod.Charts[name]
			if chart == nil {
				t.Fatalf("%s has no chart %s", battle, name)
			}
			for _, c := range cells {
				v, err := chart.Lookup(c.keys)
				if err != nil {
					t.Errorf("%s %s%v: %v", battle, name, c.keys, err)
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
					t.Errorf("%s %s%v = %v, want %v", battle, name, c.keys, got, c.want)
				}
			}
		}
	}
}

// Every published battle cites the lb.react file its figures come from on
// each of its own tables, modifiers and charts; Berlin's are placeholders.
func TestChartsCitedOrPlaceholder(t *testing.T) {
	for _, battle := range []string{"friedland", "danzig", "austerlitz1805", "berlin1813"} {
		mod := loadBundled(t, battle)
		check := func(kind, name, module string, cite []string, placeholder bool) {
			if module != battle && !(battle == "danzig" && module == "friedland") {
				return // the base's, tested with it
			}
			published := strings.Contains(strings.Join(cite, " "), "lb.react src/data/")
			switch {
			case battle == "berlin1813" && !placeholder:
				t.Errorf("%s: %s %s is not marked a placeholder", battle, kind, name)
			case battle != "berlin1813" && placeholder:
				t.Errorf("%s: %s %s is a placeholder", battle, kind, name)
			case battle != "berlin1813" && !published:
				t.Errorf("%s: %s %s cites no lb.react chart: %v", battle, kind, name, cite)
			}
		}
		for _, x := range mod.Tables {
			if x.Name == "flight" {
				continue // the box's page 36, not a chart
			}
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
