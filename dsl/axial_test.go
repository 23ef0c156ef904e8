package dsl_test

import (
	"fmt"
	"reflect"
	"slices"
	"sort"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/bataille/bataille/dsl"
	"github.com/bataille/bataille/hex"
)

// TestAxialEverywhere writes every hex of every bundled scenario and test
// set-up that names a hex by its map number (`0605`) as axial
// coordinates (`(q,r)`) instead: the same boards must be laid out, units,
// terrain, hexsides and orders' paths alike. The bundled scripts use map
// numbers only, so this is where the other form is read.
func TestAxialEverywhere(t *testing.T) {
	rewrote := 0
	for _, m := range bundledModules(t) {
		axial := fstest.MapFS{}
		for name, f := range m.fsys {
			src, n := toAxial(t, name, string(f.Data))
			axial[name] = &fstest.MapFile{Data: []byte(src)}
			rewrote += n
		}
		before, d1 := checkFSShared(m.fsys)
		after, d2 := checkFSShared(axial)
		if before == nil || after == nil {
			t.Fatalf("%s: %v / %v", m.name, d1.Err(), d2.Err())
		}
		if a, b := boards(before), boards(after); a != b {
			t.Errorf("%s: in axial coordinates the boards differ:\n%s", m.name, missingLines(a, b))
		}
	}
	if rewrote < 1000 {
		t.Errorf("only %d hexes written in coordinates", rewrote)
	}
	t.Logf("%d hexes written in coordinates", rewrote)
}

// toAxial rewrites the map numbers of src's hexes (a HexRef, a unit's
// `at`) as axial coordinates, and says how many.
func toAxial(t *testing.T, name, src string) (string, int) {
	f, diags := dsl.Parse(name, []byte(src))
	if diags.HasErrors() {
		t.Fatal(diags.Err())
	}
	type edit struct {
		off  int
		num  string
		text string
	}
	var edits []edit
	put := func(off int, num string) {
		h, err := hex.Parse(num)
		if err != nil {
			return // a number that is no hex (a prop's figure)
		}
		edits = append(edits, edit{off, num, fmt.Sprintf("(%d,%d)", h.Q, h.R)})
	}
	var walk func(v reflect.Value, at bool)
	walk = func(v reflect.Value, at bool) {
		switch v.Kind() {
		case reflect.Pointer, reflect.Interface:
			if !v.IsNil() {
				walk(v.Elem(), at)
			}
		case reflect.Slice:
			for i := range v.Len() {
				walk(v.Index(i), at)
			}
		case reflect.Struct:
			switch x := v.Addr().Interface().(type) {
			case *dsl.HexRef:
				if x.Number != nil {
					put(x.Pos.Offset, *x.Number)
				}
				return
			case *dsl.Value:
				if at && x.Number != nil {
					put(x.Pos.Offset, *x.Number)
				}
				return
			case *dsl.Prop:
				for _, val := range x.Values {
					walk(reflect.ValueOf(val), x.Key == "at")
				}
				return
			}
			for i := range v.NumField() {
				if v.Type().Field(i).IsExported() {
					walk(v.Field(i), at)
				}
			}
		}
	}
	for _, d := range f.Decls {
		if d.Scenario != nil || d.Test != nil {
			walk(reflect.ValueOf(d), false)
		}
	}
	sort.Slice(edits, func(i, j int) bool { return edits[i].off > edits[j].off })
	for _, e := range edits {
		if src[e.off:e.off+len(e.num)] != e.num {
			t.Fatalf("%s: %q is not at %d", name, e.num, e.off)
		}
		src = src[:e.off] + e.text + src[e.off+len(e.num):]
	}
	return src, len(edits)
}

// boards prints the boards of a module's own scenarios and tests as laid
// out: the map, each unit's hex and facing, terrain, hexsides, paths.
func boards(m *dsl.Module) string {
	var b strings.Builder
	lay := func(name string, sd *dsl.ScenarioDef) {
		l, _ := dsl.CheckScenario(m, sd)
		if l == nil {
			fmt.Fprintf(&b, "%s: no layout\n", name)
			return
		}
		fmt.Fprintf(&b, "%s: map %v\n", name, l.Map)
		var lines []string
		for u, p := range l.Units {
			at2 := ""
			if p.At2 != nil {
				at2 = " " + p.At2.String()
			}
			lines = append(lines, fmt.Sprintf("  unit %s at %s%s facing %s", u.ID, p.At, at2, p.Facing))
		}
		for o, path := range l.Paths {
			lines = append(lines, fmt.Sprintf("  %s %s at %s path %v", o.Kind, o.Unit, o.Target, path))
		}
		slices.Sort(lines)
		for _, x := range l.Terrain {
			lines = append(lines, fmt.Sprintf("  terrain %+v", x))
		}
		for _, x := range l.Hexsides {
			lines = append(lines, fmt.Sprintf("  hexside %+v", x))
		}
		b.WriteString(strings.Join(lines, "\n") + "\n")
	}
	for _, sd := range m.Scenarios {
		lay("scenario "+sd.Name, sd)
	}
	for _, x := range m.Tests {
		if x.Module == m.ID && x.Setup != nil {
			lay("test "+x.Name, x.Setup)
		}
	}
	return b.String()
}
