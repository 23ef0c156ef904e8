package lsp

import (
	"strings"

	"github.com/bataille/bataille/dsl"
	"github.com/bataille/bataille/lsp/jsonrpc"
)

// documentSymbol is the outline of a file: its header and declarations,
// with a scenario's units under it.
func (s *Server) documentSymbol(p DocumentFormattingParams) ([]DocumentSymbol, *jsonrpc.Error) {
	a, f, _, err := s.at(p.TextDocument.URI, Position{})
	if err != nil {
		return nil, err
	}
	out := []DocumentSymbol{}
	if f.ast != nil && f.ast.Header != nil {
		h := f.ast.Header
		from := h.Pos.Offset
		to := strings.IndexByte(f.text.src[from:], '\n')
		if to < 0 {
			to = len(f.text.src) - from
		}
		sel := from
		if at := dsl.FindWord(f.text.src, h.ID, from+len(h.Kind), to); at >= 0 {
			sel = at
		}
		out = append(out, DocumentSymbol{Name: h.ID, Detail: h.Kind + " " + h.Title, Kind: SymbolModule,
			Range: f.text.rangeOf(from, from+to), SelectionRange: f.text.rangeOf(sel, sel+len(h.ID))})
	}
	for _, r := range a.order {
		if r.file != f {
			continue
		}
		detail := r.kind
		switch {
		case r.remove:
			detail = "remove " + r.kind
		case r.override:
			detail = "override " + r.kind
		}
		sym := DocumentSymbol{Name: r.name, Detail: detail, Kind: symbolKind(r.kind),
			Range: f.text.rangeOf(r.from, r.to), SelectionRange: f.text.rangeOf(r.nameFrom, r.nameTo)}
		if sc, ok := r.node.(*dsl.Scenario); ok {
			for _, o := range a.classify(f) {
				if o.kind == occUnitDecl && o.from >= r.from && o.to <= r.to {
					title := ""
					for _, it := range sc.Items {
						if it.Unit != nil && it.Unit.ID == o.name {
							title = it.Unit.Name
						}
					}
					sym.Children = append(sym.Children, DocumentSymbol{Name: o.name, Detail: title, Kind: SymbolVariable,
						Range: f.text.rangeOf(o.from, o.to), SelectionRange: f.text.rangeOf(o.from, o.to)})
				}
			}
		}
		out = append(out, sym)
	}
	return out, nil
}

// symbolKind is the symbol of a kind of declaration, by its role in dsl's
// declaration table.
func symbolKind(kind string) int {
	switch dsl.KindRole(kind) {
	case dsl.RoleValue:
		return SymbolConstant
	case dsl.RoleData:
		return SymbolStruct
	case dsl.RoleCode:
		return SymbolFunction
	case dsl.RoleSetup:
		return SymbolNamespace
	}
	return SymbolEnumMember
}

// The semantic token legend: names coloured by what they are.
var (
	semanticTypes     = []string{"keyword", "comment", "string", "number", "namespace", "variable", "parameter", "property", "function", "event", "struct", "enumMember"}
	semanticModifiers = []string{"declaration", "readonly", "defaultLibrary"}
)

const (
	modDeclaration = 1 << iota
	modReadonly
	modDefaultLibrary
)

func semanticType(o occ) (typ, mods int, ok bool) {
	idx := func(name string) int {
		for i, t := range semanticTypes {
			if t == name {
				return i
			}
		}
		return 0
	}
	switch o.kind {
	case occKeyword:
		return idx("keyword"), 0, true
	case occComment:
		return idx("comment"), 0, true
	case occString:
		return idx("string"), 0, true
	case occNumber:
		return idx("number"), 0, true
	case occModule:
		return idx("namespace"), 0, true
	case occDecl:
		switch symbolKind(o.declKind) {
		case SymbolConstant:
			return idx("variable"), modDeclaration | modReadonly, true
		case SymbolStruct:
			return idx("struct"), modDeclaration, true
		case SymbolFunction:
			return idx("function"), modDeclaration, true
		case SymbolNamespace:
			return idx("namespace"), modDeclaration, true
		}
		return idx("enumMember"), modDeclaration, true
	case occParam:
		return idx("variable"), modReadonly, true
	case occVar:
		return idx("parameter"), 0, true
	case occField, occProp:
		return idx("property"), 0, true
	case occFunction, occEffect:
		return idx("function"), modDefaultLibrary, true
	case occHook:
		return idx("event"), 0, true
	case occRef:
		return idx("struct"), 0, true
	case occWord:
		return idx("enumMember"), 0, true
	case occUnit:
		return idx("variable"), 0, true
	case occUnitDecl:
		return idx("variable"), modDeclaration, true
	}
	return 0, 0, false
}

// semanticTokens encodes the classified tokens as the protocol wants them:
// five numbers each, relative to the one before, one line at a time, with
// UTF-16 columns and lengths.
func (s *Server) semanticTokens(p DocumentFormattingParams) (*SemanticTokens, *jsonrpc.Error) {
	a, f, _, err := s.at(p.TextDocument.URI, Position{})
	if err != nil {
		return nil, err
	}
	data := []int{}
	prevLine, prevChar := 0, 0
	for _, o := range a.classify(f) {
		typ, mods, ok := semanticType(o)
		if !ok {
			continue
		}
		// A token over several lines (a block comment) is sent line by line.
		for from := o.from; from < o.to; {
			to := from + strings.IndexByte(f.text.src[from:o.to]+"\n", '\n')
			start, end := f.text.position(from), f.text.position(to)
			if end.Character > start.Character {
				dl, dc := start.Line-prevLine, start.Character
				if dl == 0 {
					dc = start.Character - prevChar
				}
				data = append(data, dl, dc, end.Character-start.Character, typ, mods)
				prevLine, prevChar = start.Line, start.Character
			}
			from = to + 1
		}
	}
	return &SemanticTokens{Data: data}, nil
}
