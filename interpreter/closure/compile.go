package closure

import (
	"fmt"
	"math"
	"reflect"
	"strings"
	"unicode/utf8"

	"github.com/expr-lang/expr/ast"
	"github.com/expr-lang/expr/builtin"
	"github.com/expr-lang/expr/file"
	"github.com/expr-lang/expr/vm"
	"github.com/expr-lang/expr/vm/runtime"
)

// Config is what the compiler knows of the names an expression reads.
type Config struct {
	// Slots places the variables in the frame.
	Slots map[string]Slot
	// Consts are names whose value is fixed for the module (its params).
	Consts map[string]any
	// Structs are the struct types whose fields are read at offsets.
	Structs []*Struct
	// Funcs are the language's functions.
	Funcs map[string]Func
}

// Func is one of the language's functions: Fn as expr's machine calls it,
// and optionally Fast, the same function in one of the typed forms the
// closures call directly, or a []any of them, the first that fits the
// arguments' kinds taken:
//
//	func(any) (int, error)              func(any) (bool, error)
//	func(any, any) (int, error)         func(any, any) (bool, error)
//	func(any, string) (bool, error)     func(any, string, string) (bool, error)
//	func(any, string) (int, error)      func(any, string, string) (int, error)
//	func(int, int) (int, error)         func(float64, float64) (float64, error)
//	func(string, string) (string, error)
//	func(int) (int, error)              func(float64) (int, error)
//	func(int) (float64, error)          func(float64) (float64, error)
//	func(any, any, int, []float64) (int, error), the list of constants
//
// A form of decimals takes whole numbers too, converted.
// The arguments typed any are the values expressions hold (units); the
// two forms must agree, which the differential tests check.
type Func struct {
	// Fn must not keep args after it returns: they are the frame's.
	Fn   func(args ...any) (any, error)
	Fast any
}

type compiler struct {
	cfg     *Config
	structs map[reflect.Type]*Struct
	chain   int // depth of ChainNodes around the node being compiled
	// coalesced are the operands of ??: a chain there yields what stopped
	// it (a nil unit), not nil, as the machine leaves it to ?? to judge.
	coalesced map[ast.Node]bool
	zero      *float64 // the float zero of the program's constants, if any
}

// float is a float constant as the program holds it.
func (c *compiler) float(f float64) val {
	if f == 0 && c.zero != nil {
		f = *c.zero
	}
	return constOf(f)
}

// CompileProgram compiles a program expr compiled: its checked tree, and
// whether it was compiled as a condition (expr.AsBool).
func CompileProgram(prog *vm.Program, cfg *Config) (*Program, error) {
	n := len(prog.Bytecode)
	asBool := n > 0 && prog.Bytecode[n-1] == vm.OpCast && prog.Arguments[n-1] == 3
	return compileChecked(prog.Node(), prog.Source().String(), asBool, cfg, zeroOf(prog))
}

// CompileTree compiles a checked tree as CompileProgram compiles the
// program expr's compiler makes of it, without that program: asBool says
// the tree was checked as a condition. program gives it, and is called
// only for a tree holding a negative float zero, where the program's
// constants say which zero the machine holds.
func CompileTree(node ast.Node, source string, asBool bool, cfg *Config, program func() (*vm.Program, error)) (*Program, error) {
	var zero *float64
	if negativeZero(node) {
		prog, err := program()
		if err != nil {
			return nil, err
		}
		zero = zeroOf(prog)
	}
	return compileChecked(node, source, asBool, cfg, zero)
}

// zeroOf is the float zero of a program's constants, if it has one.
// expr's compiler keeps one constant for values that are ==, so 0.0 and
// -0.0 written in one expression both become the first of them: the
// closures take its sign. Without a -0.0 in the tree, every float zero is
// +0.0 and the sign taken is the one written.
func zeroOf(prog *vm.Program) *float64 {
	for _, k := range prog.Constants {
		if f, ok := k.(float64); ok && f == 0 {
			return &f
		}
	}
	return nil
}

// negativeZero says a tree holds a float constant -0.0.
func negativeZero(root ast.Node) bool {
	v := &zeroFinder{}
	ast.Walk(&root, v)
	return v.found
}

type zeroFinder struct{ found bool }

func (v *zeroFinder) Visit(n *ast.Node) {
	var f float64
	switch n := (*n).(type) {
	case *ast.FloatNode:
		f = n.Value
	case *ast.ConstantNode:
		f, _ = n.Value.(float64)
	default:
		return
	}
	if f == 0 && math.Signbit(f) {
		v.found = true
	}
}

func compileChecked(node ast.Node, source string, asBool bool, cfg *Config, zero *float64) (*Program, error) {
	p, err := compile(node, source, cfg, zero)
	if err != nil {
		return nil, err
	}
	p.asBool = asBool
	p.cond = p.condition()
	if id, ok := node.(*ast.IdentifierNode); ok && !p.asBool {
		if s, ok := cfg.Slots[id.Value]; ok && (s.Kind == Any || s.Kind == Int) {
			p.name, p.slot = true, s
		}
	}
	return p, nil
}

// Compile compiles a checked expr tree; source is the expression's text,
// for the line and column of errors. An error wrapping ErrUnsupported means
// the expression must run on expr's machine.
func Compile(node ast.Node, source string, cfg *Config) (p *Program, err error) {
	return compile(node, source, cfg, nil)
}

func compile(node ast.Node, source string, cfg *Config, zero *float64) (p *Program, err error) {
	c := &compiler{cfg: cfg, structs: map[reflect.Type]*Struct{}, coalesced: map[ast.Node]bool{}, zero: zero}
	for _, s := range cfg.Structs {
		c.structs[s.typ] = s
	}
	v, err := c.compile(node)
	if err != nil {
		return nil, err
	}
	p = &Program{src: file.NewSource(source), root: v, Kind: v.kind}
	p.cond = p.condition()
	return p, nil
}

