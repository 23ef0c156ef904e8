// Package hex is the hex geometry of La Bataille maps: coordinates and
// the printed four-digit hex numbers, neighbours, directions and facing,
// hexsides, distance, lines and line of sight, front, flank and rear arcs,
// map bounds and paths. It imports nothing of the project, so the checker
// (dsl), the engine (interpreter) and the pictures (picture) share one
// geometry and can never disagree about which hex lies where.
//
// Printed maps use flat-topped hexes arranged in vertical columns and label
// each hex with a four-digit number, column first: "0712" is column 07,
// row 12. Columns with an EVEN column number are drawn half a hex lower than
// their odd neighbours ("even-q" offset layout). So hex 0201 sits to the
// south-east of 0101, and 0200 (if it existed) to its north-east.
//
// Rules code should not do arithmetic on offset numbers, because the
// neighbour pattern differs between odd and even columns. Internally every
// hex is held in axial coordinates (Q, R), where the third cube coordinate
// S = -Q-R is implicit; neighbours, distances and lines are then uniform.
// Q equals the printed column; R runs "down" the column but is skewed by
// half the column number.
package hex

import (
	"fmt"
	"math"
	"strings"
)

// Hex is a hex in axial coordinates. The zero value is column 00, row 00.
type Hex struct{ Q, R int }

// FromOffset converts a printed (column, row) pair in the even-q layout to
// axial coordinates. Negative values are allowed so that off-map hexes can
// still be reasoned about.
func FromOffset(col, row int) Hex {
	// col + (col&1) is always even, so the division is exact even for
	// negative columns (Go's & works on two's complement).
	return Hex{Q: col, R: row - (col+(col&1))/2}
}

// Offset returns the printed (column, row) of h; the inverse of FromOffset.
func (h Hex) Offset() (col, row int) {
	return h.Q, h.R + (h.Q+(h.Q&1))/2
}

// Parse parses a four-digit map number such as "0712" (column 07,
// row 12). Exactly four ASCII digits are required so that typos like "712"
// are reported instead of being silently reinterpreted.
func Parse(s string) (Hex, error) {
	if len(s) != 4 {
		return Hex{}, fmt.Errorf("invalid hex %q: want 4 digits, column then row", s)
	}
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return Hex{}, fmt.Errorf("invalid hex %q: want 4 digits, column then row", s)
		}
	}
	col := int(s[0]-'0')*10 + int(s[1]-'0')
	row := int(s[2]-'0')*10 + int(s[3]-'0')
	return FromOffset(col, row), nil
}

// Number returns the four-digit map number of h. Hexes whose column or row
// falls outside 0..99 have no map number, so they are shown as "(q,r)" in
// axial coordinates rather than producing a misleading number.
func (h Hex) Number() string {
	col, row := h.Offset()
	if col < 0 || col > 99 || row < 0 || row > 99 {
		return fmt.Sprintf("(%d,%d)", h.Q, h.R)
	}
	return fmt.Sprintf("%02d%02d", col, row)
}

// String returns the map number, so hexes print the way players read them.
func (h Hex) String() string { return h.Number() }

// MarshalText writes the map number, so that a hex in JSON reads as it
// does in a trace ("0616").
func (h Hex) MarshalText() ([]byte, error) { return []byte(h.Number()), nil }

// UnmarshalText reads a map number, as Parse does, or the axial
// "(q,r)" that Number writes for a hex off any map.
func (h *Hex) UnmarshalText(b []byte) error {
	var q, r int
	if n, err := fmt.Sscanf(string(b), "(%d,%d)", &q, &r); err == nil && n == 2 && string(b) == (Hex{q, r}).Number() {
		*h = Hex{q, r}
		return nil
	}
	x, err := Parse(string(b))
	if err != nil {
		return err
	}
	*h = x
	return nil
}

// Add returns the component-wise sum; with Sub it lets callers treat the
// difference of two hexes as a direction vector.
func (h Hex) Add(o Hex) Hex { return Hex{Q: h.Q + o.Q, R: h.R + o.R} }

