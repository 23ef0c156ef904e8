package stdlib

import (
	"testing"

	"github.com/bataille/bataille/interpreter"
)

// The fire chart's column starts, 1:3 to 10:1, as the base lists them.
var fireStarts = []any{-3, -2.5, -2, -1.5, 1, 1.5, 2, 2.5, 3, 4, 5, 6, 7, 8, 9, 10}

// The melee chart's, 1:2 to 5:1.
var meleeStarts = []any{-2, 1, 1.5, 2, 2.5, 3, 3.5, 4, 4.5, 5}

func TestOddsColumn(t *testing.T) {
	for _, c := range []struct {
		attack, defence float64
		shift           int
		starts          []any
		want            int
	}{
		{1, 9, 0, fireStarts, 1},   // 1:9 is beyond 1:3: the first column
		{1, 3, 0, fireStarts, 1},   // 1:3 exactly
		{2, 5, 0, fireStarts, 2},   // 1:2.5 exactly
		{3, 7, 0, fireStarts, 2},   // 1:2.33 rounds toward the defender
		{1, 2, 0, fireStarts, 3},   // 1:2
		{2, 3, 0, fireStarts, 4},   // 1:1.5 exactly
		{5, 6, 0, fireStarts, 4},   // 1:1.2 reads 1:1.5
		{6, 6, 0, fireStarts, 5},   // 1:1
		{8, 6, 0, fireStarts, 5},   // 1.33:1 rounds down to 1:1
		{9, 6, 0, fireStarts, 6},   // 1.5:1
		{29, 10, 0, fireStarts, 8}, // 2.9:1 reads 2.5:1
		{49, 10, 0, fireStarts, 10},
		{100, 10, 0, fireStarts, 16},
		{500, 10, 0, fireStarts, 16}, // beyond 10:1
		{2, 6, 1, fireStarts, 2},     // canister: one column right of 1:3
		{4, 6, 1, fireStarts, 5},     // 1:1.5, canister: 1:1
		{100, 10, 1, fireStarts, 16}, // held to the last column
		{6, 6, -9, fireStarts, 1},    // and to the first
		{5, 0, 0, fireStarts, 16},    // no defence
		{0, 5, 0, fireStarts, 1},     // no fire
		{9, 10, 0, meleeStarts, 1},   // any weaker attacker: 1:2
		{1, 5, 0, meleeStarts, 1},
		{10, 10, 0, meleeStarts, 2},
		{14, 10, 0, meleeStarts, 2},
		{15, 10, 0, meleeStarts, 3},
		{49, 10, 0, meleeStarts, 9},
		{50, 10, 0, meleeStarts, 10},
		{90, 10, 0, meleeStarts, 10},
	} {
		args := append([]any{c.attack, c.defence, c.shift}, c.starts...)
		got, err := oddsColumn(args...)
		if err != nil {
			t.Fatal(err)
		}
		if got != c.want {
			t.Errorf("odds_column(%g, %g, shift %d) = %v, want %d", c.attack, c.defence, c.shift, got, c.want)
		}
		var starts []float64
		for _, s := range c.starts {
			starts = append(starts, interpreter.ToFloat(s))
		}
		if fast, err := oddsColumnFast(c.attack, c.defence, c.shift, starts); err != nil || fast != c.want {
			t.Errorf("typed odds_column(%g, %g, shift %d) = %d, %v, want %d", c.attack, c.defence, c.shift, fast, err, c.want)
		}
	}
	if _, err := oddsColumnFast(1, 2, 0, nil); err == nil {
		t.Error("typed odds_column with no column starts: no error")
	}
	if _, err := oddsColumn(1.0, 2.0, 0); err == nil {
		t.Error("odds_column with no column starts: no error")
	}
}
