// Package closure compiles checked expressions into typed Go closures.
//
// expr stays the language's parser and type checker: the input is the
// checked (patched and optimised) tree of an expr program. Each node becomes
// a Go function of the engine's frame: numbers and booleans flow between
// them unboxed, fields of the engine's structs are read at offsets found
// once, variables come from slots numbered when the module is loaded, and
// the language's functions are called through their typed forms with no
// argument slice. Whatever the closures cannot do exactly as expr's virtual
// machine does is refused when compiling (Compile returns an error), and the
// caller runs that expression on expr's machine: never a silent difference.
//
// Left to the machine: a range `a..b` outside `in` (the machine counts what
// it builds against its memory budget), `matches`, slices, maps, variables
// declared inside an expression, methods, built-ins given a unit or an
// interface value, and names without a slot. The bundled battles use none
// of them (a test says so); a script that does still runs, on the machine.
//
// The semantics are expr's, value for value and error for error: on any
// value off the fast paths the closures call the very helpers of expr's
// runtime the machine calls (Equal, Less, Add, Fetch …), and a run-time
// error carries the message and the location expr's machine would give.
package closure

import (
	"errors"
	"fmt"
	"math"
	"reflect"
	"unsafe"

	"github.com/expr-lang/expr/ast"
	"github.com/expr-lang/expr/file"
)

// Frame is what an expression reads when it runs: the variables, in the
// slots the compiler was given. Whole numbers, decimals and strings have
// slots of their own type, so that binding one costs no allocation; the
// rest (units, hexes, bools, `let` values) are interface values. One engine
// keeps one frame.
type Frame struct {
	Vals   []any
	Ints   []int
	Floats []float64
	Strs   []string
	loc    file.Location // of the node running its risky part, for errors
	// args is a stack of the arguments of the functions being called
	// without a typed form, and boxes the values boxed lately for them.
	args  []any
	boxes *boxCache
}

// boxCache holds the interface values of the numbers and strings a frame
// boxed lately, in small tables indexed by a hash, so that a function
// called again with the same fire value or the same terrain costs no
// allocation: boxing a float64, an int above 255 or a string allocates,
// and a battle's values come from a handful. A string is known by where
// its bytes are, which for a unit's words is the vocabulary's.
type boxCache struct {
	nums [256]struct {
		bits  uint64
		float bool
		v     any
	}
	strs [256]struct {
		p *byte
		n int
		v any
	}
}

func (f *Frame) cache() *boxCache {
	if f.boxes == nil {
		f.boxes = new(boxCache)
	}
	return f.boxes
}

func (f *Frame) boxFloat(x float64) any {
	bits := math.Float64bits(x) // -0 and 0 are boxed apart
	e := &f.cache().nums[(bits*0x9E3779B97F4A7C15)>>56]
	if e.v == nil || e.bits != bits || !e.float {
		e.bits, e.float, e.v = bits, true, x
	}
	return e.v
}

func (f *Frame) boxInt(n int) any {
	if n >= 0 && n < 256 {
		return n // Go boxes these without allocating
	}
	bits := uint64(n)
	e := &f.cache().nums[(bits*0x9E3779B97F4A7C15)>>56]
	if e.v == nil || e.bits != bits || e.float {
		e.bits, e.float, e.v = bits, false, n
	}
	return e.v
}

func (f *Frame) boxString(s string) any {
	if len(s) == 0 {
		return s // Go boxes "" without allocating
	}
	p := unsafe.StringData(s)
	e := &f.cache().strs[(uint64(uintptr(unsafe.Pointer(p)))*0x9E3779B97F4A7C15+uint64(len(s)))>>56]
	if e.v == nil || e.p != p || e.n != len(s) {
		e.p, e.n, e.v = p, len(s), s
	}
	return e.v
}

// Slot is where a variable lives: Frame.Ints[Index] for an Int, Floats for
// a Float, Strs for a String, and Vals for the rest (Bool and Any). An
// unset Int reads 0, an unset Bool false.
type Slot struct {
	Kind  Kind
	Index int
}

