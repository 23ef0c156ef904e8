package dsl

import "github.com/alecthomas/participle/v2/lexer"

// keywords end an expression, so they may not be used as names inside one.
var keywords = []string{"require", "else", "when", "let", "do", "ask", "cite"}

// Lexer splits .rules source into tokens. Dice ("1d6", "2d6", "d66") are
// tokens of their own so that tables can state their roll; ranges ("1..4",
// "..2") are numbers around a ".." operator.
var Lexer = lexer.MustSimple([]lexer.SimpleRule{
	{Name: "Comment", Pattern: `//[^\n]*|/\*([^*]|\*+[^*/])*\*+/`},
	{Name: "Whitespace", Pattern: `[ \t\r\n]+`},
	{Name: "String", Pattern: `"(\\.|[^"\\\n])*"`},
	{Name: "Dice", Pattern: `\b[0-9]*d[0-9]+\b`},
	{Name: "Keyword", Pattern: `\b(require|else|when|let|do|ask|cite)\b`},
	{Name: "Ident", Pattern: `[\p{L}_][\p{L}\p{N}_]*`},
	{Name: "Number", Pattern: `[0-9]+(\.[0-9]+)?`},
	{Name: "Op", Pattern: `=>|\.\.|==|!=|<=|>=|&&|\|\||\?\?|\?\.|[-+*/%<>=!?:.^|&~#@$]`},
	{Name: "Punct", Pattern: `[(){}\[\],;]`},
})
