package hex

import (
	"fmt"
	"math"
	"slices"
	"strings"
	"testing"
	"testing/quick"
)

// hexGrid returns every axial hex with both coordinates in -r..r; the
// property tests sweep it instead of relying on random sampling alone.
func hexGrid(r int) []Hex {
	var out []Hex
	for q := -r; q <= r; q++ {
		for rr := -r; rr <= r; rr++ {
			out = append(out, Hex{q, rr})
		}
	}
	return out
}

func mustHex(t testing.TB, s string) Hex {
	t.Helper()
	h, err := Parse(s)
	if err != nil {
		t.Fatalf("Parse(%q): %v", s, err)
	}
	return h
}

func TestParseHexTable(t *testing.T) {
	tests := []struct {
		in       string
		col, row int
		want     Hex
	}{
		{"0000", 0, 0, Hex{0, 0}},
		{"0101", 1, 1, Hex{1, 0}},
		{"0200", 2, 0, Hex{2, -1}},
		{"0201", 2, 1, Hex{2, 0}},
		{"0712", 7, 12, Hex{7, 8}},
		{"1012", 10, 12, Hex{10, 7}},
		{"9999", 99, 99, Hex{99, 49}},
	}
	for _, tt := range tests {
		h, err := Parse(tt.in)
		if err != nil {
			t.Errorf("Parse(%q): unexpected error %v", tt.in, err)
			continue
		}
		if h != tt.want {
			t.Errorf("Parse(%q) = %+v, want %+v", tt.in, h, tt.want)
		}
		if c, r := h.Offset(); c != tt.col || r != tt.row {
			t.Errorf("Parse(%q).Offset() = %d,%d, want %d,%d", tt.in, c, r, tt.col, tt.row)
		}
		if got := h.Number(); got != tt.in {
			t.Errorf("Parse(%q).Number() = %q", tt.in, got)
		}
		if got := h.String(); got != tt.in {
			t.Errorf("Parse(%q).String() = %q", tt.in, got)
		}
	}
}

func TestParseHexErrors(t *testing.T) {
	for _, in := range []string{"712", "07a2", "", "07123", " 712", "-712", "07 2", "０７１２", "0x12"} {
		_, err := Parse(in)
		if err == nil {
			t.Errorf("Parse(%q): expected error", in)
			continue
		}
		msg := err.Error()
		if !strings.Contains(msg, fmt.Sprintf("%q", in)) {
			t.Errorf("Parse(%q) error %q does not name the input", in, msg)
		}
		if msg != strings.ToLower(msg[:1])+msg[1:] || strings.HasSuffix(msg, ".") {
			t.Errorf("Parse(%q) error %q: want lowercase start and no final period", in, msg)
		}
	}
}

func TestHexNumberOutOfRange(t *testing.T) {
	tests := []struct {
		h    Hex
		want string
	}{
		{Hex{-1, 0}, "(-1,0)"},
		{Hex{100, 0}, "(100,0)"},
		{Hex{0, 100}, "(0,100)"},
		{Hex{0, -1}, "(0,-1)"},
		{Hex{3, -2}, "0300"},
	}
	for _, tt := range tests {
		if got := tt.h.Number(); got != tt.want {
			t.Errorf("%+v.Number() = %q, want %q", tt.h, got, tt.want)
		}
	}
}

func TestHexNumberRoundTripAllMapNumbers(t *testing.T) {
	for col := 0; col <= 99; col++ {
		for row := 0; row <= 99; row++ {
			s := fmt.Sprintf("%02d%02d", col, row)
			h := mustHex(t, s)
			if got := h.Number(); got != s {
				t.Fatalf("Parse(%q).Number() = %q", s, got)
			}
			if h != FromOffset(col, row) {
				t.Fatalf("Parse(%q) = %+v, FromOffset = %+v", s, h, FromOffset(col, row))
			}
		}
	}
}

func TestHexOffsetRoundTrip(t *testing.T) {
	for _, h := range hexGrid(15) {
		c, r := h.Offset()
		if back := FromOffset(c, r); back != h {
			t.Fatalf("FromOffset(%+v.Offset()) = %+v", h, back)
		}
	}
	for col := -15; col <= 15; col++ {
		for row := -15; row <= 15; row++ {
			c, r := FromOffset(col, row).Offset()
			if c != col || r != row {
				t.Fatalf("FromOffset(%d,%d).Offset() = %d,%d", col, row, c, r)
			}
		}
	}
}

