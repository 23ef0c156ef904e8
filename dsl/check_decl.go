package dsl

import (
	"maps"
	"reflect"
	"sort"
	"strings"

	"github.com/expr-lang/expr/ast"
	"github.com/expr-lang/expr/file"
	exprparser "github.com/expr-lang/expr/parser"
	"github.com/expr-lang/expr/types"
)

func (u *unit) table(d *Decl) {
	t := d.Table
	pos := position(t.Pos)
	if !u.claim(KindTable, t.Name, pos, d) {
		return
	}
	if _, clash := u.mod.Checks[t.Name]; clash {
		u.errorf(pos, "duplicate", "a check is already called %s", t.Name)
		return
	}
	u.buildTable(d, t)
}

// buildTable checks a table's rows and columns and puts it in the module:
// the table as declared, or as a column edit leaves it.
func (u *unit) buildTable(d *Decl, t *Table) {
	pos := position(t.Pos)
	spec, ok := u.rollSpec(t.Roll)
	if !ok {
		return
	}
	def := &TableDef{Name: t.Name, Title: t.Title, Roll: spec, Cite: t.Cite, Origin: u.origin(pos, d), ast: t}
	if len(t.Rows) > 0 && len(t.Columns) > 0 {
		u.errorf(pos, "table-shape", "table %s mixes rows and columns; put the rows in a column", t.Name)
		return
	}
	if len(t.Rows) == 0 && len(t.Columns) == 0 {
		u.errorf(pos, "table-shape", "table %s has no rows", t.Name)
		return
	}
	if len(t.By) > 0 {
		if len(t.Rows) > 0 {
			u.errorf(pos, "table-shape", "table %s is keyed (`by`): put its rows in columns, one cell per key", t.Name)
			return
		}
		for _, c := range t.Columns {
			if c.When != nil || len(c.Cells) != len(t.By) {
				u.errorf(position(c.Pos), "table-shape", "table %s has %d keys: each column gives %d cells (`column a, b {`), not a condition", t.Name, len(t.By), len(t.By))
				return
			}
		}
	} else {
		for _, c := range t.Columns {
			if len(c.Cells) > 0 {
				u.errorf(position(c.Pos), "table-shape", "table %s has no keys: write `by EXPR, …` after its roll, or choose the column with `when`", t.Name)
				return
			}
		}
	}
	seen := map[string]bool{}
	if len(t.Rows) > 0 {
		col := &ColumnDef{Rows: u.rows(t.Rows)}
		def.Columns = []*ColumnDef{col}
		u.coverage(def, col, pos)
	}
	for i, c := range t.Columns {
		col := &ColumnDef{Title: c.Title, Rows: u.rows(c.Rows)}
		def.Columns = append(def.Columns, col)
		u.coverage(def, col, position(c.Pos))
		if c.When == nil && len(c.Cells) == 0 && i < len(t.Columns)-1 {
			u.warnf(position(t.Columns[i+1].Pos), "column-unreachable", "table %s: this column follows one without a condition and is never read", t.Name)
		}
	}
	def.RolledHook = t.Name + "." + RolledOutcome
	for _, c := range def.Columns {
		if spec.Dice.D66 {
			u.d66Rows(c.Rows)
		}
		for i := range c.Rows {
			r := &c.Rows[i]
			if r.Outcome == RolledOutcome {
				u.errorf(r.Pos, "reserved", "table %s: %q is the hook that follows every roll of a table; name the outcome otherwise", t.Name, RolledOutcome)
			}
			r.Hook, r.Result, r.Amount, r.Amount2 = t.Name+"."+r.Outcome, r.Outcome, r.Value, r.Value2
			if !seen[r.Outcome] {
				seen[r.Outcome] = true
				def.Outcomes = append(def.Outcomes, r.Outcome)
			}
		}
	}
	sort.Strings(def.Outcomes)
	u.mod.Tables[t.Name] = def
}

func (u *unit) check(d *Decl) {
	c := d.Check
	pos := position(c.Pos)
	if !u.claim(KindCheck, c.Name, pos, d) {
		return
	}
	if _, clash := u.mod.Tables[c.Name]; clash {
		u.errorf(pos, "duplicate", "a table is already called %s", c.Name)
		return
	}
	spec, ok := u.rollSpec(c.Roll)
	if !ok {
		return
	}
	u.mod.Checks[c.Name] = &CheckDef{Name: c.Name, Title: c.Title, Roll: spec, Direction: c.Direction, Cite: c.Cite, Origin: u.origin(pos, d), ast: c,
		PassHook: c.Name + ".pass", FailHook: c.Name + ".fail"}
}

