package dsl

import (
	"fmt"
	"sort"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/alecthomas/participle/v2/lexer"
)

// Format prints a parsed file in the one canonical layout and returns the new
// text. It reads f.Src (set by Parse) for the comments, which the parser
// drops, and for the exact text of expressions. The layout:
//
//   - the header on one line, then a blank line;
//   - declarations whose body takes several lines (tables, checks, rules,
//     scenarios, multi-line vocabulary words) are set apart by a blank line;
//     one-line declarations (params, removals, one-line words) are kept
//     together, with at most one blank line where the author left some; the
//     same holds for the lines inside a block;
//   - two spaces of indentation per brace;
//   - a vocabulary word or a scenario unit keeps its properties on one line
//     when the author wrote them on one line (`{ cost: 2  no_charge }`, two
//     spaces between properties), and one property per line otherwise;
//   - runs of `require … else` lines align their `else`, and runs of table
//     rows align their `=>`;
//   - strings are re-quoted with strconv.Quote; effect calls in a `do` line
//     are separated by ", ";
//   - expressions are rewritten from their tokens with canonical spacing
//     (`a && !b`, `f(x, y)`, `unit.morale + 1`), or kept verbatim when they
//     contain a comment or would be longer than 1000 bytes;
//   - comments stay where they were: on their own line before the line they
//     precede, or at the end of the line they followed.
//
// Formatting formatted output changes nothing, and never changes what the
// module means. Format re-parses its own output and returns an error rather
// than text that would not parse (a line grown past Limits.LineBytes).
func Format(f *File) ([]byte, error) {
	if f == nil {
		return nil, fmt.Errorf("format: no file")
	}
	name := f.Pos.Filename
	p, err := newPrinter(name, f.Src)
	if err != nil {
		return nil, err
	}
	p.file(f)
	out := []byte(p.out.String())
	if _, diags := Parse(name, out); diags.HasErrors() {
		d := diags[0]
		d.Message = fmt.Sprintf("formatted text would not parse (line %d of the output: %s)", d.Pos.Line, d.Message)
		d.Pos, d.Source = Pos{File: name, Line: 1, Col: 1}, ""
		return nil, &DiagError{Diags: Diagnostics{d}}
	}
	if err := sameMeaning(name, f.Src, string(out)); err != nil {
		return nil, err
	}
	return out, nil
}

// maxFormatExprBytes is the longest expression Format joins onto one line;
// a longer one keeps the author's line breaks.
const maxFormatExprBytes = 1000

var (
	symComment    = Lexer.Symbols()["Comment"]
	symWhitespace = Lexer.Symbols()["Whitespace"]
	symString     = Lexer.Symbols()["String"]
	symIdent      = Lexer.Symbols()["Ident"]
	symOp         = Lexer.Symbols()["Op"]
	symNumber     = Lexer.Symbols()["Number"]
	symDice       = Lexer.Symbols()["Dice"]
	symPunct      = Lexer.Symbols()["Punct"]
)

// ftok is one source token other than whitespace and comments, as written.
type ftok struct {
	typ  lexer.TokenType
	val  string
	off  int
	line int
}

// fcomment is a comment of the source. A comment is trailing when a token
// precedes it on its line; it is then printed at the end of that token's
// output line.
type fcomment struct {
	text   string
	off    int
	anchor int // offset of the token before it on its line, or -1
}

type printer struct {
	src   string
	toks  []ftok
	coms  []fcomment
	close map[int]int // index of a `{` in toks → index of its `}`

	ti     int // next source token to print
	ci     int // next comment to print
	last   int // offset of the last source token printed
	out    strings.Builder
	indent int
	col    int  // bytes on the current output line
	cont   bool // the current line continues the one before: one more indent
	space  int  // spaces owed before the next text on this line
	blank  bool // a blank line is owed before the next line
	fresh  bool // nothing printed yet in this block: owe no blank line
}

func newPrinter(name, src string) (*printer, error) {
	p := &printer{src: src, close: map[int]int{}, last: -1, fresh: true}
	lx, err := Lexer.LexString(name, src)
	if err != nil {
		return nil, err
	}
	var opens []int
	anchor, anchorLine := -1, 0
	for {
		t, err := lx.Next()
		if err != nil {
			return nil, err
		}
		if t.EOF() {
			break
		}
		switch t.Type {
		case symWhitespace:
			continue
		case symComment:
			c := fcomment{text: strings.TrimRight(t.Value, " \t\r"), off: t.Pos.Offset, anchor: -1}
			if anchor >= 0 && anchorLine == t.Pos.Line {
				c.anchor = anchor
			}
			p.coms = append(p.coms, c)
			continue
		}
		i := len(p.toks)
		switch t.Value {
		case "{":
			opens = append(opens, i)
		case "}":
			if n := len(opens); n > 0 {
				p.close[opens[n-1]] = i
				opens = opens[:n-1]
			}
		}
		p.toks = append(p.toks, ftok{typ: t.Type, val: t.Value, off: t.Pos.Offset, line: t.Pos.Line})
		anchor, anchorLine = t.Pos.Offset, t.Pos.Line
	}
	return p, nil
}

// ---- The writer -------------------------------------------------------------

