package hex

import "testing"

func TestMapContains(t *testing.T) {
	m := Map{Cols: 12, Rows: 10}
	tests := []struct {
		hex  string
		want bool
	}{
		{"0101", true}, {"1210", true}, {"0612", false}, {"1301", false},
		{"0001", false}, {"0100", false}, {"0610", true}, {"0611", false},
	}
	for _, tt := range tests {
		if got := m.Contains(mustHex(t, tt.hex)); got != tt.want {
			t.Errorf("12×10 map Contains(%s) = %v, want %v", tt.hex, got, tt.want)
		}
	}
	if m.First().String() != "0101" || m.Last().String() != "1210" {
		t.Errorf("First %s, Last %s: want 0101 and 1210", m.First(), m.Last())
	}
}

func TestMapHexes(t *testing.T) {
	for _, m := range []Map{{1, 1}, {3, 2}, {12, 10}, {0, 5}} {
		hs := m.Hexes()
		if len(hs) != m.Cols*m.Rows {
			t.Fatalf("%v: %d hexes, want %d", m, len(hs), m.Cols*m.Rows)
		}
		seen := map[Hex]bool{}
		for i, h := range hs {
			if !m.Contains(h) || seen[h] {
				t.Fatalf("%v: hex %d %s off the map or listed twice", m, i, h)
			}
			seen[h] = true
			if col, row := h.Offset(); col != 1+i/m.Rows || row != 1+i%m.Rows {
				t.Fatalf("%v: hex %d is %s, want column by column", m, i, h)
			}
		}
	}
}

func TestAdjacentAndNearest(t *testing.T) {
	o := mustHex(t, "0605")
	for _, n := range o.Neighbors() {
		if !Adjacent(o, n) || !Adjacent(n, o) {
			t.Errorf("%s and %s should be adjacent", o, n)
		}
	}
	for _, h := range []Hex{o, o.Neighbor(N).Neighbor(N), mustHex(t, "0805")} {
		if Adjacent(o, h) {
			t.Errorf("%s and %s are not adjacent", o, h)
		}
	}
	tests := []struct {
		a, b []string
		want int
	}{
		{[]string{"0605"}, []string{"0605"}, 0},
		{[]string{"0605"}, []string{"0601"}, 4},
		{[]string{"0605", "0604"}, []string{"0601"}, 3},
		{[]string{"0605"}, []string{"0601", "0603"}, 2},
		{[]string{"0605"}, nil, 0},
	}
	for _, tt := range tests {
		var a, b []Hex
		for _, s := range tt.a {
			a = append(a, mustHex(t, s))
		}
		for _, s := range tt.b {
			b = append(b, mustHex(t, s))
		}
		if got := Nearest(a, b); got != tt.want {
			t.Errorf("Nearest(%v, %v) = %d, want %d", tt.a, tt.b, got, tt.want)
		}
	}
}

func TestCheckPath(t *testing.T) {
	tests := []struct {
		name   string
		start  string
		path   []string
		broken bool
		want   PathBreak
	}{
		{"empty", "0410", nil, false, PathBreak{}},
		{"straight", "0410", []string{"0409", "0408", "0407"}, false, PathBreak{}},
		{"first not next", "0410", []string{"0408"}, true, PathBreak{At: 0, Jump: true, First: -1}},
		{"jump", "0410", []string{"0409", "0407"}, true, PathBreak{At: 1, Jump: true, First: -1}},
		{"stands still", "0410", []string{"0409", "0409"}, true, PathBreak{At: 1, Jump: true, First: -1}},
		{"back to start", "0410", []string{"0409", "0410"}, true, PathBreak{At: 1, First: -1}},
		{"twice", "0410", []string{"0409", "0408", "0409"}, true, PathBreak{At: 2, First: 0}},
		{"round a hex", "0410", []string{"0409", "0509", "0510", "0511"}, false, PathBreak{}},
	}
	for _, tt := range tests {
		var path []Hex
		for _, s := range tt.path {
			path = append(path, mustHex(t, s))
		}
		got, broken := CheckPath(mustHex(t, tt.start), path)
		if broken != tt.broken || got != tt.want {
			t.Errorf("%s: CheckPath = %+v, %v; want %+v, %v", tt.name, got, broken, tt.want, tt.broken)
		}
	}
}

// TestTurnsToFrontAndInFront: a front hexside needs no turn, the others the
// fewest turns either way; InFront agrees with FrontHexes everywhere.
func TestTurnsToFrontAndInFront(t *testing.T) {
	tests := []struct {
		facing Direction
		fronts int
		toward Direction
		want   int
	}{
		{N, 1, N, 0}, {N, 1, NE, 1}, {N, 1, NW, 1}, {N, 1, SE, 2}, {N, 1, S, 3},
		{N, 2, NE, 0}, {N, 2, SE, 1}, {N, 2, NW, 1}, {N, 2, S, 2}, {N, 2, SW, 2},
		{S, 3, SE, 0}, {S, 3, SW, 0}, {S, 3, N, 2}, {S, 3, NE, 1},
		{NE, 6, SW, 0},
	}
	for _, tt := range tests {
		if got := TurnsToFront(tt.facing, tt.fronts, tt.toward); got != tt.want {
			t.Errorf("TurnsToFront(%v, %d, %v) = %d, want %d", tt.facing, tt.fronts, tt.toward, got, tt.want)
		}
	}
	at := mustHex(t, "0605")
	for facing := N; facing <= NW; facing++ {
		for fronts := 1; fronts <= 6; fronts++ {
			front := map[Hex]bool{}
			for _, h := range FrontHexes(at, facing, fronts) {
				front[h] = true
			}
			for _, h := range Within(at, 2) {
				if InFront(at, facing, fronts, h) != front[h] {
					t.Errorf("facing %v, %d fronts: InFront(%s) = %v, FrontHexes says %v", facing, fronts, h, !front[h], front[h])
				}
			}
		}
	}
}
