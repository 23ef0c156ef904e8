package interpreter_test

import (
	"reflect"
	"testing"

	"github.com/bataille/bataille"
	"github.com/bataille/bataille/dsl"
	"github.com/bataille/bataille/interpreter"
)

// TestEveryExpressionIsCompiled walks a checked module for every expression
// it holds, wherever the checker put it, and requires each to be among the
// module's compiled closures: an expression added to the language in a new
// place is not left to expr's machine unnoticed.
func TestEveryExpressionIsCompiled(t *testing.T) {
	for _, name := range bataille.Bundled() {
		mod, diags := bataille.LoadBundled(name)
		if diags.HasErrors() {
			t.Fatal(diags)
		}
		found := 0
		seen := map[uintptr]bool{}
		var walk func(v reflect.Value)
		walk = func(v reflect.Value) {
			switch v.Kind() {
			case reflect.Pointer:
				if v.IsNil() || seen[v.Pointer()] {
					return
				}
				seen[v.Pointer()] = true
				if p, ok := v.Interface().(*dsl.Program); ok {
					found++
					if !interpreter.IsCompiled(mod, p) && !p.IsConst {
						t.Errorf("%s: %s at %s is not compiled", name, p.Source, p.Pos)
					}
					return
				}
				if _, ok := v.Interface().(*dsl.Module); ok {
					return // the base, compiled for itself
				}
				walk(v.Elem())
			case reflect.Struct:
				for i := 0; i < v.NumField(); i++ {
					if v.Type().Field(i).IsExported() {
						walk(v.Field(i))
					}
				}
			case reflect.Slice, reflect.Array:
				for i := 0; i < v.Len(); i++ {
					walk(v.Index(i))
				}
			case reflect.Map:
				for _, k := range v.MapKeys() {
					walk(v.MapIndex(k))
				}
			case reflect.Interface:
				if !v.IsNil() {
					walk(v.Elem())
				}
			}
		}
		m := reflect.ValueOf(mod).Elem()
		for i := 0; i < m.NumField(); i++ {
			// Invariants and tests read names of their own (the board's
			// units, a set-up's ids), on expr's machine: they are not part
			// of a rule's play.
			if f := m.Type().Field(i); f.IsExported() && f.Name != "Base" && f.Name != "Env" && f.Name != "Invariants" && f.Name != "Tests" {
				walk(m.Field(i))
			}
		}
		t.Logf("%s: %d expressions", name, found)
		if found == 0 {
			t.Errorf("%s: no expression found", name)
		}
	}
}
