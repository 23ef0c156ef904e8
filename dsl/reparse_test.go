package dsl

import (
	"math/rand/v2"
	"reflect"
	"slices"
	"strings"
	"testing"
)

// sameAsParse holds a Reparser's result for src to Parse's: the same tree,
// or the same diagnostics.
func sameAsParse(t *testing.T, r *Reparser, name, src, what string) {
	t.Helper()
	got, gotDiags := r.Parse(name, []byte(src))
	want, wantDiags := Parse(name, []byte(src))
	if !reflect.DeepEqual(gotDiags, wantDiags) {
		t.Fatalf("%s, %s: diagnostics\n got %v\nwant %v", name, what, gotDiags, wantDiags)
	}
	if !reflect.DeepEqual(got, want) {
		t.Fatalf("%s, %s: the tree differs from Parse's", name, what)
	}
}

// edits are the changes TestReparseAsParse makes to a file, each from the
// version before: typing and deleting, lines added and removed, a
// declaration broken and mended, a comment opened and closed.
var edits = []struct {
	name string
	edit func(src string, rng *rand.Rand) string
}{
	{"a space typed at the end of the first line", func(src string, _ *rand.Rand) string {
		i := strings.IndexByte(src, '\n')
		return src[:i] + " " + src[i:]
	}},
	{"the space deleted", func(src string, _ *rand.Rand) string {
		i := strings.IndexByte(src, '\n')
		return src[:i-1] + src[i:]
	}},
	{"a character typed somewhere", func(src string, rng *rand.Rand) string {
		i := rng.IntN(len(src))
		return src[:i] + "x" + src[i:]
	}},
	{"a line break typed somewhere", func(src string, rng *rand.Rand) string {
		i := rng.IntN(len(src))
		return src[:i] + "\n" + src[i:]
	}},
	{"a line deleted", func(src string, rng *rand.Rand) string {
		lines := strings.SplitAfter(src, "\n")
		i := rng.IntN(len(lines))
		return strings.Join(slices.Delete(lines, i, i+1), "")
	}},
	{"a declaration added in the middle", func(src string, rng *rand.Rand) string {
		lines := strings.SplitAfter(src, "\n")
		i := rng.IntN(len(lines))
		return strings.Join(slices.Insert(lines, i, "param reparse.added = 3\n"), "")
	}},
	{"a comment opened", func(src string, rng *rand.Rand) string {
		i := rng.IntN(len(src))
		return src[:i] + "/*" + src[i:]
	}},
	{"a comment closed near the end", func(src string, _ *rand.Rand) string {
		return src[:len(src)*9/10] + "*/" + src[len(src)*9/10:]
	}},
}

// TestReparseAsParse: a Reparser given one version of a file after
// another, each an edit of the one before, gives what Parse gives for each,
// on every bundled file.
func TestReparseAsParse(t *testing.T) {
	for name, b := range bundledSources(t) {
		rng := rand.New(rand.NewPCG(1, uint64(len(b))))
		var r Reparser
		src := string(b)
		sameAsParse(t, &r, name, src, "as read")
		if len(r.files[name]) < 3 {
			t.Errorf("%s: keeps %d pieces", name, len(r.files[name]))
		}
		for _, e := range edits {
			src = e.edit(src, rng)
			sameAsParse(t, &r, name, src, e.name)
		}
		// And back to the file as read, from pieces of versions before.
		sameAsParse(t, &r, name, string(b), "as read again")
	}
}

// TestReparseKeepsPieces: after a keystroke in the first line, the pieces
// after it are moved, not parsed again.
func TestReparseKeepsPieces(t *testing.T) {
	src := "game g extends premier\n\nparam a = 1\n\nrule r on charge_contact {\n  when unit.arm == \"cavalry\"\n  do note(\"x\")\n}\n"
	var r Reparser
	f1, _ := r.Parse("g.rules", []byte(src))
	f2, _ := r.Parse("g.rules", []byte("game  g extends premier\n\nparam a = 1\n\nrule r on charge_contact {\n  when unit.arm == \"cavalry\"\n  do note(\"x\")\n}\n"))
	if f1 == nil || f2 == nil || len(f2.Decls) != 2 {
		t.Fatalf("did not parse: %v %v", f1, f2)
	}
	if r.parsed != 1 {
		t.Errorf("parsed %d pieces again; want 1, the header's", r.parsed)
	}
	got, want := f2.Decls[1].Rule.Clauses[0].When.Tokens[0].Pos, f1.Decls[1].Rule.Clauses[0].When.Tokens[0].Pos
	if got.Offset != want.Offset+1 || got.Line != want.Line || got.Column != want.Column {
		t.Errorf("the rule's first token moved from %v to %v; want one byte on", want, got)
	}
	if f1.Decls[1].Rule.Clauses[0].When.Tokens[0].Pos != want {
		t.Error("the version before was changed")
	}
}
