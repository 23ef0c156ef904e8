package picture

import (
	"github.com/bataille/bataille/hex"
	"math"
	"sort"

	"github.com/bataille/bataille/dsl"
)

// hexsideStyle is how a feature along a hexside is drawn: streams blue,
// hedges a green dotted line, bridges grey, slopes brown with hachures on
// the low side; a word of another battle takes a colour of the palette.
var hexsideStyle = map[string]string{"stream": "#3b7dd8", "river": "#2f6cc4", "hedge": "#2e7d32", "wall": "#616161", "bridge": "#8d8d8d", "slope": "#8d6e63"}

func (m *mapper) hexsideColour(word string) string {
	if c, ok := hexsideStyle[word]; ok {
		return c
	}
	return extraFill[len(word)%len(extraFill)]
}

// hexsidesLayer draws the features along hexsides, in a fixed order.
func (m *mapper) hexsidesLayer(b *builder) {
	keys := make([]hex.HexsideKey, 0, len(m.board.Hexsides))
	for k := range m.board.Hexsides {
		keys = append(keys, k)
	}
	sort.Slice(keys, func(i, j int) bool { return keys[i].String() < keys[j].String() })
	b.WriteString(`<g id="hexsides">`)
	for _, k := range keys {
		f := m.board.Hexsides[k]
		dir, ok := hex.DirectionTo(k.A, k.B)
		if !ok {
			continue
		}
		x1, y1, x2, y2 := k.A.HexsideEnds(Size, dir)
		col := m.hexsideColour(f.Word)
		cls := "hs hs-" + esc(f.Word)
		b.f(`<line class="%s" data-hexside="%s" x1="%s" y1="%s" x2="%s" y2="%s" stroke="%s"/>`, cls, k, num(x1), num(y1), num(x2), num(y2), col)
		if f.Rising {
			// Hachures point down the slope, from the hexside into the low hex.
			low := k.A
			if f.High == k.A {
				low = k.B
			}
			lx, ly := low.Center(Size)
			mx, my := (x1+x2)/2, (y1+y2)/2
			l := math.Hypot(lx-mx, ly-my)
			ux, uy := (lx-mx)/l, (ly-my)/l
			for i := 1; i <= 4; i++ {
				t := float64(i) / 5
				px, py := x1+(x2-x1)*t, y1+(y2-y1)*t
				b.f(`<line class="hachure" x1="%s" y1="%s" x2="%s" y2="%s" stroke="%s"/>`, num(px), num(py), num(px+ux*6), num(py+uy*6), col)
			}
		}
	}
	b.WriteString("</g>\n")
}

// hexsideWords lists the hexside words on the map with their titles, for
// the legend.
func (m *mapper) hexsideWords() []legendItem {
	seen := map[string]bool{}
	var words []string
	for _, f := range m.board.Hexsides {
		if !seen[f.Word] {
			seen[f.Word] = true
			words = append(words, f.Word)
		}
	}
	sort.Strings(words)
	var out []legendItem
	for _, w := range words {
		title := w
		if v, ok := m.mod.Word(dsl.KindHexside, w); ok && v.Title != "" {
			title = v.Title
		}
		out = append(out, legendItem{fill: m.hexsideColour(w), text: title + " (hexside)"})
	}
	return out
}