// TestHexNeighborsOnMap checks the even-q convention against the printed
// map: odd columns are high, even columns are shifted down half a hex.
func TestHexNeighborsOnMap(t *testing.T) {
	tests := []struct {
		at   string
		want [6]string // N, NE, SE, S, SW, NW
	}{
		{"0101", [6]string{"0100", "0200", "0201", "0102", "0001", "0000"}},
		{"0202", [6]string{"0201", "0302", "0303", "0203", "0103", "0102"}},
		{"0712", [6]string{"0711", "0811", "0812", "0713", "0612", "0611"}},
	}
	for _, tt := range tests {
		at := mustHex(t, tt.at)
		nb := at.Neighbors()
		for d := N; d <= NW; d++ {
			if got := at.Neighbor(d).Number(); got != tt.want[d] {
				t.Errorf("%s.Neighbor(%v) = %s, want %s", tt.at, d, got, tt.want[d])
			}
			if nb[d] != at.Neighbor(d) {
				t.Errorf("%s.Neighbors()[%v] = %v, want %v", tt.at, d, nb[d], at.Neighbor(d))
			}
		}
	}
}

func TestHexNeighborsConsistent(t *testing.T) {
	for _, h := range hexGrid(15) {
		nb := h.Neighbors()
		seen := map[Hex]bool{}
		for i, n := range nb {
			d := Direction(i)
			if Distance(h, n) != 1 {
				t.Fatalf("Distance(%v, neighbour %v) = %d", h, d, Distance(h, n))
			}
			if seen[n] {
				t.Fatalf("%+v has duplicate neighbour %+v", h, n)
			}
			seen[n] = true
			if got, ok := DirectionTo(h, n); !ok || got != d {
				t.Fatalf("DirectionTo(%+v, %+v) = %v,%v, want %v,true", h, n, got, ok, d)
			}
			// The way back is across the opposite hexside.
			if got, ok := DirectionTo(n, h); !ok || got != d.Turn(3) {
				t.Fatalf("DirectionTo(%+v, %+v) = %v,%v, want %v,true", n, h, got, ok, d.Turn(3))
			}
			if n.Neighbor(d.Turn(3)) != h {
				t.Fatalf("%+v.Neighbor(%v) is not %+v", n, d.Turn(3), h)
			}
		}
	}
	if _, ok := DirectionTo(Hex{0, 0}, Hex{0, 0}); ok {
		t.Error("DirectionTo(same hex) reported adjacent")
	}
	if _, ok := DirectionTo(Hex{0, 0}, Hex{0, 2}); ok {
		t.Error("DirectionTo(distance 2) reported adjacent")
	}
}

func TestHexDirectionParseAndString(t *testing.T) {
	for _, tt := range []struct {
		in   string
		want Direction
	}{
		{"N", N}, {"ne", NE}, {"Se", SE}, {"s", S}, {"sW", SW}, {"NW", NW},
	} {
		got, err := ParseDirection(tt.in)
		if err != nil || got != tt.want {
			t.Errorf("ParseDirection(%q) = %v,%v, want %v", tt.in, got, err, tt.want)
		}
		if got.String() != strings.ToUpper(tt.in) {
			t.Errorf("%v.String() = %q", got, got.String())
		}
	}
	for _, in := range []string{"", "E", "W", "north", "NNE"} {
		if _, err := ParseDirection(in); err == nil || !strings.Contains(err.Error(), fmt.Sprintf("%q", in)) {
			t.Errorf("ParseDirection(%q) error = %v, want error naming input", in, err)
		}
	}
	if got := Direction(7).String(); got != "Direction(7)" {
		t.Errorf("Direction(7).String() = %q", got)
	}
}

func TestHexDirectionTurn(t *testing.T) {
	tests := []struct {
		d    Direction
		k    int
		want Direction
	}{
		{N, 0, N}, {N, 1, NE}, {N, -1, NW}, {NW, 1, N}, {SE, 3, NW},
		{S, -4, NW}, {NE, 12, NE}, {NE, -13, N}, {N, 6, N},
	}
	for _, tt := range tests {
		if got := tt.d.Turn(tt.k); got != tt.want {
			t.Errorf("%v.Turn(%d) = %v, want %v", tt.d, tt.k, got, tt.want)
		}
	}
	if got := Direction(-1).Turn(0); got != NW {
		t.Errorf("Direction(-1).Turn(0) = %v, want NW", got)
	}
}

