package closure_test

import (
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"reflect"
	"strings"
	"testing"

	"github.com/bataille/bataille/dsl"
	"github.com/bataille/bataille/interpreter/closure"
	"github.com/expr-lang/expr"
	"github.com/expr-lang/expr/file"
	"github.com/expr-lang/expr/types"
	"github.com/expr-lang/expr/vm"
)

// piece stands for the engine's units: fields of every kind, one not read at
// an offset (a map), and one hidden from scripts.
type piece struct {
	ID     string  `expr:"id"`
	N      int     `expr:"n"`
	X      float64 `expr:"x"`
	B      bool    `expr:"b"`
	Other  string
	Marks  map[string]bool `expr:"-"`
	hidden int
}

var pieceFields = closure.Fields[piece]()

// vars are the test's variables with their types and values. nu is a nil
// piece; k is an interface variable holding an int, as a `let` does.
var (
	pu = &piece{ID: "u1", N: 7, X: 2.5, B: true, Other: "Ünï"}
	pv = &piece{ID: "v2", N: -3, X: 0, B: false}
	// pw is pu's twin, px too but for its marks: == of two pointers
	// compares the structs.
	pw   = &piece{ID: "u1", N: 7, X: 2.5, B: true, Other: "Ünï"}
	px   = &piece{ID: "u1", N: 7, X: 2.5, B: true, Other: "Ünï", Marks: map[string]bool{"tired": true}}
	vars = []struct {
		name string
		typ  reflect.Type
		kind closure.Kind
		val  any
	}{
		{"n", reflect.TypeFor[int](), closure.Int, 12},
		{"m", reflect.TypeFor[int](), closure.Int, 0},
		{"x", reflect.TypeFor[float64](), closure.Float, 1.5},
		{"y", reflect.TypeFor[float64](), closure.Float, -0.0},
		{"s", reflect.TypeFor[string](), closure.String, "line"},
		{"t", reflect.TypeFor[string](), closure.String, " Carré "},
		{"b", reflect.TypeFor[bool](), closure.Bool, true},
		{"u", reflect.TypeFor[*piece](), closure.Any, pu},
		{"v", reflect.TypeFor[*piece](), closure.Any, pv},
		{"w", reflect.TypeFor[*piece](), closure.Any, pw},
		{"xp", reflect.TypeFor[*piece](), closure.Any, px},
		{"nu", reflect.TypeFor[*piece](), closure.Any, (*piece)(nil)},
		{"k", reflect.TypeFor[int](), closure.Any, 300},
	}
)

// dist and named are functions in both forms, failing on a nil piece as the
// language's functions fail on a nil unit.
func pieceArg(x any, i int) (*piece, error) {
	p, ok := x.(*piece)
	if !ok || p == nil {
		return nil, fmt.Errorf("argument %d is not a piece", i)
	}
	return p, nil
}

func distFast(a, b any) (int, error) {
	p, err := pieceArg(a, 1)
	if err != nil {
		return 0, err
	}
	q, err := pieceArg(b, 2)
	if err != nil {
		return 0, err
	}
	return p.N - q.N, nil
}

func namedFast(a any, s string) (bool, error) {
	p, err := pieceArg(a, 1)
	if err != nil {
		return false, err
	}
	return p.ID == s, nil
}

// tally takes a piece and two words, as count_adjacent does.
func tallyFast(a any, s, t string) (int, error) {
	p, err := pieceArg(a, 1)
	if err != nil {
		return 0, err
	}
	return p.N*100 + len(s)*10 + len(t), nil
}

var funcs = map[string]closure.Func{
	"tally": {Fn: func(args ...any) (any, error) { return tallyFast(args[0], args[1].(string), args[2].(string)) }, Fast: tallyFast},
	"dist":  {Fn: func(args ...any) (any, error) { return distFast(args[0], args[1]) }, Fast: distFast},
	"named": {Fn: func(args ...any) (any, error) { return namedFast(args[0], args[1].(string)) }, Fast: namedFast},
	// slow has no typed form: the closures call it as the machine does.
	"slow": {Fn: func(args ...any) (any, error) { return args[0].(int) * 2, nil }},
}

var funcTypes = map[string][]any{
	"dist":  {new(func(*piece, *piece) int)},
	"named": {new(func(*piece, string) bool)},
	"tally": {new(func(*piece, string, string) int)},
	"slow":  {new(func(int) int)},
}

