package dsl

import (
	"github.com/alecthomas/participle/v2/lexer"
)

// fastParse parses a file with a parser written by hand from the grammar
// in ast.go's struct tags. participle reads the same grammar through
// reflection, a copy of its parse context at every alternative tried and a
// deferred, reflective assignment of every field captured: that was about
// two thirds of loading a battle. This parser follows participle's own
// algorithm step by step (ordered alternatives, optional and repeated
// groups that give up a branch that failed within participle's lookahead
// of 3 tokens and fail the whole parse past it, literals matched by their
// text, token classes by their type, Pos and EndPos where participle sets
// them), so that wherever it succeeds it gives participle's tree: a test
// holds the two to the same tree on every bundled and test file and a
// fuzz target on any input. It reports no errors of its own: where it
// fails, Parse asks participle, which reports the error it always did.
//
// A change to the grammar's tags must be made here too: TestFastParseGrammar
// pins the grammar this parser was written from.
func fastParse(filename, text string) (*File, bool) {
	sc := &scanner{src: text, pos: lexer.Position{Filename: filename, Line: 1, Column: 1}, forParser: true}
	toks := make([]lexer.Token, 0, len(text)/5+8)
	for {
		t, err := sc.Next()
		if err != nil {
			return nil, false
		}
		toks = append(toks, t)
		if t.EOF() {
			break
		}
	}
	p := &fastParser{toks: toks}
	f, ok := p.file()
	if !ok || p.abort || !p.toks[p.i].EOF() {
		return nil, false
	}
	return f, true
}

// lookahead is participle's UseLookahead: a branch that fails more than this
// many tokens past where it started fails the parse.
const lookahead = 3

type fastParser struct {
	toks []lexer.Token
	i    int
	// abort is set when a branch failed past the lookahead: participle
	// reports an error there, whatever follows.
	abort bool
}

func (p *fastParser) pos() lexer.Position { return p.toks[p.i].Pos }

// back gives up a branch that started at start and failed where the cursor
// stands: within the lookahead it rewinds and reports true (the group or
// alternative did not match); past it, it fails the parse.
func (p *fastParser) back(start int) bool {
	if p.abort || p.i > start+lookahead {
		p.abort = true
		return false
	}
	p.i = start
	return true
}

// lit matches a literal: participle compares the token's text only.
func (p *fastParser) lit(s string) bool {
	if p.toks[p.i].Value == s {
		p.i++
		return true
	}
	return false
}

// litIn matches one of several literals and returns the one matched.
func (p *fastParser) litIn(set ...string) (string, bool) {
	v := p.toks[p.i].Value
	for _, s := range set {
		if v == s {
			p.i++
			return v, true
		}
	}
	return "", false
}

// typ matches a token of a type and returns its text.
func (p *fastParser) typ(t lexer.TokenType) (string, bool) {
	if tk := &p.toks[p.i]; tk.Type == t {
		p.i++
		return tk.Value, true
	}
	return "", false
}

// word matches `(Ident | Keyword)`.
func (p *fastParser) word() (string, bool) {
	if tk := &p.toks[p.i]; tk.Type == tokIdent || tk.Type == tokKeyword {
		p.i++
		return tk.Value, true
	}
	return "", false
}

// optString is `@String?`.
func (p *fastParser) optString() string {
	s, _ := p.typ(tokString)
	return s
}

// signed is `'-'? Number`, captured as one string. On failure the cursor
// stays where it failed (after a '-' it took).
func (p *fastParser) signed() (string, bool) {
	neg := p.lit("-")
	n, ok := p.typ(tokNumber)
	if !ok {
		return "", false
	}
	if neg {
		return "-" + n, true
	}
	return n, true
}

// optSigned is `@('-'? Number)?`.
func (p *fastParser) optSigned() (*string, bool) {
	s := p.i
	if v, ok := p.signed(); ok {
		return &v, true
	}
	return nil, p.back(s)
}

// cite is `('cite' @String (',' @String)*)?`.
func (p *fastParser) cite() ([]string, bool) {
	s := p.i
	if !p.lit("cite") {
		return nil, true
	}
	v, ok := p.typ(tokString)
	if !ok {
		return nil, p.back(s)
	}
	out := []string{v}
	for {
		s := p.i
		if !p.lit(",") {
			break
		}
		v, ok := p.typ(tokString)
		if !ok {
			if !p.back(s) {
				return nil, false
			}
			break
		}
		out = append(out, v)
	}
	return out, true
}

// more is `(sep X)*`, X matched by match: an X that fails gives back its
// separator.
func (p *fastParser) more(sep string, match func() bool) bool {
	for {
		s := p.i
		if !p.lit(sep) {
			return true
		}
		if !match() {
			if !p.back(s) {
				return false
			}
			return true
		}
	}
}

func (p *fastParser) file() (*File, bool) {
	f := &File{Pos: p.pos()}
	s := p.i
	if h, ok := p.header(); ok {
		f.Header = h
	} else if !p.back(s) {
		return nil, false
	}
	for {
		s := p.i
		d, ok := p.decl()
		if !ok {
			if !p.back(s) {
				return nil, false
			}
			break
		}
		f.Decls = append(f.Decls, d)
	}
	return f, true
}

