package interpreter_test

import (
	"maps"
	"reflect"
	"testing"

	"github.com/bataille/bataille"
	"github.com/bataille/bataille/dsl"
	"github.com/bataille/bataille/games"
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

// TestSlotsReadFromInfo: the variables the slot layout counts as read,
// from what the checker recorded each name to be, are those a walk of
// every expression's tree finds, for every bundled battle, module-wide and
// hook by hook: a variable the layout missed would not be bound, one too
// many only costs a write.
func TestSlotsReadFromInfo(t *testing.T) {
	for _, battle := range games.Names() {
		mod, diags := bataille.LoadBundled(battle)
		if diags.HasErrors() {
			t.Fatalf("%s: %v", battle, diags.Err())
		}
		recorded, walked, byHook, byHookWalked := interpreter.ReadNames(mod)
		if len(walked) == 0 || !maps.Equal(recorded, walked) {
			t.Errorf("%s: read %v, the trees read %v", battle, recorded, walked)
		}
		for i, h := range interpreter.Hooks {
			if !maps.Equal(byHook[i], byHookWalked[i]) {
				t.Errorf("%s: %s reads %v, the trees read %v", battle, h.Name, byHook[i], byHookWalked[i])
			}
		}
	}
}
