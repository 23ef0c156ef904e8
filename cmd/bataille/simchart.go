package main

import (
	"bytes"
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
	}
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

// writeCharts writes the report as an SVG chart and as an HTML page, to the
// files given.
func writeCharts(rep simReport, htmlPath, svgPath string, marks bool, stderr io.Writer) int {
	c := simChart(rep, marks)
	for _, out := range []struct {
		path string
		draw func(io.Writer, picture.Chart) error
	}{{svgPath, picture.ChartSVG}, {htmlPath, picture.ChartHTML}} {
		if strings.TrimSpace(out.path) == "" {
			continue
		}
		var buf bytes.Buffer
		if err := out.draw(&buf, c); err != nil {
			fmt.Fprintf(stderr, "bataille simulate: %v\n", err)
			return exitFail
		}
		if code := writeOutput(out.path, buf.Bytes(), nil, stderr, "simulate"); code != exitOK {
			return code
		}
	}
	return exitOK
}
