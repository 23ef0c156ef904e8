package dsl_test

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"sort"
	"strings"
	"sync"
	"testing"
	"testing/fstest"

	"github.com/bataille/bataille/dsl"
	"github.com/bataille/bataille/games"
	"github.com/bataille/bataille/stdlib"
)

// formatSrc parses and formats one file.
func formatSrc(t testing.TB, name string, src []byte) []byte {
	t.Helper()
	f, diags := dsl.Parse(name, src)
	if diags.HasErrors() {
		t.Fatalf("%s does not parse: %v", name, diags)
	}
	out, err := dsl.Format(f)
	if err != nil {
		t.Fatalf("format %s: %v", name, err)
	}
	return out
}

// TestFormatGolden formats the `in.rules` section of each
// testdata/format/*.txtar and compares the result with `out.rules`.
func TestFormatGolden(t *testing.T) {
	paths, err := filepath.Glob(filepath.Join("testdata", "format", "*.txtar"))
	if err != nil || len(paths) == 0 {
		t.Fatalf("no golden cases: %v", err)
	}
	for _, p := range paths {
		t.Run(strings.TrimSuffix(filepath.Base(p), ".txtar"), func(t *testing.T) {
			data, err := os.ReadFile(p)
			if err != nil {
				t.Fatal(err)
			}
			a := parseArchive(data)
			in, ok := a.Get("in.rules")
			if !ok {
				t.Fatalf("%s has no in.rules", p)
			}
			got := formatSrc(t, "in.rules", in)
			if again := formatSrc(t, "out.rules", got); string(again) != string(got) {
				t.Errorf("not idempotent:\n--- once\n%s--- twice\n%s", got, again)
			}
			if *update {
				a.Set("out.rules", got)
				if err := os.WriteFile(p, a.Format(), 0o644); err != nil {
					t.Fatal(err)
				}
				return
			}
			want, _ := a.Get("out.rules")
			if string(got) != string(want) {
				t.Errorf("got\n%s--- want\n%s", got, want)
			}
		})
	}
}

// TestFormatExpressions checks the canonical spacing of expressions.
func TestFormatExpressions(t *testing.T) {
	tests := []struct{ in, want string }{
		{"a==1&&b", "a == 1 && b"},
		{"!  a.b   ||  c ?. d", "!a.b || c?.d"},
		{"f( x ,y )[ 0 ]", "f(x, y)[0]"},
		{"- 1 + - ( a*b )", "-1 + -(a * b)"},
		{"x not  in [1,2 ,3]", "x not in [1, 2, 3]"},
		{"a ?- 1 : b??2", "a ? -1 : b ?? 2"},
		{"xs[1 : 2] + xs[ :-1] + xs[2:]", "xs[1:2] + xs[:-1] + xs[2:]"},
		{"xs[ a ? 1 : 2 ]", "xs[a ? 1 : 2]"},
		{"map(xs, # * 2)", "map(xs, # * 2)"},
		{"filter(xs, #index>1) | len()", "filter(xs, #index > 1) | len()"},
		{"2**3", "2 ** 3"},
		{"2 * * 3", "2 * * 3"},
		{"- -a", "- -a"},
		{"!!a", "!!a"},
		{"$env.x", "$env.x"},
		{"1 .. 3", "1..3"},
		{`"a  b"+"c"`, `"a  b" + "c"`},
		{"not(a)", "not (a)"},
		{"f(a,(b))", "f(a, (b))"},
		{"x\n  && y", "x && y"},
		// expr reads these as one number; our lexer splits them.
		{"x>1e3 || x<0x1F||x==1_000", "x > 1e3 || x < 0x1F || x == 1_000"},
		{"x >= 2.5e-3", "x >= 2.5e-3"},
		// A comment keeps the expression as written.
		{"x /* why */ &&  y", "x /* why */ &&  y"},
		{"x // why\n  &&  y", "x // why\n  &&  y"},
	}
	for _, tt := range tests {
		src := "rule r on h {\n  when " + tt.in + "\n}\n"
		got := string(formatSrc(t, "t.rules", []byte(src)))
		want := "rule r on h {\n  when " + tt.want + "\n}\n"
		if got != want {
			t.Errorf("when %q\ngot\n%s\nwant\n%s", tt.in, got, want)
		}
	}
}

