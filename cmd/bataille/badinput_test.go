package main

import (
	"bytes"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// badInputs is the corpus under testdata/bad: files a stranger might hand the
// command, each with the command that must reject it, the file the first
// error names, and that error's code ("" for a run-time error, which has
// none). check covers what the checker sees; run covers what only building
// or playing a scenario finds.
var badInputs = []struct {
	path, cmd, file, code string
}{
	{"garbage.rules", "check", "garbage.rules", "bad-encoding"},
	{"invalid-utf8.rules", "check", "invalid-utf8.rules", "bad-encoding"},
	{"nul-byte.rules", "check", "nul-byte.rules", "syntax"},
	{"unterminated-string.rules", "check", "unterminated-string.rules", "syntax"},
	{"unterminated-comment.rules", "check", "unterminated-comment.rules", "syntax"},
	{"huge-number.rules", "check", "huge-number.rules", "bad-number"},
	{"dice-zero-count.rules", "check", "dice-zero-count.rules", "bad-dice"},
	{"dice-thousand.rules", "check", "dice-thousand.rules", "bad-dice"},
	{"dice-no-sides.rules", "check", "dice-no-sides.rules", "bad-dice"},
	{"dice-huge-sides.rules", "check", "dice-huge-sides.rules", "bad-dice"},
	{"modifier-million.rules", "check", "modifier-million.rules", "bad-modifier"},
	{"deep-nesting.rules", "check", "deep-nesting.rules", "too-deep"},
	{"deep-hidden.rules", "check", "deep-hidden.rules", "too-deep"},
	{"extends-cycle.rules", "check", "extends-cycle.rules", "extends-cycle"},
	{"cycle-a", "check", "cycle-a/rules.rules", "bad-base"},
	{"empty.rules", "check", "empty.rules", "no-header"},
	{"only-comment.rules", "check", "only-comment.rules", "no-header"},
	{"clock.rules", "check", "clock.rules", "expr"},
	{"method-call.rules", "check", "method-call.rules", "expr"},
	{"scenario-bad-hex.rules", "check", "scenario-bad-hex.rules", "bad-hex"},
	{"scenario-off-map.rules", "run", "scenario-off-map.rules", "off-map"},
	{"scenario-five-digit-hex.rules", "run", "scenario-five-digit-hex.rules", "bad-hex"},
	{"negative-increments.rules", "run", "negative-increments.rules", "bad-property"},
	{"jumping-path.rules", "run", "jumping-path.rules", "bad-path"},
	{"memory.rules", "run", "memory.rules", ""},
	{"endless-roll.rules", "run", "endless-roll.rules", ""},
}

// TestBadInput runs the command on every file of the corpus: each exits 1
// and says where the first problem is as file:line:col. A panic would stop
// the test binary, so getting to the end means none happened.
func TestBadInput(t *testing.T) {
	for _, tt := range badInputs {
		t.Run(tt.path, func(t *testing.T) {
			args := []string{tt.cmd, filepath.Join("testdata", "bad", tt.path)}
			if tt.cmd == "run" {
				args = append(args, "--seed", "1")
			}
			var stdout, stderr bytes.Buffer
			code := run(args, &stdout, &stderr)
			out := stdout.String() + stderr.String()
			if code != exitFail {
				t.Fatalf("%v: exit %d, want %d\n%s", args, code, exitFail, out)
			}
			// The first diagnostic line: the checker prints it first, run
			// prefixes it with the command's name.
			// Positions carry the folder as given, so that an editor opens
			// the right file.
			file := filepath.ToSlash(filepath.Join("testdata", "bad", tt.file))
			var first string
			for _, line := range strings.Split(out, "\n") {
				line = strings.TrimPrefix(line, "bataille: ")
				if strings.HasPrefix(line, file+":") {
					first = line
					break
				}
			}
			pos := regexp.MustCompile(`^` + regexp.QuoteMeta(file) + `:\d+:\d+: `)
			if !pos.MatchString(first) {
				t.Fatalf("%v: no %s:line:col: diagnostic in:\n%s", args, file, out)
			}
			if tt.code != "" && !strings.HasSuffix(first, "["+tt.code+"]") {
				t.Errorf("%v: first diagnostic %q, want code %s", args, first, tt.code)
			}
			if strings.Contains(out, "panic") || strings.Contains(out, "goroutine ") {
				t.Errorf("%v: output mentions a panic:\n%s", args, out)
			}
		})
	}
}

// TestBadInputCorpusListed keeps the corpus and the table in step: every
// file of testdata/bad is run by TestBadInput.
func TestBadInputCorpusListed(t *testing.T) {
	listed := map[string]bool{}
	for _, tt := range badInputs {
		listed[tt.path] = true
	}
	entries, err := os.ReadDir(filepath.Join("testdata", "bad"))
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range entries {
		// cycle-b is the other half of cycle-a, reached through it.
		if !listed[e.Name()] && e.Name() != "cycle-b" {
			t.Errorf("testdata/bad/%s is not in badInputs", e.Name())
		}
	}
}
