package picture

import (
	"regexp"
	"strconv"
	"strings"

	"github.com/bataille/bataille/dsl"
	"github.com/bataille/bataille/interpreter"
)

// modifier is one term added to a roll, with the title it is shown under.
type modifier struct {
	Title       string
	Value       int
	Cite        string
	Placeholder bool
}

// diceRoll is a roll as the trace's dice text gives it: "d66 61-1=56", or
// "d66 41, Leader -6, Light cavalry +3 → 34" when the modifiers are named.
type diceRoll struct {
	Dice             string
	Natural, Result  int
	Mods             []modifier
	Held             string // the sum as the roll's bounds held it, when they did
	Parsed, Modified bool
}

var (
	plainDice = regexp.MustCompile(`^(\S+) (\d+)(?:([+-]\d+)=(\d+))?$`)
	namedMod  = regexp.MustCompile(`^(.+?) ([+-−]\d+)$`)
)

func parseDice(s string) diceRoll {
	if m := plainDice.FindStringSubmatch(s); m != nil {
		r := diceRoll{Dice: m[1], Parsed: true}
		r.Natural, _ = strconv.Atoi(m[2])
		r.Result = r.Natural
		if m[3] != "" {
			v, _ := strconv.Atoi(m[3])
			r.Result, _ = strconv.Atoi(m[4])
			r.Mods = []modifier{{Title: "modifier", Value: v}}
			r.Modified = true
		}
		return r
	}
	// Named modifiers: "DICE NATURAL, TITLE ±N, … → RESULT".
	head, res, ok := strings.Cut(s, " → ")
	if !ok {
		return diceRoll{Dice: s}
	}
	held := ""
	if i := strings.LastIndex(head, " (held to "); i >= 0 && strings.HasSuffix(head, ")") {
		held = strings.TrimSuffix(head[i+len(" (held to "):], ")")
		head = head[:i]
	}
	parts := strings.Split(head, ", ")
	f := strings.Split(parts[0], " ")
	if len(f) != 2 || f[0] == "" {
		return diceRoll{Dice: s}
	}
	r := diceRoll{Dice: f[0], Parsed: true, Modified: true, Held: held}
	var err1, err2 error
	r.Natural, err1 = strconv.Atoi(f[1])
	r.Result, err2 = strconv.Atoi(strings.TrimSpace(res))
	if err1 != nil || err2 != nil {
		return diceRoll{Dice: s}
	}
	for _, p := range parts[1:] {
		if m := namedMod.FindStringSubmatch(p); m != nil {
			v, _ := strconv.Atoi(strings.Replace(m[2], "−", "-", 1))
			r.Mods = append(r.Mods, modifier{Title: m[1], Value: v})
		}
	}
	return r
}

// signed writes a modifier the way the charts print it: +3, −6.
func signed(v int) string {
	if v < 0 {
		return "−" + strconv.Itoa(-v)
	}
	return "+" + strconv.Itoa(v)
}

// rollSection draws one roll: the table and column it was read on, the
// dice, each modifier and the result, and the column's rows as a strip of
// every result the dice give, the row read lit and the result marked.
func rollSection(mod *dsl.Module, step int, ev interpreter.Event, mods []modifier) string {
	var b builder
	d := parseDice(ev.Dice)
	if len(mods) > 0 {
		d.Mods, d.Modified = mods, true
	}
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
		col = findColumn(t, title, ev, d.Result)
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
	if d.Parsed {
		b.f(`<tr class="natural"><td>%s rolled</td><td class="n">%d</td></tr>`, esc(d.Dice), d.Natural)
		for _, m := range d.Mods {
			title := esc(m.Title)
			if m.Placeholder {
				title += ` <span class="ph">(placeholder)</span>`
			}
			b.f(`<tr class="mod" title="%s"><td>%s</td><td class="n">%s</td></tr>`, esc(m.Cite), title, signed(m.Value))
		}
		if d.Held != "" {
			b.f(`<tr class="held"><td>held by the table's bounds to</td><td class="n">%s</td></tr>`, esc(strings.Replace(d.Held, "-", "−", 1)))
		}
		if !d.Modified {
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
	if haveDice && d.Parsed && (col != nil || check != nil) {
		b.WriteString(strip(dice, col, check, ev, d))
	}
	if ev.Cite != "" {
		b.f(`<p class="cite">%s</p>`, esc(ev.Cite))
	}
	b.WriteString(`</section>`)
	return b.String()
}

// findColumn is the column a roll was read on: the one the event's text
// names, or else the only column, or the first whose row for the result is
// the row read.
func findColumn(t *dsl.TableDef, title string, ev interpreter.Event, result int) *dsl.ColumnDef {
	for _, c := range t.Columns {
		if ev.Column != "" && c.Name() == ev.Column {
			return c
		}
		if c.Title != "" && strings.HasPrefix(ev.Text, title+" ("+c.Title+"): ") {
			return c
		}
	}
	if len(t.Columns) == 1 {
		return t.Columns[0]
	}
	for _, c := range t.Columns {
		if r, ok := c.Lookup(result); ok && r.RangeString() == ev.Row && r.Outcome == ev.Outcome {
			return c
		}
	}
	return nil
}

// strip draws the results of the dice in order as cells, grouped by the
// row (or pass and fail) they fall in.
func strip(dice dsl.Dice, col *dsl.ColumnDef, check *dsl.CheckDef, ev interpreter.Event, d diceRoll) string {
	results := dice.Results()
	if len(results) == 0 || len(results) > 200 {
		return ""
	}
	threshold := 0
	if check != nil {
		if m := regexp.MustCompile(` (-?\d+) → `).FindStringSubmatch(ev.Text); m != nil {
			threshold, _ = strconv.Atoi(m[1])
		} else {
			return ""
		}
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
