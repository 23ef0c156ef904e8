package main

import (
	"encoding/json"
	"flag"
	"fmt"
	"github.com/bataille/bataille"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/bataille/bataille/dsl"
)

// The -update flag rewrites golden files; another test file of the package
// may have declared it already.
func init() {
	if flag.Lookup("update") == nil {
		flag.Bool("update", false, "rewrite golden files")
	}
}

func updating() bool {
	f := flag.Lookup("update")
	return f != nil && f.Value.String() == "true"
}

// golden compares got with testdata/diff/name, or rewrites it with -update.
func golden(t *testing.T, name, got string) {
	t.Helper()
	path := filepath.Join("testdata", "diff", name)
	if updating() {
		if err := os.WriteFile(path, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run with -update to create it)", err)
	}
	if got != string(want) {
		t.Errorf("%s differs from the output (run with -update to accept it); got:\n%s", path, got)
	}
}

const (
	alphaFile = "../../dsl/testdata/diff/alpha.rules"
	alphaRe   = "../../dsl/testdata/diff/alpha_reformatted.rules"
	betaFile  = "../../dsl/testdata/diff/beta.rules"
)

func TestDiffGolden(t *testing.T) {
	for _, tt := range []struct{ format, file string }{
		{"text", "alpha_beta.txt"},
		{"markdown", "alpha_beta.md"},
		{"json", "alpha_beta.json"},
	} {
		t.Run(tt.format, func(t *testing.T) {
			code, out, stderr := bat(t, "diff", "--format", tt.format, alphaFile, betaFile)
			if code != exitFail {
				t.Fatalf("exit %d, want %d: %s", code, exitFail, stderr)
			}
			golden(t, tt.file, out)
		})
	}
}

// decodeDiff runs diff --format json and reads the document back.
func decodeDiff(t *testing.T, args ...string) (int, dsl.DiffDocument) {
	t.Helper()
	code, out, stderr := bat(t, append([]string{"diff", "--format", "json"}, args...)...)
	var doc dsl.DiffDocument
	if err := json.Unmarshal([]byte(out), &doc); err != nil {
		t.Fatalf("exit %d, output is not JSON: %v\n%s\n%s", code, err, out, stderr)
	}
	return code, doc
}

func findChange(doc dsl.DiffDocument, kind, name string) (dsl.Change, bool) {
	for _, c := range doc.Changes {
		if c.Kind == kind && c.Name == name {
			return c, true
		}
	}
	return dsl.Change{}, false
}

// The bundled battles in name order: the 2016 edition's battle, then two
// of the 2021 edition (tests name no battle).
var (
	older = bataille.Bundled()[0]
	newer = bataille.Bundled()[1]
	third = bataille.Bundled()[2]
)

// TestDiffBundledBattles diffs the first two bundled battles: a golden file
// for the whole listing, and the facts the rulebook pages imply, which hold
// whatever the placeholder tables say.
func TestDiffBundledBattles(t *testing.T) {
	code, out, stderr := bat(t, "diff", older, newer)
	if code != exitFail {
		t.Fatalf("exit %d, want %d: %s", code, exitFail, stderr)
	}
	golden(t, "first_two_battles.golden", out)

	_, doc := decodeDiff(t, older, newer)
	if doc.Equal || doc.Old.ID != older || doc.New.ID != newer {
		t.Errorf("sides: %+v → %+v, equal %v", doc.Old, doc.New, doc.Equal)
	}
	// The older battle lets any unit try Carré; the Premier Rules only the target.
	c, ok := findChange(doc, dsl.KindParam, "carre.any_unit")
	if !ok || c.Op != dsl.Changed || len(c.Details) == 0 || c.Details[0].What != "value" || c.Details[0].Old == c.Details[0].New {
		t.Errorf("param carre.any_unit: %+v, want a changed value", c)
	}
	if ok && (c.Old == nil || c.New == nil || len(c.Old.Cite) == 0 || c.Old.Pos.Line < 1 || c.New.Pos.Line < 1) {
		t.Errorf("param carre.any_unit lacks a citation or a position: %+v → %+v", c.Old, c.New)
	}
	if h, ok := findChange(doc, dsl.KindHeader, ""); !ok || h.Details[0] != (dsl.Detail{What: "id", Old: older, New: newer}) {
		t.Errorf("header: %+v", h)
	}
	// Every changed declaration of the rulebook cites a page on some side.
	for _, c := range doc.Changes {
		if c.Kind == dsl.KindHeader {
			continue
		}
		cited := (c.Old != nil && len(c.Old.Cite) > 0) || (c.New != nil && len(c.New.Cite) > 0)
		if !cited && (c.Kind == dsl.KindParam || c.Kind == dsl.KindTable || c.Kind == dsl.KindRule || c.Kind == dsl.KindCheck) {
			t.Errorf("%s %s: no citation on either side", c.Kind, c.Name)
		}
	}
	// Tables whose rows differ in a column both sides have say what that
	// does to the odds, in percent. (Two battles whose tables are keyed
	// differently are compared combination by combination.)
	odds, rows := 0, 0
	for _, c := range doc.Changes {
		for _, d := range c.Details {
			if d.What == "row" {
				rows++
			}
			if d.What != "odds" {
				continue
			}
			odds++
			if !strings.HasSuffix(d.Old, "%") || !strings.HasSuffix(d.New, "%") {
				t.Errorf("table %s: odds of %s: %q → %q", c.Name, d.Item, d.Old, d.New)
			}
		}
	}
	if rows > 0 && odds == 0 {
		t.Error("rows changed, yet no change in any table's odds")
	}
}