func (c *compiler) compile(n ast.Node) (val, error) {
	switch n := n.(type) {
	case *ast.NilNode:
		return anyVal(func(*Frame) any { return nil }), nil
	case *ast.IntegerNode:
		if t := n.Type(); t != nil {
			switch t.Kind() {
			case reflect.Float64:
				return c.float(float64(n.Value)), nil
			case reflect.Float32, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
				reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
				return val{}, unsupported(n, "integer of type "+t.String())
			}
			// An int, or (a param written in) of no numeric type: the
			// machine holds an int.
		}
		return constOf(n.Value), nil
	case *ast.FloatNode:
		if t := n.Type(); t != nil && t.Kind() != reflect.Float64 {
			return val{}, unsupported(n, "float of type "+t.String())
		}
		return c.float(n.Value), nil
	case *ast.BoolNode:
		return constOf(n.Value), nil
	case *ast.StringNode:
		return constOf(n.Value), nil
	case *ast.ConstantNode:
		if f, ok := n.Value.(float64); ok {
			return c.float(f), nil
		}
		return constOf(n.Value), nil
	case *ast.IdentifierNode:
		return c.ident(n)
	case *ast.UnaryNode:
		return c.unary(n)
	case *ast.BinaryNode:
		return c.binary(n)
	case *ast.ChainNode:
		return c.chainNode(n)
	case *ast.MemberNode:
		return c.member(n)
	case *ast.CallNode:
		return c.call(n)
	case *ast.BuiltinNode:
		return c.builtinCall(n)
	case *ast.ConditionalNode:
		return c.conditional(n)
	case *ast.ArrayNode:
		return c.array(n)
	}
	return val{}, unsupported(n, "node")
}

func (c *compiler) ident(n *ast.IdentifierNode) (val, error) {
	if slot, ok := c.cfg.Slots[n.Value]; ok {
		v := c.slotRead(n, slot)
		v.slot, v.isSlot = slot, true
		return v, nil
	}
	if v, ok := c.cfg.Consts[n.Value]; ok {
		return constOf(v), nil
	}
	return val{}, unsupported(n, "name "+n.Value+" has no slot")
}

// slotRead reads a variable's slot.
func (c *compiler) slotRead(n *ast.IdentifierNode, slot Slot) val {
	i := slot.Index
	switch slot.Kind {
	case Int:
		return intVal(func(f *Frame) int { return f.Ints[i] })
	case Float:
		return floatVal(func(f *Frame) float64 { return f.Floats[i] })
	case String:
		return stringVal(func(f *Frame) string { return f.Strs[i] })
	case Bool:
		return boolVal(func(f *Frame) bool {
			b, ok := f.Vals[i].(bool)
			if !ok && f.Vals[i] != nil {
				panic(fmt.Sprintf("variable %s holds %T, not a bool", n.Value, f.Vals[i]))
			}
			return b
		})
	}
	return anyVal(func(f *Frame) any { return f.Vals[i] })
}

// junction is l && r (l || r when disj): the operands of either taken
// one by one when it is a chain of the same operator, and all tested by
// one node, left to right, each skipped once the answer is known, as the
// nested nodes would.
func junction(l, r val, disj bool) val {
	var terms []func(*Frame) bool
	for _, x := range []val{l, r} {
		if x.terms != nil && x.disj == disj {
			terms = append(terms, x.terms...)
		} else {
			terms = append(terms, x.b)
		}
	}
	var fn func(*Frame) bool
	switch t := terms; {
	case len(t) == 2 && !disj:
		a, b := t[0], t[1]
		fn = func(f *Frame) bool { return a(f) && b(f) }
	case len(t) == 2:
		a, b := t[0], t[1]
		fn = func(f *Frame) bool { return a(f) || b(f) }
	case len(t) == 3 && !disj:
		a, b, c := t[0], t[1], t[2]
		fn = func(f *Frame) bool { return a(f) && b(f) && c(f) }
	case len(t) == 3:
		a, b, c := t[0], t[1], t[2]
		fn = func(f *Frame) bool { return a(f) || b(f) || c(f) }
	default:
		fn = func(f *Frame) bool {
			for _, x := range t {
				if x(f) == disj {
					return disj
				}
			}
			return !disj
		}
	}
	v := boolVal(fn)
	v.terms, v.disj = terms, disj
	return v
}

func (c *compiler) unary(n *ast.UnaryNode) (val, error) {
	x, err := c.operand(n.Node)
	if err != nil {
		return val{}, err
	}
	loc := n.Location()
	switch n.Operator {
	case "!", "not":
		if x.kind == Bool {
			b := x.b
			if x.not != nil {
				v := boolVal(x.not())
				v.not = func() func(*Frame) bool { return b }
				return v, nil
			}
			return boolVal(func(f *Frame) bool { return !b(f) }), nil
		}
		a := x.a
		return boolVal(func(f *Frame) bool {
			v := a(f)
			f.loc = loc
			return !v.(bool)
		}), nil
	case "+":
		return x, nil
	case "-":
		switch x.kind {
		case Int:
			i := x.i
			return intVal(func(f *Frame) int { return -i(f) }), nil
		case Float:
			g := x.f
			return floatVal(func(f *Frame) float64 { return -g(f) }), nil
		}
		a := x.boxed()
		return anyVal(func(f *Frame) any {
			v := a(f)
			f.loc = loc
			return runtime.Negate(v)
		}), nil
	}
	return val{}, unsupported(n, "operator "+n.Operator)
}

