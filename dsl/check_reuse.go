package dsl

import (
	"fmt"
	"maps"
	"reflect"
	"slices"
	"strings"

	"github.com/alecthomas/participle/v2/lexer"
)

// A game checks again every rule it inherits, against its own effective
// module: the rule may read a param, a word, a table or a chart the game
// declares, overrides or removes. Most inherited rules read none of them,
// and their check would find what the base's found; this file lets such a
// rule keep what its base's check made.
//
// What a rule's check reads of the module is named by its tokens (as
// exprKey relies on for an expression), its hook's name and the params its
// title names; the rest is the hook's variables, compared whole, and the
// language's environment, the same for every module of a check. A rule is
// kept only if its check reported nothing: its diagnostics would otherwise
// have to be reported again.

// touches is what touchedNames found a module to change from its base.
type touches struct {
	// names are the words with what of them changed (touchName …).
	names map[string]uint8
	// params are the params whose value changed, as their names' parts,
	// by their first part.
	params map[string][][]string
}

const (
	touchName  = 1 << iota // a declaration of that name
	touchGroup             // the params whose names start with it: one added, removed or of another type
	touchFirst             // the first part of a param whose value changed
	touchOther             // a declaration of that name that is not a word of the vocabulary
)

// touchedNames finds the declarations this module changed from its
// base's: declared, overridden or removed, kind by kind of the declaration
// table. It is nil for a module without a base. Declarations are compared
// as the checked nodes they are: an inherited one is the base's. A param
// counts as an expression's key writes it (paramGroup.writeKey): for its
// value, by its name's parts, and for the names and types of its group,
// which expr is given whole, by its first part.
func (u *unit) touchedNames() *touches {
	base := u.mod.Base
	if base == nil {
		return nil
	}
	t := &touches{names: map[string]uint8{}, params: map[string][][]string{}}
	for _, k := range declKinds {
		if k.each == nil {
			continue
		}
		add := func(name string) { t.names[name] |= touchName }
		if !slices.Contains(vocabKinds, k.kind) {
			add = func(name string) { t.names[name] |= touchName | touchOther }
		}
		switch k.kind {
		case KindParam:
			add = func(name string) {
				first, _, _ := strings.Cut(name, ".")
				p, q := u.mod.Params[name], base.Params[name]
				if p == nil || q == nil || fmt.Sprintf("%T", p.Value) != fmt.Sprintf("%T", q.Value) {
					t.names[first] |= touchGroup
				}
				t.names[first] |= touchFirst
				t.params[first] = append(t.params[first], strings.Split(name, "."))
			}
		case KindSequence:
			// Its one declaration has no name; no token names it.
			add = func(string) { t.names["\x00"+KindSequence] |= touchName }
		}
		diffDecls(k, u.mod, base, add)
	}
	// A module's scenarios are its own, never its base's.
	for _, s := range u.mod.Scenarios {
		t.names[s.Name] |= touchName | touchOther
	}
	return t
}

// diffDecls adds, once each and sorted, the names of the declarations of
// kind k in force in one of a and b and not the other: new, changed or
// removed.
func diffDecls(k *declKind, a, b *Module, add func(string)) {
	in := map[any]string{}
	k.each(b, func(r DeclRef) { in[r.def] = r.Name })
	changed := map[string]bool{}
	k.each(a, func(r DeclRef) {
		if _, ok := in[r.def]; ok {
			delete(in, r.def)
			return
		}
		changed[r.Name] = true
	})
	for _, name := range in {
		changed[name] = true
	}
	for _, name := range sortedKeys(changed) {
		add(name)
	}
}

// reuseRule reports whether an inherited rule's check may be skipped: its
// base's check reported nothing, compiled it with the variables the hook
// offers here, and none of the names it could read is one this module
// changed. The uses its names were recorded with are then copied into this
// check's Info when they were recorded in another's.
func (u *unit) reuseRule(r *RuleDef, env vars) bool {
	if r.reuseInfo == nil || u.touched == nil || noReuse || !maps.Equal(r.reuseEnv, env) || u.touchesRule(r) {
		return false
	}
	if r.reuseInfo != u.info {
		eachRuleExpr(r.ast, func(e *Expr) { u.copyUses(r.reuseInfo, e) })
		// The effects called and their arguments' names, outside any
		// expression.
		for _, c := range r.ast.Clauses {
			for _, call := range c.Do {
				names := []lexer.Position{call.Pos}
				ends := []int{call.Pos.Offset + len(call.Name)}
				for _, a := range call.Args {
					if a.Name != "" {
						names, ends = append(names, a.Pos), append(ends, a.Pos.Offset+len(a.Name))
					}
				}
				for i, at := range names {
					for _, x := range r.reuseInfo.In(at.Filename, at.Offset, ends[i]) {
						u.info.add(x)
					}
				}
			}
		}
		r.reuseInfo = u.info
	}
	return true
}

