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
	if !d.Override {
		u.errorf(pos, "needs-override", "%s changes a column of a table: write `override %s`", what, what)
		return
	}
	old, ok := u.mod.Tables[e.Table]
	if !ok || old.ast == nil {
		u.errorf(pos, "override-missing", "override of %s: no table %s, %s%s", what, e.Table, u.notInBase(), didYouMean(e.Table, u.names(KindTable)))
		return
	}
	t := old.ast
	at := -1
	var labels []string
	for i, c := range t.Columns {
		label := columnLabel(c)
		labels = append(labels, label)
		if e.Label != nil && (*e.Label == c.Title && c.Title != "" || *e.Label == label) ||
			e.Label == nil && len(c.Cells) > 0 && sameCells(c.Cells, e.Cells) {
			at = i
			break
		}
	}
	if at < 0 {
		if len(t.Columns) == 0 {
			u.errorf(pos, "edit-missing", "override of %s: table %s has rows but no columns; override the table", what, e.Table)
			return
		}
		u.errorf(pos, "edit-missing", "override of %s: table %s (module %s) has no such column; its columns are %s", what, e.Table, old.Module, quoteList(labels))
		return
	}
	nt := *t
	nt.Pos = e.Pos
	nt.Cite = mergeCites(t.Cite, e.Cite)
	nt.Columns = slices.Clone(t.Columns)
	col := *t.Columns[at]
	col.Pos, col.Rows = e.Pos, e.Rows
	nt.Columns[at] = &col
	u.buildTable(&Decl{Pos: d.Pos, EndPos: d.EndPos, Override: true, Placeholder: d.Placeholder || old.Placeholder, Table: &nt}, &nt)
}

func (u *unit) cellEdit(d *Decl) {
	e := d.CellEdit
	pos := position(e.Pos)
	what := "cell " + e.Chart + " " + cellsText(e.Cells)
	if !d.Override {
		u.errorf(pos, "needs-override", "%s changes a cell of a chart: write `override %s => %s`", what, what, e.Value)
		return
	}
	old, ok := u.mod.Charts[e.Chart]
	if !ok || old.ast == nil {
		u.errorf(pos, "override-missing", "override of %s: no chart %s, %s%s", what, e.Chart, u.notInBase(), didYouMean(e.Chart, u.names(KindChart)))
		return
	}
	c := old.ast
	at := -1
	var labels []string
	for i, r := range c.Cells {
		labels = append(labels, cellsText(r.Cells))
		if sameCells(r.Cells, e.Cells) {
			at = i
			break
		}
	}
	if at < 0 {
		u.errorf(pos, "edit-missing", "override of %s: chart %s (module %s) has no row with these cells; its rows are %s", what, e.Chart, old.Module, quoteList(labels))
		return
	}
	nc := *c
	nc.Pos = e.Pos
	nc.Cite = mergeCites(c.Cite, e.Cite)
	nc.Cells = slices.Clone(c.Cells)
	row := *c.Cells[at]
	row.Pos, row.Value = e.Pos, e.Value
	nc.Cells[at] = &row
	u.mod.Charts[e.Chart] = &ChartDef{Name: nc.Name, Title: nc.Title, Cite: nc.Cite, Origin: u.origin(pos, &Decl{Override: true, Placeholder: d.Placeholder || old.Placeholder}), ast: &nc}
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
