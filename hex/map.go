package hex

// Map is the extent of a printed map: columns 01 to Cols, rows 01 to Rows.
type Map struct{ Cols, Rows int }

// Contains reports whether h is on the map.
func (m Map) Contains(h Hex) bool {
	col, row := h.Offset()
	return col >= 1 && col <= m.Cols && row >= 1 && row <= m.Rows
}

// First is the map's first hex, 0101.
func (m Map) First() Hex { return FromOffset(1, 1) }

// Last is the hex of the map's last column and last row.
func (m Map) Last() Hex { return FromOffset(m.Cols, m.Rows) }

// Hexes lists the map's hexes column by column, as printed.
func (m Map) Hexes() []Hex {
	out := make([]Hex, 0, max(m.Cols, 0)*max(m.Rows, 0))
	for c := 1; c <= m.Cols; c++ {
		for r := 1; r <= m.Rows; r++ {
			out = append(out, FromOffset(c, r))
		}
	}
	return out
}

// Adjacent reports whether a and b are neighbours: they share a hexside.
func Adjacent(a, b Hex) bool {
	_, ok := DirectionTo(a, b)
	return ok
}

// PathBreak is where a path stops going forward hex by hex: At is the
// index of the first hex that is not next to the hex before it (Jump), or
// that was entered before, at index First (-1 for the path's start).
type PathBreak struct {
	At    int
	Jump  bool
	First int
}

// CheckPath walks a path from start: each hex next to the one before it
// (the first next to start), none entered twice (start counts as entered).
// It returns the first break, and false when the path is whole.
func CheckPath(start Hex, path []Hex) (PathBreak, bool) {
	from := start
	for i, h := range path {
		if !Adjacent(from, h) {
			return PathBreak{At: i, Jump: true, First: -1}, true
		}
		if h == start {
			return PathBreak{At: i, First: -1}, true
		}
		for j, p := range path[:i] {
			if p == h {
				return PathBreak{At: i, First: j}, true
			}
		}
		from = h
	}
	return PathBreak{}, false
}

// Nearest is the distance between the nearest hexes of two sets (a
// two-hex line stands in two), or 0 when either is empty.
func Nearest(a, b []Hex) int {
	d, found := 0, false
	for _, x := range a {
		for _, y := range b {
			if dd := Distance(x, y); !found || dd < d {
				d, found = dd, true
			}
		}
	}
	return d
}