// The checked arithmetic the language's check writes for + - * / % ** and
// int(), float() (dsl.CheckedFunction), with the signatures it declares.
func init() {
	num := []any{new(func(int, int) int), new(func(float64, float64) float64), new(func(int, float64) float64), new(func(float64, int) float64)}
	div := []any{new(func(int, int) float64), new(func(float64, float64) float64), new(func(int, float64) float64), new(func(float64, int) float64)}
	sigs := map[string][]any{
		"checked_add": append([]any{new(func(string, string) string)}, num...), "checked_sub": num, "checked_mul": num,
		"checked_div": div, "checked_mod": {new(func(int, int) int)}, "checked_pow": div,
		"checked_int":   {new(func(int) int), new(func(float64) int), new(func(string) int)},
		"checked_float": {new(func(int) float64), new(func(float64) float64), new(func(string) float64)},
	}
	for _, name := range dsl.CheckedNames() {
		fn, _ := dsl.CheckedFunction(name)
		funcs[name] = closure.Func{Fn: fn, Fast: dsl.CheckedForms(name)}
		funcTypes[name] = sigs[name]
	}
}

func options() []expr.Option {
	tm := types.Map{}
	for _, v := range vars {
		if v.name == "k" {
			tm[v.name] = types.Any
			continue
		}
		tm[v.name] = types.TypeOf(reflect.Zero(v.typ).Interface())
	}
	tm["cap"], tm["ratio"], tm["rout"] = types.Int, types.Float, types.Map{"hexes": types.Int}
	opts := []expr.Option{expr.Env(tm)}
	for name, f := range funcs {
		opts = append(opts, expr.Function(name, f.Fn, funcTypes[name]...))
	}
	allowed := map[string]bool{}
	for _, b := range dsl.Builtins() {
		allowed[b] = true
	}
	for _, b := range []string{"now", "date", "duration", "repeat", "join", "split", "toJSON", "string", "filter", "map", "all"} {
		if !allowed[b] {
			opts = append(opts, expr.DisableBuiltin(b))
		}
	}
	return opts
}

var opts = options()

func config() *closure.Config {
	cfg := &closure.Config{Slots: map[string]closure.Slot{}, Structs: []*closure.Struct{pieceFields}, Funcs: funcs,
		Consts: map[string]any{"cap": 4, "ratio": 0.5, "rout": map[string]any{"hexes": 8}}}
	for i, v := range vars {
		cfg.Slots[v.name] = closure.Slot{Kind: v.kind, Index: i}
	}
	return cfg
}

var cfg = config()

// agree runs src on expr's machine and as closures and reports how they
// differ, or "" when they agree. compiled says whether the closures took it
// (false: expr refused it, or the closures left it to the machine).
func agree(src string) (diff string, compiled bool) {
	prog, err := expr.Compile(src, opts...)
	if err != nil {
		return "", false
	}
	p, err := closure.CompileProgram(prog, cfg)
	if err != nil {
		if !errors.Is(err, closure.ErrUnsupported) {
			return fmt.Sprintf("compile: %v", err), false
		}
		return "", false
	}
	// The same closures from the tree alone, as a check hands them over:
	// expr's program is asked for only to tell which float zero it holds.
	asked := false
	pt, err := closure.CompileTree(prog.Node(), src, false, cfg, func() (*vm.Program, error) {
		asked = true
		return prog, nil
	})
	if err != nil {
		return fmt.Sprintf("compile from the tree: %v", err), true
	}
	if asked && !strings.Contains(prog.Node().String(), "-0") {
		return fmt.Sprintf("the tree %s asked for expr's program: %v", prog.Node(), asked), true
	}
	env := map[string]any{"cap": 4, "ratio": 0.5, "rout": map[string]any{"hexes": 8}}
	n := len(vars)
	frame := &closure.Frame{Vals: make([]any, n), Ints: make([]int, n), Floats: make([]float64, n), Strs: make([]string, n)}
	for i, v := range vars {
		env[v.name] = v.val
		switch v.kind {
		case closure.Int:
			frame.Ints[i] = v.val.(int)
		case closure.Float:
			frame.Floats[i] = v.val.(float64)
		case closure.String:
			frame.Strs[i] = v.val.(string)
		default:
			frame.Vals[i] = v.val
		}
	}
	var machine vm.VM
	want, werr := machine.Run(prog, env)
	got, gerr := p.Run(frame)
	if fromTree, ferr := pt.Run(frame); !same(fromTree, got) || fmt.Sprint(ferr) != fmt.Sprint(gerr) {
		return fmt.Sprintf("closures %#v (%T), %v; from the tree %#v (%T), %v", got, got, gerr, fromTree, fromTree, ferr), true
	}
	if diff := condAgrees(p, frame, gerr); diff != "" {
		return diff, true
	}
	if (werr == nil) != (gerr == nil) {
		return fmt.Sprintf("machine: %v, %v; closures: %v, %v", want, werr, got, gerr), true
	}
	if werr != nil {
		var we, ge *file.Error
		if !errors.As(werr, &we) || !errors.As(gerr, &ge) {
			return fmt.Sprintf("errors not located: %v / %v", werr, gerr), true
		}
		if we.Message != ge.Message || we.Location != ge.Location || we.Line != ge.Line || we.Column != ge.Column {
			return fmt.Sprintf("machine error %q at %v (%d:%d); closures %q at %v (%d:%d)", we.Message, we.Location, we.Line, we.Column, ge.Message, ge.Location, ge.Line, ge.Column), true
		}
		return "", true
	}
	if !same(want, got) {
		return fmt.Sprintf("machine %#v (%T), closures %#v (%T)", want, want, got, got), true
	}

	if s, ok := p.Name(); ok {
		// What a caller reads from the slot itself.
		direct := frame.Vals[s.Index]
		if s.Kind == closure.Int {
			direct = frame.Ints[s.Index]
		}
		if !same(direct, got) {
			return fmt.Sprintf("Name's slot holds %#v (%T), closures %#v (%T)", direct, direct, got, got), true
		}
	}
	if p.Kind == closure.Bool {
		b, err := p.RunBool(frame)
		if err != nil || b != want.(bool) {
			return fmt.Sprintf("RunBool %v %v, machine %v", b, err, want), true
		}
	}
	return "", true
}