func TestDistanceExamples(t *testing.T) {
	// Worked by hand on a printed even-q map (odd columns high).
	tests := []struct {
		a, b string
		want int
	}{
		{"0712", "0712", 0},
		{"0101", "0102", 1},
		{"0101", "0201", 1},  // SE of an odd-column hex, same row number
		{"0202", "0102", 1},  // NW of an even-column hex, same row number
		{"0101", "0202", 2},  // SE then S
		{"0101", "0301", 2},  // same row, two columns over
		{"0712", "1012", 3},  // zigzag NE/SE along row 12
		{"0505", "0101", 6},  // four NW steps, then two N
		{"0101", "0110", 9},  // straight down a column
		{"0101", "1001", 9},  // along a row, one step per column
		{"0101", "1010", 14}, // nine SE steps reach 1005, then five S
	}
	for _, tt := range tests {
		a, b := mustHex(t, tt.a), mustHex(t, tt.b)
		if got := Distance(a, b); got != tt.want {
			t.Errorf("Distance(%s, %s) = %d, want %d", tt.a, tt.b, got, tt.want)
		}
		if got := Distance(b, a); got != tt.want {
			t.Errorf("Distance(%s, %s) = %d, want %d", tt.b, tt.a, got, tt.want)
		}
	}
}

func TestDistanceIsMetric(t *testing.T) {
	grid := hexGrid(15)
	for _, a := range grid {
		for _, b := range grid {
			d := Distance(a, b)
			if (d == 0) != (a == b) {
				t.Fatalf("Distance(%+v,%+v) = %d: zero iff equal violated", a, b, d)
			}
			if d < 0 || d != Distance(b, a) {
				t.Fatalf("Distance(%+v,%+v) = %d, reverse %d", a, b, d, Distance(b, a))
			}
		}
	}
	triangle := func(aq, ar, bq, br, cq, cr int8) bool {
		a, b, c := Hex{int(aq), int(ar)}, Hex{int(bq), int(br)}, Hex{int(cq), int(cr)}
		return Distance(a, c) <= Distance(a, b)+Distance(b, c)
	}
	if err := quick.Check(triangle, &quick.Config{MaxCount: 20000}); err != nil {
		t.Error(err)
	}
	// Translation invariance: geometry must not depend on column parity.
	translate := func(aq, ar, bq, br, tq, tr int8) bool {
		a, b, o := Hex{int(aq), int(ar)}, Hex{int(bq), int(br)}, Hex{int(tq), int(tr)}
		return Distance(a, b) == Distance(a.Add(o), b.Add(o)) && a.Add(o).Sub(o) == a
	}
	if err := quick.Check(translate, nil); err != nil {
		t.Error(err)
	}
}

func TestHexsideClassTables(t *testing.T) {
	const F, K, R = Front, Flank, Rear
	// Classes of the hexsides N, NE, SE, S, SW, NW for a unit facing N.
	tables := map[int][6]Side{
		1: {F, K, R, R, R, K},
		2: {F, F, K, R, R, K},
		3: {F, F, K, R, K, F},
		6: {F, F, F, F, F, F},
	}
	for fronts, want := range tables {
		for toward := N; toward <= NW; toward++ {
			if got := HexsideClass(N, fronts, toward); got != want[toward] {
				t.Errorf("HexsideClass(N, %d, %v) = %v, want %v", fronts, toward, got, want[toward])
			}
		}
		// Rotating the unit rotates the classes with it.
		for facing := N; facing <= NW; facing++ {
			for toward := N; toward <= NW; toward++ {
				want := want[toward.Turn(-int(facing))]
				if got := HexsideClass(facing, fronts, toward); got != want {
					t.Errorf("HexsideClass(%v, %d, %v) = %v, want %v", facing, fronts, toward, got, want)
				}
			}
		}
	}
	// A line facing S: front S and SW, flank SE and NW, rear N and NE.
	line := map[Direction]Side{S: F, SW: F, SE: K, NW: K, N: R, NE: R}
	for toward, want := range line {
		if got := HexsideClass(S, 2, toward); got != want {
			t.Errorf("HexsideClass(S, 2, %v) = %v, want %v", toward, got, want)
		}
	}
	for s, want := range map[Side]string{Front: "front", Flank: "flank", Rear: "rear", Side(9): "Side(9)"} {
		if s.String() != want {
			t.Errorf("Side(%d).String() = %q, want %q", int(s), s.String(), want)
		}
	}
}

