package dsl

import (
	"errors"
	"fmt"
	"math"
	"reflect"
	"strconv"

	"github.com/expr-lang/expr"
	"github.com/expr-lang/expr/ast"
)

// MaxStringBytes bounds a string an expression builds with `+`: no name,
// word or literal of a script is longer than a line, so a longer string can
// only come from a script joining strings to grow them. Each join is
// checked as it is made; a string never grows past the bound, so doubling
// it in a chain of lets stops at the first join past it instead of
// exhausting the memory.
const MaxStringBytes = 4096

// The checked operations replace expr's own arithmetic on numbers and
// strings. expr's integers wrap on overflow, its division by zero gives an
// infinity, and its string `+` is not counted by the VM's memory budget; a
// rule's arithmetic must instead fail where it is written.
const (
	opAdd   = "checked_add"
	opSub   = "checked_sub"
	opMul   = "checked_mul"
	opDiv   = "checked_div"
	opMod   = "checked_mod"
	opPow   = "checked_pow"
	opInt   = "checked_int"
	opFloat = "checked_float"
)

var checkedOps = map[string]string{"+": opAdd, "-": opSub, "*": opMul, "/": opDiv, "%": opMod, "**": opPow, "^": opPow}

// ArithError is the error of a checked operation: an overflow, a division
// by zero, a number that is not finite or a string grown past its bound.
type ArithError struct{ Msg string }

func (e *ArithError) Error() string { return e.Msg }

func arithErr(format string, args ...any) error {
	return &ArithError{fmt.Sprintf(format, args...)}
}

func finite(x float64, op string) (any, error) {
	if math.IsNaN(x) || math.IsInf(x, 0) {
		return nil, arithErr("%s gives a number that is not finite", op)
	}
	return x, nil
}

func asFloat(v any) (float64, bool) {
	switch x := v.(type) {
	case int:
		return float64(x), true
	case float64:
		return x, true
	}
	return 0, false
}

func checkedAdd(a, b any) (any, error) {
	switch x := a.(type) {
	case int:
		if y, ok := b.(int); ok {
			return addInt(x, y)
		}
	case string:
		if y, ok := b.(string); ok {
			return addString(x, y)
		}
	}
	x, ok1 := asFloat(a)
	y, ok2 := asFloat(b)
	if !ok1 || !ok2 {
		return nil, arithErr("cannot add %T and %T", a, b)
	}
	return boxed(addFloat(x, y))
}

func checkedSub(a, b any) (any, error) {
	if x, ok := a.(int); ok {
		if y, ok := b.(int); ok {
			return subInt(x, y)
		}
	}
	x, ok1 := asFloat(a)
	y, ok2 := asFloat(b)
	if !ok1 || !ok2 {
		return nil, arithErr("cannot subtract %T from %T", b, a)
	}
	return boxed(subFloat(x, y))
}

func checkedMul(a, b any) (any, error) {
	if x, ok := a.(int); ok {
		if y, ok := b.(int); ok {
			return mulInt(x, y)
		}
	}
	x, ok1 := asFloat(a)
	y, ok2 := asFloat(b)
	if !ok1 || !ok2 {
		return nil, arithErr("cannot multiply %T by %T", a, b)
	}
	return boxed(mulFloat(x, y))
}

func checkedDiv(a, b any) (any, error) {
	x, ok1 := asFloat(a)
	y, ok2 := asFloat(b)
	if !ok1 || !ok2 {
		return nil, arithErr("cannot divide %T by %T", a, b)
	}
	return boxed(divFloat(x, y))
}

func checkedMod(a, b any) (any, error) {
	x, ok1 := a.(int)
	y, ok2 := b.(int)
	if !ok1 || !ok2 {
		return nil, arithErr("%% takes whole numbers, not %T and %T", a, b)
	}
	return modInt(x, y)
}

func checkedPow(a, b any) (any, error) {
	x, ok1 := asFloat(a)
	y, ok2 := asFloat(b)
	if !ok1 || !ok2 {
		return nil, arithErr("cannot raise %T to %T", a, b)
	}
	return boxed(powFloat(x, y))
}