func (c *compiler) binary(n *ast.BinaryNode) (val, error) {
	loc := n.Location()
	if n.Operator == "==" || n.Operator == "!=" {
		if v, ok, err := c.fieldIs(n); ok || err != nil {
			return v, err
		}
		eq, err := c.equal(n.Left, n.Right, loc)
		if err != nil {
			return val{}, err
		}
		if n.Operator == "!=" {
			return boolVal(func(f *Frame) bool { return !eq(f) }), nil
		}
		return boolVal(eq), nil
	}
	if n.Operator == "??" {
		c.coalesced[n.Left], c.coalesced[n.Right] = true, true
	}
	l, err := c.operand(n.Left)
	if err != nil {
		return val{}, err
	}
	r, err := c.operand(n.Right)
	if err != nil {
		return val{}, err
	}
	switch n.Operator {
	case "and", "&&", "or", "||":
		and := n.Operator == "and" || n.Operator == "&&"
		if l.kind == Bool && r.kind == Bool {
			return junction(l, r, !and), nil
		}
		// The machine leaves the left value when it decides, the right one
		// otherwise, and asserts the left to be a bool.
		la, ra := l.boxed(), r.boxed()
		return anyVal(func(f *Frame) any {
			v := la(f)
			f.loc = loc
			if v.(bool) == !and {
				return v
			}
			return ra(f)
		}), nil
	case "??":
		if l.kind != Any {
			return l, nil // a number, bool or string is never nil
		}
		la, ra := l.a, r.boxed()
		return anyVal(func(f *Frame) any {
			if v := la(f); !runtime.IsNil(v) {
				return v
			}
			return ra(f)
		}), nil
	case "<", ">", "<=", ">=":
		return compare(n.Operator, l, r, loc), nil
	case "+", "-", "*":
		return arith(n.Operator, l, r, loc), nil
	case "/":
		if isNum(l.kind) && isNum(r.kind) {
			lf, rf := l.num(), r.num()
			return floatVal(func(f *Frame) float64 { return lf(f) / rf(f) }), nil
		}
		la, ra := l.boxed(), r.boxed()
		return floatVal(func(f *Frame) float64 {
			a, b := la(f), ra(f)
			f.loc = loc
			return runtime.Divide(a, b)
		}), nil
	case "%":
		if l.kind == Int && r.kind == Int {
			li, ri := l.i, r.i
			return intVal(func(f *Frame) int {
				a, b := li(f), ri(f)
				f.loc = loc
				return a % b
			}), nil
		}
		la, ra := l.boxed(), r.boxed()
		return intVal(func(f *Frame) int {
			a, b := la(f), ra(f)
			f.loc = loc
			return runtime.Modulo(a, b)
		}), nil
	case "**", "^":
		if isNum(l.kind) && isNum(r.kind) {
			lf, rf := l.num(), r.num()
			return floatVal(func(f *Frame) float64 { return math.Pow(lf(f), rf(f)) }), nil
		}
		la, ra := l.boxed(), r.boxed()
		return floatVal(func(f *Frame) float64 {
			a, b := la(f), ra(f)
			f.loc = loc
			return runtime.Exponent(a, b)
		}), nil
	case "in":
		return in(l, r, n.Right, loc), nil
	case "contains", "startsWith", "endsWith":
		op := map[string]func(string, string) bool{"contains": strings.Contains, "startsWith": strings.HasPrefix, "endsWith": strings.HasSuffix}[n.Operator]
		if l.kind == String && r.kind == String {
			ls, rs := l.s, r.s
			return boolVal(func(f *Frame) bool { return op(ls(f), rs(f)) }), nil
		}
		la, ra := l.boxed(), r.boxed()
		return boolVal(func(f *Frame) bool {
			a, b := la(f), ra(f)
			f.loc = loc
			if runtime.IsNil(a) || runtime.IsNil(b) {
				return false
			}
			return op(a.(string), b.(string))
		}), nil
	}
	return val{}, unsupported(n, "operator "+n.Operator)
}

// fieldIs compiles == and != of a unit's string field and a constant
// (`unit.arm == "infantry"`, the commonest test of the bundled battles) as
// one node, which reads the name's slot, the field and compares.
func (c *compiler) fieldIs(n *ast.BinaryNode) (val, bool, error) {
	fn, kn := n.Left, n.Right
	if _, ok := fn.(*ast.MemberNode); !ok {
		fn, kn = kn, fn
	}
	if _, ok := fn.(*ast.MemberNode); !ok {
		return val{}, false, nil
	}
	if t := kn.Type(); t == nil || t.Kind() != reflect.String || fn.Type() != t {
		return val{}, false, nil
	}
	fv, err := c.compile(fn)
	if err != nil || fv.field == nil {
		return val{}, false, err
	}
	kv, err := c.compile(kn)
	if err != nil {
		return val{}, false, err
	}
	k, ok := kv.konst.(string)
	if !ok || !kv.isConst {
		return val{}, false, nil
	}
	fr := fv.field
	return boolVal(fr.fl.is(fr.at, fr.obj, k, n.Operator == "!=", fr.loc)), true, nil
}

