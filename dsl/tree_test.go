package dsl

import (
	"math/rand/v2"
	"reflect"
	"testing"
)

// TestTreeRoundTrip: every bundled file's tree, encoded, reads back as the
// tree Parse gives, and only for its own name and text.
func TestTreeRoundTrip(t *testing.T) {
	for name, src := range bundledSources(t) {
		f, diags := Parse(name, src)
		if diags.HasErrors() {
			t.Fatalf("%s: %v", name, diags.Err())
		}
		data, err := EncodeTree(f)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		got, ok := DecodeTree(data, name, string(src))
		if !ok || !reflect.DeepEqual(got, f) {
			t.Fatalf("%s: the tree read back (%v) differs from the parse", name, ok)
		}
		for _, other := range []struct{ what, name, src string }{
			{"another name", name + "x", string(src)},
			{"another text", name, string(src) + " "},
			{"no text", name, ""},
		} {
			if _, ok := DecodeTree(data, other.name, other.src); ok {
				t.Errorf("%s: the tree is read for %s", name, other.what)
			}
		}
	}
}

// TestTreeDamaged: bytes cut short or changed are refused, never read as
// a tree and never a panic.
func TestTreeDamaged(t *testing.T) {
	src := "game g \"G\" extends premier\n\nparam a = 1 cite \"p1\"\nparam s = \"\"\n\nrule r on charge_contact {\n  when unit.arm == \"cavalry\"\n  do note(\"x\"), mark(unit, \"y\")\n}\n\nscenario s {\n  map 3 x 3\n  unit u { side: a  at: 0101 }\n}\n"
	f, diags := Parse("g.rules", []byte(src))
	if diags.HasErrors() {
		t.Fatal(diags.Err())
	}
	data, err := EncodeTree(f)
	if err != nil {
		t.Fatal(err)
	}
	if got, ok := DecodeTree(data, "g.rules", src); !ok || !reflect.DeepEqual(got, f) {
		t.Fatal("the tree does not read back")
	}
	for n := range len(data) {
		if _, ok := DecodeTree(data[:n], "g.rules", src); ok {
			t.Fatalf("the first %d of %d bytes are read as a tree", n, len(data))
		}
	}
	rng := rand.New(rand.NewPCG(1, 2))
	for range 2000 {
		bad := append([]byte(nil), data...)
		i := rng.IntN(len(bad))
		bad[i] ^= byte(1 + rng.IntN(255))
		if _, ok := DecodeTree(bad, "g.rules", src); ok {
			t.Fatalf("byte %d changed, the tree is still read", i)
		}
	}
}

// BenchmarkDecodeTree reads back the base module's tree, as a cold load
// of any battle does before it checks anything.
func BenchmarkDecodeTree(b *testing.B) {
	const name = "../stdlib/premier.rules"
	src := bundledSources(b)[name]
	f, diags := Parse(name, src)
	if diags.HasErrors() {
		b.Fatal(diags.Err())
	}
	data, err := EncodeTree(f)
	if err != nil {
		b.Fatal(err)
	}
	b.SetBytes(int64(len(data)))
	b.ReportAllocs()
	for b.Loop() {
		if _, ok := DecodeTree(data, name, string(src)); !ok {
			b.Fatal("the tree is not read")
		}
	}
}
