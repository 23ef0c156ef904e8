package lsp

import (
	"github.com/bataille/bataille/dsl"
	"github.com/bataille/bataille/lsp/jsonrpc"
)

// fix is a quick fix for one diagnostic: a replacement of a span.
type fix struct {
	title string
	diag  Diagnostic
	edit  TextEdit
}

// convert turns a checker diagnostic into the protocol's, with the span
// the checker gives it and the fixes it offers (a did-you-mean replaces the
// name, a redeclaration gets `override`). A diagnostic whose fix replaces a
// name is shown on that name, which may stand a little after its position
// (an override's name after its keyword, a word inside its quotes).
func (s *Server) convert(f *srcFile, d dsl.Diagnostic) (Diagnostic, []fix) {
	t := f.text
	from := t.at(d.Pos.Line, d.Pos.Col)
	to := from
	if d.End.Line > 0 {
		to = max(from, t.at(d.End.Line, d.End.Col))
	}
	if to == from { // a diagnostic of a whole file: its first line
		for to < len(t.src) && t.src[to] != '\n' && t.src[to] != '\r' {
			to++
		}
	}
	var edits []TextEdit
	var titles []string
	shown := false
	for _, fx := range d.Fixes {
		a, b := t.at(fx.Range.Start.Line, fx.Range.Start.Col), t.at(fx.Range.End.Line, fx.Range.End.Col)
		if b < a {
			continue
		}
		if b > a && !shown {
			from, to, shown = a, b, true
		}
		edits = append(edits, TextEdit{Range: t.rangeOf(a, b), NewText: fx.NewText})
		titles = append(titles, fx.Title)
	}
	sev := SeverityError
	if d.Severity == dsl.Warning {
		sev = SeverityWarning
	}
	ld := Diagnostic{Range: t.rangeOf(from, to), Severity: sev, Code: d.Code, Source: "bataille", Message: d.Message}
	var fixes []fix
	for i, e := range edits {
		fixes = append(fixes, fix{title: titles[i], diag: ld, edit: e})
	}
	return ld, fixes
}

func (s *Server) codeAction(p CodeActionParams) ([]CodeAction, *jsonrpc.Error) {
	if _, err := s.doc(p.TextDocument.URI); err != nil {
		return nil, err
	}
	out := []CodeAction{}
	for _, fx := range s.fixes[p.TextDocument.URI] {
		if !overlaps(fx.diag.Range, p.Range) {
			continue
		}
		out = append(out, CodeAction{Title: fx.title, Kind: "quickfix", Diagnostics: []Diagnostic{fx.diag}, IsPreferred: true,
			Edit: &WorkspaceEdit{Changes: map[string][]TextEdit{p.TextDocument.URI: {fx.edit}}}})
	}
	return out, nil
}

func before(a, b Position) bool {
	return a.Line < b.Line || a.Line == b.Line && a.Character < b.Character
}

// overlaps reports whether two ranges share a position (touching counts, so
// that a cursor at either end of a word asks for its fixes).
func overlaps(a, b Range) bool { return !before(a.End, b.Start) && !before(b.End, a.Start) }
