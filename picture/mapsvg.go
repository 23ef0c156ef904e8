package picture

import (
	"github.com/bataille/bataille/hex"
	"io"
	"math"
	"sort"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/bataille/bataille/dsl"
	"github.com/bataille/bataille/interpreter"
)

// Scene is what a map shows: a scenario's board and orders under a module.
type Scene struct {
	Title  string
	Module *dsl.Module
	Board  *interpreter.Board
	Orders []*interpreter.Order
}

// unitView is a unit as a counter shows it. The replay keeps one per unit
// and step, so it is a plain value.
type unitView struct {
	ID, Name, Side, Arm, Formation, State string
	Increments                            int
	Hex                                   hex.Hex
	Hex2                                  *hex.Hex
	Facing                                hex.Direction
	Leader, Guard, Tired, Exhausted       bool
}

func viewOf(u *interpreter.Unit) unitView {
	v := unitView{ID: u.ID, Name: u.Name, Side: u.Side, Arm: u.Arm, Formation: u.Formation, State: u.State,
		Increments: u.Increments, Hex: u.Hex, Facing: u.Facing, Leader: u.Leader, Guard: u.Has("guard"), Tired: u.Tired, Exhausted: u.Exhausted}
	if u.Hex2 != nil {
		h := *u.Hex2
		v.Hex2 = &h
	}
	return v
}

// mapper draws one board: it knows the frame, the sides' colours and the
// module's words.
type mapper struct {
	mod                    *dsl.Module
	board                  *interpreter.Board
	sides                  map[string]int
	titleH                 float64 // the title band, when there is a title
	minX, minY, maxX, maxY float64
}

const (
	titleH = 30.0 // band above the map for the title
	margin = 12.0
)

func newMapper(mod *dsl.Module, board *interpreter.Board) *mapper {
	m := &mapper{mod: mod, board: board, sides: map[string]int{}}
	m.minX, m.minY = math.Inf(1), math.Inf(1)
	m.maxX, m.maxY = math.Inf(-1), math.Inf(-1)
	for _, h := range m.hexes() {
		for i := 0; i < 6; i++ {
			x, y := h.Corner(Size, i)
			m.minX, m.maxX = math.Min(m.minX, x), math.Max(m.maxX, x)
			m.minY, m.maxY = math.Min(m.minY, y), math.Max(m.maxY, y)
		}
	}
	if len(m.hexes()) == 0 {
		m.minX, m.minY, m.maxX, m.maxY = 0, 0, 100, 100
	}
	for _, u := range board.Units {
		if _, ok := m.sides[u.Side]; !ok {
			m.sides[u.Side] = len(m.sides)
		}
	}
	return m
}

// hexes lists the map's hexes column by column, as printed.
func (m *mapper) hexes() []hex.Hex { return m.board.Map().Hexes() }

// crop narrows the picture to the hexes given, pad hex sizes around them,
// within the map: a replay shows where the run happens.
func (m *mapper) crop(hexes []hex.Hex, pad float64) {
	if len(hexes) == 0 {
		return
	}
	x0, y0, x1, y1 := math.Inf(1), math.Inf(1), math.Inf(-1), math.Inf(-1)
	for _, h := range hexes {
		x, y := h.Center(Size)
		x0, x1 = math.Min(x0, x-pad*Size), math.Max(x1, x+pad*Size)
		y0, y1 = math.Min(y0, y-pad*Size), math.Max(y1, y+pad*Size)
	}
	m.minX, m.minY = math.Max(m.minX, x0), math.Max(m.minY, y0)
	m.maxX, m.maxY = math.Min(m.maxX, x1), math.Min(m.maxY, y1)
}

func (m *mapper) viewBox() (x, y, w, h float64) {
	x, y = m.minX-margin, m.minY-margin-m.titleH
	w = m.maxX - m.minX + 2*margin
	_, lh := m.legendItems()
	h = m.maxY - m.minY + 2*margin + m.titleH + lh + 10
	w = math.Max(w, 420)
	return
}

