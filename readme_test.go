package bataille_test

import (
	"context"
	"os"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/bataille/bataille"
	"github.com/bataille/bataille/interpreter"
)

// TestReadmeModule checks and plays the module the README's tour shows, so
// the tour cannot drift from the language.
func TestReadmeModule(t *testing.T) {
	readme, err := os.ReadFile("README.md")
	if err != nil {
		t.Fatal(err)
	}
	_, after, ok := strings.Cut(string(readme), "\n```\ngame mybattle")
	if !ok {
		t.Fatal("README has no tour module")
	}
	src, _, _ := strings.Cut("game mybattle"+after, "\n```")
	mod, diags := bataille.LoadDir(fstest.MapFS{"tour/rules.rules": {Data: []byte(src)}}, "tour")
	if diags.HasErrors() {
		t.Fatal(diags.Err())
	}
	eng, err := bataille.NewEngine(mod, "open_field", interpreter.Config{Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	if err := eng.Run(context.Background()); err != nil {
		t.Fatal(err)
	}
	if len(eng.Trace()) == 0 {
		t.Error("empty trace")
	}
	// The tour's own test passes, and its invariant holds on every path.
	for _, res := range bataille.RunTests(context.Background(), mod) {
		if res.Test.Module == "mybattle" && !res.Passed() {
			t.Errorf("tour test %s: %v", res.Test.Name, res.Failures)
		}
	}
	reps, err := bataille.Verify(context.Background(), mod, mod.AllScenarios(), bataille.VerifyOptions{})
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range reps {
		for _, v := range r.Broken {
			t.Errorf("tour scenario %s: %s", r.Scenario, v.Message)
		}
	}
}