// Sub returns the component-wise difference h - o.
func (h Hex) Sub(o Hex) Hex { return Hex{Q: h.Q - o.Q, R: h.R - o.R} }

// Direction names a hexside of a flat-topped hex, numbered clockwise from
// north so that turning is plain modular arithmetic.
type Direction int

// The six hexsides of a flat-topped hex, clockwise from the top.
const (
	N Direction = iota
	NE
	SE
	S
	SW
	NW
)

var hexDirectionNames = [6]string{"N", "NE", "SE", "S", "SW", "NW"}

// hexDirVectors holds the axial step across each hexside, indexed by Direction.
var hexDirVectors = [6]Hex{
	N:  {0, -1},
	NE: {1, -1},
	SE: {1, 0},
	S:  {0, 1},
	SW: {-1, 1},
	NW: {-1, 0},
}

// ParseDirection parses a hexside name ("N", "ne", "Sw", ...); case is
// ignored because scenario authors write it both ways.
func ParseDirection(s string) (Direction, error) {
	u := strings.ToUpper(strings.TrimSpace(s))
	for i, name := range hexDirectionNames {
		if u == name {
			return Direction(i), nil
		}
	}
	return 0, fmt.Errorf("invalid direction %q: want one of N, NE, SE, S, SW, NW", s)
}

// String returns the compass name of d.
func (d Direction) String() string {
	if d < 0 || d > 5 {
		return fmt.Sprintf("Direction(%d)", int(d))
	}
	return hexDirectionNames[d]
}

// MarshalText writes the compass name ("NE").
func (d Direction) MarshalText() ([]byte, error) { return []byte(d.String()), nil }

// UnmarshalText reads a compass name, as ParseDirection does.
func (d *Direction) UnmarshalText(b []byte) error {
	x, err := ParseDirection(string(b))
	if err != nil {
		return err
	}
	*d = x
	return nil
}

// Turn rotates d clockwise by k hexsides (counter-clockwise for negative
// k). The result is always in N..NW, so it also normalises stray values.
func (d Direction) Turn(k int) Direction {
	return Direction(((int(d)+k)%6 + 6) % 6)
}

// Neighbor returns the hex across hexside d. Out-of-range directions are
// taken modulo 6 rather than panicking.
func (h Hex) Neighbor(d Direction) Hex {
	return h.Add(hexDirVectors[d.Turn(0)])
}

// Neighbors returns the six adjacent hexes in direction order N..NW.
func (h Hex) Neighbors() [6]Hex {
	var out [6]Hex
	for i, v := range hexDirVectors {
		out[i] = h.Add(v)
	}
	return out
}

// Distance is the number of hex steps between a and b (movement range,
// fire range, command radius all use it).
func Distance(a, b Hex) int {
	d := a.Sub(b)
	return (hexAbs(d.Q) + hexAbs(d.R) + hexAbs(d.Q+d.R)) / 2
}

// DirectionTo reports the hexside of from that faces to. The boolean is
// false unless the hexes are adjacent, since only then is there a unique
// hexside.
func DirectionTo(from, to Hex) (Direction, bool) {
	d := to.Sub(from)
	for i, v := range hexDirVectors {
		if d == v {
			return Direction(i), true
		}
	}
	return 0, false
}

// Side classifies a hexside relative to a unit's facing; combat modifiers
// and charge eligibility depend on it.
type Side int

// Hexside classes relative to a facing.
const (
	Front Side = iota
	Flank
	Rear
)

// String returns the lowercase class name used in rules text.
func (s Side) String() string {
	switch s {
	case Front:
		return "front"
	case Flank:
		return "flank"
	case Rear:
		return "rear"
	}
	return fmt.Sprintf("Side(%d)", int(s))
}