func (p *printer) startLine() {
	if p.col > 0 {
		return
	}
	if p.blank && !p.fresh {
		p.out.WriteByte('\n')
	}
	p.blank, p.fresh, p.space = false, false, 0
	n := 2 * p.indent
	if p.cont {
		n += 2
	}
	p.out.WriteString(strings.Repeat(" ", n))
	p.col = n
	if p.col == 0 {
		p.col = -1 // at the margin, yet the line has begun
	}
}

// write puts text on the current line, after the spaces owed.
func (p *printer) write(s string) {
	if p.col == 0 {
		p.startLine()
	} else if p.space > 0 {
		p.out.WriteString(strings.Repeat(" ", p.space))
	}
	p.space = 0
	p.out.WriteString(s)
	if i := strings.LastIndexByte(s, '\n'); i >= 0 {
		p.col = len(s) - i
	} else if p.col < 0 {
		p.col = len(s)
	} else {
		p.col += len(s)
	}
	if p.col == 0 {
		p.col = -1
	}
}

func (p *printer) sp()       { p.space = max(p.space, 1) }
func (p *printer) pad(n int) { p.space = max(p.space, n) }

// nl ends the current line, with the comments that trailed what it holds.
func (p *printer) nl() {
	if p.col == 0 {
		return
	}
	for p.ci < len(p.coms) && p.coms[p.ci].anchor >= 0 && p.coms[p.ci].anchor <= p.last {
		text := p.coms[p.ci].text
		p.out.WriteString(" " + text)
		p.ci++
		if strings.HasPrefix(text, "//") || strings.Contains(text, "\n") {
			// A `//` runs to the end of the line: a comment after it would
			// be read as its text (a `/*` there no longer opens a comment,
			// and the lines it disabled become code). After a comment of
			// several lines, the next is no longer on the line of a token.
			// The rest go on lines of their own, as the next pass puts them.
			for i := p.ci; i < len(p.coms) && p.coms[i].anchor >= 0 && p.coms[i].anchor <= p.last; i++ {
				p.coms[i].anchor = -1
			}
		}
	}
	p.out.WriteByte('\n')
	p.col, p.cont, p.space = 0, false, 0
}

// flush prints the comments that come before offset off in the source: on
// lines of their own at the start of a line, inside it otherwise.
func (p *printer) flush(off int) {
	for p.ci < len(p.coms) && p.coms[p.ci].off < off {
		c := p.coms[p.ci]
		p.ci++
		if p.col == 0 {
			if p.blankBefore(c.off) {
				p.blank = true
			}
			p.startLine()
			p.out.WriteString(c.text)
			p.out.WriteByte('\n')
			p.col = 0
			continue
		}
		p.sp()
		p.write(c.text)
		if strings.HasPrefix(c.text, "//") || strings.Contains(c.text, "\n") {
			// The rest of the line goes on the next, one indent further.
			p.out.WriteByte('\n')
			p.col, p.cont, p.space = 0, true, 0
		} else {
			p.sp()
		}
	}
}

// blankBefore reports whether a blank line precedes offset off in the source.
func (p *printer) blankBefore(off int) bool {
	n := 0
	for i := off - 1; i >= 0; i-- {
		switch p.src[i] {
		case '\n':
			n++
		case ' ', '\t', '\r':
		default:
			return n >= 2
		}
	}
	return false
}

// index is the index in toks of the first token at or after offset off.
func (p *printer) index(off int) int {
	return sort.Search(len(p.toks), func(i int) bool { return p.toks[i].off >= off })
}

// seek moves to the first token at or after off: every node starts there.
func (p *printer) seek(off int) {
	if i := p.index(off); i > p.ti {
		p.ti = i
	}
}

func (p *printer) peek() ftok {
	if p.ti < len(p.toks) {
		return p.toks[p.ti]
	}
	return ftok{off: len(p.src)}
}

// emit consumes the next n source tokens and prints s for them.
func (p *printer) emit(n int, s string) {
	if n > 0 && p.ti < len(p.toks) {
		p.flush(p.toks[p.ti].off)
		end := min(p.ti+n, len(p.toks))
		p.last = max(p.last, p.toks[end-1].off)
		p.ti = end
	}
	p.write(s)
}

func (p *printer) kw(s string) { p.emit(1, s) }

// item starts a line of a block at offset off: the comments before it, and
// the blank line the author left, if any.
func (p *printer) item(off int) {
	p.nl()
	p.flush(off)
	if p.blankBefore(off) {
		p.blank = true
	}
	p.seek(off)
}

// commentIn reports whether a comment lies between two offsets.
func (p *printer) commentIn(from, to int) bool {
	i := sort.Search(len(p.coms), func(i int) bool { return p.coms[i].off > from })
	return i < len(p.coms) && p.coms[i].off < to
}

// braces finds the block that opens at the first `{` at or after off.
func (p *printer) braces(off int) (open, close int, ok bool) {
	for i := p.index(off); i < len(p.toks); i++ {
		if p.toks[i].val == "{" && p.toks[i].typ == symPunct {
			c, ok := p.close[i]
			return i, c, ok
		}
	}
	return 0, 0, false
}

// multiline says whether a block of n lines is printed over several lines:
// always when it holds a comment; when keep is set, only if the author
// wrote it so.
func (p *printer) multiline(off, n int, keep bool) bool {
	o, c, ok := p.braces(off)
	if !ok {
		return false
	}
	if p.commentIn(p.toks[o].off, p.toks[c].off) {
		return true
	}
	if n == 0 {
		return false
	}
	return !keep || p.toks[o].line != p.toks[c].line
}