func TestHexFrontAndAheadHexes(t *testing.T) {
	at := mustHex(t, "0712")
	num := func(hs []Hex) []string {
		var out []string
		for _, h := range hs {
			out = append(out, h.Number())
		}
		return out
	}
	tests := []struct {
		facing      Direction
		fronts      int
		front, head []string
	}{
		{N, 1, []string{"0711"}, []string{"0711"}},
		{N, 2, []string{"0711", "0811"}, []string{"0711", "0811"}},
		{N, 3, []string{"0611", "0711", "0811"}, []string{"0711"}},
		{S, 2, []string{"0713", "0612"}, []string{"0713", "0612"}},
		{SE, 6, []string{"0812", "0713", "0612", "0611", "0711", "0811"}, []string{"0812"}},
	}
	for _, tt := range tests {
		if got := num(FrontHexes(at, tt.facing, tt.fronts)); !slices.Equal(got, tt.front) {
			t.Errorf("FrontHexes(0712, %v, %d) = %v, want %v", tt.facing, tt.fronts, got, tt.front)
		}
		if got := num(AheadHexes(at, tt.facing, tt.fronts)); !slices.Equal(got, tt.head) {
			t.Errorf("AheadHexes(0712, %v, %d) = %v, want %v", tt.facing, tt.fronts, got, tt.head)
		}
	}
	// FrontHexes must agree with HexsideClass for every formation.
	for _, fronts := range []int{1, 2, 3, 6} {
		for facing := N; facing <= NW; facing++ {
			var want []Hex
			for toward := N; toward <= NW; toward++ {
				if HexsideClass(facing, fronts, toward) == Front {
					want = append(want, at.Neighbor(toward))
				}
			}
			got := FrontHexes(at, facing, fronts)
			if len(got) != fronts || len(got) != len(want) {
				t.Fatalf("FrontHexes(%v, %d) has %d hexes, HexsideClass %d", facing, fronts, len(got), len(want))
			}
			for _, h := range got {
				if !slices.Contains(want, h) {
					t.Errorf("FrontHexes(%v, %d) includes non-front %v", facing, fronts, h)
				}
			}
		}
	}
}

func TestStraight(t *testing.T) {
	h := func(ss ...string) []Hex {
		var out []Hex
		for _, s := range ss {
			out = append(out, mustHex(t, s))
		}
		return out
	}
	tests := []struct {
		name string
		path []Hex
		want bool
	}{
		{"empty", nil, false},
		{"two hexes", h("0101", "0102"), false},
		{"down a column", h("0101", "0102", "0103"), true},
		{"diagonal SE across parity", h("0101", "0201", "0302"), true},
		{"diagonal NE across parity", h("0202", "0302", "0401"), true},
		{"only last three count", h("0505", "0101", "0102", "0103"), true},
		{"bend", h("0101", "0102", "0202"), false},
		{"bend at end", h("0101", "0102", "0103", "0203"), false},
		{"back and forth", h("0101", "0102", "0101"), false},
		{"standing still", h("0101", "0101", "0101"), false},
		{"even strides of two", h("0101", "0103", "0105"), false},
	}
	for _, tt := range tests {
		if got := Straight(tt.path); got != tt.want {
			t.Errorf("Straight(%s %v) = %v, want %v", tt.name, tt.path, got, tt.want)
		}
	}
}