// hexFrontSpan returns the first front hexside (as an offset from facing) and
// the number of front hexsides. Fronts are a contiguous clockwise run that
// starts at facing.Turn(-(fronts-1)/2): 1 -> {0}, 2 -> {0,+1} (a line's two
// front hexes), 3 -> {-1,0,+1}, 6 -> all, starting at facing itself so
// an all-round formation lists its facing hex first. Values below 1 are
// treated as 1 and above 6 as 6 so bad data degrades to a sensible
// formation.
func hexFrontSpan(fronts int) (start, n int) {
	n = min(max(fronts, 1), 6)
	if n == 6 {
		return 0, n
	}
	return -(n - 1) / 2, n
}

// hexIsFront reports whether toward is one of the front hexsides.
func hexIsFront(facing Direction, fronts int, toward Direction) bool {
	start, n := hexFrontSpan(fronts)
	// Offset of toward from the first front side, clockwise, in 0..5.
	off := int(toward.Turn(-int(facing.Turn(start))))
	return off < n
}

// HexsideClass classifies hexside toward for a unit facing hexside facing
// whose formation has fronts front hexsides (see hexFrontSpan). Flank sides
// are the non-front sides adjacent to a front side; everything else is
// rear. Computing this generically keeps 1-, 2-, 3- and 6-front formations
// consistent without per-formation tables.
func HexsideClass(facing Direction, fronts int, toward Direction) Side {
	switch {
	case hexIsFront(facing, fronts, toward):
		return Front
	case hexIsFront(facing, fronts, toward.Turn(1)), hexIsFront(facing, fronts, toward.Turn(-1)):
		return Flank
	}
	return Rear
}

// TurnsToFront counts the hexsides a unit facing facing, whose formation
// has fronts front hexsides, turns so that toward is one of its fronts:
// 0 when it already is, else the fewest either way round.
func TurnsToFront(facing Direction, fronts int, toward Direction) int {
	if hexIsFront(facing, fronts, toward) {
		return 0
	}
	best := 6
	for k := -3; k <= 3; k++ {
		if hexIsFront(facing.Turn(k), fronts, toward) {
			best = min(best, hexAbs(k))
		}
	}
	return best
}

// InFront reports whether h is across one of the front hexsides of a unit
// at at: one of FrontHexes, without building them.
func InFront(at Hex, facing Direction, fronts int, h Hex) bool {
	d, next := DirectionTo(at, h)
	return next && hexIsFront(facing, fronts, d)
}

// FrontHexes returns the hexes across the front hexsides of a unit at at,
// clockwise from the first front side, e.g. for zone-of-control and
// fire-arc checks.
func FrontHexes(at Hex, facing Direction, fronts int) []Hex {
	start, n := hexFrontSpan(fronts)
	out := make([]Hex, 0, n)
	for i := 0; i < n; i++ {
		out = append(out, at.Neighbor(facing.Turn(start+i)))
	}
	return out
}

// AheadHexes returns the hex(es) straight ahead of the centre of the front,
// which is where a charge must enter first. With an odd number of fronts
// (or all six) the centre is the facing hexside itself; with an even number
// below six (a line) the centre is the vertex between facing and
// facing.Turn(1), so both of those hexes count as ahead.
func AheadHexes(at Hex, facing Direction, fronts int) []Hex {
	if IsAhead(at, facing, fronts, at.Neighbor(facing.Turn(1))) {
		return []Hex{at.Neighbor(facing), at.Neighbor(facing.Turn(1))}
	}
	return []Hex{at.Neighbor(facing)}
}

// IsAhead reports whether h is one of AheadHexes, without building them.
func IsAhead(at Hex, facing Direction, fronts int, h Hex) bool {
	if h == at.Neighbor(facing) {
		return true
	}
	_, n := hexFrontSpan(fronts)
	return n%2 == 0 && n < 6 && h == at.Neighbor(facing.Turn(1))
}

// StraightRun counts the hexes entered at the end of a trail (its start
// hex first) moving in one direction: a charge that went straight through
// its last three hexes has a run of three or more. The start hex is not a
// hex entered, so a trail of the start and two hexes has a run of two.
func StraightRun(trail []Hex) int {
	n := len(trail)
	if n < 2 {
		return 0
	}
	last := trail[n-1].Sub(trail[n-2])
	if _, ok := DirectionTo(Hex{}, last); !ok {
		return 0
	}
	run := 1
	for i := n - 2; i >= 1 && trail[i].Sub(trail[i-1]) == last; i-- {
		run++
	}
	return run
}