// block prints `{ … }` around n lines, given by line(i) with their offsets.
func (p *printer) block(off int, n int, keep bool, lineOff func(i int) int, line func(i int)) {
	o, c, ok := p.braces(off)
	if !ok {
		return
	}
	p.sp()
	p.seek(p.toks[o].off)
	if !p.multiline(off, n, keep) {
		p.kw("{")
		for i := 0; i < n; i++ {
			p.pad(2)
			if i == 0 {
				p.space = 1
			}
			p.seek(lineOff(i))
			line(i)
		}
		if n > 0 {
			p.sp()
		}
		p.seek(p.toks[c].off)
		p.kw("}")
		return
	}
	p.kw("{")
	p.nl()
	p.indent++
	p.fresh = true
	for i := 0; i < n; i++ {
		p.item(lineOff(i))
		line(i)
	}
	p.nl()
	p.flush(p.toks[c].off)
	p.blank = false
	p.indent--
	p.seek(p.toks[c].off)
	p.kw("}")
}

// ---- Declarations -----------------------------------------------------------

func (p *printer) file(f *File) {
	if f.Header != nil {
		p.item(f.Header.Pos.Offset)
		p.header(f.Header)
	}
	for i, d := range f.Decls {
		p.nl()
		if f.Header != nil && i == 0 || i > 0 && (p.declMultiline(f.Decls[i-1]) || p.declMultiline(d)) {
			p.blank = true
		}
		p.item(d.Pos.Offset)
		p.decl(d)
	}
	p.nl()
	p.flush(len(p.src) + 1)
}

func (p *printer) declMultiline(d *Decl) bool {
	k := d.kindOf()
	return k != nil && k.multiline != nil && k.multiline(p, d)
}

func (p *printer) header(h *Header) {
	p.kw(h.Kind)
	p.sp()
	p.kw(h.ID)
	p.optString(h.Title)
	if h.Edition != "" || p.peek().val == "edition" && p.peek().typ == symIdent {
		p.sp()
		p.kw("edition")
		p.sp()
		p.kw(quote(h.Edition))
	}
	if h.Extends != nil {
		p.sp()
		p.kw("extends")
		p.sp()
		p.seek(h.Extends.Pos.Offset)
		p.emit(2*len(h.Extends.Parts)-1, strings.Join(h.Extends.Parts, "-"))
	}
	p.cite(h.Cite)
}

// optString prints an optional title: present when the source has a string
// here, even an empty one.
func (p *printer) optString(s string) {
	if s != "" || p.peek().typ == symString {
		p.sp()
		p.kw(quote(s))
	}
}

func (p *printer) cite(list []string) {
	if len(list) == 0 {
		return
	}
	p.sp()
	p.kw("cite")
	for i, s := range list {
		if i > 0 {
			p.kw(",")
		}
		p.sp()
		p.kw(quote(s))
	}
}

func quote(s string) string { return strconv.Quote(s) }

func (p *printer) decl(d *Decl) {
	if d.Override {
		p.kw("override")
		p.sp()
	}
	if d.Placeholder {
		p.kw("placeholder")
		p.sp()
	}
	if k := d.kindOf(); k != nil {
		k.print(p, d)
	}
}

func (p *printer) remove(r *Remove) {
	p.kw("remove")
	p.sp()
	p.kw(r.Kind)
	p.sp()
	p.dotted(r.Name)
}

func (p *printer) citeAs(c *CiteAs) {
	p.kw("cite")
	p.sp()
	p.emit(2*len(c.Module.Parts)-1, strings.Join(c.Module.Parts, "-"))
	p.sp()
	p.kw(quote(c.Section))
	p.sp()
	p.kw("as")
	p.sp()
	p.kw(quote(c.As))
}

func (p *printer) invariant(iv *Invariant) {
	p.kw("invariant")
	p.sp()
	p.dotted(iv.Name)
	p.optString(iv.Title)
	p.cite(iv.Cite)
	p.block(iv.Pos.Offset, 1, true, func(int) int { return iv.Cond.Pos.Offset }, func(int) {
		p.expr(iv.Cond)
	})
}

// test prints a test: its set-up lines, then its expectations, one a line.
func (p *printer) test(t *TestDecl) {
	p.kw("test")
	p.sp()
	p.dotted(t.Name)
	p.optString(t.Title)
	p.cite(t.Cite)
	n := len(t.Items) + len(t.Expects)
	off := func(i int) int {
		if i < len(t.Items) {
			return t.Items[i].Pos.Offset
		}
		return t.Expects[i-len(t.Items)].Pos.Offset
	}
	p.block(t.Pos.Offset, n, false, off, func(i int) {
		if i < len(t.Items) {
			p.testItem(t.Items[i])
			return
		}
		p.expectLine(t.Expects[i-len(t.Items)])
	})
}

func (p *printer) testItem(it *TestItem) {
	switch {
	case it.Scenario != nil:
		p.kw("scenario")
		p.sp()
		p.kw(it.Scenario.Name)
	case it.Dice != nil:
		p.kw("dice")
		for _, f := range it.Dice {
			p.sp()
			p.kw(f)
		}
	case it.Exact:
		p.kw("exact")
	case it.Line != nil:
		p.scenarioItem(it.Line)
	}
}

