package dsl

import (
	"slices"
	"strings"
)

// A variant changes one column of a keyed table, or one cell of a chart,
// in one line: `override column recall russian, cossack { … }`, `override
// cell fire_multiple russian, guard, carre => 3`. The edit names a column
// or a row the effective table or chart has, as it is written there; the
// module's table or chart is then the old one with that column's rows or
// that row's value replaced, checked as a whole declaration is: every
// result of the roll in exactly one row, every combination of the keys in
// exactly one column or row.

func (u *unit) columnEdit(d *Decl) {
	e := d.ColumnEdit
	pos := position(e.Pos)
	what := "column " + e.Table + " " + editLabel(e.Label, e.Cells)
	if !u.editable(d, pos, what, "a column of a table", what) {
		return
	}
	old, ok := u.mod.Tables[e.Table]
	if !ok || old.ast == nil {
		u.editMissing(pos, what, KindTable, e.Table)
		return
	}
	u.recordCells(e.Cells, old.Keys)
	t := old.ast
	at := slices.IndexFunc(t.Columns, func(c *Column) bool {
		return e.Label != nil && (*e.Label == c.Title && c.Title != "" || *e.Label == columnLabel(c)) ||
			e.Label == nil && len(c.Cells) > 0 && sameCells(c.Cells, e.Cells)
	})
	if at < 0 {
		if len(t.Columns) == 0 {
			u.errorf(pos, "edit-missing", "override of %s: table %s has rows but no columns; override the table", what, e.Table)
			return
		}
		labels := make([]string, len(t.Columns))
		for i, c := range t.Columns {
			labels[i] = columnLabel(c)
		}
		u.errorf(pos, "edit-missing", "override of %s: table %s (module %s) has no such column; its columns are %s", what, e.Table, old.Module, quoteList(labels))
		return
	}
	nt := *t
	nt.Pos = e.Pos
	nt.Cite = mergeCites(t.Cite, e.Cite)
	nt.Columns = replaced(t.Columns, at, func(col *Column) { col.Pos, col.Rows = e.Pos, e.Rows })
	u.buildTable(&Decl{Pos: d.Pos, EndPos: d.EndPos, Override: true, Placeholder: d.Placeholder || old.Placeholder, Table: &nt}, &nt)
}

func (u *unit) cellEdit(d *Decl) {
	e := d.CellEdit
	pos := position(e.Pos)
	what := "cell " + e.Chart + " " + cellsText(e.Cells)
	if !u.editable(d, pos, what, "a cell of a chart", what+" => "+e.Value) {
		return
	}
	old, ok := u.mod.Charts[e.Chart]
	if !ok || old.ast == nil {
		u.editMissing(pos, what, KindChart, e.Chart)
		return
	}
	c := old.ast
	keys := old.Keys
	if keys == nil { // a chart of this module, whose keys are made once all are in
		for _, k := range c.By {
			keys = append(keys, &KeyDef{Vocab: k.Name})
		}
	}
	u.recordCells(e.Cells, keys)
	at := slices.IndexFunc(c.Cells, func(r *ChartRow) bool { return sameCells(r.Cells, e.Cells) })
	if at < 0 {
		labels := make([]string, len(c.Cells))
		for i, r := range c.Cells {
			labels[i] = cellsText(r.Cells)
		}
		u.errorf(pos, "edit-missing", "override of %s: chart %s (module %s) has no row with these cells; its rows are %s", what, e.Chart, old.Module, quoteList(labels))
		return
	}
	nc := *c
	nc.Pos = e.Pos
	nc.Cite = mergeCites(c.Cite, e.Cite)
	nc.Cells = replaced(c.Cells, at, func(row *ChartRow) { row.Pos, row.Value = e.Pos, e.Value })
	u.mod.Charts[e.Chart] = &ChartDef{Name: nc.Name, Title: nc.Title, Cite: nc.Cite, Origin: u.origin(pos, &Decl{Override: true, Placeholder: d.Placeholder || old.Placeholder}), ast: &nc}
}

// editable says an edit is written as an override, and reports it when
// not: what the edit is, what it changes, and the line to write.
func (u *unit) editable(d *Decl, pos Pos, what, changes, write string) bool {
	if !d.Override {
		u.errorf(pos, "needs-override", "%s changes %s: write `override %s`", what, changes, write)
	}
	return d.Override
}

// editMissing reports an edit of a table or chart the module does not have.
func (u *unit) editMissing(pos Pos, what, kind, name string) {
	u.errorf(pos, "override-missing", "override of %s: no %s %s, %s%s", what, kind, name, u.notInBase(), didYouMean(name, u.names(kind)))
}

// replaced is a copy of xs with a copy of its element at changed by edit;
// the old slice and its elements are left as they were, for the base
// module that still has them.
func replaced[T any](xs []*T, at int, edit func(*T)) []*T {
	out := slices.Clone(xs)
	x := *xs[at]
	edit(&x)
	out[at] = &x
	return out
}

// columnLabel is how a column is named: its cells as written, joined by
// ", " (as the trace prints them), else its title.
func columnLabel(c *Column) string {
	if len(c.Cells) > 0 {
		return cellsText(c.Cells)
	}
	return c.Title
}

func editLabel(label *string, cells []*KeyCell) string {
	if label != nil {
		return quote(*label)
	}
	return cellsText(cells)
}

// sameCells says two lists of key cells are written alike: the same
// alternatives in each cell, in any order.
func sameCells(a, b []*KeyCell) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		x, y := altTexts(a[i]), altTexts(b[i])
		if !slices.Equal(x, y) {
			return false
		}
	}
	return true
}

func altTexts(c *KeyCell) []string {
	out := make([]string, len(c.Alts))
	for i, a := range c.Alts {
		out[i], _ = altText(a)
	}
	slices.Sort(out)
	return out
}

func mergeCites(old, more []string) []string {
	out := slices.Clone(old)
	for _, c := range more {
		if !slices.Contains(out, c) {
			out = append(out, c)
		}
	}
	return out
}

func quoteList(xs []string) string {
	q := make([]string, len(xs))
	for i, x := range xs {
		q[i] = quote(x)
	}
	return strings.Join(q, ", ")
}
