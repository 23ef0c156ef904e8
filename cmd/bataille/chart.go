package main

import (
	"bytes"
	"fmt"
	"io"
	"strings"
	"sync"

	"github.com/bataille/bataille/dsl"
	"github.com/bataille/bataille/picture"
	"github.com/spf13/pflag"
)

func init() {
	register(command{"chart", "draw a table as its chart is printed: a column per key combination, bands coloured by outcome, each column's odds", cmdChart})
}

func cmdChart(args []string, stdout, stderr io.Writer) int {
	fs := pflag.NewFlagSet("chart", pflag.ContinueOnError)
	fs.SetOutput(stderr)
	svgOut := fs.String("svg", "", "draw the chart to this SVG file")
	htmlOut := fs.String("html", "", "draw the chart to this HTML page, to print")
	mod := fs.Int("modifier", 0, "the modifier the odds under each column are worked out at (held to the roll's bounds)")
	fs.Usage = func() {
		fmt.Fprintln(stderr, `Usage: bataille chart GAME|DIR TABLE [--svg FILE] [--html FILE] [--modifier N]

Prints a table as the grid a player aid card prints (a column per key
combination, labelled as written; rows by the roll) and draws it, each
column's bands coloured by outcome with its exact odds under it. The
colours are one per outcome in every chart; placeholders are named above
it.`)
		fs.PrintDefaults()
	}
	if code, ok := parseArgs(fs, args, 2, 2); !ok {
		return code
	}
	m := loadOrReport(fs.Arg(0), stderr)
	if m == nil {
		return exitFail
	}
	t, ok := m.Tables[fs.Arg(1)]
	if !ok {
		fmt.Fprintf(stderr, "bataille chart: %s has no table %q%s\n", m.ID, fs.Arg(1), dsl.DidYouMean(fs.Arg(1), sortedNames(m.Tables)))
		return exitFail
	}
	explainGrid(stdout, t)
	if code := writePrinted(printedOf(m, t, *mod), *svgOut, *htmlOut, stderr, "chart"); code != exitOK {
		return code
	}
	return exitOK
}

// printedOf lays a table out for the chart picture: each column's own
// bands over the results the roll reaches, and its exact odds at the
// modifier given.
func printedOf(m *dsl.Module, t *dsl.TableDef, mod int) picture.Printed {
	title := t.Title
	if title == "" {
		title = t.Name
	}
	p := picture.Printed{Title: title, Caveats: caveats(m)}
	p.Subtitle = fmt.Sprintf("%s in %s: roll %s", t.Name, m.ID, t.Roll)
	if mod != 0 {
		p.Subtitle += fmt.Sprintf("; odds at modifier %+d", mod)
	}
	if len(t.Cite) > 0 {
		p.Subtitle += " — " + m.CiteLine(t.Cite)
	}
	g := t.Grid()
	p.Keys = g.Keys
	reach := t.Roll.Reachable()
	if len(reach) == 0 {
		reach = t.Roll.Dice.Results()
	}
	p.Results = reach
	for _, gc := range g.Columns {
		pc := picture.PrintedColumn{Label: gc.Label}
		for i := 0; i < len(reach); {
			r, found := gc.Col.Lookup(reach[i])
			j := i
			for j+1 < len(reach) {
				r2, found2 := gc.Col.Lookup(reach[j+1])
				if found2 != found || r2.Pos != r.Pos || r2.Lo != r.Lo {
					break
				}
				j++
			}
			band := picture.PrintedBand{Lo: reach[i], Hi: reach[j]}
			if found {
				band.Outcome = r.Outcome
				band.Cell = strings.TrimSpace(strings.TrimPrefix(rowCell(r), ""))
			}
			pc.Bands = append(pc.Bands, band)
			i = j + 1
		}
		odds := dsl.ModifiedOdds(t.Roll, gc.Col, mod)
		for _, o := range sortedNames(odds) {
			f, _ := odds[o].Float64()
			pc.Odds = append(pc.Odds, picture.PrintedOdds{Outcome: o, Fraction: fraction(odds[o], t.Roll), Percent: 100 * f})
		}
		p.Columns = append(p.Columns, pc)
	}
	return p
}

// rowCell writes a row's outcome with its numbers (`losses 1 0`).
func rowCell(r dsl.RowDef) string {
	s := r.Outcome
	if r.HasValue {
		s += fmt.Sprintf(" %d", r.Value)
	}
	if r.HasValue2 {
		s += fmt.Sprintf(" %d", r.Value2)
	}
	return s
}

// caveats are the lines every picture and report of a battle carries: the
// placeholders it plays, as run's text names them.
func caveats(m *dsl.Module) []string {
	if s := m.PlaceholderSummary(); s != "" {
		return []string{fmt.Sprintf("PLACEHOLDERS: %s plays %d invented figure(s), not published: %s", m.ID, len(m.Placeholders()), s)}
	}
	return nil
}

func writePrinted(p picture.Printed, svgPath, htmlPath string, stderr io.Writer, cmd string) int {
	return writeDrawn(p, stderr, cmd, drawTo[picture.Printed]{svgPath, picture.PrintedSVG}, drawTo[picture.Printed]{htmlPath, picture.PrintedHTML})
}

// drawTo is a file to draw a picture to, and how; no file is drawn when
// path is blank.
type drawTo[P any] struct {
	path string
	draw func(io.Writer, P) error
}

// writeDrawn draws a picture to each file given, in order, and says how
// it went as an exit code.
func writeDrawn[P any](p P, stderr io.Writer, cmd string, outs ...drawTo[P]) int {
	for _, out := range outs {
		if strings.TrimSpace(out.path) == "" {
			continue
		}
		var buf bytes.Buffer
		if err := out.draw(&buf, p); err != nil {
			fmt.Fprintf(stderr, "bataille %s: %v\n", cmd, err)
			return exitFail
		}
		if code := writeOutput(out.path, buf.Bytes(), nil, stderr, cmd); code != exitOK {
			return code
		}
	}
	return exitOK
}

// placeholders records, by module id, the placeholders of each battle this
// process loaded, for the reports that name a battle by its id alone.
var placeholders sync.Map // id → []string

// notePlaceholdersOf records a loaded battle's placeholders.
func notePlaceholdersOf(m *dsl.Module) {
	var names []string
	for _, p := range m.Placeholders() {
		names = append(names, p.Kind+" "+p.Name)
	}
	placeholders.Store(m.ID, names)
}

// placeholdersOf lists the placeholders of a battle loaded by its id.
func placeholdersOf(id string) []string {
	v, ok := placeholders.Load(id)
	if !ok {
		return nil
	}
	return v.([]string)
}

// caveatNote is the line a picture prints for the battles it shows.
func caveatNote(ids ...string) string {
	var parts []string
	for _, id := range ids {
		if ps := placeholdersOf(id); len(ps) > 0 {
			parts = append(parts, fmt.Sprintf("%s plays %d placeholder(s), invented figures not published: %s", id, len(ps), strings.Join(ps, ", ")))
		}
	}
	if len(parts) == 0 {
		return ""
	}
	return "PLACEHOLDERS: " + strings.Join(parts, "; ")
}
