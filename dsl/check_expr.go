package dsl

import (
	"errors"
	"fmt"
	"maps"
	"reflect"
	"regexp"
	"slices"
	"sort"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/alecthomas/participle/v2/lexer"
	"github.com/expr-lang/expr"
	"github.com/expr-lang/expr/ast"
	"github.com/expr-lang/expr/builtin"
	exprchecker "github.com/expr-lang/expr/checker"
	"github.com/expr-lang/expr/checker/nature"
	"github.com/expr-lang/expr/conf"
	"github.com/expr-lang/expr/file"
	"github.com/expr-lang/expr/optimizer"
	exprparser "github.com/expr-lang/expr/parser"
	"github.com/expr-lang/expr/types"
)

// vars is a typed environment: the names an expression may read.
type vars map[string]reflect.Type

// MaxExprNodes bounds the size of one compiled expression.
const MaxExprNodes = 2000

// MaxExprMemory bounds what one evaluation of an expression may allocate,
// in expr's units (an element of a range or array, a byte of a repeated
// string). The engine gives it to expr's VM as its memory budget; a script
// needs almost none.
const MaxExprMemory = 10_000

// allowedBuiltins are the expr built-ins a script may call: pure functions
// of numbers and strings whose result is never much bigger than their
// arguments. The rest are forbidden: the clock's (now, date, duration,
// timezone) because scripts see no randomness but the engine's dice; the
// ones that loop over a list with a predicate (all, filter, reduce …)
// because nesting them multiplies the work of one expression; the ones that
// grow a string or a list (repeat, replace, join, split, concat …) because
// nesting them multiplies its memory; string, toJSON and their kin because
// they print pointers, whose addresses differ from run to run.
var allowedBuiltins = map[string]bool{
	"abs": true, "ceil": true, "floor": true, "round": true, "int": true, "float": true,
	"max": true, "min": true, "len": true, "type": true,
	"trim": true, "trimPrefix": true, "trimSuffix": true, "upper": true, "lower": true,
	"hasPrefix": true, "hasSuffix": true, "indexOf": true, "lastIndexOf": true,
}

// forbiddenBuiltins is every expr built-in not in allowedBuiltins.
var forbiddenBuiltins = func() []string {
	var out []string
	for _, name := range builtin.Names {
		if !allowedBuiltins[name] {
			out = append(out, name)
		}
	}
	return out
}()

// Builtins lists, sorted, the expr built-ins a script may call, for the
// reference.
func Builtins() []string {
	out := make([]string, 0, len(allowedBuiltins))
	for name := range allowedBuiltins {
		out = append(out, name)
	}
	sort.Strings(out)
	return out
}

// compile compiles an expression against env (plus the module's params).
// Errors are translated into the script's coordinates and words.
func (u *unit) compile(e *Expr, env vars, asBool bool) *Program {
	if e == nil {
		return nil
	}
	src := u.srcs[e.Pos.Filename]
	toks := trimTokens(e.Tokens)
	if len(toks) == 0 {
		u.errorf(position(e.Pos), "syntax", "empty expression")
		return nil
	}
	start := position(toks[0].Pos)
	if len(toks) != len(e.Tokens) {
		// Trimmed once; a base module shared between checks is then only
		// read when its rules are compiled again for a game.
		e.Tokens = toks
	}
	text := e.Text(src)
	// Spaces and comments between tokens do not count.
	if n := countTokens(toks); n > Limits.ExprTokens {
		u.errorf(start, "too-long", "expression has %d tokens; at most %d", n, Limits.ExprTokens)
		return nil
	}
	// Only the params the expression names go into its environment:
	// expr builds a type for every name it is given, and a module may have
	// thousands of params and expressions.
	// The set is the check's, emptied for each expression.
	if u.named == nil {
		u.named = map[string]bool{}
	}
	named := u.named
	clear(named)
	for _, t := range toks {
		named[t.Value] = true
	}
	u.record(toks, env)
	return u.compileText(text, start, named, env, asBool)
}

