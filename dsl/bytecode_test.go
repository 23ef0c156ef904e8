package dsl_test

import (
	"strings"
	"testing"
	"testing/fstest"

	"github.com/bataille/bataille"
	"github.com/bataille/bataille/dsl"
	"github.com/bataille/bataille/games"
	"github.com/bataille/bataille/stdlib"
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

// TestGuardsJoinedAsTheText: the condition a rule's opening clauses are
// joined into, made of their trees, is the one expr makes of the joined
// text: the same tree, type, cost and bytecode, in every bundled battle and
// in a long generated module.
func TestGuardsJoinedAsTheText(t *testing.T) {
	type load struct {
		name  string
		files func() ([]*dsl.File, dsl.Diagnostics)
	}
	var loads []load
	for _, name := range bataille.Bundled() {
		loads = append(loads, load{name, func() ([]*dsl.File, dsl.Diagnostics) { return dsl.ParseFS(games.FS, name) }})
	}
	loads = append(loads, load{"generated", func() ([]*dsl.File, dsl.Diagnostics) {
		return dsl.ParseFS(fstest.MapFS{"gen.rules": {Data: []byte(genModule(500))}}, ".")
	}})
	joined := 0
	for _, l := range loads {
		check := func(text bool) *dsl.Module {
			files, diags := l.files()
			if diags.HasErrors() {
				t.Fatalf("%s: %v", l.name, diags.Err())
			}
			var mod *dsl.Module
			if text {
				mod, diags = dsl.CheckTextGuards(files, stdlib.Env(), bataille.Loader{}.Load)
			} else {
				mod, diags = dsl.Check(files, stdlib.Env(), bataille.Loader{}.Load)
			}
			if mod == nil {
				t.Fatalf("%s: %v", l.name, diags.Err())
			}
			return mod
		}
		got, want := check(false), check(true)
		for g, w := got, want; g != nil && w != nil; g, w = g.Base, w.Base {
			if len(g.Rules) != len(w.Rules) {
				t.Fatalf("%s: %d rules, %d from the text", l.name, len(g.Rules), len(w.Rules))
			}
			for i, r := range g.Rules {
				gg, wg := r.Guard, w.Rules[i].Guard
				if (gg == nil) != (wg == nil) || r.GuardLen != w.Rules[i].GuardLen {
					t.Fatalf("%s: rule %s: guard %v of %d clauses, from the text %v of %d", l.name, r.ID, gg != nil, r.GuardLen, wg != nil, w.Rules[i].GuardLen)
				}
				if gg == nil {
					continue
				}
				joined++
				gp, gerr := gg.Bytecode()
				wp, werr := wg.Bytecode()
				if gerr != nil || werr != nil {
					t.Fatalf("%s: rule %s: %v, %v", l.name, r.ID, gerr, werr)
				}
				if gg.Source != wg.Source || gg.Pos != wg.Pos || gg.Type != wg.Type || gg.Cost != wg.Cost ||
					gg.IsConst != wg.IsConst || gg.Var != wg.Var || gg.AsBool() != wg.AsBool() ||
					gg.Node().String() != wg.Node().String() || gp.Disassemble() != wp.Disassemble() {
					t.Errorf("%s: rule %s: joined %s (cost %d)\n%s\nfrom the text %s (cost %d)\n%s",
						l.name, r.ID, gg.Node(), gg.Cost, gp.Disassemble(), wg.Node(), wg.Cost, wp.Disassemble())
				}
			}
		}
	}
	if joined < 10 {
		t.Errorf("only %d guards compared", joined)
	}
}

// TestBytecodeFromManyGoroutines: engines on many goroutines may ask for
// the bytecode of one module's expressions at once (run it with -race).
func TestBytecodeFromManyGoroutines(t *testing.T) {
	files, diags := dsl.ParseFS(games.FS, bataille.Bundled()[0])
	if diags.HasErrors() {
		t.Fatal(diags.Err())
	}
	mod, diags := dsl.Check(files, stdlib.Env(), bataille.Loader{}.Load)
	if mod == nil {
		t.Fatal(diags.Err())
	}
	errs := make(chan error, 4)
	for range 4 {
		go func() { errs <- dsl.CompileBytecode(mod) }()
	}
	for range 4 {
		if err := <-errs; err != nil {
			t.Error(err)
		}
	}
}