// condAgrees reports how testing p's condition through Cond, under a
// recover of the caller's as the engine's hooks recover, differs from
// RunBool: in the result, the error or what is left on the frame. A
// condition's RunBool fails as its Run did (runErr).
func condAgrees(p *closure.Program, frame *closure.Frame, runErr error) string {
	want, werr := p.RunBool(frame)
	if n := frame.Args(); n != 0 {
		return fmt.Sprintf("RunBool left %d arguments on the frame", n)
	}
	if p.Kind == closure.Bool && fmt.Sprint(werr) != fmt.Sprint(runErr) {
		return fmt.Sprintf("RunBool failed with %v, Run with %v", werr, runErr)
	}
	got, gerr := func() (b bool, err error) {
		args := frame.Args()
		defer func() {
			if r := recover(); r != nil {
				err = p.Failure(frame, args, r)
			}
		}()
		return p.Cond()(frame), nil
	}()
	if n := frame.Args(); n != 0 {
		return fmt.Sprintf("Cond and Failure left %d arguments on the frame", n)
	}
	if got != want || fmt.Sprint(gerr) != fmt.Sprint(werr) {
		return fmt.Sprintf("RunBool %v, %v; Cond %v, %v", want, werr, got, gerr)
	}
	return ""
}

// TestName: a bare name of a slot of interface values or whole numbers is
// reported, so that the engine reads it without running the closures;
// anything else, a condition (which turns nil into false) included, is not.
func TestName(t *testing.T) {
	for _, c := range []struct {
		src  string
		bool bool
		want bool
	}{
		{"u", false, true}, {"k", false, true}, {"n", false, true},
		{"x", false, false}, {"s", false, false}, {"b", false, false}, {"b", true, false},
		{"u.n", false, false}, {"n + 1", false, false}, {"cap", false, false},
	} {
		o := opts
		if c.bool {
			o = append(append([]expr.Option(nil), opts...), expr.AsBool())
		}
		prog, err := expr.Compile(c.src, o...)
		if err != nil {
			t.Fatalf("%s: %v", c.src, err)
		}
		p, err := closure.CompileProgram(prog, cfg)
		if err != nil {
			t.Fatalf("%s: %v", c.src, err)
		}
		if _, got := p.Name(); got != c.want {
			t.Errorf("%s (condition: %v): Name %v, want %v", c.src, c.bool, got, c.want)
		}
		if diff, _ := agree(c.src); diff != "" {
			t.Errorf("%s: %s", c.src, diff)
		}
	}
}