// compileText compiles source text that starts at start and names the
// words in named.
func (u *unit) compileText(text string, start Pos, named map[string]bool, env vars, asBool bool) *Program {
	prog, bad, msg, err := u.exprCompileCached(text, named, env, asBool)
	if bad != nil {
		// What the source says is refused before whatever expr made of it.
		u.errorf(advance(start, text, bad.Location().From), "expr", "%s", msg)
		return nil
	}
	if err != nil {
		pos, msg, hint := u.exprError(err, text, start, env)
		u.errorf(pos, "expr", "%s%s", msg, hint)
		return nil
	}
	at, name, ok, cost := prog.badAt, prog.badName, !prog.badCall, prog.cost
	if !prog.walked {
		if at, name, ok = u.methodCall(prog.tree.Node); ok {
			cost = u.exprCost(prog.tree.Node)
		}
	}
	if !ok {
		u.errorf(advance(start, text, at), "expr", "%s is not a function of the language; an expression may only read fields and call its functions", name)
		return nil
	}
	if !u.joining {
		root := prog.tree.Node
		ast.Walk(&root, &wordChecker{u: u, text: text, start: start})
	}
	node := prog.tree.Node
	p := &Program{Source: text, Pos: start, code: prog, Type: node.Type(), Cost: cost}
	switch n := node.(type) {
	case *ast.StringNode:
		p.IsConst, p.Const = true, n.Value
	case *ast.IntegerNode:
		p.IsConst, p.Const = true, n.Value
	case *ast.FloatNode:
		p.IsConst, p.Const = true, n.Value
	case *ast.BoolNode:
		p.IsConst, p.Const = true, n.Value
	case *ast.IdentifierNode:
		if _, isVar := env[n.Value]; isVar {
			p.Var = n.Value
		}
	case *ast.UnaryNode:
		// A negative number: -6 is written as minus applied to 6.
		if n.Operator == "-" {
			switch x := n.Node.(type) {
			case *ast.IntegerNode:
				p.IsConst, p.Const = true, -x.Value
			case *ast.FloatNode:
				p.IsConst, p.Const = true, -x.Value
			}
		}
	}
	return p
}

// methodCall finds a call of anything but one of the language's functions
// and the allowed built-ins: expr would let `unit.Board().Place(x)` call a
// Go method of the engine's values and change the game behind the rules'
// back. It returns the rune offset and text of the first such call.
func (u *unit) methodCall(root ast.Node) (at int, name string, ok bool) {
	if u.funcNames == nil {
		// Made once per check; charts are read where they are, since
		// more may be declared after.
		u.funcNames = map[string]bool{opInt: true, opFloat: true}
		for _, f := range u.env.Functions {
			u.funcNames[f.Name] = true
		}
		for _, op := range checkedOps {
			u.funcNames[op] = true
		}
	}
	v := &callFinder{funcs: u.funcNames, charts: u.mod.Charts, quant: u.quant}
	ast.Walk(&root, v)
	if v.bad == nil {
		return 0, "", true
	}
	return v.bad.Location().From, v.name, false
}

type callFinder struct {
	funcs  map[string]bool // the language's functions and checked operators
	charts map[string]*ChartDef
	bad    ast.Node // the first call found that is not allowed
	name   string   // what it calls
	quant  bool     // the quantifiers are allowed (an invariant, a test)
}

func (v *callFinder) Visit(n *ast.Node) {
	if v.bad != nil {
		return
	}
	switch x := (*n).(type) {
	case *ast.CallNode:
		if id, isIdent := x.Callee.(*ast.IdentifierNode); !isIdent || !v.funcs[id.Value] && v.charts[id.Value] == nil {
			v.bad, v.name = x, x.Callee.String()
		}
	case *ast.BuiltinNode:
		// expr's parser reads its predicate built-ins (all, filter,
		// reduce …) whatever DisableBuiltin says: refuse them here.
		if !allowedBuiltins[x.Name] && !(v.quant && quantifiers[x.Name]) {
			v.bad, v.name = x, x.Name
		}
	}
}

