package main

import (
	"path/filepath"
	"strings"
	"testing"
)

// TestInheritedTestSkipped: a battle whose sequence of play has no
// charges phase cannot play its base's test that judges the end of one;
// test says which it skipped and why, and the battle still checks.
func TestInheritedTestSkipped(t *testing.T) {
	dir := writeFiles(t, map[string]string{
		"base/rules.rules": `game base "Base" extends premier

test base.after_charges "Judged after the charges" cite "X-1" {
  map 8 x 8 clear
  turn french
  unit inf { side: french  arm: infantry  increments: 6  formation: line  facing: S  morale: 36  mp: 6  at: 0404 }
  expect after charges inf.formation == "line"
}
`,
		"seq/rules.rules": "game seq \"Another sequence\" extends base\n\noverride sequence \"Sequence of play\" {\n  phase start \"command\"\n  phase movement \"maneuver\"\n  phase end \"end\"\n}\n",
	})
	p := filepath.Join(dir, "seq")
	if code, out, stderr := bat(t, "check", p); code != exitOK {
		t.Fatalf("check: exit %d\n%s%s", code, out, stderr)
	}
	code, out, stderr := bat(t, "test", p, "--run", "base.after_charges")
	if code != exitOK || !strings.Contains(out, "--- SKIP: base.after_charges") || !strings.Contains(out, `phase "charges"`) || !strings.Contains(out, "0 test(s), 1 skipped") {
		t.Errorf("test: exit %d\n%s%s", code, out, stderr)
	}
	// The base itself plays it.
	code, out, stderr = bat(t, "test", filepath.Join(dir, "base"), "--run", "base.after_charges")
	if code != exitOK || strings.Contains(out, "skipped") || !strings.Contains(out, "1 test(s)") {
		t.Errorf("base: exit %d\n%s%s", code, out, stderr)
	}
}