func TestLineProperties(t *testing.T) {
	grid := hexGrid(6)
	for _, a := range grid {
		for _, b := range grid {
			l := Line(a, b)
			n := Distance(a, b)
			if len(l) != n+1 || l[0] != a || l[len(l)-1] != b {
				t.Fatalf("Line(%+v,%+v) = %v: want %d hexes from a to b", a, b, l, n+1)
			}
			for i := 1; i < len(l); i++ {
				if Distance(l[i-1], l[i]) != 1 {
					t.Fatalf("Line(%+v,%+v) = %v: step %d not adjacent", a, b, l, i)
				}
				if Distance(a, l[i]) != i {
					t.Fatalf("Line(%+v,%+v) = %v: hex %d not at distance %d", a, b, l, i, i)
				}
			}
			if !slices.Equal(l, Line(a, b)) {
				t.Fatalf("Line(%+v,%+v) not deterministic", a, b)
			}
		}
	}
	want := []string{"0101", "0102", "0103", "0104"}
	got := Line(mustHex(t, "0101"), mustHex(t, "0104"))
	for i := range want {
		if got[i].Number() != want[i] {
			t.Fatalf("Line(0101,0104) = %v, want %v", got, want)
		}
	}
}

// sampledLine is the line from a to b worked out the way the definition
// reads (hex.go, Lines): n+1 points of the segment between the centres,
// in floating point, nudged by small distinct amounts, each rounded to the
// nearest hex. The integer walk must agree with it hex for hex.
func sampledLine(a, b Hex) []Hex {
	eps := [3]float64{1e-6, 2e-6, -3e-6}
	aq, ar, as := float64(a.Q)+eps[0], float64(a.R)+eps[1], float64(-a.Q-a.R)+eps[2]
	bq, br, bs := float64(b.Q)+eps[0], float64(b.R)+eps[1], float64(-b.Q-b.R)+eps[2]
	n := Distance(a, b)
	out := []Hex{a}
	for i := 1; i <= n; i++ {
		t := float64(i) / float64(n)
		q, r, s := aq+(bq-aq)*t, ar+(br-ar)*t, as+(bs-as)*t
		rq, rr, rs := math.Round(q), math.Round(r), math.Round(s)
		dq, dr, ds := math.Abs(rq-q), math.Abs(rr-r), math.Abs(rs-s)
		switch {
		case dq > dr && dq > ds:
			rq = -rr - rs
		case dr > ds:
			rr = -rq - rs
		}
		out = append(out, Hex{Q: int(rq), R: int(rr)})
	}
	return out
}

// TestLineMatchesSampling sweeps every pair of hexes in a 25×25 block of
// axial coordinates (lines up to 48 hexes, every direction, every tie along
// a hexside spine) and a few long lines across a large map.
func TestLineMatchesSampling(t *testing.T) {
	grid := hexGrid(12)
	for _, a := range grid {
		for _, b := range grid {
			if got, want := Line(a, b), sampledLine(a, b); !slices.Equal(got, want) {
				t.Fatalf("Line(%+v,%+v) = %v, sampled %v", a, b, got, want)
			}
		}
	}
	for _, ends := range [][2]Hex{{{0, 0}, {99, -49}}, {{1, 1}, {98, 3}}, {{-40, 7}, {55, -80}}, {{3, 90}, {3, -90}}} {
		if got, want := Line(ends[0], ends[1]), sampledLine(ends[0], ends[1]); !slices.Equal(got, want) {
			t.Fatalf("Line(%+v,%+v) = %v, sampled %v", ends[0], ends[1], got, want)
		}
	}
}

func TestLineOfSight(t *testing.T) {
	a, b := mustHex(t, "0702"), mustHex(t, "0706")
	between := mustHex(t, "0704")
	beside := mustHex(t, "0804")
	only := func(x Hex) func(Hex) bool { return func(h Hex) bool { return h == x } }
	if LineOfSight(a, b, only(between)) {
		t.Error("LOS 0702->0706 not blocked by 0704 on the line")
	}
	if LineOfSight(b, a, only(between)) {
		t.Error("LOS 0706->0702 not blocked by 0704 on the line")
	}
	if !LineOfSight(a, b, only(beside)) {
		t.Error("LOS 0702->0706 blocked by 0804 beside the line")
	}
	if !LineOfSight(a, b, only(b)) || !LineOfSight(a, b, only(a)) {
		t.Error("end hexes must not block LOS")
	}
	if !LineOfSight(a, b, nil) {
		t.Error("nil blocked func must mean clear LOS")
	}
	all := func(Hex) bool { return true }
	if !LineOfSight(a, a, all) || !LineOfSight(a, a.Neighbor(SE), all) {
		t.Error("same or adjacent hexes must always have LOS")
	}
	if LineOfSight(a, a.Neighbor(S).Neighbor(S), all) {
		t.Error("distance-2 LOS through a blocked hex reported clear")
	}
}

