package games_test

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"math/big"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"testing"

	"github.com/bataille/bataille"
	"github.com/bataille/bataille/dsl"
	"github.com/bataille/bataille/interpreter"
)

// The battles converted from the lb.react app's data by internal/lbdata are
// checked here against the data files themselves, read a second way: the
// files are decoded with encoding/json into the test's own types, and each
// heading and row is tied to a unit by the table below, typed from the files
// by hand apart from the converter's tables. Every Carré and Recall cell is
// then played through the engine on the loaded module, so a slip of the
// converter or of its tables shows as a difference.

// lbSource is one converted battle as this test reads it.
type lbSource struct {
	file string
	// carre gives, for each heading of the Carré chart, a nationality that
	// rolls on it.
	carre map[string]string
	// alsoCarre gives, for every other nationality the module declares,
	// the heading of the Carré chart its infantry rolls on, or "" where the
	// chart prints none for it (it fields no infantry): so that each column
	// is played for every nationality that reads it.
	alsoCarre map[string]string
	// alsoRecall gives, for every other nationality the module declares,
	// the row of the Recall chart its cavalry reads (played with the class
	// of the row's cavalry above), so that every nationality's recall is
	// played.
	alsoRecall map[string]string
	// natMod names the Carré modifier every roll of a nationality takes.
	natMod map[string]string
	// recall gives, for each row of the Recall chart, a cavalry that reads
	// it: nationality and class.
	recall map[string][2]string
	// quatreBras marks the chart whose French columns are by sector.
	quatreBras bool
}

