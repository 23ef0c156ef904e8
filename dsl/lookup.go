package dsl

import (
	"sort"
	"strings"
)

// DeclRef is one effective declaration of a module, whatever its kind, for
// tools that list, explain or compare them (explain, the language server,
// the placeholder report).
type DeclRef struct {
	Kind, Name, Title string
	Cite              []string
	Origin
}

// Lookup finds the effective declaration of a kind by name: a param, table,
// check, modifier, chart, rule or word.
func (m *Module) Lookup(kind, name string) (DeclRef, bool) {
	for _, d := range m.Decls() {
		if d.Kind == kind && d.Name == name {
			return d, true
		}
	}
	return DeclRef{}, false
}

// Decls lists every effective declaration of the module, kind by kind in
// the order the language lists them, names sorted within a kind.
func (m *Module) Decls() []DeclRef {
	var out []DeclRef
	m.eachDecl(false, func(d DeclRef) { out = append(out, d) })
	return out
}

// eachDecl calls each on every effective declaration of the module in the
// order Decls lists them; with all, then on its invariants, tests and
// sequence too, which Decls leaves out but which cite the rules as the
// rest do (the citations a battle maps, CiteAs).
func (m *Module) eachDecl(all bool, each func(DeclRef)) {
	for _, name := range sortedKeys(m.Params) {
		p := m.Params[name]
		each(DeclRef{KindParam, name, "", p.Cite, p.Origin})
	}
	for _, name := range sortedKeys(m.Tables) {
		t := m.Tables[name]
		each(DeclRef{KindTable, name, t.Title, t.Cite, t.Origin})
	}
	for _, name := range sortedKeys(m.Checks) {
		c := m.Checks[name]
		each(DeclRef{KindCheck, name, c.Title, c.Cite, c.Origin})
	}
	mods := append([]*ModifierDef(nil), m.Modifiers...)
	sort.SliceStable(mods, func(i, j int) bool { return mods[i].Name < mods[j].Name })
	for _, x := range mods {
		each(DeclRef{KindModifier, x.Name, x.Title, x.Cite, x.Origin})
	}
	for _, name := range sortedKeys(m.Charts) {
		c := m.Charts[name]
		each(DeclRef{KindChart, name, c.Title, c.Cite, c.Origin})
	}
	for _, name := range sortedKeys(m.Objectives) {
		o := m.Objectives[name]
		each(DeclRef{KindObjective, name, o.Title, o.Cite, o.Origin})
	}
	rules := append([]*RuleDef(nil), m.Rules...)
	sort.SliceStable(rules, func(i, j int) bool { return rules[i].ID < rules[j].ID })
	for _, r := range rules {
		each(DeclRef{KindRule, r.ID, r.Title, r.Cite, r.Origin})
	}
	for _, kind := range vocabKinds {
		for _, name := range sortedKeys(m.Vocab[kind]) {
			w := m.Vocab[kind][name]
			each(DeclRef{kind, name, w.Title, w.Cite, w.Origin})
		}
	}
	if !all {
		return
	}
	for _, iv := range m.Invariants {
		each(DeclRef{KindInvariant, iv.Name, iv.Title, iv.Cite, iv.Origin})
	}
	for _, t := range m.Tests {
		each(DeclRef{KindTest, t.Name, t.Title, t.Cite, t.Origin})
	}
	if m.Sequence != nil {
		each(DeclRef{KindSequence, "", m.Sequence.Title, m.Sequence.Cite, m.Sequence.Origin})
	}
}

// Placeholders lists the declarations in force whose figures are declared
// placeholders: what a battle plays that no published chart backs.
func (m *Module) Placeholders() []DeclRef {
	var out []DeclRef
	for _, d := range m.Decls() {
		if d.Placeholder {
			out = append(out, d)
		}
	}
	return out
}

// PlaceholderSummary says in one line which placeholders a module plays,
// or "" when it plays none.
func (m *Module) PlaceholderSummary() string {
	ps := m.Placeholders()
	if len(ps) == 0 {
		return ""
	}
	parts := make([]string, len(ps))
	for i, p := range ps {
		parts[i] = p.Kind + " " + p.Name
	}
	return strings.Join(parts, ", ")
}

// VocabKinds lists the kinds of words a module declares.
func VocabKinds() []string { return append([]string(nil), vocabKinds...) }