// Straight reports whether the last three hexes of path form a straight
// line of adjacent hexes, in order. Charges and some movement bonuses
// require moving straight; paths shorter than three hexes cannot show it.
func Straight(path []Hex) bool {
	n := len(path)
	if n < 3 {
		return false
	}
	d1 := path[n-2].Sub(path[n-3])
	d2 := path[n-1].Sub(path[n-2])
	if d1 != d2 {
		return false
	}
	_, ok := DirectionTo(Hex{}, d1)
	return ok
}

// Lines. The hexes of the line from a to b are the hexes whose centres are
// nearest to n+1 evenly spaced points of the segment between the centres of
// a and b (n = Distance(a, b)), in cube coordinates. Where a point lies on
// the border of two hexes (a line running along a hexside spine) the tie is
// broken as if the whole segment were nudged by (ε, 2ε, -3ε) for a vanishing
// ε: distinct nudges, so that every tie breaks one way, the same every run
// on every platform. The walk below does this in exact integer arithmetic,
// one point after the next, with no division and no floating point.

// LineWalk steps along the line from a to b, one hex per Next, for a
// caller that looks at each hex as it goes (a line of sight that also
// counts what it crosses) without building the line. Point i of the line is, in
// each cube coordinate c, a_c + d_c·i/n (d_c = b_c - a_c, |d_c| <= n), held
// as the nearest integer (q, r, s) and the remainder off/2n: kept doubled
// (offQ, stepQ …) so that the tests for one half need no division. The
// remainder stays within [-n, n]; at either end the coordinate's nudge
// decides which way the point rounds: q and r, nudged up, round exactly one
// half up, and s, nudged down, rounds it down.
type LineWalk struct {
	i, n                int
	q, r, s             int
	offQ, offR, offS    int
	stepQ, stepR, stepS int
	// laid is the line as laid out in lineTable for a short line: its
	// hexes, a first, as steps from a. Then next reads them instead of
	// working them out.
	laid []lineStep
}

// lineStep is a hex of a line as its offset from the line's first hex.
type lineStep struct{ q, r int8 }

// lineTabled is the length of the longest lines laid out in lineTable:
// lines of sight and charges are short, and the table stays small.
const lineTabled = 8

// lineTable holds every line of up to lineTabled hexes from the origin,
// walked once when the package is loaded and only read after, by the
// offset of its end (d.Q and d.R shifted by lineTabled). A line depends
// only on that offset: the walk's remainders start at zero wherever it
// starts, so the same steps lead from any hex.
var lineTable = func() [][]lineStep {
	const side = 2*lineTabled + 1
	t := make([][]lineStep, side*side)
	for dq := -lineTabled; dq <= lineTabled; dq++ {
		for dr := -lineTabled; dr <= lineTabled; dr++ {
			d := Hex{Q: dq, R: dr}
			if Distance(Hex{}, d) > lineTabled {
				continue
			}
			w := walkLine(Hex{}, d)
			steps := make([]lineStep, 0, w.n+1)
			for h, ok := w.Next(); ok; h, ok = w.Next() {
				steps = append(steps, lineStep{int8(h.Q), int8(h.R)})
			}
			t[(dq+lineTabled)*side+dr+lineTabled] = steps
		}
	}
	return t
}()

// NewLineWalk starts the walk of the line from a to b: its first Next is
// a, its last b.
func NewLineWalk(a, b Hex) LineWalk {
	d := b.Sub(a)
	n := Distance(a, b)
	if n <= lineTabled {
		return LineWalk{n: n, q: a.Q, r: a.R,
			laid: lineTable[(d.Q+lineTabled)*(2*lineTabled+1)+d.R+lineTabled]}
	}
	return walkLine(a, b)
}

// Len is the line's length in steps, Distance(a, b): Next gives Len+1
// hexes.
func (w *LineWalk) Len() int { return w.n }

