package lsp

import (
	"regexp"
	"strconv"
	"unicode/utf8"

	"github.com/bataille/bataille/dsl"
	"github.com/bataille/bataille/lsp/jsonrpc"
)

// fix is a quick fix for one diagnostic: a replacement of a span.
type fix struct {
	title string
	diag  Diagnostic
	edit  TextEdit
}

var (
	reDidYouMean = regexp.MustCompile(`did you mean ("(?:[^"\\]|\\.)*")\?$`)
	reQuoted     = regexp.MustCompile(`"(?:[^"\\]|\\.)*"`)
	reDeclOf     = regexp.MustCompile(`^(?:override|remove) of \S+ (\S+),`)
)

// misspelling reads a did-you-mean message: the word written and the one
// suggested. The word written is the message's first quoted string, or the
// name an override or removal of nothing names.
func misspelling(msg string) (wrong, want string) {
	m := reDidYouMean.FindStringSubmatchIndex(msg)
	if m == nil {
		return "", ""
	}
	want, err := strconv.Unquote(msg[m[2]:m[3]])
	if err != nil {
		return "", ""
	}
	if q := reQuoted.FindStringIndex(msg); q != nil && q[0] < m[2] {
		wrong, err = strconv.Unquote(msg[q[0]:q[1]])
		if err != nil {
			return "", ""
		}
		return wrong, want
	}
	if d := reDeclOf.FindStringSubmatch(msg); d != nil {
		return d[1], want
	}
	return "", ""
}

// convert turns a checker diagnostic into the protocol's, with the span of
// the word it is about, and the fixes it offers: a did-you-mean replaces
// the word, a redeclaration gets `override`.
func (s *Server) convert(a *analysis, f *srcFile, d dsl.Diagnostic) (Diagnostic, []fix) {
	t := f.text
	off := t.at(d.Pos.Line, d.Pos.Col)
	from, to := tokenSpan(t.src, off)
	wrong, want := misspelling(d.Message)
	if wrong != "" {
		// The word is where the diagnostic points, or a little after it on
		// the same declaration (an override's name after its keyword).
		if at := findWord(t.src, wrong, off, 400); at >= 0 {
			from, to = at, at+len(wrong)
		} else {
			wrong = ""
		}
	}
	sev := SeverityError
	if d.Severity == dsl.Warning {
		sev = SeverityWarning
	}
	ld := Diagnostic{Range: t.rangeOf(from, to), Severity: sev, Code: d.Code, Source: "bataille", Message: d.Message}
	var fixes []fix
	if wrong != "" && want != "" {
		fixes = append(fixes, fix{title: "Change " + strconv.Quote(wrong) + " to " + strconv.Quote(want), diag: ld,
			edit: TextEdit{Range: ld.Range, NewText: want}})
	}
	if d.Code == "needs-override" {
		if r := a.declAt(f, off); r != nil {
			at := t.rangeOf(r.from, r.from)
			fixes = append(fixes, fix{title: "Add `override`", diag: ld, edit: TextEdit{Range: at, NewText: "override "}})
		}
	}
	return ld, fixes
}

// tokenSpan is the span of the token at off: a word, a string, a number,
// or the rest of the line when there is none.
func tokenSpan(src string, off int) (int, int) {
	if off >= len(src) {
		return len(src), len(src)
	}
	if from, to := wordAt(src, off); to > from && from == off {
		return from, to
	}
	if src[off] == '"' {
		for i := off + 1; i < len(src) && src[i] != '\n'; i++ {
			switch src[i] {
			case '\\':
				i++
			case '"':
				return off, i + 1
			}
		}
	}
	end := off
	for end < len(src) && src[end] != '\n' && src[end] != '\r' {
		end++
	}
	if end == off && off < len(src) {
		_, size := utf8.DecodeRuneInString(src[off:])
		end = off + size
	}
	return off, end
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