// same compares values and their types; NaN equals NaN, in lists too.
func same(a, b any) bool {
	if la, ok := a.([]any); ok {
		lb, ok := b.([]any)
		if !ok || len(la) != len(lb) {
			return false
		}
		for i := range la {
			if !same(la[i], lb[i]) {
				return false
			}
		}
		return true
	}
	if fa, ok := a.(float64); ok {
		fb, ok := b.(float64)
		return ok && (fa == fb && math.Signbit(fa) == math.Signbit(fb) || math.IsNaN(fa) && math.IsNaN(fb))
	}
	return reflect.DeepEqual(a, b)
}

// TestAgreeTable: cases chosen for each rule of expr's semantics the
// closures redo.
func TestAgreeTable(t *testing.T) {
	for _, src := range []string{
		"n + 1", "n + x", "x + n", "n - m * 2", "n / 5", "n / m", "x / 0", "-x / 0", "n % 5", "n % m", "n ** 2", "2 ** -1", "-n", "+x", "-k",
		"-0.0", "0.0 + -0.0", "-0.0 + 0.0", "x * -0.0", "y + 0.0", "-(0.0)", "-0", "0.0 / -1", "n == 12.0", "n == x", `n == "12"`, "u == u", "u == v", "u == w", "w != u", "u == xp", "xp == w", "nu == nil", "u == nil", "k == 300", "k == 300.0", "b == true", "s == t",
		"n < x", "x >= n", "s < t", "k > 5", "k + 1", "k * x", "k / 2", "k % 7",
		"u.n", "u.x", "u.b", "u.id", `u.id == "u1"`, `"v2" != v.id`, `nu.id == "x"`, `u.Other != "Ünï"`, `nu.id != u.id`, "u.Other", "v.n + u.n", "nu.n", "nu.id", "nu?.n", "nu?.n ?? 5", "u?.n ?? 5", "nu?.id ?? \"none\"",
		"nu ?? u", "(nu ?? u).n", "u?.x", "k ?? 1",
		`s in ["line", "column"]`, `s in ["carre"]`, "n in [1, 12]", "n in 10..14", "x in [1.5, 2]", "k in [300]", `u.id in ["u1"]`, "n in [1, x]",
		"n > 1 && x < 2", "n > 1 and !b", "not b || n == 0",
		"n > 1 && x < 2 && u.b", "n > 1 && !b && s == t", "b || n > 100 || s != t", "b or n < 0 or nu.b", "b && nu.b && n > 1", "n > 1 && u.b && nu.b",
		"!u.b", "!!u.b", "!v.b", "!nu.b", "!u.b && !v.b", "!nu.b || b", `!named(u, "u1")`, `!named(v, "u1")`, `!named(nu, "u1")`, `!!named(u, "u1")`, `!named(u, s)`,
		"n > 1 && x < 2 && !b && s != t && u.b", "b || n < 0 || s == t || u.b || nu.b", "n > 1 && (b || u.b) && s != t", "(n > 1 || b) && (u.b || nu.b)", "b ? n : x", "b ? n : 1", "n > 100 ? s : t", "nu == nil ? 0 : nu.n",
		"dist(u, v)", "dist(u, nu)", "dist(nu, u)", `tally(u, "enemy", s)`, `tally(v, t, "rifles") > 1`, `tally(nu, "a", "b")`, `named(u, "u1")`, `named(nu, "u1")`, "slow(n) + 1", "slow(k)",
		"abs(-n)", "abs(y)", "abs(-2.5)", "ceil(x)", "floor(-x)", "round(2.5)", "round(n)", "int(x)", "int(n)", `int("12")`, `int("x")`, "float(n)",
		"max(n, m, 3)", "min(n, m)", "max(x, n)", "min(x, y)", "max(n)", "len(s)", "len(t)", `len([1, 2])`, "type(n)", "type(x)",
		"trim(t)", `trimPrefix(s, "li")`, `trimSuffix(s, "ne")`, "upper(t)", "lower(t)", `hasPrefix(s, "l")`, `hasSuffix(t, " ")`,
		`indexOf(s, "n")`, `lastIndexOf(t, "é")`, `s contains "in"`, `s startsWith "li"`, `t endsWith "x"`,
		"cap + n", "ratio * x", "rout.hexes", "rout.hexes + 1", "n > cap ? ratio : 1",
		"[n, x, s]", "[n, x][1]", `"a" + s`, "n + 1 == 13 && s != t",
		"checked_add(n, m)", "checked_add(n, x)", "checked_add(x, n)", "checked_add(s, t)", "checked_add(9223372036854775807, n)",
		"checked_sub(-9223372036854775807, n)", "checked_mul(n, 768614336404564651)", "checked_mul(x, y)", "checked_div(n, m)",
		"checked_div(n, 8)", "checked_div(x, y)", "checked_mod(n, 5)", "checked_mod(n, m)", "checked_mod(n, -1)", "checked_pow(n, 400)",
		"checked_pow(x, 2)", "checked_int(x)", "checked_int(1e300)", "checked_int(n)", `checked_int("12")`, "checked_float(n)",
		"checked_float(x)", "checked_add(k, 1)", "checked_add(u.n, nu?.n ?? 1)",
	} {
		diff, compiled := agree(src)
		if diff != "" {
			t.Errorf("%s: %s", src, diff)
		}
		if !compiled && !strings.Contains(src, `"12"`) {
			if _, err := expr.Compile(src, opts...); err == nil {
				t.Logf("%s: left to the machine", src)
			}
		}
	}
}

