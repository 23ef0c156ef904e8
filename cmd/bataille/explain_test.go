package main

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

const keyedCarre = "../../testdata/printed/keyedcarre"

var basePos = regexp.MustCompile(`premier\.rules:\d+:\d+`)

// goldenIn compares got with testdata/dir/name, or rewrites it with -update.
func goldenIn(t *testing.T, dir, name, got string) {
	t.Helper()
	path := filepath.Join("testdata", dir, name)
	if updating() {
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
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

// TestExplainGolden: explain shows a keyed table and a chart in force
// whole — a header wrapped over three lines included — and as the grid they
// are printed as; and lists what can be explained.
func TestExplainGolden(t *testing.T) {
	for _, tc := range []struct{ golden, name string }{
		{"keyed_table.txt", "carre_realization"},
		{"chart.txt", "fire_defence"},
		{"tables.txt", "tables"},
		{"modifiers.txt", "modifiers"},
	} {
		t.Run(tc.golden, func(t *testing.T) {
			code, out, stderr := bat(t, "explain", keyedCarre, tc.name)
			if code != exitOK {
				t.Fatalf("exit %d: %s", code, stderr)
			}
			// The base's line numbers move whenever it grows: they are
			// not what these goldens are about.
			out = basePos.ReplaceAllString(out, "premier.rules:L:C")
			goldenIn(t, "explain", tc.golden, out)
		})
	}
}

// TestExplainBundledChartWhole: every bundled keyed table in force prints
// its keys, its citation and every column it declares, in its text and in
// its grid (explain once cut the text at the first line of a wrapped
// header).
func TestExplainBundledChartWhole(t *testing.T) {
	for _, game := range []string{"friedland", "danzig", "austerlitz1805"} {
		mod := loadOrReport(game, toPlay, os.Stderr)
		if mod == nil {
			t.Fatalf("%s does not load", game)
		}
		for name, tab := range mod.Tables {
			if len(tab.Keys) == 0 || tab.Module != game {
				continue
			}
			code, out, stderr := bat(t, "explain", game, name)
			if code != exitOK {
				t.Fatalf("%s %s: exit %d: %s", game, name, code, stderr)
			}
			inForce := out[strings.LastIndex(out, "(in force):"):]
			if got := strings.Count(inForce, "\n      column "); got != len(tab.Columns) {
				t.Errorf("%s %s: the text in force shows %d columns, the table has %d:\n%s", game, name, got, len(tab.Columns), inForce)
			}
			if !strings.Contains(inForce, "\n    }") || !strings.Contains(inForce, " by ") {
				t.Errorf("%s %s: the text in force lacks its keys or its closing brace:\n%s", game, name, inForce)
			}
			g := tab.Grid()
			if !strings.Contains(out, "as printed") || len(g.Columns) != len(tab.Columns) {
				t.Errorf("%s %s: no grid of %d columns:\n%s", game, name, len(tab.Columns), out)
			}
		}
	}
}

// TestChartGolden: the printed-chart picture of a keyed test chart, a
// column per key combination with its bands and odds, and its text grid.
func TestChartGolden(t *testing.T) {
	svg := filepath.Join(t.TempDir(), "chart.svg")
	code, out, stderr := bat(t, "chart", keyedCarre, "carre_realization", "--svg", svg)
	if code != exitOK {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	data, err := os.ReadFile(svg)
	if err != nil {
		t.Fatal(err)
	}
	goldenIn(t, "explain", "chart_grid.txt", out)
	goldenIn(t, "explain", "chart.svg", string(data))
	if !strings.Contains(string(data), "PLACEHOLDERS: keyedcarre plays") {
		t.Error("the picture does not name the placeholders the battle plays")
	}
}

// TestExplainReaders: the rules that read a param are found by what the
// checker found each name to be, not by searching the text, so a param
// whose name is the start of another's is not read by a rule that reads
// only the other.
func TestExplainReaders(t *testing.T) {
	dir := t.TempDir()
	src := `game g "Test" extends premier

param g.bonus = 2
param g.bonus_max = 3
param g.spare = 1

rule g.uses_max on turn_end {
  when unit.increments > g.bonus_max
  do add_army(unit, "morale_level", 0)
}

rule g.uses_bonus on turn_end {
  when unit.increments > g.bonus
  do add_army(unit, "morale_level", 0)
}
`
	if err := os.WriteFile(filepath.Join(dir, "g.rules"), []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct{ name, want string }{
		{"g.bonus", "used by: g.uses_bonus (on turn_end)\n"},
		{"g.bonus_max", "used by: g.uses_max (on turn_end)\n"},
		{"g.spare", "no rule uses it\n"},
	} {
		code, out, stderr := bat(t, "explain", dir, tc.name)
		if code != 0 {
			t.Fatalf("explain %s: exit %d: %s", tc.name, code, stderr)
		}
		if !strings.HasSuffix(out, "\n"+tc.want) {
			t.Errorf("explain %s ends:\n%s\nwant it to end with %q", tc.name, out, tc.want)
		}
	}
}

// TestExplainEveryKind: explain lists and shows every kind of declaration
// of dsl's table, the invariants, constraints, tests and objectives too,
// and a name two kinds share (a param and the rule that reads it, a rule
// and its test) shows both, each with its own versions.
func TestExplainEveryKind(t *testing.T) {
	dir := t.TempDir()
	src := `game g "Test" extends premier

param g.bonus = 2

rule g.bonus "Bonus" on turn_end {
  when unit.increments > g.bonus
  do add_army(unit, "morale_level", 0)
}

invariant g.some_left "Some increments are left" {
  all(units, .increments >= 0)
}

constraint g.bonus_small "The bonus is small" {
  g.bonus <= 3
}

objective kept "Increments kept" {
  unit.side == player ? unit.increments : 0
}

test g.bonus "Column in clear terrain" {
  map 8 x 8 clear
  turn french
  unit inf "Battalion" { side: french  arm: infantry  increments: 6  formation: line  facing: S  morale: 36  mp: 6  at: 0404 }
  expect inf.formation == "line"
}
`
	if err := os.WriteFile(filepath.Join(dir, "g.rules"), []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct{ list, name string }{
		{"invariants", "g.some_left"},
		{"constraints", "g.bonus_small"},
		{"objectives", "kept"},
		{"tests", "g.bonus"},
		{"rules", "g.bonus"},
		{"params", "g.bonus"},
	} {
		code, out, stderr := bat(t, "explain", dir, tc.list)
		if code != exitOK {
			t.Fatalf("explain %s: exit %d: %s", tc.list, code, stderr)
		}
		if !regexp.MustCompile(`(?m)^  ` + regexp.QuoteMeta(tc.name) + ` .*module g$`).MatchString(out) {
			t.Errorf("explain %s does not list %s:\n%s", tc.list, tc.name, out)
		}
	}
	for _, tc := range []struct {
		name  string
		heads []string
	}{
		{"g.some_left", []string{"invariant g.some_left in g"}},
		{"g.bonus_small", []string{"constraint g.bonus_small in g"}},
		{"kept", []string{"objective kept in g"}},
		// In the order of the declaration table, each once.
		{"g.bonus", []string{"param g.bonus in g", "rule g.bonus in g", "test g.bonus in g"}},
	} {
		code, out, stderr := bat(t, "explain", dir, tc.name)
		if code != exitOK {
			t.Fatalf("explain %s: exit %d: %s", tc.name, code, stderr)
		}
		var heads []string
		for _, l := range strings.Split(out, "\n") {
			if strings.HasSuffix(l, " in g") {
				heads = append(heads, l)
			}
		}
		if strings.Join(heads, "|") != strings.Join(tc.heads, "|") {
			t.Errorf("explain %s shows %q, want %q:\n%s", tc.name, heads, tc.heads, out)
		}
		if n := strings.Count(out, "declared by module g at "); n != len(tc.heads) {
			t.Errorf("explain %s shows %d versions, want %d:\n%s", tc.name, n, len(tc.heads), out)
		}
		if !strings.Contains(out, "(in force):") {
			t.Errorf("explain %s shows nothing in force:\n%s", tc.name, out)
		}
	}
	// The param's section keeps what a param's shows: the rules that read it.
	_, out, _ := bat(t, "explain", dir, "g.bonus")
	if !strings.Contains(out, "used by: g.bonus (on turn_end)\n") || !strings.Contains(out, "runs on hook turn_end") {
		t.Errorf("explain g.bonus lacks the param's readers or the rule's hook:\n%s", out)
	}
}
