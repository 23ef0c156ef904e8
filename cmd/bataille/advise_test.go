package main

import (
	"encoding/json"
	"math/big"
	"os"
	"strings"
	"testing"

	goldenfile "github.com/bataille/bataille/internal/golden"
)

// TestAdviseGolden: the advice on a bundled Carré attempt, as text and as
// JSON whose fractions add up.
func TestAdviseGolden(t *testing.T) {
	code, out, stderr := bat(t, "advise", "friedland", "carre_attempt", "--question", "form_carre")
	if code != exitOK {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	goldenfile.Check(t, "testdata/advise/friedland_carre.txt", []byte(out), updating(), "run go test ./cmd/bataille -run AdviseGolden -update")
	code, js, stderr := bat(t, "advise", "friedland", "carre_attempt", "--json")
	if code != exitOK {
		t.Fatalf("--json: exit %d: %s", code, stderr)
	}
	var rep adviceReport
	if err := json.Unmarshal([]byte(js), &rep); err != nil {
		t.Fatal(err)
	}
	if len(rep.Questions) == 0 || len(rep.Sides) != 2 {
		t.Fatalf("got %d questions and %d sides", len(rep.Questions), len(rep.Sides))
	}
	for _, q := range rep.Questions {
		yes, _ := new(big.Rat).SetString(q.Answers[0].Score)
		no, _ := new(big.Rat).SetString(q.Answers[1].Score)
		margin, _ := new(big.Rat).SetString(q.Margin)
		if d := new(big.Rat).Sub(yes, no); d.Abs(d).Cmp(margin) != 0 {
			t.Errorf("%s %s: margin %s, but the answers score %s and %s", q.Unit, q.Question, q.Margin, yes, no)
		}
	}
}

func TestAdviseFilters(t *testing.T) {
	code, out, _ := bat(t, "advise", "friedland", "assault_carre", "--dominant")
	if code != exitOK || !strings.Contains(out, "dominant: yes") {
		t.Errorf("--dominant: exit %d:\n%s", code, out)
	}
	code, out, _ = bat(t, "advise", "friedland", "carre_attempt", "--unit", "nobody")
	if code != exitOK || !strings.Contains(out, "ask no question") {
		t.Errorf("--unit nobody: exit %d:\n%s", code, out)
	}
	code, _, stderr := bat(t, "advise", "friedland", "carre_attempt", "--goal", "strenght")
	if code != exitFail || !strings.Contains(stderr, `did you mean "strength"`) {
		t.Errorf("a misspelt goal: exit %d: %s", code, stderr)
	}
}

// TestDiffBest: two editions compared under best play, every question
// answered by the advisor, the scenario's decide lines left out.
func TestDiffBest(t *testing.T) {
	code, out, stderr := bat(t, "diff", "berlin1813", "friedland", "--simulate", "carre_attempt", "--best")
	if code != exitFail || !strings.Contains(out, "under best play") || !strings.Contains(out, "inf routed: ") {
		t.Errorf("exit %d (%s):\n%s", code, stderr, out)
	}
	code, _, stderr = bat(t, "diff", "berlin1813", "friedland", "--best")
	if code != exitUsage || !strings.Contains(stderr, "--simulate") {
		t.Errorf("--best without --simulate: exit %d: %s", code, stderr)
	}
}

// TestReplayShowsAdvice: the replay of a run shows, at the question the
// run asks, the advisor's figures for each answer.
func TestReplayShowsAdvice(t *testing.T) {
	path := t.TempDir() + "/replay.html"
	code, _, stderr := bat(t, "run", "friedland", "carre_attempt", "--seed", "1", "--html", path)
	if code != exitOK {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	page, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{`<div class="advice">`, "Advisor, here 4 hexes away: yes scores 6.680, no 6.624 for russian&#39;s objective strength; yes is better here", "Over the scenario, answered so wherever it is asked: yes scores 6.680, no 6.624; yes is better by 0.055", "the scenario fixes yes"} {
		if !strings.Contains(string(page), want) {
			t.Errorf("the replay lacks %q", want)
		}
	}
}