// walkLine is the walk from a to b worked out step by step.
func walkLine(a, b Hex) LineWalk {
	d := b.Sub(a)
	return LineWalk{n: Distance(a, b), q: a.Q, r: a.R, s: -a.Q - a.R,
		stepQ: 2 * d.Q, stepR: 2 * d.R, stepS: -2 * (d.Q + d.R)}
}

// lineErr orders the coordinates by their rounding error |off/2n +
// nudge·ε|: by the remainder first, then by the nudge's part, which is
// below 4 and different for each coordinate (1, 2, -3), so that errors
// never tie.
func lineErr(off, nudge int) int {
	switch {
	case off > 0:
		return 8*off + nudge
	case off < 0:
		return -8*off - nudge
	}
	return hexAbs(nudge)
}

// Next returns the next hex of the line, a itself first, and false once
// b has been returned. A step is at most one hex, so each remainder
// crosses a half at most once. Rounding each coordinate on its own may
// leave q+r+s off zero; the coordinate that rounded furthest is then set
// from the other two (cube rounding).
func (w *LineWalk) Next() (Hex, bool) {
	n := w.n
	if w.i > n {
		return Hex{}, false
	}
	if w.laid != nil {
		st := w.laid[w.i]
		w.i++
		return Hex{Q: w.q + int(st.q), R: w.r + int(st.r)}, true
	}
	if w.i > 0 {
		if w.offQ += w.stepQ; w.offQ >= n {
			w.offQ -= 2 * n
			w.q++
		} else if w.offQ < -n {
			w.offQ += 2 * n
			w.q--
		}
		if w.offR += w.stepR; w.offR >= n {
			w.offR -= 2 * n
			w.r++
		} else if w.offR < -n {
			w.offR += 2 * n
			w.r--
		}
		if w.offS += w.stepS; w.offS > n {
			w.offS -= 2 * n
			w.s++
		} else if w.offS <= -n {
			w.offS += 2 * n
			w.s--
		}
	}
	w.i++
	q, r := w.q, w.r
	eq, er, es := lineErr(w.offQ, 1), lineErr(w.offR, 2), lineErr(w.offS, -3)
	switch {
	case eq > er && eq > es:
		q = -r - w.s
	case er > es:
		r = -q - w.s
	}
	return Hex{Q: q, R: r}, true
}

// Line returns the hexes on the straight line from a to b, both included,
// with Distance(a, b)+1 entries and each consecutive pair adjacent.
func Line(a, b Hex) []Hex {
	out := make([]Hex, 0, Distance(a, b)+1)
	w := NewLineWalk(a, b)
	for h, ok := w.Next(); ok; h, ok = w.Next() {
		out = append(out, h)
	}
	return out
}

// FirstStep is the hex next to a on the straight line from a to b (a
// itself when they are the same hex), without building the line.
func FirstStep(a, b Hex) Hex {
	w := NewLineWalk(a, b)
	h, _ := w.Next()
	if next, ok := w.Next(); ok {
		h = next
	}
	return h
}

// LineOfSight reports whether no hex strictly between a and b on Line(a, b)
// is blocked. The end hexes never block (a unit does not block its own view
// or its target), so adjacent and identical hexes always see each other.
// A nil blocked function means nothing blocks.
func LineOfSight(a, b Hex, blocked func(Hex) bool) bool {
	if Distance(a, b) <= 1 || blocked == nil {
		return true
	}
	w := NewLineWalk(a, b)
	w.Next() // a
	for range w.n - 1 {
		if h, _ := w.Next(); blocked(h) {
			return false
		}
	}
	return true
}