func (p *fastParser) header() (*Header, bool) {
	h := &Header{Pos: p.pos()}
	var ok bool
	if h.Kind, ok = p.litIn("module", "game"); !ok {
		return nil, false
	}
	if h.ID, ok = p.typ(tokIdent); !ok {
		return nil, false
	}
	h.Title = p.optString()
	if s := p.i; p.lit("edition") {
		if h.Edition, ok = p.typ(tokString); !ok && !p.back(s) {
			return nil, false
		}
	}
	if s := p.i; p.lit("extends") {
		if h.Extends, ok = p.moduleRef(); !ok && !p.back(s) {
			return nil, false
		}
	}
	if h.Cite, ok = p.cite(); !ok {
		return nil, false
	}
	return h, true
}

func (p *fastParser) moduleRef() (*ModuleRef, bool) {
	m := &ModuleRef{Pos: p.pos()}
	v, ok := p.typ(tokIdent)
	if !ok {
		return nil, false
	}
	m.Parts = []string{v}
	ok = p.more("-", func() bool {
		v, ok := p.typ(tokIdent)
		if ok {
			m.Parts = append(m.Parts, v)
		}
		return ok
	})
	return m, ok
}

func (p *fastParser) dotted() (*DottedName, bool) {
	d := &DottedName{Pos: p.pos()}
	v, ok := p.word()
	if !ok {
		return nil, false
	}
	d.Parts = []string{v}
	ok = p.more(".", func() bool {
		v, ok := p.word()
		if ok {
			d.Parts = append(d.Parts, v)
		}
		return ok
	})
	return d, ok
}

func (p *fastParser) ident() (*Ident, bool) {
	id := &Ident{Pos: p.pos()}
	var ok bool
	id.Name, ok = p.typ(tokIdent)
	return id, ok
}

var vocabWords = []string{"terrain", "formation", "arm", "state", "nationality", "class", "hexside", "attribute", "army"}

func (p *fastParser) decl() (*Decl, bool) {
	d := &Decl{Pos: p.pos()}
	d.Override = p.lit("override")
	d.Placeholder = p.lit("placeholder")
	// The alternatives start with distinct words: only the one whose word
	// stands here can match, and where it fails within the lookahead the
	// others fail at their first token, as participle finds trying them.
	var ok bool
	switch p.toks[p.i].Value {
	case "param":
		d.Param, ok = p.param()
	case "terrain", "formation", "arm", "state", "nationality", "class", "hexside", "attribute", "army":
		d.Vocab, ok = p.vocab()
	case "table":
		d.Table, ok = p.table()
	case "check":
		d.Check, ok = p.checkDecl()
	case "modifier":
		d.Modifier, ok = p.modifier()
	case "chart":
		d.Chart, ok = p.chart()
	case "objective":
		d.Objective, ok = p.objective()
	case "rule":
		d.Rule, ok = p.rule()
	case "remove":
		d.Remove, ok = p.remove()
	case "sequence":
		d.Sequence, ok = p.sequence()
	case "invariant":
		d.Invariant, ok = p.invariant()
	case "test":
		d.Test, ok = p.testDecl()
	case "scenario":
		d.Scenario, ok = p.scenario()
	}
	if !ok {
		return nil, false
	}
	d.EndPos = p.pos()
	return d, true
}

func (p *fastParser) param() (*Param, bool) {
	pr := &Param{Pos: p.pos()}
	var ok bool
	if !p.lit("param") {
		return nil, false
	}
	if pr.Name, ok = p.dotted(); !ok {
		return nil, false
	}
	if !p.lit("=") {
		return nil, false
	}
	if pr.Value, ok = p.value(); !ok {
		return nil, false
	}
	if pr.Cite, ok = p.cite(); !ok {
		return nil, false
	}
	return pr, true
}

func (p *fastParser) value() (*Value, bool) {
	v := &Value{Pos: p.pos()}
	s := p.i
	if n, ok := p.signed(); ok {
		v.Number = &n
		return v, true
	}
	if !p.back(s) {
		return nil, false
	}
	if t, ok := p.typ(tokString); ok {
		v.String = &t
		return v, true
	}
	if t, ok := p.typ(tokDice); ok {
		v.Dice = &t
		return v, true
	}
	if t, ok := p.typ(tokIdent); ok {
		v.Ident = &t
		return v, true
	}
	h, ok := p.hexRef()
	if !ok {
		if p.back(s) {
			p.i = s
		}
		return nil, false
	}
	v.Coord = h
	return v, true
}

func (p *fastParser) hexRef() (*HexRef, bool) {
	h := &HexRef{Pos: p.pos()}
	if n, ok := p.typ(tokNumber); ok {
		h.Number = &n
		return h, true
	}
	if !p.lit("(") {
		return nil, false
	}
	q, ok := p.signed()
	if !ok {
		return nil, false
	}
	if !p.lit(",") {
		return nil, false
	}
	r, ok := p.signed()
	if !ok {
		return nil, false
	}
	if !p.lit(")") {
		return nil, false
	}
	h.Q, h.R = &q, &r
	return h, true
}

