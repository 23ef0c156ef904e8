package dsl

import (
	"fmt"
	"io"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/alecthomas/participle/v2"
	"github.com/alecthomas/participle/v2/lexer"
)

// keywords end an expression, so they may not be used as names inside one.
var keywords = []string{"require", "else", "when", "let", "do", "ask", "cite", "only", "expect"}

// Token types of the language. Dice ("1d6", "2d6", "d66") are tokens of
// their own so that tables can state their roll; ranges ("1..4", "..2") are
// numbers around a ".." operator.
const (
	tokComment lexer.TokenType = -2 - iota
	tokWhitespace
	tokString
	tokDice
	tokKeyword
	tokIdent
	tokNumber
	tokOp
	tokPunct
)

var symbols = map[string]lexer.TokenType{
	"EOF": lexer.EOF, "Comment": tokComment, "Whitespace": tokWhitespace, "String": tokString, "Dice": tokDice,
	"Keyword": tokKeyword, "Ident": tokIdent, "Number": tokNumber, "Op": tokOp, "Punct": tokPunct,
}

// Lexer splits .rules source into tokens for the participle grammar. It is
// written by hand: participle's regular-expression lexer spent most of a
// parse resetting its matcher for every token.
var Lexer = lexDef{}

type lexDef struct{}

func (lexDef) Symbols() map[string]lexer.TokenType { return symbols }

func (d lexDef) Lex(filename string, r io.Reader) (lexer.Lexer, error) {
	b, err := io.ReadAll(r)
	if err != nil {
		return nil, err
	}
	return d.LexString(filename, string(b))
}

// LexString implements lexer.StringDefinition, which participle prefers.
func (lexDef) LexString(filename, src string) (lexer.Lexer, error) {
	return &scanner{src: src, pos: lexer.Position{Filename: filename, Line: 1, Column: 1}}, nil
}

// LexBytes implements lexer.BytesDefinition.
func (d lexDef) LexBytes(filename string, src []byte) (lexer.Lexer, error) {
	return d.LexString(filename, string(src))
}

// parseLexer is the lexer the parser reads: Lexer's tokens without the
// whitespace and comments, and strings unquoted. The grammar elides the
// first anyway, and the formatter and the language server, which need them,
// lex with Lexer; a parse then stores and steps over about half as many
// tokens. Unquoting here rather than with participle.Unquote spares a
// mapping lexer that reads the source through an io.Reader, a copy of it
// and an allocation per string.
type parseLexer struct{ lexDef }

func (parseLexer) LexString(filename, src string) (lexer.Lexer, error) {
	return &scanner{src: src, pos: lexer.Position{Filename: filename, Line: 1, Column: 1}, forParser: true}, nil
}

func (d parseLexer) LexBytes(filename string, src []byte) (lexer.Lexer, error) {
	return d.LexString(filename, string(src))
}

func (d parseLexer) Lex(filename string, r io.Reader) (lexer.Lexer, error) {
	b, err := io.ReadAll(r)
	if err != nil {
		return nil, err
	}
	return d.LexString(filename, string(b))
}

type scanner struct {
	src       string
	pos       lexer.Position
	forParser bool // skip whitespace and comments, unquote strings (parseLexer)
}

// bom is the UTF-8 byte order mark.
const bom = "\uFEFF"

// twoCharOps are the operators of two characters, tried before one.
var twoCharOps = []string{"=>", "..", "==", "!=", "<=", ">=", "&&", "||", "??", "?."}

const oneCharOps = "-+*/%<>=!?:.^|&~#@$"
const puncts = "(){}[],;"

// Next returns the next token; an error names where the text cannot be
// read.
func (s *scanner) Next() (lexer.Token, error) {
	rest := s.src[s.pos.Offset:]
	if rest == "" {
		return lexer.Token{Type: lexer.EOF, Pos: s.pos}, nil
	}
	typ, n, err := s.match(rest)
	if err != nil {
		return lexer.Token{}, &lexer.Error{Msg: err.Error(), Pos: s.pos}
	}
	for s.forParser && (typ == tokWhitespace || typ == tokComment) {
		s.pos.Advance(rest[:n])
		rest = rest[n:]
		if rest == "" {
			return lexer.Token{Type: lexer.EOF, Pos: s.pos}, nil
		}
		if typ, n, err = s.match(rest); err != nil {
			return lexer.Token{}, &lexer.Error{Msg: err.Error(), Pos: s.pos}
		}
	}
	tok := lexer.Token{Type: typ, Value: rest[:n], Pos: s.pos}
	if s.forParser && typ == tokString {
		v, err := unquote(tok.Value)
		if err != nil {
			return lexer.Token{}, participle.Errorf(tok.Pos, "invalid quoted string %q: %s", tok.Value, err.Error())
		}
		tok.Value = v
	}
	s.pos.Advance(rest[:n])
	return tok, nil
}