// RolledOutcome names the hook of a table that runs after every roll of it
// (`melee_combat.rolled`), whatever the outcome.
const RolledOutcome = "rolled"

// CheckOutcomes are the outcomes of every check.
var CheckOutcomes = []string{"fail", "pass"}

func (u *unit) rule(d *Decl) {
	r := d.Rule
	pos := position(r.Pos)
	id := strings.Join(r.Name.Parts, ".")
	idx, ok := claimListed(u, u.mod.Rules, func(x *RuleDef) (string, string) { return x.ID, x.Module }, KindRule, id, pos, d)
	if !ok {
		return
	}
	u.mod.Rules = putListed(u.mod.Rules, idx, &RuleDef{ID: id, Title: r.Title, Hook: strings.Join(r.Hook.Parts, "."), Cite: r.Cite, Origin: u.origin(pos, d), ast: r})
}

// claimListed claims the name of a declaration kept in an ordered list (a
// rule, a modifier, an invariant, a test: a base's first, in the order
// they run or are played): it finds the one of that name the list holds,
// which an override replaces in its place, and says whether the name may
// be declared here. key gives a listed declaration's name and module.
func claimListed[T any](u *unit, list []*T, key func(*T) (name, module string), kind, name string, pos Pos, d *Decl) (idx int, ok bool) {
	idx = -1
	for i, old := range list {
		if n, _ := key(old); n == name {
			idx = i
		}
	}
	from := ""
	if idx >= 0 {
		_, m := key(list[idx])
		from = "module " + m
	}
	return idx, u.claimFound(kind, name, pos, d.Override, idx >= 0, from)
}

// putListed puts a claimed declaration in the place of the one it
// overrides (claimListed's idx), or at the end of the list.
func putListed[T any](list []*T, idx int, def *T) []*T {
	if idx >= 0 {
		list[idx] = def
		return list
	}
	return append(list, def)
}

// checkParamNames rejects a param whose first part hides a name an
// expression needs (a hook variable or a function).
func (u *unit) checkParamNames() {
	taken := map[string]string{}
	for _, h := range u.env.Hooks {
		for _, v := range h.Vars {
			taken[v.Name] = "a variable of hook " + h.Name
		}
	}
	for _, v := range OutcomeVars {
		taken[v.Name] = "a variable of every outcome hook"
	}
	for _, f := range u.env.Functions {
		taken[f.Name] = "a function"
	}
	for name, p := range u.mod.Params {
		if p.Module != u.mod.ID {
			continue
		}
		root := strings.SplitN(name, ".", 2)[0]
		if what, clash := taken[root]; clash {
			u.errorf(p.Pos, "param-shadows", "param %s starts with %q, which is %s; choose another first part", name, root, what)
		}
		if _, isParam := u.mod.Params[root]; isParam && root != name {
			u.errorf(p.Pos, "param-shadows", "param %s needs %s to be a group, but %s is a param itself", name, root, root)
		}
	}
}

// hookOf finds the environment of a hook: a built-in one, or the outcome of
// a table or check ("recall.fail").
func (u *unit) hookKnown(name string) bool {
	if _, ok := u.env.Hooks[name]; ok {
		return true
	}
	table, outcome, ok := strings.Cut(name, ".")
	if !ok {
		return false
	}
	if t, isTable := u.mod.Tables[table]; isTable {
		if outcome == RolledOutcome {
			return true
		}
		for _, o := range t.Outcomes {
			if o == outcome {
				return true
			}
		}
	}
	if _, isCheck := u.mod.Checks[table]; isCheck {
		return outcome == "pass" || outcome == "fail"
	}
	return false
}

func (u *unit) hookNames() []string {
	var out []string
	out = append(out, u.env.HookNames()...)
	for name, t := range u.mod.Tables {
		for _, o := range t.Outcomes {
			out = append(out, name+"."+o)
		}
		out = append(out, name+"."+RolledOutcome)
	}
	for name := range u.mod.Checks {
		out = append(out, name+".pass", name+".fail")
	}
	return out
}