// exprCompileCached compiles an expression once per check for all the
// places it is written with the same meaning (exprKey): a rule's `charger`,
// `1`, `unit.formation == "line"` …, and the rules a game inherits, which
// are compiled again for it. What expr compiles is never changed after, so
// the places share it. Errors are not kept: each place reports its own.
func (u *unit) exprCompileCached(text string, named map[string]bool, env vars, asBool bool) (prog *exprCode, bad ast.Node, msg string, err error) {
	key := u.exprKey(text, named, env, asBool)
	if prog, ok := u.exprCache[key]; ok {
		return prog, nil, "", nil
	}
	// A base checked before this check, against the same environment, may
	// have compiled it.
	for m := u.mod.Base; m != nil; m = m.Base {
		if prog, ok := m.exprs[key]; ok && m.Env == u.env {
			return prog, nil, "", nil
		}
	}
	// So may the check of the module's version before this one, whose
	// compiled code is kept for the next version in turn.
	if prog, ok := u.prev[key]; ok {
		if u.exprCache == nil {
			u.exprCache = map[string]*exprCode{}
		}
		u.exprCache[key] = prog
		return prog, nil, "", nil
	}
	guard := &sourceGuard{quant: u.quant}
	prog, err = u.exprCompile(text, u.typeMap(named, env), asBool, &inlineThenGuard{&paramInliner{params: u.mod.Params, attrs: u.mod.Vocab[KindAttribute], has: u.hasFunction(), env: u.env}, guard})
	if err == nil && guard.bad == nil {
		// Found before the code is shared: it is never changed after.
		at, name, ok := u.methodCall(prog.tree.Node)
		prog.walked, prog.badCall, prog.badAt, prog.badName = true, !ok, at, name
		if ok {
			prog.cost = u.exprCost(prog.tree.Node)
		}
		if u.exprCache == nil {
			u.exprCache = map[string]*exprCode{}
		}
		u.exprCache[key] = prog
	}
	return prog, guard.bad, guard.msg, err
}

// exprKey says what an expression means in this module: its text, whether
// it is read as a condition, and what each name it writes is here. A name
// may be a variable of the hook or a let, of a type; the first part of
// params, whose values compiling writes in; an attribute, which a field of
// that name reads when units have no such field; a chart, called as a
// function. Every name an expression can read is one of its tokens. The
// env (the language's functions) is the same for every module of a check,
// and a base checked before is only asked when it was checked against the
// same env.
func (u *unit) exprKey(text string, named map[string]bool, env vars, asBool bool) string {
	groups := u.paramGroups()
	// Most words mean nothing here (operators, fields, strings): only the
	// others are sorted and written.
	names := u.keyNames[:0]
	for k := range named {
		_, isVar := env[k]
		_, isGroup := groups[k]
		_, isAttr := u.mod.Vocab[KindAttribute][k]
		_, isChart := u.mod.Charts[k]
		if isVar || isGroup || isAttr || isChart {
			names = append(names, k)
		}
	}
	sort.Strings(names)
	u.keyNames = names
	var kb strings.Builder
	kb.Grow(len(text) + 16*len(names) + 8)
	kb.WriteString(text)
	if asBool {
		kb.WriteString("\x00bool")
	}
	if u.quant {
		kb.WriteString("\x00quant")
	}
	for _, k := range names {
		if t, ok := env[k]; ok {
			kb.WriteString("\x00v:")
			kb.WriteString(k)
			kb.WriteByte('=')
			kb.WriteString(u.typeID(t))
		}
		if g, ok := groups[k]; ok {
			kb.WriteString("\x00p:")
			g.writeKey(&kb, named)
		}
		if _, ok := u.mod.Vocab[KindAttribute][k]; ok {
			kb.WriteString("\x00a:")
			kb.WriteString(k)
		}
		if c, ok := u.mod.Charts[k]; ok {
			kb.WriteString("\x00c:")
			kb.WriteString(k)
			kb.WriteByte('=')
			kb.WriteString(u.chartID(c))
		}
	}
	return kb.String()
}

// typeID names a Go type (nil is a type too: a let whose value did not
// compile) by its address, the same in every check.
func (u *unit) typeID(t reflect.Type) string {
	id, ok := u.typeIDs[t]
	if !ok {
		if u.typeIDs == nil {
			u.typeIDs = map[reflect.Type]string{}
		}
		id = fmt.Sprintf("%p", t)
		u.typeIDs[t] = id
	}
	return id
}

// chartID names a chart by its address: a game that keeps a chart of its
// base has the same one, and no two charts in use share an address.
func (u *unit) chartID(c *ChartDef) string {
	id, ok := u.chartIDs[c]
	if !ok {
		if u.chartIDs == nil {
			u.chartIDs = map[*ChartDef]string{}
		}
		id = fmt.Sprintf("%p", c)
		u.chartIDs[c] = id
	}
	return id
}

