package lsp

import (
	"bytes"
	"encoding/json"
	"errors"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/bataille/bataille/lsp/jsonrpc"
)

// session drives a server by calling its handlers, for the tests of single
// features; TestConversation goes through the protocol.
type session struct {
	t   *testing.T
	s   *Server
	out *bytes.Buffer
	dir string
}

func newSession(t *testing.T, files map[string]string) *session {
	t.Helper()
	dir := filepath.Join(t.TempDir(), "mybattle")
	for name, src := range files {
		p := filepath.Join(dir, name)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	out := &bytes.Buffer{}
	s := newServer(out, Options{CacheDir: t.TempDir()})
	if _, err := s.initialize(nil); err != nil {
		t.Fatal(err)
	}
	return &session{t: t, s: s, out: out, dir: dir}
}

func (ss *session) uri(name string) string { return pathToURI(filepath.Join(ss.dir, name)) }

// open opens a file with its text on disk, or with text when given.
func (ss *session) open(name string, text ...string) string {
	ss.t.Helper()
	uri := ss.uri(name)
	src := strings.Join(text, "")
	if len(text) == 0 {
		b, err := os.ReadFile(filepath.Join(ss.dir, name))
		if err != nil {
			ss.t.Fatal(err)
		}
		src = string(b)
	}
	if _, err := ss.s.didOpen(DidOpenTextDocumentParams{TextDocument: TextDocumentItem{URI: uri, Version: 1, Text: src}}); err != nil {
		ss.t.Fatal(err)
	}
	return uri
}

func (ss *session) change(uri, text string) {
	ss.t.Helper()
	d, err := ss.s.doc(uri)
	if err != nil {
		ss.t.Fatal(err)
	}
	p := DidChangeTextDocumentParams{TextDocument: VersionedTextDocumentIdentifier{URI: uri, Version: d.version + 1},
		ContentChanges: []TextDocumentContentChangeEvent{{Text: text}}}
	if _, err := ss.s.didChange(p); err != nil {
		ss.t.Fatal(err)
	}
}

// published reads the diagnostics published since the last call, the last
// set for each URI.
func (ss *session) published() map[string][]Diagnostic {
	ss.t.Helper()
	out := map[string][]Diagnostic{}
	r := jsonrpc.NewReader(ss.out)
	for {
		m, err := r.Read()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			ss.t.Fatal(err)
		}
		var p PublishDiagnosticsParams
		if err := json.Unmarshal(m.Params, &p); err != nil {
			ss.t.Fatal(err)
		}
		out[p.URI] = p.Diagnostics
	}
	ss.out.Reset()
	return out
}

func (ss *session) src(uri string) string {
	d, err := ss.s.doc(uri)
	if err != nil {
		ss.t.Fatal(err)
	}
	return d.text.src
}

func (ss *session) pos(uri, needle string, nth, shift int) TextDocumentPositionParams {
	return TextDocumentPositionParams{TextDocument: TextDocumentIdentifier{URI: uri}, Position: posOf(ss.t, ss.src(uri), needle, nth, shift)}
}

func (ss *session) hover(uri, needle string, nth, shift int) string {
	ss.t.Helper()
	h, err := ss.s.hover(ss.pos(uri, needle, nth, shift))
	if err != nil {
		ss.t.Fatal(err)
	}
	if h == nil {
		return ""
	}
	return h.Contents.Value
}

func (ss *session) complete(uri, needle string, nth, shift int) []string {
	ss.t.Helper()
	l, err := ss.s.completion(ss.pos(uri, needle, nth, shift))
	if err != nil {
		ss.t.Fatal(err)
	}
	var out []string
	for _, it := range l.Items {
		out = append(out, it.Label)
	}
	return out
}

const rulesFile = `game mybattle "Test battle" extends premier

override param rout.hexes = 8 cite "My battle p40"
param my.bonus = 2

rule my.close "Close in" on charge_contact cite "My battle p41" {
  when charger.morale > my.bonus && target.formation == "line"
  do retreat(target, rout.hexes), roll(recall)
}

override rule carre.min "Carré needs two increments" on change_formation cite "My battle p17" {
  when formation == "carre"
  require unit.increments >= 2 else "too few"
}

rule my.recall "After the recall" on recall.fail {
  do tire(charger)
}
`