func TestHexRingAndWithin(t *testing.T) {
	c := mustHex(t, "0712")
	nb := c.Neighbors()
	if got := Ring(c, 1); !slices.Equal(got, nb[:]) {
		t.Errorf("Ring(c,1) = %v, want neighbours in N..NW order %v", got, nb)
	}
	if got := Ring(c, 0); !slices.Equal(got, []Hex{c}) {
		t.Errorf("Ring(c,0) = %v", got)
	}
	if Ring(c, -1) != nil || Within(c, -1) != nil {
		t.Error("negative radius should give nil")
	}
	if got := Ring(c, 2)[0]; got.Number() != "0710" {
		t.Errorf("Ring(0712,2) starts at %v, want 0710 (due north)", got)
	}
	for r := 0; r <= 7; r++ {
		ring := Ring(c, r)
		want := max(6*r, 1)
		if len(ring) != want {
			t.Fatalf("len(Ring(c,%d)) = %d, want %d", r, len(ring), want)
		}
		seen := map[Hex]bool{}
		for i, h := range ring {
			if Distance(c, h) != r || seen[h] {
				t.Fatalf("Ring(c,%d)[%d] = %v: distance %d, dup %v", r, i, h, Distance(c, h), seen[h])
			}
			seen[h] = true
			if r > 0 && Distance(h, ring[(i+1)%len(ring)]) != 1 {
				t.Fatalf("Ring(c,%d) not contiguous at %d", r, i)
			}
		}
		within := Within(c, r)
		if len(within) != 3*r*(r+1)+1 {
			t.Fatalf("len(Within(c,%d)) = %d", r, len(within))
		}
		seenW := map[Hex]bool{}
		for i, h := range within {
			if Distance(c, h) > r || seenW[h] {
				t.Fatalf("Within(c,%d)[%d] = %v bad", r, i, h)
			}
			if i > 0 && Distance(c, h) < Distance(c, within[i-1]) {
				t.Fatalf("Within(c,%d) not ordered by distance at %d", r, i)
			}
			seenW[h] = true
		}
	}
}

func TestHexStepAway(t *testing.T) {
	grid := hexGrid(8)
	for _, from := range grid {
		for _, away := range grid {
			s := StepAway(from, away)
			if Distance(from, s) != 1 {
				t.Fatalf("StepAway(%+v,%+v) = %+v is not a neighbour", from, away, s)
			}
			if Distance(s, away) != Distance(from, away)+1 {
				t.Fatalf("StepAway(%+v,%+v) = %+v: distance %d -> %d", from, away, s, Distance(from, away), Distance(s, away))
			}
		}
	}
	o := Hex{0, 0}
	// Worked by hand: among the neighbours at maximal distance from the
	// enemy, the first in N..NW order wins.
	tests := []struct {
		away Hex
		want Direction
	}{
		{o, N},               // all six tie at 1
		{o.Neighbor(S), N},   // N and NE tie at 2
		{o.Neighbor(N), SE},  // SE, S, SW tie at 2
		{o.Neighbor(NE), S},  // S, SW, NW tie at 2
		{o.Neighbor(SE), N},  // N, SW, NW tie at 2
		{o.Neighbor(SW), N},  // N, NE tie at 2
		{o.Neighbor(NW), NE}, // NE, SE, S tie at 2
		{Hex{0, 5}, N},       // N and NE tie at 6
		{Hex{-3, 0}, NE},     // NE and SE tie at 4
		{Hex{3, -3}, S},      // S, SW, NW tie at 4
		{Hex{2, 2}, N},       // N and NW tie at 5
	}
	for _, tt := range tests {
		if got := StepAway(o, tt.away); got != o.Neighbor(tt.want) {
			d, _ := DirectionTo(o, got)
			t.Errorf("StepAway(o, %+v) went %v, want %v", tt.away, d, tt.want)
		}
	}
}

func FuzzParseHex(f *testing.F) {
	for _, s := range []string{"0101", "0712", "9999", "0000", "712", "07a2", "", "07123", "-712", "０７"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		h, err := Parse(s)
		if err != nil {
			if h != (Hex{}) {
				t.Fatalf("Parse(%q) returned %+v with error", s, h)
			}
			return
		}
		n := h.Number()
		if n != s {
			t.Fatalf("Parse(%q).Number() = %q", s, n)
		}
		back, err := Parse(n)
		if err != nil || back != h {
			t.Fatalf("Parse(%q) = %+v,%v, want %+v", n, back, err, h)
		}
	})
}

