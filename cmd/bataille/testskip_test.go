package main

import (
	"path/filepath"
	"strings"
	"testing"
)

// TestInheritedTestSkipped: a battle whose sequence of play has no
// charges phase cannot play the base's tests that judge the end of one;
// test says which it skipped and why, and the battle still checks.
func TestInheritedTestSkipped(t *testing.T) {
	dir := writeFiles(t, map[string]string{
		"seq/rules.rules": "game seq \"Another sequence\" extends premier\n\noverride sequence \"Sequence of play\" {\n  phase start \"command\"\n  phase movement \"maneuver\"\n  phase end \"end\"\n}\n",
	})
	p := filepath.Join(dir, "seq")
	if code, out, stderr := bat(t, "check", p); code != exitOK {
		t.Fatalf("check: exit %d\n%s%s", code, out, stderr)
	}
	code, out, stderr := bat(t, "test", p, "--run", "carre.stack_charge")
	if code != exitOK || !strings.Contains(out, "--- SKIP: carre.stack_charge") || !strings.Contains(out, `phase "charges"`) || !strings.Contains(out, "test(s), 1 skipped") {
		t.Errorf("test: exit %d\n%s%s", code, out, stderr)
	}
	// The base itself plays it.
	if code, out, _ := bat(t, "test", "premier", "--run", "carre.stack_charge"); code != exitOK || strings.Contains(out, "SKIP") || strings.Contains(out, "skipped") {
		t.Errorf("premier: exit %d\n%s", code, out)
	}
}
