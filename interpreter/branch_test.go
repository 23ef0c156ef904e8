package interpreter

import (
	"math/big"
	"testing"

	"github.com/bataille/bataille/dsl"
)

// The alternatives of a roll, worked out by hand: a d66 table of three rows
// (11 / 12..56 / 61..66) read plain and at the modifier bounds, where the
// base-6 steps pile up at 11 and at 66; a 2d6 check, whose sums are not
// equally likely; and the finer grains a module reading the roll needs.
func TestAlternatives(t *testing.T) {
	col := &dsl.ColumnDef{Rows: []dsl.RowDef{
		{Lo: 11, Hi: 11, Outcome: "carre"},
		{Lo: 12, Hi: 56, Outcome: "disorder"},
		{Lo: 61, Hi: 66, Outcome: "rout"},
	}}
	split := &dsl.ColumnDef{Rows: []dsl.RowDef{
		{Lo: 11, Hi: 16, Outcome: "no_effect"},
		{Lo: 21, Hi: 36, Outcome: "loss", Value: 1, HasValue: true},
		{Lo: 41, Hi: 56, Outcome: "loss", Value: 1, HasValue: true, Value2: 2, HasValue2: true},
		{Lo: 61, Hi: 66, Outcome: "no_effect"},
	}}
	at7 := &dsl.CheckDef{Direction: "at_least"}
	d66, twoD6 := dsl.Dice{D66: true}, dsl.Dice{N: 2, Sides: 6}
	type alt struct {
		what    string
		p       string
		natural int
	}
	cases := []struct {
		name  string
		grain int
		key   branchKey
		want  []alt
	}{
		{"plain", byRow, branchKey{col: col, dice: d66}, []alt{
			{"11 carre", "1/36", 11}, {"12..56 disorder", "29/36", 12}, {"61..66 rout", "1/6", 61}}},
		// -12: naturals 11..31 (13 of them) all land on 11.
		{"clamped at 11", byRow, branchKey{col: col, dice: d66, mod: -12}, []alt{
			{"11 carre", "13/36", 11}, {"12..56 disorder", "23/36", 32}}},
		// +12: naturals 11..36 step to 31..56; 41..66 (18 of them) reach 61
		// and up, held at 66.
		{"clamped at 66", byRow, branchKey{col: col, dice: d66, mod: 12}, []alt{
			{"12..56 disorder", "1/2", 11}, {"61..66 rout", "1/2", 41}}},
		// Two rows that read the same outcome decide the same: one
		// alternative. Different numbers on a row decide differently.
		{"same outcome, two rows", byRow, branchKey{col: split, dice: d66}, []alt{
			{"11..16, 61..66 no_effect", "1/3", 11}, {"21..36 loss 1", "1/3", 21}, {"41..56 loss 1 2", "1/3", 41}}},
		// 2d6 at least 7: 21 of the 36 throws.
		{"2d6 check", byRow, branchKey{check: at7, dice: twoD6, threshold: 7}, []alt{
			{"fail", "5/12", 2}, {"pass", "7/12", 7}}},
		{"2d6 check, modifier", byRow, branchKey{check: at7, dice: twoD6, threshold: 7, mod: 3}, []alt{
			{"fail", "1/12", 2}, {"pass", "11/12", 4}}},
		// Reading the roll: one alternative per modified result.
		{"by result", byResult, branchKey{check: at7, dice: dsl.Dice{N: 1, Sides: 6}, threshold: 7, mod: 2}, []alt{
			{"roll 3: fail", "1/6", 1}, {"roll 4: fail", "1/6", 2}, {"roll 5: fail", "1/6", 3}, {"roll 6: fail", "1/6", 4},
			{"roll 7: pass", "1/6", 5}, {"roll 8: pass", "1/6", 6}}},
		// A clamped result gathers its naturals even by result: 46..66 all
		// read 66.
		{"by result, clamped", byResult, branchKey{col: col, dice: d66, mod: 12}, []alt{}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			got := alternatives(c.grain, c.key, nil)
			sum := new(big.Rat)
			for _, a := range got {
				sum.Add(sum, a.P)
			}
			if sum.Cmp(big.NewRat(1, 1)) != 0 {
				t.Errorf("chances add up to %s", sum.RatString())
			}
			if c.name == "by result, clamped" {
				last := got[len(got)-1]
				if len(got) != 24 || last.What != "roll 66: 61..66 rout" || last.P.RatString() != "13/36" || last.Natural != 46 {
					t.Errorf("got %d alternatives, last %+v", len(got), last)
				}
				return
			}
			if len(got) != len(c.want) {
				t.Fatalf("got %d alternatives %+v, want %d", len(got), got, len(c.want))
			}
			for i, w := range c.want {
				g := got[i]
				if g.What != w.what || g.P.RatString() != w.p || g.Natural != w.natural {
					t.Errorf("alternative %d: got %s %s (natural %d), want %s %s (natural %d)", i, g.What, g.P.RatString(), g.Natural, w.what, w.p, w.natural)
				}
			}
		})
	}
}

// The ways N dice sum, against the counts a table of throws gives.
func TestNaturalWays(t *testing.T) {
	naturals, ways, total := naturalWays(dsl.Dice{N: 2, Sides: 6})
	want := []int64{1, 2, 3, 4, 5, 6, 5, 4, 3, 2, 1}
	if total.Int64() != 36 || len(naturals) != 11 || naturals[0] != 2 {
		t.Fatalf("2d6: %v naturals of %v", naturals, total)
	}
	for i, w := range want {
		if ways[i].Int64() != w {
			t.Errorf("2d6 sum %d: %v ways, want %d", naturals[i], ways[i], w)
		}
	}
	_, ways, total = naturalWays(dsl.Dice{N: 3, Sides: 6})
	if total.Int64() != 216 || ways[10-3].Int64() != 27 {
		t.Errorf("3d6: %v ways to 10 of %v, want 27 of 216", ways[10-3], total)
	}
}

// A rule of a table's rolled hook that reads roll >= 64 (a leader hit) in
// its opening when splits the rows at 64 and nowhere else; a second reads
// 12 >= roll. An alternative is named by its row and the cuts that hold.
func TestAlternativesCut(t *testing.T) {
	col := &dsl.ColumnDef{Rows: []dsl.RowDef{
		{Lo: 11, Hi: 11, Outcome: "carre"},
		{Lo: 12, Hi: 56, Outcome: "disorder"},
		{Lo: 61, Hi: 66, Outcome: "rout"},
	}}
	got := alternatives(byRow, branchKey{col: col, dice: dsl.Dice{D66: true}}, []rollCut{{op: ">=", value: 64, rollLeft: true}, {op: ">=", value: 12, rollLeft: false}})
	want := []struct {
		what    string
		p       string
		natural int
	}{
		{"11 carre, 12 >= roll", "1/36", 11}, {"12..56 disorder, 12 >= roll", "1/36", 12}, {"12..56 disorder", "7/9", 13},
		{"61..66 rout", "1/12", 61}, {"61..66 rout, roll >= 64", "1/12", 64},
	}
	if len(got) != len(want) {
		t.Fatalf("got %d alternatives %+v, want %d", len(got), got, len(want))
	}
	for i, w := range want {
		if g := got[i]; g.What != w.what || g.P.RatString() != w.p || g.Natural != w.natural {
			t.Errorf("alternative %d: got %s %s (natural %d), want %s %s (natural %d)", i, g.What, g.P.RatString(), g.Natural, w.what, w.p, w.natural)
		}
	}
}
