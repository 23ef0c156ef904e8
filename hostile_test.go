package bataille_test

import (
	"bytes"
	"context"
	"errors"
	"os"
	"path/filepath"
	"regexp"
	"runtime"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/bataille/bataille"
	"github.com/bataille/bataille/dsl"
	"github.com/bataille/bataille/interpreter"
)

// The hostile-script corpus: small, well-formed scripts an attacker would
// write, each of which once crashed, hung, leaked or wrapped. Each must now
// be refused by the checker with its code at a place inside the input, or
// play to an ordinary error at the rule's file:line:col (or to its end),
// within the default budgets and a bounded amount of memory.

// hostileMemory bounds what one case may allocate in all: before the
// fixes, the string-doubling case alone reached 2 GB before dying.
const hostileMemory = 512 << 20

var hostilePos = regexp.MustCompile(`^[\w./-]+\.rules:\d+:\d+: `)

// TestHostile runs testdata/hostile/*.txtar. An archive's comment says
// what is expected: `check: CODE TEXT` (the check fails with that code and a
// message containing TEXT), `run: TEXT` (the first scenario's run fails
// with a positioned error containing TEXT), or `ok` (it plays to its end).
func TestHostile(t *testing.T) {
	names, err := filepath.Glob("testdata/hostile/*.txtar")
	if err != nil || len(names) == 0 {
		t.Fatalf("no corpus: %v", err)
	}
	for _, name := range names {
		data, err := os.ReadFile(name)
		if err != nil {
			t.Fatal(err)
		}
		want, files := readHostile(data)
		t.Run(strings.TrimSuffix(filepath.Base(name), ".txtar"), func(t *testing.T) {
			withinMemory(t, func() { hostileWant(t, files, ".", want) })
		})
	}
}

// readHostile splits a txtar archive into its expectation and its files.
func readHostile(data []byte) (string, fstest.MapFS) {
	files := fstest.MapFS{}
	want := ""
	var cur *[]byte
	for _, line := range strings.SplitAfter(string(data), "\n") {
		trimmed := strings.TrimSpace(line)
		if strings.HasPrefix(trimmed, "-- ") && strings.HasSuffix(trimmed, " --") {
			f := &fstest.MapFile{}
			files[strings.TrimSpace(trimmed[3:len(trimmed)-3])] = f
			cur = &f.Data
			continue
		}
		if cur != nil {
			*cur = append(*cur, line...)
			continue
		}
		if trimmed != "" && !strings.HasPrefix(trimmed, "#") && want == "" {
			want = trimmed
		}
	}
	return want, files
}

// hostileWant loads the module in dir of fsys and checks it against want.
func hostileWant(t *testing.T, fsys fstest.MapFS, dir, want string) {
	t.Helper()
	mod, diags := bataille.LoadDir(fsys, dir)
	kind, rest, _ := strings.Cut(want, ":")
	rest = strings.TrimSpace(rest)
	switch kind {
	case "check":
		code, text, _ := strings.Cut(rest, " ")
		if !diags.HasErrors() {
			t.Fatalf("checks clean; want %s", want)
		}
		for _, d := range diags {
			if d.Severity == dsl.Error && d.Code == code && strings.Contains(d.Message, text) {
				if d.Pos.Line < 1 || d.Pos.Col < 1 {
					t.Errorf("%s has no place: %+v", code, d.Pos)
				}
				return
			}
		}
		var b bytes.Buffer
		diags.Print(&b)
		t.Fatalf("want %s; got\n%s", want, b.String())
	case "run", "ok":
		if diags.HasErrors() {
			var b bytes.Buffer
			diags.Print(&b)
			t.Fatalf("does not check:\n%s", b.String())
		}
		err := hostileRun(mod, interpreter.Config{Seed: 1})
		if kind == "ok" {
			if err != nil {
				t.Fatalf("want the run to end; got %v", err)
			}
			return
		}
		if err == nil || !strings.Contains(err.Error(), rest) || !hostilePos.MatchString(err.Error()) {
			t.Fatalf("want a positioned run error with %q; got %v", rest, err)
		}
	default:
		t.Fatalf("bad expectation %q", want)
	}
}

// hostileRun plays the module's first scenario, and fails the test if the
// run takes more than its cost budget.
func hostileRun(mod *dsl.Module, cfg interpreter.Config) error {
	e, err := bataille.NewEngine(mod, "", cfg)
	if err != nil {
		return err
	}
	return e.Run(context.Background())
}

// withinMemory runs f and fails the test if it allocates more than
// hostileMemory in all.
func withinMemory(t *testing.T, f func()) {
	t.Helper()
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	f()
	runtime.ReadMemStats(&after)
	if got := after.TotalAlloc - before.TotalAlloc; got > hostileMemory {
		t.Errorf("allocated %d MiB; at most %d", got>>20, hostileMemory>>20)
	}
}

var _ = errors.Is