// Program is one compiled expression.
type Program struct {
	// cond is the result as a condition (bool); first, as RunBool reads
	// nothing else.
	cond func(*Frame) bool
	src  file.Source
	root val
	// asBool is set for a condition compiled with expr.AsBool: the machine
	// then turns the result into a bool, failing on anything but a bool or
	// nil.
	asBool bool
	// Kind is the kind of the result: Bool, Int, Float, String, or Any.
	Kind Kind
	// name is set, with slot, for an expression that is a variable's name
	// and yields its slot's value as Run would (Name).
	name bool
	slot Slot
}

// Name reports whether the expression is only a variable's name, whose
// value Run gives as the slot holds it (an Int boxed): the caller may then
// read the slot itself.
func (p *Program) Name() (Slot, bool) { return p.slot, p.name }

// Run evaluates the expression. A failure is a *file.Error like the one
// expr's machine returns: the same message and location.
func (p *Program) Run(f *Frame) (out any, err error) {
	defer p.recover(f, len(f.args), &err)
	if p.asBool {
		return p.cond(f), nil
	}
	switch r := p.root; r.kind {
	case Int:
		return f.boxInt(r.i(f)), nil
	case Float:
		return f.boxFloat(r.f(f)), nil
	case Bool:
		return r.b(f), nil
	case String:
		return f.boxString(r.s(f)), nil
	}
	return p.root.a(f), nil
}

// recover turns a panic of the expression into its error, and drops the
// arguments of the calls it left unfinished.
func (p *Program) recover(f *Frame, args int, err *error) {
	if r := recover(); r != nil {
		clear(f.args[args:])
		f.args = f.args[:args]
		*err = p.fail(f, r)
	}
}

// condition is the result as a condition: a nil (from a chain) is false;
// any other value that is not a bool is false too, as the engine reads
// conditions, unless the program was compiled as a condition, where, as on
// expr's machine, it is an error.
func (p *Program) condition() func(*Frame) bool {
	if p.root.kind == Bool {
		return p.root.b
	}
	a, asBool := p.root.a, p.asBool
	return func(f *Frame) bool {
		v := a(f)
		if v == nil {
			return false
		}
		b, ok := v.(bool)
		if !ok && asBool {
			f.loc = file.Location{}
			panic(fmt.Sprintf("invalid operation: bool(%T)", v))
		}
		return b
	}
}

// RunBool evaluates a condition (see condition).
func (p *Program) RunBool(f *Frame) (out bool, err error) {
	done := false
	defer p.finish(f, len(f.args), &err, &done)
	out = p.cond(f)
	done = true
	return out, nil
}

// finish is recover for a run that says when it is done: on the way out of
// a run that did not panic it returns at once, without the runtime's
// recover.
func (p *Program) finish(f *Frame, args int, err *error, done *bool) {
	if *done {
		return
	}
	if r := recover(); r != nil {
		*err = p.Failure(f, args, r)
	}
}

// Cond is the condition RunBool evaluates, for a caller that tests many
// conditions under one recover of its own, which a deferred call for each
// would slow: a failure of Cond panics, and Failure gives the error
// RunBool would have returned.
func (p *Program) Cond() func(*Frame) bool { return p.cond }

// Failure is RunBool's error for r, what a caller recovered from a call of
// Cond begun with args arguments on the frame's stack (Frame.Args). It
// drops the arguments of the calls the failure left unfinished.
func (p *Program) Failure(f *Frame, args int, r any) error {
	clear(f.args[args:])
	f.args = f.args[:args]
	return p.fail(f, r)
}

// Args is how many arguments the frame holds for calls under way: none
// between runs, but a caller of Cond may be in the middle of one.
func (f *Frame) Args() int { return len(f.args) }

// RunNumber evaluates an expression whose Kind is Int or Float without
// boxing its result: isInt tells which of n and x holds it.
func (p *Program) RunNumber(f *Frame) (n int, x float64, isInt bool, err error) {
	defer p.recover(f, len(f.args), &err)
	switch p.root.kind {
	case Int:
		return p.root.i(f), 0, true, nil
	case Float:
		return 0, p.root.f(f), false, nil
	}
	panic("closure: RunNumber of an expression that is not a number")
}

// fail makes the error expr's machine makes of a panic.
func (p *Program) fail(f *Frame, r any) error {
	fe := &file.Error{Location: f.loc, Message: fmt.Sprintf("%v", r)}
	if err, ok := r.(error); ok {
		fe.Wrap(err)
	}
	return fe.Bind(p.src)
}

// ErrUnsupported is wrapped by Compile's error for an expression the
// closures do not compile; the caller runs it on expr's machine.
var ErrUnsupported = errors.New("not compiled to closures")