// hookEnvs works out the names each hook offers. A built-in hook's come
// from the Env. An outcome hook (`recall.fail`) runs inside the hook that
// rolled, so it offers what every hook that rolls that table offers, plus
// the roll itself; rolls from outcome hooks make this a small fixpoint.
func (u *unit) hookEnvs() map[string]vars {
	type site struct {
		hook  string
		binds vars
	}
	rollers := map[string][]site{} // table or check → where rules roll it
	for _, r := range u.mod.Rules {
		for _, c := range r.ast.Clauses {
			for _, call := range c.Do {
				refs, binds := u.refArgs(call)
				for _, ref := range refs {
					rollers[ref] = append(rollers[ref], site{r.Hook, binds})
				}
			}
		}
	}
	rolled := map[string]vars{} // table or check → env where it is rolled
	// A built-in hook's names are made once; the maps are shared and only
	// read.
	builtins := map[string]vars{}
	builtin := func(h string) vars {
		if v, ok := builtins[h]; ok {
			return v
		}
		var v vars
		if hk, ok := u.env.Hooks[h]; ok {
			v = make(vars, len(hk.Vars))
			for _, x := range hk.Vars {
				v[x.Name] = x.Type
			}
		}
		builtins[h] = v
		return v
	}
	// A hook's names are those of base, with the outcome's variables laid
	// over them when outcome is set.
	parts := func(h string) (base vars, outcome, ok bool) {
		if v := builtin(h); v != nil {
			return v, false, true
		}
		table, _, _ := strings.Cut(h, ".")
		base, ok = rolled[table]
		return base, true, ok
	}
	outcomeVars := make(vars, len(OutcomeVars))
	for _, x := range OutcomeVars {
		outcomeVars[x.Name] = x.Type
	}
	// typeAt is the type a site of h binding binds offers a name, nil when
	// it offers none.
	typeAt := func(k string, base vars, outcome bool, binds vars) reflect.Type {
		if t, ok := binds[k]; ok {
			return t
		}
		if outcome {
			if t, ok := outcomeVars[k]; ok {
				return t
			}
		}
		return base[k]
	}
	// Each table's names start as everything (a site not yet known is
	// skipped) and only shrink, so the passes reach the fixed point; they
	// go in sorted order and run until nothing changes, so the answer never
	// depends on Go's map order. The bound only guards the proof: every
	// pass before the last removes a name from some table, or makes one
	// known.
	refs := make([]string, 0, len(rollers))
	for ref := range rollers {
		refs = append(refs, ref)
	}
	sort.Strings(refs)
	names := len(OutcomeVars)
	for _, hk := range u.env.Hooks {
		names += len(hk.Vars)
	}
	for _, eff := range u.env.Effects {
		names += len(eff.Params)
	}
	// acc is worked out in one map, copied into rolled when it changed.
	acc := vars{}
	for range (len(refs) + 1) * (names + 2) {
		changed := false
		for _, ref := range refs {
			clear(acc)
			known := false
			for _, s := range rollers[ref] {
				base, outcome, ok := parts(s.hook)
				if !ok {
					continue
				}
				if !known {
					// The first site's names, all of them.
					known = true
					for k, t := range base {
						acc[k] = t
					}
					if outcome {
						for k, t := range outcomeVars {
							acc[k] = t
						}
					}
					for k, t := range s.binds {
						acc[k] = t
					}
					continue
				}
				for k, t := range acc {
					if typeAt(k, base, outcome, s.binds) != t {
						delete(acc, k)
					}
				}
			}
			if known && !sameVars(acc, rolled[ref]) {
				rolled[ref] = maps.Clone(acc)
				changed = true
			}
		}
		if !changed {
			break
		}
	}
	// Only the hooks some rule is on need their names; the maps are shared
	// by the rules of a hook, which only read them.
	out := map[string]vars{}
	for _, r := range u.mod.Rules {
		h := r.Hook
		if _, done := out[h]; done || !u.hookKnown(h) {
			continue
		}
		base, outcome, ok := parts(h)
		if ok && !outcome {
			out[h] = base
			continue
		}
		v := make(vars, len(base)+len(outcomeVars))
		for k, t := range base {
			v[k] = t
		}
		for k, t := range outcomeVars {
			v[k] = t
		}
		out[h] = v
	}
	for ref, v := range rolled {
		out["roll:"+ref] = v
	}
	return out
}

func sameVars(a, b vars) bool {
	if len(a) != len(b) || (a == nil) != (b == nil) {
		return false
	}
	for k, t := range a {
		if b[k] != t {
			return false
		}
	}
	return true
}

