package picture

import (
	"strconv"

	"github.com/bataille/bataille/dsl"
	"github.com/bataille/bataille/interpreter"
)

// signed writes a modifier the way the charts print it: +3, −6.
func signed(v int) string {
	if v < 0 {
		return "−" + strconv.Itoa(-v)
	}
	return "+" + strconv.Itoa(v)
}

// rollSection draws one roll: the table and column it was read on, the
// dice, each modifier and the result, and the column's rows as a strip of
// every result the dice give, the row read lit and the result marked. It
// reads the event's Roll and Mods, not its narration.
func rollSection(mod *dsl.Module, step int, ev interpreter.Event) string {
	var b builder
	d := ev.Roll
	rolled := d.Natural != 0 // the dice's least natural value is 1
	title := ev.Table
	var col *dsl.ColumnDef
	var check *dsl.CheckDef
	var dice dsl.Dice
	haveDice := false
	if t, ok := mod.Tables[ev.Table]; ok {
		if t.Title != "" {
			title = t.Title
		}
		dice, haveDice = t.Roll.Dice, true
		if rolled && d.Column >= 0 && d.Column < len(t.Columns) {
			col = t.Columns[d.Column]
		}
	} else if c, ok := mod.Checks[ev.Table]; ok {
		if c.Title != "" {
			title = c.Title
		}
		dice, haveDice, check = c.Roll.Dice, true, c
	}
	b.f(`<section class="roll" data-step="%d" data-table="%s" hidden="">`, step, esc(ev.Table))
	b.f(`<h3>%s</h3>`, esc(title))
	if col != nil && col.Name() != "" {
		b.f(`<p class="column">column <b>%s</b></p>`, esc(col.Name()))
	}
	if ev.Unit != "" {
		b.f(`<p class="for">for <b>%s</b> at %s</p>`, esc(ev.Unit), esc(ev.Hex))
	}
	b.WriteString(`<table class="sum"><tbody>`)
	if rolled {
		b.f(`<tr class="natural"><td>%s rolled</td><td class="n">%d</td></tr>`, esc(d.Dice), d.Natural)
		for _, m := range ev.Mods {
			title := esc(m.Title)
			if m.Placeholder {
				title += ` <span class="ph">(placeholder)</span>`
			}
			b.f(`<tr class="mod" title="%s"><td>%s</td><td class="n">%s</td></tr>`, esc(m.Cite), title, signed(m.Value))
		}
		if d.Held() {
			b.f(`<tr class="held"><td>held by the table's bounds to</td><td class="n">%s</td></tr>`, signed(d.Modifier))
		}
		if len(ev.Mods) == 0 && d.Modifier == 0 {
			b.WriteString(`<tr class="mod none"><td>no modifier</td><td class="n"></td></tr>`)
		}
		b.f(`<tr class="result"><td>result</td><td class="n">%d</td></tr>`, d.Result)
	} else if ev.Dice != "" {
		b.f(`<tr><td>dice</td><td>%s</td></tr>`, esc(ev.Dice))
	}
	out := ev.Outcome
	if ev.Row != "" {
		out = ev.Row + " → " + out
	}
	b.f(`<tr class="outcome"><td>reads</td><td>%s</td></tr></tbody></table>`, esc(out))
	if haveDice && rolled && (col != nil || check != nil && d.Threshold != nil) {
		b.WriteString(strip(dice, col, check, ev))
	}
	if ev.Cite != "" {
		b.f(`<p class="cite">%s</p>`, esc(ev.Cite))
	}
	b.WriteString(`</section>`)
	return b.String()
}

// strip draws the results of the dice in order as cells, grouped by the
// row (or pass and fail) they fall in.
func strip(dice dsl.Dice, col *dsl.ColumnDef, check *dsl.CheckDef, ev interpreter.Event) string {
	results := dice.Results()
	if len(results) == 0 || len(results) > 200 {
		return ""
	}
	d := ev.Roll
	threshold := 0
	if check != nil {
		threshold = *d.Threshold
	}
	label := func(r int) string {
		if check != nil {
			if check.Passes(r, threshold) {
				return "pass"
			}
			return "fail"
		}
		row, ok := col.Lookup(r)
		if !ok {
			return "?"
		}
		return row.Outcome
	}
	const w, cellH = 440.0, 20.0
	cw := w / float64(len(results))
	var b builder
	b.f(`<svg class="strip" xmlns="http://www.w3.org/2000/svg" viewBox="0 0 %s 56" width="%s" height="56">`, num(w+2), num(w+2))
	// Segments: runs of results with the same outcome.
	outcomes := map[string]int{}
	start := 0
	for i := 1; i <= len(results); i++ {
		if i < len(results) && label(results[i]) == label(results[start]) {
			continue
		}
		name := label(results[start])
		if _, ok := outcomes[name]; !ok {
			outcomes[name] = len(outcomes)
		}
		read := name == ev.Outcome && d.Result >= results[start] && d.Result <= results[i-1]
		cls := "seg"
		if read {
			cls += " read"
		}
		x := 1 + cw*float64(start)
		b.f(`<g class="%s"><rect x="%s" y="18" width="%s" height="%s" fill="%s"/>`, cls, num(x), num(cw*float64(i-start)), num(cellH), segFill[outcomes[name]%len(segFill)])
		b.f(`<text x="%s" y="31.5">%s</text>`, num(x+cw*float64(i-start)/2), esc(shortLabel(name, cw*float64(i-start))))
		b.f(`<title>%d..%d → %s</title></g>`, results[start], results[i-1], esc(name))
		start = i
	}
	// The result points down onto the strip from above; the natural roll,
	// when modifiers moved it, points up from below.
	mark := func(v int, cls, text string, below bool) {
		for i, r := range results {
			if r == v {
				x := 1 + cw*(float64(i)+0.5)
				// A label near an end of the strip is anchored inside it,
				// so that "rolled 12" is never clipped to "olled 12".
				half, right := 3.2*float64(len(text)), 1+cw*float64(len(results))
				anchor := ""
				switch {
				case x-half < 1:
					anchor = ` style="text-anchor:start"`
				case x+half > right:
					anchor = ` style="text-anchor:end"`
				}
				tx := x
				if anchor == ` style="text-anchor:start"` {
					tx = max(1, x-4)
				} else if anchor != "" {
					tx = min(right, x+4)
				}
				if below {
					b.f(`<g class="%s"><path d="M%s,38 l-4,6 h8 z"/><text x="%s" y="52"%s>%s</text></g>`, cls, num(x), num(tx), anchor, text)
				} else {
					b.f(`<g class="%s"><path d="M%s,18 l-4,-6 h8 z"/><text x="%s" y="10"%s>%s</text></g>`, cls, num(x), num(tx), anchor, text)
				}
				return
			}
		}
	}
	if d.Natural != d.Result {
		mark(d.Natural, "mark natural", "rolled "+strconv.Itoa(d.Natural), true)
	}
	mark(d.Result, "mark result", strconv.Itoa(d.Result), false)
	b.WriteString(`</svg>`)
	return b.String()
}

var segFill = []string{"#c8e6c9", "#ffe0b2", "#ffcdd2", "#d1c4e9", "#b3e5fc", "#f0f4c3", "#d7ccc8"}

// shortLabel fits an outcome's name into a segment of width w.
func shortLabel(s string, w float64) string {
	n := int(w / 5.2)
	r := []rune(s)
	if n <= 0 {
		return ""
	}
	if len(r) > n {
		return string(r[:n])
	}
	return s
}
