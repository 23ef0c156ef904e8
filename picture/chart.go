package picture

import (
	"io"
	"math"
	"strconv"
	"strings"
)

// Chart is a set of estimates to compare side by side: one bar per series
// (a battle's rules) in each group (an outcome), with its 95% interval.
type Chart struct {
	Title    string
	Subtitle string
	Note     string // how to read it, under the subtitle of the page
	// Caveat is drawn under the title of the SVG and the page alike: the
	// placeholders the battles shown play.
	Caveat string
	// ShareLabel heads the panel of shares ("Share of runs" when empty).
	ShareLabel string
	Series     []string
	Groups     []Group
}

// Group is one outcome: a share of runs (drawn 0 to 100%) or a mean count.
type Group struct {
	Name  string
	Share bool
	Bars  []Bar // one per series, in order
}

// Bar is an estimate and its interval; Missing when the series never had
// the outcome at all. An exact figure has Lo and Hi equal to Mean.
type Bar struct {
	Mean, Lo, Hi float64
	Missing      bool
}

const (
	chartW     = 760.0
	labelW     = 230.0
	barH       = 11.0
	groupGap   = 9.0
	valueW     = 120.0
	panelTitle = 26.0
)

// ChartSVG draws the chart as SVG: shares in one panel on a 0–100% scale,
// means in another on their own scale, a colour per series.
func ChartSVG(w io.Writer, c Chart) error {
	_, err := io.WriteString(w, chartSVG(c))
	return err
}

// ChartHTML wraps the chart in a self-contained page.
func ChartHTML(w io.Writer, c Chart) error {
	var b builder
	b.pageStart(c.Title, "<style>"+pictureBody+"h1{font-size:18px}p{font-size:13px;color:#555}</style>\n")
	b.f("<h1>%s</h1>\n", esc(c.Title))
	if c.Subtitle != "" {
		b.f("<p>%s</p>\n", esc(c.Subtitle))
	}
	if c.Note != "" {
		b.f("<p>%s</p>\n", esc(c.Note))
	}
	b.WriteString(chartSVG(c))
	return b.pageEnd(w)
}

func chartSVG(c Chart) string {
	var shares, means []Group
	for _, g := range c.Groups {
		if g.Share {
			shares = append(shares, g)
		} else {
			means = append(means, g)
		}
	}
	groupH := float64(len(c.Series))*barH + groupGap
	// The legend runs in rows that fit the width.
	type swatch struct{ x, y float64 }
	var sw []swatch
	lx, ly := 12.0, 34.0
	for _, s := range c.Series {
		w := 30 + 6.5*float64(len([]rune(s)))
		if lx > 12 && lx+w > chartW-12 {
			lx, ly = 12, ly+18
		}
		sw = append(sw, swatch{lx, ly})
		lx += w
	}
	legendH := ly - 34 + 28
	top := 36.0
	if c.Caveat != "" {
		top += 16
		for i := range sw {
			sw[i].y += 16
		}
	}
	h := top + legendH
	if len(shares) > 0 {
		h += panelTitle + float64(len(shares))*groupH + 24
	}
	if len(means) > 0 {
		h += panelTitle + float64(len(means))*groupH + 24
	}
	var b builder
	b.f(`<svg xmlns="http://www.w3.org/2000/svg" class="chart" viewBox="0 0 %s %s" width="%s" height="%s" font-family="DejaVu Sans, Arial, sans-serif">`+"\n", num(chartW), num(h), num(chartW), num(h))
	b.WriteString(`<style>.chart text{font-size:11px;fill:#222}.chart .title{font-size:14px;font-weight:bold}.chart .panel{font-size:12px;font-weight:bold}.chart .axis{stroke:#999;stroke-width:0.6}.chart .grid{stroke:#ddd;stroke-width:0.6}.chart .ci{stroke:#1b1b1b;stroke-width:1.2}.chart .val{font-size:10px;fill:#444}.chart .tick{font-size:9px;fill:#666;text-anchor:middle}</style>` + "\n")
	b.f(`<rect width="%s" height="%s" fill="#fbf8ef"/>`, num(chartW), num(h))
	b.f(`<text class="title" x="12" y="22">%s</text>`+"\n", esc(c.Title))
	if c.Caveat != "" {
		b.f(`<text class="caveat" x="12" y="40" fill="#b22222" font-weight="bold">%s</text>`+"\n", esc(c.Caveat))
	}
	// Legend: one swatch per series.
	for i, s := range c.Series {
		b.f(`<rect class="swatch" x="%s" y="%s" width="12" height="12" fill="%s"/><text x="%s" y="%s">%s</text>`, num(sw[i].x), num(sw[i].y), colour(i), num(sw[i].x+16), num(sw[i].y+10), esc(s))
	}
	b.WriteString("\n")
	y := top + legendH
	if len(shares) > 0 {
		label := c.ShareLabel
		if label == "" {
			label = "Share of runs"
		}
		y = panel(&b, label, shares, y, 1, true, len(c.Series))
	}
	if len(means) > 0 {
		top := 0.0
		for _, g := range means {
			for _, bar := range g.Bars {
				if !bar.Missing {
					top = math.Max(top, math.Max(bar.Hi, bar.Mean))
				}
			}
		}
		panel(&b, "Mean per run", means, y, niceMax(top), false, len(c.Series))
	}
	b.WriteString("</svg>\n")
	return b.String()
}