// copyUses copies into this check's Info the uses another check recorded
// for the names of an expression.
func (u *unit) copyUses(from *Info, e *Expr) {
	toks := e.Tokens
	if len(toks) == 0 {
		return
	}
	last := toks[len(toks)-1]
	end := last.Pos.Offset + len(last.Value)
	if last.Type == tokString {
		end += 2
	}
	for _, x := range from.In(toks[0].Pos.Filename, toks[0].Pos.Offset, end) {
		u.info.add(x)
	}
}

// noReuse turns reuseRule and reuseTest off, for tests that compare with
// a check of everything.
var noReuse = false

// touchesRule reports whether the module changed a name the rule's check
// could read: a token of its expressions (a word, a table, a chart, a
// variable's field …), also as the first part of a group of params, or a
// param all of whose parts are among the tokens (as paramGroup.writeKey);
// its hook's name and parts; its effects', their named arguments' and its
// lets' names; the params its title names.
func (u *unit) touchesRule(r *RuleDef) bool {
	t := u.touched
	if t.names[r.Hook]&touchName != 0 {
		return true
	}
	for _, p := range r.ast.Hook.Parts {
		if t.names[p]&touchName != 0 {
			return true
		}
	}
	if strings.Contains(r.ast.Title, "{") {
		for _, m := range titleParam.FindAllString(r.ast.Title, -1) {
			name := m[1 : len(m)-1]
			first, _, _ := strings.Cut(name, ".")
			if t.names[first]&(touchGroup|touchFirst) != 0 {
				return true
			}
		}
	}
	for _, c := range r.ast.Clauses {
		if c.Let != nil && t.names[c.Let.Name]&touchName != 0 {
			return true
		}
		for _, call := range c.Do {
			if t.names[call.Name]&touchName != 0 {
				return true
			}
			for _, a := range call.Args {
				if a.Name != "" && t.names[a.Name]&touchName != 0 {
					return true
				}
			}
		}
	}
	touched, firsts := false, []string(nil)
	eachRuleExpr(r.ast, func(e *Expr) {
		for _, tok := range e.Tokens {
			b := t.names[tok.Value]
			if b&(touchName|touchGroup) != 0 {
				touched = true
			}
			if b&touchFirst != 0 {
				firsts = append(firsts, tok.Value)
			}
		}
	})
	if touched {
		return true
	}
	for _, first := range firsts {
		for _, parts := range t.params[first] {
			all := true
			for _, p := range parts[1:] {
				all = all && ruleHasToken(r.ast, p)
			}
			if all {
				return true
			}
		}
	}
	return false
}

// ruleHasToken reports whether a token of the rule's expressions is s.
func ruleHasToken(r *Rule, s string) bool {
	found := false
	eachRuleExpr(r, func(e *Expr) {
		for _, tok := range e.Tokens {
			found = found || tok.Value == s
		}
	})
	return found
}

// eachRuleExpr calls f on each expression of a rule.
func eachRuleExpr(r *Rule, f func(*Expr)) {
	if r == nil {
		return
	}
	for _, c := range r.Clauses {
		switch {
		case c.Require != nil:
			if c.Require.Cond != nil {
				f(c.Require.Cond)
			}
		case c.When != nil:
			f(c.When)
		case c.Let != nil:
			if c.Let.Value != nil {
				f(c.Let.Value)
			}
		case c.Ask != nil:
			if c.Ask.Of != nil {
				f(c.Ask.Of)
			}
		}
		for _, call := range c.Do {
			for _, a := range call.Args {
				if a.Value != nil {
					f(a.Value)
				}
			}
		}
	}
}

// A game checks again every test it inherits, as it does its rules: the
// test's set-up names words, attributes, objectives and orders the game
// may change, and its expectations are compiled against the game's
// effective module. reuseTest lets a test that names none of what the
// game changed keep what its base's check made of it.
//
// What a test's check reads of the module is named by the strings of its
// declaration (touchesTest): its set-up's words, properties' names and
// values, orders' formations, goals' objectives and army values; its
// expectations' tokens and the rules they name. Besides those, a set-up is
// checked against every check that measures a roll against morale (a unit
// without one is warned of) and every question the rules ask (a decide
// line for none is): setupReadsSame checks the set-up's units and answers
// against the game's; and an `expect after PHASE` against the sequence of
// play, compared whole. A test that starts from
// a named scenario is always checked again: its set-up is the scenario's,
// whose words its own declaration does not name.