// equal is ==: unboxed when both sides are of known kinds, else expr's
// runtime.Equal on the operands as the machine holds them (a unit
// dereferenced to its struct): numbers of either kind compare as numbers,
// anything else of another kind is unequal.
func (c *compiler) equal(ln, rn ast.Node, loc file.Location) (func(*Frame) bool, error) {
	lt, rt := ln.Type(), rn.Type()
	if lt != nil && rt != nil && lt == rt && lt.Kind() == reflect.Pointer && identityEqual(lt.Elem(), map[reflect.Type]bool{}) &&
		!ln.Nature().Nil && !rn.Nature().Nil {
		// The same pointer makes equal structs; other pointers are compared
		// as the machine compares them, dereferenced.
		l, err := c.compile(ln)
		if err != nil {
			return nil, err
		}
		r, err := c.compile(rn)
		if err != nil {
			return nil, err
		}
		la, ra := l.boxed(), r.boxed()
		st := c.structs[lt]
		return func(f *Frame) bool {
			a, b := la(f), ra(f)
			if a == b {
				return true
			}
			f.loc = loc
			if samePointers(a, b) {
				// What runtime.Equal does with the two structs behind
				// them, without copying each into an interface value;
				// first, for a registered struct, a field that differs.
				if st != nil && st.differ(a, b) {
					return false
				}
				return reflect.DeepEqual(a, b)
			}
			return runtime.Equal(derefAny(a), derefAny(b))
		}, nil
	}
	l, err := c.operand(ln)
	if err != nil {
		return nil, err
	}
	r, err := c.operand(rn)
	if err != nil {
		return nil, err
	}
	if l.isConst && !r.isConst && l.kind == r.kind && (l.kind == Int || l.kind == String) {
		l, r = r, l // == of two ints or two strings is symmetric, and a constant has no effect
	}
	switch {
	case l.kind == Int && r.kind == Int:
		li, ri := l.i, r.i
		if c, ok := r.konst.(int); ok && r.isConst {
			if l.isSlot {
				i := l.slot.Index
				return func(f *Frame) bool { return f.Ints[i] == c }, nil
			}
			return func(f *Frame) bool { return li(f) == c }, nil
		}
		return func(f *Frame) bool { return li(f) == ri(f) }, nil
	case isNum(l.kind) && isNum(r.kind):
		lf, rf := l.num(), r.num()
		return func(f *Frame) bool { return lf(f) == rf(f) }, nil
	case l.kind == String && r.kind == String:
		ls, rs := l.s, r.s
		if c, ok := r.konst.(string); ok && r.isConst {
			return func(f *Frame) bool { return ls(f) == c }, nil
		}
		return func(f *Frame) bool { return ls(f) == rs(f) }, nil
	case l.kind == Bool && r.kind == Bool:
		lb, rb := l.b, r.b
		return func(f *Frame) bool { return lb(f) == rb(f) }, nil
	case lt != nil && rt != nil && lt == rt && (lt.Kind() == reflect.Int || lt.Kind() == reflect.String) && lt.PkgPath() == "":
		// Both typed int, or both string: the machine asserts the types
		// (OpEqualInt, OpEqualString), which fails on a nil from a chain.
		la, ra := l.boxed(), r.boxed()
		if lt.Kind() == reflect.Int {
			return func(f *Frame) bool {
				a, b := la(f), ra(f)
				f.loc = loc
				return a.(int) == b.(int)
			}, nil
		}
		return func(f *Frame) bool {
			a, b := la(f), ra(f)
			f.loc = loc
			return a.(string) == b.(string)
		}, nil
	case l.kind != Any && r.kind != Any:
		// Two known kinds that differ (a number and a string): never
		// equal, but both sides still run, for their errors.
		la, ra := l.boxed(), r.boxed()
		return func(f *Frame) bool { la(f); ra(f); return false }, nil
	}
	la, ra := l.boxed(), r.boxed()
	return func(f *Frame) bool {
		a, b := la(f), ra(f)
		f.loc = loc
		return runtime.Equal(a, b)
	}, nil
}

// identityEqual reports whether two copies of one value of type t are
// always deeply equal: nothing in it compares unequal to itself (a NaN in a
// float or behind an interface). Pointers, maps and slices are equal to
// themselves without being walked.
func identityEqual(t reflect.Type, seen map[reflect.Type]bool) bool {
	if seen[t] {
		return true
	}
	seen[t] = true
	switch t.Kind() {
	case reflect.Float32, reflect.Float64, reflect.Complex64, reflect.Complex128, reflect.Interface:
		return false
	case reflect.Struct:
		for i := 0; i < t.NumField(); i++ {
			if !identityEqual(t.Field(i).Type, seen) {
				return false
			}
		}
	case reflect.Array:
		return identityEqual(t.Elem(), seen)
	}
	return true
}

// operand compiles an operand of an operator as the machine holds it: a
// pointer or interface value dereferenced (expr's derefInNeeded).
func (c *compiler) operand(n ast.Node) (val, error) {
	v, err := c.compile(n)
	if err != nil || n.Nature().Nil {
		return v, err
	}
	if t := n.Type(); t != nil && (t.Kind() == reflect.Pointer || t.Kind() == reflect.Interface) {
		a := v.boxed()
		return anyVal(func(f *Frame) any { return derefAny(a(f)) }), nil
	}
	return v, nil
}

// samePointers reports whether a and b are non-nil pointers of one type
// to a struct (two units): runtime.Equal compares the structs behind them
// by reflect.DeepEqual, which is what DeepEqual of the pointers does.
func samePointers(a, b any) bool {
	ta := reflect.TypeOf(a)
	if ta == nil || ta != reflect.TypeOf(b) || ta.Kind() != reflect.Pointer || ta.Elem().Kind() != reflect.Struct {
		return false
	}
	return !reflect.ValueOf(a).IsNil() && !reflect.ValueOf(b).IsNil()
}

// derefAny is expr's deref.Interface: the value behind pointers, nil for a
// nil pointer.
func derefAny(p any) any {
	switch p.(type) {
	case nil:
		return nil
	case int, float64, string, bool:
		return p
	}
	v := reflect.ValueOf(p)
	for v.Kind() == reflect.Pointer || v.Kind() == reflect.Interface {
		if v.IsNil() {
			return nil
		}
		v = v.Elem()
	}
	if v.IsValid() {
		return v.Interface()
	}
	panic(fmt.Sprintf("cannot dereference %v", p))
}