func TestDiffExitCodes(t *testing.T) {
	tests := []struct {
		name string
		args []string
		code int
		err  string // in stderr
	}{
		{"same file", []string{alphaFile, alphaFile}, exitOK, ""},
		{"reformatted", []string{alphaFile, alphaRe}, exitOK, ""},
		{"same battle", []string{newer, newer}, exitOK, ""},
		{"different", []string{alphaFile, betaFile}, exitFail, ""},
		{"battles", []string{older, third}, exitFail, ""},
		{"syntax error", []string{alphaFile, "testdata/diff/broken.rules"}, exitUsage, "broken.rules:5:29: error: "},
		{"check error", []string{"testdata/diff/unchecked.rules", alphaFile}, exitUsage, "unchecked.rules:5:10: error: override of param rout.hexez"},
		{"unknown battle", []string{"waterloo1815", alphaFile}, exitUsage, `no bundled battle "waterloo1815"`},
		{"one side", []string{alphaFile}, exitUsage, "Usage: bataille diff"},
		{"three sides", []string{alphaFile, betaFile, betaFile}, exitUsage, "Usage: bataille diff"},
		{"bad format", []string{"--format", "pdf", alphaFile, betaFile}, exitUsage, `unknown format "pdf"`},
		{"bad color", []string{"--color", "sometimes", alphaFile, betaFile}, exitUsage, `--color is auto, always or never`},
		{"bad flag", []string{"--frobnicate", alphaFile, betaFile}, exitUsage, "unknown flag"},
		{"help", []string{"--help"}, exitOK, "Usage: bataille diff"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			code, out, stderr := bat(t, append([]string{"diff"}, tt.args...)...)
			if code != tt.code {
				t.Errorf("exit %d, want %d\nstdout:\n%s\nstderr:\n%s", code, tt.code, out, stderr)
			}
			if !strings.Contains(stderr, tt.err) {
				t.Errorf("stderr %q does not contain %q", stderr, tt.err)
			}
			if code == exitUsage && out != "" {
				t.Errorf("printed a diff on error:\n%s", out)
			}
		})
	}
}