// Kind is the Go type a compiled node yields without boxing.
type Kind int

const (
	Any Kind = iota // an interface value: whatever expr's machine would hold
	Int
	Float
	Bool
	String
)

// val is a compiled node: the function of its kind is set, and boxed gives
// the value as an interface whatever the kind.
type val struct {
	kind Kind
	i    func(*Frame) int
	f    func(*Frame) float64
	b    func(*Frame) bool
	s    func(*Frame) string
	a    func(*Frame) any
	// slot is set (isSlot) for a variable's name, and konst (isConst) for
	// a constant: a node over one reads the slot or holds the value itself
	// rather than call its function, one call and one object fewer to
	// reach (see at and constant).
	slot    Slot
	isSlot  bool
	konst   any
	isConst bool
	// field is set for a string field of a registered struct.
	field *fieldRead
	// terms are the operands of a chain of one of && and ||, or when
	// disj, in order: a chain over it takes them as its own, so that
	// `a && b && c` is one node calling three rather than nodes nested.
	terms []func(*Frame) bool
	disj  bool
	// not, when set, makes the node of !v itself (a field's value or a
	// call's result negated in place), a call fewer than a node over v.
	not func() func(*Frame) bool
}

// at is the index in Vals of a name whose slot holds interface values.
func (v val) at() (int, bool) {
	if v.isSlot && v.slot.Kind == Any {
		return v.slot.Index, true
	}
	return 0, false
}

// read reads an interface value: the slot at i when i >= 0, else fn.
// Its branch is cheaper than a call.
func read(f *Frame, i int, fn func(*Frame) any) any {
	if i >= 0 {
		return f.Vals[i]
	}
	return fn(f)
}

// slotOrCall is the index read needs for v: its slot's, or -1 to call fn.
func slotOrCall(v val) (int, func(*Frame) any) {
	if i, ok := v.at(); ok {
		return i, nil
	}
	return -1, v.boxed()
}

func (v val) boxed() func(*Frame) any {
	switch v.kind {
	case Int:
		i := v.i
		return func(f *Frame) any { return f.boxInt(i(f)) }
	case Float:
		g := v.f
		return func(f *Frame) any { return f.boxFloat(g(f)) }
	case Bool:
		b := v.b
		return func(f *Frame) any { return b(f) }
	case String:
		s := v.s
		return func(f *Frame) any { return f.boxString(s(f)) }
	}
	return v.a
}

// num reads an Int or Float node as a float64.
func (v val) num() func(*Frame) float64 {
	if v.kind == Float {
		return v.f
	}
	i := v.i
	return func(f *Frame) float64 { return float64(i(f)) }
}

func isNum(k Kind) bool { return k == Int || k == Float }

func intVal(fn func(*Frame) int) val       { return val{kind: Int, i: fn} }
func floatVal(fn func(*Frame) float64) val { return val{kind: Float, f: fn} }
func boolVal(fn func(*Frame) bool) val     { return val{kind: Bool, b: fn} }
func stringVal(fn func(*Frame) string) val { return val{kind: String, s: fn} }
func anyVal(fn func(*Frame) any) val       { return val{kind: Any, a: fn} }

// unsupported says why a node is left to expr's machine.
func unsupported(n ast.Node, why string) error {
	return fmt.Errorf("%w: %s (%T)", ErrUnsupported, why, n)
}

// constOf makes a node that always yields x.
func constOf(x any) val {
	var v val
	switch c := x.(type) {
	case int:
		v = intVal(func(*Frame) int { return c })
	case float64:
		v = floatVal(func(*Frame) float64 { return c })
	case bool:
		v = boolVal(func(*Frame) bool { return c })
	case string:
		v = stringVal(func(*Frame) string { return c })
	default:
		return anyVal(func(*Frame) any { return x })
	}
	v.konst, v.isConst = x, true
	return v
}

// kindOfType is the Kind whose Go type is t exactly.
func kindOfType(t reflect.Type) Kind {
	if t == nil {
		return Any
	}
	switch t {
	case reflect.TypeFor[int]():
		return Int
	case reflect.TypeFor[float64]():
		return Float
	case reflect.TypeFor[bool]():
		return Bool
	case reflect.TypeFor[string]():
		return String
	}
	return Any
}