// MapSVG draws a scenario's map: terrain, hex numbers, counters and orders.
func MapSVG(w io.Writer, s Scene) error {
	m := newMapper(s.Module, s.Board)
	var b builder
	m.open(&b, s.Title)
	m.ordersLayer(&b, s.Orders)
	b.WriteString(`<g id="units">`)
	views := make([]unitView, 0, len(s.Board.Units))
	for _, u := range s.Board.Units {
		views = append(views, viewOf(u))
	}
	stacks := stackIndex(views)
	for i, v := range views {
		if v.Increments <= 0 {
			continue
		}
		x, y := m.unitOrigin(v, stacks[i])
		b.f(`<g class="unit" id="u-%s" data-unit="%s" data-hex="%s" transform="translate(%s %s)">`, esc(v.ID), esc(v.ID), v.Hex, num(x), num(y))
		b.WriteString(m.counter(v))
		b.WriteString(`</g>`)
	}
	b.WriteString("</g>\n</svg>\n")
	_, err := io.WriteString(w, b.String())
	return err
}

// open writes the svg element, styles, patterns and the layers under the
// counters: terrain, roads, numbers, title and legend.
func (m *mapper) open(b *builder, title string) {
	if title != "" {
		m.titleH = titleH
	}
	x, y, w, h := m.viewBox()
	b.f(`<svg xmlns="http://www.w3.org/2000/svg" class="map" viewBox="%s %s %s %s" width="%s" height="%s" font-family="DejaVu Sans, Arial, sans-serif">`+"\n",
		num(x), num(y), num(w), num(h), num(w), num(h))
	b.WriteString(mapStyle)
	b.f(`<rect x="%s" y="%s" width="%s" height="%s" fill="#fbf8ef"/>`+"\n", num(x), num(y), num(w), num(h))
	m.terrainLayer(b)
	m.hexsidesLayer(b)
	// The title and legend bands cover whatever hexes a cropped map has
	// beyond its frame.
	b.f(`<rect x="%s" y="%s" width="%s" height="%s" fill="#fbf8ef"/>`, num(x), num(y), num(w), num(m.titleH+margin-4))
	if title != "" {
		b.f(`<text class="title" x="%s" y="%s">%s</text>`+"\n", num(m.minX), num(m.minY-titleH/2), esc(title))
	}
	b.f(`<rect x="%s" y="%s" width="%s" height="%s" fill="#fbf8ef"/>`, num(x), num(m.maxY+4), num(w), num(y+h-m.maxY-4))
	m.legend(b)
}

