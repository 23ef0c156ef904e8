package picture

import (
	"hash/fnv"
	"io"
	"strconv"
	"strings"
)

// Printed is a table drawn as a player aid card prints it: a column per
// key combination, labelled as printed, the roll's results down the side
// and each column's bands coloured by outcome, with the column's exact
// odds under it. A designer prints it and plays with it.
type Printed struct {
	Title    string
	Subtitle string
	// Caveats are printed above the chart: the placeholders a battle plays,
	// so that an invented chart is not read as a published one.
	Caveats []string
	Keys    []string // what the columns are chosen by
	Results []int    // the results a roll can reach, top to bottom
	Columns []PrintedColumn
}

// PrintedColumn is one printed column.
type PrintedColumn struct {
	Label []string // one line per key: the cell as written
	Bands []PrintedBand
	Odds  []PrintedOdds
}

// PrintedBand is a run of results that reads one row.
type PrintedBand struct {
	Lo, Hi  int // results, as the roll reads them
	Outcome string
	Cell    string // the outcome with its numbers
}

// PrintedOdds is one outcome's exact chance in a column.
type PrintedOdds struct {
	Outcome, Fraction string
	Percent           float64
}

// known outcomes keep one colour in every chart; others take one from the
// palette by their name, the same in every chart too.
var outcomeColours = map[string]string{
	"carre": "#3b7d3a", "pass": "#3b7d3a", "recall": "#2f5597", "no_effect": "#c9c3b3",
	"disorder": "#d9a21b", "fail": "#8a8a8a", "rout": "#b22222", "losses": "#7b3fa0",
	"retreat": "#c77c00", "attacker_routs": "#8d2a2a", "defender_routs": "#d0523a",
}

var outcomePalette = []string{"#00838f", "#8d6e63", "#5c6bc0", "#9e9d24", "#ad1457", "#00695c", "#6d4c41", "#546e7a"}

// OutcomeColour is the colour an outcome is drawn in, in every picture.
func OutcomeColour(outcome string) string {
	if c, ok := outcomeColours[outcome]; ok {
		return c
	}
	h := fnv.New32a()
	_, _ = h.Write([]byte(outcome))
	return outcomePalette[h.Sum32()%uint32(len(outcomePalette))]
}

const (
	pColW   = 74.0
	pLeft   = 52.0
	pRowH   = 13.0
	pLineH  = 13.0
	pMargin = 12.0
)

// PrintedSVG draws the chart as SVG.
func PrintedSVG(w io.Writer, p Printed) error {
	_, err := io.WriteString(w, printedSVG(p))
	return err
}

// PrintedHTML wraps the chart in a self-contained page.
func PrintedHTML(w io.Writer, p Printed) error {
	var b builder
	b.pageStart(p.Title, "<style>"+pictureBody+"@media print{body{margin:0}}</style>\n")
	b.WriteString(printedSVG(p))
	return b.pageEnd(w)
}