func TestFormatErrors(t *testing.T) {
	if _, err := dsl.Format(nil); err == nil {
		t.Error("Format(nil) gave no error")
	}
	// A line near the limit whose string grows when re-quoted (each tab
	// becomes \t) would no longer parse: Format says so instead.
	src := "param p = \"" + strings.Repeat("\t", dsl.Limits.LineBytes-20) + "\"\n"
	f, diags := dsl.Parse("long.rules", []byte(src))
	if diags.HasErrors() {
		t.Fatal(diags)
	}
	_, err := dsl.Format(f)
	var de *dsl.DiagError
	if !errors.As(err, &de) || de.Diags[0].Code != "line-too-long" || de.Diags[0].Pos.File != "long.rules" {
		t.Fatalf("got %v, want a line-too-long diagnostic", err)
	}
}

// TestFormatBundled formats every bundled script: formatting is idempotent,
// and each module checks to the same declarations before and after.
func TestFormatBundled(t *testing.T) {
	modules := bundledModules(t)
	for _, m := range modules {
		t.Run(m.name, func(t *testing.T) { formatKeepsModule(t, m.fsys) })
	}
}

// TestFormatTestdataModules does the same for the modules under testdata:
// the txtar cases and the plain .rules files.
func TestFormatTestdataModules(t *testing.T) {
	paths, _ := filepath.Glob(filepath.Join("testdata", "*", "*.txtar"))
	if len(paths) == 0 {
		t.Fatal("no testdata modules")
	}
	for _, p := range paths {
		data, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		a := parseArchive(data)
		fsys := caseFS(a)
		if in, ok := a.Get("in.rules"); ok {
			fsys = fstest.MapFS{"in.rules": {Data: in}}
		}
		if _, diags := dsl.ParseFS(fsys, "."); diags.HasErrors() {
			continue // nothing to format
		}
		t.Run(filepath.Base(filepath.Dir(p))+"/"+filepath.Base(p), func(t *testing.T) { formatKeepsModule(t, fsys) })
	}
	// Modules kept as plain files, one module each.
	files, _ := filepath.Glob(filepath.Join("testdata", "*", "*"+dsl.Ext))
	for _, p := range files {
		data, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		fsys := fstest.MapFS{filepath.Base(p): {Data: data}}
		t.Run(filepath.Base(filepath.Dir(p))+"/"+filepath.Base(p), func(t *testing.T) { formatKeepsModule(t, fsys) })
	}
}

// TestFormatCommentsEverywhere puts a comment after every token of every
// bundled script: formatting must keep them all, stay idempotent and keep the
// module's meaning.
// Mixed styles alternate after successive tokens: a line comment then a
// block comment is the case that once turned commented-out code into code
// (`a// note⏎.b /* … */`: the `//` moved before the `/*` swallowed it).
func TestFormatCommentsEverywhere(t *testing.T) {
	for _, styles := range [][]string{{" /* c */ "}, {" // c\n"}, {" // c\n", " /* d */ "}, {" // c\n", " /* d\n//*/ "}, {" /* d */ ", " //*/\n", "/**/"}} {
		for _, m := range bundledModules(t) {
			commented := fstest.MapFS{}
			for name, f := range m.fsys {
				commented[name] = &fstest.MapFile{Data: []byte(commentAfterEachToken(t, string(f.Data), styles...))}
			}
			t.Run(fmt.Sprintf("%s/%q", m.name, styles), func(t *testing.T) {
				formatted := formatKeepsModule(t, commented)
				for name, f := range commented {
					if err := sameTokensAndComments(string(f.Data), string(formatted[name].Data)); err != nil {
						t.Errorf("%s: %v", name, err)
					}
				}
			})
		}
	}
}

