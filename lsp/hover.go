package lsp

import (
	"fmt"
	"math/big"
	"reflect"
	"strconv"
	"strings"

	"github.com/bataille/bataille/dsl"
	"github.com/bataille/bataille/lsp/jsonrpc"
	"github.com/bataille/bataille/stdlib"
)

func (s *Server) hover(p TextDocumentPositionParams) (*Hover, *jsonrpc.Error) {
	a, f, off, err := s.at(p.TextDocument.URI, p.Position)
	if err != nil {
		return nil, err
	}
	o, ok := a.occAt(f, off)
	if !ok {
		return nil, nil
	}
	text := s.describe(a, o)
	if text == "" {
		return nil, nil
	}
	r := f.text.rangeOf(o.from, o.to)
	return &Hover{Contents: MarkupContent{Kind: "markdown", Value: text}, Range: &r}, nil
}

// describe writes the hover text of a classified token, in markdown.
func (s *Server) describe(a *analysis, o occ) string {
	env := stdlib.Env()
	switch o.kind {
	case occDecl, occRef, occParam, occWord:
		return s.describeDecl(a, o.declKind, o.name)
	case occHook:
		return describeHook(a, o.name)
	case occEffect:
		return describeEffect(env.Effects[o.name])
	case occFunction:
		for _, fn := range env.Functions {
			if fn.Name == o.name {
				return fmt.Sprintf("```\n%s\n```\n%s", funcSignature(fn), fn.Doc)
			}
		}
	case occVar:
		return fmt.Sprintf("```\n%s %s\n```\n%s", o.name, typeWord(o.typ), o.doc)
	case occField:
		return fmt.Sprintf("```\n%s.%s %s\n```\n%s", o.owner, o.name, typeWord(o.typ), o.doc)
	case occModule:
		for _, f := range a.files {
			if f.ast != nil && f.ast.Header != nil && f.ast.Header.ID == o.name {
				h := f.ast.Header
				out := fmt.Sprintf("**%s** `%s` %s", h.Kind, h.ID, h.Title)
				if h.Edition != "" {
					out += ", edition " + h.Edition
				}
				if h.Extends != nil {
					out += "; extends `" + h.Extends.Name() + "`"
				}
				return out + "\n\n" + f.name
			}
		}
	case occUnit, occUnitDecl:
		return s.describeUnit(a, o)
	case occKeyword:
		if k := env.Order(o.name); k != nil && o.name != "" {
			return fmt.Sprintf("**order** `%s`: %s", o.name, k.Doc)
		}
	case occProp:
		if p, ok := env.UnitProp(o.name); ok {
			return fmt.Sprintf("`%s`: %s", o.name, p.Doc)
		}
	}
	return ""
}

// describeDecl shows a declaration as the module has it after overrides:
// its source, its citation, a table's odds, and the versions it replaces.
func (s *Server) describeDecl(a *analysis, kind, name string) string {
	vs := a.versions(kind, name)
	if len(vs) == 0 {
		return ""
	}
	eff := vs[len(vs)-1]
	var b strings.Builder
	if eff.remove {
		fmt.Fprintf(&b, "%s `%s` is removed by module %s (%s)\n", kind, name, eff.file.module, where(eff))
		return b.String()
	}
	switch n := eff.node.(type) {
	case *dsl.Param:
		fmt.Fprintf(&b, "**param** `%s` = `%s`", name, valueText(n.Value))
		if len(vs) > 1 {
			b.WriteString(" (after overrides)")
		}
		b.WriteString("\n\n")
	case *dsl.Table:
		// Its rows come below with their odds when the module checks: the
		// header line says the rest.
		text := eff.file.text.src[eff.from:eff.to]
		if mod := s.checked(a); mod != nil && mod.Tables[n.Name] != nil {
			text, _, _ = strings.Cut(text, "\n")
		}
		fmt.Fprintf(&b, "```bataille\n%s\n```\n", text)
	default:
		fmt.Fprintf(&b, "```bataille\n%s\n```\n", eff.file.text.src[eff.from:eff.to])
	}
	if cite := citeOf(eff.node); len(cite) > 0 {
		fmt.Fprintf(&b, "cite: %s\n\n", strings.Join(cite, "; "))
	}
	if eff.decl.Placeholder {
		b.WriteString("placeholder: its figures are invented, not published\n\n")
	}
	fmt.Fprintf(&b, "declared by module %s at %s\n", eff.file.module, where(eff))
	if t, ok := eff.node.(*dsl.Table); ok {
		if mod := s.checked(a); mod != nil {
			if def := mod.Tables[t.Name]; def != nil {
				b.WriteString("\n" + oddsText(def))
			}
		}
	}
	for i := len(vs) - 2; i >= 0; i-- {
		v := vs[i]
		what := "replaces"
		if i < len(vs)-2 {
			what = "which replaces"
		}
		fmt.Fprintf(&b, "\n%s the version of module %s (%s):\n```bataille\n%s\n```\n", what, v.file.module, where(v), v.file.text.src[v.from:v.to])
	}
	return b.String()
}

