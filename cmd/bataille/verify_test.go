package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// A battle whose script drops the clear-terrain rule of the Carré: verify
// finds the path, prints the run line that replays it, and that line breaks
// the same invariant again. (A fire at one's own side, which this test once
// planted, the engine now refuses on every path.)
const plantedFire = `game planted "Planted" extends berlin1813

remove rule carre.terrain
remove test carre.terrain_woods
remove test carre.terrain_clear

test plant.stands "The battalion keeps its increments" cite "planted" {
  map 6 x 6 clear
  terrain woods 0303
  turn french
  unit a "A" { side: french  nationality: french  arm: infantry  increments: 6  formation: column  facing: N  morale: 36  melee: 6  mp: 6  at: 0303 }
  form a as carre
  expect a.increments == 6
}

scenario s "A battalion in woods forms Carré" {
  map 6 x 6 clear
  terrain woods 0303
  turn french
  unit a "A" { side: french  nationality: french  arm: infantry  increments: 6  formation: column  facing: N  morale: 36  melee: 6  mp: 6  at: 0303 }
  form a as carre
}
`

func TestVerifyReportsAndReplays(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "planted")
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "rules.rules"), []byte(plantedFire), 0o644); err != nil {
		t.Fatal(err)
	}
	code, out, stderr := bat(t, "verify", dir)
	if code != exitFail || !strings.Contains(out, "FAIL s: ") || !strings.Contains(out, "invariant carre.where_it_may_form") {
		t.Fatalf("verify: exit %d\n%s%s", code, out, stderr)
	}
	_, replay, ok := strings.Cut(out, "replay: bataille ")
	if !ok {
		t.Fatalf("no replay line:\n%s", out)
	}
	replay, _, _ = strings.Cut(replay, "\n")
	args := strings.Fields(replay)
	code, runOut, runErr := bat(t, args...)
	if code != exitFail || !strings.Contains(runErr, "invariant carre.where_it_may_form") || !strings.Contains(runOut, "forms carre") {
		t.Fatalf("%s: exit %d\n%s%s", replay, code, runOut, runErr)
	}
	code, out, _ = bat(t, "verify", dir, "s", "--json")
	var rep struct {
		Scenario string `json:"scenario"`
		Paths    int64  `json:"paths"`
		Broken   []struct {
			Invariant string `json:"invariant"`
			Replay    string `json:"replay"`
			Dice      []int  `json:"dice"`
		} `json:"broken"`
	}
	if err := json.Unmarshal([]byte(out), &rep); err != nil || code != exitFail || len(rep.Broken) != 1 || rep.Broken[0].Invariant != "carre.where_it_may_form" || !strings.HasPrefix(rep.Broken[0].Replay, "bataille run ") {
		t.Fatalf("verify --json: exit %d, %v\n%s", code, err, out)
	}
	// The battle's own test fails too: the invariant stops its play.
	code, out, _ = bat(t, "test", dir, "--run", "plant.")
	if code != exitFail || !strings.Contains(out, "--- FAIL: plant.stands") || !strings.Contains(out, "FAIL\t") {
		t.Fatalf("test: exit %d\n%s", code, out)
	}
}

func TestTestCommandBundled(t *testing.T) {
	code, out, stderr := bat(t, "test", "-v", "berlin1813")
	if code != exitOK || !strings.Contains(out, "--- PASS: carre.terrain_woods") || !strings.Contains(out, "ok  \tberlin1813\t") {
		t.Fatalf("test: exit %d\n%s%s", code, out, stderr)
	}
}

func TestRunDiceFlag(t *testing.T) {
	if code, _, stderr := bat(t, "run", battle, "--dice", "7,x"); code != exitUsage || !strings.Contains(stderr, "--dice") {
		t.Errorf("a bad face: exit %d %s", code, stderr)
	}
	// Too few faces: the run says the dice ran out.
	if code, _, stderr := bat(t, "run", battle, "carre_attempt", "--dice", "1"); code != exitFail || !strings.Contains(stderr, "ran out") {
		t.Errorf("too few faces: exit %d %s", code, stderr)
	}
}