func (p *printer) expectLine(x *TestExpect) {
	p.kw("expect")
	p.sp()
	if x.Rule != nil {
		p.kw(x.Ruling)
		p.sp()
		p.kw(quote(*x.Rule))
		return
	}
	if x.After != nil {
		p.kw("after")
		p.sp()
		p.kw(x.After.Name)
		p.sp()
	}
	switch {
	case x.Chance != nil:
		p.kw("chance")
		p.kw("(")
		p.expr(x.Chance)
		p.kw(")")
		p.sp()
		p.kw(x.Op)
		p.sp()
		p.kw(x.Num)
		if x.Den != nil {
			p.kw("/")
			p.kw(*x.Den)
		}
	default:
		p.expr(x.Cond)
	}
}

func (p *printer) sequence(s *Sequence) {
	p.kw("sequence")
	p.optString(s.Title)
	p.cite(s.Cite)
	p.block(s.Pos.Offset, len(s.Phases), false, func(i int) int { return s.Phases[i].Pos.Offset }, func(i int) {
		p.kw("phase")
		p.sp()
		p.kw(s.Phases[i].Proc)
		p.optString(s.Phases[i].Title)
	})
}

func (p *printer) dotted(n *DottedName) {
	p.seek(n.Pos.Offset)
	p.emit(2*len(n.Parts)-1, strings.Join(n.Parts, "."))
}

// number prints a number that may carry a minus sign (two tokens).
func (p *printer) number(s string) {
	n := 1
	if strings.HasPrefix(s, "-") {
		n = 2
	}
	p.emit(n, s)
}

func (p *printer) param(v *Param) {
	p.kw("param")
	p.sp()
	p.dotted(v.Name)
	p.sp()
	p.kw("=")
	p.sp()
	p.value(v.Value)
	p.cite(v.Cite)
}

func (p *printer) value(v *Value) {
	p.seek(v.Pos.Offset)
	switch {
	case v.Number != nil:
		p.number(*v.Number)
	case v.String != nil:
		p.kw(quote(*v.String))
	case v.Dice != nil:
		p.kw(*v.Dice)
	case v.Ident != nil:
		p.kw(*v.Ident)
	case v.Coord != nil:
		p.hex(v.Coord)
	}
}

func (p *printer) hex(h *HexRef) {
	p.seek(h.Pos.Offset)
	if h.Number != nil {
		p.kw(*h.Number)
		return
	}
	p.kw("(")
	p.number(*h.Q)
	p.kw(",")
	p.sp()
	p.number(*h.R)
	p.kw(")")
}

func (p *printer) vocab(v *Vocab) {
	p.kw(v.Kind)
	p.sp()
	p.kw(v.Name)
	p.optString(v.Title)
	p.cite(v.Cite)
	if v.Open {
		p.props(v.Pos.Offset, v.Props)
	}
}

// modifier prints `modifier t.name "Title" cite … { value when cond }`.
func (p *printer) modifier(m *Modifier) {
	p.kw("modifier")
	p.sp()
	p.dotted(m.Name)
	p.optString(m.Title)
	p.cite(m.Cite)
	p.block(m.Pos.Offset, 1, true, func(int) int { return m.Value.Pos.Offset }, func(int) {
		p.expr(m.Value)
		if m.When != nil {
			p.sp()
			p.kw("when")
			p.sp()
			p.expr(m.When)
		}
	})
}

func (p *printer) objective(o *Objective) {
	p.kw("objective")
	p.sp()
	p.kw(o.Name)
	p.optString(o.Title)
	if o.For != "" {
		p.sp()
		p.kw("for")
		p.sp()
		p.kw(o.For)
	}
	p.cite(o.Cite)
	p.block(o.Pos.Offset, 1, true, func(int) int { return o.Value.Pos.Offset }, func(int) {
		p.expr(o.Value)
		if o.When != nil {
			p.sp()
			p.kw("when")
			p.sp()
			p.expr(o.When)
		}
	})
}

// chart prints a chart, one row of cells a line, the `=>` aligned.
func (p *printer) chart(c *Chart) {
	p.kw("chart")
	p.sp()
	p.kw(c.Name)
	p.optString(c.Title)
	p.sp()
	p.kw("by")
	for i, k := range c.By {
		if i > 0 {
			p.kw(",")
		}
		p.sp()
		p.seek(k.Pos.Offset)
		p.kw(k.Name)
		p.only(k.Only)
	}
	p.cite(c.Cite)
	texts := make([]string, len(c.Cells))
	offs := make([]int, len(c.Cells))
	for i, r := range c.Cells {
		texts[i], offs[i] = cellsText(r.Cells), r.Pos.Offset
	}
	widths := p.align(texts, offs, "=>")
	p.block(c.Pos.Offset, len(c.Cells), false, func(i int) int { return offs[i] }, func(i int) {
		r := c.Cells[i]
		p.cells(r.Cells)
		p.pad(1 + widths[i] - utf8.RuneCountInString(texts[i]))
		p.kw("=>")
		p.sp()
		p.number(r.Value)
	})
}

// only prints a key's domain: ` only a | b`.
func (p *printer) only(alts []*Alt) {
	if len(alts) == 0 {
		return
	}
	p.sp()
	p.kw("only")
	p.sp()
	p.alts(alts)
}

func (p *printer) alts(alts []*Alt) {
	for i, a := range alts {
		if i > 0 {
			p.sp()
			p.kw("|")
			p.sp()
		}
		p.seek(a.Pos.Offset)
		text, n := altText(a)
		p.emit(n, text)
	}
}