// TestNoSilentFallback: every kind of expression the engine's scripts use
// compiles to closures; those that do not are refused at compile time, not
// run differently.
func TestNoSilentFallback(t *testing.T) {
	for _, src := range []string{"u.n + 1", "nu?.n ?? 5", `s in ["a", "b"]`, "dist(u, v) <= 1", `tally(u, s, "x") > 0`, "max(n, 3)", "b ? x : n", "rout.hexes"} {
		prog, err := expr.Compile(src, opts...)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := closure.Compile(prog.Node(), src, cfg); err != nil {
			t.Errorf("%s: %v", src, err)
		}
	}
	// A method of a Go value is refused by the language's checker; here it
	// stands for what the closures do not compile.
	prog, err := expr.Compile("unknown_name", append(opts, expr.AllowUndefinedVariables())...)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := closure.Compile(prog.Node(), "unknown_name", cfg); !errors.Is(err, closure.ErrUnsupported) {
		t.Errorf("a name without a slot: %v, want ErrUnsupported", err)
	}
}

// TestAgreeRandom runs random well-typed expressions through both.
func TestAgreeRandom(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	compiled := 0
	for i := range 3000 {
		g := &gen{next: func(n int) int { return rng.IntN(n) }}
		src := g.expr(rng.IntN(5))
		diff, ok := agree(src)
		if diff != "" {
			t.Fatalf("case %d: %s: %s", i, src, diff)
		}
		if ok {
			compiled++
		}
	}
	if compiled < 2000 {
		t.Errorf("only %d of 3000 random expressions compiled to closures", compiled)
	}
}

// FuzzAgree drives the generator with the fuzzer's bytes.
func FuzzAgree(f *testing.F) {
	f.Add([]byte{0, 1, 2, 3})
	f.Add([]byte("nil members, ?? and ?."))
	f.Add([]byte{7, 7, 7, 200, 13, 99, 4, 1, 0, 250})
	f.Fuzz(func(t *testing.T, data []byte) {
		i := 0
		g := &gen{next: func(n int) int {
			if i >= len(data) {
				return 0
			}
			i++
			return int(data[i-1]) % n
		}}
		src := g.expr(4)
		if diff, _ := agree(src); diff != "" {
			t.Fatalf("%s: %s", src, diff)
		}
	})
}

// gen writes random expressions, mostly well typed, over the test's
// variables: numbers of both kinds mixed, `/` and `%`, `==` across types,
// nil members, `??`, `?.`, `in`, and every built-in the language allows.
type gen struct{ next func(n int) int }

func (g *gen) pick(xs ...string) string { return xs[g.next(len(xs))] }

func (g *gen) expr(depth int) string {
	switch g.next(4) {
	case 0:
		return g.num(depth)
	case 1:
		return g.str(depth)
	case 2:
		return g.any(depth)
	}
	return g.boolean(depth)
}

