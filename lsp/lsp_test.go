package lsp

import (
	"context"
	"encoding/json"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"unicode/utf16"

	"github.com/bataille/bataille/dsl"
	"github.com/bataille/bataille/lsp/jsonrpc"
	"github.com/bataille/bataille/stdlib"
)

// client is the editor's side of a conversation with the server over a pipe.
type client struct {
	t      *testing.T
	w      *jsonrpc.Writer
	in     chan *jsonrpc.Message // what the server sends, read as it comes
	nextID int
	// notes are the notifications received, in order.
	notes []*jsonrpc.Message
	done  chan error
	close func()
}

func newClient(t *testing.T, cacheDir string) *client {
	t.Helper()
	toServer, fromClient := io.Pipe()
	fromServer, toClient := io.Pipe()
	c := &client{t: t, w: jsonrpc.NewWriter(fromClient), in: make(chan *jsonrpc.Message, 1000), done: make(chan error, 1)}
	// The pipe has no buffer: read all the time, or the server blocks
	// writing a notification while the client blocks writing a request.
	go func() {
		r := jsonrpc.NewReader(fromServer)
		for {
			m, err := r.Read()
			if err != nil {
				close(c.in)
				return
			}
			c.in <- m
		}
	}()
	go func() {
		err := Serve(context.Background(), toServer, toClient, Options{CacheDir: cacheDir, Version: "test"})
		toClient.Close()
		c.done <- err
	}()
	c.close = func() { fromClient.Close() }
	t.Cleanup(func() { c.close() })
	return c
}

// call sends a request and returns its result, keeping the notifications
// that come before it.
func (c *client) call(method string, params any, result any) *jsonrpc.Error {
	c.t.Helper()
	c.nextID++
	req, err := jsonrpc.Request(c.nextID, method, params)
	if err != nil {
		c.t.Fatal(err)
	}
	if err := c.w.Write(req); err != nil {
		c.t.Fatalf("%s: %v", method, err)
	}
	for {
		// No deadline of its own: a server that never answers is stopped
		// by go test's timeout, and a slow machine is not a failure.
		m, ok := <-c.in
		if !ok {
			c.t.Fatalf("%s: the server closed the stream", method)
		}
		if m.Method != "" {
			c.notes = append(c.notes, m)
			continue
		}
		if string(m.ID) != itoa(c.nextID) {
			c.t.Fatalf("%s: answer to id %s, want %d", method, m.ID, c.nextID)
		}
		if m.Error != nil {
			return m.Error
		}
		if result != nil {
			if err := json.Unmarshal(m.Result, result); err != nil {
				c.t.Fatalf("%s: result %s: %v", method, m.Result, err)
			}
		}
		return nil
	}
}

func itoa(n int) string { b, _ := json.Marshal(n); return string(b) }

func (c *client) notify(method string, params any) {
	c.t.Helper()
	m, err := jsonrpc.Notification(method, params)
	if err != nil {
		c.t.Fatal(err)
	}
	if err := c.w.Write(m); err != nil {
		c.t.Fatalf("%s: %v", method, err)
	}
}

// diagnostics waits for the diagnostics published for uri after a
// notification: the server publishes them before it reads the next
// message, so a request sent after the notification flushes them.
func (c *client) diagnostics(uri string) []Diagnostic {
	c.t.Helper()
	c.notes = nil
	var syms []DocumentSymbol
	if err := c.call("textDocument/documentSymbol", DocumentFormattingParams{TextDocument: TextDocumentIdentifier{URI: uri}}, &syms); err != nil {
		c.t.Fatalf("flush: %v", err)
	}
	var last *PublishDiagnosticsParams
	for _, m := range c.notes {
		if m.Method != "textDocument/publishDiagnostics" {
			continue
		}
		var p PublishDiagnosticsParams
		if err := json.Unmarshal(m.Params, &p); err != nil {
			c.t.Fatal(err)
		}
		if p.URI == uri {
			last = &p
		}
	}
	if last == nil {
		c.t.Fatalf("no diagnostics published for %s", uri)
	}
	return last.Diagnostics
}

// utf16Col is the protocol column of a byte offset in a line, counted
// here independently of the server's conversion.
func utf16Col(line string, byteOff int) int { return len(utf16.Encode([]rune(line[:byteOff]))) }

