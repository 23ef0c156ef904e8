package dsl

import "strings"

// ---- invariants and tests ----------------------------------------------------

func (iv *InvariantDef) side() *Side {
	if iv == nil {
		return nil
	}
	return side(iv.Module, iv.Title, iv.Pos, iv.Cite)
}

func (t *TestDef) side() *Side {
	if t == nil {
		return nil
	}
	return side(t.Module, t.Title, t.Pos, t.Cite)
}

// invariants compares what each invariant requires.
func (d *ModuleDiff) invariants(old, new *Module) {
	om, nm := map[string]*InvariantDef{}, map[string]*InvariantDef{}
	for _, iv := range old.Invariants {
		om[iv.Name] = iv
	}
	for _, iv := range new.Invariants {
		nm[iv.Name] = iv
	}
	for _, name := range unionKeys(om, nm) {
		o, n := om[name], nm[name]
		c := change(KindInvariant, name, o.side(), n.side())
		var was, now string
		if o != nil {
			was = DisplayExpr(o.Cond.sourceOrEmpty())
		}
		if n != nil {
			now = DisplayExpr(n.Cond.sourceOrEmpty())
		}
		if o != nil && n != nil {
			conditionDetails(&c, true, was, now, [2]string{o.Title, n.Title}, [2]string{citeText(o.Cite), citeText(n.Cite)})
		} else {
			conditionDetails(&c, false, was, now, [2]string{}, [2]string{})
		}
		d.add(c)
	}
}

// tests compares what each test expects.
func (d *ModuleDiff) tests(old, new *Module) {
	om, nm := map[string]*TestDef{}, map[string]*TestDef{}
	for _, t := range old.Tests {
		om[t.Name] = t
	}
	for _, t := range new.Tests {
		nm[t.Name] = t
	}
	// The expectations are written from the tests' trees, as the check
	// writes ExpectDef.Source, so that a module loaded to play, its tests
	// unread, compares as it would loaded whole.
	srcs := map[*Module]map[string]string{old: chainSources(old), new: chainSources(new)}
	expects := func(m *Module, t *TestDef) string {
		if t == nil || t.ast == nil { // no test, or none the checker made
			return ""
		}
		parts := make([]string, len(t.ast.Expects))
		for i, x := range t.ast.Expects {
			parts[i] = x.source(srcs[m])
		}
		return strings.Join(parts, "; ")
	}
	for _, name := range unionKeys(om, nm) {
		o, n := om[name], nm[name]
		c := change(KindTest, name, o.side(), n.side())
		field(&c.Details, "expects", expects(old, o), expects(new, n))
		if o != nil && n != nil {
			field(&c.Details, "title", o.Title, n.Title)
			field(&c.Details, "cite", citeText(o.Cite), citeText(n.Cite))
		}
		d.add(c)
	}
}

// chainSources is the text of every file of m and the modules it extends,
// by name.
func chainSources(m *Module) map[string]string {
	srcs := map[string]string{}
	for ; m != nil; m = m.Base {
		for _, f := range m.Files {
			srcs[f.Pos.Filename] = f.Src
		}
	}
	return srcs
}

// conditionDetails records what changed in a declaration that is a condition
// with a title and a cite (an invariant, a constraint): the condition when it
// means something else, or when one side lacks it; the title and the cite
// when both sides have them (both pairs empty otherwise).
func conditionDetails(c *Change, both bool, was, now string, title, cite [2]string) {
	if !both || CanonicalExpr(was, nil) != CanonicalExpr(now, nil) {
		field(&c.Details, "condition", was, now)
	}
	if both {
		field(&c.Details, "title", title[0], title[1])
		field(&c.Details, "cite", cite[0], cite[1])
	}
}
