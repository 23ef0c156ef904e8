package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// Module resolution is the same whichever way a module is named.

// TestFileResolvesAsItsFolder: a premier/ folder inside a battle's folder
// is not beside it, so it replaces the bundled base neither for the folder
// nor for one of its files (it once did for the file alone).
func TestFileResolvesAsItsFolder(t *testing.T) {
	dir := writeFiles(t, map[string]string{
		"mine/rules.rules":           "game mine \"Mine\" extends premier\noverride param rout.hexes = 9\n",
		"mine/premier/premier.rules": "module premier \"Fake\"\nparam fake = 1\n",
	})
	for _, p := range []string{filepath.Join(dir, "mine"), filepath.Join(dir, "mine", "rules.rules")} {
		code, out, stderr := bat(t, "explain", p, "rout.hexes")
		if code != exitOK || !strings.Contains(out, "premier") || strings.Contains(out+stderr, "Fake") {
			t.Errorf("%s: exit %d, want the bundled base\n%s%s", p, code, out, stderr)
		}
	}
}

// TestGitDriverFindsSiblings: the git driver reads each version as the
// file at its path in the work tree, so a battle that extends a folder
// beside its own diffs (it once failed: no module "base").
func TestGitDriverFindsSiblings(t *testing.T) {
	tree := writeFiles(t, map[string]string{
		"base/base.rules":   "game base \"Base\" extends premier\nparam base.p = 1\n",
		"child/rules.rules": "game child \"Child\" extends base\noverride param base.p = 2\n",
	})
	old := filepath.Join(t.TempDir(), "old_rules.rules")
	if err := os.WriteFile(old, []byte("game child \"Child\" extends base\noverride param base.p = 3\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	t.Chdir(tree)
	code, out, stderr := bat(t, "diff", "child/rules.rules", old, "1111111", "100644", "child/rules.rules", "2222222", "100644")
	if code != exitOK || !strings.Contains(out, "value: 3 → 2") || strings.Contains(out, "line by line") {
		t.Errorf("exit %d\nstdout:\n%s\nstderr:\n%s", code, out, stderr)
	}
}

// TestNewResolvesBesideDIR: --extends names a folder beside DIR (not in the
// working folder); a name that shadows a bundled battle or the base is
// refused; a folder in the working folder named like a bundled battle does
// not replace it.
func TestNewResolvesBesideDIR(t *testing.T) {
	root := t.TempDir()
	elsewhere := t.TempDir()
	t.Chdir(elsewhere)
	// A battle written by new, extended by another: the two examples
	// collide, and what new would write does not check: it is taken back.
	if code, _, stderr := bat(t, "new", filepath.Join(root, "first")); code != exitOK {
		t.Fatalf("new first: %s", stderr)
	}
	code, _, stderr := bat(t, "new", filepath.Join(root, "second"), "--extends", "first")
	if code != exitFail || !strings.Contains(stderr, "would not check") || !strings.Contains(stderr, "[needs-override]") {
		t.Errorf("new second --extends first: exit %d\n%s", code, stderr)
	}
	if _, err := os.Stat(filepath.Join(root, "second")); err == nil {
		t.Error("new left a battle that does not check")
	}
	if err := os.MkdirAll(filepath.Join(root, "base"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(root, "base", "rules.rules"), []byte("game base \"Base\" extends berlin1813\nparam base.p = 1\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	code, _, stderr = bat(t, "new", filepath.Join(root, "child"), "--extends", "base")
	if code != exitOK {
		t.Fatalf("new child --extends base (beside it): exit %d\n%s", code, stderr)
	}
	if code, out, stderr := bat(t, "check", filepath.Join(root, "child")); code != exitOK {
		t.Errorf("the child does not check: %s%s", out, stderr)
	}
	for _, name := range []string{"premier", "berlin1813", "austerlitz1805"} {
		code, _, stderr := bat(t, "new", filepath.Join(root, name))
		if code != exitUsage || !strings.Contains(stderr, "would shadow the bundled "+name) {
			t.Errorf("new %s: exit %d, %s", name, code, stderr)
		}
		if _, err := os.Stat(filepath.Join(root, name)); err == nil {
			t.Errorf("new %s wrote a folder", name)
		}
	}
	// A folder named like a bundled battle, in the working folder.
	if err := os.MkdirAll(filepath.Join(elsewhere, "berlin1813"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(elsewhere, "berlin1813", "rules.rules"), []byte("game berlin1813 \"Impostor\" extends premier\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	code, out, stderr := bat(t, "check", "berlin1813")
	if code != exitOK || !strings.Contains(out+stderr, "the bundled battle berlin1813 is used, not the folder berlin1813 here; write ./berlin1813 for the folder") {
		t.Errorf("check berlin1813: exit %d\n%s%s", code, out, stderr)
	}
	if _, out, _ := bat(t, "explain", "berlin1813", "rout.hexes"); strings.Contains(out, "Impostor") {
		t.Error("the folder replaced the bundled battle")
	}
	// Every command that loads a battle says which one a bare name played,
	// not only check.
	for _, args := range [][]string{{"scenarios", "berlin1813"}, {"run", "berlin1813", "--seed", "1"}, {"explain", "berlin1813", "rout.hexes"}} {
		code, _, stderr := bat(t, args...)
		if code != exitOK || !strings.Contains(stderr, "the bundled battle berlin1813 is used, not the folder berlin1813 here") {
			t.Errorf("%v: exit %d, want the bundled-name warning on stderr\n%s", args, code, stderr)
		}
	}
	if _, out, _ := bat(t, "scenarios", "./berlin1813"); strings.Contains(out, "carre_attempt") {
		t.Errorf("./berlin1813 is the folder, which has no scenario: %s", out)
	}
	// A battle beside that folder extends berlin1813 by name: the bundled
	// battle, not the folder, with a warning at its extends; so does one
	// that new writes --extends berlin1813 beside it.
	if err := os.WriteFile(filepath.Join(elsewhere, "berlin1813", "rules.rules"), []byte("game berlin1813 \"Impostor\" extends premier\noverride param rout.hexes = 99 cite \"impostor\"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.MkdirAll(filepath.Join(elsewhere, "mine"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(elsewhere, "mine", "rules.rules"), []byte("game mine \"Mine\" extends berlin1813\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	code, out, stderr = bat(t, "check", "./mine")
	if code != exitOK || !strings.Contains(out+stderr, "mine/rules.rules:1:") || !strings.Contains(out+stderr, "extends berlin1813 is the bundled berlin1813, not the folder berlin1813 beside this one") {
		t.Errorf("check ./mine: exit %d, want the bundled battle and a warning at the extends\n%s%s", code, out, stderr)
	}
	if _, out, _ := bat(t, "explain", "./mine", "rout.hexes"); strings.Contains(out, "99") || strings.Contains(out, "impostor") {
		t.Errorf("the folder replaced the bundled battle it extends:\n%s", out)
	}
	if code, _, stderr := bat(t, "new", "./second", "--extends", "berlin1813"); code != exitOK {
		t.Fatalf("new ./second --extends berlin1813: exit %d\n%s", code, stderr)
	}
	if _, out, _ := bat(t, "explain", "./second", "rout.hexes"); strings.Contains(out, "impostor") {
		t.Errorf("new wrote a battle on the folder, not the bundled battle:\n%s", out)
	}
}
