package main

import (
	"bytes"
	"fmt"
	"github.com/bataille/bataille"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// battle is the bundled battle the tests play (tests name no battle).
var battle = bataille.Bundled()[0]

// bat runs the command in-process and returns its exit code and output.
func bat(t *testing.T, args ...string) (int, string, string) {
	t.Helper()
	var out, errb bytes.Buffer
	code := run(args, &out, &errb)
	return code, out.String(), errb.String()
}

func TestRunIsCitedAndRepeatable(t *testing.T) {
	code, a, stderr := bat(t, "run", battle, "--seed", "1")
	if code != exitOK {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	_, b, _ := bat(t, "run", battle, "--seed", "1")
	if a != b {
		t.Error("two runs with seed 1 printed different narrations")
	}
	rules := 0
	for _, line := range strings.Split(a, "\n") {
		if strings.Contains(line, "§ ") {
			rules++
			// A page of the battle's book, a section of the Premier Rules,
			// or a battle's or the series' printed charts.
			if !strings.Contains(line, "(") || !strings.Contains(line, " p") && !strings.Contains(line, "charts:") && !strings.Contains(line, "Premier Rules") {
				t.Errorf("ruling without a citation: %q", line)
			}
		}
	}
	if rules == 0 {
		t.Errorf("no rulings in the narration:\n%s", a)
	}
	code, j1, _ := bat(t, "run", battle, "--seed", "1", "--json")
	_, j2, _ := bat(t, "run", battle, "--seed", "1", "--json")
	if code != exitOK || j1 != j2 || !strings.HasPrefix(j1, `{"seq":1,`) {
		t.Errorf("JSON trace not repeatable or malformed (exit %d):\n%.200s", code, j1)
	}
}

func TestRunWithoutSeedPrintsIt(t *testing.T) {
	code, _, stderr := bat(t, "run", battle)
	if code != exitOK || !strings.HasPrefix(stderr, "seed ") {
		t.Errorf("exit %d, stderr %q: want the chosen seed printed", code, stderr)
	}
}

// TestPlaceholdersAreSaid: a battle that plays invented figures says so on
// run, simulate and explain, naming them.
func TestPlaceholdersAreSaid(t *testing.T) {
	base, diags := bataille.LoadBundled(battle)
	if diags.HasErrors() {
		t.Fatal(diags.Err())
	}
	dir := writeFiles(t, map[string]string{"rules.rules": "game ph \"Placeholders\" extends " + base.ID + `
placeholder modifier carre_realization.snow "Snow" { 3 when true }
`})
	_, _, stderr := bat(t, "simulate", dir, "-n", "10")
	if !strings.Contains(stderr, "note: ph plays") || !strings.Contains(stderr, "modifier carre_realization.snow") {
		t.Errorf("simulate: stderr does not name the placeholders:\n%s", stderr)
	}
	// run says how many of them the play used: the snow moves every Carré
	// roll, and the scenario's infantry rolls one.
	n := len(base.Placeholders()) + 1
	_, _, stderr = bat(t, "run", dir, "--seed", "1")
	if want := fmt.Sprintf("of ph's %d placeholder(s)", n); !strings.Contains(stderr, "note: scenario ") || !strings.Contains(stderr, want) ||
		!strings.Contains(stderr, "modifier carre_realization.snow") {
		t.Errorf("run: stderr does not say which placeholders the play used (want %q):\n%s", want, stderr)
	}
	code, out, _ := bat(t, "explain", dir, "placeholders")
	if code != exitOK || !strings.Contains(out, "modifier  carre_realization.snow") || !strings.Contains(out, "module ph") {
		t.Errorf("explain placeholders (exit %d):\n%s", code, out)
	}
}

// TestSimulateSameWhateverWorkersAndShards: the JSON of a sweep is the same
// byte for byte on one worker, on four, and merged from two shards.
func TestSimulateSameWhateverWorkersAndShards(t *testing.T) {
	dir := t.TempDir()
	sim := func(extra ...string) string {
		args := append([]string{"simulate", battle, "-n", "3000", "--seed", "3", "--json"}, extra...)
		code, out, stderr := bat(t, args...)
		if code != exitOK {
			t.Fatalf("%v: exit %d: %s", args, code, stderr)
		}
		return out
	}
	one, four := sim("--workers", "1"), sim("--workers", "4")
	if one != four {
		t.Fatal("--workers 1 and --workers 4 differ")
	}
	s1, s2 := filepath.Join(dir, "s1.json"), filepath.Join(dir, "s2.json")
	for i, f := range []string{s1, s2} {
		if err := os.WriteFile(f, []byte(sim("--shard", []string{"1/2", "2/2"}[i])), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	code, merged, stderr := bat(t, "simulate", "--merge", s2, s1, "--json")
	if code != exitOK {
		t.Fatalf("merge: exit %d: %s", code, stderr)
	}
	if merged != one {
		t.Errorf("merged shards differ from one run:\n%.400s\nvs\n%.400s", merged, one)
	}
	code, _, stderr = bat(t, "simulate", "--merge", s1, "--json")
	if code != exitFail || !strings.Contains(stderr, "cover") {
		t.Errorf("merging half a sweep: exit %d %q, want a coverage error", code, stderr)
	}
}

func TestSimulateColumns(t *testing.T) {
	code, out, stderr := bat(t, "simulate", battle, "-n", "500", "--rules", battle)
	if code != exitOK {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	var header string
	for _, line := range strings.Split(out, "\n") {
		if strings.HasPrefix(line, "outcome ") {
			header = line
		}
	}
	if strings.Count(header, battle) != 2 {
		t.Errorf("want two columns, got header %q", header)
	}
}

func TestExplain(t *testing.T) {
	code, out, _ := bat(t, "explain", battle, "carre.attempt")
	if code != exitOK || !strings.Contains(out, "runs on hook charge_approach") || !strings.Contains(out, "cites:") {
		t.Errorf("exit %d:\n%s", code, out)
	}
	code, out, _ = bat(t, "explain", battle, "charge.bonus_mp")
	if code != exitOK || !strings.Contains(out, "used by: charge.bonus") {
		t.Errorf("exit %d:\n%s", code, out)
	}
	code, _, stderr := bat(t, "explain", battle, "charge.bonus_mq")
	if code != exitFail || !strings.Contains(stderr, `did you mean "charge.bonus_mp"`) {
		t.Errorf("exit %d: %s", code, stderr)
	}
}

func TestUsageAndHelp(t *testing.T) {
	tests := []struct {
		args []string
		code int
		want string
	}{
		{[]string{}, exitUsage, "Commands:"},
		{[]string{"--help"}, exitOK, "simulate"},
		{[]string{"nope"}, exitUsage, "unknown command"},
		{[]string{"run"}, exitUsage, "Usage: bataille run"},
		{[]string{"run", "--help"}, exitOK, "--seed"},
		{[]string{"simulate", "--help"}, exitOK, "--shard"},
		{[]string{"explain", "--help"}, exitOK, "Usage: bataille explain"},
		{[]string{"check", "--bogus"}, exitUsage, "unknown flag"},
		{[]string{"version"}, exitOK, "bataille"},
		{[]string{"run", "no_such_battle"}, exitFail, "no bundled battle"},
	}
	for _, tt := range tests {
		code, out, stderr := bat(t, tt.args...)
		if code != tt.code || !strings.Contains(out+stderr, tt.want) {
			t.Errorf("%v: exit %d, want %d with %q in:\n%s%s", tt.args, code, tt.code, tt.want, out, stderr)
		}
	}
}

// TestCheckSetsUpScenarios: check finds what only setting a scenario up
// shows (a hex off its map), at the hex's line and column.
func TestCheckSetsUpScenarios(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "mine")
	if err := os.Mkdir(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	src := "game mine \"Mine\" extends premier\n\nscenario s {\n  map 5 x 5 clear\n  unit a { side: x  arm: infantry  increments: 4  formation: line  facing: N  at: 0909 }\n}\n"
	if err := os.WriteFile(filepath.Join(dir, "rules.rules"), []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	code, out, _ := bat(t, "check", dir)
	if code != exitFail || !strings.Contains(out, "rules.rules:5:") || !strings.Contains(out, "off the 5×5 map") {
		t.Errorf("exit %d:\n%s", code, out)
	}
}

// TestAnswers: --answer and --default-answer settle the rules' questions
// over the scenario's decide lines.
func TestAnswers(t *testing.T) {
	code, out, stderr := bat(t, "run", battle, "carre_attempt", "--seed", "3", "--answer", "inf:form_carre=no")
	if code != exitOK || !strings.Contains(out, "inf form_carre? no") || strings.Contains(out, "inf form_carre? yes") {
		t.Errorf("exit %d %s:\n%s", code, stderr, out)
	}
	code, out, _ = bat(t, "simulate", battle, "carre_attempt", "-n", "300", "--answer", "*:form_carre=no", "--json")
	if code != exitOK || strings.Contains(out, `"inf in carre"`) {
		t.Errorf("no battalion asked to try Carré should form one (exit %d):\n%.300s", code, out)
	}
	_, _, stderr = bat(t, "run", battle, "carre_attempt", "--seed", "3", "--answer", "inf:from_carre=no")
	if !strings.Contains(stderr, `warning: no rule of`) || !strings.Contains(stderr, `did you mean "form_carre"?`) {
		t.Errorf("a misspelt question: stderr %q", stderr)
	}
	code, _, stderr = bat(t, "run", battle, "--answer", "inf=yes")
	if code != exitUsage || !strings.Contains(stderr, "UNIT:QUESTION=yes|no") {
		t.Errorf("bad --answer: exit %d %q", code, stderr)
	}
	code, _, stderr = bat(t, "run", battle, "--default-answer", "maybe")
	if code != exitUsage || !strings.Contains(stderr, "yes or no") {
		t.Errorf("bad --default-answer: exit %d %q", code, stderr)
	}
}

// TestExplainHook: explain shows a hook's names and its rules in order.
func TestExplainHook(t *testing.T) {
	code, out, _ := bat(t, "explain", battle, "charge_contact")
	if code != exitOK || !strings.Contains(out, "expressions read:") || !strings.Contains(out, "rules, in the order they run:") || !strings.Contains(out, "contact.stand") {
		t.Errorf("exit %d:\n%s", code, out)
	}
	code, out, _ = bat(t, "explain", battle, "recall.fail")
	if code != exitOK || !strings.Contains(out, "an outcome hook") {
		t.Errorf("exit %d:\n%s", code, out)
	}
}

// TestOdds: the odds command counts rows over the dice's results, with
// named modifiers stepping d66 in base 6 and held to the roll's bounds.
func TestOdds(t *testing.T) {
	dir := writeFiles(t, map[string]string{"rules.rules": `module od "Odds"
nationality french "French"
table square "Square" roll d66 + modifier -6..6 by charger.nationality, distance only 1..2 {
  column french, 1 { 11..36 => carre  41..66 => rout }
  column french, 2 { 11..16 => carre  21..66 => rout }
}
modifier square.leader "Leader" { -3 when true }
modifier square.lancers "Lancers" { 6 when true }
modifier square.huge "Huge" { 9 when true }
rule od.roll on charge_approach { do roll(square) }
`})
	for _, c := range []struct {
		args []string
		want []string
	}{
		{[]string{"--key", "distance=1"}, []string{"carre                    18/36", "rout                     18/36"}},
		{[]string{"--key", "distance=1", "--with", "lancers"}, []string{"carre                    12/36", "modifier +6 (Lancers +6)"}},
		{[]string{"--key", "distance=1", "--with", "leader"}, []string{"carre                    21/36"}},
		// +9 is held to +6, and 66 holds every roll pushed past it.
		{[]string{"--key", "distance=2", "--with", "huge"}, []string{"held to +6", "rout                     36/36"}},
		{[]string{"--key", "nationality=french"}, []string{"column french, 1", "column french, 2", "carre                     6/36"}},
		{[]string{"--column", "french, 2"}, []string{"column french, 2", "carre                     6/36"}},
	} {
		code, out, stderr := bat(t, append([]string{"odds", dir, "square"}, c.args...)...)
		if code != exitOK {
			t.Fatalf("%v: exit %d: %s", c.args, code, stderr)
		}
		for _, w := range c.want {
			if !strings.Contains(out, w) {
				t.Errorf("%v: no %q in\n%s", c.args, w, out)
			}
		}
	}
	if code, _, stderr := bat(t, "odds", dir, "square", "--with", "lancer"); code != exitFail || !strings.Contains(stderr, `did you mean "lancers"`) {
		t.Errorf("a misspelt modifier: exit %d, %s", code, stderr)
	}
}

// TestAnswerWarnings: an --answer for a unit the scenario does not place, or
// a question no rule asks, is never read; the command says so, with the
// nearest name, and plays on.
func TestAnswerWarnings(t *testing.T) {
	code, _, stderr := bat(t, "run", "friedland", "carre_attempt", "--seed", "1",
		"--answer", "inff:form_carre=yes", "--answer", "*:form_care=no")
	if code != exitOK {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	for _, want := range []string{
		`warning: --answer inff:form_carre: scenario carre_attempt has no unit "inff" (units: hus, inf, inf2); did you mean "inf"?`,
		`warning: no rule of friedland asks "form_care"; did you mean "form_carre"?`,
	} {
		if !strings.Contains(stderr, want) {
			t.Errorf("stderr lacks %q:\n%s", want, stderr)
		}
	}
	if strings.Contains(stderr, `no unit "*"`) {
		t.Errorf("the wildcard unit was warned about:\n%s", stderr)
	}
}

// TestSimulateReadsWell: every unit's end formation is listed, changed or
// not; the rules' bookkeeping marks only with --marks; a folder given as
// "." is headed by its module's id and title.
func TestSimulateReadsWell(t *testing.T) {
	dir := t.TempDir()
	for _, f := range []string{"rules.rules", "scenarios.rules"} {
		data, err := os.ReadFile(filepath.Join("..", "..", "games", "friedland", f))
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, f), data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	t.Chdir(dir)
	code, out, stderr := bat(t, "simulate", ".", "carre_attempt", "-n", "200", "--workers", "1")
	if code != exitOK {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	for _, want := range []string{"  friedland: La Bataille de Friedland\n", "outcome ", "inf2 in column ", "hus in column "} {
		if !strings.Contains(out, want) {
			t.Errorf("the report lacks %q:\n%s", want, out)
		}
	}
	if strings.Contains(out, " marked ") || strings.Contains(out, "   .") {
		t.Errorf("marks or a column headed . in the report:\n%s", out)
	}
	code, out, stderr = bat(t, "simulate", ".", "carre_attempt", "-n", "200", "--workers", "1", "--marks")
	if code != exitOK || !strings.Contains(out, "hus marked declared ") {
		t.Errorf("--marks: exit %d, no marks in:\n%s%s", code, out, stderr)
	}
}

// TestExplainSequence: explain shows the phases of a battle's turn in order,
// with the procedure each plays and where the sequence is declared.
func TestExplainSequence(t *testing.T) {
	code, out, stderr := bat(t, "explain", "../../interpreter/testdata/sequence.rules", "sequence")
	if code != exitOK {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	for _, want := range []string{"declared by module other_edition", "1. command", "2. preparatory fire", "offensive_fire", "7. reorganization"} {
		if !strings.Contains(out, want) {
			t.Errorf("lacks %q:\n%s", want, out)
		}
	}
}