const mapStyle = `<defs>
<pattern id="closed" width="6" height="6" patternUnits="userSpaceOnUse" patternTransform="rotate(45)"><rect width="6" height="6" fill="none"/><line x1="0" y1="0" x2="0" y2="6" stroke="#3b3b3b" stroke-width="1.6" stroke-opacity="0.55"/></pattern>
<marker id="ah-charge" viewBox="0 0 10 10" refX="8" refY="5" markerWidth="5" markerHeight="5" orient="auto-start-reverse"><path d="M0,0 L10,5 L0,10 z" fill="#c62828"/></marker>
<marker id="ah-move" viewBox="0 0 10 10" refX="8" refY="5" markerWidth="5" markerHeight="5" orient="auto-start-reverse"><path d="M0,0 L10,5 L0,10 z" fill="#37474f"/></marker>
<marker id="ah-fire" viewBox="0 0 10 10" refX="8" refY="5" markerWidth="5" markerHeight="5" orient="auto-start-reverse"><path d="M0,0 L10,5 L0,10 z" fill="#ef6c00"/></marker>
<marker id="ah-assault" viewBox="0 0 10 10" refX="8" refY="5" markerWidth="4" markerHeight="4" orient="auto-start-reverse"><path d="M0,0 L10,5 L0,10 z" fill="#6a1b9a"/></marker>
</defs>
<style>
.map .hex{stroke:#8a7f66;stroke-width:0.8}
.map .closed{fill:url(#closed);stroke:#3b3b3b;stroke-width:1.6}
.map .num{font-size:7px;fill:#6d6450;text-anchor:middle}
.map .title{font-size:13px;font-weight:bold;fill:#222}
.map .legend{font-size:10px;fill:#222}
.map .road{stroke:#8d6e63;stroke-width:3;stroke-linecap:round;fill:none}
.map .o-charge{stroke:#c62828;stroke-width:3;fill:none;marker-end:url(#ah-charge);stroke-linejoin:round}
.map .o-move{stroke:#37474f;stroke-width:2;fill:none;stroke-dasharray:6 3;marker-end:url(#ah-move)}
.map .o-fire{stroke:#ef6c00;stroke-width:2;stroke-dasharray:3 3;marker-end:url(#ah-fire)}
.map .o-assault{stroke:#6a1b9a;stroke-width:4;marker-end:url(#ah-assault)}
.map .o-form{font-size:8px;fill:#37474f;text-anchor:middle;font-style:italic}
.map .body{stroke:#1b1b1b;stroke-width:1}
.map .guard .body{stroke:#d4a017;stroke-width:2.5}
.map .front{stroke-width:4;stroke-linecap:round}
.map .carre{fill:none;stroke-width:2.5}
.map .arm{fill:#fff;stroke:#1b1b1b;stroke-width:0.8}
.map .armline{stroke:#1b1b1b;stroke-width:0.9}
.map .uid{font-size:8.5px;fill:#fff;text-anchor:middle;font-weight:bold}
.map .inc{font-size:7.5px;fill:#fff;text-anchor:middle}
.map .badge{font-size:7px;font-weight:bold;text-anchor:middle;fill:#fff}
.map .leader{fill:#ffd54f;stroke:#1b1b1b;stroke-width:0.5}
.map .gone{opacity:0.25}
.map .hs{stroke-width:4;stroke-linecap:round}
.map .hs-hedge{stroke-dasharray:2 3}
.map .hs-bridge{stroke-width:7}
.map .hachure{stroke-width:1.4}
</style>
`

// terrainFill is the colour of the usual terrain words; others take a
// colour of the palette by their place among the module's terrains.
var terrainFill = map[string]string{
	"clear": "#f1ead0", "road": "#ece2c6", "slope": "#dcc997", "woods": "#a9c98a", "forest": "#7fa866",
	"dwelling": "#cfae96", "village": "#cfae96", "town": "#c49c84", "redoubt": "#bfae92", "marsh": "#b9d3c9",
	"river": "#9cc3e6", "stream": "#b3d4ef", "hill": "#d8c28c", "orchard": "#c2d99a",
}

var extraFill = []string{"#d7ccc8", "#c5cae9", "#b2dfdb", "#f8bbd0", "#dcedc8", "#ffe0b2"}

func (m *mapper) fill(terrain string) string {
	if f, ok := terrainFill[terrain]; ok {
		return f
	}
	var names []string
	for n := range m.mod.Vocab[dsl.KindTerrain] {
		names = append(names, n)
	}
	sort.Strings(names)
	return extraFill[sort.SearchStrings(names, terrain)%len(extraFill)]
}

// closed reports whether a terrain is closed to charges.
func (m *mapper) closed(terrain string) bool {
	w, ok := m.mod.Word(dsl.KindTerrain, terrain)
	return ok && w.Flag("no_charge")
}

func hexPoints(h hex.Hex) string {
	var xy []float64
	for i := 0; i < 6; i++ {
		x, y := h.Corner(Size, i)
		xy = append(xy, x, y)
	}
	return points(xy...)
}