var lbSources = map[string]lbSource{
	"albuera": {file: "albuera.json",
		alsoRecall: map[string]string{"lll": "British", "polish": "French", "british": "British"},
		alsoCarre:  map[string]string{"polish": "French"},
		carre:      map[string]string{"French": "french", "British/KGL/LLL": "british", "KGL": "kgl", "LLL": "lll", "Portuguese": "portuguese", "Spanish": "spanish"},
		natMod:     map[string]string{"kgl": "KGL", "lll": "LLL"},
		recall:     map[string][2]string{"French": {"french", "hussars"}, "British": {"kgl", "chasseurs"}, "Portuguese": {"portuguese", "dragoons"}, "Spanish": {"spanish", "cuirassiers"}}},
	"aspern-essling": {file: "aspern_essling.json",
		carre:  map[string]string{"French": "french", "French Allies": "allies", "Austrians": "austrian"},
		recall: map[string][2]string{"French": {"french", "cuirassiers"}, "Rheinbund": {"allies", "chasseurs"}, "Austrian": {"austrian", "uhlans"}}},
	"auerstaedt": {file: "auerstaedt.json",
		carre:  map[string]string{"French": "french", "Prussian": "prussian"},
		recall: map[string][2]string{"French": {"french", "dragoons"}, "Prussian": {"prussian", "hussars"}}},
	"bautzen": {file: "bautzen.json",
		alsoCarre: map[string]string{"saxon": "French Allies", "rheinbund": "French Allies"},
		carre:     map[string]string{"French": "french", "French Allies": "italian", "Russians": "russian", "Prussians": "prussian"},
		recall: map[string][2]string{"French": {"french", "chasseurs"}, "French Guard": {"french", "guard_light"}, "Saxon": {"saxon", "cuirassiers"},
			"Rheinbund": {"rheinbund", "chasseurs"}, "Italienne": {"italian", "dragoons"}, "Russian Light": {"russian", "hussars"},
			"Russian Heavy": {"russian", "cuirassiers"}, "Russian Guard": {"russian", "guard_heavy"}, "Russian Cossacks": {"russian", "cossacks"},
			"Prussian Light": {"prussian", "uhlans"}, "Prussian Hussars": {"prussian", "hussars"}, "Prussian Heavy": {"prussian", "dragoons"}}},
	"eylau": {file: "eylau.json",
		carre:  map[string]string{"French": "french", "Prussian": "prussian", "Russian": "russian"},
		recall: map[string][2]string{"French": {"french", "cuirassiers"}, "Prussian": {"prussian", "hussars"}, "Russian": {"russian", "cossacks"}}},
	"hagelberg": {file: "hagelberg.json",
		alsoRecall: map[string]string{"french": "French"},
		alsoCarre:  map[string]string{"russian": ""}, // the Cossacks: cavalry only
		carre:      map[string]string{"French": "french", "Rheinbund": "rheinbund", "Prussian": "prussian"},
		recall:     map[string][2]string{"French": {"rheinbund", "chasseurs"}, "Prussian Landwehr": {"prussian", "landwehr_cavalry"}, "Russian Cossacks": {"russian", "cossacks"}}},
	"halle": {file: "halle.json",
		carre:  map[string]string{"French": "french", "Prussian": "prussian"},
		recall: map[string][2]string{"French": {"french", "hussars"}, "Prussian": {"prussian", "dragoons"}}},
	"leipzig": {file: "leipzig.json",
		alsoCarre: map[string]string{"polish": "French Allies", "rheinbund": "French Allies", "italian": "French Allies"},
		carre:     map[string]string{"French": "french", "French Allies": "saxon", "Prussians": "prussian", "Russians": "russian", "Austrians": "austrian"},
		recall: map[string][2]string{"French": {"french", "cuirassiers"}, "Sassen": {"saxon", "cuirassiers"}, "Polska": {"polish", "uhlans"},
			"Rheinbund": {"rheinbund", "chasseurs"}, "Italienne": {"italian", "dragoons"}, "Prussian": {"prussian", "landwehr_cavalry"},
			"Russian Light": {"russian", "cossacks"}, "Russian Heavy": {"russian", "dragoons"}, "Austrian": {"austrian", "hussars"}, "Guard": {"russian", "guard_heavy"}}},
	"ligny": {file: "ligny.json",
		carre:  map[string]string{"French": "french", "Prussian": "prussian"},
		recall: map[string][2]string{"French": {"french", "guard_light"}, "Prussian": {"prussian", "uhlans"}}},
	"ligny-quatrebras": {file: "ligny-quatrebras.json", quatreBras: true,
		alsoRecall: map[string]string{"dutch": "Dutch"},
		alsoCarre:  map[string]string{"polish": "French", "kgl": "Allies", "belgian": "Allies", "dutch": "Allies", "brunswick": "Allies", "hanoverian": "Allies", "nassau": "Allies"},
		natMod:     map[string]string{"nassau": "Nassauers", "hanoverian": "Hanovarian Regulars"},
		carre:      map[string]string{"French": "french", "Prussian": "prussian", "Allies": "british"},
		recall: map[string][2]string{"French": {"french", "cuirassiers"}, "Polish": {"polish", "guard_light"}, "Prussian": {"prussian", "hussars"},
			"British": {"british", "dragoons"}, "KGL": {"kgl", "hussars"}, "Belgian": {"belgian", "chasseurs"}, "Dutch": {"nassau", "hussars"},
			"Braunschweig": {"brunswick", "uhlans"}, "Hanovarian": {"hanoverian", "hussars"}}},
	"luetzen": {file: "luetzen.json",
		alsoRecall: map[string]string{"french": "French", "neapolitan": "French", "croat": "French", "hessian": "French"},
		alsoCarre:  map[string]string{"italian": "French", "neapolitan": "French", "croat": "French", "hessian": "French"},
		natMod:     map[string]string{"neapolitan": "Neapolitan", "croat": "Croat"},
		carre:      map[string]string{"French": "french", "Prussian": "prussian", "Russian": "russian"},
		recall:     map[string][2]string{"French": {"italian", "guard_light"}, "Prussian": {"prussian", "cuirassiers"}, "Russian": {"russian", "cossacks"}}},
	"prusse": {file: "prusse.json",
		alsoCarre: map[string]string{"prussian": "Coalition"},
		carre:     map[string]string{"French": "french", "Coalition": "saxon"},
		recall: map[string][2]string{"French Dragoons": {"french", "dragoons"}, "French others": {"french", "hussars"}, "Prussian Hussar": {"prussian", "hussars"},
			"Prussian Dragoon": {"prussian", "dragoons"}, "Prussian Kuirassier": {"prussian", "cuirassiers"}, "Saxon Heavy": {"saxon", "cuirassiers"}, "Saxon Light": {"saxon", "hussars"}}},
	"quatrebras": {file: "quatrebras.json",
		alsoRecall: map[string]string{"nassau": "Dutch"},
		alsoCarre:  map[string]string{"polish": "French", "british": "Allies", "belgian": "Allies", "dutch": "Allies", "brunswick": "Allies", "hanoverian": "Allies", "nassau": "Allies"},
		natMod:     map[string]string{"nassau": "Nassauers", "hanoverian": "Hanovarian Regulars"},
		carre:      map[string]string{"French": "french", "Allies": "kgl"},
		recall: map[string][2]string{"French": {"french", "uhlans"}, "Polish": {"polish", "uhlans"}, "British": {"british", "hussars"}, "KGL": {"kgl", "dragoons"},
			"Belgian": {"belgian", "chasseurs"}, "Dutch": {"dutch", "chasseurs"}, "Braunschweig": {"brunswick", "hussars"}, "Hanovarian": {"hanoverian", "hussars"}}},
	"raszyn": {file: "raszyn.json",
		alsoRecall: map[string]string{"hungarian": "Austrian", "dutch": "Allies"},
		alsoCarre:  map[string]string{"saxon": "Polish", "dutch": "Polish", "austrian": "Austrian"},
		carre:      map[string]string{"Polish": "polish", "Austrian": "hungarian"},
		recall:     map[string][2]string{"Polish": {"polish", "uhlans"}, "Allies": {"saxon", "cuirassiers"}, "Austrian": {"austrian", "hussars"}}},
	"schoengrabern": {file: "schoengrabern.json",
		alsoCarre: map[string]string{"allies": "French"},
		carre:     map[string]string{"French": "french", "Russian": "russian"},
		natMod:    map[string]string{"allies": "French Allies"},
		recall:    map[string][2]string{"French": {"french", "dragoons"}, "French Allies": {"allies", "chasseurs"}, "Russian Light": {"russian", "cossacks"}, "Russian Heavy": {"russian", "cuirassiers"}}},
	"talavera": {file: "talavera.json",
		alsoRecall: map[string]string{"french": "French", "allies": "French", "dutch": "French", "kgl": "British"},
		alsoCarre:  map[string]string{"polish": "French Allies", "dutch": "French Allies"},
		natMod:     map[string]string{"polish": "Polish", "dutch": "Dutch"},
		carre:      map[string]string{"French": "french", "French Allies": "allies", "British": "british", "KGL": "kgl", "Spanish": "spanish"},
		recall:     map[string][2]string{"French": {"polish", "uhlans"}, "British": {"british", "chasseurs"}, "Spanish": {"spanish", "dragoons"}}},
	"vauchamps": {file: "vauchamps.json",
		alsoRecall: map[string]string{"french": "All", "prussian": "All"},
		carre:      map[string]string{"French": "french", "Prussian": "prussian", "Russian": "russian"},
		recall:     map[string][2]string{"All": {"russian", "cossacks"}}},
	"wagram": {file: "wagram.json",
		carre:  map[string]string{"French": "french", "French Allies": "allies", "Austrians": "austrian"},
		recall: map[string][2]string{"French": {"french", "cuirassiers"}, "French Allied": {"allies", "chasseurs"}, "Austrian": {"austrian", "uhlans"}}},
	"wartenburg": {file: "wartenburg.json",
		alsoRecall: map[string]string{"italian": "Rheinbund", "rheinbund": "Rheinbund"},
		alsoCarre:  map[string]string{"french": "French"},
		carre:      map[string]string{"French": "italian", "Rheinbund": "rheinbund", "Prussian": "prussian"},
		natMod:     map[string]string{"rheinbund": "Rheinbund"},
		recall:     map[string][2]string{"Rheinbund": {"french", "hussars"}, "Prussian Light": {"prussian", "hussars"}, "Prussian Heavy": {"prussian", "cuirassiers"}, "Prussian Landwehr": {"prussian", "landwehr_cavalry"}}},
}