const scenariosFile = `scenario open_field "Hussars charge" {
  map 12 x 12 clear
  unit hus "2nd Hussars" { side: allied  arm: cavalry  increments: 4  formation: column  facing: N  morale: 31  mp: 8  at: 0610 }
  unit inf "1/13e Léger" { side: french  arm: infantry  increments: 6  formation: line  facing: S  morale: 36  at: 0604 }
  charge hus at inf path 0609 0608 0607 0606 0605
}
`

func battleSession(t *testing.T) (*session, string) {
	ss := newSession(t, map[string]string{"rules.rules": rulesFile, "scenarios.rules": scenariosFile})
	uri := ss.open("rules.rules")
	if d := ss.published()[uri]; len(d) != 0 {
		t.Fatalf("the test battle does not check: %+v", d)
	}
	return ss, uri
}

func TestHover(t *testing.T) {
	ss, uri := battleSession(t)
	tests := []struct {
		name, needle string
		nth, shift   int
		want         []string
	}{
		{"param declared here", "my.bonus", 1, 3, []string{"**param** `my.bonus` = `2`", "declared by module mybattle"}},
		{"param overridden", "rout.hexes", 1, 0, []string{"`rout.hexes` = `8` (after overrides)", "cite: My battle p40", "param rout.hexes = 10", "Berlin 1813 p40"}},
		{"table with odds", "recall)", 0, 0, []string{"table recall \"Recall Chart\" roll 1d6", "| 1..4 | recall | 2/3 (66.7%) |", "| 5..6 | fail | 1/3 (33.3%) |"}},
		{"hook", "charge_contact", 0, 2, []string{"**hook** `charge_contact`", "| `charger` | unit |", "rules on it: `contact.trample_disordered` (premier.rules:", "`my.close` (mybattle/rules.rules:6)"}},
		{"outcome hook", "recall.fail", 0, 8, []string{"**outcome hook** `recall.fail`", "| `roll` | whole number |"}},
		{"effect", "retreat", 0, 0, []string{"do retreat(unit unit, hexes whole number", "the unit retreats"}},
		{"hook variable", "charger.morale", 0, 1, []string{"charger unit", "the charging cavalry"}},
		{"field", "charger.morale", 0, 9, []string{"charger.morale whole number", "low is good"}},
		{"overridden rule", "carre.min", 0, 1, []string{"override rule carre.min", "replaces the version of module premier", "Carré needs three increments"}},
		{"vocabulary word in a string", `"line"`, 0, 2, []string{"formation line \"Line\""}},
		{"extended module", "premier", 0, 0, []string{"**module** `premier`"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := ss.hover(uri, tt.needle, tt.nth, tt.shift)
			for _, w := range tt.want {
				if !strings.Contains(got, w) {
					t.Errorf("hover lacks %q:\n%s", w, got)
				}
			}
		})
	}
}

func TestDefinition(t *testing.T) {
	ss, uri := battleSession(t)
	scen := ss.open("scenarios.rules")
	tests := []struct {
		name, uri, needle string
		nth, shift        int
		wantFile          string // suffix of the location's path
		wantLine          string // the text the location starts
	}{
		{"override to its base", uri, "rout.hexes", 0, 0, "premier.rules", "rout.hexes = 10"},
		{"override of a rule", uri, "carre.min", 0, 0, "premier.rules", "carre.min \"Carré needs three"},
		{"param use to the override", uri, "rout.hexes", 1, 5, "mybattle/rules.rules", "rout.hexes = 8"},
		{"table in roll", uri, "recall)", 0, 1, "premier.rules", "recall \"Recall Chart\""},
		{"outcome hook to its table", uri, "recall.fail", 0, 0, "premier.rules", "recall \"Recall Chart\""},
		{"hook to its rules", uri, "charge_contact", 0, 0, "premier.rules", "contact.trample_disordered"},
		{"word to its declaration", uri, `"line"`, 0, 1, "premier.rules", "line \"Line\""},
		{"unit in an order", scen, "inf path", 0, 0, "mybattle/scenarios.rules", "inf \"1/13e"},
		{"word in a scenario", scen, "column", 0, 0, "premier.rules", "column \"Column\""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			locs, err := ss.s.definition(ss.pos(tt.uri, tt.needle, tt.nth, tt.shift))
			if err != nil {
				t.Fatal(err)
			}
			if len(locs) == 0 {
				t.Fatal("no definition")
			}
			p, _ := uriToPath(locs[0].URI)
			if !strings.HasSuffix(filepath.ToSlash(p), tt.wantFile) {
				t.Fatalf("definition in %s, want %s", p, tt.wantFile)
			}
			src, rerr := os.ReadFile(p)
			if rerr != nil {
				t.Fatal(rerr)
			}
			off := newText(string(src)).offset(locs[0].Range.Start)
			if !strings.HasPrefix(string(src[off:]), tt.wantLine) {
				line, _, _ := strings.Cut(string(src[off:]), "\n")
				t.Fatalf("definition at %q, want %q", line, tt.wantLine)
			}
		})
	}
}