func (m *mapper) terrainLayer(b *builder) {
	b.WriteString(`<g id="terrain">` + "\n")
	for _, h := range m.hexes() {
		t := m.board.TerrainAt(h)
		b.f(`<polygon class="hex t-%s" data-hex="%s" points="%s" fill="%s"/>`, esc(t), h, hexPoints(h), m.fill(t))
		if m.closed(t) {
			b.f(`<polygon class="closed" points="%s"/>`, hexPoints(h))
		}
		b.WriteByte('\n')
	}
	b.WriteString("</g>\n<g id=\"roads\">")
	for _, h := range m.hexes() {
		if !m.board.Road[h] {
			continue
		}
		cx, cy := h.Center(Size)
		alone := true
		for d := hex.N; d <= hex.NW; d++ {
			n := h.Neighbor(d)
			if !m.board.Road[n] {
				continue
			}
			alone = false
			if d <= hex.SE { // each road segment once
				nx, ny := n.Center(Size)
				b.f(`<line class="road" x1="%s" y1="%s" x2="%s" y2="%s"/>`, num(cx), num(cy), num(nx), num(ny))
			}
		}
		if alone {
			b.f(`<circle class="road" cx="%s" cy="%s" r="3"/>`, num(cx), num(cy))
		}
	}
	b.WriteString("</g>\n<g id=\"numbers\">")
	for _, h := range m.hexes() {
		cx, cy := h.Center(Size)
		b.f(`<text class="num" x="%s" y="%s">%s</text>`, num(cx), num(cy-Size*0.62), h)
	}
	b.WriteString("</g>\n")
}

// legendItem is one swatch of the legend and its text.
type legendItem struct {
	fill, text string
	closed     bool
	x, y       float64
}

// legendItems lays the legend out in rows that fit the picture's width:
// the sides by colour, then the terrains on the map, closed ones hatched.
func (m *mapper) legendItems() (items []legendItem, height float64) {
	sides := make([]string, len(m.sides))
	for s, i := range m.sides {
		sides[i] = s
	}
	for i, s := range sides {
		items = append(items, legendItem{fill: colour(i), text: s})
	}
	nSides := len(items)
	seen := map[string]bool{}
	var terrains []string
	for _, h := range m.hexes() {
		if t := m.board.TerrainAt(h); !seen[t] {
			seen[t] = true
			terrains = append(terrains, t)
		}
	}
	sort.Strings(terrains)
	for _, t := range terrains {
		title := t
		if w, ok := m.mod.Word(dsl.KindTerrain, t); ok && w.Title != "" {
			title = w.Title
		}
		if m.closed(t) {
			title += " (closed: no charge)"
		}
		items = append(items, legendItem{fill: m.fill(t), text: title, closed: m.closed(t)})
	}
	items = append(items, m.hexsideWords()...)
	width := math.Max(m.maxX-m.minX, 420-2*margin)
	x, y := 0.0, 0.0
	for i := range items {
		w := 26 + 6.2*float64(len([]rune(items[i].text)))
		if i == nSides || (x > 0 && x+w > width) {
			x, y = 0, y+18
		}
		items[i].x, items[i].y = x, y
		x += w
	}
	return items, y + 18
}

func (m *mapper) legend(b *builder) {
	items, _ := m.legendItems()
	b.f(`<g id="legend" class="legend" transform="translate(%s %s)">`, num(m.minX), num(m.maxY+margin+6))
	for _, it := range items {
		b.f(`<rect x="%s" y="%s" width="14" height="12" fill="%s" stroke="#1b1b1b" stroke-width="0.6"/>`, num(it.x), num(it.y), it.fill)
		if it.closed {
			b.f(`<rect class="closed" x="%s" y="%s" width="14" height="12"/>`, num(it.x), num(it.y))
		}
		b.f(`<text x="%s" y="%s">%s</text>`, num(it.x+18), num(it.y+10), esc(it.text))
	}
	b.WriteString("</g>\n")
}

