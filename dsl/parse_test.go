package dsl_test

import (
	"strings"
	"testing"
	"testing/fstest"

	"github.com/bataille/bataille/dsl"
)

// TestParseErrors checks that bad input gives one positioned diagnostic with
// a stable code, never a panic.
func TestParseErrors(t *testing.T) {
	deep := func(n int) string {
		return "rule r on h {\n  when " + strings.Repeat("(", n) + "x" + strings.Repeat(")", n) + "\n}\n"
	}
	tests := []struct {
		name, src  string
		code       string
		line, col  int
		msgContain string
	}{
		{"missing else", "rule r on h {\n  require x\n}\n", "syntax", 3, 1, `expected "else" <string>`},
		{"row missing =>", "table t roll 1d6 {\n  1..3 => a\n  4..6 b\n}\n", "syntax", 3, 8, `unexpected token "b" (expected "=>"`},
		{"misspelt clause", "rule r on h {\n  do x()\n  requir x else \"y\"\n}\n", "syntax", 3, 3, `unexpected token "requir" (expected "}"); did you mean "require"?`},
		{"misspelt declaration", "tabel t roll 1d6 {\n  1..6 => a\n}\n", "syntax", 1, 1, `did you mean "table"?`},
		{"misspelt scenario line", "scenario s {\n  map 8 x 8 clear\n  unti a { side: x }\n}\n", "syntax", 3, 3, `did you mean "unit"?`},
		{"decide answer", "scenario s {\n  map 8 x 8 clear\n  decide inf form_carre maybe\n}\n", "syntax", 3, 25, `unexpected token "maybe"`},
		{"bad header", "module \"m\"\n", "syntax", 1, 8, "unexpected token"},
		{"unclosed block", "terrain woods {\n  cost: 2\n", "syntax", 3, 1, "unexpected"},
		{"lex error", "param a = 1 `\n", "syntax", 1, 13, ""},
		{"bad escape", "param a = \"\\q\"\n", "syntax", 1, 11, "invalid quoted string"},
		{"after Carré", "param carré = 1 @\n", "syntax", 1, 17, ""},
		{"too deep", deep(dsl.Limits.Depth), "too-deep", 2, 7 + dsl.Limits.Depth, "deeper than"},
		{"not UTF-8", "param a = \"caf\xe9\"\n", "bad-encoding", 1, 15, "UTF-8"},
		{"long line", "param a = \"" + strings.Repeat("x", dsl.Limits.LineBytes) + "\"\n", "line-too-long", 1, dsl.Limits.LineBytes + 1, "longer than"},
		{"too large", strings.Repeat("param a = 1\n", dsl.Limits.FileBytes/12+1), "too-large", dsl.Limits.FileBytes/12 + 1, dsl.Limits.FileBytes%12 + 1, "larger than"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			f, diags := dsl.Parse("t.rules", []byte(tt.src))
			if f != nil || len(diags) != 1 {
				t.Fatalf("got file %v and %d diagnostics, want no file and one: %v", f != nil, len(diags), diags)
			}
			d := diags[0]
			if d.Code != tt.code || d.Pos.Line != tt.line || d.Pos.Col != tt.col || d.Pos.File != "t.rules" || !strings.Contains(d.Message, tt.msgContain) {
				t.Errorf("got %s (line %d col %d), want [%s] at %d:%d containing %q", d, d.Pos.Line, d.Pos.Col, tt.code, tt.line, tt.col, tt.msgContain)
			}
			if d.Severity != dsl.Error {
				t.Errorf("severity %s", d.Severity)
			}
		})
	}
}

// TestParseDepthIgnoresStringsAndComments: brackets in strings and comments
// do not nest, and the limit itself parses.
func TestParseDepthIgnoresStringsAndComments(t *testing.T) {
	open := strings.Repeat("(", dsl.Limits.Depth+5)
	for _, src := range []string{
		"param a = \"" + open + "\"\n",
		"// " + open + "\nparam a = 1\n",
		"/* " + open + " */ param a = 1\n",
		"rule r on h {\n  when " + strings.Repeat("(", dsl.Limits.Depth-1) + "x" + strings.Repeat(")", dsl.Limits.Depth-1) + "\n}\n",
	} {
		if _, diags := dsl.Parse("t.rules", []byte(src)); diags != nil {
			t.Errorf("%.40q…: %v", src, diags)
		}
	}
}

// TestExprText checks that an expression's text is its source, strings with
// escapes included, and no more.
func TestExprText(t *testing.T) {
	src := "rule r on h {\n  when note(\"a \\\"b\\\"\") && x   // c\n  do f(y ,  \"z\")\n}\n"
	f, diags := dsl.Parse("t.rules", []byte(src))
	if diags != nil {
		t.Fatal(diags)
	}
	cl := f.Decls[0].Rule.Clauses
	if got, want := strings.TrimSpace(cl[0].When.Text(src)), `note("a \"b\"") && x`; got != want {
		t.Errorf("when: got %q, want %q", got, want)
	}
	args := cl[1].Do[0].Args
	if got := strings.TrimSpace(args[1].Value.Text(src)); got != `"z"` {
		t.Errorf("arg: got %q", got)
	}
	var nilExpr *dsl.Expr
	if nilExpr.Text(src) != "" {
		t.Error("nil expression has text")
	}
}

