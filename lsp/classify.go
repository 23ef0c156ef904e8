package lsp

import (
	"reflect"
	"regexp"
	"sort"
	"strings"

	"github.com/alecthomas/participle/v2/lexer"
	"github.com/bataille/bataille/dsl"
	"github.com/bataille/bataille/stdlib"
)

// occKind says what a token of a file is: the one classification hover,
// definition, references and the semantic tokens all read.
type occKind int

const (
	occNone     occKind = iota
	occKeyword          // a word of the grammar
	occComment          //
	occString           //
	occNumber           // a number or dice
	occDecl             // the name of a declaration (kind in occ.kind2)
	occModule           // a module id: the header's, or after extends
	occParam            // a part of a param's name in an expression
	occVar              // a name a hook offers, or a let
	occField            // a field of a unit or a hex
	occFunction         // a function of the language
	occEffect           // an effect in a do clause
	occHook             // the hook a rule runs on
	occRef              // a table, check or chart named in an expression or argument
	occWord             // a vocabulary word
	occUnit             // a scenario unit, named in an order
	occUnitDecl         // a scenario unit's id where it is placed
	occProp             // a property key
)

// occ is one classified token.
type occ struct {
	from, to int
	kind     occKind
	name     string // the full name: a dotted param, a hook, a word
	declKind string // for occDecl and occRef: the kind of what is named
	// For a var or a field: its type and doc; owner is the var a field
	// belongs to, or the scenario a unit is placed in.
	typ   reflect.Type
	doc   string
	owner string
	// decl is where the checker found what the name refers to is
	// declared (for a unit: where it is placed).
	decl dsl.Pos
	// A name of several tokens (a dotted param, a hook) is counted once, at
	// its first token, which is lead and whose end is the name's end.
	lead bool
	end  int
}

// grammarWords are the literal words of the grammar, read from the
// parser's own EBNF, so that a new keyword is known without a change here.
var grammarWords = func() map[string]bool {
	out := map[string]bool{}
	for _, m := range regexp.MustCompile(`"([a-z_]+)"`).FindAllStringSubmatch(dsl.Grammar(), -1) {
		out[m[1]] = true
	}
	return out
}()

// classify classifies the tokens of a file, once.
func (a *analysis) classify(f *srcFile) []occ {
	if f.occs != nil {
		return f.occs
	}
	c := &classifier{a: a, f: f, byOff: map[int]int{}}
	for i, t := range f.toks {
		c.byOff[t.Pos.Offset] = i
	}
	c.occs = make([]occ, len(f.toks))
	for i, t := range f.toks {
		o := occ{from: t.Pos.Offset, to: t.Pos.Offset + len(t.Value)}
		switch t.Type {
		case tokComment:
			o.kind = occComment
		case tokString:
			o.kind = occString
		case tokNumber, tokDice:
			o.kind = occNumber
		case tokKeyword:
			o.kind = occKeyword
		case tokIdent:
			if grammarWords[t.Value] {
				o.kind = occKeyword
			}
		}
		c.occs[i] = o
	}
	if f.ast != nil {
		c.file(f.ast)
	}
	f.occs = c.occs
	return f.occs
}

// occAt finds the classified token at off (or just before it, for a
// cursor at the end of a word).
func (a *analysis) occAt(f *srcFile, off int) (occ, bool) {
	occs := a.classify(f)
	i := sort.Search(len(occs), func(i int) bool { return occs[i].to > off })
	if i < len(occs) && occs[i].from <= off && occs[i].kind != occNone {
		return occs[i], true
	}
	if i > 0 && occs[i-1].to == off && occs[i-1].kind != occNone {
		return occs[i-1], true
	}
	if i < len(occs) && occs[i].from <= off {
		return occs[i], true
	}
	return occ{}, false
}

type classifier struct {
	a     *analysis
	f     *srcFile
	occs  []occ
	byOff map[int]int // token offset → index
}

func (c *classifier) set(off int, o occ) {
	i, ok := c.byOff[off]
	if !ok {
		return
	}
	o.from, o.to = c.occs[i].from, c.occs[i].to
	if o.end == 0 {
		o.lead, o.end = true, o.to
	}
	c.occs[i] = o
}

