package lsp

import (
	"maps"
	"reflect"
	"regexp"
	"slices"
	"sort"
	"strings"

	"github.com/bataille/bataille/dsl"
	"github.com/bataille/bataille/lsp/jsonrpc"
	"github.com/bataille/bataille/stdlib"
)

var (
	reOnHook     = regexp.MustCompile(`\bon\s+[\w.]*$`)
	reMember     = regexp.MustCompile(`([A-Za-z_]\w*(?:\.[A-Za-z_]\w*)*)\.(\w*)$`)
	reCompare    = regexp.MustCompile(`([A-Za-z_]\w*(?:\.[A-Za-z_]\w*)*)\s*(?:==|!=)\s*"[^"]*$`)
	reWordStart  = regexp.MustCompile(`^\s*\w*$`)
	reAfterDo    = regexp.MustCompile(`\bdo\s+(.*)$`)
	reTrailWord  = regexp.MustCompile(`\w*$`)
	reDotted     = regexp.MustCompile(`[\w.]*$`)
	rePropValue  = regexp.MustCompile(`(?:^|[\s{])(\w+):\s*\w*$`)
	reUnitProps  = regexp.MustCompile(`\bunit\s+\w+\s*(?:"(?:[^"\\]|\\.)*")?\s*\{[^}]*$`)
	reVocabProps = regexp.MustCompile(`^\s*(?:(?:override|placeholder)\s+)*(\w+)\s+\w+\s*(?:"(?:[^"\\]|\\.)*")?\s*(?:cite\s+.*)?\{[^}]*$`)
	reNamedArg   = regexp.MustCompile(`(\w+)\s*:\s*[^,]*$`)
	rePropStart  = regexp.MustCompile(`(?:^|[{\s])\w*$`)
	declKeywords = append(declKinds(),
		"override", "remove", "placeholder", "column", "cell")
	clauseKeywords = []string{"when", "require", "let", "ask", "do"}
)

// declKinds are the kinds of dsl's declaration table: with the words
// written before or instead of one (declKeywords), what a declaration
// starts with.
func declKinds() []string {
	var out []string
	for _, k := range dsl.DeclKinds() {
		out = append(out, k.Kind)
	}
	return out
}

// completion offers what may come at the cursor: declaration keywords at
// the top level, clause keywords in a rule, hook names after `on`, a
// unit's or a hex's fields after `unit.`, effects after `do`, tables in a
// roll, vocabulary words inside a string compared with a typed field, and
// the names an expression may read.
func (s *Server) completion(p TextDocumentPositionParams) (*CompletionList, *jsonrpc.Error) {
	a, f, off, err := s.at(p.TextDocument.URI, p.Position)
	if err != nil {
		return nil, err
	}
	src := f.text.src
	lineStart := strings.LastIndexByte(src[:off], '\n') + 1
	prefix := src[lineStart:off]
	c := &completer{a: a}
	d := a.declAt(f, off)
	var rule *dsl.Rule
	if d != nil {
		rule, _ = d.node.(*dsl.Rule)
	}
	switch {
	case inString(prefix):
		kind := ""
		if m := reCompare.FindStringSubmatch(prefix); m != nil {
			parts := strings.Split(m[1], ".")
			kind = wordKind(parts[len(parts)-1])
		} else if callee, idx := openCall(prefix); callee != "" {
			if p := effectParam(callee, idx); p != nil {
				kind = p.Vocab
			}
		}
		c.words(kind)
	case rePropValue.MatchString(prefix) && wordKind(rePropValue.FindStringSubmatch(prefix)[1]) != "":
		// `formation: li` in a unit or `arm: ca` in a class: the words.
		c.words(wordKind(rePropValue.FindStringSubmatch(prefix)[1]))
	case reUnitProps.MatchString(prefix) && rePropStart.MatchString(prefix):
		env := stdlib.Env()
		for _, k := range env.UnitPropNames() {
			c.add(CompletionItem{Label: k, Kind: CompletionProperty, Documentation: doc(env.UnitProps[k].Doc)})
		}
	case reVocabProps.MatchString(prefix) && wordKind(reVocabProps.FindStringSubmatch(prefix)[1]) != "" && rePropStart.MatchString(prefix):
		schema := stdlib.Env().VocabSchema(reVocabProps.FindStringSubmatch(prefix)[1])
		for _, k := range sortedKeys(schema) {
			c.add(CompletionItem{Label: k, Kind: CompletionProperty, Documentation: doc(schema[k])})
		}
	case reOnHook.MatchString(prefix):
		c.hooks()
		// A hook name is dotted: the item replaces all of it, not the
		// part after the last dot an editor takes for the word.
		start := off - len(reDotted.FindString(prefix))
		for i := range c.items {
			c.items[i].TextEdit = &TextEdit{Range: f.text.rangeOf(start, off), NewText: c.items[i].Label}
		}
	case reMember.MatchString(prefix):
		m := reMember.FindStringSubmatch(prefix)
		c.members(m[1], rule)
	case braceDepth(f, off) == 0 && reWordStart.MatchString(prefix):
		for _, k := range declKeywords {
			if grammarWords[k] {
				c.add(CompletionItem{Label: k, Kind: CompletionKeyword})
			}
		}
	default:
		if callee, idx := openCall(prefix); callee != "" {
			if p := effectParam(callee, idx); p != nil && p.Kind != dsl.ArgExpr {
				c.refs(p.Kind)
				break
			}
		}
		if m := reAfterDo.FindStringSubmatch(prefix); m != nil && parenDepth(m[1]) == 0 {
			rest := strings.TrimRight(m[1][:len(m[1])-len(reTrailWord.FindString(m[1]))], " \t")
			if rest == "" || strings.HasSuffix(rest, ",") || strings.HasSuffix(rest, ";") {
				c.effects()
				break
			}
		}
		if rule != nil && reWordStart.MatchString(prefix) {
			for _, k := range clauseKeywords {
				c.add(CompletionItem{Label: k, Kind: CompletionKeyword})
			}
		}
		c.names(rule)
	}
	sort.SliceStable(c.items, func(i, j int) bool { return c.items[i].Label < c.items[j].Label })
	return &CompletionList{Items: c.items}, nil
}

