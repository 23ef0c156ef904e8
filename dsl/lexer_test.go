package dsl

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/alecthomas/participle/v2"
	"github.com/alecthomas/participle/v2/lexer"
)

// regexLexer is the language's tokens as regular expressions: the
// specification the hand-written Lexer must agree with.
var regexLexer = lexer.MustSimple([]lexer.SimpleRule{
	{Name: "Comment", Pattern: `//[^\n]*|/\*([^*]|\*+[^*/])*\*+/`},
	{Name: "Whitespace", Pattern: `[ \t\r\n]+`},
	{Name: "String", Pattern: `"(\\.|[^"\\\n])*"`},
	{Name: "Dice", Pattern: `\b[0-9]*d[0-9]+\b`},
	{Name: "Keyword", Pattern: `\b(require|else|when|let|do|ask|cite|only|expect)\b`},
	{Name: "Ident", Pattern: `[\p{L}_][\p{L}\p{N}_]*`},
	{Name: "Number", Pattern: `[0-9]+(\.[0-9]+)?`},
	{Name: "Op", Pattern: `=>|\.\.|==|!=|<=|>=|&&|\|\||\?\?|\?\.|[-+*/%<>=!?:.^|&~#@$]`},
	{Name: "Punct", Pattern: `[(){}\[\],;]`},
})

type tok struct {
	typ, val string
	pos      lexer.Position
}

func tokens(def lexer.Definition, src string) ([]tok, error) {
	names := map[lexer.TokenType]string{}
	for k, v := range def.Symbols() {
		names[v] = k
	}
	lx, err := def.Lex("f", strings.NewReader(src))
	if err != nil {
		return nil, err
	}
	var out []tok
	for {
		t, err := lx.Next()
		if err != nil {
			return out, err
		}
		out = append(out, tok{names[t.Type], t.Value, t.Pos})
		if t.EOF() {
			return out, nil
		}
	}
}

// sameTokens checks the hand lexer against the regular expressions: the
// same tokens where they read the text, an error where they cannot (the hand
// lexer also refuses a block comment that is never closed, which the
// expressions would read as two operators).
func sameTokens(t *testing.T, src string) {
	want, wantErr := tokens(regexLexer, src)
	got, gotErr := tokens(Lexer, src)
	if wantErr != nil || gotErr != nil {
		if wantErr != nil && gotErr == nil {
			t.Fatalf("%q: the specification fails (%v) where the lexer reads %d tokens", src, wantErr, len(got))
		}
		if gotErr != nil && wantErr == nil && !strings.Contains(src, "/*") {
			t.Fatalf("%q: the lexer fails (%v) where the specification reads it", src, gotErr)
		}
		return
	}
	if len(got) != len(want) {
		t.Fatalf("%q: %d tokens, want %d", src, len(got), len(want))
	}
	for i := range want {
		if got[i] != want[i] {
			t.Fatalf("%q: token %d is %+v, want %+v", src, i, got[i], want[i])
		}
	}
}

// stringValues reads the String tokens of a text as participle.Unquote gives
// them to the grammar: the reference for the parser's own lexer.
type stringValues struct {
	S []string `parser:"( @String | Ident | Keyword | Number | Op | Punct | Dice )*"`
}

var unquoteRef = participle.MustBuild[stringValues](participle.Lexer(Lexer),
	participle.Elide("Comment", "Whitespace"), participle.Unquote("String"))

// sameParserTokens checks the parser's lexer against Lexer: the same tokens
// less whitespace and comments, strings unquoted as participle.Unquote did,
// and the same error where a string cannot be unquoted.
func sameParserTokens(t *testing.T, src string) {
	all, allErr := tokens(Lexer, src)
	got, gotErr := tokens(parseLexer{}, src)
	ref, refErr := unquoteRef.ParseString("f", src)
	var perr participle.Error
	if refErr != nil && errors.As(refErr, &perr) && strings.HasPrefix(perr.Message(), "invalid quoted string") {
		if gotErr == nil || gotErr.Error() != refErr.Error() {
			t.Fatalf("%q: error %v, want %v", src, gotErr, refErr)
		}
		return
	}
	if (allErr == nil) != (gotErr == nil) || (allErr != nil && allErr.Error() != gotErr.Error()) {
		t.Fatalf("%q: error %v, want %v", src, gotErr, allErr)
	}
	var want []tok
	for _, tk := range all {
		if tk.typ != "Whitespace" && tk.typ != "Comment" {
			want = append(want, tk)
		}
	}
	if len(got) != len(want) {
		t.Fatalf("%q: %d tokens, want %d", src, len(got), len(want))
	}
	var strs []string
	for i := range want {
		if got[i].typ == "String" {
			strs = append(strs, got[i].val)
			got[i].val = want[i].val
		}
		if got[i] != want[i] {
			t.Fatalf("%q: token %d is %+v, want %+v", src, i, got[i], want[i])
		}
	}
	if refErr == nil && strings.Join(strs, "\x00") != strings.Join(ref.S, "\x00") {
		t.Fatalf("%q: strings %q, want %q", src, strs, ref.S)
	}
}

func TestLexerMatchesSpecification(t *testing.T) {
	cases := []string{
		"", "x", "d66 1d6 2d6 d6x 1d6_ 3d 0d0 d", "do dog doé else_ cite", "1..4 ..2 7.. 1.5 1.5.2 0712",
		`"a\"b" "é" "line` + "\n", "/* a */ /** b **/ // c\n", "a==b!=c<=d>=e&&f||g??h?.i=>j",
		"Carré x_1 _y €", "(){}[],;", "-6..6", "\t\r\n", "x\x00y", "\"unclosed",
		`"tab\tnew\nq\"u\u00e9\x41\101\\"`, `"bad \q escape"`, "\"bad \xff utf-8\"", `"\xff"`, `"é\é"`,
	}
	for _, c := range cases {
		sameTokens(t, c)
		sameParserTokens(t, c)
	}
	err := filepath.WalkDir("..", func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(path, Ext) {
			return err
		}
		src, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		sameTokens(t, string(src))
		sameParserTokens(t, string(src))
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}

func FuzzLexer(f *testing.F) {
	for _, s := range []string{"rule a on b { when x.y >= 3 do f(1, k: \"s\") }", "11..36 => carre 2", "d66 + modifier -6..6", "/* x", "é1d6"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, src string) {
		sameTokens(t, src)
		sameParserTokens(t, src)
	})
}

func BenchmarkLexer(b *testing.B) {
	src, err := os.ReadFile("../stdlib/premier.rules")
	if err != nil {
		b.Fatal(err)
	}
	b.SetBytes(int64(len(src)))
	for b.Loop() {
		if _, err := tokens(Lexer, string(src)); err != nil {
			b.Fatal(err)
		}
	}
}