func (p *fastParser) vocab() (*Vocab, bool) {
	v := &Vocab{Pos: p.pos()}
	var ok bool
	if v.Kind, ok = p.litIn(vocabWords...); !ok {
		return nil, false
	}
	if v.Name, ok = p.typ(tokIdent); !ok {
		return nil, false
	}
	v.Title = p.optString()
	if v.Cite, ok = p.cite(); !ok {
		return nil, false
	}
	if s := p.i; p.lit("{") {
		props, ok := p.props()
		if ok && p.lit("}") {
			v.Open, v.Props = true, props
		} else if !p.back(s) {
			return nil, false
		}
	}
	return v, true
}

// props is `@@Prop*`.
func (p *fastParser) props() ([]*Prop, bool) {
	var out []*Prop
	for {
		s := p.i
		pr, ok := p.prop()
		if !ok {
			return out, p.back(s)
		}
		out = append(out, pr)
	}
}

func (p *fastParser) prop() (*Prop, bool) {
	pr := &Prop{Pos: p.pos()}
	var ok bool
	if pr.Key, ok = p.typ(tokIdent); !ok {
		return nil, false
	}
	if s := p.i; p.lit(":") {
		v, ok := p.value()
		if !ok {
			if !p.back(s) {
				return nil, false
			}
			return pr, true
		}
		vals := []*Value{v}
		ok = p.more(",", func() bool {
			v, ok := p.value()
			if ok {
				vals = append(vals, v)
			}
			return ok
		})
		if !ok {
			return nil, false
		}
		pr.Values = vals
	}
	return pr, true
}

func (p *fastParser) roll() (*Roll, bool) {
	r := &Roll{Pos: p.pos()}
	var ok bool
	if !p.lit("roll") {
		return nil, false
	}
	if r.Dice, ok = p.typ(tokDice); !ok {
		return nil, false
	}
	if s := p.i; p.lit("+") {
		if p.lit("modifier") {
			rg, ok := p.rangeOf()
			if !ok {
				return nil, false
			}
			r.Modifier = rg
		} else if !p.back(s) {
			return nil, false
		}
	}
	return r, true
}

func (p *fastParser) rangeOf() (*Range, bool) {
	r := &Range{Pos: p.pos()}
	var ok bool
	if r.From, ok = p.optSigned(); !ok {
		return nil, false
	}
	r.Dots = p.lit("..")
	if r.To, ok = p.optSigned(); !ok {
		return nil, false
	}
	return r, true
}

func (p *fastParser) table() (*Table, bool) {
	t := &Table{Pos: p.pos()}
	var ok bool
	if !p.lit("table") {
		return nil, false
	}
	if t.Name, ok = p.typ(tokIdent); !ok {
		return nil, false
	}
	t.Title = p.optString()
	if t.Roll, ok = p.roll(); !ok {
		return nil, false
	}
	if s := p.i; p.lit("by") {
		k, ok := p.tableKey()
		if ok {
			keys := []*TableKey{k}
			ok = p.more(",", func() bool {
				k, ok := p.tableKey()
				if ok {
					keys = append(keys, k)
				}
				return ok
			})
			if !ok {
				return nil, false
			}
			t.By = keys
		} else if !p.back(s) {
			return nil, false
		}
	}
	if t.Cite, ok = p.cite(); !ok {
		return nil, false
	}
	if !p.lit("{") {
		return nil, false
	}
	if t.Rows, ok = p.rows(); !ok {
		return nil, false
	}
	for {
		s := p.i
		c, ok := p.column()
		if !ok {
			if !p.back(s) {
				return nil, false
			}
			break
		}
		t.Columns = append(t.Columns, c)
	}
	if !p.lit("}") {
		return nil, false
	}
	return t, true
}

// only is `('only' @@Alt ('|' @@Alt)*)?`.
func (p *fastParser) only() ([]*Alt, bool) {
	s := p.i
	if !p.lit("only") {
		return nil, true
	}
	a, ok := p.alt1()
	if !ok {
		return nil, p.back(s)
	}
	out := []*Alt{a}
	ok = p.more("|", func() bool {
		a, ok := p.alt1()
		if ok {
			out = append(out, a)
		}
		return ok
	})
	return out, ok
}

func (p *fastParser) tableKey() (*TableKey, bool) {
	k := &TableKey{Pos: p.pos()}
	var ok bool
	if k.Expr, ok = p.expr(); !ok {
		return nil, false
	}
	if k.Only, ok = p.only(); !ok {
		return nil, false
	}
	return k, true
}

// alt1 is an Alt.
func (p *fastParser) alt1() (*Alt, bool) {
	a := &Alt{Pos: p.pos()}
	if p.lit("_") {
		a.Any = true
		return a, true
	}
	if w, ok := p.word(); ok {
		a.Word = &w
		return a, true
	}
	s := p.i
	from, ok := p.signed()
	if !ok {
		// The last alternative failed here; the disjunction reports its
		// failure where it started.
		if p.back(s) {
			p.i = s
		}
		return nil, false
	}
	a.From = &from
	if s := p.i; p.lit("..") {
		to, ok := p.signed()
		if ok {
			a.To = &to
		} else if !p.back(s) {
			return nil, false
		}
	}
	return a, true
}

func (p *fastParser) keyCell() (*KeyCell, bool) {
	k := &KeyCell{Pos: p.pos()}
	a, ok := p.alt1()
	if !ok {
		return nil, false
	}
	k.Alts = []*Alt{a}
	ok = p.more("|", func() bool {
		a, ok := p.alt1()
		if ok {
			k.Alts = append(k.Alts, a)
		}
		return ok
	})
	return k, ok
}