func (c *classifier) file(f *dsl.File) {
	if h := f.Header; h != nil {
		if at := dsl.FindWord(c.f.text.src, h.ID, h.Pos.Offset+len(h.Kind), 200); at >= 0 {
			c.set(at, occ{kind: occModule, name: h.ID})
		}
		if h.Extends != nil {
			c.set(h.Extends.Pos.Offset, occ{kind: occModule, name: h.Extends.Name()})
		}
	}
	for _, r := range c.a.order {
		if r.file != c.f {
			continue
		}
		// A dotted name is several tokens, one name.
		first, ok := c.byOff[r.nameFrom]
		for i := first; ok && i < len(c.occs) && c.occs[i].from < r.nameTo; i++ {
			if c.f.toks[i].Type != tokOp {
				c.occs[i] = occ{from: c.occs[i].from, to: c.occs[i].to, kind: occDecl, name: r.name, declKind: r.kind, lead: c.occs[i].from == r.nameFrom, end: r.nameTo}
			}
		}
		rule, _ := r.node.(*dsl.Rule)
		if rule != nil {
			c.hook(rule)
		}
		c.walk(reflect.ValueOf(r.node))
		c.uses(r, rule)
	}
}

// uses marks the names of a declaration's expressions with what the
// checker found them to refer to.
func (c *classifier) uses(r *declRef, rule *dsl.Rule) {
	var scope map[string]dsl.Var // for the docs of variables
	for _, in := range c.a.infos {
		uses := in.In(c.f.name, r.from, r.to)
		if len(uses) == 0 {
			continue
		}
		for _, u := range uses {
			o := occ{name: u.Name, declKind: u.DeclKind, typ: u.Type, decl: u.Decl}
			switch u.Kind {
			case dsl.UseVar:
				if scope == nil {
					scope = c.a.scope(rule)
				}
				o.kind, o.doc = occVar, scope[u.Name].Doc
			case dsl.UseField:
				o.kind, o.owner, o.doc = occField, u.Owner, fieldDoc(u.Name)
			case dsl.UseFunction:
				o.kind = occFunction
			case dsl.UseDecl:
				o.kind = occRef
			case dsl.UseWord:
				o.kind = occWord
			case dsl.UseEffect:
				o.kind = occEffect
			case dsl.UseArg:
				o.kind = occProp
			case dsl.UseUnit:
				o.kind, o.owner = occUnit, u.Owner
				if u.Decl == u.Pos {
					o.kind = occUnitDecl
				}
			case dsl.UseParam:
				// A dotted name is several tokens, one name.
				first, ok := c.byOff[u.Pos.Offset]
				for i := first; ok && i < len(c.occs) && c.occs[i].from < u.End; i++ {
					if c.f.toks[i].Type == tokIdent {
						c.occs[i] = occ{from: c.occs[i].from, to: c.occs[i].to, kind: occParam, name: u.Name, declKind: dsl.KindParam, lead: i == first, end: u.End}
					}
				}
				continue
			default:
				continue
			}
			c.set(u.Pos.Offset, o)
		}
		return
	}
}

func (c *classifier) hook(r *dsl.Rule) {
	if r.Hook == nil {
		return
	}
	name := strings.Join(r.Hook.Parts, ".")
	first, ok := c.byOff[r.Hook.Pos.Offset]
	last := first
	for i := first; ok && i < len(c.occs); i++ {
		t := c.f.toks[i]
		if t.Type != tokIdent && t.Type != tokKeyword && !(t.Type == tokOp && t.Value == ".") {
			break
		}
		last = i
	}
	for i := first; ok && i <= last; i++ {
		c.occs[i] = occ{from: c.occs[i].from, to: c.occs[i].to, kind: occHook, name: name, lead: i == first, end: c.occs[last].to}
		if c.f.toks[i].Type == tokOp {
			c.occs[i].kind, c.occs[i].lead = occNone, false
		}
	}
}

