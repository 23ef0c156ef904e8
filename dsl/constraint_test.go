package dsl_test

import (
	"testing"
	"testing/fstest"

	"github.com/bataille/bataille/dsl"
)

// checkSrc checks one module written out, failing on any error.
func checkSrc(t *testing.T, src string) *dsl.Module {
	t.Helper()
	mod, diags := checkFS(fstest.MapFS{"m.rules": {Data: []byte(src)}})
	if diags.HasErrors() {
		t.Fatalf("does not check:\n%v", diags.Err())
	}
	return mod
}

// TestConstraintDiff: an errata sheet says which constraint changed its
// condition or title, and which were added or removed.
func TestConstraintDiff(t *testing.T) {
	old := checkSrc(t, `module m "M"
param rout.hexes = 10
param rout.target_hexes = 3
constraint rout.within "Within" { rout.target_hexes <= rout.hexes }
constraint rout.positive { rout.hexes > 0 }
`)
	new := checkSrc(t, `module m "M"
param rout.hexes = 10
param rout.target_hexes = 3
constraint rout.within "Within the rout" { rout.target_hexes < rout.hexes }
constraint rout.short { rout.hexes <= 20 }
`)
	got := map[string]dsl.Change{}
	for _, c := range dsl.Diff(old, new).Changes {
		if c.Kind == dsl.KindConstraint {
			got[c.Name] = c
		}
	}
	if c := got["rout.within"]; c.Op != dsl.Changed || len(c.Details) != 2 ||
		c.Details[0] != (dsl.Detail{What: "condition", Old: "rout.target_hexes <= rout.hexes", New: "rout.target_hexes < rout.hexes"}) ||
		c.Details[1] != (dsl.Detail{What: "title", Old: "Within", New: "Within the rout"}) {
		t.Errorf("rout.within: got %+v", c)
	}
	if c := got["rout.positive"]; c.Op != dsl.Removed {
		t.Errorf("rout.positive: got %+v, want removed", c)
	}
	if c := got["rout.short"]; c.Op != dsl.Added {
		t.Errorf("rout.short: got %+v, want added", c)
	}
	if len(got) != 3 {
		t.Errorf("got %d constraint changes, want 3: %+v", len(got), got)
	}
	if d := dsl.Diff(new, new); !d.Equal() {
		t.Errorf("a module differs from itself: %+v", d.Changes)
	}
}

// TestConstraintInherited: a battle keeps its base's constraints, in their
// order, with the one it overrides in its place and the one it removes
// gone; the outline of a file names each.
func TestConstraintInherited(t *testing.T) {
	fsys := fstest.MapFS{
		"g.rules": {Data: []byte(`game g "G" extends base
override constraint b.two "Two, again" { b.n >= 2 }
remove constraint b.one
constraint g.own { b.n < 10 }
`)},
		"lib/base.rules": {Data: []byte(`module base "Base"
param b.n = 3
constraint b.one { b.n >= 1 }
constraint b.two { b.n >= 2 }
constraint b.three { b.n >= 3 }
`)},
	}
	mod, diags := checkFS(fsys)
	if diags.HasErrors() {
		t.Fatal(diags.Err())
	}
	var got []string
	for _, c := range mod.Constraints {
		got = append(got, c.Name+" "+c.Module+" "+c.Title)
	}
	want := []string{"b.two g Two, again", "b.three base ", "g.own g "}
	if len(got) != len(want) {
		t.Fatalf("got %q, want %q", got, want)
	}
	for i := range want {
		if got[i] != want[i] {
			t.Errorf("constraint %d: got %q, want %q", i, got[i], want[i])
		}
	}
	for _, d := range mod.Files[0].Decls {
		n, ok := d.Name()
		if !ok || n.Kind != dsl.KindConstraint && !n.Remove {
			t.Errorf("declaration at %v: got %+v, %v", d.Pos, n, ok)
		}
	}
	if dsl.KindRole(dsl.KindConstraint) != dsl.RoleCode {
		t.Errorf("a constraint's role is %v, want code", dsl.KindRole(dsl.KindConstraint))
	}
}