// keyCells is `@@KeyCell (',' @@KeyCell)*`.
func (p *fastParser) keyCells() ([]*KeyCell, bool) {
	k, ok := p.keyCell()
	if !ok {
		return nil, false
	}
	out := []*KeyCell{k}
	ok = p.more(",", func() bool {
		k, ok := p.keyCell()
		if ok {
			out = append(out, k)
		}
		return ok
	})
	return out, ok
}

func (p *fastParser) column() (*Column, bool) {
	c := &Column{Pos: p.pos()}
	var ok bool
	if !p.lit("column") {
		return nil, false
	}
	c.Title = p.optString()
	// ( 'when' @@ | @@ (',' @@)* )?
	s := p.i
	matched := false
	if p.lit("when") {
		if e, ok := p.expr(); ok {
			c.When, matched = e, true
		} else if !p.back(s) {
			return nil, false
		}
	}
	if !matched {
		if cells, ok := p.keyCells(); ok {
			c.Cells = cells
		} else if !p.back(s) {
			return nil, false
		}
	}
	if !p.lit("{") {
		return nil, false
	}
	if c.Rows, ok = p.rows(); !ok {
		return nil, false
	}
	if !p.lit("}") {
		return nil, false
	}
	return c, true
}

// rows is `@@Row*`.
func (p *fastParser) rows() ([]*Row, bool) {
	var out []*Row
	for {
		s := p.i
		r, ok := p.row()
		if !ok {
			return out, p.back(s)
		}
		out = append(out, r)
	}
}

// rowValue is `(@('-'? Number) (?! '..' | '=>'))?`.
func (p *fastParser) rowValue() (*string, bool) {
	s := p.i
	v, ok := p.signed()
	if ok {
		if n := p.toks[p.i].Value; n != ".." && n != "=>" {
			return &v, true
		}
	}
	return nil, p.back(s)
}

func (p *fastParser) row() (*Row, bool) {
	r := &Row{Pos: p.pos()}
	var ok bool
	if r.Range, ok = p.rangeOf(); !ok {
		return nil, false
	}
	if !p.lit("=>") {
		return nil, false
	}
	if r.Outcome, ok = p.typ(tokIdent); !ok {
		return nil, false
	}
	if r.Value, ok = p.rowValue(); !ok {
		return nil, false
	}
	if r.Value2, ok = p.rowValue(); !ok {
		return nil, false
	}
	return r, true
}

// valueWhen is `'{' @@Expr ('when' @@Expr)? '}'`.
func (p *fastParser) valueWhen() (value, when *Expr, ok bool) {
	if !p.lit("{") {
		return nil, nil, false
	}
	if value, ok = p.expr(); !ok {
		return nil, nil, false
	}
	if s := p.i; p.lit("when") {
		if when, ok = p.expr(); !ok && !p.back(s) {
			return nil, nil, false
		}
	}
	if !p.lit("}") {
		return nil, nil, false
	}
	return value, when, true
}

func (p *fastParser) modifier() (*Modifier, bool) {
	m := &Modifier{Pos: p.pos()}
	var ok bool
	if !p.lit("modifier") {
		return nil, false
	}
	if m.Name, ok = p.dotted(); !ok {
		return nil, false
	}
	m.Title = p.optString()
	if m.Cite, ok = p.cite(); !ok {
		return nil, false
	}
	if m.Value, m.When, ok = p.valueWhen(); !ok {
		return nil, false
	}
	return m, true
}

func (p *fastParser) objective() (*Objective, bool) {
	o := &Objective{Pos: p.pos()}
	var ok bool
	if !p.lit("objective") {
		return nil, false
	}
	if o.Name, ok = p.typ(tokIdent); !ok {
		return nil, false
	}
	o.Title = p.optString()
	if s := p.i; p.lit("for") {
		if o.For, ok = p.typ(tokIdent); !ok && !p.back(s) {
			return nil, false
		}
	}
	if o.Cite, ok = p.cite(); !ok {
		return nil, false
	}
	if o.Value, o.When, ok = p.valueWhen(); !ok {
		return nil, false
	}
	return o, true
}

func (p *fastParser) chart() (*Chart, bool) {
	c := &Chart{Pos: p.pos()}
	var ok bool
	if !p.lit("chart") {
		return nil, false
	}
	if c.Name, ok = p.typ(tokIdent); !ok {
		return nil, false
	}
	c.Title = p.optString()
	if !p.lit("by") {
		return nil, false
	}
	k, ok := p.chartKey()
	if !ok {
		return nil, false
	}
	c.By = []*ChartKey{k}
	if !p.more(",", func() bool {
		k, ok := p.chartKey()
		if ok {
			c.By = append(c.By, k)
		}
		return ok
	}) {
		return nil, false
	}
	if c.Cite, ok = p.cite(); !ok {
		return nil, false
	}
	if !p.lit("{") {
		return nil, false
	}
	for {
		s := p.i
		r, ok := p.chartRow()
		if !ok {
			if !p.back(s) {
				return nil, false
			}
			break
		}
		c.Cells = append(c.Cells, r)
	}
	if !p.lit("}") {
		return nil, false
	}
	return c, true
}