func (p *printer) cells(cs []*KeyCell) {
	for i, c := range cs {
		if i > 0 {
			p.kw(",")
			p.sp()
		}
		p.alts(c.Alts)
	}
}

// altText is an alternative as printed, and how many tokens it spans.
func altText(a *Alt) (string, int) {
	switch {
	case a.Any:
		return "_", 1
	case a.Word != nil:
		return *a.Word, 1
	}
	text, n := *a.From, numTokens(*a.From)
	if a.To != nil {
		text += ".." + *a.To
		n += 1 + numTokens(*a.To)
	}
	return text, n
}

func numTokens(s string) int {
	if strings.HasPrefix(s, "-") {
		return 2
	}
	return 1
}

func cellsText(cs []*KeyCell) string {
	var parts []string
	for _, c := range cs {
		var alts []string
		for _, a := range c.Alts {
			t, _ := altText(a)
			alts = append(alts, t)
		}
		parts = append(parts, strings.Join(alts, " | "))
	}
	return strings.Join(parts, ", ")
}

func (p *printer) props(off int, props []*Prop) {
	p.block(off, len(props), true, func(i int) int { return props[i].Pos.Offset }, func(i int) {
		pr := props[i]
		p.kw(pr.Key)
		for j, v := range pr.Values {
			if j == 0 {
				p.kw(":")
			} else {
				p.kw(",")
			}
			p.sp()
			p.value(v)
		}
	})
}

func rangeText(r *Range) string {
	var b strings.Builder
	if r.From != nil {
		b.WriteString(*r.From)
	}
	if r.Dots {
		b.WriteString("..")
	}
	if r.To != nil {
		b.WriteString(*r.To)
	}
	return b.String()
}

func rangeTokens(r *Range) int {
	n := 0
	for _, s := range []*string{r.From, r.To} {
		if s != nil {
			n++
			if strings.HasPrefix(*s, "-") {
				n++
			}
		}
	}
	if r.Dots {
		n++
	}
	return n
}

func (p *printer) rng(r *Range) {
	p.seek(r.Pos.Offset)
	p.emit(rangeTokens(r), rangeText(r))
}

func (p *printer) roll(r *Roll) {
	p.seek(r.Pos.Offset)
	p.sp()
	p.kw("roll")
	p.sp()
	p.kw(r.Dice)
	if r.Modifier != nil {
		p.sp()
		p.kw("+")
		p.sp()
		p.kw("modifier")
		p.sp()
		p.rng(r.Modifier)
	}
}

func (p *printer) table(t *Table) {
	p.kw("table")
	p.sp()
	p.kw(t.Name)
	p.optString(t.Title)
	p.roll(t.Roll)
	if len(t.By) > 0 {
		p.sp()
		p.kw("by")
		for i, k := range t.By {
			if i > 0 {
				p.kw(",")
			}
			p.sp()
			p.expr(k.Expr)
			p.only(k.Only)
		}
	}
	p.cite(t.Cite)
	n := len(t.Rows) + len(t.Columns)
	offs := func(i int) int {
		if i < len(t.Rows) {
			return t.Rows[i].Pos.Offset
		}
		return t.Columns[i-len(t.Rows)].Pos.Offset
	}
	widths := p.rowWidths(t.Rows)
	p.block(t.Pos.Offset, n, false, offs, func(i int) {
		if i < len(t.Rows) {
			p.row(t.Rows[i], widths[i])
			return
		}
		p.column(t.Columns[i-len(t.Rows)])
	})
}

func (p *printer) column(c *Column) {
	p.kw("column")
	p.optString(c.Title)
	if c.When != nil {
		p.sp()
		p.kw("when")
		p.sp()
		p.expr(c.When)
	}
	if len(c.Cells) > 0 {
		p.sp()
		p.cells(c.Cells)
	}
	p.rowBlock(c.Pos.Offset, c.Rows, false)
}

// columnEdit prints `column TABLE CELLS cite … { ROWS }`, one line when
// the source has it on one.
func (p *printer) columnEdit(e *ColumnEdit) {
	p.kw("column")
	p.sp()
	p.kw(e.Table)
	p.sp()
	if e.Label != nil {
		p.kw(quote(*e.Label))
	} else {
		p.cells(e.Cells)
	}
	p.cite(e.Cite)
	p.rowBlock(e.Pos.Offset, e.Rows, true)
}

// rowBlock prints a column's rows in braces, their arrows aligned; keep
// leaves them on one line when the source has them on one.
func (p *printer) rowBlock(off int, rows []*Row, keep bool) {
	widths := p.rowWidths(rows)
	p.block(off, len(rows), keep, func(i int) int { return rows[i].Pos.Offset }, func(i int) {
		p.row(rows[i], widths[i])
	})
}

// cellEdit prints `cell CHART CELLS => VALUE cite …`.
func (p *printer) cellEdit(e *CellEdit) {
	p.kw("cell")
	p.sp()
	p.kw(e.Chart)
	p.sp()
	p.cells(e.Cells)
	p.sp()
	p.kw("=>")
	p.sp()
	p.number(e.Value)
	p.cite(e.Cite)
}

func (p *printer) rowWidths(rows []*Row) []int {
	texts := make([]string, len(rows))
	offs := make([]int, len(rows))
	for i, r := range rows {
		texts[i], offs[i] = rangeText(r.Range), r.Pos.Offset
	}
	return p.align(texts, offs, "=>")
}

