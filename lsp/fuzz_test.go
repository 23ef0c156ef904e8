package lsp

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/bataille/bataille/lsp/jsonrpc"
)

// FuzzFeatures opens any text as a module file and asks every feature
// about any position: nothing panics, and every range answered lies in the
// file. The module extends nothing, so that each check is quick.
func FuzzFeatures(f *testing.F) {
	f.Add("module m \"M\"\nparam a.b = 1 cite \"p1\"\nrule r.x \"X\" on turn_end {\n  when unit.morale > a.b\n  do tire(unit)\n}\n", 3, 9)
	f.Add("module m\nterrain clear { cost: 1 }\nscenario s { map 2 x 2 clear\n unit u \"U\" { side: a  at: 0101 }\n decide u q yes }\n", 4, 2)
	f.Add("module m\ntable t roll 1d6 { 1..6 => ok }\nrule a on t.ok { do roll(t) }\nrule b on ", 3, 10)
	f.Add("module m\nrule r on melee { when \"Carré🐎\" == attacker.formation && ", 1, 30)
	f.Add("module m\nchart c by side only a | b { a => 1  b => 2 }\nmodifier t.m { 1 when c(\"a\") > 0 }", 2, 20)
	dir := filepath.Join(f.TempDir(), "m")
	if err := os.MkdirAll(dir, 0o755); err != nil {
		f.Fatal(err)
	}
	file := filepath.Join(dir, "m.rules")
	if err := os.WriteFile(file, nil, 0o644); err != nil {
		f.Fatal(err)
	}
	uri := pathToURI(file)
	cache := f.TempDir()
	f.Fuzz(func(t *testing.T, src string, line, col int) {
		if len(src) > 4096 {
			return
		}
		var out bytes.Buffer
		s := newServer(&out, Options{CacheDir: cache})
		if _, err := s.initialize(nil); err != nil {
			t.Fatal(err)
		}
		if _, err := s.didOpen(DidOpenTextDocumentParams{TextDocument: TextDocumentItem{URI: uri, Version: 1, Text: src}}); err != nil {
			t.Fatal(err)
		}
		lines := strings.Count(src, "\n") + 1
		inFile := func(what string, r Range) {
			if r.Start.Line < 0 || r.End.Line >= lines || before(r.End, r.Start) {
				t.Fatalf("%s: range %+v outside the %d lines of %q", what, r, lines, src)
			}
		}
		r := jsonrpc.NewReader(&out)
		for {
			m, err := r.Read()
			if err != nil {
				break
			}
			var p PublishDiagnosticsParams
			if err := json.Unmarshal(m.Params, &p); err != nil {
				t.Fatal(err)
			}
			for _, d := range p.Diagnostics {
				inFile("diagnostic", d.Range)
			}
		}
		at := TextDocumentPositionParams{TextDocument: TextDocumentIdentifier{URI: uri}, Position: Position{Line: line % 64, Character: col % 256}}
		if h, err := s.hover(at); err == nil && h != nil && h.Range != nil {
			inFile("hover", *h.Range)
		}
		if locs, err := s.definition(at); err == nil {
			for _, l := range locs {
				if l.URI == uri {
					inFile("definition", l.Range)
				}
			}
		}
		refs := ReferenceParams{TextDocumentPositionParams: at}
		refs.Context.IncludeDeclaration = true
		if locs, err := s.references(refs); err == nil {
			for _, l := range locs {
				if l.URI == uri {
					inFile("reference", l.Range)
				}
			}
		}
		if _, err := s.completion(at); err != nil {
			t.Fatalf("completion: %v", err)
		}
		if _, err := s.signatureHelp(at); err != nil {
			t.Fatalf("signature help: %v", err)
		}
		doc := DocumentFormattingParams{TextDocument: TextDocumentIdentifier{URI: uri}}
		if syms, err := s.documentSymbol(doc); err == nil {
			for _, sym := range syms {
				inFile("symbol", sym.Range)
				inFile("symbol name", sym.SelectionRange)
			}
		}
		toks, err := s.semanticTokens(doc)
		if err != nil || len(toks.Data)%5 != 0 {
			t.Fatalf("semantic tokens: %v, %d numbers", err, len(toks.Data))
		}
		for i := 0; i < len(toks.Data); i += 5 {
			if toks.Data[i] < 0 || toks.Data[i+1] < 0 || toks.Data[i+2] <= 0 || toks.Data[i] == 0 && i > 0 && toks.Data[i+1] == 0 {
				t.Fatalf("semantic token %v out of order", toks.Data[i:i+5])
			}
		}
		_, _ = s.formatting(doc)
		for _, fx := range s.fixes[uri] {
			inFile("fix", fx.edit.Range)
		}
	})
}
