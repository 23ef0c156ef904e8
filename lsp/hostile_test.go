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

// TestHostileFolderInEditor: opening a file in a folder that also holds a
// link to /dev/zero, a 4 GB sparse file or a FIFO once killed the server
// (it read the file again with a plain read to highlight it) or hung it.
// Each is refused by the checker's reader, and the server answers.
func TestHostileFolderInEditor(t *testing.T) {
	cases := []struct {
		name, want string
		add        func(dir string) error
	}{
		{"link to /dev/zero", "a symbolic link", func(dir string) error { return os.Symlink("/dev/zero", filepath.Join(dir, "z.rules")) }},
		{"a 4 GB sparse file", "file is 4294967296 bytes, larger than 1048576; not read", func(dir string) error {
			f, err := os.Create(filepath.Join(dir, "huge.rules"))
			if err != nil {
				return err
			}
			defer f.Close()
			return f.Truncate(4 << 30)
		}},
		{"a FIFO", "not a regular file", func(dir string) error { return mkfifo(filepath.Join(dir, "p.rules")) }},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			dir := filepath.Join(t.TempDir(), "m")
			if err := os.MkdirAll(dir, 0o755); err != nil {
				t.Fatal(err)
			}
			text := "module m\nparam p = 1\n"
			file := filepath.Join(dir, "m.rules")
			if err := os.WriteFile(file, []byte(text), 0o644); err != nil {
				t.Fatal(err)
			}
			if err := c.add(dir); err != nil {
				t.Skipf("cannot set the case up here: %v", err)
			}
			var out bytes.Buffer
			s := newServer(&out, Options{CacheDir: t.TempDir()})
			if _, err := s.initialize(nil); err != nil {
				t.Fatal(err)
			}
			if _, err := s.didOpen(DidOpenTextDocumentParams{TextDocument: TextDocumentItem{URI: pathToURI(file), Version: 1, Text: text}}); err != nil {
				t.Fatal(err)
			}
			if !strings.Contains(out.String(), c.want) {
				t.Errorf("want %q among the diagnostics published; got\n%.2000s", c.want, out.String())
			}
			if out.Len() > 64<<10 {
				t.Errorf("%d bytes published", out.Len())
			}
		})
	}
}
