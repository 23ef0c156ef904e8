package dsl

import (
	"fmt"
	"testing"

	exprchecker "github.com/expr-lang/expr/checker"
	"github.com/expr-lang/expr/compiler"
	"github.com/expr-lang/expr/conf"
)

// sameAsExpr requires literalTree's program for text, when it makes one, to
// be the program expr's parser and checker make: the same node, type and
// place, the same instructions and constants.
func sameAsExpr(t *testing.T, text string) bool {
	t.Helper()
	c := conf.CreateNew()
	tree := literalTree(text, &c.NtCache)
	if tree == nil {
		return false
	}
	got, err := compiler.Compile(tree, c)
	if err != nil {
		t.Fatalf("%q: %v", text, err)
	}
	ref, err := exprchecker.ParseCheck(text, c)
	if err != nil {
		t.Fatalf("%q: literalTree reads it, expr refuses it: %v", text, err)
	}
	want, err := compiler.Compile(ref, c)
	if err != nil {
		t.Fatalf("%q: %v", text, err)
	}
	g, w := got.Node(), want.Node()
	if fmt.Sprintf("%T %#v", g, g.String()) != fmt.Sprintf("%T %#v", w, w.String()) || g.Type() != w.Type() || g.Location() != w.Location() {
		t.Fatalf("%q: node %T %s (%v at %v), expr's %T %s (%v at %v)", text, g, g, g.Type(), g.Location(), w, w, w.Type(), w.Location())
	}
	if got.Disassemble() != want.Disassemble() || got.Source().String() != want.Source().String() {
		t.Fatalf("%q: program\n%s\nexpr's\n%s", text, got.Disassemble(), want.Disassemble())
	}
	if fmt.Sprint(got.Locations()) != fmt.Sprint(want.Locations()) {
		t.Fatalf("%q: locations %v, expr's %v", text, got.Locations(), want.Locations())
	}
	return true
}

func TestLiteralTree(t *testing.T) {
	for _, c := range []struct {
		text    string
		literal bool
	}{
		{"0", true}, {"6", true}, {"0712", true}, {"9223372036854775807", true}, {"1.5", true}, {"0.25", true},
		{`"hold"`, true}, {`""`, true}, {`"Carré à pied"`, true}, {`"division 3, p. 12"`, true},
		{"9223372036854775808", false}, {"1.", false}, {"1.2.3", false}, {"-6", false}, {"1e3", false}, {"0x1f", false},
		{`"a\"b"`, false}, {`"a\nb"`, false}, {`"a" + "b"`, false}, {"\"a\rb\"", false}, {"\"\xff\"", false},
		{`"`, false}, {"x", false}, {"true", false}, {"1 + 2", false}, {"", false},
	} {
		if got := sameAsExpr(t, c.text); got != c.literal {
			t.Errorf("%q: read as a literal: %v, want %v", c.text, got, c.literal)
		}
	}
}

func FuzzLiteralTree(f *testing.F) {
	for _, s := range []string{"6", "1.5", `"hold"`, "0712", `"é"`} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, text string) {
		sameAsExpr(t, text)
	})
}