// Ring returns the hexes exactly radius steps from center, starting with
// the hex due north and going clockwise. Radius 0 gives just center and a
// negative radius gives nil.
func Ring(center Hex, radius int) []Hex {
	if radius < 0 {
		return nil
	}
	if radius == 0 {
		return []Hex{center}
	}
	out := make([]Hex, 0, 6*radius)
	h := center
	for i := 0; i < radius; i++ {
		h = h.Neighbor(N)
	}
	// From the corner in direction d the ring edge runs towards the next
	// corner clockwise, which is two hexsides further round.
	for d := N; d <= NW; d++ {
		step := d.Turn(2)
		for i := 0; i < radius; i++ {
			out = append(out, h)
			h = h.Neighbor(step)
		}
	}
	return out
}

// Within returns every hex at most radius steps from center, ordered by
// distance and then clockwise from north (the concatenation of Rings).
func Within(center Hex, radius int) []Hex {
	if radius < 0 {
		return nil
	}
	out := make([]Hex, 0, 3*radius*(radius+1)+1)
	for r := 0; r <= radius; r++ {
		out = append(out, Ring(center, r)...)
	}
	return out
}

// StepAway returns the neighbour of from that is farthest from away, for
// retreating a unit one hex at a time from an enemy. Ties go to the first
// direction in N..NW order so that retreats are reproducible.
func StepAway(from, away Hex) Hex {
	best := from.Neighbor(N)
	bestD := Distance(best, away)
	for d := NE; d <= NW; d++ {
		h := from.Neighbor(d)
		if dd := Distance(h, away); dd > bestD {
			best, bestD = h, dd
		}
	}
	return best
}

func hexAbs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// HexsideKey names the hexside between two neighbouring hexes, the same
// whichever side it is named from: the lesser hex (by Q, then R) first.
type HexsideKey struct{ A, B Hex }

// HexsideBetween is the key of the hexside between a and b, and whether
// they are neighbours (only neighbours share a hexside).
func HexsideBetween(a, b Hex) (HexsideKey, bool) {
	if _, next := DirectionTo(a, b); !next {
		return HexsideKey{}, false
	}
	if b.Q < a.Q || (b.Q == a.Q && b.R < a.R) {
		a, b = b, a
	}
	return HexsideKey{A: a, B: b}, true
}

// String names the hexside by its two hexes: "0605/0606".
func (k HexsideKey) String() string { return k.A.String() + "/" + k.B.String() }

// LineCrosses reports whether the line from a to b crosses a hexside for
// which wall is true: between two consecutive hexes of Line(a, b). Hexes
// next to each other always see each other, as with LineOfSight.
func LineCrosses(a, b Hex, wall func(HexsideKey) bool) bool {
	if Distance(a, b) <= 1 || wall == nil {
		return false
	}
	w := NewLineWalk(a, b)
	prev, _ := w.Next()
	for h, ok := w.Next(); ok; h, ok = w.Next() {
		if k, next := HexsideBetween(prev, h); next && wall(k) {
			return true
		}
		prev = h
	}
	return false
}

// Drawing. A picture of the map puts hex centres on a plane with x to the
// right and y down (as SVG and screens do), flat-topped hexes of a given
// size (centre to corner), and hex (0,0) at the origin. Keeping these here,
// beside the neighbour vectors, means a drawing can never disagree with the
// engine about which hex lies where.

// Center is the centre of h for hexes of the given size.
func (h Hex) Center(size float64) (x, y float64) {
	return size * 1.5 * float64(h.Q), size * math.Sqrt(3) * (float64(h.R) + float64(h.Q)/2)
}

// Corner is corner i of h (taken modulo 6), numbered clockwise from the
// east corner, so that hexside d runs from corner d+4 to corner d+5.
func (h Hex) Corner(size float64, i int) (x, y float64) {
	cx, cy := h.Center(size)
	a := math.Pi / 3 * float64(((i%6)+6)%6)
	return cx + size*math.Cos(a), cy + size*math.Sin(a)
}

// HexsideEnds are the two corners that bound hexside d of h, clockwise, for
// drawing a front, a stream or a slope along the side.
func (h Hex) HexsideEnds(size float64, d Direction) (x1, y1, x2, y2 float64) {
	i := int(d.Turn(0)) + 4
	x1, y1 = h.Corner(size, i)
	x2, y2 = h.Corner(size, i+1)
	return
}
