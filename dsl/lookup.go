package dsl

import "strings"

// DeclRef is one effective declaration of a module, whatever its kind, for
// tools that list, explain or compare them (explain, the language server,
// the placeholder report).
type DeclRef struct {
	Kind, Name, Title string
	Cite              []string
	Origin
	// def is the checked declaration (*ParamDef, *RuleDef, …): an
	// inherited one is the base's, so two modules' versions of a name
	// compare by it (touchedNames).
	def any
}

// Lookup finds the effective declaration of a kind by name: a param, table,
// check, modifier, chart, objective, rule or word.
func (m *Module) Lookup(kind, name string) (DeclRef, bool) {
	k := declKindNamed[kind]
	if k == nil || k.hidden || k.find == nil {
		return DeclRef{}, false
	}
	return k.find(m, name)
}

// Decls lists every effective declaration of the module, kind by kind in
// the order the language lists them, names sorted within a kind.
func (m *Module) Decls() []DeclRef {
	var out []DeclRef
	m.eachDecl(false, func(d DeclRef) { out = append(out, d) })
	return out
}

// AllDecls lists what Decls does, then the invariants, constraints, tests
// and sequence of play, which Decls leaves out: every declaration in force
// a tool may show (explain).
func (m *Module) AllDecls() []DeclRef {
	var out []DeclRef
	m.eachDecl(true, func(d DeclRef) { out = append(out, d) })
	return out
}

// eachDecl calls each on every effective declaration of the module in the
// order Decls lists them; with all, then on its invariants, tests and
// sequence too, which Decls leaves out but which cite the rules as the
// rest do (the citations a battle maps, CiteAs).
func (m *Module) eachDecl(all bool, each func(DeclRef)) {
	for _, k := range declKinds {
		if k.each != nil && !k.hidden {
			k.each(m, each)
		}
	}
	if !all {
		return
	}
	for _, k := range declKinds {
		if k.each != nil && k.hidden {
			k.each(m, each)
		}
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