// reuseTest reports whether an inherited test's check may be skipped: its
// base's check reported nothing and none of what it read is something this
// module changed. The test then keeps its base's expectations, and its
// set-up is copied as this module's and laid out under it, as a check
// would make it; the uses its expressions' names were recorded with are
// copied into this check's Info when they were recorded in another's.
func (u *unit) reuseTest(t *TestDef) bool {
	if t.reuseInfo == nil || t.Setup == nil || u.touched == nil || noReuse || !u.setupReadsSame(t.Setup) || u.touchesTest(t) {
		return false
	}
	if t.reuseInfo != u.info {
		// Every use the test's check recorded lies within its
		// declaration: its expressions' names, its set-up's words and
		// units.
		for _, x := range t.reuseInfo.In(t.Pos.File, t.ast.Pos.Offset, t.end) {
			u.info.add(x)
		}
	}
	t.reuseInfo = u.info
	// The words of its set-up are recorded against this module's
	// declarations, which may be an override's.
	u.words = append(u.words, t.words...)
	sd := *t.Setup
	sd.Module = u.mod.ID
	if sd.Layout != nil {
		lay := *sd.Layout
		lay.of, lay.under = &sd, u.mod
		sd.Layout = &lay
	}
	t.Setup = &sd
	return true
}

// touchesTest reports whether the module changed something an inherited
// test's check reads: a name its expressions' tokens could read (as
// touchesRule), a rule an expectation names that this module does not
// have, the sequence of play when it judges the end of a phase; a string
// of its set-up's lines that names a declaration changed other than a
// word, or a word that is not the same here (sameWord). A test that starts
// from a named scenario is always checked again: its set-up is the
// scenario's, whose words its own declaration does not name.
func (u *unit) touchesTest(t *TestDef) bool {
	tc := u.touched
	var exprs []*Expr
	for _, x := range t.ast.Expects {
		if x.After != nil && tc.names["\x00"+KindSequence]&touchName != 0 {
			return true
		}
		if x.Rule != nil && tc.names[*x.Rule]&touchName != 0 && !slices.ContainsFunc(u.mod.Rules, func(r *RuleDef) bool { return r.ID == *x.Rule }) {
			return true
		}
		for _, e := range []*Expr{x.Chance, x.Cond} {
			if e != nil {
				exprs = append(exprs, e)
			}
		}
	}
	touched := false
	for _, it := range t.ast.Items {
		if it.Scenario != nil {
			return true
		}
		if it.Line == nil {
			continue
		}
		if d := it.Line.Decide; d != nil && d.When != nil {
			exprs = append(exprs, (*Expr)(d.When))
		}
		eachString(reflect.ValueOf(it.Line).Elem(), func(s string) {
			touched = touched || tc.names[s]&touchOther != 0
		})
		if touched {
			return true
		}
	}
	for _, w := range t.reads {
		if tc.names[w.name]&touchName != 0 && !u.sameWord(w.kind, w.name) {
			return true
		}
	}
	var firsts []string
	has := map[string]bool{}
	for _, e := range exprs {
		for _, tok := range e.Tokens {
			b := tc.names[tok.Value]
			if b&(touchName|touchGroup) != 0 {
				return true
			}
			if b&touchFirst != 0 {
				firsts = append(firsts, tok.Value)
			}
			has[tok.Value] = true
		}
	}
	for _, first := range firsts {
		for _, parts := range tc.params[first] {
			all := true
			for _, p := range parts[1:] {
				all = all && has[p]
			}
			if all {
				return true
			}
		}
	}
	return false
}

// sameWord reports whether a set-up's check reads the same of the word
// of kind named name here as under the base: it is declared here if and
// only if it is in the base, and a formation, an arm, an army value or an
// attribute is the base's own declaration, for their properties are read
// (a formation's fronts, an arm's range, whether it is mounted and its
// default mp, an army value's bounds). The word's use is recorded again,
// where this module declares it (TestDef.words).
func (u *unit) sameWord(kind, name string) bool {
	a, b := u.mod.Vocab[kind][name], u.mod.Base.Vocab[kind][name]
	switch kind {
	case KindFormation, KindArm, KindArmy, KindAttribute:
		return a == b
	}
	return (a == nil) == (b == nil)
}

// eachString calls f on every string a tree of AST nodes holds: its
// fields', its tokens' values, its positions' file names.
func eachString(v reflect.Value, f func(string)) {
	switch v.Kind() {
	case reflect.Pointer:
		if !v.IsNil() {
			eachString(v.Elem(), f)
		}
	case reflect.Slice:
		for i := range v.Len() {
			eachString(v.Index(i), f)
		}
	case reflect.Struct:
		for i := range v.NumField() {
			eachString(v.Field(i), f)
		}
	case reflect.String:
		f(v.String())
	}
}

// setupReadsSame reports whether the test's set-up, checked here, is
// warned of nothing its base's check was not, for what it reads of the
// module as a whole: a unit without morale is warned of when a check
// measures a roll against morale, an answer when no rule asks its
// question. The base's check warned of nothing. The module's morale
// checks and questions are worked out once.
func (u *unit) setupReadsSame(sd *ScenarioDef) bool {
	if u.setupAsked == nil {
		u.setupAsked = questions(u.mod)
		u.setupMorale = len(moraleChecks(u.mod)) > 0
	}
	if u.setupMorale {
		for _, us := range sd.Units {
			if _, ok := us.Props["morale"]; !ok {
				return false
			}
		}
	}
	for _, d := range sd.Decisions {
		if !u.setupAsked[d.Question] {
			return false
		}
	}
	return true
}