// lbFile is the part of a chart file these tests read.
type lbFile struct {
	Charge struct {
		Carre struct {
			Table     map[string]map[string]map[string][]lbRow
			Modifiers []lbMod
		}
		Recall struct {
			Table     map[string]struct{ Low, High int }
			Modifiers []lbMod
		}
	}
	Assault struct {
		Odds []struct {
			Name           string
			Attmod, Defmod int
		}
	}
}

type lbRow struct {
	Low, High int
	Result    string
}

type lbMod struct {
	Name string
	Mod  float64
}

var trailingComma = regexp.MustCompile(`,(\s*[}\]])`)

func readLB(t *testing.T, file string) *lbFile {
	t.Helper()
	data, err := os.ReadFile(filepath.Join("..", "internal", "lbdata", "testdata", "lb.react", "src", "data", file))
	if err != nil {
		t.Fatal(err)
	}
	var f lbFile
	if err := json.Unmarshal(trailingComma.ReplaceAll(data, []byte("$1")), &f); err != nil {
		t.Fatalf("%s: %v", file, err)
	}
	return &f
}

// lbCell is what the data says of one d66 result of a Carré column: the
// result when exactly one row holds it, else every result the module may
// read there (a gap takes a neighbour's, an overlap either row's).
func lbCell(rows []lbRow, roll int) (sure string, may []string) {
	var in []string
	for _, r := range rows {
		if r.Low <= roll && roll <= r.High {
			in = append(in, strings.ToLower(r.Result))
		}
	}
	if len(in) == 1 {
		return in[0], in
	}
	if len(in) > 1 {
		return "", in
	}
	// a gap: the rows on either side
	for _, r := range rows {
		if r.High < roll || r.Low > roll {
			may = append(may, strings.ToLower(r.Result))
		}
	}
	return "", may
}

var lbForm = map[string]string{"Column": "column", "Line": "line", "All": "column", "Ligny": "column", "Quatre-Bras": "column"}

// lbColumns lists a file's Carré columns in a fixed order.
type lbColumn struct {
	heading, form string
	dist          int
	rows          []lbRow
}

func lbCarreColumns(f *lbFile) []lbColumn {
	var out []lbColumn
	for h, forms := range f.Charge.Carre.Table {
		for form, dists := range forms {
			for d, rows := range dists {
				n, _ := strconv.Atoi(d)
				out = append(out, lbColumn{h, form, n, rows})
			}
		}
	}
	sort.Slice(out, func(i, j int) bool {
		a, b := out[i], out[j]
		if a.heading != b.heading {
			return a.heading < b.heading
		}
		if a.form != b.form {
			return a.form < b.form
		}
		return a.dist < b.dist
	})
	return out
}

func lbModValue(mods []lbMod, name string) int {
	for _, m := range mods {
		if m.Name == name {
			return int(m.Mod)
		}
	}
	return 0
}

