package main

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// A battle whose strings try to act on the terminal that shows them: an
// OSC that sets the window title, cursor moves and a line erase that hide
// the line before (the cite that hid charge.bonus_mp 5 → 50 from diff), a
// bidi override that reverses what follows, a carriage return, and
// newlines that forge lines of their own (a heading, an "approved" quote
// and a link in the markdown errata).
const hostileStrings = `game h "Hostile\x1b]0;owned\x07" extends berlin1813

override param charge.bonus_mp = 50 cite "p40\x1b[1A\x1b[2K\r\n# Approved\n> ok [errata](http://evil.example)\u202e"

rule h.said "Said\x1b[31m\u202e\nforged line" on declare_charge cite "c\x1b]52;c;ZXZpbA==\x07" {
  do note("noted\x1b[8m\u2066\nforged")
}

scenario hostile_field "Open\u202efield\nforged" {
  map 12 x 12 clear
  unit hus "2nd Hussars\x1b[2J" { side: allied  arm: cavalry  increments: 4  formation: column  facing: N  morale: 31  mp: 8  at: 0610 }
  unit inf "1/13e Léger" { side: french  nationality: french  arm: infantry  increments: 6  formation: line  facing: S  morale: 36  at: 0604 }
  charge hus at inf path 0609 0608 0607 0606 0605
  decide inf form_carre yes
}
`

// painterCodes are the only escape sequences the commands write themselves
// (diff --color).
var painterCodes = regexp.MustCompile("\x1b\\[(31|32|33|1|2|0)m")

func TestOutputsShowScriptStrings(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "h")
	if err := os.Mkdir(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "h.rules"), []byte(hostileStrings), 0o644); err != nil {
		t.Fatal(err)
	}
	// The same module with a syntax error on a line holding an escape.
	bad := filepath.Join(t.TempDir(), "bad.rules")
	if err := os.WriteFile(bad, []byte("module b\nparam p = \"\x1b]0;t\x07\u202e\" @\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		name string
		args []string
		want []string // shown visibly
	}{
		{"run", []string{"run", dir, "--seed", "1"}, []string{`Said\x1b[31m\u202e\nforged line`, `noted\x1b[8m\u2066\nforged`}},
		{"check", []string{"check", bad}, []string{`"\x1b]0;t\x07\u202e" @`}},
		{"diff", []string{"diff", "--color", "never", "berlin1813", dir}, []string{`p40\x1b[1A\x1b[2K\r\n# Approved`}},
		{"diff --color", []string{"diff", "--color", "always", "berlin1813", dir}, []string{`p40\x1b[1A\x1b[2K\r\n# Approved`}},
		{"diff markdown", []string{"diff", "--format", "markdown", "berlin1813", dir}, []string{`\\n# Approved\\n> ok \[errata\](http:\/\/evil.example)\\u202e`}},
		{"explain", []string{"explain", dir, "h.said"}, []string{`Said\x1b[31m\u202e\nforged line`}},
		{"scenarios", []string{"scenarios", dir}, []string{`Open\u202efield\nforged`}},
		{"simulate", []string{"simulate", dir, "-n", "3", "--marks"}, []string{"outcome"}},
	} {
		t.Run(c.name, func(t *testing.T) {
			_, out, stderr := bat(t, c.args...)
			all := painterCodes.ReplaceAllString(out+stderr, "")
			for _, bad := range []string{"\x1b", "\x07", "\r", "\u202e", "\u2066"} {
				if strings.Contains(all, bad) {
					t.Errorf("%q reaches the terminal raw:\n%s", bad, out+stderr)
				}
			}
			for _, line := range strings.Split(out+stderr, "\n") {
				if strings.HasPrefix(line, "# Approved") || strings.HasPrefix(line, "> ok") || strings.HasPrefix(line, "forged") {
					t.Errorf("a script's string started a line of its own: %q", line)
				}
			}
			for _, w := range c.want {
				if !strings.Contains(out+stderr, w) {
					t.Errorf("want %s shown; got\n%s%s", w, out, stderr)
				}
			}
		})
	}
}
