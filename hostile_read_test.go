//go:build unix

package bataille_test

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"testing/fstest"

	"github.com/bataille/bataille"
	"github.com/bataille/bataille/dsl"
)

// Folders an attacker shares, read by the library (LoadDir, LoadDirToPlay, Open, Reload):
// each is refused before the hostile part is read, with its code and a
// message naming the bound, within 64 MiB of allocation in all, and the
// diagnostics printed stay short.

// readMemory is what one case may allocate: the largest bound read is a
// folder's 2 MiB (dsl.Limits.ChainBytes), and a file's 1 MiB.
const readMemory = 64 << 20

// hostileFolder makes a battle folder holding a good module and whatever
// add puts beside it.
func hostileFolder(t *testing.T, add func(dir string) error) string {
	t.Helper()
	dir := filepath.Join(t.TempDir(), "battle")
	if err := os.Mkdir(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "a.rules"), []byte("module h \"Hostile\"\nparam p = 1\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := add(dir); err != nil {
		t.Skipf("cannot set the case up here: %v", err)
	}
	return dir
}

// sparse makes a file of size bytes that takes no room on disk.
func sparse(name string, size int64) error {
	f, err := os.Create(name)
	if err != nil {
		return err
	}
	defer f.Close()
	return f.Truncate(size)
}

func hostileReadCases() []struct {
	name, code, text string
	add              func(dir string) error
} {
	return []struct {
		name, code, text string
		add              func(dir string) error
	}{
		{"link to /dev/zero", "read", "a symbolic link", func(dir string) error {
			return os.Symlink("/dev/zero", filepath.Join(dir, "z.rules"))
		}},
		{"a 4 GB sparse file", "too-large", "file is 4294967296 bytes, larger than 1048576; not read", func(dir string) error {
			return sparse(filepath.Join(dir, "huge.rules"), 4<<30)
		}},
		{"a FIFO", "read", "not a regular file", func(dir string) error {
			return syscall.Mkfifo(filepath.Join(dir, "p.rules"), 0o644)
		}},
		{"5,000 sparse files of 1 MiB", "too-many", "the folder holds 5001 .rules files; at most 256 are read", func(dir string) error {
			for i := range 5000 {
				if err := sparse(filepath.Join(dir, fmt.Sprintf("s%04d.rules", i)), 1<<20); err != nil {
					return err
				}
			}
			return nil
		}},
		// A sparse file reads as one line of NUL bytes: these are the
		// 1 MiB lines that each diagnostic once quoted whole.
		{"500 files of 1 MiB lines", "too-many", "the folder holds 501 .rules files; at most 256 are read", func(dir string) error {
			return sparseFiles(dir, 500)
		}},
		{"200 files of 1 MiB lines", "too-large", "the folder's .rules files are 209715231 bytes together; at most 2097152 are read", func(dir string) error {
			return sparseFiles(dir, 200)
		}},
		{"a line of 1 MiB", "line-too-long", "line is longer than 4096 bytes", func(dir string) error {
			return os.WriteFile(filepath.Join(dir, "long.rules"), append(bytes.Repeat([]byte("x"), 1<<20-1), '\n'), 0o644)
		}},
	}
}

// sparseFiles writes n sparse files of 1 MiB.
func sparseFiles(dir string, n int) error {
	for i := range n {
		if err := sparse(filepath.Join(dir, fmt.Sprintf("l%03d.rules", i)), 1<<20); err != nil {
			return err
		}
	}
	return nil
}

func TestHostileFolderReads(t *testing.T) {
	for _, c := range hostileReadCases() {
		t.Run(c.name, func(t *testing.T) {
			dir := hostileFolder(t, c.add)
			withinMemory(t, func() {
				for _, load := range []struct {
					how  string
					load func() dsl.Diagnostics
				}{
					{"LoadDir", func() dsl.Diagnostics {
						_, diags := bataille.LoadDir(os.DirFS(filepath.Dir(dir)), "battle")
						return diags
					}},
					{"LoadDirToPlay", func() dsl.Diagnostics {
						_, diags := bataille.LoadDirToPlay(os.DirFS(filepath.Dir(dir)), "battle")
						return diags
					}},
					{"Open", func() dsl.Diagnostics {
						_, diags := bataille.Open(os.DirFS(filepath.Dir(dir)), "battle")
						return diags
					}},
				} {
					diags := load.load()
					if !hasDiag(diags, c.code, c.text) {
						t.Errorf("%s: want %s %q; got %v", load.how, c.code, c.text, diags)
					}
					var out bytes.Buffer
					diags.Print(&out)
					if out.Len() > 4096 {
						t.Errorf("%s: %d bytes of diagnostics", load.how, out.Len())
					}
				}
			})
		})
	}
}

// TestHostileReload: Reload reads through the same reader; a hostile file
// put into a folder in force is refused and the good rules stay.
func TestHostileReload(t *testing.T) {
	for _, c := range hostileReadCases() {
		t.Run(c.name, func(t *testing.T) {
			dir := hostileFolder(t, func(string) error { return nil })
			r, diags := bataille.Open(os.DirFS(filepath.Dir(dir)), "battle")
			if diags.HasErrors() {
				t.Fatal(diags)
			}
			before := r.Module()
			if err := c.add(dir); err != nil {
				t.Skip(err)
			}
			withinMemory(t, func() {
				if diags := r.Reload(); !hasDiag(diags, c.code, c.text) {
					t.Errorf("want %s %q; got %v", c.code, c.text, diags)
				}
			})
			if r.Module() != before {
				t.Error("a refused reload replaced the module in force")
			}
		})
	}
}

// TestHostileLongLines: a diagnostic about a line far longer than a screen
// quotes an excerpt around its column, and its caret points into it.
func TestHostileLongLines(t *testing.T) {
	src := "module h\nparam p = \"" + strings.Repeat("x", 3000) + "\" @ " + strings.Repeat("y", 1000) + "\n"
	_, diags := bataille.LoadDir(oneFile(src), ".")
	if len(diags) == 0 {
		t.Fatal("no diagnostic")
	}
	d := diags[0]
	if len(d.Source) > dsl.MaxSourceBytes+2*len("…") || !strings.Contains(d.Source, "@") {
		t.Fatalf("source quoted as %d bytes: %q", len(d.Source), d.Source)
	}
	if r := []rune(d.Source); d.SourceCol < 1 || d.SourceCol > len(r) || r[d.SourceCol-1] != '@' {
		t.Errorf("caret at %d of %q, not on the @", d.SourceCol, d.Source)
	}
}

// TestHostileErrorCap: parse errors count toward the cap on errors, across
// the files of a folder.
func TestHostileErrorCap(t *testing.T) {
	fsys := oneFile("module h\n")
	for i := range 250 {
		fsys[fmt.Sprintf("e%03d.rules", i)] = &fstest.MapFile{Data: []byte("param = oops\n")}
	}
	_, diags := bataille.LoadDir(fsys, ".")
	if len(diags) > dsl.Limits.Errors+1 || !hasDiag(diags, "too-many-errors", "too many errors (100)") {
		t.Fatalf("%d diagnostics; want at most %d ending in too-many-errors", len(diags), dsl.Limits.Errors+1)
	}
}

func hasDiag(diags dsl.Diagnostics, code, text string) bool {
	for _, d := range diags {
		if d.Severity == dsl.Error && d.Code == code && strings.Contains(d.Message, text) {
			return true
		}
	}
	return false
}