// TestLBReactCarreCells plays every cell of every converted Carré chart, each
// column through a charge that reaches its distance in the first hex, and
// compares the result with the data file.
func TestLBReactCarreCells(t *testing.T) {
	doc, err := os.ReadFile(filepath.Join("..", "docs", "data.md"))
	if err != nil {
		t.Fatal(err)
	}
	for battle, src := range lbSources {
		t.Run(battle, func(t *testing.T) {
			t.Parallel()
			f := readLB(t, src.file)
			var cols []lbNatColumn
			for _, c := range lbCarreColumns(f) {
				nats := lbHeadingNats(src, c.heading)
				if len(nats) == 0 {
					t.Fatalf("no nationality for the Carré heading %q", c.heading)
				}
				for _, nat := range nats {
					cols = append(cols, lbNatColumn{c, nat})
				}
			}
			var ligny, quatreBras strings.Builder
			for i, c := range cols {
				nat := c.nat
				s := fmt.Sprintf(`scenario c%d "cell" {
  map 8 x 12 clear
  turn allied
  unit cav { side: allied  nationality: %s  arm: cavalry  increments: 4  formation: column  facing: N  morale: 31  mp: 8  melee: 6  at: 04%02d }
  unit inf { side: french  nationality: %s  arm: infantry  increments: 6  formation: %s  facing: S  morale: 36  melee: 6  at: 0403 }
  charge cav at inf path %s
}
`, i, nat, 3+c.dist+1, nat, lbForm[c.form], northPath(c.dist))
				if c.form == "Quatre-Bras" {
					quatreBras.WriteString(s)
				} else {
					ligny.WriteString(s)
				}
			}
			mods := map[string]*dsl.Module{"": cellModule(t, battle, ligny.String())}
			if src.quatreBras {
				mods["Quatre-Bras"] = cellModule(t, battle, "override param carre.quatre_bras = true\n"+quatreBras.String())
			}
			for i, c := range cols {
				mod := mods[""]
				if c.form == "Quatre-Bras" {
					mod = mods["Quatre-Bras"]
				}
				nat := c.nat
				step := 0
				if name, ok := src.natMod[nat]; ok {
					step = lbModValue(f.Charge.Carre.Modifiers, name)
					if step == 0 {
						t.Fatalf("the modifier %q of %s is not in the file", name, nat)
					}
				}
				unsure := false
				for tens := 1; tens <= 6; tens++ {
					for units := 1; units <= 6; units++ {
						natural := 10*tens + units
						ev := rollEventAt(t, mod, fmt.Sprintf("c%d", i), "carre_realization", c.dist, tens, units)
						sure, may := lbCell(c.rows, d66Step(natural, step))
						switch {
						case sure != "" && ev.Outcome != sure:
							t.Errorf("%s %s at %d, %s, d66 %d: got %s, the file says %s (%s)", c.heading, c.form, c.dist, nat, natural, ev.Outcome, sure, ev.Dice)
						case sure == "":
							unsure = true
							found := false
							for _, m := range may {
								found = found || m == ev.Outcome
							}
							if !found {
								t.Errorf("%s %s at %d, %s, d66 %d: got %s, the file allows only %v", c.heading, c.form, c.dist, nat, natural, ev.Outcome, may)
							}
						}
					}
				}
				if unsure && !strings.Contains(string(doc), fmt.Sprintf("%s, %s, %d:", c.heading, strings.ToLower(lbKey(c.form)), c.dist)) {
					t.Errorf("%s %s at %d has a gap or an overlap that docs/data.md does not list", c.heading, c.form, c.dist)
				}
			}
		})
	}
}

// lbNatColumn is a Carré column played for one nationality that reads it.
type lbNatColumn struct {
	lbColumn
	nat string
}

// lbHeadingNats lists the nationalities whose infantry rolls on a heading of
// the Carré chart: the one the carre table names, then the others.
func lbHeadingNats(src lbSource, heading string) []string {
	var out []string
	if nat, ok := src.carre[heading]; ok {
		out = append(out, nat)
	}
	for nat, h := range src.alsoCarre {
		if h == heading {
			out = append(out, nat)
		}
	}
	sort.Strings(out[min(1, len(out)):])
	return out
}

