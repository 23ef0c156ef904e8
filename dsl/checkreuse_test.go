package dsl_test

import (
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/bataille/bataille"
	"github.com/bataille/bataille/dsl"
	"github.com/bataille/bataille/games"
	"github.com/bataille/bataille/stdlib"
	"github.com/expr-lang/expr/ast"
)

// TestReuseInheritedRules checks every bundled battle, cold (its bases
// checked in the same check) and warm (the base checked before and handed
// in), with the inherited rules an override does not touch kept from the
// base's check and with every rule compiled again: the diagnostics, what
// the names of the expressions refer to (Info) and every rule's checked
// form are the same, down to the compiled code.
func TestReuseInheritedRules(t *testing.T) {
	reused, reusedTests := 0, 0
	for _, name := range bataille.Bundled() {
		for _, warm := range []bool{false, true} {
			check := func() (*dsl.Module, dsl.Diagnostics) {
				files, diags := dsl.ParseFS(games.FS, name)
				if diags.HasErrors() {
					t.Fatal(diags.Err())
				}
				var checked dsl.Checked
				if warm {
					checked = bataille.Loader{}.Checked
				}
				return dsl.CheckWith(files, stdlib.Env(), bataille.Loader{}.Load, checked)
			}
			var all *dsl.Module
			var allDiags dsl.Diagnostics
			dsl.CheckEverything(func() { all, allDiags = check() })
			mod, diags := check()
			if mod == nil || all == nil {
				t.Fatalf("%s: %v / %v", name, diags.Err(), allDiags.Err())
			}
			if got, want := text(diags), text(allDiags); got != want {
				t.Errorf("%s (warm %v): diagnostics\n%s\nwant\n%s", name, warm, got, want)
			}
			if !reflect.DeepEqual(mod.Info.Uses, all.Info.Uses) {
				for f, uses := range all.Info.Uses {
					if !reflect.DeepEqual(mod.Info.Uses[f], uses) {
						t.Errorf("%s (warm %v): %s: %d uses, want %d", name, warm, f, len(mod.Info.Uses[f]), len(uses))
					}
				}
				if len(mod.Info.Uses) != len(all.Info.Uses) {
					t.Errorf("%s (warm %v): uses of %d files, want %d", name, warm, len(mod.Info.Uses), len(all.Info.Uses))
				}
			}
			for m, a := mod, all; m != nil && a != nil; m, a = m.Base, a.Base {
				if len(m.Rules) != len(a.Rules) {
					t.Fatalf("%s: %s has %d rules, want %d", name, m.ID, len(m.Rules), len(a.Rules))
				}
				for i, r := range m.Rules {
					if got, want := ruleForm(r), ruleForm(a.Rules[i]); got != want {
						t.Errorf("%s: %s: rule %s\n%s\nwant\n%s", name, m.ID, r.ID, got, want)
					}
					if dsl.RuleReused(m, r.ID) {
						reused++
					}
				}
				if len(m.Tests) != len(a.Tests) {
					t.Fatalf("%s: %s has %d tests, want %d", name, m.ID, len(m.Tests), len(a.Tests))
				}
				for i, x := range m.Tests {
					if got, want := testForm(m, x), testForm(a, a.Tests[i]); got != want {
						t.Errorf("%s: %s: test %s\n%s\nwant\n%s", name, m.ID, x.Name, got, want)
					}
					if dsl.InheritedTestKept(m, x.Name) {
						reusedTests++
					}
				}
			}
		}
	}
	if reused == 0 {
		t.Error("no inherited rule was kept from its base's check")
	}
	if reusedTests == 0 {
		t.Error("no inherited test was kept from its base's check")
	}
	t.Logf("%d inherited rules kept, %d inherited tests", reused, reusedTests)
}