func compare(op string, l, r val, loc file.Location) val {
	switch {
	case l.kind == Int && r.kind == Int && r.isConst:
		return compareConst(op, l, r.konst.(int))
	case l.kind == Int && r.kind == Int:
		li, ri := l.i, r.i
		switch op {
		case "<":
			return boolVal(func(f *Frame) bool { return li(f) < ri(f) })
		case ">":
			return boolVal(func(f *Frame) bool { return li(f) > ri(f) })
		case "<=":
			return boolVal(func(f *Frame) bool { return li(f) <= ri(f) })
		default:
			return boolVal(func(f *Frame) bool { return li(f) >= ri(f) })
		}
	case isNum(l.kind) && isNum(r.kind):
		lf, rf := l.num(), r.num()
		switch op {
		case "<":
			return boolVal(func(f *Frame) bool { return lf(f) < rf(f) })
		case ">":
			return boolVal(func(f *Frame) bool { return lf(f) > rf(f) })
		case "<=":
			return boolVal(func(f *Frame) bool { return lf(f) <= rf(f) })
		default:
			return boolVal(func(f *Frame) bool { return lf(f) >= rf(f) })
		}
	case l.kind == String && r.kind == String:
		ls, rs := l.s, r.s
		switch op {
		case "<":
			return boolVal(func(f *Frame) bool { return ls(f) < rs(f) })
		case ">":
			return boolVal(func(f *Frame) bool { return ls(f) > rs(f) })
		case "<=":
			return boolVal(func(f *Frame) bool { return ls(f) <= rs(f) })
		default:
			return boolVal(func(f *Frame) bool { return ls(f) >= rs(f) })
		}
	}
	fn := map[string]func(a, b any) bool{"<": runtime.Less, ">": runtime.More, "<=": runtime.LessOrEqual, ">=": runtime.MoreOrEqual}[op]
	la, ra := l.boxed(), r.boxed()
	return boolVal(func(f *Frame) bool {
		a, b := la(f), ra(f)
		f.loc = loc
		return fn(a, b)
	})
}

// compareConst is a comparison of whole numbers with a constant on the
// right (`distance <= 3`), of a name's slot read in place.
func compareConst(op string, l val, c int) val {
	li := l.i
	if l.isSlot {
		i := l.slot.Index
		switch op {
		case "<":
			return boolVal(func(f *Frame) bool { return f.Ints[i] < c })
		case ">":
			return boolVal(func(f *Frame) bool { return f.Ints[i] > c })
		case "<=":
			return boolVal(func(f *Frame) bool { return f.Ints[i] <= c })
		default:
			return boolVal(func(f *Frame) bool { return f.Ints[i] >= c })
		}
	}
	switch op {
	case "<":
		return boolVal(func(f *Frame) bool { return li(f) < c })
	case ">":
		return boolVal(func(f *Frame) bool { return li(f) > c })
	case "<=":
		return boolVal(func(f *Frame) bool { return li(f) <= c })
	default:
		return boolVal(func(f *Frame) bool { return li(f) >= c })
	}
}

func arith(op string, l, r val, loc file.Location) val {
	switch {
	case l.kind == Int && r.kind == Int:
		li, ri := l.i, r.i
		switch op {
		case "+":
			return intVal(func(f *Frame) int { return li(f) + ri(f) })
		case "-":
			return intVal(func(f *Frame) int { return li(f) - ri(f) })
		default:
			return intVal(func(f *Frame) int { return li(f) * ri(f) })
		}
	case isNum(l.kind) && isNum(r.kind):
		lf, rf := l.num(), r.num()
		switch op {
		case "+":
			return floatVal(func(f *Frame) float64 { return lf(f) + rf(f) })
		case "-":
			return floatVal(func(f *Frame) float64 { return lf(f) - rf(f) })
		default:
			return floatVal(func(f *Frame) float64 { return lf(f) * rf(f) })
		}
	case op == "+" && l.kind == String && r.kind == String:
		ls, rs := l.s, r.s
		return stringVal(func(f *Frame) string { return ls(f) + rs(f) })
	}
	fn := map[string]func(a, b any) any{"+": runtime.Add, "-": runtime.Subtract, "*": runtime.Multiply}[op]
	la, ra := l.boxed(), r.boxed()
	return anyVal(func(f *Frame) any {
		a, b := la(f), ra(f)
		f.loc = loc
		return fn(a, b)
	})
}

// in is `x in list`. The optimiser turns a list of constants into a set
// (a map constant); a string or whole number is looked up in it directly.
func in(l, r val, right ast.Node, loc file.Location) val {
	if cn, ok := right.(*ast.ConstantNode); ok {
		switch set := cn.Value.(type) {
		case map[string]struct{}:
			if l.kind == String {
				ls := l.s
				return boolVal(func(f *Frame) bool { _, ok := set[ls(f)]; return ok })
			}
		case map[int]struct{}:
			if l.kind == Int {
				li := l.i
				return boolVal(func(f *Frame) bool { _, ok := set[li(f)]; return ok })
			}
		}
	}
	la, ra := l.boxed(), r.boxed()
	return boolVal(func(f *Frame) bool {
		a, b := la(f), ra(f)
		f.loc = loc
		return runtime.In(a, b)
	})
}

// chainStop is what an optional member yields on nil: it passes up the
// members of the chain to its ChainNode, as the machine jumps to the
// chain's end, with the value the machine would have there.
type chainStop struct{ v any }

func (c *compiler) chainNode(n *ast.ChainNode) (val, error) {
	c.chain++
	x, err := c.compile(n.Node)
	c.chain--
	if err != nil {
		return val{}, err
	}
	a := x.boxed()
	if c.coalesced[n] {
		return anyVal(func(f *Frame) any {
			v := a(f)
			if s, stop := v.(chainStop); stop {
				return s.v
			}
			return v
		}), nil
	}
	return anyVal(func(f *Frame) any {
		v := a(f)
		if _, stop := v.(chainStop); stop || runtime.IsNil(v) {
			return nil
		}
		return v
	}), nil
}