// panel draws one scale's groups from y down and returns where it ends.
func panel(b *builder, title string, groups []Group, y, top float64, share bool, series int) float64 {
	x0, x1 := labelW, chartW-valueW
	scale := func(v float64) float64 {
		if top <= 0 {
			return x0
		}
		return x0 + (x1-x0)*math.Max(0, math.Min(v, top))/top
	}
	b.f(`<g class="panel-%s">`, map[bool]string{true: "shares", false: "means"}[share])
	b.f(`<text class="panel" x="12" y="%s">%s</text>`, num(y+16), esc(title))
	y += panelTitle
	top0 := y
	groupH := float64(series)*barH + groupGap
	bottom := y + float64(len(groups))*groupH
	for i := 0; i <= 4; i++ {
		v := top * float64(i) / 4
		gx := scale(v)
		b.f(`<line class="grid" x1="%s" y1="%s" x2="%s" y2="%s"/>`, num(gx), num(y-2), num(gx), num(bottom))
		label := strconv.FormatFloat(v, 'f', -1, 64)
		if share {
			label = strconv.Itoa(int(math.Round(v*100))) + "%"
		}
		b.f(`<text class="tick" x="%s" y="%s">%s</text>`, num(gx), num(bottom+12), label)
	}
	for _, g := range groups {
		b.f(`<g class="group" data-name="%s"><text x="12" y="%s">%s</text>`, esc(g.Name), num(y+float64(series)*barH/2+4), esc(g.Name))
		for i, bar := range g.Bars {
			by := y + float64(i)*barH
			if bar.Missing {
				b.f(`<text class="val" x="%s" y="%s">–</text>`, num(x0+4), num(by+barH-2))
				continue
			}
			b.f(`<rect class="bar" data-series="%d" x="%s" y="%s" width="%s" height="%s" fill="%s"/>`, i, num(x0), num(by+1), num(scale(bar.Mean)-x0), num(barH-2), colour(i))
			if !bar.exact() {
				lo, hi := scale(bar.Lo), scale(bar.Hi)
				cy := by + barH/2
				b.f(`<path class="ci" d="M%s,%s H%s M%s,%s V%s M%s,%s V%s"/>`, num(lo), num(cy), num(hi), num(lo), num(cy-3), num(cy+3), num(hi), num(cy-3), num(cy+3))
			}
			b.f(`<text class="val" x="%s" y="%s">%s</text>`, num(x1+6), num(by+barH-2), esc(barText(bar, share)))
		}
		b.WriteString("</g>\n")
		y += groupH
	}
	b.f(`<line class="axis" x1="%s" y1="%s" x2="%s" y2="%s"/>`, num(x0), num(top0-2), num(x0), num(bottom))
	b.WriteString("</g>\n")
	return bottom + 24
}

// exact reports a figure known exactly (odds worked out, not sampled):
// it has no interval to draw.
func (b Bar) exact() bool { return b.Lo == b.Mean && b.Hi == b.Mean }

func barText(bar Bar, share bool) string {
	if bar.exact() {
		if share {
			return fixed(100*bar.Mean, 1) + "%"
		}
		return fixed(bar.Mean, 2)
	}
	if share {
		return fixed(100*bar.Mean, 1) + "% [" + fixed(100*bar.Lo, 1) + ", " + fixed(100*bar.Hi, 1) + "]"
	}
	return fixed(bar.Mean, 2) + " [" + fixed(bar.Lo, 2) + ", " + fixed(bar.Hi, 2) + "]"
}

// fixed writes v with the given decimals, never as -0.0.
func fixed(v float64, decimals int) string {
	s := strconv.FormatFloat(v, 'f', decimals, 64)
	if strings.HasPrefix(s, "-") && strings.Trim(s[1:], "0.") == "" {
		return s[1:]
	}
	return s
}

// niceMax rounds a scale's top up to 1, 2 or 5 times a power of ten.
func niceMax(v float64) float64 {
	if v <= 0 {
		return 1
	}
	p := math.Pow(10, math.Floor(math.Log10(v)))
	for _, m := range []float64{1, 2, 5, 10} {
		if m*p >= v {
			return m * p
		}
	}
	return 10 * p
}