func printedSVG(p Printed) string {
	// The legend: every outcome the chart prints, in order of appearance.
	var outcomes []string
	seen := map[string]bool{}
	for _, c := range p.Columns {
		for _, band := range c.Bands {
			if band.Outcome != "" && !seen[band.Outcome] {
				seen[band.Outcome] = true
				outcomes = append(outcomes, band.Outcome)
			}
		}
	}
	labelLines := 0
	oddsLines := 0
	for _, c := range p.Columns {
		n := 0
		for _, l := range c.Label {
			n += len(splitAlts(l))
		}
		labelLines = max(labelLines, n)
		oddsLines = max(oddsLines, len(c.Odds))
	}
	width := pLeft + float64(len(p.Columns))*pColW + pMargin
	width = max(width, 420)
	y := 22.0
	// Title, subtitle, a line per caveat, the legend, then the labels.
	legendY := y + 16 + 16*float64(len(p.Caveats)) + 18
	head := legendY + 22
	top := head + float64(labelLines)*pLineH + 8
	bodyH := float64(len(p.Results)) * pRowH
	height := top + bodyH + 10 + float64(oddsLines)*2*pLineH + pMargin
	var b builder
	b.f(`<svg xmlns="http://www.w3.org/2000/svg" class="printed" viewBox="0 0 %s %s" width="%s" height="%s" font-family="DejaVu Sans, Arial, sans-serif">`+"\n", num(width), num(height), num(width), num(height))
	b.WriteString(`<style>.printed text{font-size:10px;fill:#222}.printed .title{font-size:14px;font-weight:bold}.printed .sub{font-size:11px;fill:#555}.printed .caveat{font-size:11px;fill:#b22222;font-weight:bold}.printed .key{font-size:10px;font-weight:bold;text-anchor:middle}.printed .res{font-size:9px;fill:#555;text-anchor:end}.printed .band{font-size:9px;fill:#fff;text-anchor:middle}.printed .odds{font-size:9px;text-anchor:middle}.printed .cell{stroke:#fbf8ef;stroke-width:1}</style>` + "\n")
	b.f(`<rect width="%s" height="%s" fill="#fbf8ef"/>`+"\n", num(width), num(height))
	b.f(`<text class="title" x="%s" y="%s">%s</text>`+"\n", num(pMargin), num(y), esc(p.Title))
	y += 16
	if p.Subtitle != "" {
		b.f(`<text class="sub" x="%s" y="%s">%s</text>`+"\n", num(pMargin), num(y), esc(p.Subtitle))
	}
	for _, c := range p.Caveats {
		y += 16
		b.f(`<text class="caveat" x="%s" y="%s">%s</text>`+"\n", num(pMargin), num(y), esc(c))
	}
	y += 18
	lx := pMargin
	for _, o := range outcomes {
		b.f(`<rect class="swatch" data-outcome="%s" x="%s" y="%s" width="12" height="12" fill="%s"/><text x="%s" y="%s">%s</text>`, esc(o), num(lx), num(y-10), OutcomeColour(o), num(lx+16), num(y), esc(o))
		lx += 30 + 6.5*float64(len([]rune(o)))
	}
	b.WriteString("\n")
	rowOf := map[int]int{}
	for i, r := range p.Results {
		rowOf[r] = i
		if i%6 == 0 || len(p.Results) <= 12 {
			b.f(`<text class="res" x="%s" y="%s">%d</text>`, num(pLeft-6), num(top+float64(i)*pRowH+pRowH-3), r)
		}
	}
	b.WriteString("\n")
	for ci, c := range p.Columns {
		x := pLeft + float64(ci)*pColW
		cx := x + pColW/2
		b.f(`<g class="column" data-column="%d">`, ci)
		ly := head
		for _, l := range c.Label {
			for _, alt := range splitAlts(l) {
				b.f(`<text class="key" x="%s" y="%s">%s</text>`, num(cx), num(ly), esc(alt))
				ly += pLineH
			}
		}
		for _, band := range c.Bands {
			r0, ok0 := rowOf[band.Lo]
			r1, ok1 := rowOf[band.Hi]
			if !ok0 || !ok1 {
				continue
			}
			by := top + float64(r0)*pRowH
			bh := float64(r1-r0+1) * pRowH
			fill := "#ffffff"
			if band.Outcome != "" {
				fill = OutcomeColour(band.Outcome)
			}
			b.f(`<rect class="cell" data-outcome="%s" x="%s" y="%s" width="%s" height="%s" fill="%s"><title>%s: %s</title></rect>`,
				esc(band.Outcome), num(x+2), num(by), num(pColW-4), num(bh), fill, esc(rangeText(band)), esc(band.Cell))
			if r1 > r0 {
				b.f(`<text class="band" x="%s" y="%s">%s</text>`, num(cx), num(by+bh/2-1), esc(rangeText(band)))
				b.f(`<text class="band" x="%s" y="%s">%s</text>`, num(cx), num(by+bh/2+9), esc(band.Cell))
			} else {
				b.f(`<text class="band" x="%s" y="%s">%s</text>`, num(cx), num(by+pRowH-3), esc(rangeText(band)))
			}
		}
		oy := top + bodyH + 10
		for _, o := range c.Odds {
			oy += pLineH
			b.f(`<text class="odds" x="%s" y="%s" fill="%s">%s</text>`, num(cx), num(oy), OutcomeColour(o.Outcome), esc(o.Outcome))
			oy += pLineH
			b.f(`<text class="odds" x="%s" y="%s">%s %s%%</text>`, num(cx), num(oy), esc(o.Fraction), fixed(o.Percent, 1))
		}
		b.WriteString("</g>\n")
	}
	b.WriteString("</svg>\n")
	return b.String()
}

// splitAlts stands a cell's alternatives one per line.
func splitAlts(l string) []string {
	alts := strings.Split(l, " | ")
	for i := range alts[:len(alts)-1] {
		alts[i] += " |"
	}
	return alts
}

func rangeText(b PrintedBand) string {
	if b.Lo == b.Hi {
		return strconv.Itoa(b.Lo)
	}
	return strconv.Itoa(b.Lo) + "–" + strconv.Itoa(b.Hi)
}