// The checked operations on values of known types: the ones above call
// them, and so does a backend that knows the types (CheckedForms).

func boxed[T any](v T, err error) (any, error) {
	if err != nil {
		return nil, err
	}
	return v, nil
}

func finiteFloat(x float64, op string) (float64, error) {
	if math.IsNaN(x) || math.IsInf(x, 0) {
		return 0, arithErr("%s gives a number that is not finite", op)
	}
	return x, nil
}

func addInt(x, y int) (int, error) {
	s := x + y
	if (y > 0 && s < x) || (y < 0 && s > x) {
		return 0, arithErr("%d + %d overflows", x, y)
	}
	return s, nil
}

func addString(x, y string) (string, error) {
	if len(x)+len(y) > MaxStringBytes {
		return "", arithErr("joined string would be %d bytes; at most %d", len(x)+len(y), MaxStringBytes)
	}
	return x + y, nil
}

func addFloat(x, y float64) (float64, error) { return finiteFloat(x+y, "+") }

func subInt(x, y int) (int, error) {
	s := x - y
	if (y < 0 && s < x) || (y > 0 && s > x) {
		return 0, arithErr("%d - %d overflows", x, y)
	}
	return s, nil
}

func subFloat(x, y float64) (float64, error) { return finiteFloat(x-y, "-") }

func mulInt(x, y int) (int, error) {
	if x == 0 || y == 0 {
		return 0, nil
	}
	p := x * y
	if p/y != x || (x == -1 && y == math.MinInt) || (y == -1 && x == math.MinInt) {
		return 0, arithErr("%d * %d overflows", x, y)
	}
	return p, nil
}

func mulFloat(x, y float64) (float64, error) { return finiteFloat(x*y, "*") }

func divFloat(x, y float64) (float64, error) {
	if y == 0 {
		return 0, arithErr("division by zero")
	}
	return finiteFloat(x/y, "/")
}

func modInt(x, y int) (int, error) {
	if y == 0 {
		return 0, arithErr("division by zero")
	}
	if y == -1 {
		return 0, nil // math.MinInt % -1 panics in Go
	}
	return x % y, nil
}

func powFloat(x, y float64) (float64, error) { return finiteFloat(math.Pow(x, y), "**") }

func intOfInt(x int) (int, error) { return x, nil }

func intOfFloat(x float64) (int, error) {
	if math.IsNaN(x) || x >= 1<<63 || x < -(1<<63) {
		return 0, arithErr("int(%g) does not fit a whole number", x)
	}
	return int(x), nil
}

func floatOfInt(x int) (float64, error) { return float64(x), nil }

func floatOfFloat(x float64) (float64, error) { return finiteFloat(x, "float") }

// checkedInt is expr's int() that refuses what does not fit: int(1e300)
// would otherwise wrap to the most negative number.
func checkedInt(a any) (any, error) {
	switch x := a.(type) {
	case int:
		return x, nil
	case float64:
		return boxed(intOfFloat(x))
	case string:
		n, err := strconv.Atoi(x)
		if err != nil {
			return nil, arithErr("int(%q): not a whole number", x)
		}
		return n, nil
	}
	return nil, arithErr("int of %T", a)
}

// checkedFloat is expr's float() that refuses NaN and the infinities:
// float("NaN") would otherwise carry a NaN into an effect.
func checkedFloat(a any) (any, error) {
	switch x := a.(type) {
	case int:
		return float64(x), nil
	case float64:
		return boxed(floatOfFloat(x))
	case string:
		f, err := strconv.ParseFloat(x, 64)
		if err != nil {
			return nil, arithErr("float(%q): not a number", x)
		}
		return finite(f, "float")
	}
	return nil, arithErr("float of %T", a)
}

func fn2(f func(a, b any) (any, error)) func(...any) (any, error) {
	return func(args ...any) (any, error) { return f(args[0], args[1]) }
}