func TestReferences(t *testing.T) {
	ss, uri := battleSession(t)
	p := ReferenceParams{TextDocumentPositionParams: ss.pos(uri, "rout.hexes", 1, 0)}
	p.Context.IncludeDeclaration = true
	locs, err := ss.s.references(p)
	if err != nil {
		t.Fatal(err)
	}
	// premier's declaration and its uses, the override, the use here.
	var here, base int
	for _, l := range locs {
		if strings.HasSuffix(l.URI, "/premier.rules") {
			base++
		} else if l.URI == uri {
			here++
		}
	}
	if here != 2 || base < 2 {
		t.Fatalf("references: %d here (want 2) and %d in premier (want the declaration and a use): %+v", here, base, locs)
	}
	// A table's references include its outcome hooks.
	p = ReferenceParams{TextDocumentPositionParams: ss.pos(uri, "recall)", 0, 0)}
	locs, err = ss.s.references(p)
	if err != nil {
		t.Fatal(err)
	}
	found := false
	for _, l := range locs {
		if l.URI == uri && l.Range.Start == posOf(t, rulesFile, "recall.fail", 0, 0) {
			found = l.Range.End == posOf(t, rulesFile, "recall.fail", 0, len("recall.fail"))
		}
	}
	if !found {
		t.Fatalf("references of table recall lack the hook recall.fail: %+v", locs)
	}
}

func TestCompletion(t *testing.T) {
	ss := newSession(t, map[string]string{"rules.rules": rulesFile, "scenarios.rules": scenariosFile})
	src := rulesFile + `
rule my.new "New" on c
rule my.more "More" on turn_end {
  when unit.formation == "c" && my.
  do r
  do mark(unit, "x"), t
  do roll(r
}

p
`
	// Open what checks, then type what does not parse yet.
	uri := ss.open("rules.rules")
	ss.change(uri, src)
	if d := ss.published()[uri]; len(d) != 1 || d[0].Code != "syntax" {
		t.Fatalf("want one syntax error, got %+v", d)
	}
	tests := []struct {
		name, needle string
		nth, shift   int
		want, not    []string
	}{
		{"hooks after on", "on c", 0, 4, []string{"charge_contact", "recall.fail", "stand.pass", "carre_realization.rout"}, []string{"retreat"}},
		{"fields after unit.", "unit.formation", 0, 5, []string{"formation", "morale", "increments", "leader"}, []string{"charger"}},
		{"words in a string", `"c"`, 0, 2, []string{"column", "carre", "line"}, []string{"cavalry", "clear"}},
		{"param parts", "my.\n", 0, 3, []string{"bonus"}, nil},
		{"effects after do", "do r\n", 0, 4, []string{"retreat", "rout", "roll", "tire"}, []string{"unit"}},
		{"effects after a comma", `"x"), t`, 0, 7, []string{"tire", "mark"}, nil},
		{"tables in roll(", "roll(r", 0, 6, []string{"recall", "carre_realization", "melee_results"}, []string{"retreat", "unit"}},
		{"declarations at the top", "\np\n", 0, 2, []string{"param", "rule", "table", "override", "scenario"}, []string{"when"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := ss.complete(uri, tt.needle, tt.nth, tt.shift)
			has := map[string]bool{}
			for _, g := range got {
				has[g] = true
			}
			for _, w := range tt.want {
				if !has[w] {
					t.Errorf("lacks %q: %v", w, got)
				}
			}
			for _, w := range tt.not {
				if has[w] {
					t.Errorf("offers %q: %v", w, got)
				}
			}
		})
	}
}