func (p *printer) row(r *Row, width int) {
	p.rng(r.Range)
	p.pad(1 + width - utf8.RuneCountInString(rangeText(r.Range)))
	p.kw("=>")
	p.sp()
	p.kw(r.Outcome)
	if r.Value != nil {
		p.sp()
		p.number(*r.Value)
	}
	if r.Value2 != nil {
		p.sp()
		p.number(*r.Value2)
	}
}

// align works out, for lines whose first part is texts[i], the width to pad
// that part to: the widest of its run of lines. A run ends at a blank line, a
// comment on a line of its own, or a part that takes several lines. A line
// with a comment before its operator op (`=>`, `else`) is not aligned and
// ends the runs around it: where that comment lands depends on the layout,
// so aligning across it would not give the same text on a second pass.
func (p *printer) align(texts []string, offs []int, op string) []int {
	widths := make([]int, len(texts))
	alone := func(i int) bool {
		return strings.Contains(texts[i], "\n") || p.commentIn(offs[i]-1, p.opOffset(offs[i], op))
	}
	start := 0
	for i := 0; i <= len(texts); i++ {
		brk := i == len(texts) || alone(i)
		if !brk && i > start && (p.blankBefore(offs[i]) || p.ownLineCommentIn(offs[i-1], offs[i])) {
			brk = true
		}
		if !brk {
			continue
		}
		w := 0
		for j := start; j < i; j++ {
			w = max(w, utf8.RuneCountInString(texts[j]))
		}
		for j := start; j < i; j++ {
			widths[j] = w
		}
		start = i
		if i < len(texts) && alone(i) {
			widths[i] = 0
			if !strings.Contains(texts[i], "\n") {
				widths[i] = utf8.RuneCountInString(texts[i])
			}
			start = i + 1
		}
	}
	return widths
}

// opOffset is the offset of the first token op at or after off (a word or
// symbol, not a string), or the end of the source.
func (p *printer) opOffset(off int, op string) int {
	for i := p.index(off); i < len(p.toks); i++ {
		if t := p.toks[i]; t.val == op && t.typ != symString {
			return t.off
		}
	}
	return len(p.src)
}

func (p *printer) ownLineCommentIn(from, to int) bool {
	i := sort.Search(len(p.coms), func(i int) bool { return p.coms[i].off > from })
	for ; i < len(p.coms) && p.coms[i].off < to; i++ {
		if p.coms[i].anchor < 0 {
			return true
		}
	}
	return false
}

func (p *printer) check(c *CheckDecl) {
	p.kw("check")
	p.sp()
	p.kw(c.Name)
	p.optString(c.Title)
	p.roll(c.Roll)
	p.cite(c.Cite)
	o, _, ok := p.braces(c.Pos.Offset)
	if !ok {
		return
	}
	pass := p.toks[min(o+1, len(p.toks)-1)].off
	p.block(c.Pos.Offset, 1, false, func(int) int { return pass }, func(int) {
		p.kw("pass")
		p.sp()
		p.kw(c.Direction)
		p.sp()
		p.expr(c.Threshold)
	})
}

func (p *printer) rule(r *Rule) {
	p.kw("rule")
	p.sp()
	p.dotted(r.Name)
	p.optString(r.Title)
	p.sp()
	p.kw("on")
	p.sp()
	p.dotted(r.Hook)
	p.cite(r.Cite)
	// `require … else` lines align their else.
	texts := make([]string, len(r.Clauses))
	offs := make([]int, len(r.Clauses))
	for i, c := range r.Clauses {
		offs[i] = c.Pos.Offset
		texts[i] = "\n" // not aligned
		if c.Require != nil {
			texts[i], _ = p.exprText(c.Require.Cond)
		}
	}
	widths := p.align(texts, offs, "else")
	p.block(r.Pos.Offset, len(r.Clauses), false, func(i int) int { return offs[i] }, func(i int) {
		p.clause(r.Clauses[i], widths[i])
	})
}

func (p *printer) clause(c *Clause, width int) {
	switch {
	case c.Require != nil:
		p.kw("require")
		p.sp()
		text := p.expr(c.Require.Cond)
		if !strings.Contains(text, "\n") {
			p.pad(1 + width - utf8.RuneCountInString(text))
		}
		p.sp()
		p.kw("else")
		p.sp()
		p.kw(quote(c.Require.Message))
	case c.When != nil:
		p.kw("when")
		p.sp()
		p.expr(c.When)
	case c.Let != nil:
		p.kw("let")
		p.sp()
		p.kw(c.Let.Name)
		p.sp()
		p.kw("=")
		p.sp()
		p.expr(c.Let.Value)
	case c.Ask != nil:
		p.kw("ask")
		p.sp()
		p.kw(quote(c.Ask.Question))
		if c.Ask.Of != nil {
			p.sp()
			p.kw("of")
			p.sp()
			p.expr(c.Ask.Of)
		}
	default:
		p.kw("do")
		for i, call := range c.Do {
			if i > 0 {
				p.kw(",") // `;` in the source
			}
			p.sp()
			p.call(call)
		}
	}
}