// testForm writes what a test's check made of it under module m: its
// set-up, laid out under m, and its expectations.
func testForm(m *dsl.Module, x *dsl.TestDef) string {
	var b strings.Builder
	prog := func(p *dsl.Program) {
		if p == nil {
			b.WriteString(" -")
			return
		}
		fmt.Fprintf(&b, " [%s @%s %v const=%v %v var=%q cost=%d tree=%s]", p.Source, p.Pos, p.Type, p.IsConst, p.Const, p.Var, p.Cost, treeForm(p.Node()))
	}
	fmt.Fprintf(&b, "%s %q %v %s skip=%q scenario=%q dice=%v exact=%v", x.Name, x.Title, x.Cite, x.Origin.Pos, x.Skip, x.Scenario, x.Dice, x.Exact)
	for _, e := range x.Expects {
		fmt.Fprintf(&b, "\n  expect %d %q %q %v %q %s %q", e.Kind, e.Rule, e.Op, e.Want, e.After, e.Pos, e.Source)
		prog(e.Cond)
	}
	sd := x.Setup
	if sd == nil {
		return b.String()
	}
	fmt.Fprintf(&b, "\n  setup %s %q %dx%d %q %+v %+v turn=%s@%s goals=%v seed=%v module=%s pos=%s",
		sd.Name, sd.Title, sd.Cols, sd.Rows, sd.DefaultTerrain, sd.Terrain, sd.Hexsides, sd.Turn, sd.TurnPos, sd.Goals, sd.Seed, sd.Module, sd.Pos)
	for _, us := range sd.Units {
		fmt.Fprintf(&b, "\n  unit %+v", *us)
	}
	orders := sd.AllOrders()
	for _, o := range orders {
		fmt.Fprintf(&b, "\n  order %+v", *o)
	}
	for _, ts := range sd.Turns {
		fmt.Fprintf(&b, "\n  turn %d %s %s %d orders", ts.Number, ts.Side, ts.Pos, len(ts.Orders))
	}
	for _, d := range sd.Decisions {
		fmt.Fprintf(&b, "\n  decide %s %q %v %s", d.Unit, d.Question, d.Answer, d.Pos)
		prog(d.When)
	}
	for _, a := range sd.Armies {
		fmt.Fprintf(&b, "\n  army %+v", *a)
	}
	lay := sd.Layout
	fmt.Fprintf(&b, "\n  layout for=%v", lay.For(m, sd))
	if lay != nil {
		fmt.Fprintf(&b, " %+v %+v %+v %s", lay.Map, lay.Terrain, lay.Hexsides, text(lay.Diags))
		for _, us := range sd.Units {
			fmt.Fprintf(&b, " %s=%+v", us.ID, lay.Units[us])
		}
		for _, o := range orders {
			fmt.Fprintf(&b, " %v", lay.Paths[o])
		}
	}
	return b.String()
}

// ruleForm writes what a rule's check made of it.
func ruleForm(r *dsl.RuleDef) string {
	var b strings.Builder
	prog := func(p *dsl.Program) {
		if p == nil {
			b.WriteString(" -")
			return
		}
		fmt.Fprintf(&b, " [%s @%s %v const=%v %v var=%q cost=%d bool=%v tree=%s]", p.Source, p.Pos, p.Type, p.IsConst, p.Const, p.Var, p.Cost, p.AsBool(), treeForm(p.Node()))
	}
	fmt.Fprintf(&b, "%s %q on %s %v %s guard=%d", r.ID, r.Title, r.Hook, r.Cite, r.Origin.Pos, r.GuardLen)
	prog(r.Guard)
	for _, c := range r.Clauses {
		fmt.Fprintf(&b, "\n  %d %q %q %q", c.Kind, c.Message, c.Name, c.Question)
		prog(c.Cond)
		prog(c.Of)
		for _, call := range c.Calls {
			fmt.Fprintf(&b, "\n    %s @%s", call.Effect.Name, call.Pos)
			for _, a := range call.Args {
				if a == nil {
					b.WriteString(" nil")
					continue
				}
				fmt.Fprintf(&b, " ref=%q", a.Ref)
				prog(a.Prog)
			}
		}
	}
	return b.String()
}

// treeForm writes a compiled tree with the type of each node.
func treeForm(n ast.Node) string {
	if n == nil {
		return "nil"
	}
	var b strings.Builder
	v := &treeWriter{&b}
	ast.Walk(&n, v)
	return n.String() + b.String()
}

type treeWriter struct{ b *strings.Builder }

func (w *treeWriter) Visit(n *ast.Node) { fmt.Fprintf(w.b, " %T:%v", *n, (*n).Type()) }

// TestReuseGolden checks each testdata/check case with inherited rules kept
// from their base's check and with every rule compiled again: the
// diagnostics are the same.
func TestReuseGolden(t *testing.T) {
	paths, err := filepath.Glob(filepath.Join("testdata", "check", "*.txtar"))
	if err != nil || len(paths) == 0 {
		t.Fatalf("no golden cases: %v", err)
	}
	for _, path := range paths {
		data, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		fsys := caseFS(parseArchive(data))
		_, diags := checkFS(fsys)
		var all dsl.Diagnostics
		dsl.CheckEverything(func() { _, all = checkFS(fsys) })
		if got, want := text(diags), text(all); got != want {
			t.Errorf("%s: diagnostics\n%s\nwant\n%s", path, got, want)
		}
	}
}