func (p *fastParser) chartKey() (*ChartKey, bool) {
	k := &ChartKey{Pos: p.pos()}
	var ok bool
	if k.Name, ok = p.word(); !ok {
		return nil, false
	}
	if k.Only, ok = p.only(); !ok {
		return nil, false
	}
	return k, true
}

func (p *fastParser) chartRow() (*ChartRow, bool) {
	r := &ChartRow{Pos: p.pos()}
	var ok bool
	if r.Cells, ok = p.keyCells(); !ok {
		return nil, false
	}
	if !p.lit("=>") {
		return nil, false
	}
	if r.Value, ok = p.signed(); !ok {
		return nil, false
	}
	return r, true
}

func (p *fastParser) checkDecl() (*CheckDecl, bool) {
	c := &CheckDecl{Pos: p.pos()}
	var ok bool
	if !p.lit("check") {
		return nil, false
	}
	if c.Name, ok = p.typ(tokIdent); !ok {
		return nil, false
	}
	c.Title = p.optString()
	if c.Roll, ok = p.roll(); !ok {
		return nil, false
	}
	if c.Cite, ok = p.cite(); !ok {
		return nil, false
	}
	if !p.lit("{") || !p.lit("pass") {
		return nil, false
	}
	if c.Direction, ok = p.litIn("above", "below", "at_least", "at_most"); !ok {
		return nil, false
	}
	if c.Threshold, ok = p.expr(); !ok {
		return nil, false
	}
	if !p.lit("}") {
		return nil, false
	}
	return c, true
}

func (p *fastParser) rule() (*Rule, bool) {
	r := &Rule{Pos: p.pos()}
	var ok bool
	if !p.lit("rule") {
		return nil, false
	}
	if r.Name, ok = p.dotted(); !ok {
		return nil, false
	}
	r.Title = p.optString()
	if !p.lit("on") {
		return nil, false
	}
	if r.Hook, ok = p.dotted(); !ok {
		return nil, false
	}
	if r.Cite, ok = p.cite(); !ok {
		return nil, false
	}
	if !p.lit("{") {
		return nil, false
	}
	for {
		s := p.i
		c, ok := p.clause()
		if !ok {
			if !p.back(s) {
				return nil, false
			}
			break
		}
		r.Clauses = append(r.Clauses, c)
	}
	if !p.lit("}") {
		return nil, false
	}
	return r, true
}

func (p *fastParser) clause() (*Clause, bool) {
	c := &Clause{Pos: p.pos()}
	var ok bool
	// The alternatives start with distinct words.
	switch p.toks[p.i].Value {
	case "require":
		r := &Require{Pos: p.pos()}
		p.i++
		if r.Cond, ok = p.expr(); !ok {
			return nil, false
		}
		if !p.lit("else") {
			return nil, false
		}
		if r.Message, ok = p.typ(tokString); !ok {
			return nil, false
		}
		c.Require = r
	case "when":
		p.i++
		if c.When, ok = p.expr(); !ok {
			return nil, false
		}
	case "let":
		l := &Let{Pos: p.pos()}
		p.i++
		if l.Name, ok = p.typ(tokIdent); !ok {
			return nil, false
		}
		if !p.lit("=") {
			return nil, false
		}
		if l.Value, ok = p.expr(); !ok {
			return nil, false
		}
		c.Let = l
	case "ask":
		a := &Ask{Pos: p.pos()}
		p.i++
		if a.Question, ok = p.typ(tokString); !ok {
			return nil, false
		}
		if s := p.i; p.lit("of") {
			if a.Of, ok = p.expr(); !ok && !p.back(s) {
				return nil, false
			}
		}
		c.Ask = a
	case "do":
		p.i++
		call, ok := p.call()
		if !ok {
			return nil, false
		}
		c.Do = []*Call{call}
		for {
			s := p.i
			if !p.lit(",") && !p.lit(";") {
				break
			}
			call, ok := p.call()
			if !ok {
				if !p.back(s) {
					return nil, false
				}
				break
			}
			c.Do = append(c.Do, call)
		}
	default:
		return nil, false
	}
	return c, true
}

func (p *fastParser) call() (*Call, bool) {
	c := &Call{Pos: p.pos()}
	var ok bool
	if c.Name, ok = p.typ(tokIdent); !ok {
		return nil, false
	}
	if !p.lit("(") {
		return nil, false
	}
	if s := p.i; true {
		if a, ok := p.arg(); ok {
			args := []*Arg{a}
			if !p.more(",", func() bool {
				a, ok := p.arg()
				if ok {
					args = append(args, a)
				}
				return ok
			}) {
				return nil, false
			}
			c.Args = args
		} else if !p.back(s) {
			return nil, false
		}
	}
	if !p.lit(")") {
		return nil, false
	}
	return c, true
}

func (p *fastParser) arg() (*Arg, bool) {
	a := &Arg{Pos: p.pos()}
	var ok bool
	if s := p.i; p.toks[p.i].Type == tokIdent {
		name := p.toks[p.i].Value
		p.i++
		if p.lit(":") {
			a.Name = name
		} else if !p.back(s) {
			return nil, false
		}
	}
	if a.Value, ok = p.expr(); !ok {
		return nil, false
	}
	return a, true
}

