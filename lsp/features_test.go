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
	"github.com/bataille/bataille/stdlib"
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

chart cover "Cover" by terrain only clear | woods {
  clear => 0
  woods => 2
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
		{"param overridden", "rout.hexes", 1, 0, []string{"`rout.hexes` = `8` (after overrides)", "cite: My battle p40", "param rout.hexes = 10", "Premier Rules: Charge à cheval, trample and recall BER-40-ROUT-10"}},
		{"table with odds", "recall)", 0, 0, []string{"table recall \"Recall Chart\" roll 1d6", "| 1..4 | recall | 2/3 (66.7%) |", "| 5..6 | fail | 1/3 (33.3%) |", "placeholder: its figures are invented"}},
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
		// Key cells and a key's domain, from the checker's facts.
		{"word in a key's domain", uri, "woods {", 0, 0, "premier.rules", "woods \"Woods\""},
		{"word in a key cell", uri, "woods =>", 0, 1, "premier.rules", "woods \"Woods\""},
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

func TestSignatureHelp(t *testing.T) {
	ss, uri := battleSession(t)
	ss.change(uri, strings.Replace(rulesFile, "do tire(charger)", "do retreat(charger, 2, from: ", 1))
	h, err := ss.s.signatureHelp(ss.pos(uri, "from: ", 0, 6))
	if err != nil || h == nil || !strings.HasPrefix(h.Signatures[0].Label, "do retreat(unit unit, hexes whole number") || h.Signatures[0].Parameters[h.ActiveParameter].Label != "from" {
		t.Fatalf("signature help: %+v %v", h, err)
	}
	h, _ = ss.s.signatureHelp(ss.pos(uri, "retreat(charger, ", 0, len("retreat(charger, ")))
	if h == nil || h.ActiveParameter != 1 {
		t.Fatalf("second argument: %+v", h)
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
formation wedge "Wedge" { fr
class hussars "Hussars" { arm: c }
`
	// Open what checks, then type what does not parse yet.
	uri := ss.open("rules.rules")
	scen := ss.open("scenarios.rules", strings.Replace(scenariosFile, "formation: column  facing", "formation: c  facing", 1))
	for _, tt := range []struct {
		needle string
		shift  int
		want   string
	}{{"formation: c ", 12, "carre column limbered line"}, {"\"2nd Hussars\" { ", 17, "arm at at2 cavalry_bonus class"}} {
		got := strings.Join(ss.complete(scen, tt.needle, 0, tt.shift), " ")
		if !strings.HasPrefix(got, tt.want) {
			t.Errorf("completion at %q: %s, want it to start %s", tt.needle, got, tt.want)
		}
	}
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
		{"tables in roll(", "roll(r", 0, 6, []string{"recall", "carre_realization", "melee_combat"}, []string{"retreat", "unit", "stand"}},
		{"declarations at the top", "\np\n", 0, 2, []string{"param", "rule", "table", "override", "scenario", "chart", "modifier", "nationality"}, []string{"when"}},
		{"a word's properties", "{ fr", 0, 4, []string{"fronts", "zdi", "change_cost"}, []string{"cost", "side"}},
		{"a property's words", "arm: c", 0, 6, []string{"cavalry", "infantry"}, []string{"column"}},
	}
	// A dotted hook typed so far is replaced whole.
	l, err := ss.s.completion(ss.pos(uri, "on c\n", 0, 4))
	if err != nil || len(l.Items) == 0 || l.Items[0].TextEdit == nil || l.Items[0].TextEdit.Range.Start != posOf(t, src, "on c\n", 0, 3) {
		t.Fatalf("hook completion edit: %+v %v", l, err)
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

const newSyntax = `game mybattle "Test battle" extends premier

nationality french "French"
nationality russian "Russian"

chart assault_bonus "Assault bonus" by side only attacker | defender cite "My charts: assault" {
  attacker => 2
  defender => 1
}

modifier carre_realization.my_lancers "My lancers" cite "My charts p41" { 1 when charger.lancer }

rule my.close "Close in" on charge_contact {
  when charger.nationality == "french" && assault_bonus("attacker") > 1
  when target.formation != "colum"
  do retreat(target, 2)
}
`

// TestIssue10Syntax: charts, modifiers, nationalities and typed words.
func TestIssue10Syntax(t *testing.T) {
	ss := newSession(t, map[string]string{"rules.rules": newSyntax})
	uri := ss.open("rules.rules")
	diags := ss.published()[uri]
	if len(diags) != 1 || diags[0].Code != "unknown-formation" {
		t.Fatalf("want one unknown-formation diagnostic, got %+v", diags)
	}
	if want := posOf(t, newSyntax, "colum\"", 0, 0); diags[0].Range.Start != want {
		t.Fatalf("diagnostic at %+v, want %+v", diags[0].Range, want)
	}
	actions, err := ss.s.codeAction(CodeActionParams{TextDocument: TextDocumentIdentifier{URI: uri}, Range: diags[0].Range})
	if err != nil || len(actions) != 1 {
		t.Fatalf("code actions: %+v %v", actions, err)
	}
	fixed := applyEdits(t, newSyntax, actions[0].Edit.Changes[uri])
	ss.change(uri, fixed)
	if d := ss.published()[uri]; len(d) != 0 {
		t.Fatalf("after the fix: %+v", d)
	}
	if h := ss.hover(uri, "assault_bonus(", 0, 3); !strings.Contains(h, "chart assault_bonus") || !strings.Contains(h, "My charts: assault") {
		t.Errorf("hover on a chart call:\n%s", h)
	}
	if h := ss.hover(uri, `"french"`, 0, 2); !strings.Contains(h, `nationality french "French"`) {
		t.Errorf("hover on a nationality:\n%s", h)
	}
	if h := ss.hover(uri, "carre_realization.my", 0, 3); !strings.Contains(h, "modifier carre_realization.my_lancers") {
		t.Errorf("hover on a modifier:\n%s", h)
	}
	locs, derr := ss.s.definition(ss.pos(uri, "assault_bonus(", 0, 1))
	if derr != nil || len(locs) != 1 || locs[0].Range.Start != posOf(t, fixed, "assault_bonus", 0, 0) {
		t.Fatalf("definition of a chart call: %+v %v", locs, derr)
	}
	ss.change(uri, strings.Replace(fixed, `"french"`, `"`, 1))
	got := ss.complete(uri, `nationality == "`, 0, len(`nationality == "`))
	if strings.Join(got, " ") != "french russian" {
		t.Errorf("words after nationality == \": %v", got)
	}
}

func TestNeedsOverrideFix(t *testing.T) {
	src := "game mybattle \"Test\" extends premier\n\nplaceholder param rout.hexes = 8\n"
	ss := newSession(t, map[string]string{"rules.rules": src})
	uri := ss.open("rules.rules")
	diags := ss.published()[uri]
	if len(diags) != 1 || diags[0].Code != "needs-override" {
		t.Fatalf("want needs-override, got %+v", diags)
	}
	actions, err := ss.s.codeAction(CodeActionParams{TextDocument: TextDocumentIdentifier{URI: uri}, Range: diags[0].Range})
	if err != nil || len(actions) != 1 || actions[0].Title != "Add `override`" {
		t.Fatalf("code actions: %+v %v", actions, err)
	}
	fixed := applyEdits(t, src, actions[0].Edit.Changes[uri])
	if !strings.Contains(fixed, "\noverride placeholder param rout.hexes = 8\n") {
		t.Fatalf("fixed:\n%s", fixed)
	}
	ss.change(uri, fixed)
	if d := ss.published()[uri]; len(d) != 0 {
		t.Fatalf("after the fix: %+v", d)
	}
}

// The open buffer counts, not the file on disk; the folder's other files
// get their diagnostics too, and lose them when they are fixed.
func TestDiagnosticsAcrossFiles(t *testing.T) {
	broken := strings.Replace(scenariosFile, "formation: column", "formation: colum", 1)
	ss := newSession(t, map[string]string{"rules.rules": strings.Replace(rulesFile, "charger.morale", "charger.moral", 1), "scenarios.rules": broken})
	uri := ss.open("rules.rules", rulesFile) // fixed in the editor, not saved
	pub := ss.published()
	if d := pub[uri]; len(d) != 0 {
		t.Fatalf("the open buffer is clean, got %+v", d)
	}
	scen := ss.uri("scenarios.rules")
	if d := pub[scen]; len(d) != 1 || d[0].Code != "unknown-formation" || d[0].Range.Start != posOf(t, broken, "colum ", 0, 0) {
		t.Fatalf("scenarios.rules: %+v", d)
	}
	ss.open("scenarios.rules", scenariosFile)
	if d, ok := ss.published()[scen]; !ok || len(d) != 0 {
		t.Fatalf("scenarios.rules after the fix: %+v (published: %v)", d, ok)
	}
}

func TestDocumentSymbols(t *testing.T) {
	ss, uri := battleSession(t)
	ss.symbolsAre(t, uri, "mybattle:game Test battle rout.hexes:override param my.bonus:param my.close:rule carre.min:override rule my.recall:rule cover:chart")
	scen := ss.open("scenarios.rules")
	syms, _ := ss.s.documentSymbol(DocumentFormattingParams{TextDocument: TextDocumentIdentifier{URI: scen}})
	if len(syms) != 1 || len(syms[0].Children) != 2 || syms[0].Children[1].Name != "inf" || syms[0].Children[1].Detail != "1/13e Léger" {
		t.Fatalf("scenario symbols: %+v", syms)
	}
}

func TestSemanticTokens(t *testing.T) {
	ss, uri := battleSession(t)
	toks, err := ss.s.semanticTokens(DocumentFormattingParams{TextDocument: TextDocumentIdentifier{URI: uri}})
	if err != nil {
		t.Fatal(err)
	}
	if len(toks.Data)%5 != 0 {
		t.Fatalf("%d numbers, not a multiple of 5", len(toks.Data))
	}
	// Decode into "line:col text type" and look for a few.
	lines := strings.Split(rulesFile, "\n")
	got := map[string]map[string]bool{} // text → the types it is given
	line, col := 0, 0
	for i := 0; i < len(toks.Data); i += 5 {
		if toks.Data[i] > 0 {
			col = 0
		}
		line += toks.Data[i]
		col += toks.Data[i+1]
		u := utf16Slice(lines[line], col, toks.Data[i+2])
		if got[u] == nil {
			got[u] = map[string]bool{}
		}
		got[u][semanticTypes[toks.Data[i+3]]] = true
	}
	want := map[string]string{
		"override": "keyword", "mybattle": "namespace", "premier": "namespace", "close": "function",
		"charge_contact": "event", "charger": "parameter", "morale": "property", "retreat": "function",
		"recall": "struct", `"line"`: "enumMember", `"My battle p40"`: "string", "rout": "variable",
	}
	for text, typ := range want {
		if !got[text][typ] {
			t.Errorf("%s: %v, want %q", text, got[text], typ)
		}
	}
}

// utf16Slice cuts a line by UTF-16 units, as the protocol counts.
func utf16Slice(line string, from, n int) string {
	units, start := 0, -1
	for i, r := range line {
		if units == from {
			start = i
		}
		if start >= 0 && units == from+n {
			return line[start:i]
		}
		units += utf16Len(r)
	}
	if start < 0 {
		return ""
	}
	return line[start:]
}

func TestProtocolErrors(t *testing.T) {
	var out strings.Builder
	in := strings.NewReader(frame(`{"jsonrpc":"2.0","id":1,"method":"textDocument/hover","params":{}}`) +
		frame(`{"jsonrpc":"2.0","id":2,"method":"initialize","params":{}}`) +
		frame(`{"jsonrpc":"2.0","id":3,"method":"no/such"}`) +
		frame(`{"jsonrpc":"2.0","id":4,"method":"textDocument/hover","params":{"textDocument":{"uri":"file:///nowhere.rules"},"position":{"line":0,"character":0}}}`) +
		frame(`not json`) +
		frame(`{"jsonrpc":"2.0","method":"exit"}`))
	err := Serve(t.Context(), in, &out, Options{})
	if !errors.Is(err, ErrNoShutdown) {
		t.Errorf("exit without shutdown: %v, want ErrNoShutdown", err)
	}
	r := jsonrpc.NewReader(strings.NewReader(out.String()))
	want := []int{jsonrpc.CodeServerNotInitialized, 0, jsonrpc.CodeMethodNotFound, jsonrpc.CodeInvalidParams, jsonrpc.CodeParseError}
	for i, code := range want {
		m, err := r.Read()
		if err != nil {
			t.Fatalf("answer %d: %v", i, err)
		}
		got := 0
		if m.Error != nil {
			got = m.Error.Code
		}
		if got != code {
			t.Errorf("answer %d: code %d, want %d (%s)", i, got, code, m.Error)
		}
	}
}

func frame(body string) string { return "Content-Length: " + itoa(len(body)) + "\r\n\r\n" + body }

// A battle that extends a sibling folder: definition leads to the sibling
// on disk, and a change there, told by the editor, is checked again.
func TestSiblingBase(t *testing.T) {
	ss := newSession(t, map[string]string{"rules.rules": "game mybattle \"Mine\" extends base-mod\n\noverride param my.x = 2\n"})
	base := filepath.Join(filepath.Dir(ss.dir), "base-mod", "rules.rules")
	if err := os.MkdirAll(filepath.Dir(base), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(base, []byte("game base_mod \"Base\" extends premier\n\nparam my.x = 1 cite \"Base p1\"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	uri := ss.open("rules.rules")
	if d := ss.published()[uri]; len(d) != 0 {
		t.Fatalf("does not check: %+v", d)
	}
	locs, err := ss.s.definition(ss.pos(uri, "my.x", 0, 0))
	if err != nil || len(locs) != 1 || locs[0].URI != pathToURI(base) || locs[0].Range.Start != (Position{Line: 2, Character: 6}) {
		t.Fatalf("definition: %+v %v, want %s at 2:6", locs, err, pathToURI(base))
	}
	if h := ss.hover(uri, "my.x", 0, 0); !strings.Contains(h, "replaces the version of module base_mod") || !strings.Contains(h, "Base p1") {
		t.Errorf("hover:\n%s", h)
	}
	if err := os.WriteFile(base, []byte("game base_mod \"Base\" extends premier\n\nparam my.x = 1\nrule r \"R\" on no_such_hook {\n  do tire(unit)\n}\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := ss.s.filesChanged(nil); err != nil {
		t.Fatal(err)
	}
	pub := ss.published()
	if d := pub[uri]; len(d) != 1 || d[0].Code != "bad-base" {
		t.Errorf("the battle: %+v, want bad-base", d)
	}
	if d := pub[pathToURI(base)]; len(d) == 0 || d[0].Code != "unknown-hook" {
		t.Errorf("the base: %+v, want unknown-hook", d)
	}
}

// TestEditSymbols: a column edit and a cell edit are listed as versions of
// the table and the chart they change.
func TestEditSymbols(t *testing.T) {
	src := `game snowy "Snowy" extends friedland

override column recall russian, light { 1 => fail  2..7 => recall }
override cell fire_multiple russian, guard, carre => 3
`
	ss := newSession(t, map[string]string{"rules.rules": src})
	uri := ss.open("rules.rules")
	if d := ss.published()[uri]; len(d) != 0 {
		t.Fatalf("the variant does not check: %+v", d)
	}
	ss.symbolsAre(t, uri, "snowy:game Snowy recall:override table fire_multiple:override chart")
}

// symbolsAre fails the test unless a file's top-level symbols, each as
// NAME:DETAIL, are want, space-separated.
func (ss *session) symbolsAre(t *testing.T, uri, want string) {
	t.Helper()
	syms, err := ss.s.documentSymbol(DocumentFormattingParams{TextDocument: TextDocumentIdentifier{URI: uri}})
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, s := range syms {
		got = append(got, s.Name+":"+s.Detail)
	}
	if strings.Join(got, " ") != want {
		t.Fatalf("symbols:\n%s\nwant:\n%s", strings.Join(got, " "), want)
	}
}

// TestScenarioWordsFromEnv: the order words and the unit properties of a
// scenario are the Env's: hovering one says what it declares, and an order's
// word is a keyword for the editor's colours, though the grammar does not
// list it.
func TestScenarioWordsFromEnv(t *testing.T) {
	ss, _ := battleSession(t)
	scen := ss.open("scenarios.rules")
	for _, tt := range []struct {
		name, needle string
		want         string
	}{
		{"order word", "charge hus", "**order** `charge`: " + stdlib.Env().Orders["charge"].Doc},
		{"unit property", "mp: 8", "`mp`: " + stdlib.Env().UnitProps["mp"].Doc},
	} {
		t.Run(tt.name, func(t *testing.T) {
			if got := ss.hover(scen, tt.needle, 0, 0); !strings.Contains(got, tt.want) {
				t.Errorf("hover %q:\n%s\nwant %q", tt.needle, got, tt.want)
			}
		})
	}
	toks, err := ss.s.semanticTokens(DocumentFormattingParams{TextDocument: TextDocumentIdentifier{URI: scen}})
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(scenariosFile, "\n")
	line, col, found := 0, 0, false
	for i := 0; i < len(toks.Data); i += 5 {
		if toks.Data[i] > 0 {
			col = 0
		}
		line += toks.Data[i]
		col += toks.Data[i+1]
		if utf16Slice(lines[line], col, toks.Data[i+2]) == "charge" && semanticTypes[toks.Data[i+3]] == "keyword" {
			found = true
		}
	}
	if !found {
		t.Error("the order word charge is not a keyword among the semantic tokens")
	}
}
