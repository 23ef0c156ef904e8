package main

import (
	"bytes"
	"encoding/xml"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// wellFormed reports whether data is well-formed XML.
func wellFormed(data []byte) error {
	dec := xml.NewDecoder(bytes.NewReader(data))
	for {
		if _, err := dec.Token(); err == io.EOF {
			return nil
		} else if err != nil {
			return err
		}
	}
}

func TestMapCommand(t *testing.T) {
	code, out, stderr := bat(t, "map", battle)
	if code != exitOK {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	if err := wellFormed([]byte(out)); err != nil || !strings.HasPrefix(out, "<svg ") {
		t.Fatalf("map is not an SVG document: %v\n%.200s", err, out)
	}
	file := filepath.Join(t.TempDir(), "map.svg")
	if code, _, stderr := bat(t, "map", battle, "-o", file); code != exitOK {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	data, err := os.ReadFile(file)
	if err != nil || string(data) != out {
		t.Errorf("map -o wrote something else than standard output (%v)", err)
	}
	code, _, stderr = bat(t, "map", battle, "no_such_scenario")
	if code != exitFail || !strings.Contains(stderr, "no scenario") {
		t.Errorf("unknown scenario: exit %d, %q", code, stderr)
	}
}

// TestRunHTMLIsRepeatable: the same run writes the same page, byte for byte,
// and the narration on standard output is unchanged by --html.
func TestRunHTMLIsRepeatable(t *testing.T) {
	dir := t.TempDir()
	a, b := filepath.Join(dir, "a.html"), filepath.Join(dir, "b.html")
	code, outA, stderr := bat(t, "run", battle, "--seed", "3", "--html", a)
	if code != exitOK {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	bat(t, "run", battle, "--seed", "3", "--html", b)
	_, plain, _ := bat(t, "run", battle, "--seed", "3")
	da, _ := os.ReadFile(a)
	db, _ := os.ReadFile(b)
	if len(da) == 0 || !bytes.Equal(da, db) {
		t.Error("two replays of seed 3 differ")
	}
	if outA != plain {
		t.Error("--html changed the narration")
	}
	if !strings.HasPrefix(string(da), "<!DOCTYPE html>") || !strings.Contains(string(da), `id="replay-data"`) {
		t.Errorf("not a replay page:\n%.200s", da)
	}
	// -v steps through the rules whose requirements merely held as well.
	v := filepath.Join(dir, "v.html")
	bat(t, "run", battle, "--seed", "3", "-v", "--html", v)
	dv, _ := os.ReadFile(v)
	if n, nv := bytes.Count(da, []byte("<li data-step=")), bytes.Count(dv, []byte("<li data-step=")); nv <= n {
		t.Errorf("-v replay has %d steps, without -v %d", nv, n)
	}
}

func TestSimulateCharts(t *testing.T) {
	dir := t.TempDir()
	svg, page := filepath.Join(dir, "s.svg"), filepath.Join(dir, "s.html")
	code, out, stderr := bat(t, "simulate", battle, "-n", "50", "--rules", battle, "--svg", svg, "--html", page)
	if code != exitOK {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	data, err := os.ReadFile(svg)
	if err != nil {
		t.Fatal(err)
	}
	if err := wellFormed(data); err != nil {
		t.Fatalf("chart is not well-formed: %v", err)
	}
	// One group per row of the printed table, two bars (or dashes) each.
	_, table, _ := strings.Cut(out, "\noutcome ")
	rows := len(strings.Split(strings.TrimSpace(table), "\n")) - 1
	if got := strings.Count(string(data), `<g class="group"`); got != rows {
		t.Errorf("%d groups charted for %d rows printed", got, rows)
	}
	html, _ := os.ReadFile(page)
	if !bytes.Contains(html, data) {
		t.Error("the HTML page does not hold the SVG chart")
	}
}

// TestOddsChart: the exact odds drawn as bars, one per column, with no
// interval (they are not estimates).
func TestOddsChart(t *testing.T) {
	svg := filepath.Join(t.TempDir(), "odds.svg")
	code, out, stderr := bat(t, "odds", battle, "carre_realization", "--svg", svg)
	if code != exitOK {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	data, err := os.ReadFile(svg)
	if err != nil {
		t.Fatal(err)
	}
	if err := wellFormed(data); err != nil {
		t.Fatal(err)
	}
	// The table drawn as printed: a column for each column printed, each
	// outcome printed in its colour, with its odds under its column.
	columns, outcomes, odds := 0, map[string]bool{}, 0
	for _, l := range strings.Split(out, "\n") {
		if strings.HasPrefix(l, "column ") {
			columns++
		}
		if strings.HasPrefix(l, "  ") && strings.HasSuffix(l, "%") {
			outcomes[strings.Fields(l)[0]] = true
			odds++
		}
	}
	columns = max(columns, 1)
	if got := strings.Count(string(data), `<g class="column"`); got != columns {
		t.Errorf("%d columns drawn, %d printed", got, columns)
	}
	if got := strings.Count(string(data), `class="odds"`); got != 2*odds {
		t.Errorf("%d odds lines drawn, want two for each of the %d printed", got, odds)
	}
	for o := range outcomes {
		if !strings.Contains(string(data), `data-outcome="`+o+`"`) {
			t.Errorf("outcome %s not drawn", o)
		}
	}
}

// TestSimulateExactChart: exact figures are drawn without intervals.
func TestSimulateExactChart(t *testing.T) {
	svg := filepath.Join(t.TempDir(), "x.svg")
	code, _, stderr := bat(t, "simulate", battle, "--exact", "--svg", svg)
	if code != exitOK {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	data, err := os.ReadFile(svg)
	if err != nil {
		t.Fatal(err)
	}
	if err := wellFormed(data); err != nil {
		t.Fatal(err)
	}
	if !bytes.Contains(data, []byte(`class="bar"`)) || bytes.Contains(data, []byte(`class="ci"`)) {
		t.Error("exact chart without bars, or with intervals")
	}
}