// posOf finds the protocol position of the nth occurrence (from 0) of
// needle in src, plus shift bytes.
func posOf(t *testing.T, src, needle string, nth, shift int) Position {
	t.Helper()
	off := -1
	for i := 0; i <= nth; i++ {
		j := strings.Index(src[off+1:], needle)
		if j < 0 {
			t.Fatalf("%q not found %d times", needle, nth+1)
		}
		off += 1 + j
	}
	off += shift
	line := strings.Count(src[:off], "\n")
	start := strings.LastIndexByte(src[:off], '\n') + 1
	return Position{Line: line, Character: utf16Col(src[start:], off-start)}
}

// applyEdits applies non-overlapping edits the way an editor does.
func applyEdits(t *testing.T, src string, edits []TextEdit) string {
	t.Helper()
	txt := newText(src)
	for i := len(edits) - 1; i >= 0; i-- {
		txt = txt.edit(&edits[i].Range, edits[i].NewText)
	}
	return txt.src
}

const battle = `game mybattle "Test battle" extends premier

override param rout.hexes = 8 cite "My battle p40"

rule my.close "Close in" on charge_contact cite "My battle p41" {
  when "🐎 Carré" != charger.name && charger.moral > 2
  do retreat(target, rout.hexes)
}

rule my.tired "Tired" on turn_end {
  when unit.tired
  do mark(unit, "tired")
}
`