func (p *printer) call(c *Call) {
	p.seek(c.Pos.Offset)
	p.kw(c.Name)
	p.kw("(")
	for i, a := range c.Args {
		if i > 0 {
			p.kw(",")
			p.sp()
		}
		p.seek(a.Pos.Offset)
		if a.Name != "" {
			p.kw(a.Name)
			p.kw(":")
			p.sp()
		}
		p.expr(a.Value)
	}
	p.kw(")")
}

func (p *printer) scenario(s *Scenario) {
	p.kw("scenario")
	p.sp()
	p.kw(s.Name)
	p.optString(s.Title)
	p.block(s.Pos.Offset, len(s.Items), false, func(i int) int { return s.Items[i].Pos.Offset }, func(i int) {
		p.scenarioItem(s.Items[i])
	})
}

func (p *printer) scenarioItem(it *ScenarioItem) {
	switch {
	case it.Map != nil:
		p.kw("map")
		p.sp()
		p.kw(it.Map.Cols)
		p.sp()
		p.kw("x")
		p.sp()
		p.kw(it.Map.Rows)
		if it.Map.Terrain != "" {
			p.sp()
			p.kw(it.Map.Terrain)
		}
	case it.Terrain != nil:
		p.kw(it.Terrain.Kind)
		if it.Terrain.Name != "" {
			p.sp()
			p.kw(it.Terrain.Name)
		}
		for _, h := range it.Terrain.Hexes {
			p.sp()
			p.hex(h)
		}
	case it.Hexside != nil:
		p.kw("hexside")
		p.sp()
		p.kw(it.Hexside.Name)
		if it.Hexside.From != nil {
			p.sp()
			p.hex(it.Hexside.From)
			p.sp()
			p.kw("up")
			for _, d := range it.Hexside.Up {
				p.sp()
				p.kw(d)
			}
		}
		for _, pair := range it.Hexside.Pairs {
			p.sp()
			p.hex(pair.A)
			p.kw("/")
			p.hex(pair.B)
		}
	case it.Unit != nil:
		p.kw("unit")
		p.sp()
		p.kw(it.Unit.ID)
		p.optString(it.Unit.Name)
		p.props(it.Unit.Pos.Offset, it.Unit.Props)
	case it.Army != nil:
		p.kw("army")
		p.sp()
		p.kw(it.Army.Side)
		p.props(it.Army.Pos.Offset, it.Army.Props)
	case it.Order != nil:
		o := it.Order
		p.kw(o.Kind)
		p.sp()
		p.kw(o.Unit.Name)
		for _, part := range []struct {
			kw string
			id *Ident
		}{{"at", o.Target}, {"as", o.Formation}} {
			if part.id != nil {
				p.sp()
				p.kw(part.kw)
				p.sp()
				p.kw(part.id.Name)
			}
		}
		if o.Step != nil {
			p.sp()
			p.kw("step")
			p.sp()
			p.kw(*o.Step)
		}
		if len(o.Path) > 0 {
			p.sp()
			p.kw("path")
			for _, h := range o.Path {
				p.sp()
				p.hex(h)
			}
		}
	case it.Decide != nil:
		d := it.Decide
		p.kw("decide")
		p.sp()
		p.kw(d.Unit.Name)
		p.sp()
		if p.peek().typ == symString {
			p.kw(quote(d.Question))
		} else {
			p.kw(d.Question)
		}
		p.sp()
		if d.When != nil {
			p.kw("when")
			p.sp()
			p.expr((*Expr)(d.When))
		} else {
			p.kw(d.Answer)
		}
	case it.Goal != nil:
		p.kw("goal")
		p.sp()
		p.kw(it.Goal.Side)
		p.sp()
		p.kw(it.Goal.Objective)
	case it.Turn != nil:
		t := it.Turn
		p.kw("turn")
		if t.Number != nil {
			p.sp()
			p.kw(*t.Number)
		}
		p.sp()
		p.kw(t.Side)
		if t.Block {
			p.block(t.Pos.Offset, len(t.Body), false, func(i int) int { return t.Body[i].Pos.Offset }, func(i int) {
				p.scenarioItem(&ScenarioItem{Order: t.Body[i].Order, Decide: t.Body[i].Decide})
			})
		}
	case it.Seed != nil:
		p.kw("seed")
		p.sp()
		p.kw(*it.Seed)
	}
}

// ---- Expressions ------------------------------------------------------------

// exprSpan finds an expression in toks: from index i to j (exclusive), with
// its source text; verbatim is set when that text holds a comment.
func (p *printer) exprSpan(e *Expr) (i, j int, text string, verbatim bool) {
	toks := trimTokens(e.Tokens)
	if len(toks) == 0 {
		return p.ti, p.ti, "", false
	}
	start := toks[0].Pos.Offset
	last := toks[len(toks)-1]
	end := last.Pos.Offset + tokenLen(p.src, last)
	if start < 0 || end > len(p.src) || start > end {
		return p.ti, p.ti, "", false
	}
	i, j = p.index(start), p.index(end)
	return i, j, p.src[start:end], p.commentIn(start-1, end)
}

// exprText is how an expression prints, and whether that is its source text.
func (p *printer) exprText(e *Expr) (string, bool) {
	i, j, text, verbatim := p.exprSpan(e)
	if verbatim {
		return text, true
	}
	if s, ok := canonicalExpr(p.toks[i:j]); ok && len(s) <= maxFormatExprBytes {
		return s, false
	}
	return text, true
}