var benchSink int

func BenchmarkDistance(b *testing.B) {
	hs := hexGrid(15)
	for b.Loop() {
		for i := 1; i < len(hs); i++ {
			benchSink += Distance(hs[i-1], hs[i*7%len(hs)])
		}
	}
}

// BenchmarkFirstStep walks to the first hex of lines of every length up
// to 30 and every direction: the cost of starting a line.
func BenchmarkFirstStep(b *testing.B) {
	hs := hexGrid(15)
	for b.Loop() {
		for i := 1; i < len(hs); i++ {
			benchSink += FirstStep(hs[i-1], hs[i*7%len(hs)]).Q
		}
	}
}

// BenchmarkLineOfSight walks lines of every length up to 30, every
// direction, through open ground.
func BenchmarkLineOfSight(b *testing.B) {
	hs := hexGrid(15)
	open := func(Hex) bool { return false }
	for b.Loop() {
		for i := 1; i < len(hs); i++ {
			if LineOfSight(hs[i-1], hs[i*7%len(hs)], open) {
				benchSink++
			}
		}
	}
}

// TestHexsideBetween: a hexside has one key whichever hex names it, and only
// neighbours share one.
func TestHexsideBetween(t *testing.T) {
	a, b := mustHex(t, "0605"), mustHex(t, "0606")
	k1, ok1 := HexsideBetween(a, b)
	k2, ok2 := HexsideBetween(b, a)
	if !ok1 || !ok2 || k1 != k2 {
		t.Fatalf("HexsideBetween(%s,%s)=%v,%v and reversed %v,%v: want one key", a, b, k1, ok1, k2, ok2)
	}
	if k1.String() != "0605/0606" {
		t.Errorf("key %s, want 0605/0606", k1)
	}
	for _, far := range []string{"0605", "0607", "0805"} {
		if _, ok := HexsideBetween(a, mustHex(t, far)); ok {
			t.Errorf("0605 and %s share a hexside", far)
		}
	}
	// Every neighbour's hexside is distinct.
	seen := map[HexsideKey]bool{}
	for _, n := range a.Neighbors() {
		k, ok := HexsideBetween(a, n)
		if !ok || seen[k] {
			t.Errorf("neighbour %s: key %v ok %v (seen %v)", n, k, ok, seen[k])
		}
		seen[k] = true
	}
}

// TestLineCrosses: a wall along a hexside blocks a line that crosses it and
// not one beside it; neighbours always see each other.
func TestLineCrosses(t *testing.T) {
	wallAt := func(x, y string) func(HexsideKey) bool {
		k, _ := HexsideBetween(mustHex(t, x), mustHex(t, y))
		return func(h HexsideKey) bool { return h == k }
	}
	tests := []struct {
		from, to, wallA, wallB string
		want                   bool
	}{
		{"0610", "0606", "0608", "0607", true},  // straight up the column, across the wall
		{"0610", "0606", "0708", "0707", false}, // the wall is in the next column
		{"0607", "0606", "0607", "0606", false}, // neighbours
		{"0606", "0610", "0608", "0607", true},  // the other way
	}
	for _, tt := range tests {
		if got := LineCrosses(mustHex(t, tt.from), mustHex(t, tt.to), wallAt(tt.wallA, tt.wallB)); got != tt.want {
			t.Errorf("%s→%s with a wall on %s/%s: %v, want %v", tt.from, tt.to, tt.wallA, tt.wallB, got, tt.want)
		}
	}
}