// paramGroup is the params whose names start with one first part.
type paramGroup struct {
	types  string     // their names and types: expr is given them all
	values []string   // each one's name and value, for a key
	parts  [][]string // the parts of each one's name
}

// paramGroups gives the module's params by the first part of their names,
// in order. Made once all params are in.
func (u *unit) paramGroups() map[string]*paramGroup {
	if u.groups != nil {
		return u.groups
	}
	u.groups = map[string]*paramGroup{}
	for _, name := range sortedKeys(u.mod.Params) {
		parts := strings.Split(name, ".")
		g := u.groups[parts[0]]
		if g == nil {
			g = &paramGroup{}
			u.groups[parts[0]] = g
		}
		p := u.mod.Params[name]
		g.types += fmt.Sprintf("%s:%T;", name, p.Value)
		g.values = append(g.values, fmt.Sprintf("%s=%#v;", name, p.Value))
		g.parts = append(g.parts, parts)
	}
	return u.groups
}

// writeKey writes what a group means to an expression that names words of
// named: the names and types of all its params, and the value of each param
// whose name the expression may write (all its parts among the words),
// which compiling writes in.
func (g *paramGroup) writeKey(kb *strings.Builder, named map[string]bool) {
	kb.WriteString(g.types)
	for i, value := range g.values {
		all := true
		for _, part := range g.parts[i] {
			all = all && named[part]
		}
		if all {
			kb.WriteString(value)
		}
	}
}

// typeMap gives expr the types of the names an expression reads: the params
// and the hook's variables it names. Every name expr can read is one of the
// expression's tokens, so the names it does not write change nothing (the
// cache's key leaves them out too), and a hook offers dozens: expr made a
// type of each for every expression. It is made only for what is not in the
// cache, and each Go type is translated once per check.
func (u *unit) typeMap(named map[string]bool, env vars) types.Map {
	tm := make(types.Map, 8)
	params := u.paramTypes()
	if u.goTypes == nil {
		u.goTypes = map[reflect.Type]types.Type{}
	}
	for k := range named {
		if v, ok := params[k]; ok {
			tm[k] = v
		}
		t, ok := env[k]
		if !ok {
			continue
		}
		tt, ok := u.goTypes[t]
		if !ok {
			tt = typeOfReflect(t)
			u.goTypes[t] = tt
		}
		tm[k] = tt
	}
	return tm
}

// exprCompile is expr.Compile with one configuration per check: expr.Compile
// builds a fresh one for every expression (a table of its ~80 built-ins,
// the options applied anew), which was a fifth of a check. The shared one
// is copied and given the expression's names; the tables it holds are only
// read.
func (u *unit) exprCompile(text string, tm types.Map, asBool bool, patch ast.Visitor) (*exprCode, error) {
	c := *u.exprConf()
	if !asBool {
		if tree := literalTree(text, &c.NtCache); tree != nil {
			return compileLater(tree, &c, false)
		}
	}
	c.WithEnv(tm)
	c.Visitors = []ast.Visitor{patch}
	if asBool {
		c.Expect, c.ExpectAny = reflect.Bool, true
	}
	c.Check()
	tree, err := exprchecker.ParseCheck(text, &c)
	if err != nil {
		return nil, err
	}
	if c.Optimize {
		if err := optimizer.Optimize(&tree.Node, &c); err != nil {
			var fe *file.Error
			if errors.As(err, &fe) {
				return nil, fe.Bind(tree.Source)
			}
			return nil, err
		}
	}
	return compileLater(tree, &c, asBool)
}

// exprConf is the module's expr configuration, made on first use.
func (u *unit) exprConf() *conf.Config {
	if u.baseConf == nil {
		c := conf.CreateNew()
		for _, op := range []expr.Option{expr.MaxNodes(MaxExprNodes), u.languageOption()} {
			op(c)
		}
		for name := range c.Disabled {
			delete(c.Builtins, name)
		}
		shareNatureCache(&c.NtCache)
		u.baseConf = c
	}
	return u.baseConf
}

// shareNatureCache makes the two tables of expr's cache of Go types (what it
// learnt of a struct's fields and a type's methods), so that the copies of
// one configuration share them rather than each starting empty: an empty
// cache read the fields of a unit anew, by reflection, for every
// expression. The tables are only made on first use, by these calls. A
// check is one goroutine, and the types it describes never change.
func shareNatureCache(nc *nature.Cache) {
	nc.FromType(reflect.TypeFor[struct{}]())
	n := nc.FromType(reflect.TypeFor[int]())
	n.NumMethods(nc)
}