// ordersLayer draws the orders as their kinds are declared (the
// procedures' DeclareOrder): one that goes along a path as an arrow along
// it from the unit's hex, one at a target straight at it, a change of
// formation as the formation's name.
func (m *mapper) ordersLayer(b *builder, orders []*interpreter.Order) {
	b.WriteString(`<g id="orders">`)
	for _, o := range orders {
		k := interpreter.Orders[o.Kind]
		if o.Unit == nil || k == nil {
			continue
		}
		ux, uy := o.Unit.Hex.Center(Size)
		switch {
		case k.Path:
			xy := []float64{ux, uy}
			for _, h := range o.Path {
				x, y := h.Center(Size)
				xy = append(xy, x, y)
			}
			if len(o.Path) == 0 && o.Target != nil {
				x, y := o.Target.Hex.Center(Size)
				xy = append(xy, x, y)
			}
			b.f(`<polyline class="o-%s" data-unit="%s"%s points="%s"/>`, o.Kind, esc(o.Unit.ID), targetAttr(o), points(xy...))
		case k.Target:
			if o.Target == nil {
				continue
			}
			tx, ty := o.Target.Hex.Center(Size)
			x1, y1, x2, y2 := shorten(ux, uy, tx, ty, Size*0.55)
			b.f(`<line class="o-%s" data-unit="%s"%s x1="%s" y1="%s" x2="%s" y2="%s"/>`, o.Kind, esc(o.Unit.ID), targetAttr(o), num(x1), num(y1), num(x2), num(y2))
		case k.Formation:
			b.f(`<text class="o-form" data-unit="%s" x="%s" y="%s">→ %s</text>`, esc(o.Unit.ID), num(ux), num(uy+Size*0.78), esc(o.Formation))
		}
	}
	b.WriteString("</g>\n")
}

func targetAttr(o *interpreter.Order) string {
	if o.Target == nil {
		return ""
	}
	return ` data-target="` + esc(o.Target.ID) + `"`
}

// shorten pulls both ends of a segment in by d, so that an arrow between
// two counters is not hidden under them.
func shorten(x1, y1, x2, y2, d float64) (float64, float64, float64, float64) {
	l := math.Hypot(x2-x1, y2-y1)
	if l <= 2*d {
		return x1, y1, x2, y2
	}
	ux, uy := (x2-x1)/l, (y2-y1)/l
	return x1 + ux*d, y1 + uy*d, x2 - ux*d, y2 - uy*d
}

// stackPos is a counter's place in its hex's stack: the i-th of n.
type stackPos struct{ i, n int }

// stackIndex gives each unit its place in its hex's stack, in board order;
// units no longer on the board stand alone.
func stackIndex(views []unitView) []stackPos {
	out := make([]stackPos, len(views))
	count := map[hex.Hex]int{}
	for i, v := range views {
		if v.Increments > 0 {
			out[i].i = count[v.Hex]
			count[v.Hex]++
		}
	}
	for i, v := range views {
		out[i].n = 1
		if v.Increments > 0 {
			out[i].n = count[v.Hex]
		}
	}
	return out
}

// A stack's counters are set side by side across the hex, a little
// stepped, centred on it, so that each shows.
const stackDX, stackDY = 30.0, 6.0

// unitOrigin is where a counter stands: the centre of its hex (the middle
// of its two hexes for a two-hex line), set off by its place in a stack.
func (m *mapper) unitOrigin(v unitView, stack stackPos) (x, y float64) {
	x, y = v.Hex.Center(Size)
	if v.Hex2 != nil {
		x2, y2 := v.Hex2.Center(Size)
		x, y = (x+x2)/2, (y+y2)/2
	}
	if stack.n > 1 {
		k := float64(stack.i) - float64(stack.n-1)/2
		x += stackDX * k
		y += stackDY * k
	}
	return x, y
}

func (m *mapper) fronts(formation string) int {
	if w, ok := m.mod.Word(dsl.KindFormation, formation); ok {
		return w.Int("fronts", 1)
	}
	return 1
}

