//go:build unix

package main

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
)

// Folders an attacker hands the command: links to files outside, a device
// that never ends, a pipe that never answers. Every command reads through
// the one bounded reader, which refuses all three without opening them.

const goodModule = "module h \"Hostile\"\nparam p = 1\n"

func hostileDir(t *testing.T, link, target string) string {
	t.Helper()
	dir := filepath.Join(t.TempDir(), "battle")
	if err := os.Mkdir(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "a.rules"), []byte(goodModule), 0o644); err != nil {
		t.Fatal(err)
	}
	if target == "fifo" {
		if err := syscall.Mkfifo(filepath.Join(dir, link), 0o644); err != nil {
			t.Skipf("no fifo: %v", err)
		}
	} else if err := os.Symlink(target, filepath.Join(dir, link)); err != nil {
		t.Skipf("no symlink: %v", err)
	}
	return dir
}

func TestHostileFolders(t *testing.T) {
	// A marker in the environment shows whether a link leaked it.
	t.Setenv("BATAILLE_LEAK_MARKER", "secret-value-7731")
	cases := []struct {
		name, link, target, want string
	}{
		{"link to the environment", "b.rules", "/proc/self/environ", "symbolic link"},
		{"link to a device that never ends", "z.rules", "/dev/zero", "symbolic link"},
		{"link to a file outside", "c.rules", "/etc/hostname", "symbolic link"},
		{"a pipe that never answers", "p.rules", "fifo", "not a regular file"},
	}
	for _, c := range cases {
		for _, cmd := range [][]string{{"check"}, {"check", "--json"}, {"fmt"}, {"fmt", "-d"}} {
			t.Run(c.name+"/"+strings.Join(cmd, " "), func(t *testing.T) {
				dir := hostileDir(t, c.link, c.target)
				code, out, stderr := bat(t, append(cmd, dir)...)
				if code == exitOK {
					t.Fatalf("exit 0; want a refusal\n%s%s", out, stderr)
				}
				if !strings.Contains(out+stderr, c.want) {
					t.Errorf("want %q in the output; got\n%s%s", c.want, out, stderr)
				}
				if strings.Contains(out+stderr, "secret-value-7731") {
					t.Errorf("the environment leaked into the output")
				}
			})
		}
		t.Run(c.name+"/fmt FILE", func(t *testing.T) {
			dir := hostileDir(t, c.link, c.target)
			code, out, stderr := bat(t, "fmt", filepath.Join(dir, c.link))
			if code == exitOK || !strings.Contains(out+stderr, c.want) || strings.Contains(out+stderr, "secret-value-7731") {
				t.Errorf("exit %d; want a refusal with %q and no leak; got\n%s%s", code, c.want, out, stderr)
			}
		})
	}
	// A link to a folder beside the battle, named as a module it extends.
	t.Run("extends a linked folder", func(t *testing.T) {
		root := t.TempDir()
		if err := os.Mkdir(filepath.Join(root, "game"), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(root, "game", "g.rules"), []byte("game g \"G\" extends elsewhere\n"), 0o644); err != nil {
			t.Fatal(err)
		}
		if err := os.Symlink("/etc", filepath.Join(root, "elsewhere")); err != nil {
			t.Skip(err)
		}
		code, out, stderr := bat(t, "check", filepath.Join(root, "game"))
		if code == exitOK || !strings.Contains(out+stderr, "symbolic link") {
			t.Errorf("exit %d; want the linked folder refused; got\n%s%s", code, out, stderr)
		}
	})
}

// sparseFile makes a file of size bytes that takes no room on disk.
func sparseFile(t *testing.T, name string, size int64) {
	t.Helper()
	f, err := os.Create(name)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if err := f.Truncate(size); err != nil {
		t.Skipf("no sparse file here: %v", err)
	}
}

