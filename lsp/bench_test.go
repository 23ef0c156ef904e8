package lsp

import (
	"bytes"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"testing"

	"github.com/bataille/bataille/games"
)

// BenchmarkDidChange measures what a keystroke costs: one character typed
// into (or deleted from) a bundled battle's rules file open in the editor,
// sent as an incremental change, its folder parsed and checked with the
// base module (checked once per process, as the server does), and its
// diagnostics published. hagelberg's rules file is the bundled one of 500
// lines (518); berlin1813's is short.
func BenchmarkDidChange(b *testing.B) {
	for _, battle := range []string{"hagelberg", "berlin1813"} {
		b.Run(battle, func(b *testing.B) { benchDidChange(b, battle) })
	}
}

func benchDidChange(b *testing.B, battle string) {
	dir := filepath.Join(b.TempDir(), battle)
	sub, err := fs.Sub(games.FS, battle)
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
		b.Fatalf("%s does not check in the server: %v", battle, a.diags)
	}
	// The keystroke: a space typed at the end of the file's first line,
	// then deleted, so that every other check sees the file as it was.
	lines := bytes.Count(src, []byte{'\n'})
	end := len([]rune(string(src[:bytes.IndexByte(src, '\n')])))
	typed := Range{Start: Position{Line: 0, Character: end}, End: Position{Line: 0, Character: end}}
	deleted := Range{Start: Position{Line: 0, Character: end}, End: Position{Line: 0, Character: end + 1}}
	b.ReportAllocs()
	cpu0, cpuOK := processCPU()
	for i := 0; b.Loop(); i++ {
		c := TextDocumentContentChangeEvent{Range: &typed, Text: " "}
		if i%2 == 1 {
			c = TextDocumentContentChangeEvent{Range: &deleted, Text: ""}
		}
		p := DidChangeTextDocumentParams{TextDocument: VersionedTextDocumentIdentifier{URI: uri, Version: i + 2},
			ContentChanges: []TextDocumentContentChangeEvent{c}}
		if _, err := s.didChange(p); err != nil {
			b.Fatal(err)
		}
		if a := s.results[dir]; a == nil || a.mod == nil {
			b.Fatalf("%s no longer checks after keystroke %d: %v", battle, i, a.diags)
		}
	}
	if cpu1, ok := processCPU(); cpuOK && ok && b.N > 0 {
		b.ReportMetric(float64(cpu1-cpu0)/float64(b.N), "cpu-ns/op")
	}
	b.ReportMetric(float64(lines), "lines")
}