// reuseLib is a module whose tests each read one thing a game below
// changes, and one, lib.plain, that reads none of them.
const reuseLib = `module lib "Lib" extends premier

param lib.depth = 2
nationality lib_nat "Lib nationality"
arm lib_foot "Foot" { fire: 1  range: 2  mp: 6 }

test lib.depth "Carré as deep as the param" cite "X-1" {
  map 8 x 8 clear
  turn french
  unit inf { side: french  arm: infantry  increments: 6  formation: line  facing: S  morale: 36  mp: 6  at: 0404 }
  form inf as carre
  expect inf.increments > lib.depth
}

test lib.column "A column forms Carré" cite "X-1" {
  map 8 x 8 clear
  turn french
  unit inf { side: french  arm: infantry  increments: 6  formation: column  facing: S  morale: 36  mp: 6  at: 0404 }
  form inf as carre
  expect inf.formation == "carre"
}

test lib.foot "Foot moves on its arm's allowance" cite "X-1" {
  map 8 x 8 clear
  turn french
  unit inf { side: french  arm: lib_foot  increments: 6  formation: line  facing: S  morale: 36  at: 0404 }
  move inf path 0405
  expect inf.increments == 6
}

test lib.nat "A battalion of the lib's nation forms Carré" cite "X-1" {
  map 8 x 8 clear
  turn french
  unit inf { side: french  nationality: lib_nat  arm: infantry  increments: 6  formation: line  facing: S  morale: 36  mp: 6  at: 0404 }
  form inf as carre
  expect inf.formation == "carre"
}

test lib.plain "A French battalion forms Carré" cite "X-1" {
  map 8 x 8 clear
  turn french
  unit inf { side: french  arm: infantry  increments: 6  formation: line  facing: S  morale: 36  mp: 6  at: 0404 }
  form inf as carre
  expect inf.formation == "carre"
}
`

// TestReuseTouchedTests has games change, one at a time, what one of
// their base's tests reads without naming it in an error of the base: a
// param's value its expectation compiles, a formation's fronts and an
// arm's default mp its set-up's check and layout read, a word's removal.
// That test must be checked again (its compiled form, its diagnostics
// are a fresh check's), and the others kept; a word declared anew or
// overridden with the same properties' reach (a side's name declared as
// a nationality, a nationality's new title) keeps the test, with its
// word's use pointing at the game's declaration.
func TestReuseTouchedTests(t *testing.T) {
	cases := []struct {
		name, game string
		checked    []string // the tests checked again; the rest are kept
		diag       string   // a diagnostic the game's check must report
	}{
		{"param", "override param lib.depth = 9", []string{"lib.depth"}, ""},
		{"formation", `override formation column "Column" { fronts: 2  zdi: front  arms: infantry, cavalry  change_cost: 3 }`, []string{"lib.column"}, ""},
		{"arm", `override arm lib_foot "Foot" { fire: 1  range: 2 }`, []string{"lib.foot"}, "missing-mp"},
		{"removed", "remove nationality lib_nat", []string{"lib.nat"}, "unknown-nationality"},
		{"side", `nationality french "French"`, nil, ""},
		{"title", `override nationality lib_nat "Another title"`, nil, ""},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			fsys := fstest.MapFS{
				"g.rules":       {Data: []byte("game g \"Test\" extends lib\n\n" + c.game + "\n")},
				"lib/lib.rules": {Data: []byte(reuseLib)},
			}
			mod, diags := checkFS(fsys)
			var all *dsl.Module
			var allDiags dsl.Diagnostics
			dsl.CheckEverything(func() { all, allDiags = checkFS(fsys) })
			if got, want := text(diags), text(allDiags); got != want {
				t.Fatalf("diagnostics\n%s\nwant\n%s", got, want)
			}
			if c.diag != "" && !strings.Contains(text(diags), "["+c.diag+"]") {
				t.Fatalf("no %s in\n%s", c.diag, text(diags))
			}
			if c.diag == "" && len(diags) > 0 {
				t.Fatalf("diagnostics\n%s", text(diags))
			}
			if mod == nil || all == nil || mod.Base == nil {
				return
			}
			if !reflect.DeepEqual(mod.Info.Uses, all.Info.Uses) {
				t.Errorf("uses differ from a check of everything")
			}
			for i, x := range mod.Tests {
				if got, want := testForm(mod, x), testForm(all, all.Tests[i]); got != want {
					t.Errorf("test %s\n%s\nwant\n%s", x.Name, got, want)
				}
				if !strings.HasPrefix(x.Name, "lib.") {
					continue // premier's, which may read what the game changed
				}
				if kept, want := dsl.InheritedTestKept(mod, x.Name), !slices.Contains(c.checked, x.Name); kept != want {
					t.Errorf("test %s kept %v, want %v", x.Name, kept, want)
				}
			}
			if c.name == "title" {
				for _, u := range mod.Info.Uses["lib/lib.rules"] {
					if u.Name == "lib_nat" && u.Kind == dsl.UseWord && u.Decl.File != "g.rules" {
						t.Errorf("lib_nat at %s is declared at %s, want g.rules", u.Pos, u.Decl)
					}
				}
			}
		})
	}
}
