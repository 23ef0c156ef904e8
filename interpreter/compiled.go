package interpreter

import (
	"maps"
	"reflect"
	"runtime"
	"slices"
	"sort"
	"sync"
	"weak"

	"github.com/bataille/bataille/dsl"
	"github.com/bataille/bataille/interpreter/closure"
	"github.com/expr-lang/expr/ast"
)

// compiled is a module's expressions as closures, and the slots of the
// variables they read. It is built once per module and shared by every
// engine playing it (a simulation's workers); engines keep their values in
// a frame of their own.
type compiled struct {
	slots  map[string]slot // variable → slot
	counts [4]int          // slots of Vals, Ints, Floats, Strs
	// hooks and rules are, by a hook's place in Hooks, its variables and
	// the rules that run on it (hooks holds them too, for a firing).
	hooks []hookCode
	rules [][]*ruleCode
	// named is the rules of every hook of the module by name, for hooks
	// named at run time (a phase's, an outcome's): one lookup per firing.
	named map[string][]*ruleCode
	progs map[*dsl.Program]*closure.Program
	// exprs is the code of every expression of the module, for those the
	// engine evaluates outside a rule's clauses (Engine.eval).
	exprs map[*dsl.Program]*exprCode
	// effects names the effects the module's rules call, by the index a
	// callCode holds; each engine finds their implementations once.
	effects []string
	// outcome is the slots of dsl.OutcomeVars, and unit the slot of
	// `unit`, which a roll binds.
	outcome struct{ roll, natural, modifier, result, value, value2 slot }
	unit    slot
	player  slot // the side an objective scores
	params  map[string]any
	// stackLimits is each formation's stacking limit, read from its word
	// once (Engine.stackLimit looks one up at every step of a move).
	stackLimits map[string]stackLimit
	// fallback counts the expressions left to expr's machine, for tests.
	fallback int
}

// slot is a variable's place in the frame, and whether any expression of
// the module reads it: binding a variable nothing reads is skipped (vars.go),
// since no rule could tell, and most of what a hook offers goes unread.
type slot struct {
	closure.Slot
	read bool
}

// unitFields and cellFields are how compiled expressions read units and
// hexes: at offsets found here, once.
var (
	unitFields = closure.Fields[Unit]()
	cellFields = closure.Fields[Cell]()
)

// compiledFor compiles a module's expressions the first time an engine
// plays it.
func compiledFor(mod *dsl.Module) *compiled {
	key := weak.Make(mod)
	v, loaded := compiledModules.LoadOrStore(key, &compiledOnce{})
	if !loaded {
		// Forgotten with the module: a language server reloads modules
		// all day long.
		runtime.AddCleanup(mod, func(k weak.Pointer[dsl.Module]) { compiledModules.Delete(k) }, key)
	}
	co := v.(*compiledOnce)
	co.once.Do(func() { co.c = compileModule(mod) })
	return co.c
}

// compiledModules holds each module's compiled form, by a weak pointer to
// the module, which nothing in the compiled form points back to.
var compiledModules sync.Map // weak.Pointer[dsl.Module] → *compiledOnce

type compiledOnce struct {
	once sync.Once
	c    *compiled
}