// TestHostileFolderBounds: a folder is bounded before anything in it is
// read, for check, check --json, fmt and the git diff driver alike; the
// diagnostics stay short.
func TestHostileFolderBounds(t *testing.T) {
	cases := []struct {
		name, want string
		add        func(t *testing.T, dir string)
	}{
		{"a 4 GB sparse file", "file is 4294967296 bytes, larger than 1048576; not read", func(t *testing.T, dir string) {
			sparseFile(t, filepath.Join(dir, "huge.rules"), 4<<30)
		}},
		{"5,000 sparse files of 1 MiB", "the folder holds 5001 .rules files; at most 256 are read", func(t *testing.T, dir string) {
			for i := range 5000 {
				sparseFile(t, filepath.Join(dir, fmt.Sprintf("s%04d.rules", i)), 1<<20)
			}
		}},
		{"200 files of 1 MiB lines", "at most 2097152 are read", func(t *testing.T, dir string) {
			for i := range 200 {
				sparseFile(t, filepath.Join(dir, fmt.Sprintf("l%03d.rules", i)), 1<<20)
			}
		}},
	}
	for _, c := range cases {
		dir := filepath.Join(t.TempDir(), "battle")
		if err := os.Mkdir(dir, 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, "a.rules"), []byte(goodModule), 0o644); err != nil {
			t.Fatal(err)
		}
		c.add(t, dir)
		good := filepath.Join(t.TempDir(), "a.rules")
		if err := os.WriteFile(good, []byte(goodModule), 0o644); err != nil {
			t.Fatal(err)
		}
		// Git hands its driver one file of the folder; the driver reads
		// only that file (and what it extends), through the same reader.
		target := filepath.Join(dir, "a.rules")
		if _, err := os.Stat(filepath.Join(dir, "huge.rules")); err == nil {
			target = filepath.Join(dir, "huge.rules")
		}
		for _, cmd := range [][]string{{"check", dir}, {"check", "--json", dir}, {"fmt", dir}, {"fmt", "-d", dir},
			{"diff", "battle/a.rules", good, "0000000", "100644", target, "0000000", "100644"}} {
			t.Run(c.name+"/"+cmd[0]+" "+cmd[1], func(t *testing.T) {
				code, out, stderr := bat(t, cmd...)
				if cmd[0] == "diff" && target != filepath.Join(dir, "huge.rules") {
					if code != exitOK || len(out+stderr) > 8192 {
						t.Errorf("exit %d, %d bytes of output", code, len(out+stderr))
					}
					return
				}
				if cmd[0] != "diff" && code == exitOK {
					t.Fatalf("exit 0; want a refusal\n%s%s", out, stderr)
				}
				if !strings.Contains(out+stderr, c.want) {
					t.Errorf("want %q in the output; got\n%.3000s%.3000s", c.want, out, stderr)
				}
				if n := len(out + stderr); n > 8192 {
					t.Errorf("%d bytes of output", n)
				}
			})
		}
	}
}

// TestFmtWriteKeepsTheFile: fmt -w rewrites a file in place, so that it
// keeps its inode (its hard links and its owner) and its mode with the
// setgid bit; a read-only file is refused, not replaced; a link in a
// folder is named and skipped while the walk goes on to the files after it.
func TestFmtWriteKeepsTheFile(t *testing.T) {
	dir := writeFiles(t, map[string]string{"a.rules": messy, "z.rules": messy, "ro.rules": messy})
	a, z, ro := filepath.Join(dir, "a.rules"), filepath.Join(dir, "z.rules"), filepath.Join(dir, "ro.rules")
	if err := os.Link(a, filepath.Join(dir, "hard.txt")); err != nil {
		t.Skip(err)
	}
	if err := os.Chmod(a, 0o640|os.ModeSetgid); err != nil {
		t.Fatal(err)
	}
	if err := os.Chmod(ro, 0o444); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink("/etc/hostname", filepath.Join(dir, "m.rules")); err != nil {
		t.Skip(err)
	}
	before, err := os.Stat(a)
	if err != nil {
		t.Fatal(err)
	}
	code, _, stderr := fmtCmd(t, "-w", dir)
	if code != exitFail {
		t.Errorf("exit %d; want 1 for the files it could not format", code)
	}
	if !strings.Contains(stderr, filepath.Join(dir, "m.rules")+": a symbolic link") || !strings.Contains(stderr, "skipped") {
		t.Errorf("the link is not named as skipped:\n%s", stderr)
	}
	if os.Geteuid() != 0 && !strings.Contains(stderr, ro+": ") {
		t.Errorf("the read-only file is not named:\n%s", stderr)
	}
	for _, p := range []string{a, z, filepath.Join(dir, "hard.txt")} {
		if got := readFile(t, p); got != tidy {
			t.Errorf("%s not formatted:\n%s", p, got)
		}
	}
	if os.Geteuid() != 0 && readFile(t, ro) != messy {
		t.Error("a read-only file was rewritten")
	}
	after, err := os.Stat(a)
	if err != nil {
		t.Fatal(err)
	}
	if !os.SameFile(before, after) {
		t.Error("the file was replaced by another: its hard links and owner are lost")
	}
	if after.Mode() != before.Mode() || after.Mode()&os.ModeSetgid == 0 {
		t.Errorf("mode %v, want %v", after.Mode(), before.Mode())
	}
	if left, _ := filepath.Glob(filepath.Join(dir, ".*.bak")); len(left) > 0 {
		t.Errorf("backups left behind: %v", left)
	}
}

// TestFmtReadsBOM: a file saved with a UTF-8 byte order mark formats (and
// checks); the mark is not written back.
func TestFmtReadsBOM(t *testing.T) {
	dir := writeFiles(t, map[string]string{"a.rules": "\uFEFF" + messy})
	code, out, stderr := fmtCmd(t, filepath.Join(dir, "a.rules"))
	if code != exitOK || out != tidy {
		t.Fatalf("exit %d\n%s%s", code, out, stderr)
	}
}