// TestLBReactCarreNationalities holds the tables above to every nationality
// each converted module declares: each is tied to the Carré heading its
// infantry rolls on, so the cell test plays every column for every
// nationality that reads it; one tied to no heading has no column in the
// module's table, and every heading the file prints has a nationality. Each
// nationality's cavalry is tied to a Recall row the same way.
func TestLBReactCarreNationalities(t *testing.T) {
	for battle, src := range lbSources {
		mod := loadBundled(t, battle)
		f := readLB(t, src.file)
		table := mod.Tables["carre_realization"]
		tied := map[string]string{}
		for h, nat := range src.carre {
			tied[nat] = h
		}
		for nat, h := range src.alsoCarre {
			if prev, ok := tied[nat]; ok {
				t.Errorf("%s: %s is tied to %q and %q", battle, nat, prev, h)
			}
			tied[nat] = h
		}
		for nat := range mod.Vocab[dsl.KindNationality] {
			h, ok := tied[nat]
			switch {
			case !ok:
				t.Errorf("%s: the nationality %s is tied to no Carré heading: its infantry's cells are not played", battle, nat)
			case h == "":
				for _, col := range table.Columns {
					for d := 1; d <= 4; d++ {
						for _, keys := range [][]any{{nat, "column", d}, {nat, "line", d}, {nat, d}} {
							if col.MatchesKeys(keys) {
								t.Errorf("%s: %s is tied to no heading, but the table has a column for %v", battle, nat, keys)
							}
						}
					}
				}
			case f.Charge.Carre.Table[h] == nil:
				t.Errorf("%s: %s is tied to %q, which the file does not print", battle, nat, h)
			}
		}
		for nat := range tied {
			if _, ok := mod.Vocab[dsl.KindNationality][nat]; !ok {
				t.Errorf("%s: the table ties %s, which the module does not declare", battle, nat)
			}
		}
		// and every nationality's cavalry to a Recall row
		rides := map[string]bool{}
		for _, cav := range src.recall {
			rides[cav[0]] = true
		}
		for nat, row := range src.alsoRecall {
			if rides[nat] {
				t.Errorf("%s: %s's cavalry is tied to a Recall row twice", battle, nat)
			}
			if _, ok := f.Charge.Recall.Table[row]; !ok {
				t.Errorf("%s: %s's cavalry is tied to the Recall row %q, which the file does not print", battle, nat, row)
			}
			rides[nat] = true
		}
		for nat := range mod.Vocab[dsl.KindNationality] {
			if !rides[nat] {
				t.Errorf("%s: the nationality %s's cavalry is tied to no Recall row: its recall cells are not played", battle, nat)
			}
		}
	}
}

// lbKey is how docs/data.md names a Carré chart's second heading.
func lbKey(form string) string {
	return map[string]string{"Column": "column", "Line": "line", "All": "_", "Ligny": "ligny", "Quatre-Bras": "quatre_bras"}[form]
}

// lbTarget is a nationality whose battalion in column routs on a Carré roll
// of 66 at one hex, for the Recall cells.
func lbTarget(t *testing.T, src lbSource, f *lbFile) string {
	t.Helper()
	for _, c := range lbCarreColumns(f) {
		if c.dist != 1 || lbForm[c.form] != "column" || c.form == "Quatre-Bras" {
			continue
		}
		nat := src.carre[c.heading]
		if _, ok := src.natMod[nat]; ok {
			continue
		}
		if sure, _ := lbCell(c.rows, 66); sure == "rout" {
			return nat
		}
	}
	t.Fatal("no column routs on 66 at one hex")
	return ""
}

// TestLBReactRecallCells plays every row of every converted Recall chart for
// a cavalry that reads it, each die with and without a leader: the infantry
// routs on a Carré roll of 66 at one hex, then the cavalry rolls.
func TestLBReactRecallCells(t *testing.T) {
	for battle, src := range lbSources {
		t.Run(battle, func(t *testing.T) {
			t.Parallel()
			f := readLB(t, src.file)
			target := lbTarget(t, src, f)
			leaderMod := lbModValue(f.Charge.Recall.Modifiers, "Cav Leader") + lbModValue(f.Charge.Recall.Modifiers, "Leader")
			guardMod := lbModValue(f.Charge.Recall.Modifiers, "Guard")
			var keys []string
			for k := range f.Charge.Recall.Table {
				if _, ok := src.recall[k]; !ok {
					t.Fatalf("no cavalry for the Recall row %q", k)
				}
				keys = append(keys, k)
			}
			sort.Strings(keys)
			// every row for its cavalry, then for the other nationalities
			// that read it
			type recallCase struct {
				row string
				cav [2]string
			}
			var cases []recallCase
			for _, k := range keys {
				cases = append(cases, recallCase{k, src.recall[k]})
			}
			var others []string
			for nat := range src.alsoRecall {
				others = append(others, nat)
			}
			sort.Strings(others)
			for _, nat := range others {
				k := src.alsoRecall[nat]
				rep, ok := src.recall[k]
				if !ok {
					t.Fatalf("%s is tied to the Recall row %q, which the table does not name", nat, k)
				}
				cases = append(cases, recallCase{k, [2]string{nat, rep[1]}})
			}
			var s strings.Builder
			for i, rc := range cases {
				cav := rc.cav
				for _, leader := range []string{"", "leader"} {
					fmt.Fprintf(&s, `scenario r%d%s "cell" {
  map 8 x 12 clear
  turn allied
  unit cav { side: allied  nationality: %s  class: %s  arm: cavalry  increments: 4  formation: column  facing: N  morale: 31  mp: 8  melee: 6  %s  at: 0405 }
  unit inf { side: french  nationality: %s  arm: infantry  increments: 6  formation: column  facing: S  morale: 36  melee: 6  at: 0403 }
  charge cav at inf path 0404
}
`, i, leader, cav[0], cav[1], leader, target)
				}
			}
			mod := cellModule(t, battle, s.String())
			for i, rc := range cases {
				k, cav, low := rc.row, rc.cav, f.Charge.Recall.Table[rc.row].Low
				for _, leader := range []string{"", "leader"} {
					bonus := 0
					if leader != "" {
						bonus += leaderMod
					}
					if strings.HasPrefix(cav[1], "guard_") {
						bonus += guardMod
					}
					for die := 1; die <= 6; die++ {
						ev := rollEventAt(t, mod, fmt.Sprintf("r%d%s", i, leader), "recall", 1, 6, 6, die)
						want := "fail"
						if die+bonus >= low {
							want = "recall"
						}
						if ev.Outcome != want {
							t.Errorf("%s (%s %s) %s, die %d: got %s, want %s (%s)", k, cav[0], cav[1], leader, die, ev.Outcome, want, ev.Dice)
						}
					}
				}
			}
		})
	}
}

