package interpreter

import (
	"github.com/bataille/bataille/hex"
	"math"
	"math/rand/v2"
	"testing"
)

// TestLOSAsBlockedAndWalls: LOS gives what LineOfSight over Board.Blocked
// and LineCrosses over the blocking hexsides give, and charges the meter
// what Blocked charges for each hex between up to the first that blocks,
// on boards of woods, hedges and units (some of two hexes, some gone).
func TestLOSAsBlockedAndWalls(t *testing.T) {
	rng := rand.New(rand.NewPCG(14, 2))
	for board := range 40 {
		b := NewBoard(24, 24, "clear")
		b.blocksLOS["woods"] = true
		b.wallsLOS["hedge"] = true
		var m meter
		m.reset(nil, math.MaxInt64)
		b.meter = &m
		randHex := func() hex.Hex { return hex.FromOffset(1+rng.IntN(24), 1+rng.IntN(24)) }
		for range rng.IntN(60) {
			b.Terrain[randHex()] = "woods"
		}
		for range rng.IntN(40) {
			h := randHex()
			b.SetHexside(h, h.Neighbors()[rng.IntN(6)], "hedge", false)
		}
		for i := range 2 + rng.IntN(30) {
			u := &Unit{ID: string(rune('a' + i)), Increments: rng.IntN(3), Hex: randHex()}
			if rng.IntN(4) == 0 {
				h2 := u.Hex.Neighbors()[rng.IntN(6)]
				u.Hex2 = &h2
			}
			b.Place(u)
		}
		for range 300 {
			x, y := b.Units[rng.IntN(len(b.Units))], b.Units[rng.IntN(len(b.Units))]
			before := m.used
			want := hex.LineOfSight(x.Hex, y.Hex, b.Blocked) && !hex.LineCrosses(x.Hex, y.Hex, b.wall)
			wantCost := m.used - before
			before = m.used
			got := LOS(x, y)
			if gotCost := m.used - before; got != want || gotCost != wantCost {
				t.Fatalf("board %d: LOS %s→%s = %v costing %d, want %v costing %d", board, x.Hex, y.Hex, got, gotCost, want, wantCost)
			}
		}
	}
}
