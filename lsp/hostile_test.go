package lsp

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// openScratch opens text as the file m/m.rules of a fresh folder in a new
// server, and returns the server and the file's URI.
func openScratch(t *testing.T, text string) (*Server, string) {
	t.Helper()
	dir := filepath.Join(t.TempDir(), "m")
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	file := filepath.Join(dir, "m.rules")
	if err := os.WriteFile(file, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	var out bytes.Buffer
	s := newServer(&out, Options{CacheDir: t.TempDir()})
	if _, err := s.initialize(nil); err != nil {
		t.Fatal(err)
	}
	uri := pathToURI(file)
	if _, err := s.didOpen(DidOpenTextDocumentParams{TextDocument: TextDocumentItem{URI: uri, Version: 1, Text: text}}); err != nil {
		t.Fatal(err)
	}
	return s, uri
}

// TestFormatOnSaveKeepsComments: format-on-save is bataille fmt's code, so
// the comment that once swallowed the line after it (a `//` inside a dotted
// name moved before a block comment) stays a comment, and the disabled
// override stays disabled.
func TestFormatOnSaveKeepsComments(t *testing.T) {
	text := "module m\n\nremove modifier carre_realization// note\n.light /* disabled:\noverride param rout.hexes = 99 //*/\n"
	s, uri := openScratch(t, text)
	edits, err := s.formatting(DocumentFormattingParams{TextDocument: TextDocumentIdentifier{URI: uri}})
	if err != nil {
		t.Fatal(err)
	}
	got := applyEdits(t, text, edits)
	want := "module m\n\nremove modifier carre_realization.light // note\n/* disabled:\noverride param rout.hexes = 99 //*/\n"
	if got != want {
		t.Fatalf("formatting gave:\n%s\nwant:\n%s", got, want)
	}
	if strings.Contains(got, "// note /*") {
		t.Fatal("the line comment swallows the block comment")
	}
}