// TestLBReactOdds checks the exact odds the language gives each converted
// Carré column and Recall row against counting the rolls: a d66 column's
// share of the 36 results stepped in base 6 by each modifier, a Recall row's
// share of the six faces with each bonus; and each Assault odds row's
// figures against the file.
func TestLBReactOdds(t *testing.T) {
	for battle, src := range lbSources {
		f := readLB(t, src.file)
		mod := loadBundled(t, battle)
		table := mod.Tables["carre_realization"]
		for _, c := range lbCarreColumns(f) {
			keys := []any{src.carre[c.heading], lbForm[c.form], c.dist}
			switch {
			case src.quatreBras:
				keys[1] = map[string]string{"Ligny": "ligny", "Quatre-Bras": "quatre_bras", "All": "ligny"}[c.form]
			case c.form == "All":
				keys = []any{src.carre[c.heading], c.dist}
			}
			col := keyedColumn(t, table, keys...)
			// the result of each roll: the file's, or where it is unsure
			// the module's (which the cell test holds to the file's choices)
			at := func(roll int) string {
				if sure, _ := lbCell(c.rows, roll); sure != "" {
					return sure
				}
				for _, r := range col.Rows {
					if r.Lo <= roll && roll <= r.Hi {
						return r.Outcome
					}
				}
				return ""
			}
			for _, m := range []int{0, -9, -6, -3, 3, 6, 9, 12} {
				want := map[string]int{}
				for tens := 1; tens <= 6; tens++ {
					for units := 1; units <= 6; units++ {
						want[at(d66Step(10*tens+units, m))]++
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
						t.Errorf("%s %s %s at %d, modifier %+d: %s %s, want %s", battle, c.heading, c.form, c.dist, m, outcome, g.RatString(), w.RatString())
					}
				}
			}
		}
		recall := mod.Tables["recall"]
		maxBonus := 0
		for _, m := range f.Charge.Recall.Modifiers {
			maxBonus += int(m.Mod)
		}
		for k, row := range f.Charge.Recall.Table {
			cav := src.recall[k]
			col := keyedColumn(t, recall, cav[0], cav[1])
			for b := 0; b <= maxBonus; b++ {
				n := 0
				for die := 1; die <= 6; die++ {
					if die+b >= row.Low {
						n++
					}
				}
				got := dsl.ModifiedOdds(recall.Roll, col, b)["recall"]
				if want := big.NewRat(int64(n), 6); (got == nil && n > 0) || (got != nil && got.Cmp(want) != 0) {
					t.Errorf("%s recall %s, bonus %+d: %v, want %s", battle, k, b, got, want.RatString())
				}
			}
		}
		odds := mod.Charts["assault_odds"]
		for i, o := range f.Assault.Odds {
			for side, want := range map[string]int{"attacker": o.Attmod, "defender": o.Defmod} {
				v, err := odds.Lookup([]any{side, i + 1})
				if err != nil {
					t.Fatalf("%s assault odds %s: %v", battle, o.Name, err)
				}
				if v != want {
					t.Errorf("%s assault odds %s, %s: %v, the file says %d", battle, o.Name, side, v, want)
				}
			}
		}
	}
}

// TestLBReactClearDefence reads each converted battle's fire defence in the
// open against the file's Clear row: column, line, Carré and skirmish order,
// where the chart prints a figure.
func TestLBReactClearDefence(t *testing.T) {
	type cell struct {
		Label string
		Value float64
	}
	for battle, src := range lbSources {
		data, err := os.ReadFile(filepath.Join("..", "internal", "lbdata", "testdata", "lb.react", "src", "data", src.file))
		if err != nil {
			t.Fatal(err)
		}
		var f struct {
			Fire struct {
				Defense struct {
					Terrain map[string]map[string]cell
				}
			}
		}
		if err := json.Unmarshal(trailingComma.ReplaceAll(data, []byte("$1")), &f); err != nil {
			t.Fatalf("%s: %v", src.file, err)
		}
		row, ok := f.Fire.Defense.Terrain["Clear"]
		if !ok {
			row = f.Fire.Defense.Terrain["Clear French"]
		}
		chart := loadBundled(t, battle).Charts["fire_defence"]
		n := 0
		for col, form := range map[string]string{"Col": "column", "Line": "line", "Carre": "carre", "Skirm": "skirmish"} {
			c, ok := row[col]
			if !ok || c.Label == "" || c.Value == 0 {
				continue
			}
			n++
			v, err := chart.Lookup([]any{"clear", form})
			if err != nil {
				t.Fatalf("%s: %v", battle, err)
			}
			if fmt.Sprint(v) != fmt.Sprint(c.Value) {
				t.Errorf("%s fire defence in the open, %s: %v, the file says %v", battle, form, v, c.Value)
			}
		}
		if n < 3 {
			t.Errorf("%s: only %d cells of the Clear row read", battle, n)
		}
	}
}

