package stdlib_test

import (
	"bytes"
	"flag"
	"testing"

	"github.com/bataille/bataille/internal/golden"
	"github.com/bataille/bataille/stdlib"
)

var update = flag.Bool("update", false, "rewrite golden files")

// TestReference keeps docs/reference.md equal to what the engine's tables
// say; run with -update after changing a hook, function or effect.
func TestReference(t *testing.T) {
	var b bytes.Buffer
	stdlib.WriteReference(&b)
	golden.Check(t, "../docs/reference.md", b.Bytes(), *update,
		"it must say what the engine's hooks, functions and effects are: run go test ./stdlib -run Reference -update")
}

// TestNoHookVarHidesAFunction: a hook variable named like a function would
// make the function uncallable on that hook.
func TestNoHookVarHidesAFunction(t *testing.T) {
	env := stdlib.Env()
	funcs := map[string]bool{}
	for _, f := range env.Functions {
		funcs[f.Name] = true
	}
	for _, h := range env.Hooks {
		for _, v := range h.Vars {
			if funcs[v.Name] {
				t.Errorf("hook %s: variable %s hides the function of that name", h.Name, v.Name)
			}
		}
	}
}
