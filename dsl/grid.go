package dsl

import (
	"fmt"
	"strconv"
	"strings"
)

// Grid is a table laid out as a player aid card prints it: a column for
// each column the table declares, labelled by its key cells (or its
// title), and rows by the roll, each row a band of results over which no
// column changes its outcome. explain prints it and the chart picture
// draws it, so both show the same chart.
type Grid struct {
	Keys    []string     // what the columns are chosen by, as written
	Columns []GridColumn // in the order they are declared
	Bands   []Band       // the reachable results, top to bottom
}

// GridColumn is one printed column.
type GridColumn struct {
	// Label has one entry per key: the key cell as written (`french |
	// allies`); a column without keys has its title, or "" for a one-way
	// table.
	Label []string
	Col   *ColumnDef
}

// Band is a run of results Lo..Hi that every column reads from one row.
type Band struct {
	Lo, Hi int
	// Cells is what each column gives over the band: its outcome with any
	// numbers (`losses 1 0`), or "" where no row covers it.
	Cells []string
}

// Range writes the band as a chart does: `11..36`, or `44` alone.
func (b Band) Range() string {
	if b.Lo == b.Hi {
		return strconv.Itoa(b.Lo)
	}
	return fmt.Sprintf("%d..%d", b.Lo, b.Hi)
}

// Grid lays the table out as it is printed, over the results its roll can
// reach once modified (d66 held to 11..66).
func (t *TableDef) Grid() Grid {
	g := Grid{}
	for _, k := range t.Keys {
		g.Keys = append(g.Keys, k.Source)
	}
	for _, c := range t.Columns {
		gc := GridColumn{Col: c}
		switch {
		case len(c.Cells) > 0:
			for _, cell := range c.Cells {
				gc.Label = append(gc.Label, cell.String())
			}
		case c.Title != "":
			gc.Label = []string{c.Title}
		case c.When != nil:
			gc.Label = []string{"when " + c.When.Source}
		}
		g.Columns = append(g.Columns, gc)
	}
	reach := t.Roll.Reachable()
	if len(reach) == 0 {
		reach = t.Roll.Dice.Results()
	}
	rowAt := func(c *ColumnDef, v int) int {
		for i, r := range c.Rows {
			if v >= r.Lo && v <= r.Hi {
				return i
			}
		}
		return -1
	}
	same := func(a, b int) bool {
		for _, c := range t.Columns {
			if rowAt(c, a) != rowAt(c, b) {
				return false
			}
		}
		return true
	}
	for i := 0; i < len(reach); {
		j := i
		for j+1 < len(reach) && same(reach[i], reach[j+1]) {
			j++
		}
		b := Band{Lo: reach[i], Hi: reach[j]}
		for _, c := range t.Columns {
			cell := ""
			if r, ok := c.Lookup(reach[i]); ok {
				cell = rowKey(r)
			}
			b.Cells = append(b.Cells, cell)
		}
		g.Bands = append(g.Bands, b)
		i = j + 1
	}
	return g
}

// ChartGrid is a chart that is read, not rolled, laid out as printed: a row
// for each value of its first key, a column for each combination of the
// values of the others (one column of values for a chart of one key).
type ChartGrid struct {
	RowKey  string
	ColKeys []string
	Rows    []string   // the first key's values
	Columns [][]string // per column, one value per further key
	Cells   [][]string // Cells[row][column]: the value, or "" where no row gives one
}

// Grid lays the chart out as printed.
func (c *ChartDef) Grid() ChartGrid {
	g := ChartGrid{}
	if len(c.Keys) == 0 {
		return g
	}
	g.RowKey = c.Keys[0].Source
	for _, k := range c.Keys[1:] {
		g.ColKeys = append(g.ColKeys, k.Source)
	}
	// Every combination of the further keys' values, the last key fastest.
	combos := [][]any{nil}
	for _, k := range c.Keys[1:] {
		var next [][]any
		for _, prefix := range combos {
			for _, v := range k.Values() {
				next = append(next, append(append([]any(nil), prefix...), v))
			}
		}
		combos = next
	}
	for _, combo := range combos {
		label := make([]string, len(combo))
		for i, v := range combo {
			label[i] = fmt.Sprint(v)
		}
		g.Columns = append(g.Columns, label)
	}
	for _, rv := range c.Keys[0].Values() {
		g.Rows = append(g.Rows, fmt.Sprint(rv))
		line := make([]string, len(combos))
		for j, combo := range combos {
			vals := append([]any{rv}, combo...)
			for _, row := range c.Rows {
				if rowMatches(row.Cells, vals) {
					line[j] = strconv.FormatFloat(row.Value, 'f', -1, 64)
					break
				}
			}
		}
		g.Cells = append(g.Cells, line)
	}
	return g
}

func rowMatches(cells []Cell, vals []any) bool {
	if len(cells) != len(vals) {
		return false
	}
	for i, cell := range cells {
		if !cell.Matches(vals[i]) {
			return false
		}
	}
	return true
}

// OutcomeName is the outcome a grid cell names, without its numbers.
func OutcomeName(cell string) string {
	name, _, _ := strings.Cut(cell, " ")
	return name
}