// lbWornMods are the file's lines a worn battalion or a shaken army takes:
// "50% Losses" and "Morale Level N (-X)", by the chart that prints them.
func lbWornMods(t *testing.T, file string) (stand, assault []lbNamedMod) {
	t.Helper()
	data, err := os.ReadFile(filepath.Join("..", "internal", "lbdata", "testdata", "lb.react", "src", "data", file))
	if err != nil {
		t.Fatal(err)
	}
	var f struct {
		Charge struct {
			Stand struct{ Modifiers []lbMod }
		}
		Assault struct {
			Modifiers []struct {
				Name           string
				Attmod, Defmod int
			}
		}
	}
	if err := json.Unmarshal(trailingComma.ReplaceAll(data, []byte("$1")), &f); err != nil {
		t.Fatalf("%s: %v", file, err)
	}
	for _, m := range f.Charge.Stand.Modifiers {
		if n, ok := lbWorn(m.Name); ok {
			stand = append(stand, lbNamedMod{m.Name, n, int(m.Mod)})
		}
	}
	for _, m := range f.Assault.Modifiers {
		if n, ok := lbWorn(m.Name); ok {
			assault = append(assault, lbNamedMod{m.Name, n, m.Attmod})
		}
	}
	return stand, assault
}

type lbNamedMod struct {
	name  string
	level int // 0 for "50% Losses", else the morale level the line is for
	value int
}

// lbWorn reads a line's name: "50% Losses" (level 0), "Morale Level 2 (-6)"
// (level 2).
func lbWorn(name string) (int, bool) {
	if strings.EqualFold(name, "50% Losses") {
		return 0, true
	}
	var n int
	if _, err := fmt.Sscanf(name, "Morale Level %d (", &n); err == nil {
		return n, true
	}
	return 0, false
}

// TestLBReactWornAndShaken plays each converted battle's stand check and the
// attacker's pre-melee check for a battalion whole and at half strength, its
// army at each morale level, and holds the modifiers the roll takes for its
// losses and its army's level to the file's "50% Losses" and "Morale Level"
// lines.
func TestLBReactWornAndShaken(t *testing.T) {
	for battle, src := range lbSources {
		t.Run(battle, func(t *testing.T) {
			t.Parallel()
			f := readLB(t, src.file)
			stand, assault := lbWornMods(t, src.file)
			if len(stand)+len(assault) == 0 {
				t.Skip("the file prints no 50% Losses or Morale Level line on the stand or assault chart")
			}
			target := lbTarget(t, src, f)
			var keys []string
			for k := range src.recall {
				keys = append(keys, k)
			}
			sort.Strings(keys)
			cav := src.recall[keys[0]]
			var s strings.Builder
			for level := 0; level <= 3; level++ {
				for _, inc := range []int{6, 3} {
					fmt.Fprintf(&s, `scenario s%d_%d "stand" {
  map 8 x 12 clear
  turn allied
  army french { morale_level: %d }
  unit cav { side: allied  nationality: %s  class: %s  arm: cavalry  increments: 4  formation: column  facing: N  morale: 31  mp: 8  melee: 6  at: 0405 }
  unit inf { side: french  nationality: %s  arm: infantry  start: 6  increments: %d  formation: column  facing: S  morale: 36  melee: 6  at: 0403 }
  charge cav at inf path 0404
}

scenario a%d_%d "assault" {
  map 8 x 12 clear
  turn french
  army french { morale_level: %d }
  unit att { side: french  nationality: %s  arm: infantry  start: 6  increments: %d  formation: column  facing: N  morale: 36  melee: 6  at: 0405 }
  unit def { side: allied  nationality: %s  arm: infantry  increments: 6  formation: column  facing: S  morale: 36  melee: 6  at: 0404 }
  assault att at def
}
`, level, inc, level, cav[0], cav[1], target, inc, level, inc, level, target, inc, cav[0])
				}
			}
			mod := cellModule(t, battle, s.String())
			for level := 0; level <= 3; level++ {
				for _, inc := range []int{6, 3} {
					for _, c := range []struct {
						scenario, table string
						lines           []lbNamedMod
					}{{fmt.Sprintf("s%d_%d", level, inc), "stand", stand}, {fmt.Sprintf("a%d_%d", level, inc), "pre_melee", assault}} {
						want := 0
						for _, l := range c.lines {
							if (l.level == 0 && inc == 3) || (l.level > 0 && l.level == level) {
								want += l.value
							}
						}
						ev := rollEventAt(t, mod, c.scenario, c.table, 99, 3, 3, 3, 3, 3, 3, 3, 3)
						got := 0
						for _, m := range ev.Mods {
							if _, ok := lbWorn(m.Title); ok {
								got += m.Value
							}
						}
						if got != want {
							t.Errorf("%s, %d of 6 increments, army at level %d: the losses and level modifiers sum to %+d, the file's to %+d (%s)", c.table, inc, level, got, want, ev.Dice)
						}
					}
				}
			}
		})
	}
}

