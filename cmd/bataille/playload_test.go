package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestPlayCommandsSkipTests: the commands that play a battle load it
// without reading its tests, as go build leaves the _test files: a broken
// test fails check and test, and run, simulate, odds and scenarios play on.
func TestPlayCommandsSkipTests(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "mine")
	if err := os.Mkdir(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	src := `game mine "Mine" extends premier

scenario s "A battalion forms Carré" {
  map 8 x 8 clear
  turn french
  unit inf "Battalion" { side: french  arm: infantry  increments: 6  formation: line  facing: S  morale: 36  mp: 6  at: 0404 }
  form inf as carre
}

test broken {
  scenario s
  expect inf.no_such_field == 1
}
`
	if err := os.WriteFile(filepath.Join(dir, "rules.rules"), []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, args := range [][]string{{"check", dir}, {"test", dir}} {
		code, out, errs := bat(t, args...)
		if code != exitFail || !strings.Contains(out+errs, "rules.rules:12:") {
			t.Errorf("%s: exit %d, want %d and the broken test at line 12:\n%s%s", args[0], code, exitFail, out, errs)
		}
	}
	for _, args := range [][]string{{"run", dir, "--seed", "1"}, {"simulate", dir, "-n", "20", "--seed", "1"}, {"scenarios", dir}, {"verify", dir}} {
		if code, out, errs := bat(t, args...); code != exitOK {
			t.Errorf("%s: exit %d, want %d:\n%s%s", args[0], code, exitOK, out, errs)
		}
	}
}