// refArgs lists the tables and checks an effect call names, and the
// variables its other arguments bind inside the roll.
func (u *unit) refArgs(call *Call) ([]string, vars) {
	eff, ok := u.env.Effects[call.Name]
	if !ok {
		return nil, nil
	}
	var out []string
	binds := vars{}
	for i, a := range call.Args {
		p := paramFor(eff, a, i)
		if p == nil {
			continue
		}
		if p.Binds != "" {
			binds[p.Binds] = p.Type
		}
		if p.Kind == ArgExpr {
			continue
		}
		if name, ok := bareName(a.Value); ok {
			out = append(out, name)
		}
	}
	return out, binds
}

func paramFor(eff *Effect, a *Arg, i int) *EffectParam {
	if a.Name != "" {
		for j := range eff.Params {
			if eff.Params[j].Name == a.Name {
				return &eff.Params[j]
			}
		}
		return nil
	}
	if i < len(eff.Params) {
		return &eff.Params[i]
	}
	return nil
}

// bareName returns the one identifier an argument is, if it is only that.
func bareName(e *Expr) (string, bool) {
	toks := trimTokens(e.Tokens)
	if len(toks) != 1 || toks[0].Type != tokIdent {
		return "", false
	}
	return toks[0].Value, true
}

// compileAll compiles every effective rule, table condition and check
// threshold. Declarations inherited from the base are copied first: they
// are shared with the base module and never changed.
func (u *unit) compileAll(envs map[string]vars) {
	u.touched = u.touchedNames()
	for _, name := range sortedKeys(u.mod.Tables) {
		t := u.mod.Tables[name]
		if t.Module != u.mod.ID {
			cp := *t
			cp.Columns = append([]*ColumnDef(nil), t.Columns...)
			t = &cp
			u.mod.Tables[name] = t
		}
		for i, c := range t.ast.Columns {
			if c.When == nil {
				continue
			}
			col := *t.Columns[i]
			col.When = u.compile(c.When, envs["roll:"+name], true)
			t.Columns[i] = &col
		}
		u.tableKeys(t, envs["roll:"+name])
	}
	for _, name := range sortedKeys(u.mod.Checks) {
		c := u.mod.Checks[name]
		if c.Module != u.mod.ID {
			cp := *c
			c = &cp
			u.mod.Checks[name] = c
		}
		// A check is always for a unit, even one no rule rolls yet.
		env := u.rollEnv(name, envs)
		c.Threshold = u.compile(c.ast.Threshold, env, false)
		if c.Threshold != nil && !isNumber(c.Threshold.Type) {
			u.errorf(c.Threshold.Pos, "type-mismatch", "a check's threshold is a number; got %s", typeName(c.Threshold.Type))
		}
	}
	u.compileModifiers(envs)
	u.compileObjectives()
	for i, r := range u.mod.Rules {
		if r.Module != u.mod.ID {
			cp := *r
			r = &cp
			u.mod.Rules[i] = r
			if u.reuseRule(r, envs[r.Hook]) {
				continue
			}
		}
		n := len(u.diags)
		r.reuseEnv, r.reuseInfo = nil, nil
		r.Title = u.renderTitle(r.ast.Title, r.Pos)
		if !u.hookKnown(r.Hook) {
			u.errorf(position(r.ast.Hook.Pos), "unknown-hook", "unknown hook %q%s", r.Hook, didYouMean(r.Hook, u.hookNames()))
			continue
		}
		u.compileRule(r, envs[r.Hook])
		if len(u.diags) == n {
			r.reuseEnv, r.reuseInfo = envs[r.Hook], u.info
		}
	}
}

// boundType is the type effects bind a roll variable to.
func (u *unit) boundType(name string) reflect.Type {
	for _, eff := range u.env.Effects {
		for _, p := range eff.Params {
			if p.Binds == name {
				return p.Type
			}
		}
	}
	return nil
}