func (c *compiler) member(n *ast.MemberNode) (val, error) {
	if n.Method {
		return val{}, unsupported(n, "method")
	}
	obj, err := c.compile(n.Node)
	if err != nil {
		return val{}, err
	}
	loc := n.Location()
	oa := obj.boxed()
	optional := n.Optional && c.chain > 0
	inChain := c.chain > 0
	prop, isName := n.Property.(*ast.StringNode)
	if isName && !optional && !inChain {
		if s := c.structs[n.Node.Type()]; s != nil {
			if _, nested := n.Node.(*ast.MemberNode); !nested {
				if fl := s.fields[prop.Value]; fl != nil {
					return fl.member(obj, loc), nil
				}
			}
		}
	}
	if t := n.Node.Type(); t != nil && t.Kind() == reflect.Pointer && t.Elem().Kind() == reflect.Struct {
		// A struct not registered, or a field that is not a plain one: the
		// machine fetches it by its index, which this does not redo.
		if !isName || c.structs[t] == nil {
			return val{}, unsupported(n, "field of "+t.String())
		}
		fl := c.structs[t].fields[prop.Value]
		if fl == nil {
			return val{}, unsupported(n, "field "+prop.Value)
		}
		if _, nested := n.Node.(*ast.MemberNode); nested {
			return val{}, unsupported(n, "nested field")
		}
		rt := fl.rt
		return anyVal(func(f *Frame) any {
			o := oa(f)
			if _, stop := o.(chainStop); stop {
				return o
			}
			if optional && runtime.IsNil(o) {
				return chainStop{o}
			}
			f.loc = loc
			return runtime.FetchField(o, rt)
		}), nil
	}
	if t := n.Node.Type(); t == nil || (t.Kind() != reflect.Map && t.Kind() != reflect.Interface) {
		return val{}, unsupported(n, "member of "+fmt.Sprint(t))
	}
	p, err := c.compile(n.Property)
	if err != nil {
		return val{}, err
	}
	pa := p.boxed()
	return anyVal(func(f *Frame) any {
		o := oa(f)
		if _, stop := o.(chainStop); stop {
			return o
		}
		if optional && runtime.IsNil(o) {
			return chainStop{o}
		}
		k := pa(f)
		f.loc = loc
		return runtime.Fetch(o, k)
	}), nil
}

func (c *compiler) conditional(n *ast.ConditionalNode) (val, error) {
	cond, err := c.operand(n.Cond)
	if err != nil {
		return val{}, err
	}
	a, err := c.compile(n.Exp1)
	if err != nil {
		return val{}, err
	}
	b, err := c.compile(n.Exp2)
	if err != nil {
		return val{}, err
	}
	loc := n.Location()
	cb := cond.b
	if cond.kind != Bool {
		ca := cond.a
		cb = func(f *Frame) bool {
			v := ca(f)
			f.loc = loc
			return v.(bool)
		}
	}
	if a.kind == b.kind {
		switch a.kind {
		case Int:
			x, y := a.i, b.i
			return intVal(func(f *Frame) int {
				if cb(f) {
					return x(f)
				}
				return y(f)
			}), nil
		case Float:
			x, y := a.f, b.f
			return floatVal(func(f *Frame) float64 {
				if cb(f) {
					return x(f)
				}
				return y(f)
			}), nil
		case Bool:
			x, y := a.b, b.b
			return boolVal(func(f *Frame) bool {
				if cb(f) {
					return x(f)
				}
				return y(f)
			}), nil
		case String:
			x, y := a.s, b.s
			return stringVal(func(f *Frame) string {
				if cb(f) {
					return x(f)
				}
				return y(f)
			}), nil
		}
	}
	x, y := a.boxed(), b.boxed()
	return anyVal(func(f *Frame) any {
		if cb(f) {
			return x(f)
		}
		return y(f)
	}), nil
}

// array builds a list, as the machine does for a list that is not all
// constants. Its size is bounded by the expression's node budget, far below
// the machine's memory budget, which is therefore not counted here.
func (c *compiler) array(n *ast.ArrayNode) (val, error) {
	elems := make([]func(*Frame) any, len(n.Nodes))
	for i, e := range n.Nodes {
		v, err := c.compile(e)
		if err != nil {
			return val{}, err
		}
		elems[i] = v.boxed()
	}
	return anyVal(func(f *Frame) any {
		out := make([]any, len(elems))
		for i, e := range elems {
			out[i] = e(f)
		}
		return out
	}), nil
}

func (c *compiler) args(ns []ast.Node) ([]val, error) {
	out := make([]val, len(ns))
	for i, a := range ns {
		v, err := c.compile(a)
		if err != nil {
			return nil, err
		}
		out[i] = v
	}
	return out, nil
}

func (c *compiler) call(n *ast.CallNode) (val, error) {
	id, ok := n.Callee.(*ast.IdentifierNode)
	if !ok {
		return val{}, unsupported(n, "call of "+n.Callee.String())
	}
	fn, ok := c.cfg.Funcs[id.Value]
	if !ok {
		return val{}, unsupported(n, "function "+id.Value)
	}
	args, err := c.args(n.Arguments)
	if err != nil {
		return val{}, err
	}
	loc := n.Location()
	if v, ok := fast(fn.Fast, args, loc); ok {
		return v, nil
	}
	if fn.Fn == nil {
		return val{}, unsupported(n, "function "+id.Value+" without an implementation")
	}
	return generic(fn.Fn, args, loc), nil
}

// generic calls a function as the machine does: its arguments in a slice.
func generic(fn func(...any) (any, error), args []val, loc file.Location) val {
	boxed := make([]func(*Frame) any, len(args))
	for i, a := range args {
		boxed[i] = a.boxed()
	}
	return anyVal(func(f *Frame) any {
		// The arguments go on the frame's stack (a call among them pushes
		// above them), so that the call costs no allocation: a Func's Fn
		// does not keep its arguments.
		start := len(f.args)
		for _, a := range boxed {
			f.args = append(f.args, a(f))
		}
		f.loc = loc
		out, err := fn(f.args[start:len(f.args):len(f.args)]...)
		clear(f.args[start:])
		f.args = f.args[:start]
		if err != nil {
			panic(err)
		}
		return out
	})
}

