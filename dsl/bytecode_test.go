package dsl_test

import (
	"strings"
	"testing"
	"testing/fstest"

	"github.com/bataille/bataille"
	"github.com/bataille/bataille/dsl"
)

// TestBytecodeLeftForLater: a check leaves expr's bytecode to be compiled
// when asked for. Every expression of every bundled battle compiles then,
// to a program of the tree the check made; one whose pattern the
// optimiser folds into something that is no regular expression is still
// the check's error.
func TestBytecodeLeftForLater(t *testing.T) {
	for _, name := range bataille.Bundled() {
		mod, diags := bataille.LoadBundled(name)
		if diags.HasErrors() {
			t.Fatalf("%s: %v", name, diags)
		}
		if err := dsl.CompileBytecode(mod); err != nil {
			t.Errorf("%s: %v", name, err)
		}
		conds := 0
		for _, r := range mod.Hooks["declare_charge"] {
			for _, c := range r.Clauses {
				if c.Cond == nil {
					continue
				}
				conds++
				prog, err := c.Cond.Bytecode()
				if err != nil || prog.Node() != c.Cond.Node() || !c.Cond.AsBool() {
					t.Errorf("%s: %s: bytecode of another tree, or not a condition (%v)", name, c.Cond.Source, err)
				}
			}
		}
		if conds == 0 {
			t.Errorf("%s: no condition on declare_charge", name)
		}
	}
	for _, c := range []struct{ src, diag string }{
		{`when charger.id matches ("(" + "")`, "g.rules:3:19: error: error parsing regexp: missing closing ): `(` [expr]"},
		{`when charger.id matches "a+" && charger.increments > -0.0`, ""},
	} {
		src := "game g \"G\" extends premier\nrule r on declare_charge {\n  " + c.src + "\n}\n"
		mod, diags := checkFS(fstest.MapFS{"g.rules": {Data: []byte(src)}})
		var b strings.Builder
		diags.Print(&b)
		if got := strings.SplitN(b.String(), "\n", 2)[0]; got != c.diag {
			t.Errorf("%s: %q, want %q", c.src, got, c.diag)
		}
		if mod != nil {
			if err := dsl.CompileBytecode(mod); err != nil {
				t.Errorf("%s: %v", c.src, err)
			}
		}
	}
}
