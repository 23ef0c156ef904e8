package main

import (
	"encoding/json"
	"strings"
	"testing"
)

// TestRunPlay: --play answers the questions in the order asked and stops
// the narration at the first one past its answers, naming it; one more
// answer plays on from there, the same steps before it.
func TestRunPlay(t *testing.T) {
	code, none, stderr := bat(t, "run", "friedland", "carre_attempt", "--seed", "1", "--play", "")
	if code != exitOK || !strings.HasSuffix(none, "question: inf form_carre? (the charge 4 hexes away)\n") {
		t.Fatalf("exit %d (%s):\n%s", code, stderr, none)
	}
	_, yes, _ := bat(t, "run", "friedland", "carre_attempt", "--seed", "1", "--play", "yes")
	prefix := strings.TrimSuffix(none, "question: inf form_carre? (the charge 4 hexes away)\n")
	if !strings.HasPrefix(yes, prefix) || !strings.Contains(yes[len(prefix):], "Carré Realization Table") {
		t.Errorf("with yes the play does not go on from the question:\n%s", yes)
	}
	_, js, _ := bat(t, "run", "friedland", "carre_attempt", "--seed", "1", "--play", "", "--json")
	lines := strings.Split(strings.TrimSpace(js), "\n")
	var last map[string]any
	if err := json.Unmarshal([]byte(lines[len(lines)-1]), &last); err != nil {
		t.Fatal(err)
	}
	if last["kind"] != "question" || last["ask"] != "form_carre" || last["asked"] != "inf" {
		t.Errorf("the last JSON event is %v, want the question", last)
	}
	if code, _, stderr := bat(t, "run", "friedland", "carre_attempt", "--play", "yes,maybe"); code != exitUsage || !strings.Contains(stderr, "--play") {
		t.Errorf("--play yes,maybe: exit %d: %s", code, stderr)
	}
}
