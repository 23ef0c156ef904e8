package dsl_test

import (
	"testing"
	"testing/fstest"

	"github.com/bataille/bataille/dsl"
)

// TestDiffSequence: a battle of another edition that reorders the turn
// shows the phases before and after.
func TestDiffSequence(t *testing.T) {
	load := func(src string) *dsl.Module {
		mod, diags := checkFS(fstest.MapFS{"g.rules": {Data: []byte(src)}})
		if diags.HasErrors() {
			t.Fatal(diags.Err())
		}
		return mod
	}
	old := load("game a \"A\" extends premier\n")
	new := load("game b \"B\" extends premier\noverride sequence \"Fire first\" {\n  phase offensive_fire \"fire\"\n  phase movement \"maneuver\"\n  phase end \"end\"\n}\n")
	d := dsl.Diff(old, new)
	for _, c := range d.Changes {
		if c.Kind != dsl.KindSequence {
			continue
		}
		for _, det := range c.Details {
			if det.What == "phases" && det.New == `offensive_fire "fire", movement "maneuver", end "end"` {
				return
			}
		}
		t.Fatalf("sequence change without the new phases: %+v", c.Details)
	}
	t.Fatalf("no sequence change in %+v", d.Changes)
}
