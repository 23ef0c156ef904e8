package main

import (
	"fmt"
	"io"
	"strings"

	"github.com/bataille/bataille/picture"
)

// simChart turns a report into a chart: the outcomes the table prints (the
// rules' marks with marks), one bar per --rules column.
func simChart(rep simReport, marks bool) picture.Chart {
	c := picture.Chart{
		Title:    "Scenario " + rep.Scenario,
		Subtitle: fmt.Sprintf("%d runs per column, seeds %d..%d", rep.To-rep.From, rep.Seed+uint64(rep.From), rep.Seed+uint64(rep.To)-1),
		Note:     "Bars are means over the runs; whiskers are 95% confidence intervals.",
	}
	if rep.Exact {
		c.Subtitle = "exact: every path through the dice, weighted by its chance"
		c.Note = "Bars are exact chances and means; there is no interval to draw."
		c.ShareLabel = "Chance"
	}
	var ids []string
	for _, col := range rep.Columns {
		ids = append(ids, col.Rules)
	}
	c.Caveat = caveatNote(ids...)
	idx := map[string]int{}
	for ci, col := range rep.Columns {
		c.Series = append(c.Series, col.Rules)
		for _, o := range col.Outcomes {
			if !marks && isMark(o.Name) {
				continue
			}
			k, ok := idx[o.Name]
			if !ok {
				k = len(c.Groups)
				idx[o.Name] = k
				g := picture.Group{Name: o.Name, Share: o.Share, Bars: make([]picture.Bar, len(rep.Columns))}
				for i := range g.Bars {
					g.Bars[i].Missing = true
				}
				c.Groups = append(c.Groups, g)
			}
			c.Groups[k].Bars[ci] = picture.Bar{Mean: o.Mean, Lo: o.Lo, Hi: o.Hi}
		}
	}
	// The same rows as the table: by name, leaving out those whose every
	// figure prints as zero.
	var kept []picture.Group
	for _, g := range c.Groups {
		for _, b := range g.Bars {
			if !b.Missing && cell(simOutcome{Share: g.Share, Mean: b.Mean})[:4] != map[bool]string{true: "0.0%", false: "0.00"}[g.Share] {
				kept = append(kept, g)
				break
			}
		}
	}
	names := make([]string, len(kept))
	byName := map[string]picture.Group{}
	for i, g := range kept {
		names[i] = g.Name
		byName[g.Name] = g
	}
	sortStrings(names)
	c.Groups = c.Groups[:0]
	for _, n := range names {
		c.Groups = append(c.Groups, byName[n])
	}
	return c
}

// oddsChart draws a table's exact odds the same way: a bar per column
// for each outcome.
func oddsChart(rep oddsReport, title string) picture.Chart {
	c := picture.Chart{Title: title, Subtitle: fmt.Sprintf("%s in %s: roll %s, modifier %+d", rep.Table, rep.Battle, rep.Roll, rep.Applied),
		Note: "Exact chances of each outcome, a colour per column of the table.", ShareLabel: "Chance of each outcome"}
	c.Caveat = caveatNote(rep.Battle)
	idx := map[string]int{}
	for ci, col := range rep.Columns {
		name := col.Column
		if name == "" {
			name = rep.Table
		}
		c.Series = append(c.Series, strings.Trim(name, `"`))
		for _, o := range col.Outcomes {
			k, ok := idx[o.Outcome]
			if !ok {
				k = len(c.Groups)
				idx[o.Outcome] = k
				c.Groups = append(c.Groups, picture.Group{Name: o.Outcome, Share: true, Bars: make([]picture.Bar, len(rep.Columns))})
			}
			p := o.Percent / 100
			c.Groups[k].Bars[ci] = picture.Bar{Mean: p, Lo: p, Hi: p}
		}
	}
	return c
}

// writeCharts writes the report as an SVG chart and as an HTML page, to the
// files given.
func writeCharts(rep simReport, htmlPath, svgPath string, marks bool, stderr io.Writer) int {
	return writeChart(simChart(rep, marks), htmlPath, svgPath, stderr, "simulate")
}

func writeChart(c picture.Chart, htmlPath, svgPath string, stderr io.Writer, cmd string) int {
	return writeDrawn(c, stderr, cmd, drawTo[picture.Chart]{svgPath, picture.ChartSVG}, drawTo[picture.Chart]{htmlPath, picture.ChartHTML})
}