// literalTree is the tree expr's parser and checker make of a text that is
// a single literal (a decimal integer or number, or a string with no escape),
// made without them: most arguments are literals, and parsing and checking
// one cost as much as a short condition. It is nil for anything else, which
// goes through expr; TestLiteralTree holds the two to the same program.
func literalTree(text string, nt *nature.Cache) *exprparser.Tree {
	n := len(text)
	if n == 0 {
		return nil
	}
	var node ast.Node
	var typ reflect.Type
	switch c := text[0]; {
	case c == '"':
		body := text[1:max(n-1, 1)]
		if n < 2 || text[n-1] != '"' || strings.ContainsAny(body, "\\\"\r\n") || !utf8.ValidString(body) {
			return nil
		}
		node, typ = &ast.StringNode{Value: body}, reflect.TypeOf("")
	case c >= '0' && c <= '9':
		dot := strings.IndexByte(text, '.')
		for i := 0; i < n; i++ {
			if (text[i] < '0' || text[i] > '9') && i != dot {
				return nil
			}
		}
		if dot < 0 {
			v, err := strconv.ParseInt(text, 10, 64)
			if err != nil {
				return nil
			}
			node, typ = &ast.IntegerNode{Value: int(v)}, reflect.TypeOf(0)
		} else {
			if dot == n-1 {
				return nil
			}
			v, err := strconv.ParseFloat(text, 64)
			if err != nil {
				return nil
			}
			node, typ = &ast.FloatNode{Value: v}, reflect.TypeOf(0.0)
		}
	default:
		return nil
	}
	node.SetLocation(file.Location{From: 0, To: utf8.RuneCountInString(text)})
	node.SetNature(nt.FromType(typ))
	return &exprparser.Tree{Node: node, Source: file.NewSource(text)}
}

// languageOption gives expr the language's functions and the module's
// charts, and takes away the built-ins scripts may not use. The tables are
// made once per check (charts once per module) and shared by every
// compilation, which only reads them: setting them up anew for each
// expression was a tenth of a check.
func (u *unit) languageOption() expr.Option {
	if u.langOpt != nil {
		return u.langOpt
	}
	if u.functions == nil {
		c := conf.CreateNew()
		for _, b := range forbiddenBuiltins {
			expr.DisableBuiltin(b)(c)
		}
		for _, f := range u.env.Functions {
			expr.Function(f.Name, f.Fn, f.Types...)(c)
		}
		for _, op := range checkedOptions() {
			op(c)
		}
		u.disabled, u.functions = c.Disabled, c.Functions
	}
	disabled, functions := u.disabled, u.functions
	if charts := u.chartFunctions(); len(charts) > 0 {
		functions = make(map[string]*builtin.Function, len(u.functions)+len(charts))
		for k, f := range u.functions {
			functions[k] = f
		}
		for k, f := range charts {
			functions[k] = f
		}
	}
	u.langOpt = func(c *conf.Config) {
		c.Disabled, c.Functions = disabled, functions
	}
	return u.langOpt
}

// paramInliner writes each param's value into the expression as a
// constant. A module's params are fixed once it is checked, and every
// expression is compiled for the module it runs under (inherited rules are
// compiled again), so the value is right; reading a nested param at run time
// would cost a reflective map lookup every time.
type paramInliner struct {
	params map[string]*ParamDef
	// attrs are the attributes the module declares: `unit.lancer`, where a
	// unit has no such field, reads has(unit, "lancer"), so that an
	// attribute a battle declares reads like a field the engine has.
	attrs map[string]*VocabDef
	has   bool // the environment offers has()
	// env gives the flags procedures declare: `unit.charged`, where a
	// unit has no such field, reads flag(unit, "charged").
	env *Env
}