// unquote reads a string token's value as participle.Unquote did, escape
// by escape with strconv.UnquoteChar (which reads a byte of invalid UTF-8
// as U+FFFD). A string with no escape and valid UTF-8 is its own text and
// needs no copy.
func unquote(s string) (string, error) {
	body := s[1 : len(s)-1]
	if strings.IndexByte(body, '\\') < 0 && utf8.ValidString(body) {
		return body, nil
	}
	var out strings.Builder
	for body != "" {
		r, _, tail, err := strconv.UnquoteChar(body, s[0])
		if err != nil {
			return "", err
		}
		body = tail
		out.WriteRune(r)
	}
	return out.String(), nil
}

// match finds the type and length of the token at the start of rest.
func (s *scanner) match(rest string) (lexer.TokenType, int, error) {
	c := rest[0]
	switch {
	case s.pos.Offset == 0 && strings.HasPrefix(rest, bom):
		// Editors on Windows start a UTF-8 file with a byte order mark; it
		// is read as blank, and fmt does not write it back.
		return tokWhitespace, len(bom), nil
	case strings.HasPrefix(rest, "//"):
		if i := strings.IndexByte(rest, '\n'); i >= 0 {
			return tokComment, i, nil
		}
		return tokComment, len(rest), nil
	case strings.HasPrefix(rest, "/*"):
		if i := strings.Index(rest[2:], "*/"); i >= 0 {
			return tokComment, i + 4, nil
		}
		return 0, 0, fmt.Errorf("comment is not closed: no */")
	case c == ' ' || c == '\t' || c == '\r' || c == '\n':
		n := 1
		for n < len(rest) && strings.IndexByte(" \t\r\n", rest[n]) >= 0 {
			n++
		}
		return tokWhitespace, n, nil
	case c == '"':
		for i := 1; i < len(rest); i++ {
			switch rest[i] {
			case '\\':
				if i+1 < len(rest) && rest[i+1] == '\n' {
					return 0, 0, fmt.Errorf("string is not closed before the end of the line")
				}
				i++
			case '"':
				return tokString, i + 1, nil
			case '\n':
				return 0, 0, fmt.Errorf("string is not closed before the end of the line")
			}
		}
		return 0, 0, fmt.Errorf("string is not closed")
	}
	if n := diceLen(rest); n > 0 {
		return tokDice, n, nil
	}
	if r, _ := utf8.DecodeRuneInString(rest); r == '_' || unicode.IsLetter(r) {
		n := identLen(rest)
		for _, k := range keywords {
			if n == len(k) && rest[:n] == k {
				return tokKeyword, n, nil
			}
		}
		// A keyword followed by a non-ASCII letter is still the keyword, as
		// a word boundary reads it ("doé" is "do" then "é").
		for _, k := range keywords {
			if strings.HasPrefix(rest, k) && !isWordByte(rest, len(k)) {
				return tokKeyword, len(k), nil
			}
		}
		return tokIdent, n, nil
	}
	if c >= '0' && c <= '9' {
		n := digits(rest, 0)
		if n+1 < len(rest) && rest[n] == '.' && rest[n+1] >= '0' && rest[n+1] <= '9' {
			n = digits(rest, n+1)
		}
		return tokNumber, n, nil
	}
	for _, op := range twoCharOps {
		if strings.HasPrefix(rest, op) {
			return tokOp, 2, nil
		}
	}
	if strings.IndexByte(oneCharOps, c) >= 0 {
		return tokOp, 1, nil
	}
	if strings.IndexByte(puncts, c) >= 0 {
		return tokPunct, 1, nil
	}
	r, _ := utf8.DecodeRuneInString(rest)
	return 0, 0, fmt.Errorf("unexpected character %q", r)
}

// diceLen is the length of dice at the start of s (digits, "d", digits,
// then no letter, digit or underscore), or 0.
func diceLen(s string) int {
	n := digits(s, 0)
	if n >= len(s) || s[n] != 'd' {
		return 0
	}
	m := digits(s, n+1)
	if m == n+1 || isWordByte(s, m) {
		return 0
	}
	return m
}

func digits(s string, i int) int {
	for i < len(s) && s[i] >= '0' && s[i] <= '9' {
		i++
	}
	return i
}

// isWordByte reports whether s[i] is an ASCII letter, digit or underscore.
func isWordByte(s string, i int) bool {
	if i >= len(s) {
		return false
	}
	c := s[i]
	return c == '_' || c >= '0' && c <= '9' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z'
}

func identLen(s string) int {
	n := 0
	for n < len(s) {
		r, size := utf8.DecodeRuneInString(s[n:])
		if r != '_' && !unicode.IsLetter(r) && !unicode.IsDigit(r) && !unicode.Is(unicode.N, r) {
			break
		}
		n += size
	}
	return n
}