var (
	tExpr     = reflect.TypeFor[*dsl.Expr]()
	tCall     = reflect.TypeFor[*dsl.Call]()
	tProp     = reflect.TypeFor[*dsl.Prop]()
	tPosition = reflect.TypeFor[lexer.Position]()
)

// walk visits the AST under v by reflection for what the checker's facts
// do not say: property keys and the orders' words.
func (c *classifier) walk(v reflect.Value) {
	switch v.Kind() {
	case reflect.Pointer:
		if v.IsNil() {
			return
		}
		switch x := v.Interface().(type) {
		case *dsl.Expr, *dsl.Call:
			// The checker's facts say what their names are (uses): an
			// expression's, and a call's effect, its arguments' names and
			// the table or check it rolls.
			return
		case *dsl.Prop:
			// Its values' words, and its key when that is a word (an
			// attribute, an army value), are the checker's facts (uses).
			c.set(x.Pos.Offset, occ{kind: occProp, name: x.Key})
			return
		case *dsl.Alt:
			// A key cell or a key's domain: the checker's facts say which
			// word of the key's kind it is (uses).
			return
		case *dsl.Order:
			// The order's word is the Env's, not the grammar's: a keyword
			// when the Env knows it. Its units and its formation are the
			// checker's facts (uses).
			if stdlib.Env().Order(x.Kind) != nil {
				c.set(x.Pos.Offset, occ{kind: occKeyword, name: x.Kind})
			}
			return
		case *dsl.Decide:
			return
		}
		c.walk(v.Elem())
	case reflect.Struct:
		if v.Type() == tPosition {
			return
		}
		for i := 0; i < v.NumField(); i++ {
			if v.Type().Field(i).IsExported() {
				c.walk(v.Field(i))
			}
		}
	case reflect.Slice:
		for i := 0; i < v.Len(); i++ {
			c.walk(v.Index(i))
		}
	}
}

// scope lists the names an expression of a rule may read: its hook's, the
// roll's for an outcome hook, and its lets. Outside a rule (a table's
// column, a check's threshold) the names of every hook stand in.
func (a *analysis) scope(rule *dsl.Rule) map[string]dsl.Var {
	env := stdlib.Env()
	out := map[string]dsl.Var{}
	hook := ""
	if rule != nil && rule.Hook != nil {
		hook = strings.Join(rule.Hook.Parts, ".")
	}
	if h, ok := env.Hooks[hook]; ok {
		for _, v := range h.Vars {
			out[v.Name] = v
		}
	} else {
		for _, name := range env.HookNames() {
			for _, v := range env.Hooks[name].Vars {
				if _, seen := out[v.Name]; !seen {
					out[v.Name] = v
				}
			}
		}
		if hook != "" || rule == nil {
			for _, v := range dsl.OutcomeVars {
				out[v.Name] = v
			}
		}
	}
	if rule != nil {
		for _, cl := range rule.Clauses {
			if cl.Let != nil {
				out[cl.Let.Name] = dsl.Var{Name: cl.Let.Name, Doc: "bound by `let` in this rule"}
			}
		}
	}
	return out
}

// fieldDoc says what a field scripts read means: a scenario's unit
// property (as the Env declares it), a flag a procedure declares on units
// or hexes (Env.Flags), or another of a unit's or a hex's fields.
func fieldDoc(name string) string {
	env := stdlib.Env()
	if p, ok := env.UnitProp(name); ok {
		return p.Doc
	}
	for _, flags := range env.Flags {
		if doc, ok := flags[name]; ok {
			return doc
		}
	}
	return fieldDocs[name]
}

// fieldDocs say what the fields scripts read mean that are no unit
// property of a scenario's.
var fieldDocs = func() map[string]string {
	out := map[string]string{
		"id": "the unit's id in the scenario", "name": "the unit's name",
		"hexes": "hexes it covers (2 for a two-hex line)", "terrain": "the terrain of its hex",
		"number": "the hex's printed map number", "road": "a road runs through the hex",
		"blocks_los": "it blocks line of sight", "cost": "its movement cost",
	}
	return out
}()