func (v *paramInliner) Visit(n *ast.Node) {
	m, ok := (*n).(*ast.MemberNode)
	if !ok || m.Method {
		return
	}
	if prop, isStr := m.Property.(*ast.StringNode); isStr && m.Node.Type() != nil && !m.Optional {
		if _, isFlag := v.env.Flag(m.Node.Type(), prop.Value); isFlag && !hasField(m.Node.Type(), prop.Value) {
			call := &ast.CallNode{Callee: &ast.IdentifierNode{Value: FlagFunction}, Arguments: []ast.Node{m.Node, &ast.StringNode{Value: prop.Value}}}
			call.SetLocation(m.Location())
			call.Callee.SetLocation(m.Location())
			call.Arguments[1].SetLocation(m.Property.Location())
			ast.Patch(n, call)
			return
		}
	}
	if prop, isStr := m.Property.(*ast.StringNode); isStr && v.has && v.attrs[prop.Value] != nil && m.Node.Type() != nil && !hasField(m.Node.Type(), prop.Value) {
		call := &ast.CallNode{Callee: &ast.IdentifierNode{Value: "has"}, Arguments: []ast.Node{m.Node, &ast.StringNode{Value: prop.Value}}}
		call.SetLocation(m.Location())
		call.Callee.SetLocation(m.Location())
		call.Arguments[1].SetLocation(m.Property.Location())
		ast.Patch(n, call)
		return
	}
	if m.Optional {
		return
	}
	name, ok := dottedName(m)
	if !ok {
		return
	}
	p, ok := v.params[name]
	if !ok {
		return
	}
	switch x := p.Value.(type) {
	case int:
		ast.Patch(n, &ast.IntegerNode{Value: x})
	case float64:
		ast.Patch(n, &ast.FloatNode{Value: x})
	case string:
		ast.Patch(n, &ast.StringNode{Value: x})
	case bool:
		ast.Patch(n, &ast.BoolNode{Value: x})
	}
}

// FlagFunction is the function of the environment that reads a flag a
// procedure declares (Env.Flags): flag(unit, "charged").
const FlagFunction = "flag"

// hasFunction reports whether the environment offers has(unit, attribute).
func (u *unit) hasFunction() bool {
	for _, f := range u.env.Functions {
		if f.Name == "has" {
			return true
		}
	}
	return false
}

// hasField reports whether a struct (or pointer to one) has a field an
// expression calls name.
func hasField(t reflect.Type, name string) bool {
	for t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	if t.Kind() != reflect.Struct {
		return true // not a unit: leave it to the type checker
	}
	for _, f := range ExprFields(t) {
		if f == name {
			return true
		}
	}
	return false
}

// dottedName reads a.b.c from a chain of member accesses on a name.
func dottedName(n ast.Node) (string, bool) {
	switch x := n.(type) {
	case *ast.IdentifierNode:
		return x.Value, true
	case *ast.MemberNode:
		prop, ok := x.Property.(*ast.StringNode)
		if !ok || x.Optional || x.Method {
			return "", false
		}
		head, ok := dottedName(x.Node)
		return head + "." + prop.Value, ok
	}
	return "", false
}

// trimTokens drops the whitespace and comments participle keeps around an
// expression's tokens.
func trimTokens(toks []lexer.Token) []lexer.Token {
	for len(toks) > 0 && isBlank(toks[0]) {
		toks = toks[1:]
	}
	for len(toks) > 0 && isBlank(toks[len(toks)-1]) {
		toks = toks[:len(toks)-1]
	}
	return toks
}

var blankTypes = map[lexer.TokenType]bool{
	Lexer.Symbols()["Whitespace"]: true,
	Lexer.Symbols()["Comment"]:    true,
}

// isBlank tells whitespace and comments from real tokens by their type, not
// their text: a string may well read "// not a comment".
func isBlank(t lexer.Token) bool { return blankTypes[t.Type] }

func countTokens(toks []lexer.Token) int {
	n := 0
	for _, t := range toks {
		if !isBlank(t) {
			n++
		}
	}
	return n
}

func typeOfReflect(t reflect.Type) types.Type {
	if t == nil || t.Kind() == reflect.Interface {
		return types.Any
	}
	return types.TypeOf(reflect.Zero(t).Interface())
}

var (
	reUnknownName = regexp.MustCompile(`^unknown name (\S+)`)
	reNoField     = regexp.MustCompile(`^type (\S+) has no field (\S+)`)
	reUnknownFld  = regexp.MustCompile(`^unknown field (\S+)`)
	reUnexpected  = regexp.MustCompile(`^unexpected token (.*)`)
)

