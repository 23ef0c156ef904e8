package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestNewBattleChecksAndRuns: the folder `new` writes checks, runs its
// scenario and lists it, on the base module and on a bundled battle.
func TestNewBattleChecksAndRuns(t *testing.T) {
	for _, base := range []string{"", "premier", battle} {
		t.Run("extends "+base, func(t *testing.T) {
			dir := filepath.Join(t.TempDir(), "Wagram-1809")
			args := []string{"new", dir}
			if base != "" {
				args = append(args, "--extends", base)
			}
			if code, out, stderr := bat(t, args...); code != exitOK || !strings.Contains(out, "rules.rules") {
				t.Fatalf("new: exit %d\n%s%s", code, out, stderr)
			}
			rules, err := os.ReadFile(filepath.Join(dir, "rules.rules"))
			if err != nil {
				t.Fatal(err)
			}
			for _, want := range []string{`game wagram_1809 "La Bataille de Wagram 1809" extends `, "override param", "override table", "modifier stand.", "rule "} {
				if !strings.Contains(string(rules), want) {
					t.Errorf("rules.rules lacks %q:\n%s", want, rules)
				}
			}
			if code, out, stderr := bat(t, "check", dir); code != exitOK || out != "" {
				t.Fatalf("check: exit %d\n%s%s", code, out, stderr)
			}
			code, out, stderr := bat(t, "run", dir, "--seed", "1")
			if code != exitOK || !strings.Contains(out, "hus declares a charge on inf") || !strings.Contains(out, "across stream") {
				t.Fatalf("run: exit %d\n%s%s", code, out, stderr)
			}
			// Every path through the dice and every answer keeps the
			// invariants, and the tests it inherits pass against it.
			if code, out, stderr := bat(t, "verify", dir); code != exitOK || !strings.Contains(out, "ok   first_charge: ") {
				t.Fatalf("verify: exit %d\n%s%s", code, out, stderr)
			}
			if code, out, stderr := bat(t, "test", dir); code != exitOK || !strings.Contains(out, "ok  \t") {
				t.Fatalf("test: exit %d\n%s%s", code, out, stderr)
			}
			code, out, stderr = bat(t, "scenarios", dir)
			first, _, _ := strings.Cut(out, "\n")
			if code != exitOK || !strings.HasPrefix(first, "first_charge ") || !strings.HasSuffix(first, " Hussars charge a battalion over a stream") {
				t.Errorf("scenarios: exit %d\n%s%s", code, out, stderr)
			}
		})
	}
}

func TestNewRefusesAFullFolder(t *testing.T) {
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "x.rules"), nil, 0o644); err != nil {
		t.Fatal(err)
	}
	if code, _, stderr := bat(t, "new", dir); code != exitFail || !strings.Contains(stderr, "not empty") {
		t.Errorf("exit %d %q: want a refusal", code, stderr)
	}
	if code, _, stderr := bat(t, "new", filepath.Join(dir, "b"), "--extends", "nowhere"); code != exitFail || !strings.Contains(stderr, "nowhere") {
		t.Errorf("unknown base: exit %d %q", code, stderr)
	}
}

func TestScenariosListsTitles(t *testing.T) {
	code, out, stderr := bat(t, "scenarios", "friedland")
	if code != exitOK {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	for _, want := range []string{"carre_attempt", "Hussars charge a battalion in the open; it tries Carré", "assault_carre"} {
		if !strings.Contains(out, want) {
			t.Errorf("lacks %q:\n%s", want, out)
		}
	}
}