// TestDiffGitDriver: git calls `bataille diff path old-file old-hex
// old-mode new-file new-hex new-mode`, and stops on any exit but 0.
func TestDiffGitDriver(t *testing.T) {
	path := "games/alpha/rules.rules"
	code, out, stderr := bat(t, "diff", path, alphaFile, "1111111", "100644", betaFile, "2222222", "100644")
	if code != exitOK {
		t.Fatalf("exit %d, want 0 (git stops on anything else): %s", code, stderr)
	}
	for _, want := range []string{"--- game alpha \"Alpha\", First edition (a/" + path + ")", "+++ game alpha \"Alpha\", Second edition (b/" + path + ")",
		"was " + path + ":6  [Alpha p4]", "now " + path + ":6  [Alpha 2e p4]", "was premier.rules:"} {
		if !strings.Contains(out, want) {
			t.Errorf("output lacks %q:\n%s", want, out)
		}
	}
	// A file git adds is diffed against /dev/null: all of it is new.
	code, out, stderr = bat(t, "diff", path, os.DevNull, ".", ".", betaFile, "2222222", "100644")
	if code != exitOK {
		t.Fatalf("added file: exit %d: %s", code, stderr)
	}
	if strings.Contains(out, "\n- ") || strings.Contains(out, "\n~ ") || !strings.Contains(out, "\n+ rule recall.failed") {
		t.Errorf("added file: want only additions:\n%s", out)
	}
	// A file that does not load (a scenario file has no header) is shown
	// line by line, not failed: git would stop the whole diff.
	code, out, stderr = bat(t, "diff", path, alphaFile, "1", "100644", "testdata/diff/broken.rules", "2", "100644")
	if code != exitOK || !strings.Contains(stderr, path+":5:29: error: ") ||
		!strings.Contains(out, "(not a module on its own: compared line by line)\n@@ -1,") || !strings.Contains(out, "\n+override param rout.hexes = = 8\n") {
		t.Errorf("broken file in git form: exit %d\nstdout:\n%s\nstderr:\n%s", code, out, stderr)
	}
	scenarios := "../../games/" + newer + "/scenarios.rules"
	code, out, stderr = bat(t, "diff", "games/"+newer+"/scenarios.rules", os.DevNull, ".", ".", scenarios, "3", "100644")
	if code != exitOK || stderr != "" || !strings.Contains(out, "@@ -0,0 +1,") || strings.Contains(out, "\n-") {
		t.Errorf("added scenario file: exit %d\nstdout:\n%.300s\nstderr:\n%s", code, out, stderr)
	}
}

func TestWriteLineDiff(t *testing.T) {
	lines := func(s string) []string { return strings.Fields(s) }
	tests := []struct {
		a, b string
		want string
	}{
		{"a b c", "a b c", ""},
		{"", "x y", "@@ -0,0 +1,2 @@\n+x\n+y\n"},
		{"x y", "", "@@ -1,2 +0,0 @@\n-x\n-y\n"},
		{"1 2 3 4 5 6 7 8 9", "1 2 3 4 X 6 7 8 9", "@@ -2,7 +2,7 @@\n 2\n 3\n 4\n-5\n+X\n 6\n 7\n 8\n"},
		// Changes more than six lines apart make two hunks.
		{"a 1 2 3 4 5 6 7 8 b", "A 1 2 3 4 5 6 7 8 B", "@@ -1,4 +1,4 @@\n-a\n+A\n 1\n 2\n 3\n@@ -7,4 +7,4 @@\n 6\n 7\n 8\n-b\n+B\n"},
		// Closer ones share a hunk.
		{"a 1 2 3 4 b", "A 1 2 3 4 B", "@@ -1,6 +1,6 @@\n-a\n+A\n 1\n 2\n 3\n 4\n-b\n+B\n"},
	}
	for _, tt := range tests {
		var b strings.Builder
		writeLineDiff(&b, lines(tt.a), lines(tt.b), 3)
		if b.String() != tt.want {
			t.Errorf("%q → %q:\n%s\nwant:\n%s", tt.a, tt.b, b.String(), tt.want)
		}
	}
}

// The ANSI colours the diff writer uses.
const (
	ansiRed    = "\x1b[31m"
	ansiGreen  = "\x1b[32m"
	ansiYellow = "\x1b[33m"
	ansiBold   = "\x1b[1m"
	ansiDim    = "\x1b[2m"
	ansiReset  = "\x1b[0m"
)

func TestDiffColor(t *testing.T) {
	_, plain, _ := bat(t, "diff", alphaFile, betaFile)
	if strings.Contains(plain, "\x1b[") {
		t.Error("auto colour coloured a buffer")
	}
	_, never, _ := bat(t, "diff", "--color=never", alphaFile, betaFile)
	_, always, _ := bat(t, "diff", "--color=always", alphaFile, betaFile)
	if never != plain || !strings.Contains(always, ansiGreen) || !strings.Contains(always, ansiRed) {
		t.Errorf("--color never/always: plain %v, coloured %v", never == plain, strings.Contains(always, "\x1b["))
	}
	// Take the colours out and the text is the same.
	stripped := always
	for _, code := range []string{ansiRed, ansiGreen, ansiYellow, ansiBold, ansiDim, ansiReset} {
		stripped = strings.ReplaceAll(stripped, code, "")
	}
	if stripped != plain {
		t.Errorf("coloured text differs from plain text once uncoloured:\n%s", stripped)
	}
	if colored, ok := useColor("auto", os.Stdout); !ok || colored != isTerminal(os.Stdout) {
		t.Errorf("auto on stdout: %v", colored)
	}
}