func (m *mapper) sideColour(side string) string {
	i, ok := m.sides[side]
	if !ok {
		i = len(m.sides)
	}
	return colour(i)
}

// counter draws a unit around its origin: the front hexsides as a thick
// line (an all-round formation as a square), the facing as a wedge, the
// counter in its side's colour with the arm symbol, id and increments, and
// marks for a leader, the Guard, a morale state other than the first and
// tiredness.
func (m *mapper) counter(v unitView) string {
	var b builder
	col := m.sideColour(v.Side)
	ox, oy := m.unitOrigin(v, stackPos{})
	hexes := []hex.Hex{v.Hex}
	if v.Hex2 != nil {
		hexes = append(hexes, *v.Hex2)
	}
	cls := "counter"
	if v.Guard {
		cls += " guard"
	}
	b.f(`<g class="%s" data-formation="%s" data-state="%s" data-increments="%d" data-facing="%s">`, cls, esc(v.Formation), esc(v.State), v.Increments, v.Facing)
	b.f(`<title>%s</title>`, esc(describeView(v)))
	fronts := m.fronts(v.Formation)
	half := 17.0
	if fronts >= 6 {
		b.f(`<rect class="carre" x="-23" y="-23" width="46" height="46" stroke="%s"/>`, col)
	} else {
		var d strings.Builder
		for _, h := range hexes {
			hx, hy := h.Center(Size)
			for _, fh := range hex.FrontHexes(h, v.Facing, fronts) {
				dir, _ := hex.DirectionTo(h, fh)
				x1, y1, x2, y2 := h.HexsideEnds(Size, dir)
				// Draw the front a little inside the hexside, so that two
				// counters facing each other across it both show.
				x1, y1 = hx+(x1-hx)*0.9-ox, hy+(y1-hy)*0.9-oy
				x2, y2 = hx+(x2-hx)*0.9-ox, hy+(y2-hy)*0.9-oy
				d.WriteString("M" + num(x1) + "," + num(y1) + " L" + num(x2) + "," + num(y2) + " ")
			}
		}
		b.f(`<path class="front" d="%s" stroke="%s"/>`, strings.TrimSpace(d.String()), col)
	}
	// The facing wedge points across the facing hexside of the first hex.
	{
		hx, hy := v.Hex.Center(Size)
		x1, y1, x2, y2 := v.Hex.HexsideEnds(Size, v.Facing)
		mx, my := (x1+x2)/2-hx, (y1+y2)/2-hy
		l := math.Hypot(mx, my)
		ux, uy := mx/l, my/l
		bx, by := hx-ox+ux*19, hy-oy+uy*19
		tip := 8.0
		b.f(`<polygon class="facing" points="%s" fill="%s" stroke="#1b1b1b" stroke-width="0.6"/>`, points(bx+ux*tip, by+uy*tip, bx-uy*5, by+ux*5, bx+uy*5, by-ux*5), col)
	}
	if v.Hex2 != nil {
		x1, y1 := v.Hex.Center(Size)
		x2, y2 := v.Hex2.Center(Size)
		ang := math.Atan2(y2-y1, x2-x1) * 180 / math.Pi
		l := math.Hypot(x2-x1, y2-y1)
		b.f(`<rect class="body" x="%s" y="-%s" width="%s" height="%s" rx="2" fill="%s" transform="rotate(%s)"/>`, num(-l/2-half), num(half), num(l+2*half), num(2*half), col, num(ang))
	} else {
		b.f(`<rect class="body" x="-%s" y="-%s" width="%s" height="%s" rx="2" fill="%s"/>`, num(half), num(half), num(2*half), num(2*half), col)
	}
	// Arm symbol, as on the counters: a box, one diagonal for a mounted arm,
	// a dot for one with guns, crossed for infantry, else the arm's initial.
	b.WriteString(`<rect class="arm" x="-10" y="-14" width="20" height="12"/>`)
	arm := v.Arm
	if w, ok := m.mod.Word(dsl.KindArm, v.Arm); ok {
		switch {
		case w.Flag("mounted"):
			arm = "cavalry"
		case w.Flag("guns"):
			arm = "artillery"
		}
	}
	switch arm {
	case "infantry":
		b.WriteString(`<path class="armline" d="M-10,-14 L10,-2 M10,-14 L-10,-2"/>`)
	case "cavalry":
		b.WriteString(`<path class="armline" d="M-10,-2 L10,-14"/>`)
	case "artillery":
		b.WriteString(`<circle cx="0" cy="-8" r="2.8" fill="#1b1b1b"/>`)
	default:
		if v.Arm != "" {
			b.f(`<text x="0" y="-4.5" font-size="9" text-anchor="middle">%s</text>`, esc(initial(v.Arm)))
		}
	}
	b.f(`<text class="uid" x="0" y="7.5">%s</text>`, esc(v.ID))
	b.f(`<text class="inc" x="0" y="15">%d</text>`, v.Increments)
	if v.Leader {
		b.f(`<polygon class="leader" points="%s"/>`, star(-13.5, -13.5, 6))
	}
	if v.Guard {
		b.WriteString(`<text class="badge" x="-12.5" y="15" style="fill:#ffd54f">G</text>`)
	}
	if v.State != "" && v.State != m.firstState() {
		b.f(`<circle cx="13.5" cy="-13.5" r="5.5" fill="#e65100" stroke="#1b1b1b" stroke-width="0.6"/><text class="badge" x="13.5" y="-11">%s</text>`, esc(initial(v.State)))
	}
	if v.Exhausted || v.Tired {
		mark := "T"
		if v.Exhausted {
			mark = "E"
		}
		b.f(`<circle cx="13.5" cy="13.5" r="5" fill="#546e7a" stroke="#1b1b1b" stroke-width="0.6"/><text class="badge" x="13.5" y="16">%s</text>`, mark)
	}
	b.WriteString(`</g>`)
	return b.String()
}