func (u *unit) compileRule(r *RuleDef, hookEnv vars) {
	// The hook's names are shared by its rules: a rule copies them only to
	// add a let of its own.
	env, owned := hookEnv, false
	r.Clauses = nil
	for _, c := range r.ast.Clauses {
		cd := &ClauseDef{Pos: position(c.Pos)}
		switch {
		case c.Require != nil:
			cd.Kind, cd.Message = ClauseRequire, c.Require.Message
			cd.Cond = u.compile(c.Require.Cond, env, true)
		case c.When != nil:
			cd.Kind = ClauseWhen
			cd.Cond = u.compile(c.When, env, true)
		case c.Let != nil:
			cd.Kind, cd.Name = ClauseLet, c.Let.Name
			if _, clash := env[c.Let.Name]; clash {
				u.errorf(position(c.Let.Pos), "let-shadows", "let %s hides a name the hook already offers", c.Let.Name)
			}
			cd.Cond = u.compile(c.Let.Value, env, false)
			if !owned {
				env, owned = maps.Clone(hookEnv), true
				if env == nil {
					env = vars{}
				}
			}
			if cd.Cond != nil {
				env[c.Let.Name] = cd.Cond.Type
			} else {
				// The name stays known, of any type, so that one mistake in
				// its value is not reported again at every use.
				env[c.Let.Name] = nil
			}
		case c.Ask != nil:
			cd.Kind, cd.Question = ClauseAsk, c.Ask.Question
			cd.Of = u.compile(c.Ask.Of, env, false)
		default:
			cd.Kind = ClauseDo
			for _, call := range c.Do {
				if cl := u.call(call, env); cl != nil {
					cd.Calls = append(cd.Calls, cl)
				}
			}
		}
		r.Clauses = append(r.Clauses, cd)
	}
	u.guard(r, hookEnv)
}

// guard joins the `when` clauses a rule opens with into one condition, so
// that the engine decides whether the rule applies with one evaluation;
// the clauses stay, for the positions of a run-time error.
func (u *unit) guard(r *RuleDef, hookEnv vars) {
	n := 0
	for n < len(r.Clauses) && r.Clauses[n].Kind == ClauseWhen && r.Clauses[n].Cond != nil {
		n++
	}
	if n < 2 {
		return
	}
	parts := make([]string, n)
	toks := 0
	for i, c := range r.Clauses[:n] {
		parts[i] = "(" + c.Cond.Source + ")"
		toks += len(r.ast.Clauses[i].When.Tokens)
	}
	text := strings.Join(parts, " && ")
	r.GuardLen = n
	if r.Guard = u.joinGuard(text, r.Clauses[:n], toks); r.Guard != nil {
		return
	}
	named := map[string]bool{}
	for i := range n {
		for _, t := range r.ast.Clauses[i].When.Tokens {
			named[t.Value] = true
		}
	}
	// Each clause was checked on its own, where its words sit: the joined
	// condition must not report them again at positions of its own text.
	u.joining = true
	defer func() { u.joining = false }()
	r.Guard = u.compileText(text, r.Clauses[0].Cond.Pos, named, hookEnv, true)
}

// joinGuard makes the joined condition of a rule's opening clauses out of
// the trees their checks made, as expr makes it of the joined text, which
// it would parse, check and fold again: a tenth of a check. expr folds
// each part alike, and `&&` only where a part is true or false; the trees
// are shared, not changed. It is nil, for the text to be compiled, where
// the two may differ: a part expr folded into true or false, or so many
// tokens that the join could pass expr's bound on nodes (an expression
// node takes at most three).
func (u *unit) joinGuard(text string, clauses []*ClauseDef, toks int) *Program {
	if u.textGuards || 3*toks+len(clauses) > MaxExprNodes {
		return nil
	}
	for _, c := range clauses {
		if _, isBool := c.Cond.Node().(*ast.BoolNode); isBool || !c.Cond.AsBool() {
			return nil
		}
	}
	node := clauses[0].Cond.Node()
	for _, c := range clauses[1:] {
		and := &ast.BinaryNode{Operator: "&&", Left: node, Right: c.Cond.Node()}
		and.SetType(reflect.TypeFor[bool]())
		node = and
	}
	// expr's compiler reads, of the environment, only that it is a map of
	// names: any expression's compiles a name as the text's would.
	cfg := *u.exprConf()
	cfg.WithEnv(types.Map{})
	cfg.Expect, cfg.ExpectAny = reflect.Bool, true
	code, err := compileLater(&exprparser.Tree{Node: node, Source: file.NewSource(text)}, &cfg, true)
	if err != nil {
		return nil
	}
	return &Program{Source: text, Pos: clauses[0].Cond.Pos, code: code, Type: node.Type(), Cost: u.exprCost(node)}
}

