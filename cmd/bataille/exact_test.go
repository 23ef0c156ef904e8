package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

const (
	exactCarre = "../../testdata/exact/exactcarre"
	exactRoll  = "../../testdata/exact/exactroll"
)

// goldenExact compares got with testdata/exact/name, or rewrites it with
// -update.
func goldenExact(t *testing.T, name, got string) {
	t.Helper()
	path := filepath.Join("testdata", "exact", name)
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

// simulate --exact prints the report simulate prints, each figure a
// decimal and a fraction, a column for each --rules; the JSON has
// intervals of zero width.
func TestSimulateExact(t *testing.T) {
	code, out, stderr := bat(t, "simulate", exactCarre, "shaken", "--exact", "--marks", "--rules", exactRoll)
	if code != exitOK {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	goldenExact(t, "shaken.txt", out)
	for _, want := range []string{"inf marked got_rout", "50.00% = 1/2", "16.67% = 1/6"} {
		if !strings.Contains(out, want) {
			t.Errorf("output lacks %q", want)
		}
	}
	code, js, stderr := bat(t, "simulate", exactCarre, "shaken", "--exact", "--json", "--workers", "1")
	if code != exitOK {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	_, js2, _ := bat(t, "simulate", exactCarre, "shaken", "--exact", "--json", "--workers", "3")
	if js != js2 {
		t.Error("the JSON differs between one worker and three")
	}
	var rep simReport
	if err := json.Unmarshal([]byte(js), &rep); err != nil {
		t.Fatal(err)
	}
	if !rep.Exact || len(rep.Columns) != 1 || rep.Columns[0].Paths == 0 {
		t.Fatalf("report: %+v", rep)
	}
	found := false
	for _, o := range rep.Columns[0].Outcomes {
		if o.Lo != o.Mean || o.Hi != o.Mean || o.Exact == "" {
			t.Errorf("%s: mean %v in [%v, %v], exact %q", o.Name, o.Mean, o.Lo, o.Hi, o.Exact)
		}
		if o.Name == "hus marked no_recall" {
			found = o.Exact == "1/3" && o.Mean == 0.333333
		}
	}
	if !found {
		t.Errorf("no hus marked no_recall of 1/3 in %s", js)
	}
	// The players' answers come from --answer as in run: no attempt, no
	// Carré roll.
	code, out, stderr = bat(t, "simulate", exactCarre, "shaken", "--exact", "--answer", "inf:form_carre=no")
	if code != exitOK || strings.Contains(out, "got_") || strings.Contains(out, "carre_tried") {
		t.Errorf("--answer: exit %d, %s\n%s", code, stderr, out)
	}
}

// A tree over the budget fails, naming the flags that help; --or-sample
// samples instead. Flags that only make sense for sampling are refused.
func TestSimulateExactLimits(t *testing.T) {
	for _, c := range []struct{ flag, says string }{
		{"--max-paths", "more than 2 paths through the dice (--max-paths)"},
		{"--max-states", "more than 2 states (--max-states)"},
		{"--max-cost", "more than 2 units of cost (--max-cost)"},
	} {
		code, _, stderr := bat(t, "simulate", exactCarre, "plain", "--exact", c.flag, "2")
		if code != exitFail || !strings.Contains(stderr, c.says) || !strings.Contains(stderr, "raise "+c.flag+", or add --or-sample") {
			t.Errorf("over %s: exit %d, %s", c.flag, code, stderr)
		}
	}
	// diff --simulate --exact explores each side under the same budgets.
	if code, _, stderr := bat(t, "diff", exactCarre, exactRoll, "--simulate", "plain", "--exact", "--max-states", "2"); code == exitOK || !strings.Contains(stderr, "more than 2 states (--max-states)") {
		t.Errorf("diff over --max-states: exit %d, %s", code, stderr)
	}
	code, out, stderr := bat(t, "simulate", exactCarre, "plain", "--exact", "--max-paths", "2", "--or-sample", "-n", "40")
	if code != exitOK || !strings.Contains(stderr, "sampling instead") || !strings.Contains(out, "40 runs per column") {
		t.Errorf("--or-sample: exit %d, %s\n%s", code, stderr, out)
	}
	for _, args := range [][]string{
		{"simulate", exactCarre, "--exact", "--shard", "3/2"},
		{"simulate", exactCarre, "--exact", "--shard", "1/2", "--or-sample"},
		{"simulate", "--merge", "x.json", "--exact"},
		{"diff", exactCarre, exactRoll, "--exact"},
	} {
		if code, _, _ := bat(t, args...); code != exitUsage {
			t.Errorf("%v: exit %d, want %d", args, code, exitUsage)
		}
	}
	// A play that fails fails the whole, naming the path it took.
	code, _, stderr = bat(t, "simulate", "testdata/bad/endless-roll.rules", "--exact")
	if code != exitFail || !strings.Contains(stderr, "path 1..6 more, 1..6 more") || !strings.Contains(stderr, "nest deeper") {
		t.Errorf("failing play: exit %d, %s", code, stderr)
	}
}

// diff --simulate --exact gives both sides' exact figures and the change.
func TestDiffSimulateExact(t *testing.T) {
	code, out, stderr := bat(t, "diff", exactCarre, exactRoll, "--simulate", "plain", "--exact", "--color", "never")
	if code != exitFail {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	goldenExact(t, "diff_plain.txt", out)
	if !strings.Contains(out, "inf marked late_disorder: 0 (0.000) → 1/6 (0.167), +1/6") {
		t.Errorf("no exact change in:\n%s", out)
	}
	_, md, _ := bat(t, "diff", "--format", "markdown", exactCarre, exactRoll, "--simulate", "plain", "--exact")
	if !strings.Contains(md, "| inf marked late\\_disorder | 0 (0.000) | 1/6 (0.167) | +1/6 |") {
		t.Errorf("markdown:\n%s", md)
	}
}
