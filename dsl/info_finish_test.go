package dsl

import (
	"math/rand/v2"
	"sort"
	"testing"
)

// TestInfoFinish compares finish with what it replaced, a stable sort of
// the uses by offset keeping the last of each offset, on shuffled uses
// with repeated offsets (a base's rule compiled again for a game).
func TestInfoFinish(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	for _, n := range []int{0, 1, 2, 3, 7, 64, 500} {
		for round := 0; round < 20; round++ {
			var uses []Use
			for i := 0; i < n; i++ {
				uses = append(uses, Use{Pos: Pos{File: "a.rules", Offset: r.IntN(n/2 + 1)}, Name: string(rune('a' + i%26)), End: i})
			}
			want := append([]Use(nil), uses...)
			sort.SliceStable(want, func(i, j int) bool { return want[i].Pos.Offset < want[j].Pos.Offset })
			out := want[:0]
			for _, x := range want {
				if k := len(out); k > 0 && out[k-1].Pos.Offset == x.Pos.Offset {
					out[k-1] = x
					continue
				}
				out = append(out, x)
			}
			in := &Info{Uses: map[string][]Use{"a.rules": uses, "b.rules": append([]Use(nil), uses...)}}
			in.finish()
			for _, f := range []string{"a.rules", "b.rules"} {
				got := in.Uses[f]
				if len(got) != len(out) {
					t.Fatalf("n=%d %s: %d uses, want %d", n, f, len(got), len(out))
				}
				for i := range got {
					if got[i] != out[i] {
						t.Fatalf("n=%d %s: use %d is %+v, want %+v", n, f, i, got[i], out[i])
					}
				}
			}
		}
	}
}