// compileModule lays out the variables and compiles every expression of the
// module. A variable whose declarations all give it one type is held and
// read unboxed; `let` names and names declared with different types are
// interface values. An expression the closures do not compile stays on
// expr's machine (Engine.eval).
func compileModule(mod *dsl.Module) *compiled {
	c := &compiled{slots: map[string]slot{}, progs: map[*dsl.Program]*closure.Program{}, params: mod.ParamValues()}
	kinds := map[string]closure.Kind{}
	var order []string
	declare := func(name string, t reflect.Type) {
		k := kindOf(t)
		if old, ok := kinds[name]; ok {
			if old != k {
				kinds[name] = closure.Any
			}
			return
		}
		kinds[name] = k
		order = append(order, name)
	}
	hooks := append([]*dsl.Hook(nil), Hooks...)
	if mod.Env != nil {
		for _, name := range mod.Env.HookNames() {
			if h := mod.Env.Hooks[name]; HookByName[name] != h {
				hooks = append(hooks, h)
			}
		}
		for _, name := range mod.Env.EffectNames() {
			for _, p := range mod.Env.Effects[name].Params {
				if p.Binds != "" {
					declare(p.Binds, nil)
				}
			}
		}
	}
	for _, h := range hooks {
		for _, v := range h.Vars {
			declare(v.Name, v.Type)
		}
	}
	for _, v := range dsl.OutcomeVars {
		declare(v.Name, v.Type)
	}
	for _, v := range dsl.ObjectiveVars {
		declare(v.Name, v.Type)
	}
	for _, r := range mod.Rules {
		for _, cl := range r.Clauses {
			if cl.Kind == dsl.ClauseLet {
				declare(cl.Name, nil)
				kinds[cl.Name] = closure.Any // a let holds what its expression gives
			}
		}
	}
	read := readNames(mod)
	exprSlots := map[string]closure.Slot{}
	for _, name := range order {
		k := kinds[name]
		arr := 0
		switch k {
		case closure.Int:
			arr = 1
		case closure.Float:
			arr = 2
		case closure.String:
			arr = 3
		}
		s := closure.Slot{Kind: k, Index: c.counts[arr]}
		c.slots[name], exprSlots[name] = slot{Slot: s, read: read[name]}, s
		c.counts[arr]++
	}
	reads := hookReads(mod)
	for k, h := range Hooks {
		hc := hookCode{vars: make([]hookVar, len(h.Vars))}
		for i, v := range h.Vars {
			s := c.slots[v.Name]
			s.read = s.read && reads[k][v.Name] // nothing reads it while this hook's names are bound
			hv := hookVar{slot: s, typ: typeCodeOf(v.Type)}
			hv.direct = s.read && s.Kind == slotKinds[hv.typ]
			hc.vars[i] = hv
		}
		c.hooks = append(c.hooks, hc)
	}
	o := &c.outcome
	o.roll, o.natural, o.modifier = c.slots["roll"], c.slots["natural"], c.slots["modifier"]
	o.result, o.value, o.value2 = c.slots["result"], c.slots["value"], c.slots["value2"]
	c.unit = c.slots["unit"]
	c.player = c.slots["player"]
	cfg := &closure.Config{Slots: exprSlots, Consts: c.params,
		Structs: []*closure.Struct{unitFields, cellFields}, Funcs: map[string]closure.Func{}}
	if mod.Env != nil {
		for _, f := range mod.Env.Functions {
			cfg.Funcs[f.Name] = closure.Func{Fn: f.Fn, Fast: f.Fast}
		}
	}
	// The checked arithmetic the check writes in place of + - * / % ** and
	// int() and float() (the checked forms of package dsl), in its typed forms.
	for _, name := range dsl.CheckedNames() {
		fn, _ := dsl.CheckedFunction(name)
		cfg.Funcs[name] = closure.Func{Fn: fn, Fast: dsl.CheckedForms(name)}
	}
	// A chart is a function of the module, looked up as expr's machine
	// calls it.
	for name, ch := range mod.Charts {
		if len(ch.Keys) > 0 {
			chart := ch
			cfg.Funcs[name] = closure.Func{Fn: func(args ...any) (any, error) { return chart.Lookup(args) }}
		}
	}
	for _, p := range modulePrograms(mod) {
		if p == nil || p.Node() == nil || c.progs[p] != nil {
			continue
		}
		cp, err := closure.CompileTree(p.Node(), p.Source, p.AsBool(), cfg, p.Bytecode)
		if err != nil {
			c.fallback++
			continue
		}
		c.progs[p] = cp
	}
	c.resolve(mod)
	c.stackLimits = stackLimits(mod)
	return c
}

// stackLimit is a formation's stacking limit: its word, the increments a
// hex in it holds at most (stack_increments, 0 for none), and whether a
// single regiment may pass it (stack_regiment).
type stackLimit struct {
	w        *dsl.VocabDef
	limit    int
	regiment bool
}