func TestParseFS(t *testing.T) {
	fsys := fstest.MapFS{
		"g/b.rules":     {Data: []byte("param b = 2\n")},
		"g/a.rules":     {Data: []byte("game g\n")},
		"g/notes.txt":   {Data: []byte("not rules")},
		"g/sub/c.rules": {Data: []byte("param c = 3\n")},
		"empty/x.txt":   {Data: []byte("")},
		"bad/a.rules":   {Data: []byte("param = 1\n")},
		"bad/b.rules":   {Data: []byte("param b = \n")},
	}
	files, diags := dsl.ParseFS(fsys, "g")
	if diags != nil || len(files) != 2 || files[0].Pos.Filename != "g/a.rules" || files[1].Pos.Filename != "g/b.rules" {
		t.Errorf("g: %d files, %v", len(files), diags)
	}
	if files, diags := dsl.ParseFS(fsys, "g/b.rules"); len(files) != 1 || diags != nil {
		t.Errorf("one file: %d files, %v", len(files), diags)
	}
	if _, diags := dsl.ParseFS(fsys, "empty"); len(diags) != 1 || !strings.Contains(diags[0].Message, "no .rules files") {
		t.Errorf("empty: %v", diags)
	}
	if _, diags := dsl.ParseFS(fsys, "missing"); len(diags) != 1 || diags[0].Code != "read" {
		t.Errorf("missing: %v", diags)
	}
	// Every file's syntax error is reported, not only the first.
	if files, diags := dsl.ParseFS(fsys, "bad"); len(files) != 0 || len(diags) != 2 {
		t.Errorf("bad: %d files, %v", len(files), diags)
	}
}

// TestMapWithoutTerrain: a map line with no default terrain does not take
// the next item's first word for one, a keyword or an order's word on the
// next line; one with it still reads it.
func TestMapWithoutTerrain(t *testing.T) {
	for _, c := range []struct {
		src, terrain string
		items        int
	}{
		{"scenario s {\n  map 4 x 4\n  unit a { at: 0101 }\n}\n", "", 2},
		{"scenario s {\n  map 4 x 4\n  seed 3\n}\n", "", 2},
		{"scenario s {\n  map 4 x 4 woods\n  unit a { at: 0101 }\n}\n", "woods", 2},
		{"scenario s {\n  map 4 x 4\n  charge a at b path 0102\n}\n", "", 2},
		{"scenario s {\n  map 4 x 4\n  rally a\n}\n", "", 2},
		{"scenario s {\n  map 4 x 4\n  move a\n  unit a { at: 0101 }\n}\n", "", 3},
		{"scenario s {\n  map 4 x 4\n  form a as line\n}\n", "", 2},
		{"scenario s {\n  map 4 x 4\n  move path 0102\n}\n", "", 2},
		{"scenario s {\n  map 4 x 4 clear\n  rally a\n}\n", "clear", 2},
		{"scenario s {\n  map 4 x 4 clear\n  unit at { at: 0101 }\n}\n", "clear", 2},
		{"scenario s {\n  map 4 x 4 clear\n  move a path 0102\n  fire a at b\n}\n", "clear", 3},
	} {
		f, diags := dsl.Parse("s.rules", []byte(c.src))
		if diags.HasErrors() {
			t.Fatalf("%q: %v", c.src, diags.Err())
		}
		items := f.Decls[0].Scenario.Items
		if len(items) != c.items || items[0].Map == nil || items[0].Map.Terrain != c.terrain {
			t.Errorf("%q: %d items, map %+v; want %d items and terrain %q", c.src, len(items), items[0].Map, c.items, c.terrain)
		}
	}
}

// TestSyntaxMisspeltFix: the did-you-mean of a misspelt line word comes
// with the fix an editor offers, which changes that word alone.
func TestSyntaxMisspeltFix(t *testing.T) {
	src := "module m \"M\"\n\nrule r on h {\n  do x()\n  requir x else \"y\"\n}\n"
	_, diags := dsl.Parse("t.rules", []byte(src))
	if len(diags) != 1 || len(diags[0].Fixes) != 1 {
		t.Fatalf("want one diagnostic with one fix, got %v", diags)
	}
	fix := diags[0].Fixes[0]
	if fix.NewText != "require" || fix.Range.Start.Line != 5 || fix.Range.Start.Col != 3 || fix.Range.End.Col != 9 {
		t.Errorf("fix %+v, want requir at 5:3-5:9 changed to require", fix)
	}
	fixed := src[:fix.Range.Start.Offset] + fix.NewText + src[fix.Range.End.Offset:]
	if _, diags := dsl.Parse("t.rules", []byte(fixed)); diags.HasErrors() {
		t.Errorf("the fixed text does not parse: %v", diags)
	}
}
