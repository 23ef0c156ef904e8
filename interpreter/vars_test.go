package interpreter

import (
	"fmt"
	"strings"
	"testing"

	"github.com/bataille/bataille/dsl"
	"github.com/expr-lang/expr"
)

// TestHookCallChecksTheDeclaration: a firing site that gives a hook's
// variables in another order, of another type, or not all of them, fails
// at once, whether or not a rule listens: the declaration in Hooks is the
// only list of a hook's names.
func TestHookCallChecksTheDeclaration(t *testing.T) {
	e := New(&dsl.Module{Hooks: map[string][]*dsl.RuleDef{}}, NewBoard(4, 4, "clear"), nil, Config{})
	u := &Unit{ID: "u"}
	for _, c := range []struct {
		name string
		fire func()
		want string
	}{
		{"wrong type", func() { e.Bind(FindHook("move_start")).Int(3).Unit(u).Fire() }, "variable 1 is not a int"},
		{"too few", func() { e.Bind(FindHook("move_start")).Unit(u).Fire() }, "fired with 1 of its 2 variables"},
		{"too many", func() { e.Bind(FindHook("move_start")).Unit(u).Unit(u).Fire() }, "variable 2 is not a"},
	} {
		func() {
			defer func() {
				r := recover()
				if msg := fmt.Sprint(r); r == nil || !strings.Contains(msg, c.want) {
					t.Errorf("%s: panic %v, want one saying %q", c.name, r, c.want)
				}
			}()
			c.fire()
		}()
	}
	if _, _, err := e.Bind(FindHook("move_start")).Unit(u).Float(3).Fire(); err != nil {
		t.Errorf("a well-formed firing: %v", err)
	}
}

// program compiles an expression over the variables of env, as the
// checker would.
func program(t *testing.T, src string, env map[string]any) *dsl.Program {
	t.Helper()
	prog, err := expr.Compile(src, expr.Env(env), expr.AsBool())
	if err != nil {
		t.Fatal(err)
	}
	p := dsl.CompiledProgram(src, prog, true)
	p.Type, p.Cost = tBool, 1
	return p
}

// TestHookVariablesDoNotLinger: after a hook fired from the top, the
// variables its rule read are unset again, so that no later expression
// can read them.
func TestHookVariablesDoNotLinger(t *testing.T) {
	var seen int
	cond := program(t, "unit != nil && mp_left == 7", map[string]any{"unit": (*Unit)(nil), "mp_left": 0.0})
	r := &dsl.RuleDef{ID: "r", Hook: "move_start", Clauses: []*dsl.ClauseDef{{Kind: dsl.ClauseWhen, Cond: cond},
		{Kind: dsl.ClauseDo, Calls: []*dsl.CallDef{{Effect: &dsl.Effect{Name: "see"}}}}}}
	mod := &dsl.Module{Hooks: map[string][]*dsl.RuleDef{"move_start": {r}}, Rules: []*dsl.RuleDef{r}}
	e := New(mod, NewBoard(4, 4, "clear"), nil, Config{NoTrace: true,
		Effects: map[string]EffectFunc{"see": func(*Call) error { seen++; return nil }}})
	mp := e.comp.slots["mp_left"]
	if !mp.read || e.comp.slots["step"].read {
		t.Fatalf("mp_left read: %v, step read: %v; want true, false", mp.read, e.comp.slots["step"].read)
	}
	if _, _, err := e.Bind(FindHook("move_start")).Unit(&Unit{ID: "u"}).Float(7).Fire(); err != nil {
		t.Fatal(err)
	}
	if seen != 1 {
		t.Fatalf("the rule acted %d times, want once: its condition did not see the variables", seen)
	}
	if got := e.get(mp); got != 0.0 {
		t.Errorf("mp_left after the hook: %v, want 0", got)
	}
	if got := e.get(e.comp.slots["unit"]); got != nil {
		t.Errorf("unit after the hook: %v, want nil", got)
	}
	if len(e.saved) != 0 {
		t.Errorf("%d saved values left", len(e.saved))
	}
}