func stackLimits(mod *dsl.Module) map[string]stackLimit {
	out := map[string]stackLimit{}
	for name, w := range mod.Vocab[dsl.KindFormation] {
		out[name] = stackLimit{w: w, limit: w.Int("stack_increments", 0), regiment: w.Flag("stack_regiment")}
	}
	return out
}

// hookCode is what firing one of Hooks needs, in one place: its
// variables, each with its slot and its type, and its rules.
type hookCode struct {
	vars  []hookVar
	rules []*ruleCode
}

type hookVar struct {
	slot
	typ typeCode
	// direct is set when the variable is read and its slot holds values
	// of its type as they are given (a unit in Vals, an int in Ints): a
	// binding writes it in place, without the checks of set.
	direct bool
}

// slotKinds is, by a hook variable's type, the kind of slot that holds
// its values as they are given; a bool goes to Vals like a unit.
var slotKinds = [...]closure.Kind{codeOther: -1, codeUnit: closure.Any, codeCell: closure.Any,
	codeInt: closure.Int, codeFloat: closure.Float, codeBool: closure.Bool, codeString: closure.String}

// exprCode is an expression as the engine runs it, resolved when the
// module loads: its closures, and what evaluating it costs.
type exprCode struct {
	p   *dsl.Program
	run *closure.Program // nil: a constant, or an expression left to expr's machine
	// cost is what an evaluation spends before it runs: 1 for a literal
	// or a name, else what the check estimated.
	cost int
	// slot is where a bare name's value is read, when name is set and the
	// closures run (closure.Program.Name).
	slot closure.Slot
	name bool
	// cond is run's condition (closure.Program.Cond), which a rule's
	// clause tests under its hook's recover (Engine.step).
	cond func(*closure.Frame) bool
}

func (c *compiled) exprCode(p *dsl.Program) exprCode {
	x := exprCode{p: p, cost: p.Cost}
	if p.IsConst || p.Var != "" {
		x.cost = 1
	}
	if !p.IsConst {
		x.run = c.progs[p]
	}
	if x.run != nil {
		x.slot, x.name = x.run.Name()
		x.cond = x.run.Cond()
	}
	return x
}

// ruleCode is a rule with what running it needs resolved when the module
// loads: its expressions and the places of its effects, laid out in the
// order they run, so that running it looks nothing up by name or by
// pointer and reads little besides.
type ruleCode struct {
	r *dsl.RuleDef
	// guard is the opening `when` clauses as one condition, standing for
	// the first guardLen clauses (0: none). A rule that opens with one
	// `when` has it as its guard: run tests it where it tests a joined
	// guard, and a rule it turns away costs no call of runRule.
	guard    exprCode
	guardLen int
	clauses  []clauseCode
}

type clauseCode struct {
	kind     dsl.ClauseKind
	c        *dsl.ClauseDef
	cond, of exprCode // cond: when, require, let; of: ask (of.p nil: none)
	let      slot     // the variable a let binds
	calls    []callCode
}

type callCode struct {
	cd     *dsl.CallDef
	effect int // index in compiled.effects
	args   []argCode
}

// argCode is an argument of an effect: an expression, or (x.p nil) a value
// fixed when the module loaded, a table's name or nil for an optional
// argument not given.
type argCode struct {
	x     exprCode
	fixed any
}