// TestConversation runs a whole session over a pipe, as an editor would.
func TestConversation(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "mybattle")
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	file := filepath.Join(dir, "rules.rules")
	if err := os.WriteFile(file, []byte(battle), 0o644); err != nil {
		t.Fatal(err)
	}
	uri := pathToURI(file)
	cache := t.TempDir()
	c := newClient(t, cache)
	doc := TextDocumentIdentifier{URI: uri}

	// initialize
	var init InitializeResult
	if err := c.call("initialize", InitializeParams{RootURI: pathToURI(filepath.Dir(dir))}, &init); err != nil {
		t.Fatal(err)
	}
	if init.Capabilities["hoverProvider"] != true || init.Capabilities["positionEncoding"] != "utf-16" || init.ServerInfo.Name != "bataille" {
		t.Fatalf("initialize: %+v", init)
	}
	c.notify("initialized", struct{}{})

	// open a module with a misspelt field: one diagnostic, on the word,
	// with columns in UTF-16 (the horse before it is two units, one rune).
	c.notify("textDocument/didOpen", DidOpenTextDocumentParams{TextDocument: TextDocumentItem{URI: uri, LanguageID: "bataille", Version: 1, Text: battle}})
	diags := c.diagnostics(uri)
	if len(diags) != 1 {
		t.Fatalf("got %d diagnostics, want 1: %+v", len(diags), diags)
	}
	d := diags[0]
	start := posOf(t, battle, "moral", 0, 0)
	want := Range{Start: start, End: Position{Line: start.Line, Character: start.Character + 5}}
	if d.Range != want || d.Severity != SeverityError || !strings.Contains(d.Message, `did you mean "morale"?`) {
		t.Fatalf("diagnostic %+v, want at %+v with a did-you-mean", d, want)
	}
	if start.Character != strings.Index(strings.Split(battle, "\n")[5], "moral")-3 {
		// é is one unit for two bytes, the horse two units for four bytes
		// (and one character, which the language's columns count).
		t.Fatalf("column %d is not the UTF-16 column", start.Character)
	}

	// the quick fix replaces the word; applied, the module checks
	var actions []CodeAction
	if err := c.call("textDocument/codeAction", CodeActionParams{TextDocument: doc, Range: d.Range, Context: CodeActionContext{Diagnostics: diags}}, &actions); err != nil {
		t.Fatal(err)
	}
	if len(actions) != 1 || actions[0].Kind != "quickfix" || actions[0].Title != `Change "moral" to "morale"` {
		t.Fatalf("code actions: %+v", actions)
	}
	edits := actions[0].Edit.Changes[uri]
	fixed := applyEdits(t, battle, edits)
	if !strings.Contains(fixed, "charger.morale > 2") {
		t.Fatalf("the fix gave:\n%s", fixed)
	}
	c.notify("textDocument/didChange", DidChangeTextDocumentParams{TextDocument: VersionedTextDocumentIdentifier{URI: uri, Version: 2},
		ContentChanges: []TextDocumentContentChangeEvent{{Range: &edits[0].Range, Text: edits[0].NewText}}})
	if diags := c.diagnostics(uri); len(diags) != 0 {
		t.Fatalf("after the fix: %+v", diags)
	}

	// hover a param: its value after the override, its citation, the base
	var hover Hover
	if err := c.call("textDocument/hover", TextDocumentPositionParams{TextDocument: doc, Position: posOf(t, fixed, "rout.hexes", 1, 6)}, &hover); err != nil {
		t.Fatal(err)
	}
	for _, w := range []string{"**param** `rout.hexes` = `8`", "cite: My battle p40", "module premier", "param rout.hexes = 10"} {
		if !strings.Contains(hover.Contents.Value, w) {
			t.Errorf("hover lacks %q:\n%s", w, hover.Contents.Value)
		}
	}

	// go to the base of the override: premier, written out for the editor
	var locs []Location
	if err := c.call("textDocument/definition", TextDocumentPositionParams{TextDocument: doc, Position: posOf(t, fixed, "rout.hexes", 0, 2)}, &locs); err != nil {
		t.Fatal(err)
	}
	premier, _ := stdlib.BaseFS.ReadFile("premier.rules")
	wantPos := posOf(t, string(premier), "param rout.hexes ", 0, len("param "))
	if len(locs) != 1 || !strings.HasSuffix(locs[0].URI, "/premier.rules") || locs[0].Range.Start != wantPos {
		t.Fatalf("definition: %+v, want premier.rules at %+v", locs, wantPos)
	}
	if p, _ := uriToPath(locs[0].URI); !strings.HasPrefix(p, cache) {
		t.Fatalf("definition in %s, want it written under the cache %s", p, cache)
	} else if got, err := os.ReadFile(p); err != nil || string(got) != string(premier) {
		t.Fatalf("the written base differs from premier.rules: %v", err)
	}

	// complete after `unit.`: the unit's fields
	var list CompletionList
	if err := c.call("textDocument/completion", TextDocumentPositionParams{TextDocument: doc, Position: posOf(t, fixed, "unit.tired", 0, 5)}, &list); err != nil {
		t.Fatal(err)
	}
	fields := map[string]CompletionItem{}
	for _, it := range list.Items {
		fields[it.Label] = it
	}
	for _, f := range []string{"morale", "formation", "tired", "increments"} {
		if it, ok := fields[f]; !ok || it.Kind != CompletionField {
			t.Errorf("completion after unit. lacks field %q: %+v", f, list.Items)
		}
	}
	if _, ok := fields["retreat"]; ok {
		t.Errorf("completion after unit. offers an effect")
	}

	// format: the same text as bataille fmt
	messy := strings.Replace(fixed, "override param rout.hexes = 8", "override   param rout.hexes=8", 1)
	c.notify("textDocument/didChange", DidChangeTextDocumentParams{TextDocument: VersionedTextDocumentIdentifier{URI: uri, Version: 3},
		ContentChanges: []TextDocumentContentChangeEvent{{Text: messy}}})
	var fmtEdits []TextEdit
	if err := c.call("textDocument/formatting", DocumentFormattingParams{TextDocument: doc}, &fmtEdits); err != nil {
		t.Fatal(err)
	}
	parsed, pd := dsl.Parse("rules.rules", []byte(messy))
	if pd.HasErrors() {
		t.Fatal(pd)
	}
	formatted, err := dsl.Format(parsed)
	if err != nil {
		t.Fatal(err)
	}
	if got := applyEdits(t, messy, fmtEdits); got != string(formatted) || !strings.Contains(got, "override param rout.hexes = 8") {
		t.Fatalf("formatting gave:\n%s\nwant:\n%s", got, formatted)
	}

	// shut down, then exit
	var res json.RawMessage
	if err := c.call("shutdown", nil, &res); err != nil || string(res) != "null" {
		t.Fatalf("shutdown: %s, %v", res, err)
	}
	c.notify("exit", nil)
	if err := <-c.done; err != nil {
		t.Fatalf("the server ended with %v", err)
	}
}