// checkedOptions declares the checked operations to expr, with the
// signatures of the operators they replace so that types are checked as
// before.
func checkedOptions() []expr.Option {
	num := []any{new(func(int, int) int), new(func(float64, float64) float64), new(func(int, float64) float64), new(func(float64, int) float64)}
	div := []any{new(func(int, int) float64), new(func(float64, float64) float64), new(func(int, float64) float64), new(func(float64, int) float64)}
	return []expr.Option{
		expr.Function(opAdd, fn2(checkedAdd), append([]any{new(func(string, string) string)}, num...)...),
		expr.Function(opSub, fn2(checkedSub), num...),
		expr.Function(opMul, fn2(checkedMul), num...),
		expr.Function(opDiv, fn2(checkedDiv), div...),
		expr.Function(opMod, fn2(checkedMod), new(func(int, int) int)),
		expr.Function(opPow, fn2(checkedPow), div...),
		expr.Function(opInt, func(a ...any) (any, error) { return checkedInt(a[0]) }, new(func(int) int), new(func(float64) int), new(func(string) int)),
		expr.Function(opFloat, func(a ...any) (any, error) { return checkedFloat(a[0]) }, new(func(int) float64), new(func(float64) float64), new(func(string) float64)),
	}
}

// sourceGuard walks an expression as its source says it, before expr's
// optimiser folds it: it refuses built-ins that are not allowed (expr
// would fold `sum(1..3)` to 6 before a walk of the compiled tree could see
// the call), any use of `$env` (a computed key reads other rules' lets and
// stale hook names), and calls that are not of the language; and it turns
// arithmetic on numbers and strings into the checked operations, folding
// constants itself so that `9223372036854775807 + 1` is a check error.
type sourceGuard struct {
	bad   ast.Node
	msg   string
	quant bool // the quantifiers are allowed (an invariant, a test)
}

func (g *sourceGuard) fail(n ast.Node, format string, args ...any) {
	if g.bad == nil {
		g.bad, g.msg = n, fmt.Sprintf(format, args...)
	}
}

func (g *sourceGuard) Visit(n *ast.Node) {
	switch x := (*n).(type) {
	case *ast.IdentifierNode:
		if x.Value == "$env" {
			g.fail(x, "$env is not part of the language; name what the hook offers")
		}
	case *ast.BuiltinNode:
		if !allowedBuiltins[x.Name] && !(g.quant && quantifiers[x.Name]) {
			g.fail(x, "%s is not a function of the language; an expression may only read fields and call its functions", x.Name)
			return
		}
		if (x.Name == "int" || x.Name == "float") && len(x.Arguments) == 1 {
			name := opInt
			if x.Name == "float" {
				name = opFloat
			}
			g.replace(n, name, x.Arguments)
		}
	case *ast.BinaryNode:
		op, ok := checkedOps[x.Operator]
		if !ok {
			return
		}
		lt, rt := x.Left.Type(), x.Right.Type()
		if !(exactNumber(lt) && exactNumber(rt)) && !(op == opAdd && exactString(lt) && exactString(rt)) {
			return
		}
		if op == opMod && (lt.Kind() != reflect.Int || rt.Kind() != reflect.Int) {
			return // expr reports % of a non-integer itself
		}
		g.replace(n, op, []ast.Node{x.Left, x.Right})
	}
}

// replace puts a call of a checked operation in place of n, or its value
// when every argument is a constant.
func (g *sourceGuard) replace(n *ast.Node, op string, args []ast.Node) {
	typ := (*n).Type()
	if v, ok, err := foldChecked(op, args); ok {
		if err != nil {
			g.fail(*n, "%s", err)
			return
		}
		if lit := literal(v); lit != nil {
			lit.SetType(reflect.TypeOf(v))
			ast.Patch(n, lit)
			return
		}
	}
	call := &ast.CallNode{Callee: &ast.IdentifierNode{Value: op}, Arguments: args}
	call.SetType(typ)
	ast.Patch(n, call)
}

func constValue(n ast.Node) (any, bool) {
	switch x := n.(type) {
	case *ast.IntegerNode:
		return x.Value, true
	case *ast.FloatNode:
		return x.Value, true
	case *ast.StringNode:
		return x.Value, true
	}
	return nil, false
}

func literal(v any) ast.Node {
	switch x := v.(type) {
	case int:
		return &ast.IntegerNode{Value: x}
	case float64:
		return &ast.FloatNode{Value: x}
	case string:
		return &ast.StringNode{Value: x}
	}
	return nil
}