type completer struct {
	a     *analysis
	items []CompletionItem
	seen  map[string]bool
}

func (c *completer) add(it CompletionItem) {
	if c.seen == nil {
		c.seen = map[string]bool{}
	}
	if c.seen[it.Label] {
		return
	}
	c.seen[it.Label] = true
	c.items = append(c.items, it)
}

func sortedKeys(m map[string]string) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

func doc(s string) *MarkupContent {
	if s == "" {
		return nil
	}
	return &MarkupContent{Kind: "markdown", Value: s}
}

// inString reports whether the end of a line's text is inside a string.
func inString(prefix string) bool {
	in := false
	for i := 0; i < len(prefix); i++ {
		switch {
		case in && prefix[i] == '\\':
			i++
		case prefix[i] == '"':
			in = !in
		case !in && strings.HasPrefix(prefix[i:], "//"):
			return false
		}
	}
	return in
}

// openCall finds the call whose parenthesis is open at the end of the
// text, and which argument the end is in.
func openCall(prefix string) (callee string, arg int) {
	depth, args := 0, 0
	for i := len(prefix) - 1; i >= 0; i-- {
		switch prefix[i] {
		case ')':
			depth++
		case '(':
			if depth == 0 {
				name := reTrailWord.FindString(strings.TrimRight(prefix[:i], " "))
				return name, args
			}
			depth--
		case ',':
			if depth == 0 {
				args++
			}
		}
	}
	return "", 0
}

func parenDepth(s string) int {
	d := 0
	for _, r := range s {
		switch r {
		case '(':
			d++
		case ')':
			d--
		}
	}
	return d
}

func effectParam(name string, idx int) *dsl.EffectParam {
	e := stdlib.Env().Effects[name]
	if e == nil || idx >= len(e.Params) {
		return nil
	}
	return &e.Params[idx]
}

// braceDepth counts the braces open before off.
func braceDepth(f *srcFile, off int) int {
	d := 0
	for _, t := range f.toks {
		if t.Pos.Offset >= off {
			break
		}
		if t.Type == tokPunct {
			switch t.Value {
			case "{":
				d++
			case "}":
				d = max(0, d-1)
			}
		}
	}
	return d
}

// wordKind is the vocabulary kind a field or hook name holds.
func wordKind(field string) string {
	for _, k := range dsl.VocabKinds() {
		if k == field {
			return k
		}
	}
	return ""
}

func (c *completer) words(kind string) {
	for _, k := range dsl.VocabKinds() {
		if kind != "" && k != kind {
			continue
		}
		for _, r := range c.a.order {
			if r.kind == k && !r.remove && c.a.effective(k, r.name) == r {
				c.add(CompletionItem{Label: r.name, Kind: CompletionEnum, Detail: k})
			}
		}
	}
}

func (c *completer) hooks() {
	env := stdlib.Env()
	for _, name := range env.HookNames() {
		c.add(CompletionItem{Label: name, Kind: CompletionEvent, Documentation: doc(env.Hooks[name].Doc)})
	}
	for _, r := range c.a.order {
		if c.a.effective(r.kind, r.name) != r {
			continue
		}
		switch n := r.node.(type) {
		case *dsl.Table:
			for _, o := range outcomes(n) {
				c.add(CompletionItem{Label: n.Name + "." + o, Kind: CompletionEvent, Detail: "outcome of table " + n.Name})
			}
		case *dsl.CheckDecl:
			for _, o := range dsl.CheckOutcomes {
				c.add(CompletionItem{Label: n.Name + "." + o, Kind: CompletionEvent, Detail: "outcome of check " + n.Name})
			}
		}
	}
}

// outcomes lists the outcomes a table's rows name.
func outcomes(t *dsl.Table) []string {
	seen := map[string]bool{}
	var out []string
	var rows []*dsl.Row
	rows = append(rows, t.Rows...)
	for _, col := range t.Columns {
		rows = append(rows, col.Rows...)
	}
	for _, r := range rows {
		if !seen[r.Outcome] {
			seen[r.Outcome] = true
			out = append(out, r.Outcome)
		}
	}
	sort.Strings(out)
	return out
}

