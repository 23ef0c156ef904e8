package dsl_test

import (
	"bytes"
	"errors"
	"io/fs"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/bataille/bataille/dsl"
	"github.com/bataille/bataille/games"
	"github.com/bataille/bataille/stdlib"
)

// addSeeds gives a fuzz target every bundled script and a few bad inputs.
func addSeeds(f *testing.F) {
	for _, fsys := range []fs.FS{stdlib.BaseFS, games.FS} {
		_ = fs.WalkDir(fsys, ".", func(p string, d fs.DirEntry, err error) error {
			if err == nil && !d.IsDir() && strings.HasSuffix(p, dsl.Ext) {
				if data, err := fs.ReadFile(fsys, p); err == nil {
					f.Add(data)
				}
			}
			return nil
		})
	}
	for _, s := range []string{
		"",
		"game g extends premier\nrule r on charge_start { do add_mp(1) }\n",
		"game g extends g\n",
		"module m\ntable t roll d66 + modifier -99..99 { 11..66 => a }\nrule r on declare_charge { do roll(t, modifier: charger.increments) }\n",
		"rule r on declare_charge {\n  when ((((charger.arm\n}\n",
		"param a = \"unterminated\nparam b = 1\n",
		"/* open comment\nparam a = ((((1\n",
		"scenario s { map 99 x 99 unit a { at: (1, -2) } charge a at a path 0101 }\n",
		"terrain t \"Carré\" { cost: -1.5  arms: a, b, c }\n",
		"game g extends premier\nrule r on recall.fail { let x = [1, 2,] do note(string(x[1:]) ?? \"\") ; halt() }\n",
		"param a = 1 // c\n/* d */ param b = 2 /* e */ cite \"x\" // f\n",
		"game g extends premier\nhexside ditch { cost_cavalry: 2 }\nscenario s { map 4 x 4 hexside ditch 0101/0102 0202/0203 hexside slope 0202 up N se }\n",
		"game g extends premier\noverride sequence \"S\" cite \"x\" { phase end \"e\" phase start }\nscenario s { map 3 x 3 turn a turn 2 b { move u path 0101 } turn 3 a { } }\n",
		"\xff\xfe",
		// Invariants and tests: quantifiers, expectations, a test's own set-up.
		"game g extends premier\ninvariant a.b \"T\" cite \"x\" { all(units, .increments >= 0 && none(units, hex_enemies(#) > 0)) }\nremove invariant carre.where_it_may_form\n",
		"game g extends premier\ntest t \"T\" cite \"X-1\" {\n  map 4 x 4 clear\n  unit a { side: x  arm: infantry  at: 0101 }\n  dice 1 2 7\n  exact\n  expect chance(a.increments > 0) >= 1/0\n  expect refused \"carre.min\"\n  expect allowed \"nope\"\n  expect a.formation == \"lin\"\n}\n",
		"game g extends premier\ntest t { scenario s decide a q yes expect chance(all(units, true)) == 7 }\noverride test t { expect }\n",
		"game g extends premier\ntest t \"T\" cite \"X-1\" {\n  map 4 x 4 clear\n  unit a { side: x  arm: infantry  at: 0101 }\n  exact\n  expect after charges a.formation == \"line\" // c\n  expect after movment chance(a.increments > 0) == 1/2\n  expect applied \"carre.attempt\"\n  expect unapplied \"nope\"\n  expect after\n}\n",
		// Orders are any word but a keyword: a map with no terrain before
		// one, a misspelt kind, a kind no Env knows, a bare word.
		"game g extends premier\nscenario s {\n  map 4 x 4\n  chagre a at b path 0102\n  rally a\n  move a\n  unit at { at: 0101 }\n  turn 2 a { parley a at b decide a q yes fier a }\n  form\n}\n",
		"game g extends premier\ntest t { map 3 x 3 clear form a as line dice 1 exact skirmish a at b step 2 path 0101 expect a.mp == 1 }\n",
		// Constraints: broken by an override, refused at run time, reading what is not a param.
		"game g extends premier\noverride param casualty.fire_roll = 70\nconstraint a.b \"T\" cite \"x\" { [1, 2][casualty.fire_roll] == 1 }\nconstraint c { unit.mp > 0 }\nremove constraint casualty.attacker_on_d66\noverride constraint casualty.defender_on_d66 { true }\n",
		// Literals expr reads as one token but our lexer splits.
		"module m\nrule r on declare_charge {\n  when charger.increments > 1e3 || charger.increments < 0x1F && 2.5e-3 < 1_000 ** 2\n}\n",
		"module m\nrule r on recall.fail {\n  let xs = [1, 2, 3]\n  when all(xs, # > 0) && len($env) > 0 && xs[1:] != nil\n}\n",
	} {
		f.Add([]byte(s))
	}
}

// checkPositions fails unless every diagnostic about file name points inside
// src: a line of the text (or just past its end) and a column on that line.
func checkPositions(t *testing.T, name string, src []byte, diags dsl.Diagnostics) {
	t.Helper()
	lines := bytes.Split(src, []byte("\n"))
	for _, d := range diags {
		if d.Pos.File != name {
			continue
		}
		if d.Pos.Line < 1 || d.Pos.Line > len(lines)+1 || d.Pos.Col < 1 {
			t.Fatalf("%s: position outside the input (%d lines)", d, len(lines))
		}
		width := 0
		if d.Pos.Line <= len(lines) {
			width = utf8.RuneCount(lines[d.Pos.Line-1])
		}
		if d.Pos.Col > width+1 {
			t.Fatalf("%s: column past the end of its line (%d characters)", d, width)
		}
	}
}

