package stdlib_test

import (
	"github.com/bataille/bataille/hex"
	"testing"

	"github.com/bataille/bataille"
	"github.com/bataille/bataille/interpreter"
	"github.com/bataille/bataille/stdlib"
)

// TestHexsideTo: the function agrees with the engine's hexside classes for
// every neighbour of a line and of a column, and for a unit farther off
// along each direction.
func TestHexsideTo(t *testing.T) {
	mod, diags := bataille.LoadBundled("premier")
	if diags.HasErrors() {
		t.Fatal(diags.Err())
	}
	var fn func(args ...any) (any, error)
	for _, f := range stdlib.Functions {
		if f.Name == "hexside_to" {
			fn = f.Fn
		}
	}
	if fn == nil {
		t.Fatal("no hexside_to")
	}
	for _, c := range []struct {
		formation string
		fronts    int
	}{{"line", 2}, {"column", 1}, {"carre", 6}} {
		board := interpreter.NewBoard(20, 20, "clear")
		at, _ := hex.Parse("1010")
		u := &interpreter.Unit{ID: "u", Side: "a", Arm: "infantry", Formation: c.formation, Facing: hex.Direction(0), Increments: 6, Hex: at}
		board.Place(u)
		interpreter.New(mod, board, nil, interpreter.Config{})
		for d := range 6 {
			dir := hex.Direction(d)
			want := hex.HexsideClass(u.Facing, c.fronts, dir).String()
			for _, dist := range []int{1, 3} {
				h := at
				for range dist {
					h = h.Neighbor(dir)
				}
				other := &interpreter.Unit{ID: "o", Hex: h}
				got, err := fn(u, other)
				if err != nil || got != want {
					t.Errorf("%s facing %v, other %d hexes %v: %v (%v), want %s", c.formation, u.Facing, dist, dir, got, err, want)
				}
			}
		}
		if got, _ := fn(u, &interpreter.Unit{ID: "same", Hex: at}); got != "front" {
			t.Errorf("%s: a unit in its hex is on its %v, want front", c.formation, got)
		}
	}
}

// TestUnitSetFunctions: the functions over the units around a unit count
// only units still on the board, of the side asked, where asked.
func TestUnitSetFunctions(t *testing.T) {
	mod, diags := bataille.LoadBundled("premier")
	if diags.HasErrors() {
		t.Fatal(diags.Err())
	}
	fns := map[string]func(args ...any) (any, error){}
	for _, f := range stdlib.Functions {
		fns[f.Name] = f.Fn
	}
	board := interpreter.NewBoard(12, 12, "clear")
	at := func(s string) hex.Hex {
		h, err := hex.Parse(s)
		if err != nil {
			t.Fatal(err)
		}
		return h
	}
	place := func(id, side, nat, class, formation string, inc int, h string) *interpreter.Unit {
		u := &interpreter.Unit{ID: id, Side: side, Nationality: nat, Class: class, Arm: "infantry", Formation: formation, Increments: inc, Hex: at(h), State: "good"}
		board.Place(u)
		return u
	}
	u := place("u", "a", "russian", "line", "column", 6, "0505")
	place("mate", "a", "prussian", "line", "column", 4, "0505")
	place("gone", "a", "saxon", "line", "column", 0, "0505") // eliminated: counts nowhere
	place("foe", "b", "french", "rifles", "carre", 4, "0505")
	place("rif", "b", "french", "rifles", "skirmish", 2, "0605")
	place("rif2", "a", "russian", "rifles", "carre", 2, "0504")
	place("far", "b", "french", "rifles", "carre", 2, "0509")
	// The stack stack_count reads: u and mate of regiment r1, a battalion
	// of no regiment, hussars; the enemy and the eliminated in the hex do
	// not count.
	u.Regiment = "r1"
	mate, _ := board.Unit("mate")
	mate.Regiment = "r1"
	rif2, _ := board.Unit("rif2")
	foe, _ := board.Unit("foe")
	place("third", "a", "russian", "line", "column", 3, "0505")
	place("hus", "a", "russian", "hussars", "column", 4, "0505").Arm = "cavalry"
	interpreter.New(mod, board, nil, interpreter.Config{})
	for _, c := range []struct {
		fn   string
		args []any
		want any
	}{
		{"stack_nationalities", []any{u}, 2},
		{"stacked_with", []any{u, "prussian"}, true},
		{"stacked_with", []any{u, "russian"}, true},
		{"stacked_with", []any{u, "saxon"}, false},
		{"stacked_with", []any{u, "french"}, false},
		{"count_adjacent", []any{u, "enemy", "rifles"}, 1},
		{"count_adjacent", []any{u, "friend", "rifles"}, 1},
		{"count_adjacent", []any{u, "any", "rifles"}, 2},
		{"count_adjacent", []any{u, "any", "line"}, 0},
		{"nearest", []any{u, "enemy", "carre"}, 0},
		{"nearest", []any{u, "friend", "carre"}, 1},
		{"nearest", []any{u, "friend", "skirmish"}, -1},
		{"nearest", []any{u, "enemy", "skirmish"}, 1},
		{"passed_by", []any{u, "routed"}, false},
		{"stack_count", []any{u, "increments", "infantry"}, 13},
		{"stack_count", []any{u, "units", "infantry"}, 3},
		{"stack_count", []any{u, "regiments", "infantry"}, 2},
		{"stack_count", []any{u, "increments", "cavalry"}, 4},
		{"stack_count", []any{u, "regiments", "cavalry"}, 1},
		{"stack_count", []any{u, "units", "artillery"}, 0},
		{"stack_count", []any{rif2, "increments", "infantry"}, 2},
		{"stack_count", []any{foe, "increments", "infantry"}, 4},
	} {
		got, err := fns[c.fn](c.args...)
		if err != nil || got != c.want {
			t.Errorf("%s(%v): %v (%v), want %v", c.fn, c.args[1:], got, err, c.want)
		}
	}
	if _, err := fns["nearest"](nil, "friend", "carre"); err == nil {
		t.Error("nearest(nil, …) gave no error")
	}
}
