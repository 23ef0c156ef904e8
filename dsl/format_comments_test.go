package dsl_test

import (
	"fmt"
	"strconv"
	"strings"
	"testing"

	"github.com/bataille/bataille/dsl"
)

// lexed splits a text into its tokens (strings by value) and its comments
// (trailing blanks trimmed), as the test sees them: written apart from the
// formatter's own check so that the two do not share a mistake.
func lexed(src string) (toks, comments []string, err error) {
	lx, err := dsl.Lexer.LexString("x", src)
	if err != nil {
		return nil, nil, err
	}
	sym := dsl.Lexer.Symbols()
	for {
		tok, err := lx.Next()
		if err != nil {
			return nil, nil, err
		}
		switch {
		case tok.EOF():
			return toks, comments, nil
		case tok.Type == sym["Whitespace"]:
		case tok.Type == sym["Comment"]:
			comments = append(comments, strings.TrimRight(tok.Value, " \t\r"))
		case tok.Type == sym["String"]:
			v, err := strconv.Unquote(tok.Value)
			if err != nil {
				v = tok.Value
			}
			toks = append(toks, "string:"+v)
		case tok.Value == ";":
			toks = append(toks, ",") // Format separates effect calls with commas
		default:
			toks = append(toks, fmt.Sprint(tok.Type)+":"+tok.Value)
		}
	}
}

// sameTokensAndComments fails unless out has the tokens of src, comments
// aside, and every comment of src in the same order.
func sameTokensAndComments(src, out string) error {
	a, ac, err := lexed(src)
	if err != nil {
		return fmt.Errorf("source does not lex: %v", err)
	}
	b, bc, err := lexed(out)
	if err != nil {
		return fmt.Errorf("output does not lex: %v", err)
	}
	if d := firstDiff(a, b); d != "" {
		return fmt.Errorf("tokens changed: %s", d)
	}
	if d := firstDiff(ac, bc); d != "" {
		return fmt.Errorf("comments changed: %s", d)
	}
	return nil
}

func firstDiff(a, b []string) string {
	for i := 0; i < len(a) || i < len(b); i++ {
		switch {
		case i >= len(a):
			return fmt.Sprintf("added %q at %d", b[i], i)
		case i >= len(b):
			return fmt.Sprintf("lost %q at %d", a[i], i)
		case a[i] != b[i]:
			return fmt.Sprintf("%q became %q at %d", a[i], b[i], i)
		}
	}
	return ""
}

// fuzzComments are what FuzzFormatComments puts between two tokens: block
// and line comments, comments that hold the other kind's marks, none at all
// between the comment and its neighbours, and comments on lines of their own.
var fuzzComments = []string{
	" /* c */ ", " // c\n", "/**/", " /* a\n  b */ ", " //*/\n", " /* // */ ", "\n// own line\n", "\n\n/* after a blank */\n", "// glued\n",
}

// mutateComments rewrites src with comments placed by plan: plan[k] says what
// goes after the k-th token (cycling through plan): nothing, or one of
// fuzzComments, or the next of src's own comments (moved: with plan[0] odd,
// they are taken out of where they were).
func mutateComments(src string, plan []byte) (string, bool) {
	if len(plan) == 0 {
		return src, true
	}
	lx, err := dsl.Lexer.LexString("x", src)
	if err != nil {
		return "", false
	}
	sym := dsl.Lexer.Symbols()
	type tok struct {
		val     string
		comment bool
		blank   bool
	}
	var toks []tok
	var own []string
	for {
		t, err := lx.Next()
		if err != nil {
			return "", false
		}
		if t.EOF() {
			break
		}
		c := t.Type == sym["Comment"]
		if c {
			own = append(own, t.Value)
		}
		toks = append(toks, tok{t.Value, c, t.Type == sym["Whitespace"]})
	}
	move := plan[0]&1 == 1
	var b strings.Builder
	k, next := 0, 0
	for _, t := range toks {
		if t.comment && move {
			b.WriteString(" ")
			continue
		}
		b.WriteString(t.val)
		if t.blank || t.comment {
			continue // after a `//`, what is added would be its text
		}
		if t.val == "/" {
			b.WriteString(" ") // `/` before `/**/` would open a line comment
		}
		choice := int(plan[k%len(plan)]) % (len(fuzzComments) + 2)
		k++
		switch {
		case choice == 0:
		case choice <= len(fuzzComments):
			b.WriteString(fuzzComments[choice-1])
		case len(own) > 0:
			c := own[next%len(own)]
			next++
			b.WriteString(" " + c)
			if strings.HasPrefix(c, "//") {
				b.WriteString("\n")
			} else {
				b.WriteString(" ")
			}
		}
	}
	return b.String(), true
}

// FuzzFormatComments moves and inserts comments between the tokens of the
// bundled scripts (and of anything the fuzzer finds): Format must keep every
// token and every comment, in order, and give text that formats to itself.
// Format checks the first two itself and refuses rather than write; so a
// refusal is a failure here.
func FuzzFormatComments(f *testing.F) {
	// Each declaration of the bundled scripts is a seed of its own: whole
	// files make each run take a tenth of a second.
	var srcs [][]byte
	for _, m := range bundledModules(f) {
		for _, name := range keysOf(m.fsys) {
			file := m.fsys[name]
			parsed, diags := dsl.Parse(name, file.Data)
			if diags.HasErrors() {
				f.Fatalf("%s: %v", name, diags)
			}
			for i, d := range parsed.Decls {
				end := len(file.Data)
				if i+1 < len(parsed.Decls) {
					end = parsed.Decls[i+1].Pos.Offset
				}
				srcs = append(srcs, file.Data[d.Pos.Offset:end])
			}
		}
	}
	plans := [][]byte{{2}, {1}, {0, 2, 1}, {2, 3}, {5, 1, 0, 0}, {3, 4, 6, 7}, {10, 0, 0, 2, 9}, {8, 1, 2}}
	for i, src := range srcs {
		f.Add(src, plans[i%len(plans)])
	}
	f.Add([]byte("game g extends premier\n\nremove modifier carre_realization.light\noverride param rout.hexes = -3\n"), []byte{0, 0, 0, 0, 0, 2, 4, 0, 0, 0, 0, 0, 0, 1})
	f.Fuzz(func(t *testing.T, src, plan []byte) {
		if _, diags := dsl.Parse("f.rules", src); diags.HasErrors() {
			return
		}
		mutated, ok := mutateComments(string(src), plan)
		if !ok {
			return
		}
		file, diags := dsl.Parse("f.rules", []byte(mutated))
		if diags.HasErrors() {
			// Comments between tokens never change the parse.
			t.Fatalf("comments broke the parse: %v\n%s", diags, mutated)
		}
		out, err := dsl.Format(file)
		if err != nil {
			if strings.Contains(err.Error(), "[line-too-long]") || strings.Contains(err.Error(), "[too-large]") {
				return
			}
			t.Fatalf("format: %v\n%s", err, mutated)
		}
		if err := sameTokensAndComments(mutated, string(out)); err != nil {
			t.Fatalf("%v\n--- in\n%s\n--- out\n%s", err, mutated, out)
		}
		again, diags := dsl.Parse("f.rules", out)
		if diags.HasErrors() {
			t.Fatalf("formatted text does not parse: %v\n%s", diags, out)
		}
		out2, err := dsl.Format(again)
		if err != nil {
			t.Fatalf("format of formatted text: %v\n%s", err, out)
		}
		if string(out2) != string(out) {
			t.Fatalf("not idempotent\n--- once\n%s\n--- twice\n%s", out, out2)
		}
	})
}
