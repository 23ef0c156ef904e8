package lsp

import (
	"strings"

	"github.com/bataille/bataille/dsl"
	"github.com/bataille/bataille/lsp/jsonrpc"
	"github.com/bataille/bataille/stdlib"
)

// definition goes from a use to its declaration, from an override or a
// removal to the version it replaces, from a hook to the rules on it (an
// outcome hook: to its table), and from a unit named in an order to where
// it is placed.
func (s *Server) definition(p TextDocumentPositionParams) ([]Location, *jsonrpc.Error) {
	a, f, off, err := s.at(p.TextDocument.URI, p.Position)
	if err != nil {
		return nil, err
	}
	o, ok := a.occAt(f, off)
	if !ok {
		return []Location{}, nil
	}
	var out []Location
	add := func(r *declRef) {
		if r == nil {
			return
		}
		if l, ok := s.location(r.file, r.nameFrom, r.nameTo); ok {
			out = append(out, l)
		}
	}
	switch o.kind {
	case occDecl:
		vs := a.versions(o.declKind, o.name)
		for i, v := range vs {
			if v.file == f && v.nameFrom <= o.from && o.from < v.nameTo {
				if i > 0 {
					add(vs[i-1])
				} else {
					add(v)
				}
			}
		}
	case occParam, occRef, occWord:
		add(a.declared(o))
	case occHook:
		if _, builtin := stdlib.Env().Hooks[o.name]; builtin {
			for _, r := range a.rulesOn(o.name) {
				add(r)
			}
		} else {
			table, _, _ := strings.Cut(o.name, ".")
			add(a.lookup(table, dsl.KindTable, dsl.KindCheck))
		}
	case occUnit, occUnitDecl:
		if g := a.byName[o.decl.File]; g != nil {
			if l, ok := s.location(g, o.decl.Offset, o.decl.Offset+len(o.name)); ok {
				out = append(out, l)
			}
		}
	case occModule:
		for _, g := range a.files {
			if g.ast != nil && g.ast.Header != nil && g.ast.Header.ID == o.name {
				if at := dsl.FindWord(g.text.src, o.name, g.ast.Header.Pos.Offset+len(g.ast.Header.Kind), 200); at >= 0 {
					if l, ok := s.location(g, at, at+len(o.name)); ok {
						out = append(out, l)
					}
				}
			}
		}
	}
	if out == nil {
		out = []Location{}
	}
	return out, nil
}

// rulesOn lists the rules in force on a hook, in the order of the files.
func (a *analysis) rulesOn(hook string) []*declRef {
	var out []*declRef
	for _, r := range a.order {
		if rule, ok := r.node.(*dsl.Rule); ok && rule.Hook != nil && strings.Join(rule.Hook.Parts, ".") == hook && a.effective(dsl.KindRule, r.name) == r {
			out = append(out, r)
		}
	}
	return out
}

// declared is the declaration the checker found a name to refer to: the
// one written where its facts say (dsl.Use.Decl), else the version in force
// of its kind and name (a file kept from an earlier analysis has no facts
// of this one's).
func (a *analysis) declared(o occ) *declRef {
	if g := a.byName[o.decl.File]; g != nil && o.decl.Line > 0 {
		if r := a.declAt(g, o.decl.Offset); r != nil && r.kind == o.declKind && r.name == o.name {
			return r
		}
	}
	return a.effective(o.declKind, o.name)
}

// references lists every place that names what is under the cursor, in
// the module's files and those of the modules it extends: a declaration's
// versions, its uses in expressions and arguments, the outcome hooks of a
// table, the rules on a hook, a unit's orders.
func (s *Server) references(p ReferenceParams) ([]Location, *jsonrpc.Error) {
	a, f, off, err := s.at(p.TextDocument.URI, p.Position)
	if err != nil {
		return nil, err
	}
	o, ok := a.occAt(f, off)
	out := []Location{}
	if !ok {
		return out, nil
	}
	if o.kind == occUnit || o.kind == occUnitDecl {
		// The checker's facts say which unit each name is: the one placed
		// where they say (a test that starts from a scenario names its
		// units from another declaration, or another file).
		for _, g := range a.files {
			if g.stale {
				continue
			}
			for _, x := range a.classify(g) {
				if (x.kind == occUnit || x.kind == occUnitDecl && p.Context.IncludeDeclaration) && x.decl == o.decl {
					if l, ok := s.location(g, x.from, x.to); ok {
						out = append(out, l)
					}
				}
			}
		}
		return out, nil
	}
	kind, name := o.declKind, o.name
	isHook := o.kind == occHook
	switch o.kind {
	case occDecl, occParam, occRef, occWord, occHook:
	default:
		return out, nil
	}
	for _, g := range a.files {
		if g.stale {
			continue
		}
		for _, x := range a.classify(g) {
			match := false
			switch {
			case isHook:
				match = x.kind == occHook && x.name == name
			case x.kind == occDecl:
				match = p.Context.IncludeDeclaration && x.declKind == kind && x.name == name
			case x.kind == occParam || x.kind == occRef || x.kind == occWord:
				match = x.declKind == kind && x.name == name
			case x.kind == occHook:
				match = (kind == dsl.KindTable || kind == dsl.KindCheck) && strings.HasPrefix(x.name, name+".")
			}
			if match && x.lead {
				if l, ok := s.location(g, x.from, x.end); ok {
					out = append(out, l)
				}
			}
		}
	}
	return out, nil
}