// FuzzParse: Parse never panics, returns a file exactly when it reports no
// error, and positions every diagnostic inside the input.
func FuzzParse(f *testing.F) {
	addSeeds(f)
	f.Fuzz(func(t *testing.T, src []byte) {
		file, diags := dsl.Parse("f.rules", src)
		if (file == nil) != diags.HasErrors() {
			t.Fatalf("file returned: %v, errors: %v", file != nil, diags)
		}
		checkPositions(t, "f.rules", src, diags)
	})
}

// fuzzLoader serves the base modules of stdlib.
func fuzzLoader(id string) ([]*dsl.File, dsl.Diagnostics) {
	if _, err := fs.Stat(stdlib.BaseFS, id+dsl.Ext); err == nil {
		return dsl.ParseFS(stdlib.BaseFS, id+dsl.Ext)
	}
	return nil, dsl.Diagnostics{{Severity: dsl.Error, Code: "unknown-module", Pos: dsl.Pos{File: id, Line: 1, Col: 1}, Message: "no module " + id}}
}

// FuzzCheck: parsing and checking against the real environment never
// panics (the input limits bound the work), returns a module exactly when
// it reports no error, positions diagnostics inside the input, and leaves
// expr's compiler nothing it refuses; the check to play (CheckPlay) agrees
// with it, reading less.
func FuzzCheck(f *testing.F) {
	addSeeds(f)
	f.Fuzz(func(t *testing.T, src []byte) {
		file, _ := dsl.Parse("f.rules", src)
		if file == nil {
			return
		}
		mod, diags := dsl.Check([]*dsl.File{file}, stdlib.Env(), fuzzLoader)
		if (mod == nil) != diags.HasErrors() {
			t.Fatalf("module returned: %v, errors: %v", mod != nil, diags)
		}
		for _, d := range diags {
			if d.Code == "" || d.Message == "" {
				t.Fatalf("diagnostic without code or message: %#v", d)
			}
		}
		checkPositions(t, "f.rules", src, diags)
		if mod != nil {
			if err := dsl.CompileBytecode(mod); err != nil {
				t.Fatalf("expr's compiler refused what the check left it: %v", err)
			}
		}
		// The check to play reads less: it reports no error the full
		// check does not, and passes whatever the full check passes.
		play, playDiags := dsl.CheckPlay([]*dsl.File{file}, stdlib.Env(), fuzzLoader, nil)
		if (play == nil) != playDiags.HasErrors() || (mod != nil && play == nil) || (play != nil && !play.TestsUnread) {
			t.Fatalf("to play: module %v, errors %v; full: module %v", play != nil, playDiags, mod != nil)
		}
		full := map[string]bool{}
		for _, d := range diags {
			full[d.String()] = true
		}
		for _, d := range playDiags {
			if d.Severity == dsl.Error && !full[d.String()] && d.Code != "too-many-errors" {
				t.Fatalf("to play it reports %v, which the full check does not", d)
			}
		}
	})
}

// FuzzFormat: for input that parses, the formatted text parses, formatting
// it again changes nothing, and it checks to the same module (or the same
// kinds of error). Format may refuse only when its output would break an
// input limit.
func FuzzFormat(f *testing.F) {
	addSeeds(f)
	f.Fuzz(func(t *testing.T, src []byte) {
		file, diags := dsl.Parse("f.rules", src)
		if diags.HasErrors() {
			return
		}
		out, err := dsl.Format(file)
		if err != nil {
			var de *dsl.DiagError
			if errors.As(err, &de) && len(de.Diags) == 1 && (de.Diags[0].Code == "line-too-long" || de.Diags[0].Code == "too-large") {
				return
			}
			t.Fatalf("format: %v", err)
		}
		again, diags := dsl.Parse("f.rules", out)
		if diags.HasErrors() {
			t.Fatalf("formatted text does not parse: %v\n%s", diags, out)
		}
		out2, err := dsl.Format(again)
		if err != nil {
			t.Fatalf("format of formatted text: %v", err)
		}
		if !bytes.Equal(out, out2) {
			t.Fatalf("not idempotent\n--- once\n%s\n--- twice\n%s", out, out2)
		}
		m1, d1 := dsl.Check([]*dsl.File{file}, stdlib.Env(), fuzzLoader)
		m2, d2 := dsl.Check([]*dsl.File{again}, stdlib.Env(), fuzzLoader)
		if (m1 == nil) != (m2 == nil) || diagCodes(d1) != diagCodes(d2) {
			t.Fatalf("diagnostics changed: %s → %s\n%s", diagCodes(d1), diagCodes(d2), out)
		}
		if m1 != nil {
			if a, b := moduleSummary(m1), moduleSummary(m2); a != b {
				t.Fatalf("formatting changed the module:\n%s", missingLines(a, b))
			}
		}
	})
}