// expr prints an expression and returns what it printed.
func (p *printer) expr(e *Expr) string {
	if e == nil {
		return ""
	}
	i, j, _, _ := p.exprSpan(e)
	text, verbatim := p.exprText(e)
	if j > i {
		p.seek(p.toks[i].off)
		p.emit(j-i, text)
	} else {
		p.write(text)
	}
	if verbatim {
		// Its comments are in the text.
		end := p.last + 1
		if j > 0 && j <= len(p.toks) {
			end = p.toks[j-1].off + 1
		}
		for p.ci < len(p.coms) && p.coms[p.ci].off < end {
			p.ci++
		}
	}
	return text
}

// exprWords are expr-lang's operators spelt as words.
var exprWords = map[string]bool{"not": true, "in": true, "and": true, "or": true, "matches": true, "contains": true, "startsWith": true, "endsWith": true}

// canonicalExpr spaces an expression's tokens the one canonical way: binary
// operators between spaces, none after a unary one, none inside brackets or
// around `.`, `?.` and `..`, one after a comma. It refuses (ok false) when
// the result would not lex back into the same tokens.
func canonicalExpr(toks []ftok) (string, bool) {
	// Keep glued what expr reads as one token though our lexer splits it:
	// `**`, `#index`, `$env`, and numbers such as 1e3, 2.5e-3, 0x1F, 1_000.
	word := func(t ftok) bool { return t.typ == symIdent || t.typ == symNumber || t.typ == symDice }
	next := func(i int) bool { return i+1 < len(toks) && toks[i+1].off == toks[i].off+len(toks[i].val) }
	var ts []ftok
	for i := 0; i < len(toks); i++ {
		t := toks[i]
		numeric := t.typ == symNumber
	glue:
		for next(i) {
			n := toks[i+1]
			switch {
			case t.val == "*" && n.val == "*":
				t.val = "**"
			case (t.val == "#" || t.val == "$" || word(t)) && word(n):
				t.val += n.val
				t.typ = symIdent
			case numeric && (n.val == "-" || n.val == "+") && strings.HasSuffix(strings.ToLower(t.val), "e") && next(i+1) && toks[i+2].typ == symNumber:
				t.val += n.val + toks[i+2].val
				i++
			default:
				break glue
			}
			i++
		}
		ts = append(ts, t)
	}
	type group struct {
		open  string
		terns int // `?` still waiting for their `:`
	}
	var stack []group
	var b strings.Builder
	isOpen := func(t ftok) bool { return t.typ == symPunct && (t.val == "(" || t.val == "[") }
	isClose := func(t ftok) bool { return t.typ == symPunct && (t.val == ")" || t.val == "]") }
	// `#` (the closure's element) and `$` (as in $env) are operands.
	isOp := func(t ftok) bool {
		return t.typ == symOp && t.val != "#" && t.val != "$" || t.typ == symIdent && exprWords[t.val]
	}
	unary := make([]bool, len(ts))
	tight := make([]bool, len(ts)) // a slice's `:`
	for k, t := range ts {
		switch {
		case isOpen(t):
			stack = append(stack, group{open: t.val})
		case isClose(t):
			if len(stack) > 0 {
				stack = stack[:len(stack)-1]
			}
		case t.typ == symOp && t.val == "?":
			if len(stack) > 0 {
				stack[len(stack)-1].terns++
			}
		case t.typ == symOp && t.val == ":":
			if n := len(stack); n > 0 && stack[n-1].open == "[" {
				if stack[n-1].terns > 0 {
					stack[n-1].terns--
				} else {
					tight[k] = true
				}
			}
		case t.typ == symOp && (t.val == "-" || t.val == "+" || t.val == "!"):
			unary[k] = k == 0 || isOpen(ts[k-1]) || ts[k-1].val == "," && ts[k-1].typ == symPunct || isOp(ts[k-1]) && !isClose(ts[k-1])
		}
	}
	for k, t := range ts {
		if k > 0 {
			prev := ts[k-1]
			space := true
			switch {
			case t.typ == symPunct && t.val == ",":
				space = false
			case isOpen(prev) || isClose(t):
				space = false
			case t.typ == symOp && t.val == "." && (prev.typ == symPunct && prev.val == "," || isOp(prev) && prev.val != "." && prev.val != "?."):
				// A predicate's `.field` (all(units, .increments > 0)) is
				// an operand.
				space = true
			case t.typ == symOp && (t.val == "." || t.val == "?." || t.val == ".."),
				prev.typ == symOp && (prev.val == "." || prev.val == "?." || prev.val == ".."):
				space = false
			case tight[k] || tight[k-1]:
				space = false
			case unary[k-1]:
				space = unary[k] && (t.val == "-" || t.val == "+") && (prev.val == "-" || prev.val == "+")
			case prev.typ == symPunct && prev.val == ",":
				space = true
			case isOpen(t):
				space = isOp(prev)
			}
			if space {
				b.WriteByte(' ')
			}
		}
		b.WriteString(t.val)
	}
	out := b.String()
	// The spacing must not change how the text lexes.
	lx, err := Lexer.LexString("", out)
	if err != nil {
		return "", false
	}
	k := 0
	for {
		t, err := lx.Next()
		if err != nil {
			return "", false
		}
		if t.EOF() {
			break
		}
		if t.Type == symWhitespace {
			continue
		}
		if k >= len(toks) || t.Type != toks[k].typ || t.Value != toks[k].val {
			return "", false
		}
		k++
	}
	return out, k == len(toks)
}