func where(r *declRef) string {
	p := r.file.text.position(r.from)
	return fmt.Sprintf("%s:%d", r.file.name, p.Line+1)
}

// citeOf reads the Cite of any declaration node.
func citeOf(node any) []string {
	v := reflect.ValueOf(node)
	if v.Kind() != reflect.Pointer || v.IsNil() {
		return nil
	}
	if c := v.Elem().FieldByName("Cite"); c.IsValid() {
		if list, ok := c.Interface().([]string); ok {
			return list
		}
	}
	return nil
}

func valueText(v *dsl.Value) string {
	switch {
	case v == nil:
		return ""
	case v.Number != nil:
		return *v.Number
	case v.String != nil:
		return strconv.Quote(*v.String)
	case v.Dice != nil:
		return *v.Dice
	case v.Ident != nil:
		return *v.Ident
	case v.Coord != nil && v.Coord.Number != nil:
		return *v.Coord.Number
	case v.Coord != nil:
		return fmt.Sprintf("(%s,%s)", *v.Coord.Q, *v.Coord.R)
	}
	return ""
}

// oddsText lists a table's rows with the chance of each on an unmodified
// roll, exactly, as the checker's own odds compute it.
func oddsText(def *dsl.TableDef) string {
	var b strings.Builder
	fmt.Fprintf(&b, "odds on an unmodified %s:\n\n", def.Roll.Dice)
	for _, col := range def.Columns {
		if col.Title != "" || len(def.Columns) > 1 {
			title := col.Title
			if title == "" && len(col.Cells) > 0 {
				title = "column " + dsl.CellsString(col.Cells)
			}
			if title == "" {
				title = "(column)"
			}
			fmt.Fprintf(&b, "**%s**\n\n", title)
		}
		b.WriteString("| roll | outcome | chance |\n|---|---|---|\n")
		for _, row := range col.Rows {
			odds := dsl.Odds(def.Roll.Dice, &dsl.ColumnDef{Rows: []dsl.RowDef{row}})
			chance := new(big.Rat)
			for _, r := range odds {
				chance.Add(chance, r)
			}
			outcome := row.Outcome
			if row.HasValue {
				outcome += " " + strconv.Itoa(row.Value)
			}
			f, _ := chance.Float64()
			fmt.Fprintf(&b, "| %s | %s | %s (%.1f%%) |\n", row.RangeString(), outcome, chance.RatString(), 100*f)
		}
		b.WriteString("\n")
	}
	if len(def.Modifiers) > 0 {
		b.WriteString("modifiers:\n\n")
		for _, m := range def.Modifiers {
			fmt.Fprintf(&b, "- %s: `%s`", m.Label(), m.Value.Source)
			if m.When != nil {
				fmt.Fprintf(&b, " when `%s`", m.When.Source)
			}
			if len(m.Cite) > 0 {
				fmt.Fprintf(&b, " (%s)", strings.Join(m.Cite, "; "))
			}
			b.WriteString("\n")
		}
	}
	return b.String()
}

// describeHook shows what a hook is, the names it offers, and the rules on
// it in the order they run.
func describeHook(a *analysis, name string) string {
	var b strings.Builder
	if h, ok := stdlib.Env().Hooks[name]; ok {
		fmt.Fprintf(&b, "**hook** `%s`: %s\n\n", name, h.Doc)
		b.WriteString(varsTable(h.Vars))
	} else {
		table, outcome, _ := strings.Cut(name, ".")
		fmt.Fprintf(&b, "**outcome hook** `%s`: runs when `%s` gives %s, inside the hook that rolled it; it adds:\n\n", name, table, outcome)
		b.WriteString(varsTable(dsl.OutcomeVars))
	}
	var rules []string
	for _, r := range a.order {
		if rule, ok := r.node.(*dsl.Rule); ok && rule.Hook != nil && strings.Join(rule.Hook.Parts, ".") == name && a.effective(dsl.KindRule, r.name) == r {
			rules = append(rules, fmt.Sprintf("`%s` (%s)", r.name, where(r)))
		}
	}
	if len(rules) > 0 {
		fmt.Fprintf(&b, "\nrules on it: %s\n", strings.Join(rules, ", "))
	}
	return b.String()
}

