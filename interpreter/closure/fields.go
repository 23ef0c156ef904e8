package closure

import (
	"reflect"
	"unsafe"

	"github.com/expr-lang/expr/file"
	"github.com/expr-lang/expr/vm/runtime"
)

// Struct is how the closures read the fields of one struct type, found once
// by reflection when it is registered; reading a field is then a type check
// and a load at its offset.
type Struct struct {
	typ    reflect.Type // the pointer type scripts see
	fields map[string]*field
	// plain is every field read at an offset, in the struct's order.
	plain []*field
}

// differ reports whether two non-nil pointers of the struct's type differ
// in a field read at an offset: reflect.DeepEqual of the two would then
// be false, which this finds without walking the structs (two units
// differ in their id).
func (s *Struct) differ(a, b any) bool {
	for _, fl := range s.plain {
		switch fl.kind {
		case Int:
			x, _ := fl.i(a)
			y, _ := fl.i(b)
			if x != y {
				return true
			}
		case Float:
			x, _ := fl.f(a)
			y, _ := fl.f(b)
			if x != y { // a NaN differs from itself, as DeepEqual has it
				return true
			}
		case Bool:
			x, _ := fl.b(a)
			y, _ := fl.b(b)
			if x != y {
				return true
			}
		default:
			x, _ := fl.s(a)
			y, _ := fl.s(b)
			if x != y {
				return true
			}
		}
	}
	return false
}

type field struct {
	kind Kind
	i    func(any) (int, bool)
	f    func(any) (float64, bool)
	b    func(any) (bool, bool)
	s    func(any) (string, bool)
	// rt is the field as expr's machine fetches it, for values off the
	// fast path (a nil unit), so that the error is the machine's own.
	rt *runtime.Field
	// is makes, for a string field, the node of `obj.field == k` (!= when
	// ne), obj read as read reads it: the node asserts the struct's type
	// itself, a call fewer than through s (compiler.fieldIs).
	is func(at int, obj func(*Frame) any, k string, ne bool, loc file.Location) func(*Frame) bool
}

// fieldAt reads the field of type V at offset off of a *T held as an
// interface value; false when the value is no *T or a nil one.
func fieldAt[T, V any](off uintptr) func(any) (V, bool) {
	return func(x any) (V, bool) {
		p, ok := x.(*T)
		if !ok || p == nil {
			var zero V
			return zero, false
		}
		return *(*V)(unsafe.Add(unsafe.Pointer(p), off)), true
	}
}

// Fields registers *T: each exported field whose Go type is exactly int,
// float64, bool or string, under its `expr` tag or its name. Other fields
// are not compiled: an expression reading one runs on expr's machine.
func Fields[T any]() *Struct {
	t := reflect.TypeFor[T]()
	s := &Struct{typ: reflect.PointerTo(t), fields: map[string]*field{}}
	for i := 0; i < t.NumField(); i++ {
		sf := t.Field(i)
		name := sf.Name
		if tag := sf.Tag.Get("expr"); tag != "" {
			name = tag
		}
		if !sf.IsExported() || name == "-" {
			continue
		}
		off := sf.Offset
		fl := &field{kind: kindOfType(sf.Type), rt: &runtime.Field{Index: sf.Index, Path: []string{name}}}
		if sf.Type != reflect.TypeFor[int]() && sf.Type != reflect.TypeFor[float64]() && sf.Type != reflect.TypeFor[bool]() && sf.Type != reflect.TypeFor[string]() {
			continue
		}
		switch fl.kind {
		case Int:
			fl.i = fieldAt[T, int](off)
		case Float:
			fl.f = fieldAt[T, float64](off)
		case Bool:
			fl.b = fieldAt[T, bool](off)
		case String:
			fl.s = fieldAt[T, string](off)
			rt := fl.rt
			fl.is = func(at int, obj func(*Frame) any, k string, ne bool, loc file.Location) func(*Frame) bool {
				return func(f *Frame) bool {
					o := read(f, at, obj)
					if p, ok := o.(*T); ok && p != nil {
						return (*(*string)(unsafe.Add(unsafe.Pointer(p), off)) == k) != ne
					}
					f.loc = loc
					return (runtime.FetchField(o, rt).(string) == k) != ne
				}
			}
		}
		s.fields[name] = fl
		s.plain = append(s.plain, fl)
	}
	return s
}

// member compiles obj.name for a registered struct. Off the fast path the
// field is fetched as expr's machine fetches it, which fails the same way.
// A name's slot is read in place (read).
func (fl *field) member(objVal val, loc file.Location) val {
	rt := fl.rt
	at, obj := slotOrCall(objVal)
	switch fl.kind {
	case Int:
		get := fl.i
		return intVal(func(f *Frame) int {
			o := read(f, at, obj)
			if v, ok := get(o); ok {
				return v
			}
			f.loc = loc
			return runtime.FetchField(o, rt).(int)
		})
	case Float:
		get := fl.f
		return floatVal(func(f *Frame) float64 {
			o := read(f, at, obj)
			if v, ok := get(o); ok {
				return v
			}
			f.loc = loc
			return runtime.FetchField(o, rt).(float64)
		})
	case Bool:
		// The node of obj.name, and of !obj.name (ne).
		get := fl.b
		node := func(ne bool) func(*Frame) bool {
			return func(f *Frame) bool {
				o := read(f, at, obj)
				if v, ok := get(o); ok {
					return v != ne
				}
				f.loc = loc
				return runtime.FetchField(o, rt).(bool) != ne
			}
		}
		v := boolVal(node(false))
		v.not = func() func(*Frame) bool { return node(true) }
		return v
	default:
		get := fl.s
		v := stringVal(func(f *Frame) string {
			o := read(f, at, obj)
			if v, ok := get(o); ok {
				return v
			}
			f.loc = loc
			return runtime.FetchField(o, rt).(string)
		})
		v.field = &fieldRead{fl: fl, at: at, obj: obj, loc: loc}
		return v
	}
}

// fieldRead is how a string field node reads its field, for a node over
// it that does the same itself (compiler.fieldIs).
type fieldRead struct {
	fl  *field
	at  int
	obj func(*Frame) any
	loc file.Location
}