// firstState is the morale state of good order (the one flagged `good`):
// the one a counter does not mark.
func (m *mapper) firstState() string {
	var names []string
	for n, w := range m.mod.Vocab[dsl.KindState] {
		if w.Flag("good") {
			names = append(names, n)
		}
	}
	sort.Strings(names)
	if len(names) == 0 {
		return "good"
	}
	return names[0]
}

// star is a five-pointed star of radius r at (x, y).
func star(x, y, r float64) string {
	var xy []float64
	for i := 0; i < 10; i++ {
		rr := r
		if i%2 == 1 {
			rr = r * 0.45
		}
		a := -math.Pi/2 + float64(i)*math.Pi/5
		xy = append(xy, x+rr*math.Cos(a), y+rr*math.Sin(a))
	}
	return points(xy...)
}

func describeView(v unitView) string {
	var parts []string
	name := v.ID
	if v.Name != "" && v.Name != v.ID {
		name += " " + strconv.Quote(v.Name)
	}
	parts = append(parts, name+": "+v.Side+" "+v.Arm, strconv.Itoa(v.Increments)+" increments", v.Formation, v.State, "facing "+v.Facing.String(), "at "+v.Hex.String())
	if v.Leader {
		parts = append(parts, "leader")
	}
	if v.Guard {
		parts = append(parts, "Guard")
	}
	if v.Tired {
		parts = append(parts, "tired")
	}
	if v.Exhausted {
		parts = append(parts, "exhausted")
	}
	return strings.Join(parts, ", ")
}

// initial is the first letter of a word, upper-cased, for a counter's
// badge: a rune, not a byte, so that an arm or a state named "éclaireur"
// or "ébranlé" draws "É" rather than half a letter ("\ufffd").
func initial(s string) string {
	r, _ := utf8.DecodeRuneInString(s)
	if r == utf8.RuneError {
		return "?"
	}
	return strings.ToUpper(string(r))
}