// The drawing geometry must agree with the neighbour vectors: the centre of
// the neighbour across hexside d lies beyond the middle of that hexside, at
// twice the distance from h's centre, and every corner is size away.
func TestHexCenterCornersAgreeWithNeighbors(t *testing.T) {
	const size = 10.0
	near := func(a, b float64) bool { return math.Abs(a-b) < 1e-9 }
	for _, h := range hexGrid(4) {
		cx, cy := h.Center(size)
		for d := N; d <= NW; d++ {
			nx, ny := h.Neighbor(d).Center(size)
			if got := math.Hypot(nx-cx, ny-cy); !near(got, size*math.Sqrt(3)) {
				t.Fatalf("%v: neighbour %v centre %.3f away, want %.3f", h, d, got, size*math.Sqrt(3))
			}
			x1, y1, x2, y2 := h.HexsideEnds(size, d)
			if mx, my := (x1+x2)/2, (y1+y2)/2; !near(2*mx, cx+nx) || !near(2*my, cy+ny) {
				t.Fatalf("%v: hexside %v midpoint (%.3f,%.3f) is not halfway to the neighbour", h, d, mx, my)
			}
			if got := math.Hypot(x1-cx, y1-cy); !near(got, size) {
				t.Fatalf("%v: corner %.3f from centre, want %v", h, got, size)
			}
		}
	}
}

// Printed numbering: in one column the next row is straight below; an even
// column stands half a hex lower than the odd column beside it.
func TestHexCenterPrintedLayout(t *testing.T) {
	tests := []struct {
		a, b   string
		dx, dy float64
	}{
		{"0101", "0102", 0, math.Sqrt(3)},
		{"0101", "0201", 1.5, math.Sqrt(3) / 2},
		{"0201", "0301", 1.5, -math.Sqrt(3) / 2},
		{"0612", "0611", 0, -math.Sqrt(3)},
	}
	for _, tt := range tests {
		ax, ay := mustHex(t, tt.a).Center(1)
		bx, by := mustHex(t, tt.b).Center(1)
		if math.Abs(bx-ax-tt.dx) > 1e-9 || math.Abs(by-ay-tt.dy) > 1e-9 {
			t.Errorf("%s→%s: (%.3f,%.3f), want (%.3f,%.3f)", tt.a, tt.b, bx-ax, by-ay, tt.dx, tt.dy)
		}
	}
}

// TestLineTableAsWalked: a short line read from lineTable is, hex for hex,
// the line walked step by step, from any hex; longer lines are walked.
func TestLineTableAsWalked(t *testing.T) {
	origins := []Hex{{0, 0}, {5, -3}, {-17, 40}, {123, -77}}
	for _, a := range origins {
		for _, d := range hexGrid(lineTabled + 2) {
			b := a.Add(d)
			laid, walked := NewLineWalk(a, b), walkLine(a, b)
			if (laid.laid != nil) != (Distance(a, b) <= lineTabled) {
				t.Fatalf("%v→%v (%d hexes): laid out %v", a, b, Distance(a, b), laid.laid != nil)
			}
			for i := 0; ; i++ {
				h1, ok1 := laid.Next()
				h2, ok2 := walked.Next()
				if h1 != h2 || ok1 != ok2 {
					t.Fatalf("%v→%v hex %d: table %v %v, walk %v %v", a, b, i, h1, ok1, h2, ok2)
				}
				if !ok1 {
					break
				}
			}
		}
	}
}

// TestHexAndDirectionText: a hex and a direction in JSON (the trace's
// After) read as a player writes them and read back the same, a hex off
// any map too; what is neither is refused.
func TestHexAndDirectionText(t *testing.T) {
	for _, h := range []Hex{FromOffset(7, 12), FromOffset(0, 0), FromOffset(99, 99), {Q: -3, R: 2}, {Q: 120, R: -70}} {
		b, err := h.MarshalText()
		if err != nil {
			t.Fatal(err)
		}
		if string(b) != h.Number() {
			t.Errorf("%v writes %q, want %q", h, b, h.Number())
		}
		var back Hex
		if err := back.UnmarshalText(b); err != nil || back != h {
			t.Errorf("%q reads back as %v (%v), want %v", b, back, err, h)
		}
	}
	for d := N; d <= NW; d++ {
		b, _ := d.MarshalText()
		var back Direction
		if err := back.UnmarshalText(b); err != nil || back != d || string(b) != d.String() {
			t.Errorf("%v writes %q, reads back %v (%v)", d, b, back, err)
		}
	}
	var h Hex
	var d Direction
	for _, bad := range []string{"712", "(1,2", "(1, 2)x", "", "abcd"} {
		if err := h.UnmarshalText([]byte(bad)); err == nil {
			t.Errorf("hex %q read as %v", bad, h)
		}
	}
	if err := d.UnmarshalText([]byte("up")); err == nil {
		t.Errorf("direction \"up\" read as %v", d)
	}
}
