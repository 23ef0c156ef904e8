package lsp

import (
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"testing"

	"github.com/bataille/bataille/games"
)

// BenchmarkDidChange measures what a keystroke costs: a bundled battle's
// rules file changed in the editor, its folder parsed and checked with the
// base module, and its diagnostics published.
func BenchmarkDidChange(b *testing.B) {
	dir := filepath.Join(b.TempDir(), "berlin1813")
	sub, err := fs.Sub(games.FS, "berlin1813")
	if err != nil {
		b.Fatal(err)
	}
	if err := os.CopyFS(dir, sub); err != nil {
		b.Fatal(err)
	}
	src, err := os.ReadFile(filepath.Join(dir, "rules.rules"))
	if err != nil {
		b.Fatal(err)
	}
	s := newServer(io.Discard, Options{CacheDir: b.TempDir()})
	if _, err := s.initialize(nil); err != nil {
		b.Fatal(err)
	}
	uri := pathToURI(filepath.Join(dir, "rules.rules"))
	if _, err := s.didOpen(DidOpenTextDocumentParams{TextDocument: TextDocumentItem{URI: uri, Version: 1, Text: string(src)}}); err != nil {
		b.Fatal(err)
	}
	if a := s.results[dir]; a == nil || a.mod == nil {
		b.Fatalf("berlin1813 does not check in the server: %v", a.diags)
	}
	b.SetBytes(int64(len(src)))
	for i := 0; b.Loop(); i++ {
		p := DidChangeTextDocumentParams{TextDocument: VersionedTextDocumentIdentifier{URI: uri, Version: i + 2},
			ContentChanges: []TextDocumentContentChangeEvent{{Text: string(src)}}}
		if _, err := s.didChange(p); err != nil {
			b.Fatal(err)
		}
	}
}
