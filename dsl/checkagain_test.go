package dsl_test

import (
	"bytes"
	"strings"
	"testing"

	"github.com/bataille/bataille/dsl"
	"github.com/bataille/bataille/stdlib"
)

// TestCheckAgain: a module checked again after an edit takes the code the
// check before compiled where an expression means the same, and compiles
// again where what it reads changed (a param's type, a let's), with the
// diagnostics a check from scratch gives.
func TestCheckAgain(t *testing.T) {
	const v1 = `module m
param a = 1
rule r on declare_charge {
  let x = a
  when charger.increments > x
  when charger.increments > 0
}
`
	check := func(src string, prev *dsl.Module) (*dsl.Module, dsl.Diagnostics) {
		f, diags := dsl.Parse("m.rules", []byte(src))
		if diags.HasErrors() {
			t.Fatal(diags.Err())
		}
		if prev == nil {
			return dsl.CheckWith([]*dsl.File{f}, stdlib.Env(), nil, nil)
		}
		return dsl.CheckAgain([]*dsl.File{f}, stdlib.Env(), nil, nil, prev)
	}
	first, diags := check(v1, nil)
	if first == nil {
		t.Fatal(diags.Err())
	}
	cond := func(m *dsl.Module, i int) *dsl.Program { return m.Hooks["declare_charge"][0].Clauses[i].Cond }
	for _, c := range []struct {
		name, src string
		same      []bool // clause by clause: the code of the check before
		errs      int
	}{
		{"a comment", "// edited\n" + v1, []bool{true, true, true}, 0},
		{"the param a float", strings.Replace(v1, "a = 1", "a = 1.5", 1), []bool{false, false, true}, 0},
		{"the param a string", strings.Replace(v1, "a = 1", `a = "s"`, 1), nil, 1},
		{"the let a number", strings.Replace(v1, "let x = a", "let x = 2", 1), []bool{false, true, true}, 0},
	} {
		again, diags := check(c.src, first)
		fresh, want := check(c.src, nil)
		if got, w := text(diags), text(want); diags.HasErrors() != (c.errs > 0) || got != w {
			t.Errorf("%s: checked again:\n%v\nfrom scratch:\n%v", c.name, diags, want)
			continue
		}
		if again == nil || fresh == nil {
			continue
		}
		for i, same := range c.same {
			if got := dsl.SameCode(cond(again, i), cond(first, i)); got != same {
				t.Errorf("%s: clause %d runs the code compiled before: %v, want %v", c.name, i, got, same)
			}
		}
	}
}

func text(ds dsl.Diagnostics) string {
	var b bytes.Buffer
	ds.Print(&b)
	return b.String()
}