// resolve makes the rules' code, by hook, and the code of every expression
// the engine evaluates by itself (a table's, a modifier's).
func (c *compiled) resolve(mod *dsl.Module) {
	c.exprs = map[*dsl.Program]*exprCode{}
	for _, p := range modulePrograms(mod) {
		if p != nil && c.exprs[p] == nil {
			x := c.exprCode(p)
			c.exprs[p] = &x
		}
	}
	// The rules' code is laid out in one array, and their clauses, calls
	// and arguments in one each, hook after hook in the order of Hooks: a
	// firing runs its rules from memory that is together, rather than from
	// objects strewn over the heap, each a miss of the processor's cache.
	order := make([]string, 0, len(mod.Hooks))
	for _, h := range Hooks {
		if _, ok := mod.Hooks[h.Name]; ok {
			order = append(order, h.Name)
		}
	}
	var others []string
	for name := range mod.Hooks {
		if HookByName[name] == nil {
			others = append(others, name)
		}
	}
	sort.Strings(others)
	order = append(order, others...)
	var nRules, nClauses, nCalls, nArgs int
	for _, name := range order {
		for _, r := range mod.Hooks[name] {
			nRules++
			nClauses += len(r.Clauses)
			for _, cl := range r.Clauses {
				nCalls += len(cl.Calls)
				for _, cd := range cl.Calls {
					nArgs += len(cd.Args)
				}
			}
		}
	}
	// Made large enough beforehand, the arrays never move.
	ruleSlab := make([]ruleCode, 0, nRules)
	clauses := make([]clauseCode, 0, nClauses)
	calls := make([]callCode, 0, nCalls)
	args := make([]argCode, 0, nArgs)
	effects := map[string]int{}
	code := map[*dsl.RuleDef]*ruleCode{}
	codeOf := func(r *dsl.RuleDef) *ruleCode {
		if rc := code[r]; rc != nil {
			return rc
		}
		from := len(clauses)
		clauses = clauses[:from+len(r.Clauses)]
		ruleSlab = append(ruleSlab, ruleCode{r: r, clauses: clauses[from:len(clauses):len(clauses)]})
		rc := &ruleSlab[len(ruleSlab)-1]
		if r.Guard != nil {
			rc.guard, rc.guardLen = c.exprCode(r.Guard), r.GuardLen
		}
		for i, cl := range r.Clauses {
			cc := &rc.clauses[i]
			cc.kind, cc.c = cl.Kind, cl
			if cl.Cond != nil {
				cc.cond = c.exprCode(cl.Cond)
			}
			if cl.Of != nil {
				cc.of = c.exprCode(cl.Of)
			}
			if cl.Kind == dsl.ClauseLet {
				cc.let = c.slots[cl.Name]
			}
			first := len(calls)
			for _, cd := range cl.Calls {
				idx, ok := effects[cd.Effect.Name]
				if !ok {
					idx = len(c.effects)
					effects[cd.Effect.Name] = idx
					c.effects = append(c.effects, cd.Effect.Name)
				}
				from := len(args)
				args = args[:from+len(cd.Args)]
				call := callCode{cd: cd, effect: idx, args: args[from:len(args):len(args)]}
				for j, a := range cd.Args {
					switch {
					case a == nil:
					case a.Prog != nil:
						call.args[j].x = c.exprCode(a.Prog)
					default:
						call.args[j].fixed = a.RefValue
					}
				}
				calls = append(calls, call)
			}
			if len(calls) > first {
				cc.calls = calls[first:len(calls):len(calls)]
			}
		}
		if rc.guardLen == 0 && len(rc.clauses) > 0 && rc.clauses[0].kind == dsl.ClauseWhen && rc.clauses[0].cond.p != nil {
			rc.guard, rc.guardLen = rc.clauses[0].cond, 1
		}
		code[r] = rc
		return rc
	}
	codes := func(rules []*dsl.RuleDef) []*ruleCode {
		var out []*ruleCode
		for _, r := range rules {
			out = append(out, codeOf(r))
		}
		return out
	}
	c.named = map[string][]*ruleCode{}
	for _, name := range order {
		c.named[name] = codes(mod.Hooks[name])
	}
	for i, h := range Hooks {
		c.rules = append(c.rules, c.named[h.Name])
		c.hooks[i].rules = c.named[h.Name]
	}
}

// readNames is every variable the module's expressions read, on the
// closures or on expr's machine: what the checker recorded each name to
// refer to (dsl.Info).
func readNames(mod *dsl.Module) map[string]bool {
	return namesIn(mod, modulePrograms(mod), map[string]bool{})
}

// namesIn adds the variables the expressions read to read: a program's
// variable, and the names the checker recorded as variables in the Info
// of the module, or of the base whose check compiled the expression. An
// expression no check recorded (compiled outside one, as tests of the
// engine make them) has its tree walked for its names instead, a
// function's or a field's among them, which only keeps a variable of that
// name bound.
func namesIn(mod *dsl.Module, progs []*dsl.Program, read map[string]bool) map[string]bool {
	for _, p := range progs {
		if p == nil {
			continue
		}
		if p.Var != "" {
			read[p.Var] = true
		}
		if !recordedNames(mod, p, read) {
			namesInTree(p, read)
		}
	}
	return read
}