// TestFormatCRLF: a file with Windows line ends formats to the same text as
// the file with Unix ones.
func TestFormatCRLF(t *testing.T) {
	for _, m := range bundledModules(t) {
		for name, f := range m.fsys {
			crlf := strings.ReplaceAll(string(f.Data), "\n", "\r\n")
			if got, want := formatSrc(t, name, []byte(crlf)), formatSrc(t, name, f.Data); string(got) != string(want) {
				t.Errorf("%s/%s: CRLF formats differently:\n%s", m.name, name, missingLines(string(want), string(got)))
			}
		}
	}
}

// commentAfterEachToken puts the comments after the tokens of src in turn,
// one after each token that is not whitespace or a comment.
func commentAfterEachToken(t testing.TB, src string, comments ...string) string {
	lx, err := dsl.Lexer.LexString("x", src)
	if err != nil {
		t.Fatal(err)
	}
	ws, cm := dsl.Lexer.Symbols()["Whitespace"], dsl.Lexer.Symbols()["Comment"]
	var b strings.Builder
	n := 0
	for {
		tok, err := lx.Next()
		if err != nil {
			t.Fatal(err)
		}
		if tok.EOF() {
			break
		}
		b.WriteString(tok.Value)
		if tok.Type != ws && tok.Type != cm {
			c := comments[n%len(comments)]
			if strings.HasSuffix(tok.Value, "/") && strings.HasPrefix(c, "/") {
				// A comment glued to a division would be a line comment
				// ("/" then "/**/" reads "//**/"): it is another source.
				c = " " + c
			}
			b.WriteString(c)
			n++
		}
	}
	return b.String()
}

type bundledModule struct {
	name string
	fsys fstest.MapFS // the module's files at the top level
}

// bundledModules lists the base modules and the battles, each as a folder.
func bundledModules(t testing.TB) []bundledModule {
	var out []bundledModule
	bases, _ := fs.Glob(stdlib.BaseFS, "*"+dsl.Ext)
	for _, b := range bases {
		data, err := fs.ReadFile(stdlib.BaseFS, b)
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, bundledModule{"stdlib/" + b, fstest.MapFS{b: {Data: data}}})
	}
	for _, g := range games.Names() {
		m := bundledModule{name: "games/" + g, fsys: fstest.MapFS{}}
		names, _ := fs.Glob(games.FS, g+"/*"+dsl.Ext)
		for _, n := range names {
			data, err := fs.ReadFile(games.FS, n)
			if err != nil {
				t.Fatal(err)
			}
			m.fsys[path.Base(n)] = &fstest.MapFile{Data: data}
		}
		out = append(out, m)
	}
	if len(out) < 2 {
		t.Fatalf("found %d bundled modules", len(out))
	}
	return out
}

// formatKeepsModule formats every file of the module in fsys, checks that a
// second pass changes nothing, and that both versions check the same; it
// returns the formatted files.
func formatKeepsModule(t *testing.T, fsys fstest.MapFS) fstest.MapFS {
	t.Helper()
	formatted := fstest.MapFS{}
	for name, f := range fsys {
		if !strings.HasSuffix(name, dsl.Ext) {
			formatted[name] = f
			continue
		}
		once := formatSrc(t, name, f.Data)
		if twice := formatSrc(t, name, once); string(twice) != string(once) {
			t.Errorf("%s: formatting is not idempotent\n--- once\n%s--- twice\n%s", name, once, twice)
		}
		formatted[name] = &fstest.MapFile{Data: once}
	}
	before, d1 := checkFSShared(fsys)
	after, d2 := checkFSShared(formatted)
	if before == nil || after == nil {
		// A module with errors must have the same errors.
		if c1, c2 := diagCodes(d1), diagCodes(d2); c1 != c2 {
			t.Errorf("diagnostics changed: before %s, after %s", c1, c2)
		}
		return formatted
	}
	if a, b := moduleSummary(before), moduleSummary(after); a != b {
		t.Errorf("formatting changed the module:\n%s", missingLines(a, b))
	}
	return formatted
}

