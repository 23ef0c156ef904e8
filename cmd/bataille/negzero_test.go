package main

import (
	"os"
	"strings"
	"testing"

	"github.com/bataille/bataille"
)

// TestNoNegativeZero: an interval bound that rounds to zero prints as 0.0,
// never -0.0, whatever rounding left in it; and a share never seen has the
// interval [0, …] exactly.
func TestNoNegativeZero(t *testing.T) {
	for _, tc := range []struct {
		o    simOutcome
		want string
	}{
		{simOutcome{Share: true, Mean: 0, Lo: -1e-17, Hi: 0.0004}, "0.0% [0.0, 0.0]"},
		{simOutcome{Mean: -0.001, Lo: -0.004, Hi: 0.002}, "0.00 [0.00, 0.00]"},
		{simOutcome{Mean: -0.5, Lo: -0.75, Hi: -0.25}, "-0.50 [-0.75, -0.25]"},
	} {
		if got := cell(tc.o); got != tc.want {
			t.Errorf("cell(%+v) = %q, want %q", tc.o, got, tc.want)
		}
	}
	lo, hi := bataille.Counter{N: 1000}.CI95(true)
	if lo != 0 || hi <= 0 {
		t.Errorf("share never seen in 1000 runs: [%v, %v], want [0, >0]", lo, hi)
	}
	_, out, _ := bat(t, "simulate", battle, "-n", "300", "--seed", "4", "--marks")
	if strings.Contains(out, "-0.0") {
		t.Errorf("simulate printed -0.0:\n%s", out)
	}
}

// TestTalliesNameMarks: a mark a literal names is tallied by its name
// whatever effect sets it (here mark_for), not as "a computed name".
func TestTalliesNameMarks(t *testing.T) {
	code, out, stderr := bat(t, "simulate", keyedCarre, "--exact", "--marks")
	if code != exitOK {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	if !strings.Contains(out, "inf marked steadied") || strings.Contains(out, "computed name") {
		t.Errorf("the mark_for mark is not tallied by name:\n%s", out)
	}
}

// TestCaveatsInEveryOutput: the JSON, SVG and HTML outputs name the
// placeholders a battle plays, as run's text does.
func TestCaveatsInEveryOutput(t *testing.T) {
	dir := t.TempDir()
	svg, page, replay := dir+"/s.svg", dir+"/s.html", dir+"/r.html"
	for _, args := range [][]string{
		{"simulate", keyedCarre, "-n", "20", "--svg", svg, "--html", page},
		{"run", keyedCarre, "--seed", "1", "--html", replay},
	} {
		if code, _, stderr := bat(t, args...); code != exitOK {
			t.Fatalf("%v: exit %d: %s", args, code, stderr)
		}
	}
	for _, f := range []string{svg, page, replay} {
		data, err := os.ReadFile(f)
		if err != nil || !strings.Contains(string(data), "PLACEHOLDERS: keyedcarre plays") {
			t.Errorf("%s names no placeholder (%v)", f, err)
		}
	}
	for _, args := range [][]string{
		{"simulate", keyedCarre, "-n", "20", "--json"},
		{"odds", keyedCarre, "recall", "--json"},
	} {
		_, out, _ := bat(t, args...)
		if !strings.Contains(out, `"placeholders": [`) && !strings.Contains(out, `"placeholders":[`) {
			t.Errorf("%v: no placeholders in the JSON:\n%.300s", args, out)
		}
	}
}
