package dsl_test

import (
	"bytes"
	"flag"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/bataille/bataille/dsl"
	"github.com/bataille/bataille/stdlib"
)

var update = flag.Bool("update", false, "rewrite the expected sections of the golden files under testdata")

// caseFS holds the files of a test archive: the module under test at the
// top level, and modules it may extend under lib/ID.rules.
func caseFS(a *archive) fstest.MapFS {
	fsys := fstest.MapFS{}
	for _, f := range a.Files {
		if strings.HasSuffix(f.Name, dsl.Ext) {
			fsys[f.Name] = &fstest.MapFile{Data: f.Data}
		}
	}
	return fsys
}

// caseLoader serves `extends ID` from lib/ID.rules, then from the base
// modules of stdlib.
func caseLoader(fsys fs.FS) dsl.Loader {
	return func(id string) ([]*dsl.File, dsl.Diagnostics) {
		if name := "lib/" + id + dsl.Ext; exists(fsys, name) {
			return dsl.ParseFS(fsys, name)
		}
		if exists(stdlib.BaseFS, id+dsl.Ext) {
			return dsl.ParseFS(stdlib.BaseFS, id+dsl.Ext)
		}
		return nil, dsl.Diagnostics{{Severity: dsl.Error, Code: "unknown-module", Pos: dsl.Pos{File: id, Line: 1, Col: 1}, Message: "no module " + id}}
	}
}

func exists(fsys fs.FS, name string) bool {
	_, err := fs.Stat(fsys, name)
	return err == nil
}

// checkFS parses and checks the module at the top of fsys, as the loader of
// package bataille does.
func checkFS(fsys fs.FS) (*dsl.Module, dsl.Diagnostics) {
	files, diags := dsl.ParseFS(fsys, ".")
	if diags.HasErrors() {
		return nil, diags
	}
	mod, more := dsl.Check(files, stdlib.Env(), caseLoader(fsys))
	return mod, append(diags, more...)
}

// TestCheckGolden checks each testdata/check/*.txtar module against the real
// environment and compares the printed diagnostics with its `errors`
// section (`go test ./dsl -run Golden -update` rewrites them).
func TestCheckGolden(t *testing.T) {
	paths, err := filepath.Glob(filepath.Join("testdata", "check", "*.txtar"))
	if err != nil || len(paths) == 0 {
		t.Fatalf("no golden cases: %v", err)
	}
	for _, path := range paths {
		t.Run(strings.TrimSuffix(filepath.Base(path), ".txtar"), func(t *testing.T) {
			data, err := os.ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			a := parseArchive(data)
			mod, diags := checkFS(caseFS(a))
			if diags.HasErrors() != (mod == nil) {
				t.Errorf("errors reported: %v, but module returned: %v", diags.HasErrors(), mod != nil)
			}
			for _, d := range diags {
				if d.Code == "" || d.Pos.Line < 1 || d.Pos.Col < 1 || d.Pos.File == "" {
					t.Errorf("diagnostic without code or position: %#v", d)
				}
				checkFixes(t, a, d)
			}
			var got bytes.Buffer
			diags.Print(&got)
			if *update {
				a.Set("errors", got.Bytes())
				if err := os.WriteFile(path, a.Format(), 0o644); err != nil {
					t.Fatal(err)
				}
				return
			}
			want, ok := a.Get("errors")
			if !ok {
				t.Fatalf("%s has no `-- errors --` section; run with -update", path)
			}
			if got.String() != string(want) {
				t.Errorf("diagnostics differ\n--- got\n%s--- want\n%s", got.String(), want)
			}
		})
	}
}

var reDidYouMean = regexp.MustCompile(`did you mean ("(?:[^"\\]|\\.)*")\?`)

// checkFixes checks that a diagnostic whose message suggests a name
// carries the fix an editor applies (the language server offers only
// Fixes, it does not read the message): its new text is the name
// suggested, and its range is text of the file, ending in the span.
func checkFixes(t *testing.T, a *archive, d dsl.Diagnostic) {
	t.Helper()
	m := reDidYouMean.FindStringSubmatch(d.Message)
	if m == nil {
		return
	}
	want, err := strconv.Unquote(m[1])
	if err != nil {
		t.Fatalf("%s: %v", d, err)
	}
	var fx *dsl.Fix
	for i := range d.Fixes {
		if d.Fixes[i].NewText == want {
			fx = &d.Fixes[i]
		}
	}
	if fx == nil {
		t.Errorf("%s: no fix to %q (fixes %+v)", d, want, d.Fixes)
		return
	}
	var src []byte
	for _, f := range a.Files {
		if f.Name == d.Pos.File {
			src = f.Data
		}
	}
	if src == nil { // a base module of stdlib
		src, _ = fs.ReadFile(stdlib.BaseFS, d.Pos.File)
	}
	from, to := fx.Range.Start.Offset, fx.Range.End.Offset
	if src == nil || from < 0 || to <= from || to > len(src) {
		t.Errorf("%s: fix range %v..%v outside its file", d, fx.Range.Start, fx.Range.End)
		return
	}
	if before(d.End, fx.Range.End) {
		t.Errorf("%s: fix range %v..%v ends after the span %v..%v", d, fx.Range.Start, fx.Range.End, d.Pos, d.End)
	}
	if got := string(src[from:to]); got == want || strings.Contains(got, "\n") {
		t.Errorf("%s: the fix replaces %q", d, got)
	}
}

