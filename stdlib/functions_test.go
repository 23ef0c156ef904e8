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
