package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
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