func foldChecked(op string, args []ast.Node) (any, bool, error) {
	vals := make([]any, len(args))
	for i, a := range args {
		v, ok := constValue(a)
		if !ok {
			return nil, false, nil
		}
		vals[i] = v
	}
	var v any
	var err error
	switch op {
	case opAdd:
		v, err = checkedAdd(vals[0], vals[1])
	case opSub:
		v, err = checkedSub(vals[0], vals[1])
	case opMul:
		v, err = checkedMul(vals[0], vals[1])
	case opDiv:
		v, err = checkedDiv(vals[0], vals[1])
	case opMod:
		v, err = checkedMod(vals[0], vals[1])
	case opPow:
		v, err = checkedPow(vals[0], vals[1])
	case opInt:
		v, err = checkedInt(vals[0])
	case opFloat:
		v, err = checkedFloat(vals[0])
	}
	return v, true, err
}

func exactNumber(t reflect.Type) bool {
	if t == nil {
		return false
	}
	switch t.Kind() {
	case reflect.Int, reflect.Float64:
		return true
	}
	return false
}

func exactString(t reflect.Type) bool { return t != nil && t.Kind() == reflect.String }

// IsArithError reports whether err is a checked operation's failure.
func IsArithError(err error) bool {
	var ae *ArithError
	return errors.As(err, &ae)
}

// CheckedFunction returns the checked operation a compiled expression calls
// by name (checked_add …), for a backend other than expr's machine that
// evaluates the same tree: it must fail where these fail.
func CheckedFunction(name string) (func(args ...any) (any, error), bool) {
	switch name {
	case opAdd:
		return fn2(checkedAdd), true
	case opSub:
		return fn2(checkedSub), true
	case opMul:
		return fn2(checkedMul), true
	case opDiv:
		return fn2(checkedDiv), true
	case opMod:
		return fn2(checkedMod), true
	case opPow:
		return fn2(checkedPow), true
	case opInt:
		return func(a ...any) (any, error) { return checkedInt(a[0]) }, true
	case opFloat:
		return func(a ...any) (any, error) { return checkedFloat(a[0]) }, true
	}
	return nil, false
}

// CheckedForms returns the typed forms of a checked operation, for a
// backend that knows its arguments' types (package interpreter/closure):
// for whole numbers (func(int, int) (int, error)), for decimals, to which
// a whole number argument is converted as the operation itself does
// (func(float64, float64) (float64, error)), for strings, and int and float
// of one number. The operation on other values is CheckedFunction's.
func CheckedForms(name string) []any {
	switch name {
	case opAdd:
		return []any{addInt, addFloat, addString}
	case opSub:
		return []any{subInt, subFloat}
	case opMul:
		return []any{mulInt, mulFloat}
	case opDiv:
		return []any{divFloat}
	case opMod:
		return []any{modInt}
	case opPow:
		return []any{powFloat}
	case opInt:
		return []any{intOfInt, intOfFloat}
	case opFloat:
		return []any{floatOfInt, floatOfFloat}
	}
	return nil
}

// CheckedNames lists the checked operations an expression may call.
func CheckedNames() []string {
	return []string{opAdd, opSub, opMul, opDiv, opMod, opPow, opInt, opFloat}
}

// inlineThenGuard runs the param inliner and then the source guard on each
// node in one walk: expr type-checks the whole expression again before
// every patching visitor, and a second visitor made checking a module
// almost twice as slow. A param the inliner writes in gets its type here,
// for the guard to see.
type inlineThenGuard struct {
	inline *paramInliner
	guard  *sourceGuard
}

func (v *inlineThenGuard) Visit(n *ast.Node) {
	before := *n
	v.inline.Visit(n)
	if *n != before && (*n).Type() == nil {
		if val, ok := constValue(*n); ok {
			(*n).SetType(reflect.TypeOf(val))
		} else if b, ok := (*n).(*ast.BoolNode); ok {
			(*n).SetType(reflect.TypeOf(b.Value))
		}
	}
	v.guard.Visit(n)
}