func varsTable(vars []dsl.Var) string {
	var b strings.Builder
	b.WriteString("| name | type | |\n|---|---|---|\n")
	for _, v := range vars {
		fmt.Fprintf(&b, "| `%s` | %s | %s |\n", v.Name, typeWord(v.Type), v.Doc)
	}
	return b.String()
}

func describeEffect(e *dsl.Effect) string {
	if e == nil {
		return ""
	}
	var b strings.Builder
	fmt.Fprintf(&b, "```\n%s\n```\n%s\n", effectSignature(e), e.Doc)
	for _, p := range e.Params {
		if p.Doc != "" {
			fmt.Fprintf(&b, "\n- `%s`: %s", p.Name, p.Doc)
		}
	}
	return b.String()
}

func effectSignature(e *dsl.Effect) string {
	var params []string
	for _, p := range e.Params {
		t := typeWord(p.Type)
		switch p.Kind {
		case dsl.ArgTable:
			t = "table"
		case dsl.ArgCheck:
			t = "check"
		}
		if p.Vocab != "" {
			t = p.Vocab
		}
		opt := ""
		if p.Optional {
			opt = "?"
		}
		params = append(params, fmt.Sprintf("%s%s %s", p.Name, opt, t))
	}
	return fmt.Sprintf("do %s(%s)", e.Name, strings.Join(params, ", "))
}

func funcSignature(fn *dsl.Function) string {
	var sigs []string
	for _, t := range fn.Types {
		ft := reflect.TypeOf(t)
		for ft != nil && ft.Kind() == reflect.Pointer {
			ft = ft.Elem()
		}
		if ft == nil || ft.Kind() != reflect.Func {
			continue
		}
		var in []string
		for i := 0; i < ft.NumIn(); i++ {
			in = append(in, typeWord(ft.In(i)))
		}
		out := ""
		if ft.NumOut() > 0 {
			out = " " + typeWord(ft.Out(0))
		}
		sigs = append(sigs, fmt.Sprintf("%s(%s)%s", fn.Name, strings.Join(in, ", "), out))
	}
	if len(sigs) == 0 {
		return fn.Name + "(…)"
	}
	return strings.Join(sigs, "\n")
}

// typeWord names a type the way a script writer knows it.
func typeWord(t reflect.Type) string {
	if t == nil {
		return "any"
	}
	for t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	switch t.Kind() {
	case reflect.Int:
		return "whole number"
	case reflect.Float64:
		return "number"
	case reflect.Bool:
		return "boolean"
	case reflect.String:
		return "string"
	case reflect.Struct:
		if t.Name() == "Cell" {
			return "hex"
		}
		return strings.ToLower(t.Name())
	}
	return t.String()
}

// describeUnit shows the unit placed where the checker's facts say a
// name refers to: its name, its properties and the scenario (or test) it
// is placed in.
func (s *Server) describeUnit(a *analysis, o occ) string {
	f := a.byName[o.decl.File]
	if f == nil || f.ast == nil {
		return ""
	}
	// The declaration that holds the place, and its unit lines.
	var items []*dsl.ScenarioItem
	for _, d := range f.ast.Decls {
		if d.Pos.Offset > o.decl.Offset {
			break
		}
		items = nil
		switch {
		case d.Scenario != nil:
			items = d.Scenario.Items
		case d.Test != nil:
			for _, it := range d.Test.Items {
				items = append(items, it.Line)
			}
		}
	}
	var def *dsl.UnitDef
	for _, it := range items {
		if it != nil && it.Unit != nil && it.Unit.ID == o.name && it.Pos.Offset <= o.decl.Offset {
			def = it.Unit
		}
	}
	if def == nil {
		return ""
	}
	var props []string
	for _, p := range def.Props {
		var vals []string
		for _, v := range p.Values {
			vals = append(vals, valueText(v))
		}
		props = append(props, p.Key+": "+strings.Join(vals, ", "))
	}
	return fmt.Sprintf("**unit** `%s` %s (scenario %s)\n\n%s", o.name, def.Name, o.owner, strings.Join(props, "  \n"))
}