// exprError maps an expr error into the script: its rune offset becomes a
// line and column, and its message is said in the script's terms.
func (u *unit) exprError(err error, text string, start Pos, env vars) (Pos, string, suggestion) {
	var fe *file.Error
	if !errors.As(err, &fe) {
		return start, lower(err.Error()), suggestion{}
	}
	pos := advance(start, text, fe.From)
	msg := fe.Message
	switch {
	case reUnknownName.MatchString(msg):
		name := reUnknownName.FindStringSubmatch(msg)[1]
		return pos, fmt.Sprintf("unknown name %q", name), didYouMean(name, u.knownNames(env))
	case reNoField.MatchString(msg):
		m := reNoField.FindStringSubmatch(msg)
		owner, field := m[1], m[2]
		fields := append(fieldsOf(env, owner, u.env), u.names(KindAttribute)...)
		return pos, fmt.Sprintf("%s has no field %q", friendlyType(owner), field), didYouMean(field, fields)
	case reUnknownFld.MatchString(msg):
		field := reUnknownFld.FindStringSubmatch(msg)[1]
		return pos, fmt.Sprintf("no param has the field %q", field), didYouMean(field, u.paramLeaves())
	case reUnexpected.MatchString(msg):
		return pos, "syntax error in expression: unexpected token " + reUnexpected.FindStringSubmatch(msg)[1], suggestion{}
	}
	return pos, lower(msg), suggestion{}
}

// advance moves a position forward by n runes of text.
func advance(p Pos, text string, n int) Pos {
	i := 0
	for off, r := range text {
		if i == n {
			p.Offset += off
			return p
		}
		if r == '\n' {
			p.Line++
			p.Col = 1
		} else {
			p.Col++
		}
		i++
	}
	p.Offset += len(text)
	return p
}

func lower(s string) string {
	if s == "" {
		return s
	}
	r, n := utf8.DecodeRuneInString(s)
	return strings.ToLower(string(r)) + s[n:]
}

// friendlyType names a Go type the way a script writer knows it.
func friendlyType(t string) string {
	t = strings.TrimPrefix(t, "*")
	if i := strings.LastIndexByte(t, '.'); i >= 0 {
		t = t[i+1:]
	}
	return strings.ToLower(t)
}

// fieldsOf lists the expr names of the fields of the struct type called
// owner, found among the environment's types, and the flags procedures
// declare on it (Env.Flags).
func fieldsOf(env vars, owner string, e *Env) []string {
	seen := map[reflect.Type]bool{}
	var out []string
	var walk func(t reflect.Type)
	walk = func(t reflect.Type) {
		for t != nil && t.Kind() == reflect.Pointer {
			t = t.Elem()
		}
		if t == nil || t.Kind() != reflect.Struct || seen[t] {
			return
		}
		seen[t] = true
		if strings.TrimPrefix(owner, "*") == t.String() {
			out = append(out, ExprFields(t)...)
			if e != nil {
				out = append(out, slices.Sorted(maps.Keys(e.Flags[reflect.PointerTo(t)]))...)
			}
		}
		for i := 0; i < t.NumField(); i++ {
			if t.Field(i).IsExported() {
				walk(t.Field(i).Type)
			}
		}
	}
	for _, t := range env {
		walk(t)
	}
	return out
}

// ExprFields lists the names an expression uses for the exported fields of a
// struct: the `expr` tag when there is one.
func ExprFields(t reflect.Type) []string {
	for t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	var out []string
	for i := 0; i < t.NumField(); i++ {
		f := t.Field(i)
		if !f.IsExported() {
			continue
		}
		name := f.Name
		if tag := f.Tag.Get("expr"); tag != "" {
			if tag == "-" {
				continue
			}
			name = tag
		}
		out = append(out, name)
	}
	return out
}

func (u *unit) knownNames(env vars) []string {
	var out []string
	for k := range env {
		out = append(out, k)
	}
	for k := range u.paramTypes() {
		out = append(out, k)
	}
	for _, f := range u.env.Functions {
		out = append(out, f.Name)
	}
	sort.Strings(out)
	return out
}

func (u *unit) paramLeaves() []string {
	var out []string
	for name := range u.mod.Params {
		out = append(out, name[strings.LastIndexByte(name, '.')+1:])
	}
	return out
}

func (u *unit) paramTypes() types.Map {
	if u.ptypes == nil {
		u.ptypes = u.mod.paramTypes()
	}
	return u.ptypes
}
