package main

import (
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"

	"github.com/bataille/bataille/dsl"
)

// listable names the lists `explain GAME LIST` prints, with the kinds of
// declaration each holds, as dsl's declaration table lists them.
var listable = func() map[string][]string {
	out := map[string][]string{}
	for _, k := range dsl.DeclKinds() {
		if k.List != "" {
			out[k.List] = append(out[k.List], k.Kind)
		}
	}
	return out
}()

// listNames says the lists explain prints, in the order of the declaration
// table: "params", "tables", … or "tests".
func listNames() string {
	var names []string
	for _, k := range dsl.DeclKinds() {
		if _, ok := listable[k.List]; ok && !slices.Contains(names, strconv.Quote(k.List)) {
			names = append(names, strconv.Quote(k.List))
		}
	}
	if len(names) < 2 {
		return strings.Join(names, "")
	}
	return strings.Join(names[:len(names)-1], ", ") + " or " + names[len(names)-1]
}

// wrap breaks text into lines of at most width bytes, between words.
func wrap(text string, width int) string {
	var b strings.Builder
	n := 0
	for _, w := range strings.Fields(text) {
		if n > 0 && n+1+len(w) > width {
			b.WriteByte('\n')
			n = 0
		} else if n > 0 {
			b.WriteByte(' ')
			n++
		}
		b.WriteString(w)
		n += len(w)
	}
	return b.String()
}

// explainList lists the declarations of some kinds in force, each with its
// title, where it comes from and whether it is a placeholder: what a user
// may name to explain.
func explainList(w io.Writer, mod *dsl.Module, list string, kinds []string) {
	var refs []dsl.DeclRef
	for _, d := range mod.AllDecls() {
		for _, k := range kinds {
			if d.Kind == k {
				refs = append(refs, d)
			}
		}
	}
	fmt.Fprintf(w, "%s has %d %s in force (bataille explain %s NAME for one):\n", mod.ID, len(refs), list, mod.ID)
	width := 0
	for _, d := range refs {
		width = max(width, len(d.Name))
	}
	for _, d := range refs {
		line := fmt.Sprintf("  %-*s", width, d.Name)
		if len(kinds) > 1 {
			line += fmt.Sprintf("  %-11s", d.Kind)
		}
		title := d.Title
		if d.Kind == dsl.KindParam {
			if p, ok := mod.Params[d.Name]; ok {
				title = "= " + fmt.Sprint(p.Value)
			}
		}
		line += fmt.Sprintf("  %-34s module %s", title, d.Module)
		if d.Override {
			line += " (override)"
		}
		if d.Placeholder {
			line += " PLACEHOLDER"
		}
		fmt.Fprintln(w, strings.TrimRight(line, " "))
	}
}

// explainGrid prints a table as the grid it is printed as: a column per
// declared column, labelled by its key cells, rows by the roll.
func explainGrid(w io.Writer, t *dsl.TableDef) {
	g := t.Grid()
	if len(g.Columns) < 2 && len(g.Keys) == 0 {
		return
	}
	fmt.Fprintf(w, "\nas printed (rows by the %s roll once modified", t.Roll.Dice)
	if len(g.Keys) > 0 {
		fmt.Fprintf(w, ", columns by %s", strings.Join(g.Keys, ", "))
	}
	fmt.Fprintln(w, "):")
	// A key cell of several alternatives stands one per line, so that
	// fourteen columns still fit a terminal.
	labels := make([][][]string, len(g.Columns))
	heights := make([]int, len(g.Keys))
	if len(g.Keys) == 0 {
		heights = []int{1}
	}
	widths := make([]int, len(g.Columns))
	for i, c := range g.Columns {
		for k, l := range c.Label {
			alts := strings.Split(l, " | ")
			for a := range alts {
				if a < len(alts)-1 {
					alts[a] += " |"
				}
				widths[i] = max(widths[i], len(alts[a]))
			}
			labels[i] = append(labels[i], alts)
			if k < len(heights) {
				heights[k] = max(heights[k], len(alts))
			}
		}
		for _, b := range g.Bands {
			widths[i] = max(widths[i], len(b.Cells[i]))
		}
	}
	left := len("result")
	for _, b := range g.Bands {
		left = max(left, len(b.Range()))
	}
	for k, h := range heights {
		for line := range h {
			head := ""
			if k == len(heights)-1 && line == h-1 {
				head = "result"
			}
			row := fmt.Sprintf("  %-*s |", left, head)
			for i := range g.Columns {
				text := ""
				if k < len(labels[i]) && line < len(labels[i][k]) {
					text = labels[i][k][line]
				}
				row += fmt.Sprintf(" %-*s", widths[i], text)
			}
			fmt.Fprintln(w, strings.TrimRight(row, " "))
		}
	}
	rule := "  " + strings.Repeat("-", left) + "-+"
	for i := range g.Columns {
		rule += strings.Repeat("-", widths[i]+1)
	}
	fmt.Fprintln(w, rule)
	for _, b := range g.Bands {
		row := fmt.Sprintf("  %-*s |", left, b.Range())
		for i, cell := range b.Cells {
			if cell == "" {
				cell = "-"
			}
			row += fmt.Sprintf(" %-*s", widths[i], cell)
		}
		fmt.Fprintln(w, strings.TrimRight(row, " "))
	}
}

// explainChartGrid prints a chart that is read, not rolled, as a grid: a
// row per value of its first key, a column per value of the others.
func explainChartGrid(w io.Writer, c *dsl.ChartDef) {
	g := c.Grid()
	if g.RowKey == "" {
		return
	}
	fmt.Fprintf(w, "\nas printed (rows by %s", g.RowKey)
	if len(g.ColKeys) > 0 {
		fmt.Fprintf(w, ", columns by %s", strings.Join(g.ColKeys, ", "))
	}
	fmt.Fprintln(w, "):")
	left := len(g.RowKey)
	for _, r := range g.Rows {
		left = max(left, len(r))
	}
	widths := make([]int, len(g.Columns))
	for j, col := range g.Columns {
		for _, l := range col {
			widths[j] = max(widths[j], len(l))
		}
		widths[j] = max(widths[j], len("value"))
		for i := range g.Rows {
			widths[j] = max(widths[j], len(g.Cells[i][j]))
		}
	}
	height := len(g.ColKeys)
	for line := range max(height, 1) {
		head := ""
		if line == max(height, 1)-1 {
			head = g.RowKey
		}
		row := fmt.Sprintf("  %-*s |", left, head)
		for j, col := range g.Columns {
			text := "value"
			if height > 0 {
				text = col[line]
			}
			row += fmt.Sprintf(" %-*s", widths[j], text)
		}
		fmt.Fprintln(w, strings.TrimRight(row, " "))
	}
	rule := "  " + strings.Repeat("-", left) + "-+"
	for j := range g.Columns {
		rule += strings.Repeat("-", widths[j]+1)
	}
	fmt.Fprintln(w, rule)
	for i, r := range g.Rows {
		row := fmt.Sprintf("  %-*s |", left, r)
		for j := range g.Columns {
			cell := g.Cells[i][j]
			if cell == "" {
				cell = "-"
			}
			row += fmt.Sprintf(" %-*s", widths[j], cell)
		}
		fmt.Fprintln(w, strings.TrimRight(row, " "))
	}
}