// members offers what may follow `chain.`: a unit's or a hex's fields, or
// the next part of a param's name.
func (c *completer) members(chain string, rule *dsl.Rule) {
	parts := strings.Split(chain, ".")
	if v, ok := c.a.scope(rule)[parts[0]]; ok {
		t := v.Type
		for _, p := range parts[1:] {
			ft, ok := dsl.FieldType(t, p)
			if !ok {
				return
			}
			t = ft
		}
		for t != nil && t.Kind() == reflect.Pointer {
			t = t.Elem()
		}
		if t == nil || t.Kind() != reflect.Struct {
			return
		}
		for _, name := range dsl.ExprFields(t) {
			ft, _ := dsl.FieldType(t, name)
			c.add(CompletionItem{Label: name, Kind: CompletionField, Detail: typeWord(ft), Documentation: doc(fieldDoc(name))})
		}
		flags := stdlib.Env().Flags[reflect.PointerTo(t)]
		for _, name := range slices.Sorted(maps.Keys(flags)) {
			c.add(CompletionItem{Label: name, Kind: CompletionField, Detail: typeWord(reflect.TypeFor[bool]()), Documentation: doc(flags[name])})
		}
		return
	}
	for _, r := range c.a.order {
		if r.kind != dsl.KindParam || !strings.HasPrefix(r.name, chain+".") || c.a.effective(r.kind, r.name) != r {
			continue
		}
		next, _, more := strings.Cut(strings.TrimPrefix(r.name, chain+"."), ".")
		if more {
			c.add(CompletionItem{Label: next, Kind: CompletionModule, Detail: "param group"})
		} else {
			c.add(CompletionItem{Label: next, Kind: CompletionConstant, Detail: "param " + valueText(r.node.(*dsl.Param).Value)})
		}
	}
}

func (c *completer) effects() {
	env := stdlib.Env()
	for _, name := range env.EffectNames() {
		e := env.Effects[name]
		c.add(CompletionItem{Label: name, Kind: CompletionFunction, Detail: effectSignature(e), Documentation: doc(e.Doc)})
	}
}

func (c *completer) refs(kind dsl.ArgKind) {
	for _, r := range c.a.order {
		if c.a.effective(r.kind, r.name) != r {
			continue
		}
		if r.kind == dsl.KindTable && kind == dsl.ArgTable || r.kind == dsl.KindCheck && kind == dsl.ArgCheck {
			title := ""
			switch n := r.node.(type) {
			case *dsl.Table:
				title = n.Title
			case *dsl.CheckDecl:
				title = n.Title
			}
			c.add(CompletionItem{Label: r.name, Kind: CompletionStruct, Detail: r.kind + " " + title})
		}
	}
}

// names offers what an expression may read: the hook's names, the params'
// first parts and the functions.
func (c *completer) names(rule *dsl.Rule) {
	for name, v := range c.a.scope(rule) {
		c.add(CompletionItem{Label: name, Kind: CompletionVariable, Detail: typeWord(v.Type), Documentation: doc(v.Doc)})
	}
	for _, fn := range stdlib.Env().Functions {
		c.add(CompletionItem{Label: fn.Name, Kind: CompletionFunction, Detail: funcSignature(fn), Documentation: doc(fn.Doc)})
	}
	for _, r := range c.a.order {
		if r.kind == dsl.KindParam && c.a.effective(r.kind, r.name) == r {
			root, _, _ := strings.Cut(r.name, ".")
			c.add(CompletionItem{Label: root, Kind: CompletionModule, Detail: "params"})
		}
	}
}

// signatureHelp shows the effect or function whose parenthesis is open at
// the cursor, with the argument being written.
func (s *Server) signatureHelp(p TextDocumentPositionParams) (*SignatureHelp, *jsonrpc.Error) {
	_, f, off, err := s.at(p.TextDocument.URI, p.Position)
	if err != nil {
		return nil, err
	}
	src := f.text.src
	prefix := src[strings.LastIndexByte(src[:off], '\n')+1 : off]
	callee, idx := openCall(prefix)
	env := stdlib.Env()
	if e := env.Effects[callee]; e != nil {
		sig := SignatureInformation{Label: effectSignature(e), Documentation: doc(e.Doc)}
		for _, param := range e.Params {
			sig.Parameters = append(sig.Parameters, ParameterInformation{Label: param.Name, Documentation: doc(param.Doc)})
		}
		// A named argument (`unit: target`) is the parameter it names.
		if m := reNamedArg.FindStringSubmatch(prefix); m != nil {
			for i, param := range e.Params {
				if param.Name == m[1] {
					idx = i
				}
			}
		}
		return &SignatureHelp{Signatures: []SignatureInformation{sig}, ActiveParameter: idx}, nil
	}
	for _, fn := range env.Functions {
		if fn.Name == callee {
			return &SignatureHelp{Signatures: []SignatureInformation{{Label: funcSignature(fn), Documentation: doc(fn.Doc), Parameters: []ParameterInformation{}}}, ActiveParameter: idx}, nil
		}
	}
	return nil, nil
}