// checkFSShared is checkFS with the modules the module extends, the base or
// a bundled battle (Danzig extends Friedland), taken as they ship, each
// checked once for the whole test binary: formatting one battle's files
// changes nothing of its base, and checking the base again for every
// battle, before and after, in every comment style, was most of the
// formatting tests' time. A module the folder itself holds under lib/ is
// loaded from there, as caseLoader does.
func checkFSShared(fsys fs.FS) (*dsl.Module, dsl.Diagnostics) {
	files, diags := dsl.ParseFS(fsys, ".")
	if diags.HasErrors() {
		return nil, diags
	}
	checked := func(id string, env *dsl.Env) *dsl.Module {
		if exists(fsys, "lib/"+id+dsl.Ext) {
			return nil
		}
		return shippedModule(id, env)
	}
	mod, more := dsl.CheckWith(files, stdlib.Env(), caseLoader(fsys), checked)
	return mod, append(diags, more...)
}

// shippedModules holds the base modules and the bundled battles as they
// ship, each checked once (nil for one that does not check).
var shippedModules sync.Map // id → *shipped

type shipped struct {
	once sync.Once
	mod  *dsl.Module
}

// shippedModule is the base module or bundled battle id as it ships,
// checked against env once; nil when there is none or env is not stdlib's.
func shippedModule(id string, env *dsl.Env) *dsl.Module {
	var fsys fs.FS
	var dir string
	switch {
	case env != stdlib.Env():
		return nil
	case exists(stdlib.BaseFS, id+dsl.Ext):
		fsys, dir = stdlib.BaseFS, id+dsl.Ext
	case exists(games.FS, id):
		fsys, dir = games.FS, id
	default:
		return nil
	}
	v, _ := shippedModules.LoadOrStore(id, &shipped{})
	s := v.(*shipped)
	s.once.Do(func() {
		files, diags := dsl.ParseFS(fsys, dir)
		if diags.HasErrors() {
			return
		}
		if m, diags := dsl.CheckWith(files, env, nil, shippedModule); !diags.HasErrors() {
			s.mod = m
		}
	})
	return s.mod
}

func diagCodes(ds dsl.Diagnostics) string {
	var out []string
	for _, d := range ds {
		out = append(out, string(d.Severity)+":"+d.Code)
	}
	sort.Strings(out)
	return strings.Join(out, " ")
}

// missingLines lists the lines of a that b lacks and the other way round.
func missingLines(a, b string) string {
	in := func(s string) map[string]bool {
		m := map[string]bool{}
		for _, l := range strings.Split(s, "\n") {
			m[l] = true
		}
		return m
	}
	ma, mb := in(a), in(b)
	var out strings.Builder
	for _, l := range strings.Split(a, "\n") {
		if !mb[l] {
			out.WriteString("- " + l + "\n")
		}
	}
	for _, l := range strings.Split(b, "\n") {
		if !ma[l] {
			out.WriteString("+ " + l + "\n")
		}
	}
	return out.String()
}