var removeKinds = []string{"param", "rule", "table", "check", "modifier", "chart", "objective", "invariant", "test", "terrain", "formation", "arm", "state", "nationality", "class", "hexside", "attribute", "army"}

func (p *fastParser) remove() (*Remove, bool) {
	r := &Remove{Pos: p.pos()}
	var ok bool
	if !p.lit("remove") {
		return nil, false
	}
	if r.Kind, ok = p.litIn(removeKinds...); !ok {
		return nil, false
	}
	if r.Name, ok = p.dotted(); !ok {
		return nil, false
	}
	return r, true
}

func (p *fastParser) sequence() (*Sequence, bool) {
	sq := &Sequence{Pos: p.pos()}
	var ok bool
	if !p.lit("sequence") {
		return nil, false
	}
	sq.Title = p.optString()
	if sq.Cite, ok = p.cite(); !ok {
		return nil, false
	}
	if !p.lit("{") {
		return nil, false
	}
	for {
		s := p.i
		ph := &PhaseLine{Pos: p.pos()}
		if p.lit("phase") {
			if ph.Proc, ok = p.typ(tokIdent); ok {
				ph.Title = p.optString()
				sq.Phases = append(sq.Phases, ph)
				continue
			}
		}
		if !p.back(s) {
			return nil, false
		}
		break
	}
	if !p.lit("}") {
		return nil, false
	}
	return sq, true
}

func (p *fastParser) invariant() (*Invariant, bool) {
	in := &Invariant{Pos: p.pos()}
	var ok bool
	if !p.lit("invariant") {
		return nil, false
	}
	if in.Name, ok = p.dotted(); !ok {
		return nil, false
	}
	in.Title = p.optString()
	if in.Cite, ok = p.cite(); !ok {
		return nil, false
	}
	if !p.lit("{") {
		return nil, false
	}
	if in.Cond, ok = p.expr(); !ok {
		return nil, false
	}
	if !p.lit("}") {
		return nil, false
	}
	return in, true
}

func (p *fastParser) testDecl() (*TestDecl, bool) {
	t := &TestDecl{Pos: p.pos()}
	var ok bool
	if !p.lit("test") {
		return nil, false
	}
	if t.Name, ok = p.dotted(); !ok {
		return nil, false
	}
	t.Title = p.optString()
	if t.Cite, ok = p.cite(); !ok {
		return nil, false
	}
	if !p.lit("{") {
		return nil, false
	}
	for {
		s := p.i
		it, ok := p.testItem()
		if !ok {
			if !p.back(s) {
				return nil, false
			}
			break
		}
		t.Items = append(t.Items, it)
	}
	for {
		s := p.i
		e, ok := p.testExpect()
		if !ok {
			if !p.back(s) {
				return nil, false
			}
			break
		}
		t.Expects = append(t.Expects, e)
	}
	if !p.lit("}") {
		return nil, false
	}
	return t, true
}

func (p *fastParser) testItem() (*TestItem, bool) {
	it := &TestItem{Pos: p.pos()}
	var ok bool
	// The alternatives start with distinct words (a scenario line's words
	// are none of scenario, dice and exact).
	switch p.toks[p.i].Value {
	case "scenario":
		p.i++
		if it.Scenario, ok = p.ident(); !ok {
			return nil, false
		}
	case "dice":
		p.i++
		for {
			n, ok := p.typ(tokNumber)
			if !ok {
				break
			}
			it.Dice = append(it.Dice, n)
		}
		if it.Dice == nil {
			return nil, false
		}
	case "exact":
		p.i++
		it.Exact = true
	default:
		if it.Line, ok = p.scenarioItem(); !ok {
			return nil, false
		}
	}
	return it, true
}

var compareOps = []string{"==", "!=", "<=", ">=", "<", ">"}

func (p *fastParser) testExpect() (*TestExpect, bool) {
	e := &TestExpect{Pos: p.pos()}
	if !p.lit("expect") {
		return nil, false
	}
	s := p.i
	// ( @('refused' | 'allowed') @String
	if r, ok := p.litIn("refused", "allowed"); ok {
		if v, ok := p.typ(tokString); ok {
			e.Ruling, e.Rule = r, &v
			return e, true
		}
	}
	if !p.back(s) {
		return nil, false
	}
	// | 'chance' '(' @@ ')' @(ops) @Number ('/' @Number)?
	if p.lit("chance") && p.lit("(") {
		if x, ok := p.expr(); ok && p.lit(")") {
			if op, ok := p.litIn(compareOps...); ok {
				if num, ok := p.typ(tokNumber); ok {
					e.Chance, e.Op, e.Num = x, op, num
					if s := p.i; p.lit("/") {
						if den, ok := p.typ(tokNumber); ok {
							e.Den = &den
						} else if !p.back(s) {
							return nil, false
						}
					}
					return e, true
				}
			}
		}
	}
	if !p.back(s) {
		return nil, false
	}
	// | @@ )
	x, ok := p.expr()
	if !ok {
		return nil, false
	}
	e.Cond = x
	return e, true
}