// recordedNames adds the variables the checker recorded p to read, and
// reports whether any check recorded a name of p.
func recordedNames(mod *dsl.Module, p *dsl.Program, read map[string]bool) bool {
	for m := mod; m != nil; m = m.Base {
		uses := m.Info.Of(p)
		if len(uses) == 0 {
			continue
		}
		for _, u := range uses {
			if u.Kind == dsl.UseVar {
				read[u.Name] = true
			}
		}
		return true
	}
	return false
}

// namesInTree adds the names of p's tree to read.
func namesInTree(p *dsl.Program, read map[string]bool) {
	if node := p.Node(); node != nil {
		ast.Walk(&node, identifiers(read))
	}
}

// hookReads is, for each of Hooks by its place, the names anything can
// read while a firing's variables are bound: its own rules' expressions,
// and what may run inside them and sees the hook's names: a roll's
// tables, checks and modifiers, and the rules of the hooks fired by name
// (a roll's outcome, an effect's own hook). A hook fired inside another
// binds the names it offers itself, and its rules read no other (the
// check sees to it), so the other hooks of Hooks need not count.
func hookReads(mod *dsl.Module) []map[string]bool {
	shared := namesIn(mod, rollPrograms(mod), map[string]bool{})
	for name, rules := range mod.Hooks {
		if HookByName[name] == nil {
			for _, r := range rules {
				namesIn(mod, rulePrograms(r), shared)
			}
		}
	}
	out := make([]map[string]bool, len(Hooks))
	for i, h := range Hooks {
		read := map[string]bool{}
		for k := range shared {
			read[k] = true
		}
		for _, r := range mod.Hooks[h.Name] {
			namesIn(mod, rulePrograms(r), read)
		}
		out[i] = read
	}
	return out
}

// identifiers collects the names of an expression tree.
type identifiers map[string]bool

func (ids identifiers) Visit(n *ast.Node) {
	if id, ok := (*n).(*ast.IdentifierNode); ok {
		ids[id.Value] = true
	}
}

func kindOf(t reflect.Type) closure.Kind {
	switch t {
	case tInt:
		return closure.Int
	case tFloat:
		return closure.Float
	case tBool:
		return closure.Bool
	case tString:
		return closure.String
	}
	return closure.Any
}

// modulePrograms lists every expression the engine evaluates.
func modulePrograms(mod *dsl.Module) []*dsl.Program {
	var out []*dsl.Program
	for _, r := range mod.Rules {
		out = append(out, rulePrograms(r)...)
	}
	return append(out, rollPrograms(mod)...)
}

// rulePrograms lists a rule's expressions.
func rulePrograms(r *dsl.RuleDef) []*dsl.Program {
	out := []*dsl.Program{r.Guard}
	for _, cl := range r.Clauses {
		out = append(out, cl.Cond, cl.Of)
		for _, cd := range cl.Calls {
			for _, a := range cd.Args {
				if a != nil {
					out = append(out, a.Prog)
				}
			}
		}
	}
	return out
}

// rollPrograms lists the expressions of the module's tables, checks and
// modifiers, which a roll evaluates in the names of the hook that rolled.
func rollPrograms(mod *dsl.Module) []*dsl.Program {
	var out []*dsl.Program
	for _, t := range mod.Tables {
		for _, k := range t.Keys {
			out = append(out, k.Prog)
		}
		for _, col := range t.Columns {
			out = append(out, col.When)
		}
		for _, m := range t.Modifiers {
			out = append(out, m.Value, m.When)
		}
	}
	for _, m := range mod.Modifiers {
		out = append(out, m.Value, m.When)
	}
	for _, ch := range mod.Checks {
		out = append(out, ch.Threshold)
		for _, m := range ch.Modifiers {
			out = append(out, m.Value, m.When)
		}
	}
	for _, name := range slices.Sorted(maps.Keys(mod.Objectives)) {
		o := mod.Objectives[name]
		out = append(out, o.Value, o.When)
	}
	return out
}
