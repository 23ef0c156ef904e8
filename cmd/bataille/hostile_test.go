//go:build unix

package main

import (
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
