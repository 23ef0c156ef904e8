package games_test

import "testing"

// hexsideCases play streams and slopes laid along hexsides under the
// Friedland script, with the dice fixed: the published stream figures (melee
// ×2/3 across a stream) and the movement costs of the base module.
var hexsideCases = []clause{
	// Both sides pass their pre-melee checks (66, 66); then 16 against 6 on
	// dry ground reads 2.5:1, where 41 disorders the hussars; across the
	// stream 16 × 2/3 against 6 reads 1.5:1, where 13 does nothing.
	{folder: "hex", scenario: "stream_melee", faces: []int{6, 6, 6, 6, 1, 3},
		check: func(t *testing.T, r *played) {
			r.fired("melee.across_stream")
			r.text("melee strengths 10.666666666666666 against 6: odds 1.78")
			r.outcome("melee_combat", "no_effect")
			r.state("hus", "good")
		}},
	{folder: "hex", scenario: "dry_melee", faces: []int{6, 6, 6, 6, 4, 1},
		check: func(t *testing.T, r *played) {
			r.notFired("melee.across_stream")
			r.text("melee strengths 16 against 6: odds 2.67")
			r.outcome("melee_combat", "defender_disorders")
			r.state("hus", "disordered")
		}},
	{folder: "hex", scenario: "costs", faces: []int{6, 6, 6, 6, 1, 3},
		check: func(t *testing.T, r *played) {
			r.text("cuir enters 0408 (clear, across stream, 4 MP; 5 spent, 7 left)")
			r.text("cuir enters 0406 (clear, up slope, 4 MP; 10 spent, 2 left)")
			r.notFired("melee.across_stream") // the stream is behind it now
		}},
	// The stand check: d66 31, +3 for a battalion in line, must beat 36. On
	// dry ground 34 fails; across the stream +6 more (d66 steps in base 6)
	// makes it 44 and the battalion stands, counted as having passed its
	// pre-melee check; the cuirassiers pass theirs (41) and 13 at 1.5:1 does
	// nothing.
	{folder: "hex", scenario: "stream_stand", faces: []int{3, 1, 4, 1, 1, 3},
		check: func(t *testing.T, r *played) {
			r.text("Morale check to stand a charge: 44 must be above 36 → pass [d66 31, In Line +3, Charged across a stream +6 → 44]")
			r.state("inf", "good")
		}},
	{folder: "hex", scenario: "dry_stand", faces: []int{3, 1, 4, 1},
		check: func(t *testing.T, r *played) {
			r.text("Morale check to stand a charge: 34 must be above 36 → fail [d66 31, In Line +3 → 34]")
		}},
	// Up a slope at 1:1: the attacker's pre-melee check takes the odds' -3
	// and the slope's -3 (66 steps down to 56), the defender's +3 and +3
	// (41 steps up to 51); then the melee rolls 11.
	{folder: "hex", scenario: "slope_assault", faces: []int{6, 6, 4, 1, 1, 1},
		check: func(t *testing.T, r *played) {
			r.text("[d66 66, Attacker at these odds -3, Assaulting up a slope -3 → 56]")
			r.text("[d66 41, Defender at these odds +3, Assaulting up a slope +3 → 51]")
		}},
	// Friedland's "Assaulted in flank" (+12 to the attacker, -12 to the
	// defender) reads the melee's side after the melee_side rules: on a
	// refused flank there is none.
	{folder: "hex", scenario: "open_flank_assault", faces: []int{6, 6, 6, 6, 1, 1},
		check: func(t *testing.T, r *played) {
			r.text("Assaulted in flank +12")
			r.text("Assaulted in flank -12")
		}},
	{folder: "hex", scenario: "refused_flank_assault", faces: []int{6, 6, 6, 6, 1, 1},
		check: func(t *testing.T, r *played) {
			r.text("through its front") // the line's refused_flank (BER-17-REFUSED)
			r.count("Assaulted in flank", 0)
		}},
	{folder: "hex", scenario: "bridge", faces: []int{6, 6, 6, 6, 1, 3},
		check: func(t *testing.T, r *played) {
			r.text("cuir enters 0408 (clear, across bridge, 1 MP; 2 spent, 10 left)")
		}},
}

func TestHexsides(t *testing.T) {
	for _, c := range hexsideCases {
		t.Run(c.scenario, func(t *testing.T) {
			c.check(t, play(t, c))
		})
	}
}