func (g *gen) num(depth int) string {
	if depth <= 0 {
		return g.pick("n", "m", "x", "y", "k", "0", "1", "2.5", "-3", "300", "u.n", "v.x", "nu?.n ?? 2", "cap", "ratio", "rout.hexes")
	}
	d := depth - 1
	switch g.next(11) {
	case 0, 1:
		return "(" + g.num(d) + " " + g.pick("+", "-", "*", "/", "%", "**") + " " + g.num(d) + ")"
	case 9:
		return g.pick("checked_int", "checked_float") + "(" + g.num(d) + ")"
	case 2:
		return "-" + g.num(d)
	case 3:
		return g.pick("abs", "ceil", "floor", "round", "int", "float") + "(" + g.num(d) + ")"
	case 4:
		return g.pick("max", "min") + "(" + g.num(d) + ", " + g.num(d) + ")"
	case 5:
		return "(" + g.boolean(d) + " ? " + g.num(d) + " : " + g.num(d) + ")"
	case 6:
		return g.pick("len", "indexOf", "lastIndexOf") + g.strArgs(d)
	case 7:
		return g.pick("dist(u, v)", "dist(v, nu)", `tally(u, s, "x")`, "slow(n)", "(nu?.n ?? u.n)", "k")
	case 8:
		return g.pick("checked_add", "checked_sub", "checked_mul", "checked_div", "checked_pow") + "(" + g.num(d) + ", " + g.num(d) + ")"
	}
	return g.pick("u", "v", "nu") + g.pick(".n", ".x", "?.n", "?.x")
}

func (g *gen) strArgs(d int) string {
	return "(" + g.str(d) + ", " + g.str(d) + ")"
}

func (g *gen) str(depth int) string {
	if depth <= 0 {
		return g.pick("s", "t", `"line"`, `""`, "u.id", "nu?.id ?? \"-\"", "u.Other")
	}
	d := depth - 1
	switch g.next(5) {
	case 0:
		return g.pick("trim", "upper", "lower") + "(" + g.str(d) + ")"
	case 1:
		return g.pick("trimPrefix", "trimSuffix") + g.strArgs(d)
	case 2:
		return "(" + g.str(d) + " + " + g.str(d) + ")"
	case 3:
		return "(" + g.boolean(d) + " ? " + g.str(d) + " : " + g.str(d) + ")"
	}
	return "type(" + g.pick("n", "x", "s", "b") + ")"
}

func (g *gen) any(depth int) string {
	if depth <= 0 {
		return g.pick("nil", "u", "nu", "k", "[1, 2.5]", `["a", s]`)
	}
	d := depth - 1
	switch g.next(4) {
	case 0:
		return "(" + g.any(d) + " ?? " + g.expr(d) + ")"
	case 1:
		return "(" + g.boolean(d) + " ? " + g.expr(d) + " : " + g.expr(d) + ")"
	case 2:
		return "[" + g.expr(d) + ", " + g.expr(d) + "]"
	}
	return g.pick("nu?.n", "nu?.id", "u?.b", "(nu ?? v)")
}

func (g *gen) boolean(depth int) string {
	if depth <= 0 {
		return g.pick("b", "true", "false", "u.b", "nu?.b ?? false", `named(u, "u1")`, `named(nu, s)`)
	}
	d := depth - 1
	switch g.next(10) {
	case 0:
		return "(" + g.expr(d) + " " + g.pick("==", "!=") + " " + g.expr(d) + ")"
	case 1:
		return "(" + g.num(d) + " " + g.pick("<", ">", "<=", ">=") + " " + g.num(d) + ")"
	case 2:
		return "(" + g.boolean(d) + " " + g.pick("&&", "||", "and", "or") + " " + g.boolean(d) + ")"
	case 3:
		return g.pick("!", "not ") + g.boolean(d)
	case 4:
		return "(" + g.num(d) + " in [" + g.num(d) + ", " + g.num(d) + "])"
	case 5:
		return "(" + g.str(d) + ` in ["line", "column", ` + g.str(d) + "])"
	case 6:
		return g.pick("hasPrefix", "hasSuffix") + g.strArgs(d)
	case 7:
		return "(" + g.str(d) + " " + g.pick("contains", "startsWith", "endsWith") + " " + g.str(d) + ")"
	case 8:
		return "(" + g.num(d) + " in " + g.pick("1..5", "[1, 2, 3]", "[x, 12]") + ")"
	}
	return "(" + g.any(d) + " == nil)"
}

// TestGeneratorCoversBuiltins: every built-in the language allows appears in
// the generator, so a new one is not left untested.
func TestGeneratorCoversBuiltins(t *testing.T) {
	seen := map[string]bool{}
	rng := rand.New(rand.NewPCG(3, 4))
	for range 5000 {
		g := &gen{next: func(n int) int { return rng.IntN(n) }}
		src := g.expr(4)
		for _, b := range dsl.Builtins() {
			if strings.Contains(src, b+"(") {
				seen[b] = true
			}
		}
	}
	for _, b := range dsl.Builtins() {
		if !seen[b] {
			t.Errorf("built-in %s is never generated", b)
		}
	}
}
