package games_test

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// A modder adds a battle by writing a folder: a rules script extending the
// Premier Rules, with its own tables, and a scenario. No Go is compiled for
// it; the shipped binary checks and runs it.

const newBattleRules = `// A battle written for this test: its own tables and one changed rule.
game lutzen1813 "La Bataille de Lützen 1813 (test battle)" edition "Premier Rules ME (test)" extends premier

override param rout.target_hexes = 2 cite "Lützen p1 LUT-ROUT"

override table recall "Recall Chart (Lützen)" roll 1d6 cite "Lützen p2 LUT-RECALL" {
  1..5 => recall
  6 => fail
}

override table carre_realization "Carré Realization Table (Lützen)" roll d66 + modifier -12..12 cite "Lützen p2 LUT-CARRE" {
  column "column" when unit.formation == "column" {
    11..46 => carre
    51..56 => disorder
    61..66 => rout
  }
  column "line" {
    11..36 => carre
    41..55 => disorder
    56..66 => rout
  }
}
`

const newBattleScenario = `scenario lancers "Lancers charge a battalion at Kaja" {
  map 10 x 16 clear
  turn french
  unit lan "Polish lancers" { side: french  arm: cavalry  increments: 4  formation: column  facing: N  morale: 31  mp: 8  melee: 6  lancer  at: 0512 }
  unit bat "Prussian fusiliers" { side: allied  arm: infantry  increments: 6  formation: line  facing: S  morale: 36  melee: 6  at: 0506 }
  charge lan at bat path 0511 0510 0509 0508 0507
  fire bat at lan
  decide bat form_carre yes
}
`

func TestNewBattleFolder(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the binary")
	}
	bin := buildBinary(t)
	dir := t.TempDir()
	battle := filepath.Join(dir, "lutzen1813")
	write(t, filepath.Join(battle, "rules.rules"), newBattleRules)
	write(t, filepath.Join(battle, "scenarios.rules"), newBattleScenario)

	out, code := runBinary(t, bin, "check", battle)
	if code != 0 {
		t.Fatalf("check exited %d:\n%s", code, out)
	}
	out, code = runBinary(t, bin, "run", battle, "lancers", "--seed", "1")
	if code != 0 {
		t.Fatalf("run exited %d:\n%s", code, out)
	}
	for _, want := range []string{"Carré Realization Table (Lützen)", "Lützen p2 LUT-CARRE", "lan charges bat"} {
		if !strings.Contains(out, want) {
			t.Errorf("run output lacks %q:\n%s", want, out)
		}
	}

	// A mistake in the new script is reported at its line and column, and
	// check fails.
	broken := filepath.Join(dir, "broken")
	write(t, filepath.Join(broken, "rules.rules"), strings.Replace(newBattleRules, "6 => fail", "7 => fail", 1))
	out, code = runBinary(t, bin, "check", broken)
	if code != 1 {
		t.Fatalf("check of a broken battle exited %d, want 1:\n%s", code, out)
	}
	if !regexp.MustCompile(`rules\.rules:\d+:\d+: `).MatchString(out) {
		t.Errorf("no file:line:col diagnostic in:\n%s", out)
	}
}

// buildBinary builds cmd/bataille from the module root into a temporary folder.
func buildBinary(t *testing.T) string {
	t.Helper()
	gomod, err := exec.Command("go", "env", "GOMOD").Output()
	if err != nil {
		t.Fatalf("go env GOMOD: %v", err)
	}
	root := filepath.Dir(strings.TrimSpace(string(gomod)))
	bin := filepath.Join(t.TempDir(), "bataille")
	cmd := exec.Command("go", "build", "-o", bin, "./cmd/bataille")
	cmd.Dir = root
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	return bin
}

// runBinary runs the binary and returns its stdout and stderr together, and
// its exit code.
func runBinary(t *testing.T, bin string, args ...string) (string, int) {
	t.Helper()
	var out bytes.Buffer
	cmd := exec.Command(bin, args...)
	cmd.Stdout, cmd.Stderr = &out, &out
	err := cmd.Run()
	if ee, ok := err.(*exec.ExitError); ok {
		return out.String(), ee.ExitCode()
	}
	if err != nil {
		t.Fatalf("%s %v: %v", bin, args, err)
	}
	return out.String(), 0
}

func write(t *testing.T, path, text string) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
}