func (p *fastParser) scenario() (*Scenario, bool) {
	sc := &Scenario{Pos: p.pos()}
	var ok bool
	if !p.lit("scenario") {
		return nil, false
	}
	if sc.Name, ok = p.typ(tokIdent); !ok {
		return nil, false
	}
	sc.Title = p.optString()
	if !p.lit("{") {
		return nil, false
	}
	for {
		s := p.i
		it, ok := p.scenarioItem()
		if !ok {
			if !p.back(s) {
				return nil, false
			}
			break
		}
		sc.Items = append(sc.Items, it)
	}
	if !p.lit("}") {
		return nil, false
	}
	return sc, true
}

var orderKinds = []string{"charge", "move", "form", "fire", "assault"}

func (p *fastParser) scenarioItem() (*ScenarioItem, bool) {
	it := &ScenarioItem{Pos: p.pos()}
	var ok bool
	// The alternatives start with distinct words.
	switch p.toks[p.i].Value {
	case "map":
		it.Map, ok = p.mapSize()
	case "terrain", "road":
		it.Terrain, ok = p.hexSet()
	case "hexside":
		it.Hexside, ok = p.hexsideSet()
	case "unit":
		it.Unit, ok = p.unitDef()
	case "charge", "move", "form", "fire", "assault":
		it.Order, ok = p.order()
	case "decide":
		it.Decide, ok = p.decide()
	case "goal":
		g := &Goal{Pos: p.pos()}
		p.i++
		if g.Side, ok = p.typ(tokIdent); ok {
			g.Objective, ok = p.typ(tokIdent)
		}
		it.Goal = g
	case "turn":
		it.Turn, ok = p.turnItem()
	case "army":
		a := &ArmySet{Pos: p.pos()}
		p.i++
		if a.Side, ok = p.typ(tokIdent); ok && p.lit("{") {
			if a.Props, ok = p.props(); ok {
				ok = p.lit("}")
			}
		} else {
			ok = false
		}
		it.Army = a
	case "seed":
		p.i++
		var n string
		if n, ok = p.typ(tokNumber); ok {
			it.Seed = &n
		}
	}
	if !ok {
		return nil, false
	}
	return it, true
}

// mapStops are the words a map line's default terrain may not be.
var mapStops = []string{"terrain", "road", "hexside", "unit", "charge", "move", "form", "fire", "assault", "decide", "goal", "turn", "army", "seed", "map"}

func (p *fastParser) mapSize() (*MapSize, bool) {
	m := &MapSize{Pos: p.pos()}
	var ok bool
	if !p.lit("map") {
		return nil, false
	}
	if m.Cols, ok = p.typ(tokNumber); !ok {
		return nil, false
	}
	if !p.lit("x") {
		return nil, false
	}
	if m.Rows, ok = p.typ(tokNumber); !ok {
		return nil, false
	}
	stop := false
	for _, w := range mapStops {
		if p.toks[p.i].Value == w {
			stop = true
			break
		}
	}
	if !stop && !p.toks[p.i].EOF() {
		m.Terrain, _ = p.typ(tokIdent)
	}
	return m, true
}

// hexRefs is `@@HexRef+`.
func (p *fastParser) hexRefs() ([]*HexRef, bool) {
	var out []*HexRef
	for {
		s := p.i
		h, ok := p.hexRef()
		if !ok {
			if !p.back(s) {
				return nil, false
			}
			return out, out != nil
		}
		out = append(out, h)
	}
}

func (p *fastParser) hexSet() (*HexSet, bool) {
	h := &HexSet{Pos: p.pos()}
	var ok bool
	if h.Kind, ok = p.litIn("terrain", "road"); !ok {
		return nil, false
	}
	h.Name, _ = p.typ(tokIdent)
	if h.Hexes, ok = p.hexRefs(); !ok {
		return nil, false
	}
	return h, true
}

var upDirs = []string{"N", "NE", "SE", "S", "SW", "NW", "n", "ne", "se", "s", "sw", "nw"}

func (p *fastParser) hexsideSet() (*HexsideSet, bool) {
	h := &HexsideSet{Pos: p.pos()}
	var ok bool
	if !p.lit("hexside") {
		return nil, false
	}
	if h.Name, ok = p.typ(tokIdent); !ok {
		return nil, false
	}
	// ( @@HexRef 'up' @(dirs)+ | @@HexsidePair+ )
	s := p.i
	if from, ok := p.hexRef(); ok && p.lit("up") {
		var up []string
		for {
			d, ok := p.litIn(upDirs...)
			if !ok {
				break
			}
			up = append(up, d)
		}
		if up != nil {
			h.From, h.Up = from, up
			return h, true
		}
	}
	if !p.back(s) {
		return nil, false
	}
	for {
		s := p.i
		pair := &HexsidePair{Pos: p.pos()}
		var ok bool
		if pair.A, ok = p.hexRef(); ok && p.lit("/") {
			pair.B, ok = p.hexRef()
		} else {
			ok = false
		}
		if !ok {
			if !p.back(s) {
				return nil, false
			}
			break
		}
		h.Pairs = append(h.Pairs, pair)
	}
	if h.Pairs == nil {
		return nil, false
	}
	return h, true
}

func (p *fastParser) unitDef() (*UnitDef, bool) {
	u := &UnitDef{Pos: p.pos()}
	var ok bool
	if !p.lit("unit") {
		return nil, false
	}
	if u.ID, ok = p.typ(tokIdent); !ok {
		return nil, false
	}
	u.Name = p.optString()
	if !p.lit("{") {
		return nil, false
	}
	if u.Props, ok = p.props(); !ok {
		return nil, false
	}
	if !p.lit("}") {
		return nil, false
	}
	return u, true
}