// call checks an effect call against the effect's signature.
func (u *unit) call(call *Call, env vars) *CallDef {
	pos := position(call.Pos)
	eff, ok := u.env.Effects[call.Name]
	if !ok {
		u.errorf(pos, "unknown-effect", "unknown effect %q%s", call.Name, didYouMean(call.Name, u.env.EffectNames()))
		return nil
	}
	u.recordCall(call, eff)
	cd := &CallDef{Effect: eff, Args: make([]*ArgDef, len(eff.Params)), Pos: pos}
	named := false
	for i, a := range call.Args {
		apos := position(a.Pos)
		if a.Name != "" {
			named = true
		} else if named {
			u.errorf(apos, "bad-argument", "a positional argument cannot follow a named one")
			continue
		}
		p := paramFor(eff, a, i)
		if p == nil {
			if a.Name != "" {
				var names []string
				for _, x := range eff.Params {
					names = append(names, x.Name)
				}
				u.errorf(apos, "bad-argument", "%s has no parameter %q%s", eff.Name, a.Name, didYouMean(a.Name, names))
			} else {
				u.errorf(apos, "bad-argument", "%s takes at most %d arguments", eff.Name, len(eff.Params))
			}
			continue
		}
		idx := 0
		for j := range eff.Params {
			if &eff.Params[j] == p {
				idx = j
			}
		}
		if cd.Args[idx] != nil {
			u.errorf(apos, "bad-argument", "%s: %s is given twice", eff.Name, p.Name)
			continue
		}
		cd.Args[idx] = u.arg(eff, p, a, env)
	}
	for i, p := range eff.Params {
		if cd.Args[i] == nil && !p.Optional {
			u.errorf(pos, "bad-argument", "%s needs %s", eff.Name, p.Name)
		}
	}
	return cd
}

func (u *unit) arg(eff *Effect, p *EffectParam, a *Arg, env vars) *ArgDef {
	apos := position(a.Value.Pos)
	if toks := trimTokens(a.Value.Tokens); len(toks) > 0 {
		apos = position(toks[0].Pos)
	}
	switch p.Kind {
	case ArgTable, ArgCheck:
		name, ok := bareName(a.Value)
		kind := "table"
		if p.Kind == ArgCheck {
			kind = "check"
		}
		if !ok {
			u.errorf(apos, "bad-argument", "%s: %s takes the name of a %s", eff.Name, p.Name, kind)
			return &ArgDef{}
		}
		_, isTable := u.mod.Tables[name]
		_, isCheck := u.mod.Checks[name]
		if (p.Kind == ArgTable && !isTable) || (p.Kind == ArgCheck && !isCheck) {
			u.errorf(apos, "unknown-"+kind, "unknown %s %q%s", kind, name, didYouMean(name, u.names(kind)))
		} else {
			u.recordRef(trimTokens(a.Value.Tokens)[0], kind)
		}
		return &ArgDef{Ref: name, RefValue: name}
	}
	prog := u.compile(a.Value, env, false)
	if prog == nil {
		return &ArgDef{}
	}
	if p.Type != nil && prog.Type != nil && prog.Type.Kind() != reflect.Interface && !assignable(prog.Type, p.Type) {
		u.errorf(apos, "type-mismatch", "%s: %s takes %s; got %s", eff.Name, p.Name, typeName(p.Type), typeName(prog.Type))
	}
	if p.Vocab != "" {
		if s, ok := stringLiteral(prog.Source); ok {
			if _, known := u.mod.Vocab[p.Vocab][s]; !known {
				u.errorf(apos, "unknown-"+p.Vocab, "unknown %s %q%s", p.Vocab, s, didYouMean(s, u.names(p.Vocab)))
			}
		}
	}
	return &ArgDef{Prog: prog}
}

func assignable(got, want reflect.Type) bool {
	if got.AssignableTo(want) {
		return true
	}
	return isNumber(got) && isNumber(want)
}

func isNumber(t reflect.Type) bool {
	if t == nil {
		return true // unknown until run time
	}
	switch t.Kind() {
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
		reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64,
		reflect.Float32, reflect.Float64, reflect.Interface:
		return true
	}
	return false
}

// typeName names a type in a script writer's words.
func typeName(t reflect.Type) string {
	if t == nil {
		return "nothing"
	}
	switch t.Kind() {
	case reflect.Int, reflect.Int64:
		return "a whole number"
	case reflect.Float64:
		return "a number"
	case reflect.String:
		return "a string"
	case reflect.Bool:
		return "a boolean"
	}
	return "a " + friendlyType(t.String())
}

func stringLiteral(src string) (string, bool) {
	src = strings.TrimSpace(src)
	if len(src) >= 2 && src[0] == '"' && src[len(src)-1] == '"' && !strings.ContainsAny(src[1:len(src)-1], `"\`) {
		return src[1 : len(src)-1], true
	}
	return "", false
}