func isTerminal(f *os.File) bool {
	st, err := f.Stat()
	return err == nil && st.Mode()&os.ModeCharDevice != 0 && os.Getenv("NO_COLOR") == ""
}

func TestDiffSimulate(t *testing.T) {
	saved := simulateFn
	t.Cleanup(func() { simulateFn = saved })

	simulateFn = nil
	code, out, stderr := bat(t, "diff", "--simulate", "attack", "-n", "10", alphaFile, betaFile)
	if code != exitUsage || !strings.Contains(stderr, "--simulate is not available") || out != "" {
		t.Errorf("without a simulator: exit %d, stderr %q", code, stderr)
	}

	type call struct {
		id, scenario string
		n            int
		seed         uint64
	}
	var calls []call
	simulateFn = func(mod *dsl.Module, scenario string, n int, seed uint64) (map[string]float64, error) {
		calls = append(calls, call{mod.Edition, scenario, n, seed})
		if scenario == "nowhere" {
			return nil, fmt.Errorf("no scenario %q", scenario)
		}
		if mod.Edition == "First edition" {
			return map[string]float64{"carre_formed": 0.25, "increments_lost": 1.5, "steady": 1}, nil
		}
		return map[string]float64{"carre_formed": 0.4, "routed": 0.1, "steady": 1}, nil
	}
	code, out, stderr = bat(t, "diff", "--simulate", "attack", "-n", "10", "--seed", "7", alphaFile, betaFile)
	if code != exitFail {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	want := []call{{"First edition", "attack", 10, 7}, {"Second edition", "attack", 10, 7}}
	if fmt.Sprint(calls) != fmt.Sprint(want) {
		t.Errorf("simulator called %v, want %v", calls, want)
	}
	for _, line := range []string{"outcomes of attack, 10 games per side, seed 7 (means over the games):", "carre_formed: 0.250 → 0.400", "increments_lost: 1.500 → 0.000", "routed: 0.000 → 0.100", "(1 more the same)"} {
		if !strings.Contains(out, line) {
			t.Errorf("output lacks %q:\n%s", line, out)
		}
	}
	_, doc := decodeDiff(t, "--simulate", "attack", "-n", "10", alphaFile, betaFile)
	if doc.Simulation == nil || len(doc.Simulation.Outcomes) != 4 || doc.Simulation.Outcomes[0] != (dsl.OutcomeChange{Outcome: "carre_formed", Old: 0.25, New: 0.4}) {
		t.Errorf("JSON simulation: %+v", doc.Simulation)
	}
	_, md, _ := bat(t, "diff", "--format", "markdown", "--simulate", "attack", "-n", "10", alphaFile, betaFile)
	if !strings.Contains(md, "## Outcomes of attack\n\nMeans over 10 games per side, seed 1; 1 more outcomes are the same.\n\n| Outcome | Was | Now |\n|---|---:|---:|\n| carre\\_formed | 0.250 | 0.400 |\n") {
		t.Errorf("markdown simulation:\n%s", md)
	}
	if code, _, stderr := bat(t, "diff", "--simulate", "nowhere", alphaFile, betaFile); code != exitUsage || !strings.Contains(stderr, `no scenario "nowhere"`) {
		t.Errorf("failing simulation: exit %d, stderr %q", code, stderr)
	}
}

// TestDiffSimulateScenarioOnlyNewHas: a scenario the new edition adds is
// played under the old rules too.
func TestDiffSimulateScenarioOnlyNewHas(t *testing.T) {
	old := writeFiles(t, map[string]string{"rules.rules": "game old \"Old\" extends premier\n"})
	scenario := `scenario open "Hussars charge a battalion" {
  map 10 x 12 clear
  unit hus "Hussars" { side: a  arm: cavalry  increments: 4  formation: column  facing: N  morale: 31  mp: 8  at: 0510 }
  unit inf "Battalion" { side: b  arm: infantry  increments: 6  formation: line  facing: S  morale: 36  at: 0505 }
  charge hus at inf path 0509 0508 0507 0506
}
`
	newer := writeFiles(t, map[string]string{"rules.rules": "game newer \"New\" extends premier\noverride param charge.bonus_mp = 1\n", "scenarios.rules": scenario})
	code, out, stderr := bat(t, "diff", "--simulate", "open", "-n", "20", old, newer)
	if code != exitFail || !strings.Contains(out, "outcomes of open, 20 games per side") {
		t.Errorf("exit %d, stderr %q:\n%s", code, stderr, out)
	}
}

// TestDiffRekeyed: two editions of one chart, the first with plain
// columns, the second keyed by nationality × formation × distance and
// regrouped. The diff pairs them combination by combination, gives each
// changed combination's odds, reports a modifier's odds only where its
// condition can hold, lists a new rule whole, and leaves citations out
// with --ignore-cites.
func TestDiffRekeyed(t *testing.T) {
	const first, second = "testdata/diff/chart_1e.rules", "testdata/diff/chart_2e.rules"
	for _, tt := range []struct {
		file string
		args []string
	}{
		{"rekeyed.txt", nil},
		{"rekeyed.md", []string{"--format", "markdown"}},
		{"rekeyed_ignore_cites.md", []string{"--format", "markdown", "--ignore-cites"}},
		{"rekeyed_ignore_cites.txt", []string{"--ignore-cites"}},
	} {
		t.Run(tt.file, func(t *testing.T) {
			code, out, stderr := bat(t, append(append([]string{"diff"}, tt.args...), first, second)...)
			if code != exitFail {
				t.Fatalf("exit %d, want %d: %s", code, exitFail, stderr)
			}
			golden(t, tt.file, out)
		})
	}
	_, doc := decodeDiff(t, first, second)
	odds := map[string]string{}
	for _, c := range doc.Changes {
		for _, d := range c.Details {
			if d.What == "odds" {
				odds[c.Name+" | "+d.Column+" | "+d.Item] = d.Old + " → " + d.New
			}
		}
	}
	for k, want := range map[string]string{
		// The French close in lose a column: 11..31 → 11..21 is 11 results of 36 → 7.
		"carre_realization | french, column, 1 | carre": "36.1% → 19.4%",
		// The Allies' +3 → +6, in the Allies' columns only.
		"carre_realization.allies | allies, column, _ | carre":     "27.8% → 19.4%",
		"carre_realization.russian_line | russian, line, _ | rout": "27.8% → 22.2%",
	} {
		if odds[k] != want {
			t.Errorf("%s: %q, want %q", k, odds[k], want)
		}
	}
	for k := range odds {
		if strings.HasPrefix(k, "carre_realization.allies | russian") || strings.HasPrefix(k, "carre_realization.allies | french") ||
			strings.HasPrefix(k, "carre_realization.russian_line | allies") || strings.Contains(k, "russian_line | russian, column") {
			t.Errorf("%s: a modifier's odds where its condition cannot hold", k)
		}
	}
	// Only the citation of the leader's modifier changed.
	_, doc = decodeDiff(t, "--ignore-cites", first, second)
	if c, ok := findChange(doc, dsl.KindModifier, "carre_realization.leader"); ok {
		t.Errorf("--ignore-cites kept a change of citation alone: %+v", c)
	}
	if r, ok := findChange(doc, dsl.KindRule, "errata.shaken_carre"); !ok || len(r.Details) != 5 {
		t.Errorf("the new rule: %+v, want its hook, condition, requirement and two effects", r)
	}
}

// TestDiffModifierWhereItApplies: between the bundled Friedland and Danzig,
// the French Allies' modifier (gone at Danzig) moves no odds in a Russian
// column, where a unit is never of the Allies.
func TestDiffModifierWhereItApplies(t *testing.T) {
	_, doc := decodeDiff(t, "friedland", "danzig")
	c, ok := findChange(doc, dsl.KindModifier, "carre_realization.allies")
	if !ok {
		t.Fatal("no change of carre_realization.allies")
	}
	for _, d := range c.Details {
		if d.What == "odds" && !strings.HasPrefix(d.Column, "allies") {
			t.Errorf("odds in column %q: %+v", d.Column, d)
		}
	}
	// The Carré chart is regrouped (French | Allies at Friedland, French
	// alone at Danzig): the French combinations still show their change.
	tc, _ := findChange(doc, dsl.KindTable, "carre_realization")
	found := false
	for _, d := range tc.Details {
		found = found || d.What == "odds" && d.Column == "french, column, 1" && d.Item == "carre"
	}
	if !found {
		t.Errorf("no odds for french, column, 1 in the regrouped chart: %+v", tc.Details)
	}
}
