package dsl

import "testing"

// TestCanHold: a condition is ruled out only where what the keys are known
// to be makes it false; anything it reads besides them may make it hold.
func TestCanHold(t *testing.T) {
	russianLine := knownEnv{"unit.nationality": "russian", "unit.formation": "line", "distance": 2}
	tests := []struct {
		cond string
		env  knownEnv
		want bool
	}{
		{`unit.nationality == "allies"`, russianLine, false},
		{`unit.nationality == "russian"`, russianLine, true},
		{`unit.nationality != "russian"`, russianLine, false},
		{`unit.leader`, russianLine, true},
		{`unit.leader && unit.nationality == "allies"`, russianLine, false},
		{`unit.leader || unit.nationality == "allies"`, russianLine, true},
		{`!(unit.nationality == "russian")`, russianLine, false},
		{`unit.nationality in ["french", "allies"]`, russianLine, false},
		{`unit.nationality not in ["french", "allies"]`, russianLine, true},
		{`distance >= 3`, russianLine, false},
		{`distance < 3 && unit.formation == "line"`, russianLine, true},
		{`(unit.formation == "column" ? 1 : 2) == 2`, russianLine, true},
		{`(unit.formation == "column" ? 1 : 2) == 1`, russianLine, false},
		{`army(unit, "morale_level") >= 1`, russianLine, true},
		{`unit.nationality == "allies"`, knownEnv{}, true},
		{`unit . nationality=="allies"`, russianLine, false}, // spacing is no matter
		{`this is not an expression (`, russianLine, true},
	}
	ct := condTrees{}
	for _, tt := range tests {
		if got := ct.canHold(&Program{Source: tt.cond}, tt.env); got != tt.want {
			t.Errorf("%s under %v: %v, want %v", tt.cond, tt.env, got, tt.want)
		}
	}
	if !ct.canHold(nil, russianLine) {
		t.Error("no condition: always holds")
	}
}

// TestFacts: what a plain column's condition says of the expressions it
// compares with a literal, through && only.
func TestFacts(t *testing.T) {
	ct := condTrees{}
	got := ct.facts(&Program{Source: `unit.nationality == "russian" && (distance == 1 && "line" == unit.formation) && unit.leader`})
	want := knownEnv{"unit.nationality": "russian", "distance": 1, "unit.formation": "line"}
	if len(got) != len(want) {
		t.Fatalf("facts %v, want %v", got, want)
	}
	for k, v := range want {
		if got[k] != v {
			t.Errorf("%s: %v, want %v", k, got[k], v)
		}
	}
	if f := ct.facts(&Program{Source: `unit.nationality == "russian" || distance == 1`}); len(f) != 0 {
		t.Errorf("an || says nothing for sure: %v", f)
	}
}

// TestCubeLabel: blocks of combinations are written as a column's cells.
func TestCubeLabel(t *testing.T) {
	s := &comboSpace{domains: [][]any{{"allies", "french", "russian"}, {"column", "line"}, {1, 2, 3, 4}}}
	for _, tt := range []struct {
		sets []uint64
		want string
	}{
		{[]uint64{0b010, 0b01, 0b0001}, "french, column, 1"},
		{[]uint64{0b011, 0b11, 0b1100}, "allies | french, _, 3..4"},
		{[]uint64{0b111, 0b10, 0b1011}, "_, line, 1..2 | 4"},
	} {
		if got := s.cubeLabel(cube{sets: tt.sets}); got != tt.want {
			t.Errorf("%b: %q, want %q", tt.sets, got, tt.want)
		}
	}
}