// openBattle writes src as the rules of a battle folder and opens it in a
// server whose workspace is the folder's parent, as an editor would.
func openBattle(t *testing.T, src string) (*client, string) {
	t.Helper()
	dir := filepath.Join(t.TempDir(), "mybattle")
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	file := filepath.Join(dir, "rules.rules")
	if err := os.WriteFile(file, []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	uri := pathToURI(file)
	c := newClient(t, t.TempDir())
	var init InitializeResult
	if err := c.call("initialize", InitializeParams{RootURI: pathToURI(filepath.Dir(dir))}, &init); err != nil {
		t.Fatal(err)
	}
	c.notify("initialized", struct{}{})
	c.notify("textDocument/didOpen", DidOpenTextDocumentParams{TextDocument: TextDocumentItem{URI: uri, LanguageID: "bataille", Version: 1, Text: src}})
	return c, uri
}

// applyQuickFix asks for the code actions on d, wants exactly one quick
// fix with the given title, applies it to text, sends the change as
// version and returns the new text.
func applyQuickFix(t *testing.T, c *client, uri, text string, version int, diags []Diagnostic, d Diagnostic, title string) string {
	t.Helper()
	var actions []CodeAction
	if err := c.call("textDocument/codeAction", CodeActionParams{TextDocument: TextDocumentIdentifier{URI: uri}, Range: d.Range, Context: CodeActionContext{Diagnostics: diags}}, &actions); err != nil {
		t.Fatal(err)
	}
	if len(actions) != 1 || actions[0].Kind != "quickfix" || actions[0].Title != title {
		t.Fatalf("code actions for %+v: %+v", d, actions)
	}
	edits := actions[0].Edit.Changes[uri]
	c.notify("textDocument/didChange", DidChangeTextDocumentParams{TextDocument: VersionedTextDocumentIdentifier{URI: uri, Version: version},
		ContentChanges: []TextDocumentContentChangeEvent{{Range: &edits[0].Range, Text: edits[0].NewText}}})
	return applyEdits(t, text, edits)
}

// TestParamQuickFix: over the protocol, a misspelt param gets a quick fix
// on its name, from the checker's fix (not from its message), both where
// it is declared (after `override param`) and where a rule reads it;
// applied one after the other, the module checks.
func TestParamQuickFix(t *testing.T) {
	const src = `game mybattle "Test battle" extends premier

override param rout.hexs = 8 cite "My battle p40"

rule my.back "Back" on charge_contact {
  do retreat(target, rout.hexs)
}
`
	c, uri := openBattle(t, src)
	text, version := src, 1
	for _, want := range []struct{ at, title string }{
		{"rout.hexs = 8", `Change "rout.hexs" to "rout.hexes"`},
		{"rout.hexs)", `Change "hexs" to "hexes"`},
	} {
		diags := c.diagnostics(uri)
		if len(diags) == 0 {
			t.Fatalf("no diagnostic left for %s in:\n%s", want.at, text)
		}
		d := diags[0]
		if d.Range.Start != posOf(t, text, want.at, 0, 0) && d.Range.Start != posOf(t, text, want.at, 0, len("rout.")) {
			t.Fatalf("diagnostic %+v, want it at %q", d, want.at)
		}
		version++
		text = applyQuickFix(t, c, uri, text, version, diags, d, want.title)
	}
	if diags := c.diagnostics(uri); len(diags) != 0 || !strings.Contains(text, "override param rout.hexes = 8") || !strings.Contains(text, "retreat(target, rout.hexes)") {
		t.Fatalf("after the fixes: %+v\n%s", diags, text)
	}
}

// TestScenarioQuickFix: a scenario's misspelt terrain, reported at the
// first hex after it, and a map number short of its leading zero get quick
// fixes from the checker's fixes over the protocol; applied one after the
// other, the module checks.
func TestScenarioQuickFix(t *testing.T) {
	const src = `game mybattle "Test battle" extends premier

scenario s {
  map 8 x 8 clear
  turn a
  terrain wods 0202
  unit inf { side: a  arm: infantry  increments: 4  formation: line  facing: N  morale: 30  at: 303 }
  unit hus { side: b  arm: cavalry  increments: 4  formation: column  facing: S  morale: 30  mp: 8  at: 0606 }
}
`
	c, uri := openBattle(t, src)
	text, version := src, 1
	for _, want := range []struct{ at, title string }{
		{"wods", `Change "wods" to "woods"`},
		{"303", `Change "303" to "0303"`},
	} {
		diags := c.diagnostics(uri)
		if len(diags) == 0 {
			t.Fatalf("no diagnostic left for %s in:\n%s", want.at, text)
		}
		d := diags[0]
		at := posOf(t, text, want.at, 0, 0)
		if d.Range != (Range{Start: at, End: Position{Line: at.Line, Character: at.Character + len(want.at)}}) {
			t.Fatalf("diagnostic %+v, want it on %q at %+v", d, want.at, at)
		}
		version++
		text = applyQuickFix(t, c, uri, text, version, diags, d, want.title)
	}
	if diags := c.diagnostics(uri); len(diags) != 0 || !strings.Contains(text, "terrain woods 0202") || !strings.Contains(text, "at: 0303 }") {
		t.Fatalf("after the fixes: %+v\n%s", diags, text)
	}
}
