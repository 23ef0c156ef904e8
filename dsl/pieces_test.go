package dsl

import (
	"os"
	"path/filepath"
	"reflect"
	"testing"
)

// bundledSources reads the rule files of the base modules and the bundled
// battles.
func bundledSources(t testing.TB) map[string][]byte {
	names, err := filepath.Glob("../stdlib/*.rules")
	if err != nil {
		t.Fatal(err)
	}
	more, err := filepath.Glob("../games/*/*.rules")
	if err != nil {
		t.Fatal(err)
	}
	out := map[string][]byte{}
	for _, name := range append(names, more...) {
		src, err := os.ReadFile(name)
		if err != nil {
			t.Fatal(err)
		}
		out[name] = src
	}
	if len(out) < 5 {
		t.Fatalf("only %d rule files", len(out))
	}
	return out
}

// samePieces parses src whole and in pieces cut at every declaration it
// can: when the pieces parse, they must give the whole file's tree. It
// reports whether they parsed.
func samePieces(t *testing.T, name, src string) bool {
	t.Helper()
	starts := pieces(src, 1)
	if len(starts) < 2 {
		return false
	}
	cut, ok := parsePieces(name, src, starts)
	if !ok {
		return false
	}
	whole, err := parser.ParseString(name, src)
	if err != nil {
		t.Fatalf("%s: the pieces parse, the whole file does not: %v", name, err)
	}
	if !reflect.DeepEqual(cut, whole) {
		t.Fatalf("%s: the pieces and the whole file parse to different trees", name)
	}
	return true
}

// TestPiecesParseAsTheWhole: every bundled file, cut before each of its
// declarations, parses to the tree the whole file does.
func TestPiecesParseAsTheWhole(t *testing.T) {
	for name, src := range bundledSources(t) {
		if n := len(pieces(string(src), 1)); n < 3 {
			t.Errorf("%s: cut in %d pieces", name, n)
		}
		if !samePieces(t, name, string(src)) {
			t.Errorf("%s: the pieces do not parse", name)
		}
	}
}

// FuzzParsePieces: wherever the pieces of a file parse, they give the
// whole file's tree (elsewhere Parse parses the whole file).
func FuzzParsePieces(f *testing.F) {
	for _, src := range bundledSources(f) {
		f.Add(src)
	}
	f.Add([]byte("param a = 1\nparam b =\nrule\nrule r on h {}\n"))
	f.Add([]byte("game g extends b-\nrule r on h {}\n"))
	f.Add([]byte("/* x\nrule */ param a = 1\nrule r on h {\n}\n"))
	f.Fuzz(func(t *testing.T, src []byte) {
		if _, ok := scanLimits("f.rules", string(src)); !ok {
			return
		}
		samePieces(t, "f.rules", string(src))
	})
}
