package bataille_test

import (
	"context"
	"slices"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/bataille/bataille"
	"github.com/bataille/bataille/dsl"
	"github.com/bataille/bataille/interpreter"
	"github.com/bataille/bataille/stdlib"
)

// brokenTestGame is a battle whose rules and scenario are sound and one of
// whose tests expects a name no module declares, and which overrides a
// test of the base.
var brokenTestGame = fstest.MapFS{
	"g/rules.rules": {Data: []byte(`game g "Broken test" extends premier

scenario first "A battalion forms Carré" {
  map 8 x 8 clear
  turn french
  unit inf "Battalion" { side: french  arm: infantry  increments: 6  formation: line  facing: S  morale: 36  mp: 6  at: 0404 }
  form inf as carre
}

test broken "Expects what no module has" {
  scenario first
  expect inf.no_such_field == 1
}

override test carre.terrain_woods "No Carré in woods" {
  map 8 x 8 clear
  terrain woods 0404
  turn french
  unit inf "Battalion" { side: french  arm: infantry  increments: 6  formation: line  facing: S  morale: 36  mp: 6  at: 0404 }
  form inf as carre
  expect inf.formation == "line"
}
`)},
}

// TestLoadToPlay: a module loaded to play has its tests claimed but not
// read. The broken test that fails the full check does not stop a play of
// its scenario; the override still finds the base's test; and the tests,
// unread, refuse to be played rather than pass.
func TestLoadToPlay(t *testing.T) {
	_, diags := bataille.LoadDir(brokenTestGame, "g")
	if !diags.HasErrors() || !strings.Contains(diags.Err().Error(), "g/rules.rules:12:") {
		t.Fatalf("the full load should report the broken test at line 12, got %v", diags)
	}
	mod, diags := bataille.LoadDirToPlay(brokenTestGame, "g")
	if diags.HasErrors() {
		t.Fatalf("load to play: %v", diags.Err())
	}
	if !mod.TestsUnread || !mod.Base.TestsUnread {
		t.Errorf("TestsUnread = %v, base %v; want both set", mod.TestsUnread, mod.Base.TestsUnread)
	}
	names := map[string]string{}
	for _, x := range mod.Tests {
		names[x.Name] = x.Module
	}
	if names["broken"] != "g" || names["carre.terrain_woods"] != "g" {
		t.Errorf("tests by module: broken %q, carre.terrain_woods %q; want g, g", names["broken"], names["carre.terrain_woods"])
	}
	eng, err := bataille.NewEngine(mod, "first", interpreter.Config{Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	if err := eng.Run(context.Background()); err != nil {
		t.Fatal(err)
	}
	for _, r := range bataille.RunTests(context.Background(), mod) {
		if r.Passed() || !strings.Contains(r.Failures[0].Message, "loaded to play") {
			t.Errorf("test %s of a module loaded to play: %v, want a failure that says so", r.Test.Name, r.Failures)
		}
	}
}

// TestFullCheckRefusesPlayBase: a full check is never handed a base whose
// tests were not read, even by a Checked that offers one; it checks the
// base itself, tests and all. A check to play takes it.
func TestFullCheckRefusesPlayBase(t *testing.T) {
	play := bataille.Loader{Play: true}
	playBase := play.Checked("premier", stdlib.Env())
	if playBase == nil || !playBase.TestsUnread {
		t.Fatalf("premier to play: %v", playBase)
	}
	offer := func(string, *dsl.Env) *dsl.Module { return playBase }
	fsys := fstest.MapFS{"h/rules.rules": {Data: []byte("game h \"Sound\" extends premier\n")}}
	files, diags := dsl.ParseFS(fsys, "h")
	if diags.HasErrors() {
		t.Fatal(diags.Err())
	}
	l := bataille.Loader{Local: fsys, Dir: "h"}
	full, diags := dsl.CheckWith(files, stdlib.Env(), l.Load, offer)
	if diags.HasErrors() {
		t.Fatal(diags.Err())
	}
	if full.Base == playBase || full.Base.TestsUnread || full.TestsUnread {
		t.Errorf("the full check took the base read to play (its base's tests unread %v)", full.Base.TestsUnread)
	}
	mod, diags := dsl.CheckPlay(files, stdlib.Env(), l.Load, offer)
	if diags.HasErrors() || mod.Base != playBase {
		t.Errorf("check to play: base %p, want the one offered %p; %v", mod.Base, playBase, diags.Err())
	}
}

// TestBundledToPlay: every bundled battle loads to play with the same
// rules, scenarios and tests by name as loaded whole, and no warning the
// whole load does not give.
func TestBundledToPlay(t *testing.T) {
	for _, name := range bataille.Bundled() {
		whole, wd := bataille.LoadBundled(name)
		play, pd := bataille.LoadBundledToPlay(name)
		if wd.HasErrors() || pd.HasErrors() {
			t.Fatalf("%s: %v / %v", name, wd.Err(), pd.Err())
		}
		var ws []string
		for _, d := range wd {
			ws = append(ws, d.String())
		}
		for _, d := range pd {
			if !slices.Contains(ws, d.String()) {
				t.Errorf("%s: loaded to play it warns %s, loaded whole it does not", name, d)
			}
		}
		if got, want := len(play.Rules), len(whole.Rules); got != want {
			t.Errorf("%s: %d rules to play, %d whole", name, got, want)
		}
		if got, want := scenarioNames(play), scenarioNames(whole); !slices.Equal(got, want) {
			t.Errorf("%s: scenarios %v to play, %v whole", name, got, want)
		}
		var pt, wt []string
		for _, x := range play.Tests {
			pt = append(pt, x.Module+"."+x.Name)
		}
		for _, x := range whole.Tests {
			wt = append(wt, x.Module+"."+x.Name)
		}
		if !slices.Equal(pt, wt) {
			t.Errorf("%s: tests %v to play, %v whole", name, pt, wt)
		}
	}
}

func scenarioNames(mod *dsl.Module) []string {
	var out []string
	for _, s := range mod.AllScenarios() {
		out = append(out, s.Module+"."+s.Name)
	}
	return out
}

// TestDiffToPlay: a diff of two modules loaded to play, their tests
// unread, reads what each test expects from its text, and says what the
// diff of the same modules loaded whole says; an edition that changes only
// what a test expects shows the change both ways.
func TestDiffToPlay(t *testing.T) {
	edit := fstest.MapFS{"g/rules.rules": {Data: []byte(strings.Replace(string(brokenTestGame["g/rules.rules"].Data),
		"expect inf.formation == \"line\"", "expect inf.formation == \"line\"\n  expect refused \"carre.terrain\"", 1))}}
	fix := func(fsys fstest.MapFS) fstest.MapFS {
		src := strings.Replace(string(fsys["g/rules.rules"].Data), "expect inf.no_such_field == 1", "exact\n  expect chance(inf.formation == \"carre\") > 0", 1)
		return fstest.MapFS{"g/rules.rules": {Data: []byte(src)}}
	}
	pairs := [][2]func(bool) (*dsl.Module, dsl.Diagnostics){
		{bundled("friedland"), bundled("danzig")},
		{bundled("premier"), bundled("berlin1813")},
		{inDir(fix(brokenTestGame)), inDir(fix(edit))},
	}
	for _, p := range pairs {
		var texts [2]string
		for i, play := range []bool{false, true} {
			old, d1 := p[0](play)
			new, d2 := p[1](play)
			if d1.HasErrors() || d2.HasErrors() {
				t.Fatalf("%v %v", d1.Err(), d2.Err())
			}
			var b strings.Builder
			dsl.Diff(old, new).WriteText(&b, nil, false)
			texts[i] = b.String()
		}
		if texts[0] != texts[1] {
			t.Errorf("diff loaded to play:\n%s\nwant, as loaded whole:\n%s", texts[1], texts[0])
		}
	}
	old, _ := inDir(fix(brokenTestGame))(true)
	new, _ := inDir(fix(edit))(true)
	var b strings.Builder
	dsl.Diff(old, new).WriteText(&b, nil, false)
	if !strings.Contains(b.String(), `refused carre.terrain`) {
		t.Errorf("the diff to play misses the expectation added:\n%s", b.String())
	}
}

func bundled(name string) func(bool) (*dsl.Module, dsl.Diagnostics) {
	return func(play bool) (*dsl.Module, dsl.Diagnostics) {
		if play {
			return bataille.LoadBundledToPlay(name)
		}
		return bataille.LoadBundled(name)
	}
}

func inDir(fsys fstest.MapFS) func(bool) (*dsl.Module, dsl.Diagnostics) {
	return func(play bool) (*dsl.Module, dsl.Diagnostics) {
		if play {
			return bataille.LoadDirToPlay(fsys, "g")
		}
		return bataille.LoadDir(fsys, "g")
	}
}
