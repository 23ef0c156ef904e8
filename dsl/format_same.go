package dsl

import (
	"fmt"
	"strings"

	"github.com/alecthomas/participle/v2/lexer"
)

// sameMeaning proves that formatting kept what src means: out holds the
// same tokens in the same order once whitespace and comments are set aside
// (a string compared by its value, since Format re-quotes it; a `;` between
// effect calls printed as `,`), and every comment of src, in the same order
// and with the same text. The parser reads nothing else, so two texts that
// pass are the same module. Format runs it on every output: a layout bug
// then refuses to write instead of turning a comment into code (a `//`
// moved before a `/*` swallowed it, and the lines it disabled came alive).
func sameMeaning(name, src, out string) error {
	a, ac, err := meaningTokens(src)
	if err != nil {
		return err
	}
	b, bc, err := meaningTokens(out)
	if err != nil {
		return refuseFormat(name, Pos{File: name, Line: 1, Col: 1}, fmt.Sprintf("the formatted text does not lex (%v)", err))
	}
	for i := 0; i < len(a) || i < len(b); i++ {
		switch {
		case i >= len(b):
			return refuseFormat(name, a[i].pos(name), fmt.Sprintf("%s would be lost", a[i].show()))
		case i >= len(a):
			return refuseFormat(name, a[len(a)-1].pos(name), fmt.Sprintf("the formatted text would add %s (line %d of the output) after %s", b[i].show(), b[i].line, a[len(a)-1].show()))
		case !a[i].same(b[i]):
			return refuseFormat(name, a[i].pos(name), fmt.Sprintf("%s would become %s (line %d of the output)", a[i].show(), b[i].show(), b[i].line))
		}
	}
	for i := 0; i < len(ac) || i < len(bc); i++ {
		switch {
		case i >= len(bc):
			return refuseFormat(name, ac[i].pos(name), fmt.Sprintf("the comment %s would be lost", excerpt(ac[i].val)))
		case i >= len(ac):
			return refuseFormat(name, Pos{File: name, Line: 1, Col: 1}, fmt.Sprintf("the formatted text would add the comment %s (line %d of the output)", excerpt(bc[i].val), bc[i].line))
		case ac[i].val != bc[i].val:
			return refuseFormat(name, ac[i].pos(name), fmt.Sprintf("the comment %s would become %s (line %d of the output)", excerpt(ac[i].val), excerpt(bc[i].val), bc[i].line))
		}
	}
	return nil
}

// mtok is a token as sameMeaning compares it.
type mtok struct {
	typ       lexer.TokenType
	val       string
	line, col int
	off       int
}

func (t mtok) same(u mtok) bool {
	if t.typ != u.typ {
		return false
	}
	return t.val == u.val || t.typ == symPunct && (t.val == ";" || t.val == ",") && (u.val == ";" || u.val == ",")
}

func (t mtok) show() string {
	if t.typ == symString {
		return "the string " + excerpt(quote(t.val))
	}
	return "`" + excerpt(t.val) + "`"
}

func (t mtok) pos(name string) Pos { return Pos{File: name, Line: t.line, Col: t.col, Offset: t.off} }

// meaningTokens lexes a text into its tokens and its comments (their text
// without trailing blanks, which Format trims).
func meaningTokens(src string) (toks, comments []mtok, err error) {
	lx, err := Lexer.LexString("", src)
	if err != nil {
		return nil, nil, err
	}
	for {
		t, err := lx.Next()
		if err != nil {
			return nil, nil, err
		}
		if t.EOF() {
			return toks, comments, nil
		}
		m := mtok{typ: t.Type, val: t.Value, line: t.Pos.Line, col: t.Pos.Column, off: t.Pos.Offset}
		switch t.Type {
		case symWhitespace:
			continue
		case symComment:
			m.val = strings.TrimRight(m.val, " \t\r")
			comments = append(comments, m)
			continue
		case symString:
			if v, err := unquote(t.Value); err == nil {
				m.val = v
			}
		}
		toks = append(toks, m)
	}
}

func refuseFormat(name string, at Pos, why string) error {
	return &DiagError{Diags: Diagnostics{{Severity: Error, Code: "format-refused", Pos: at,
		Message: "not formatted: " + why + "; the file is left as it was (please report this layout)"}}}
}

// excerpt shows at most 60 bytes of s, on one line.
func excerpt(s string) string {
	const most = 60
	if len(s) > most {
		cut := most
		for cut > 0 && !isRuneStart(s[cut]) {
			cut--
		}
		s = s[:cut] + "…"
	}
	return strings.NewReplacer("\n", `\n`, "\r", `\r`, "\t", `\t`).Replace(s)
}

func isRuneStart(b byte) bool { return b&0xC0 != 0x80 }
