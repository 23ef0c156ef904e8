package bataille_test

import (
	"context"
	"strings"
	"testing"

	"github.com/bataille/bataille"
	"github.com/bataille/bataille/interpreter"
)

// The stand check on the Friedland charts, worked out by hand. The battalion
// in line must roll above its morale, 36, on a d66 moved in base-6 steps by
// the sum of its modifiers. Counting the results 11..66 from 1, 36 is the
// 18th: a natural at place p, moved m steps, passes when p + m > 18, so the
// naturals from place 19 - m on pass (no clamping reaches them).
//   - whole: In Line +3; places 16..36, the naturals 34..66: 21/36 = 7/12;
//   - half_losses (start 6, increments 3): In Line +3, 50% Losses -6, net
//     -3; places 22..36, the naturals 44..66: 15/36 = 5/12;
//   - morale_level (its army at level 3): In Line +3, Morale Level 3 -9,
//     net -6; places 25..36, the naturals 51..66: 12/36 = 1/3.
func TestStrengthExactByHand(t *testing.T) {
	mod := loadTestBattle(t, "strength")
	for _, c := range []struct{ scenario, stood, broke string }{
		{"whole", "7/12", "5/12"},
		{"half_losses", "5/12", "7/12"},
		{"morale_level", "1/3", "2/3"},
	} {
		t.Run(c.scenario, func(t *testing.T) {
			x := exactOf(t, mod, c.scenario, bataille.ExactOptions{})
			for name, want := range map[string]string{"inf marked stood": c.stood, "inf marked broke": c.broke} {
				got := "0"
				if v, ok := x.Outcomes[name]; ok {
					got = v.Mean.RatString()
				}
				if got != want {
					t.Errorf("%s: %s, want %s", name, got, want)
				}
			}
		})
	}
}

// runFixed plays a scenario of the strength test battle on fixed dice and
// gives its narration.
func runFixed(t *testing.T, scenario string, faces ...int) string {
	t.Helper()
	mod := loadTestBattle(t, "strength")
	eng, err := bataille.NewEngine(mod, scenario, interpreter.Config{Dice: interpreter.NewFixedDice(faces...)})
	if err != nil {
		t.Fatal(err)
	}
	if err := eng.Run(context.Background()); err != nil {
		t.Fatal(err)
	}
	var b strings.Builder
	if err := eng.Trace().WriteText(&b, false); err != nil {
		t.Fatal(err)
	}
	return b.String()
}

// One roll, 41, read three ways: the whole battalion's +3 takes it to 44,
// above 36; at half strength the chart's "50% Losses -6" takes it to 34,
// and an army at morale level 3 ("Morale Level 3 -9") to 31.
func TestStrengthStandFixedDice(t *testing.T) {
	// The stand roll, then enough faces for the melee that follows.
	faces := []int{4, 1}
	for range 40 {
		faces = append(faces, 3)
	}
	for _, c := range []struct{ scenario, want string }{
		{"whole", "Morale check to stand a charge: 44 must be above 36 → pass [d66 41, In Line +3 → 44]"},
		{"half_losses", "Morale check to stand a charge: 34 must be above 36 → fail [d66 41, In Line +3, 50% Losses -6 → 34]"},
		{"morale_level", "Morale check to stand a charge: 31 must be above 36 → fail [d66 41, In Line +3, Morale Level 3 -9 → 31]"},
	} {
		t.Run(c.scenario, func(t *testing.T) {
			if text := runFixed(t, c.scenario, faces...); !strings.Contains(text, c.want) {
				t.Errorf("the narration lacks %q:\n%s", c.want, text)
			}
		})
	}
}

// Dragoons of 4 increments that have lost one melee at 9 × 3/4, doubled for
// charging straight and again as heavy against light: 27, not the 36 of
// their printed 9.
func TestStrengthMeleeByIncrements(t *testing.T) {
	faces := make([]int, 40)
	for i := range faces {
		faces[i] = 3
	}
	text := runFixed(t, "worn_dragoons", faces...)
	for _, want := range []string{"drag melees hus through its front (9 against 6)", "(melee.by_increments;", "melee strengths 27 against 6"} {
		if !strings.Contains(text, want) {
			t.Errorf("the narration lacks %q:\n%s", want, text)
		}
	}
}