// fast calls a function's typed form, when it has one that fits the
// arguments' kinds.
func fast(fn any, args []val, loc file.Location) (val, bool) {
	if forms, ok := fn.([]any); ok {
		for _, f := range forms {
			if v, ok := fast(f, args, loc); ok {
				return v, true
			}
		}
		return val{}, false
	}
	if v, ok := typedForm(fn, args, loc); ok {
		return v, true
	}
	// The arguments typed any are read through read, a name's slot in
	// place; a string constant is held.
	arg := func(i int) (int, func(*Frame) any) { return slotOrCall(args[i]) }
	str := func(i int) (func(*Frame) string, bool) { return args[i].s, args[i].kind == String }
	switch fn := fn.(type) {
	case func(any) (int, error):
		if len(args) == 1 {
			i, a := arg(0)
			return intVal(func(f *Frame) int {
				x := read(f, i, a)
				f.loc = loc
				out, err := fn(x)
				if err != nil {
					panic(err)
				}
				return out
			}), true
		}
	case func(any) (bool, error):
		if len(args) == 1 {
			i, a := arg(0)
			return boolVal(func(f *Frame) bool {
				x := read(f, i, a)
				f.loc = loc
				out, err := fn(x)
				if err != nil {
					panic(err)
				}
				return out
			}), true
		}
	case func(any, any) (int, error):
		if len(args) == 2 {
			i, a := arg(0)
			j, b := arg(1)
			return intVal(func(f *Frame) int {
				x, y := read(f, i, a), read(f, j, b)
				f.loc = loc
				out, err := fn(x, y)
				if err != nil {
					panic(err)
				}
				return out
			}), true
		}
	case func(any, any) (bool, error):
		if len(args) == 2 {
			i, a := arg(0)
			j, b := arg(1)
			return boolVal(func(f *Frame) bool {
				x, y := read(f, i, a), read(f, j, b)
				f.loc = loc
				out, err := fn(x, y)
				if err != nil {
					panic(err)
				}
				return out
			}), true
		}
	case func(any, string) (bool, error):
		if s, ok := str(1); ok && len(args) == 2 {
			i, a := arg(0)
			if c, ok := args[1].konst.(string); ok && args[1].isConst {
				// marked(unit, "tired"), and !marked(unit, "tired")
				call := func(ne bool) func(*Frame) bool {
					return func(f *Frame) bool {
						x := read(f, i, a)
						f.loc = loc
						out, err := fn(x, c)
						if err != nil {
							panic(err)
						}
						return out != ne
					}
				}
				v := boolVal(call(false))
				v.not = func() func(*Frame) bool { return call(true) }
				return v, true
			}
			return boolVal(func(f *Frame) bool {
				x, y := read(f, i, a), s(f)
				f.loc = loc
				out, err := fn(x, y)
				if err != nil {
					panic(err)
				}
				return out
			}), true
		}
	case func(any, string) (int, error):
		// army(unit, "morale_level")
		if s, ok := str(1); ok && len(args) == 2 {
			i, a := arg(0)
			return intVal(func(f *Frame) int {
				x, y := read(f, i, a), s(f)
				f.loc = loc
				out, err := fn(x, y)
				if err != nil {
					panic(err)
				}
				return out
			}), true
		}
	case func(any, string, string) (int, error):
		// count_adjacent(attacker, "enemy", "rifles")
		s1, ok1 := str(1)
		s2, ok2 := str(2)
		if ok1 && ok2 && len(args) == 3 {
			i, a := arg(0)
			return intVal(func(f *Frame) int {
				x, y, z := read(f, i, a), s1(f), s2(f)
				f.loc = loc
				out, err := fn(x, y, z)
				if err != nil {
					panic(err)
				}
				return out
			}), true
		}
	case func(any, string, string) (bool, error):
		s1, ok1 := str(1)
		s2, ok2 := str(2)
		if ok1 && ok2 && len(args) == 3 {
			i, a := arg(0)
			return boolVal(func(f *Frame) bool {
				x, y, z := read(f, i, a), s1(f), s2(f)
				f.loc = loc
				out, err := fn(x, y, z)
				if err != nil {
					panic(err)
				}
				return out
			}), true
		}
	}
	return val{}, false
}

// typedForm calls a function of numbers or strings with its arguments
// unboxed: whole numbers to a form of ints, numbers of either kind to a
// form of decimals (a whole number converted, as the operation itself
// converts it), strings to a form of strings.
func typedForm(fn any, args []val, loc file.Location) (val, bool) {
	all := func(ok func(Kind) bool) bool {
		for _, a := range args {
			if !ok(a.kind) {
				return false
			}
		}
		return true
	}
	is := func(k Kind) func(Kind) bool { return func(x Kind) bool { return x == k } }
	one := func(k func(Kind) bool) bool { return len(args) == 1 && all(k) }
	two := func(k func(Kind) bool) bool { return len(args) == 2 && all(k) }
	switch fn := fn.(type) {
	case func(int, int) (int, error):
		if two(is(Int)) {
			return intVal(call2(fn, args[0].i, args[1].i, loc)), true
		}
	case func(any, any, int, []float64) (int, error):
		// Two values the function reads as numbers itself, a whole
		// number, then numbers that are all constants (a chart's column
		// starts), read once here rather than boxed at every call.
		if len(args) < 3 || args[2].kind != Int {
			break
		}
		var list []float64
		for _, a := range args[3:] {
			switch k := a.konst.(type) {
			case int:
				list = append(list, float64(k))
			case float64:
				list = append(list, k)
			default:
				return val{}, false
			}
		}
		a, b, n := args[0].boxed(), args[1].boxed(), args[2].i
		return intVal(func(f *Frame) int {
			out, err := fn(a(f), b(f), n(f), list)
			failed(f, err, loc)
			return out
		}), true
	case func(float64, float64) (float64, error):
		if two(isNum) {
			return floatVal(call2(fn, args[0].num(), args[1].num(), loc)), true
		}
	case func(string, string) (string, error):
		if two(is(String)) {
			return stringVal(call2(fn, args[0].s, args[1].s, loc)), true
		}
	case func(int) (int, error):
		if one(is(Int)) {
			return intVal(call1(fn, args[0].i, loc)), true
		}
	case func(float64) (int, error):
		if one(is(Float)) {
			return intVal(call1(fn, args[0].f, loc)), true
		}
	case func(int) (float64, error):
		if one(is(Int)) {
			return floatVal(call1(fn, args[0].i, loc)), true
		}
	case func(float64) (float64, error):
		if one(is(Float)) {
			return floatVal(call1(fn, args[0].f, loc)), true
		}
	}
	return val{}, false
}

