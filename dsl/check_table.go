package dsl

import (
	"fmt"
	"sort"
	"strings"
)

// rollSpec checks a roll statement: its dice and its modifier bounds.
func (u *unit) rollSpec(r *Roll) (RollSpec, bool) {
	d, err := ParseDice(r.Dice)
	if err != nil {
		u.errorf(position(r.Pos), "bad-dice", "%v", err)
		return RollSpec{}, false
	}
	spec := RollSpec{Dice: d}
	if r.Modifier != nil {
		lo, hi, ok := u.rangeBounds(r.Modifier)
		if !ok {
			return RollSpec{}, false
		}
		if lo == openLo || hi == openHi {
			u.errorf(position(r.Modifier.Pos), "unbounded-modifier", "a modifier needs both bounds, such as -6..6")
			return RollSpec{}, false
		}
		if lo < -100 || hi > 100 {
			u.errorf(position(r.Modifier.Pos), "bad-modifier", "modifier bounds %d..%d are beyond -100..100", lo, hi)
			return RollSpec{}, false
		}
		spec.HasModifier, spec.ModLo, spec.ModHi = true, lo, hi
	}
	return spec, true
}

// rangeBounds reads a range; open ends become openLo and openHi.
func (u *unit) rangeBounds(r *Range) (lo, hi int, ok bool) {
	pos := position(r.Pos)
	num := func(s *string) (int, bool) {
		v, ok := u.number(*s, pos)
		if !ok {
			return 0, false
		}
		n, isInt := v.(int)
		if !isInt {
			u.errorf(pos, "bad-range", "a range takes whole numbers")
		}
		return n, isInt
	}
	switch {
	case r.From == nil && r.To == nil:
		u.errorf(pos, "bad-range", "a range needs at least one bound")
		return 0, 0, false
	case !r.Dots:
		n, ok := num(r.From)
		return n, n, ok
	}
	lo, hi = openLo, openHi
	if r.From != nil {
		if lo, ok = num(r.From); !ok {
			return
		}
	}
	if r.To != nil {
		if hi, ok = num(r.To); !ok {
			return
		}
	}
	if lo > hi {
		u.errorf(pos, "bad-range", "range %d..%d is empty", lo, hi)
		return 0, 0, false
	}
	return lo, hi, true
}

// rows converts table rows.
func (u *unit) rows(rs []*Row) []RowDef {
	var out []RowDef
	for _, r := range rs {
		lo, hi, ok := u.rangeBounds(r.Range)
		if !ok {
			continue
		}
		row := RowDef{Lo: lo, Hi: hi, Outcome: r.Outcome, Pos: position(r.Pos)}
		if r.Value != nil {
			row.Value, row.HasValue = u.rowNumber(*r.Value, row.Pos)
		}
		if r.Value2 != nil {
			row.Value2, row.HasValue2 = u.rowNumber(*r.Value2, row.Pos)
		}
		out = append(out, row)
	}
	return out
}

func (u *unit) rowNumber(s string, pos Pos) (int, bool) {
	v, ok := u.number(s, pos)
	n, isInt := v.(int)
	if ok && !isInt {
		u.errorf(pos, "bad-number", "a row's value is a whole number")
	}
	return n, ok && isInt
}

// d66Rows rejects a row bound that two dice read as tens and units cannot
// show (37, 70): such a row is a typo the coverage check would not see.
func (u *unit) d66Rows(rows []RowDef) {
	for _, r := range rows {
		for _, v := range []int{r.Lo, r.Hi} {
			if v == openLo || v == openHi {
				continue
			}
			if v < 11 || v > 66 || v%10 < 1 || v%10 > 6 {
				u.errorf(r.Pos, "bad-d66", "%d is not a d66 result: d66 reads two dice as tens and units, 11..16, 21..26 … 61..66", v)
				break
			}
		}
	}
}

// coverage proves that every result the roll can give lands in exactly one
// row of the column, naming the gaps and overlaps otherwise.
func (u *unit) coverage(t *TableDef, col *ColumnDef, pos Pos) {
	where := "table " + t.Name
	if col.Title != "" {
		where += fmt.Sprintf(" column %q", col.Title)
	}
	reach := t.Roll.Reachable()
	var gaps []int
	for _, v := range reach {
		// The first two rows v is in, by index: no list per result.
		first, second := -1, -1
		for i, r := range col.Rows {
			if v >= r.Lo && v <= r.Hi {
				if first < 0 {
					first = i
				} else if second < 0 {
					second = i
				}
			}
		}
		switch {
		case first < 0:
			gaps = append(gaps, v)
		case second >= 0:
			u.errorf(col.Rows[second].Pos, "table-overlap", "%s: roll %d is in two rows (%s and %s)", where, v, col.Rows[first].RangeString(), col.Rows[second].RangeString())
			return
		}
	}
	if len(gaps) > 0 {
		u.errorf(pos, "table-gap", "%s: no row for %s (the roll %s can give %d..%d)", where, spans(gaps, reach), t.Roll, reach[0], reach[len(reach)-1])
	}
	for _, r := range col.Rows {
		hit := false
		for _, v := range reach {
			if v >= r.Lo && v <= r.Hi {
				hit = true
				break
			}
		}
		if !hit {
			u.warnf(r.Pos, "row-unreachable", "%s: row %s can never be rolled with %s", where, r.RangeString(), t.Roll)
		}
	}
}

// spans writes a sorted list of results as runs of consecutive reachable
// results: "5..6, 61".
func spans(vals, reach []int) string {
	idx := map[int]int{}
	for i, v := range reach {
		idx[v] = i
	}
	sort.Ints(vals)
	var parts []string
	for i := 0; i < len(vals); {
		j := i
		for j+1 < len(vals) && idx[vals[j+1]] == idx[vals[j]]+1 {
			j++
		}
		if i == j {
			parts = append(parts, fmt.Sprint(vals[i]))
		} else {
			parts = append(parts, fmt.Sprintf("%d..%d", vals[i], vals[j]))
		}
		i = j + 1
	}
	return strings.Join(parts, ", ")
}