// optIdent is `(word @@Ident)?`.
func (p *fastParser) optIdent(word string) (*Ident, bool) {
	s := p.i
	if !p.lit(word) {
		return nil, true
	}
	id, ok := p.ident()
	if !ok {
		return nil, p.back(s)
	}
	return id, true
}

func (p *fastParser) order() (*Order, bool) {
	o := &Order{Pos: p.pos()}
	var ok bool
	if o.Kind, ok = p.litIn(orderKinds...); !ok {
		return nil, false
	}
	if o.Unit, ok = p.ident(); !ok {
		return nil, false
	}
	if o.Target, ok = p.optIdent("at"); !ok {
		return nil, false
	}
	if o.Formation, ok = p.optIdent("as"); !ok {
		return nil, false
	}
	if s := p.i; p.lit("step") {
		if n, ok := p.typ(tokNumber); ok {
			o.Step = &n
		} else if !p.back(s) {
			return nil, false
		}
	}
	if s := p.i; p.lit("path") {
		if hs, ok := p.hexRefs(); ok {
			o.Path = hs
		} else if !p.back(s) {
			return nil, false
		}
	}
	return o, true
}

func (p *fastParser) decide() (*Decide, bool) {
	d := &Decide{Pos: p.pos()}
	var ok bool
	if !p.lit("decide") {
		return nil, false
	}
	if d.Unit, ok = p.ident(); !ok {
		return nil, false
	}
	if t := &p.toks[p.i]; t.Type == tokIdent || t.Type == tokString {
		d.Question = t.Value
		p.i++
	} else {
		return nil, false
	}
	if a, ok := p.litIn("yes", "no"); ok {
		d.Answer = a
		return d, true
	}
	if !p.lit("when") {
		return nil, false
	}
	if d.When, ok = p.lineExpr(); !ok {
		return nil, false
	}
	return d, true
}

func (p *fastParser) turnItem() (*TurnItem, bool) {
	t := &TurnItem{Pos: p.pos()}
	var ok bool
	if !p.lit("turn") {
		return nil, false
	}
	if n, ok := p.typ(tokNumber); ok {
		t.Number = &n
	}
	if t.Side, ok = p.typ(tokIdent); !ok {
		return nil, false
	}
	if s := p.i; p.lit("{") {
		var body []*TurnLine
		for {
			s := p.i
			l := &TurnLine{Pos: p.pos()}
			switch p.toks[p.i].Value {
			case "charge", "move", "form", "fire", "assault":
				l.Order, ok = p.order()
			case "decide":
				l.Decide, ok = p.decide()
			default:
				ok = false
			}
			if !ok {
				if !p.back(s) {
					return nil, false
				}
				break
			}
			body = append(body, l)
		}
		if p.lit("}") {
			t.Block, t.Body = true, body
		} else if !p.back(s) {
			return nil, false
		}
	}
	return t, true
}

// expr is Expr.Parse on the parser's tokens.
func (p *fastParser) expr() (*Expr, bool) {
	first, depth := -1, 0
	var open []int
loop:
	for {
		t := &p.toks[p.i]
		if t.EOF() || t.Type == tokKeyword {
			break
		}
		if t.Type == tokOp && t.Value == "=>" {
			break
		}
		if t.Type == tokPunct {
			switch t.Value {
			case "{", "}", ";":
				break loop
			case "(", "[":
				depth++
				open = append(open, p.i)
			case ")", "]":
				if depth == 0 {
					break loop
				}
				if t.Value != closer(p.toks[open[depth-1]].Value) {
					return nil, false
				}
				depth--
				open = open[:depth]
			case ",":
				if depth == 0 {
					break loop
				}
			}
		}
		if first < 0 {
			first = p.i
		}
		p.i++
	}
	if first < 0 || depth > 0 {
		return nil, false
	}
	e := &Expr{Tokens: p.toks[first:p.i:p.i]}
	e.Pos = e.Tokens[0].Pos
	return e, true
}

// lineExpr is LineExpr.Parse on the parser's tokens.
func (p *fastParser) lineExpr() (*LineExpr, bool) {
	first, depth, line := -1, 0, p.toks[p.i].Pos.Line
	var open []int
loop:
	for {
		t := &p.toks[p.i]
		if t.EOF() || t.Type == tokKeyword || (t.Type == tokOp && t.Value == "=>") || (depth == 0 && t.Pos.Line != line) {
			break
		}
		if t.Type == tokPunct {
			switch t.Value {
			case "{", "}", ";", ",":
				if depth == 0 || t.Value != "," {
					break loop
				}
			case "(", "[":
				depth++
				open = append(open, p.i)
			case ")", "]":
				if depth == 0 {
					break loop
				}
				if t.Value != closer(p.toks[open[depth-1]].Value) {
					return nil, false
				}
				depth--
				open = open[:depth]
			}
		}
		line = t.Pos.Line
		if first < 0 {
			first = p.i
		}
		p.i++
	}
	if first < 0 || depth > 0 {
		return nil, false
	}
	e := &LineExpr{Tokens: p.toks[first:p.i:p.i]}
	e.Pos = e.Tokens[0].Pos
	return e, true
}