// call1 and call2 make the node of a typed form of one or two arguments:
// the arguments read unboxed, a failure panicking at the call's place.
func call1[A, R any](fn func(A) (R, error), a func(*Frame) A, loc file.Location) func(*Frame) R {
	return func(f *Frame) R {
		out, err := fn(a(f))
		failed(f, err, loc)
		return out
	}
}

func call2[A, B, R any](fn func(A, B) (R, error), a func(*Frame) A, b func(*Frame) B, loc file.Location) func(*Frame) R {
	return func(f *Frame) R {
		out, err := fn(a(f), b(f))
		failed(f, err, loc)
		return out
	}
}

// failed panics with a typed form's error, at the call's place, for the
// run's recover to make the error expr's machine gives.
func failed(f *Frame, err error, loc file.Location) {
	if err != nil {
		f.loc = loc
		panic(err)
	}
}

// builtinCall compiles a call of one of expr's built-ins: unboxed for the
// common numeric ones on known kinds, else the built-in's own function,
// called as the machine calls it.
func (c *compiler) builtinCall(n *ast.BuiltinNode) (val, error) {
	id, ok := builtin.Index[n.Name]
	if !ok {
		return val{}, unsupported(n, "built-in "+n.Name)
	}
	b := builtin.Builtins[id]
	for _, a := range n.Arguments {
		if t := a.Type(); t == nil || t.Kind() == reflect.Pointer || t.Kind() == reflect.Interface {
			// The machine dereferences those first.
			return val{}, unsupported(n, "built-in argument of type "+fmt.Sprint(t))
		}
	}
	args, err := c.args(n.Arguments)
	if err != nil {
		return val{}, err
	}
	loc := n.Location()
	if v, ok := typedBuiltin(n.Name, args); ok {
		return v, nil
	}
	switch {
	case b.Fast != nil && len(args) == 1:
		a, fn := args[0].boxed(), b.Fast
		return anyVal(func(f *Frame) any {
			x := a(f)
			f.loc = loc
			return fn(x)
		}), nil
	case b.Safe == nil && b.Func != nil:
		return generic(b.Func, args, loc), nil
	}
	return val{}, unsupported(n, "built-in "+n.Name)
}

func typedBuiltin(name string, args []val) (val, bool) {
	all := func(k Kind) bool {
		for _, a := range args {
			if a.kind != k {
				return false
			}
		}
		return len(args) > 0
	}
	switch name {
	case "abs":
		if all(Int) && len(args) == 1 {
			x := args[0].i
			return intVal(func(f *Frame) int {
				if v := x(f); v < 0 {
					return -v
				} else {
					return v
				}
			}), true
		}
		if all(Float) && len(args) == 1 {
			x := args[0].f
			return floatVal(func(f *Frame) float64 {
				if v := x(f); v < 0 {
					return -v
				} else {
					return v
				}
			}), true
		}
	case "floor", "ceil", "round":
		if len(args) == 1 && isNum(args[0].kind) {
			fn := map[string]func(float64) float64{"floor": math.Floor, "ceil": math.Ceil, "round": math.Round}[name]
			if args[0].kind == Int {
				// expr gives an int's float unchanged.
				x := args[0].i
				return floatVal(func(f *Frame) float64 { return float64(x(f)) }), true
			}
			x := args[0].f
			return floatVal(func(f *Frame) float64 { return fn(x(f)) }), true
		}
	case "int":
		if len(args) == 1 && args[0].kind == Int {
			return args[0], true
		}
		if len(args) == 1 && args[0].kind == Float {
			x := args[0].f
			return intVal(func(f *Frame) int { return int(x(f)) }), true
		}
	case "float":
		if len(args) == 1 && isNum(args[0].kind) {
			return floatVal(args[0].num()), true
		}
	case "len":
		if len(args) == 1 && args[0].kind == String {
			// expr counts the runes of a string.
			x := args[0].s
			return intVal(func(f *Frame) int { return utf8.RuneCountInString(x(f)) }), true
		}
	case "max", "min":
		less := name == "max" // max replaces the value while it is less
		if all(Int) {
			xs := make([]func(*Frame) int, len(args))
			for i, a := range args {
				xs[i] = a.i
			}
			return intVal(func(f *Frame) int {
				m := xs[0](f)
				for _, x := range xs[1:] {
					if v := x(f); (less && m < v) || (!less && m > v) {
						m = v
					}
				}
				return m
			}), true
		}
		if all(Float) {
			xs := make([]func(*Frame) float64, len(args))
			for i, a := range args {
				xs[i] = a.f
			}
			return floatVal(func(f *Frame) float64 {
				m := xs[0](f)
				for _, x := range xs[1:] {
					if v := x(f); (less && m < v) || (!less && m > v) {
						m = v
					}
				}
				return m
			}), true
		}
	case "upper", "lower":
		if len(args) == 1 && args[0].kind == String {
			fn := strings.ToUpper
			if name == "lower" {
				fn = strings.ToLower
			}
			x := args[0].s
			return stringVal(func(f *Frame) string { return fn(x(f)) }), true
		}
	}
	return val{}, false
}
