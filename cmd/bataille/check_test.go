package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/bataille/bataille/dsl"
)

// TestCheckReportsEveryError: a bad `turn` does not hide a bad `facing`,
// `increments: 0` or a three-digit hex of the same scenario, and every
// position starts from the path as given, folder and all.
func TestCheckReportsEveryError(t *testing.T) {
	for _, path := range []string{"testdata/check/many", "testdata/check/many/scenarios.rules"} {
		code, out, _ := bat(t, "check", path)
		if code != exitFail {
			t.Fatalf("check %s: exit %d, want 1", path, code)
		}
		if path == "testdata/check/many" {
			goldenIn(t, "check", "many.txt", out)
		}
		for _, line := range strings.Split(out, "\n") {
			if strings.Contains(line, ": error: ") && !strings.HasPrefix(line, "testdata/check/many/") {
				t.Errorf("check %s: position without its folder: %s", path, line)
			}
		}
	}
	// An absolute path stays absolute.
	abs, err := filepath.Abs("testdata/check/many")
	if err != nil {
		t.Fatal(err)
	}
	_, out, _ := bat(t, "check", abs)
	if !strings.HasPrefix(out, filepath.ToSlash(filepath.Join(abs, "scenarios.rules"))+":3:3: ") {
		t.Errorf("check %s: want positions under it, got:\n%s", abs, out)
	}
}

// TestNoSuchPath: a path that is not there says so, with no made-up
// line and column; a misspelt bundled name gets a suggestion.
func TestNoSuchPath(t *testing.T) {
	for _, tc := range []struct{ arg, want string }{
		{"./no-such-dir", "./no-such-dir: error: no such file or folder (a battle is a bundled name, "},
		{"no/such.rules", "no/such.rules: error: no such file or folder"},
		{"friedlnd", `friedlnd: error: no bundled battle "friedlnd" (have `},
	} {
		code, _, stderr := bat(t, "run", tc.arg)
		if code != exitFail || !strings.HasPrefix(stderr, tc.want) || strings.Contains(stderr, ":1:1:") {
			t.Errorf("run %s: exit %d, stderr %q; want it to start %q", tc.arg, code, stderr, tc.want)
		}
	}
	if _, _, stderr := bat(t, "run", "friedlnd"); !strings.Contains(stderr, `did you mean "friedland"?`) {
		t.Errorf("run friedlnd: no suggestion in %q", stderr)
	}
	if _, err := os.Stat("no-such-dir"); err == nil {
		t.Fatal("no-such-dir exists here")
	}
}

// TestSimulateUnderOtherWords: a scenario is checked against the words of
// the battle it is to be played under before any run, each word it lacks
// an error at its line (Danzig's Rheinbund battalion under Friedland), not
// a failure at run 0.
func TestSimulateUnderOtherWords(t *testing.T) {
	code, out, stderr := bat(t, "simulate", "danzig", "carre_attempt", "-n", "10", "--rules", "friedland")
	if code != exitFail || out != "" {
		t.Fatalf("exit %d, stdout %q: want 1 and nothing played", code, out)
	}
	if strings.Contains(stderr, "run 0") || !strings.Contains(stderr, "cannot be played under friedland's rules") ||
		!strings.Contains(stderr, `danzig/scenarios.rules:`) || !strings.Contains(stderr, `nationality "rheinbund" is not a nationality of friedland`) {
		t.Errorf("stderr:\n%s", stderr)
	}
	if code, _, stderr := bat(t, "simulate", "friedland", "carre_attempt", "-n", "10", "--rules", "danzig"); code != exitOK {
		t.Errorf("friedland under danzig: exit %d: %s", code, stderr)
	}
}

// TestCheckJSONFixes: `check --json` gives each diagnostic the end of its
// span and its fixes as fields (golden), and the fixes, applied as an
// editor would apply them, leave a battle that checks.
func TestCheckJSONFixes(t *testing.T) {
	const dir = "testdata/check/fixes"
	code, out, stderr := bat(t, "check", "--json", dir)
	if code != exitFail {
		t.Fatalf("exit %d, want 1: %s", code, stderr)
	}
	goldenIn(t, "check", "fixes.json", out)
	var diags []dsl.Diagnostic
	if err := json.Unmarshal([]byte(out), &diags); err != nil {
		t.Fatal(err)
	}
	src, err := os.ReadFile(filepath.Join(dir, "rules.rules"))
	if err != nil {
		t.Fatal(err)
	}
	// offset is the byte offset of a position (its column counts
	// characters).
	offset := func(p dsl.Pos) int {
		lines := strings.SplitAfter(string(src), "\n")
		off := 0
		for _, l := range lines[:p.Line-1] {
			off += len(l)
		}
		return off + len(string([]rune(lines[p.Line-1])[:p.Col-1]))
	}
	type edit struct {
		from, to int
		text     string
	}
	var edits []edit
	for _, d := range diags {
		if d.End.Line == 0 || offset(d.End) <= offset(d.Pos) {
			t.Errorf("%s: no span (end %v)", d, d.End)
		}
		if len(d.Fixes) != 1 {
			t.Errorf("%s: %d fixes, want 1", d, len(d.Fixes))
			continue
		}
		fx := d.Fixes[0]
		if fx.Range.Start.File != d.Pos.File || fx.Range.End.File != d.Pos.File {
			t.Errorf("%s: the fix is in %s", d, fx.Range.Start.File)
		}
		edits = append(edits, edit{offset(fx.Range.Start), offset(fx.Range.End), fx.NewText})
	}
	if len(edits) != 5 {
		t.Fatalf("%d fixes, want 5", len(edits))
	}
	fixed := string(src)
	for i := len(edits) - 1; i >= 0; i-- { // in file order: apply from the end
		e := edits[i]
		fixed = fixed[:e.from] + e.text + fixed[e.to:]
	}
	tmp := filepath.Join(t.TempDir(), "fixes")
	if err := os.MkdirAll(tmp, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(tmp, "rules.rules"), []byte(fixed), 0o644); err != nil {
		t.Fatal(err)
	}
	if code, out, stderr := bat(t, "check", tmp); code != exitOK {
		t.Errorf("the fixed battle does not check (exit %d):\n%s%s\n%s", code, out, stderr, fixed)
	}
}