// moduleSummary writes what a checked module means, without positions: params,
// vocabulary, tables with their rows, checks, rules with their clauses
// (expressions without whitespace) and scenarios.
func moduleSummary(m *dsl.Module) string {
	var b strings.Builder
	w := func(format string, args ...any) { fmt.Fprintf(&b, format+"\n", args...) }
	src := func(p *dsl.Program) string {
		if p == nil {
			return "-"
		}
		return strings.Join(strings.Fields(p.Source), "")
	}
	w("module %s %s %q %q cite %q", m.Kind, m.ID, m.Title, m.Edition, m.Cite)
	if m.Base != nil {
		w("extends %s", m.Base.ID)
	}
	for _, k := range keysOf(m.Params) {
		p := m.Params[k]
		w("param %s = %#v cite %q from %s override %v", k, p.Value, p.Cite, p.Module, p.Override)
	}
	for _, kind := range keysOf(m.Vocab) {
		for _, name := range keysOf(m.Vocab[kind]) {
			v := m.Vocab[kind][name]
			w("%s %s %q cite %q from %s", kind, name, v.Title, v.Cite, v.Module)
			for _, key := range keysOf(v.Props) {
				w("  %s: %#v", key, v.Props[key])
			}
		}
	}
	for _, name := range keysOf(m.Tables) {
		t := m.Tables[name]
		w("table %s %q roll %s cite %q from %s", name, t.Title, t.Roll, t.Cite, t.Module)
		for _, c := range t.Columns {
			w("  column %q when %s", c.Title, src(c.When))
			for _, r := range c.Rows {
				w("    %s => %s %d %v", r.RangeString(), r.Outcome, r.Value, r.HasValue)
			}
		}
	}
	for _, name := range keysOf(m.Checks) {
		c := m.Checks[name]
		w("check %s %q roll %s pass %s %s cite %q", name, c.Title, c.Roll, c.Direction, src(c.Threshold), c.Cite)
	}
	for _, r := range m.Rules {
		w("rule %s %q on %s cite %q from %s override %v", r.ID, r.Title, r.Hook, r.Cite, r.Module, r.Override)
		for _, c := range r.Clauses {
			w("  clause %d %s %q %q %q of %s", c.Kind, src(c.Cond), c.Message, c.Name, c.Question, src(c.Of))
			for _, call := range c.Calls {
				var args []string
				for _, a := range call.Args {
					switch {
					case a == nil:
						args = append(args, "_")
					case a.Prog != nil:
						args = append(args, src(a.Prog))
					default:
						args = append(args, "@"+a.Ref)
					}
				}
				w("    %s(%s)", call.Effect.Name, strings.Join(args, ", "))
			}
		}
	}
	for _, s := range m.Scenarios {
		w("scenario %s %q map %dx%d %s turn %s", s.Name, s.Title, s.Cols, s.Rows, s.DefaultTerrain, s.Turn)
		if s.Seed != nil {
			w("  seed %d", *s.Seed)
		}
		hex := func(h dsl.HexSpec) string { return fmt.Sprintf("%s/%d/%d/%v", h.Number, h.Q, h.R, h.Axial) }
		for _, hs := range s.Terrain {
			var hexes []string
			for _, h := range hs.Hexes {
				hexes = append(hexes, hex(h))
			}
			w("  %s %s %s", hs.Kind, hs.Terrain, strings.Join(hexes, " "))
		}
		for _, u := range s.Units {
			w("  unit %s %q", u.ID, u.Name)
			for _, k := range keysOf(u.Props) {
				var vals []string
				for _, v := range u.Props[k].Values {
					if h, ok := v.(dsl.HexSpec); ok {
						vals = append(vals, hex(h))
					} else {
						vals = append(vals, fmt.Sprintf("%#v", v))
					}
				}
				w("    %s: %s", k, strings.Join(vals, ", "))
			}
		}
		for _, o := range s.Orders {
			var path []string
			for _, h := range o.Path {
				path = append(path, hex(h))
			}
			w("  %s %s at %s as %s step %d path %s", o.Kind, o.Unit, o.Target, o.Formation, o.Step, strings.Join(path, " "))
		}
		for _, d := range s.Decisions {
			w("  decide %s %q %v", d.Unit, d.Question, d.Answer)
		}
	}
	return b.String()
}

func keysOf[V any](m map[string]V) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}