// lbGround is the ground each assault modifier of a battle's own ground
// means, typed from the files' names: the terrain the defender holds or the
// hexside the attacker crosses, as a scenario places them.
var lbGround = map[string]struct{ terrain, hexside string }{
	"Assaulting up a major slope":     {hexside: "major_slope"},
	"Assaulting across Spree":         {hexside: "spree"},
	"Assaulting across Russbach":      {hexside: "russbach"},
	"Assaulting across Flossgrabern":  {hexside: "flossgraben"},
	"Assaulting across a sunken road": {hexside: "sunken_road"},
	"Assaulting across sunken road":   {hexside: "sunken_road"},
	"Sunken Road/Chevaux de frise":    {hexside: "chevaux_de_frise"},
	"Assaulting Landdamm":             {terrain: "landdamm"},
	"Walled Farm/Church":              {terrain: "walled_farm"},
	"Chateaux/Church":                 {terrain: "church"},
	"Church":                          {terrain: "church"},
	"Grand Ferme":                     {terrain: "grand_ferme"},
}

// TestLBReactOwnGround assaults across each hexside and into each terrain of
// a battle's own that its assault modifiers name, the attacker having lost
// increments to defensive fire, and holds the pre-melee checks' modifiers to
// the file: the attacker's figure on its check, the defender's on its own.
func TestLBReactOwnGround(t *testing.T) {
	for battle, src := range lbSources {
		t.Run(battle, func(t *testing.T) {
			t.Parallel()
			data, err := os.ReadFile(filepath.Join("..", "internal", "lbdata", "testdata", "lb.react", "src", "data", src.file))
			if err != nil {
				t.Fatal(err)
			}
			var f struct {
				Assault struct {
					Modifiers []struct {
						Name           string
						Attmod, Defmod int
					}
				}
			}
			if err := json.Unmarshal(trailingComma.ReplaceAll(data, []byte("$1")), &f); err != nil {
				t.Fatal(err)
			}
			fireCasualty := 0
			for _, m := range f.Assault.Modifiers {
				if m.Name == "Casualty due to defensive fire" {
					fireCasualty = m.Attmod
				}
			}
			target := lbTarget(t, src, readLB(t, src.file))
			var s strings.Builder
			type want struct {
				name, scenario string
				att, def       int
			}
			var wants []want
			for i, m := range f.Assault.Modifiers {
				g, ok := lbGround[m.Name]
				if !ok {
					continue
				}
				ground := ""
				if g.terrain != "" {
					ground = "  terrain " + g.terrain + " 0404\n"
				}
				if g.hexside != "" {
					ground += "  hexside " + g.hexside + " 0404/0405\n"
				}
				fmt.Fprintf(&s, `scenario g%d "ground" {
  map 8 x 12 clear
%s  turn french
  unit att { side: french  nationality: %s  arm: infantry  increments: 6  formation: column  facing: N  morale: 20  melee: 6  at: 0405 }
  unit def { side: allied  nationality: %s  arm: infantry  increments: 6  formation: column  facing: S  morale: 20  melee: 6  at: 0404 }
  fire def at att
  assault att at def
}
`, i, ground, target, target)
				wants = append(wants, want{m.Name, fmt.Sprintf("g%d", i), m.Attmod, m.Defmod})
			}
			if len(wants) == 0 {
				t.Skip("no assault modifier of the battle's own ground")
			}
			mod := cellModule(t, battle, s.String())
			for _, w := range wants {
				// the defensive fire costs the attacker an increment (66),
				// then both checks pass (66)
				eng, err := bataille.NewEngine(mod, w.scenario, interpreter.Config{Dice: interpreter.NewFixedDice(6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6)})
				if err != nil {
					t.Fatal(err)
				}
				if err := eng.Run(context.Background()); err != nil && !errors.Is(err, interpreter.ErrDiceExhausted) {
					t.Fatal(err)
				}
				var checks []interpreter.Event
				for _, ev := range eng.Trace() {
					if ev.Kind == "roll" && ev.Table == "pre_melee" {
						checks = append(checks, ev)
					}
				}
				if len(checks) != 2 {
					t.Fatalf("%s: %d pre-melee checks, want the attacker's and the defender's", w.name, len(checks))
				}
				for i, fig := range []int{w.att, w.def} {
					got, fire := 0, 0
					for _, m := range checks[i].Mods {
						switch m.Title {
						case w.name:
							got += m.Value
						case "Casualty due to defensive fire":
							fire += m.Value
						}
					}
					if got != fig {
						t.Errorf("%s, the %s's check: %+d, the file says %+d (%s)", w.name, []string{"attacker", "defender"}[i], got, fig, checks[i].Dice)
					}
					if wantFire := []int{fireCasualty, 0}[i]; fire != wantFire {
						t.Errorf("%s, the %s's check: casualty due to defensive fire %+d, the file says %+d (%s)", w.name, []string{"attacker", "defender"}[i], fire, wantFire, checks[i].Dice)
					}
				}
			}
		})
	}
}