func before(a, b dsl.Pos) bool { return a.Line < b.Line || a.Line == b.Line && a.Col < b.Col }

// TestCheckCleanModules checks that a module with no error is returned, and
// its declarations are there.
func TestCheckCleanModules(t *testing.T) {
	fsys := fstest.MapFS{"g.rules": {Data: []byte(`game g "G" extends premier
override param rout.hexes = 6
table t roll d66 + modifier -6..6 { 11..36 => a
 41..66 => b }
rule t.a on t.a { do note("a") }
`)}}
	mod, diags := checkFS(fsys)
	if mod == nil {
		var b bytes.Buffer
		diags.Print(&b)
		t.Fatalf("module does not check:\n%s", b.String())
	}
	if p, ok := mod.Param("rout.hexes"); !ok || p.Value != 6 || !p.Override || p.Module != "g" {
		t.Errorf("rout.hexes = %#v", p)
	}
	if mod.Base == nil || mod.Base.ID != "premier" {
		t.Errorf("base = %v", mod.Base)
	}
	if got := mod.Tables["t"].Roll.String(); got != "d66 + modifier -6..6" {
		t.Errorf("roll = %s", got)
	}
	if len(mod.Hooks["t.a"]) != 1 {
		t.Errorf("hook t.a has %d rules", len(mod.Hooks["t.a"]))
	}
}

// TestInheritedRulesCompiledForTheGame: a game compiles the rules it
// inherits against its own declarations. An expression that reads nothing
// the game changed shares the base's compiled program; one that reads a
// param the game overrides gets the game's value, and one that calls a
// chart the game overrides calls the game's.
func TestInheritedRulesCompiledForTheGame(t *testing.T) {
	fsys := fstest.MapFS{
		"lib/b.rules": {Data: []byte(`module b "B"
param p.x = 1
param p.y = 2
chart c "C" by n only 1..2 {
  1 => 10
  2 => 20
}
rule b.r on declare_charge {
  when charger.increments >= p.x
  when charger.increments >= p.y
  when c(1) > charger.increments
  when charger.increments >= p["x"] + 1
}
`)},
		"g.rules": {Data: []byte(`game g "G" extends b
override param p.x = 5
override chart c "C" by n only 1..2 {
  1 => 30
  2 => 40
}
`)},
	}
	mod, diags := checkFS(fsys)
	if mod == nil {
		t.Fatal(diags.Err())
	}
	sameCompiled(t, mod)
	// The same with the base checked before, by a check of its own, and
	// handed to the game's (as a language server does).
	baseFiles, diags := dsl.ParseFS(fsys, "lib/b.rules")
	if diags.HasErrors() {
		t.Fatal(diags.Err())
	}
	base, diags := dsl.Check(baseFiles, stdlib.Env(), caseLoader(fsys))
	if base == nil {
		t.Fatal(diags.Err())
	}
	gameFiles, diags := dsl.ParseFS(fsys, "g.rules")
	if diags.HasErrors() {
		t.Fatal(diags.Err())
	}
	checked := func(id string, env *dsl.Env) *dsl.Module {
		if id == "b" && env == stdlib.Env() {
			return base
		}
		return nil
	}
	mod, diags = dsl.CheckWith(gameFiles, stdlib.Env(), caseLoader(fsys), checked)
	if mod == nil || mod.Base != base {
		t.Fatalf("the game does not check on the base given: %v", diags.Err())
	}
	sameCompiled(t, mod)
}

// sameCompiled checks TestInheritedRulesCompiledForTheGame's game against
// its base.
func sameCompiled(t *testing.T, mod *dsl.Module) {
	t.Helper()
	base, game := mod.Base.Hooks["declare_charge"][0], mod.Hooks["declare_charge"][0]
	if base == game || len(base.Clauses) != 4 || len(game.Clauses) != 4 {
		t.Fatalf("base rule %p, game rule %p", base, game)
	}
	for i, want := range []struct {
		base, game string
		shared     bool
	}{
		{"charger.increments >= 1", "charger.increments >= 5", false},
		{"charger.increments >= 2", "charger.increments >= 2", true},
		{"c(1) > charger.increments", "c(1) > charger.increments", false},
		{"charger.increments >= 2", "charger.increments >= 6", false},
	} {
		b, g := base.Clauses[i].Cond.Node(), game.Clauses[i].Cond.Node()
		if got := b.String(); got != want.base {
			t.Errorf("clause %d in the base compiles to %s, want %s", i, got, want.base)
		}
		if got := g.String(); got != want.game {
			t.Errorf("clause %d in the game compiles to %s, want %s", i, got, want.game)
		}
		if (b == g) != want.shared {
			t.Errorf("clause %d: base and game share the program: %v, want %v", i, b == g, want.shared)
		}
	}
}
