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
