package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// fmtCmd runs `bataille fmt args…` in-process.
func fmtCmd(t *testing.T, args ...string) (code int, stdout, stderr string) {
	t.Helper()
	var out, errb bytes.Buffer
	code = run(append([]string{"fmt"}, args...), &out, &errb)
	return code, out.String(), errb.String()
}

const (
	messy = "param   a=1\nrule r on charge_start {do add_mp( a )}\n"
	tidy  = "param a = 1\n\nrule r on charge_start {\n  do add_mp(a)\n}\n"
)

// writeFiles makes a folder of files and returns its path.
func writeFiles(t *testing.T, files map[string]string) string {
	t.Helper()
	dir := t.TempDir()
	for name, text := range files {
		p := filepath.Join(dir, name)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(text), 0o640); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

func readFile(t *testing.T, p string) string {
	t.Helper()
	b, err := os.ReadFile(p)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

func TestFmtPrintsOneFile(t *testing.T) {
	dir := writeFiles(t, map[string]string{"a.rules": messy})
	p := filepath.Join(dir, "a.rules")
	code, out, errs := fmtCmd(t, p)
	if code != exitOK || out != tidy || errs != "" {
		t.Fatalf("exit %d\nstdout:\n%s\nstderr:\n%s", code, out, errs)
	}
	if readFile(t, p) != messy {
		t.Error("fmt without -w changed the file")
	}
}

func TestFmtDiff(t *testing.T) {
	dir := writeFiles(t, map[string]string{"a.rules": messy, "b.rules": tidy})
	a, b := filepath.Join(dir, "a.rules"), filepath.Join(dir, "b.rules")
	code, out, _ := fmtCmd(t, "-d", a)
	want := "--- " + a + ".orig\n+++ " + a + "\n" +
		"@@ -1,2 +1,5 @@\n" +
		"-param   a=1\n" +
		"-rule r on charge_start {do add_mp( a )}\n" +
		"+param a = 1\n" +
		"+\n" +
		"+rule r on charge_start {\n" +
		"+  do add_mp(a)\n" +
		"+}\n"
	if code != exitFail || out != want {
		t.Errorf("exit %d, got\n%s\nwant\n%s", code, out, want)
	}
	if code, out, _ := fmtCmd(t, "-d", b); code != exitOK || out != "" {
		t.Errorf("formatted file: exit %d, diff %q", code, out)
	}
	if readFile(t, a) != messy {
		t.Error("fmt -d changed the file")
	}
}

// A source without its final newline says so in the diff.
func TestFmtDiffMissingNewline(t *testing.T) {
	dir := writeFiles(t, map[string]string{"a.rules": "param a = 1"})
	a := filepath.Join(dir, "a.rules")
	code, out, _ := fmtCmd(t, "--diff", a)
	want := "--- " + a + ".orig\n+++ " + a + "\n@@ -1 +1 @@\n-param a = 1\n\\ No newline at end of file\n+param a = 1\n"
	if code != exitFail || out != want {
		t.Errorf("exit %d, got\n%s\nwant\n%s", code, out, want)
	}
}

func TestFmtWrite(t *testing.T) {
	dir := writeFiles(t, map[string]string{"g/a.rules": messy, "g/b.rules": tidy, "g/notes.txt": messy})
	code, out, errs := fmtCmd(t, "-w", filepath.Join(dir, "g"))
	if code != exitOK || out != "" || errs != "" {
		t.Fatalf("exit %d\nstdout:\n%s\nstderr:\n%s", code, out, errs)
	}
	a := filepath.Join(dir, "g", "a.rules")
	if got := readFile(t, a); got != tidy {
		t.Errorf("a.rules after -w:\n%s", got)
	}
	if st, err := os.Stat(a); err != nil || st.Mode().Perm() != 0o640 {
		t.Errorf("mode after -w: %v %v", st.Mode(), err)
	}
	if readFile(t, filepath.Join(dir, "g", "notes.txt")) != messy {
		t.Error("-w touched a file that is not a .rules file")
	}
	entries, _ := os.ReadDir(filepath.Join(dir, "g"))
	if len(entries) != 3 {
		t.Errorf("-w left %d files in the folder, want 3", len(entries))
	}
	if code, out, _ := fmtCmd(t, "-d", filepath.Join(dir, "g")); code != exitOK || out != "" {
		t.Errorf("after -w, -d says exit %d:\n%s", code, out)
	}
}

// With several files, or a folder, fmt lists those that would change; it
// walks folders but skips testdata and hidden ones.
func TestFmtListsFiles(t *testing.T) {
	dir := writeFiles(t, map[string]string{
		"a.rules":          messy,
		"b.rules":          tidy,
		"sub/c.rules":      messy,
		"testdata/d.rules": messy,
		".hidden/e.rules":  messy,
	})
	code, out, _ := fmtCmd(t, dir)
	want := filepath.Join(dir, "a.rules") + "\n" + filepath.Join(dir, "sub", "c.rules") + "\n"
	if code != exitOK || out != want {
		t.Errorf("exit %d, got\n%s\nwant\n%s", code, out, want)
	}
	code, out, _ = fmtCmd(t, filepath.Join(dir, "a.rules"), filepath.Join(dir, "b.rules"))
	if code != exitOK || out != filepath.Join(dir, "a.rules")+"\n" {
		t.Errorf("two files: exit %d, got\n%s", code, out)
	}
}

// A syntax error is reported with its position; the other files are still
// formatted.
func TestFmtSyntaxError(t *testing.T) {
	dir := writeFiles(t, map[string]string{"bad.rules": "param a =\nrule r on h {}\n", "good.rules": messy})
	code, _, errs := fmtCmd(t, "-w", dir)
	bad := filepath.Join(dir, "bad.rules")
	if code != exitFail || !strings.HasPrefix(errs, bad+":2:6: error: unexpected token \"r\"") {
		t.Errorf("exit %d, stderr:\n%s", code, errs)
	}
	if readFile(t, filepath.Join(dir, "good.rules")) != tidy {
		t.Error("the good file was not formatted")
	}
	if readFile(t, bad) != "param a =\nrule r on h {}\n" {
		t.Error("the bad file was changed")
	}
}

// With no path, fmt looks at the bundled scripts and names them as in the
// source tree; it cannot rewrite them.
func TestFmtBundled(t *testing.T) {
	code, out, errs := fmtCmd(t)
	if code != exitOK || errs != "" {
		t.Fatalf("exit %d, stderr:\n%s", code, errs)
	}
	for _, line := range strings.Fields(out) {
		if !strings.HasPrefix(line, "stdlib/") && !strings.HasPrefix(line, "games/") || !strings.HasSuffix(line, ".rules") {
			t.Errorf("unexpected line %q", line)
		}
	}
	code, diff, _ := fmtCmd(t, "-d")
	if (code == exitFail) != (out != "") || (diff != "") != (out != "") {
		t.Errorf("-d exit %d with diff of %d bytes, but the listing was %q", code, len(diff), out)
	}
	if code, _, errs := fmtCmd(t, "-w"); code != exitUsage || !strings.Contains(errs, "-w needs paths") {
		t.Errorf("-w without paths: exit %d, %s", code, errs)
	}
}

// The scripts the repository ships, the base modules and every battle, the
// converted ones included, are in the one layout: fmt -d over their folders
// on disk finds nothing to change.
func TestBundledScriptsFormatted(t *testing.T) {
	code, diff, errs := fmtCmd(t, "-d", filepath.Join("..", "..", "stdlib"), filepath.Join("..", "..", "games"))
	if code != exitOK || diff != "" || errs != "" {
		t.Errorf("bataille fmt -d stdlib games: exit %d (run bataille fmt -w stdlib games; for a converted battle, go generate ./games)\n%s%s", code, diff, errs)
	}
}

func TestFmtUsage(t *testing.T) {
	if code, _, errs := fmtCmd(t, "--help"); code != exitOK || !strings.Contains(errs, "Usage: bataille fmt [-w] [-d] [PATH…]") || !strings.Contains(errs, "--write") {
		t.Errorf("--help: exit %d\n%s", code, errs)
	}
	if code, _, _ := fmtCmd(t, "--frobnicate"); code != exitUsage {
		t.Errorf("unknown flag: exit %d, want %d", code, exitUsage)
	}
	if code, _, errs := fmtCmd(t, filepath.Join(t.TempDir(), "missing.rules")); code != exitFail || !strings.Contains(errs, "no such file") {
		t.Errorf("missing file: exit %d, %s", code, errs)
	}
}
