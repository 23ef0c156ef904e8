package bench

import "github.com/bataille/bataille/interpreter"

// The base module's published charts as the native version reads them.

// Leader casualties: the hand-written versions stop on one (errUnsupported).
const (
	casualtyFireRoll     = 65
	casualtyAttackerRoll = 12
	casualtyDefenderRoll = 64
)

// fireStarts are the Fire Combat Table's columns, 1:3 to 10:1, each as the
// odds where it starts (1:3 is -3).
var fireStarts = [...]float64{-3, -2.5, -2, -1.5, 1, 1.5, 2, 2.5, 3, 4, 5, 6, 7, 8, 9, 10}

// fireBands gives, for each column, the roll from which each loss holds.
var fireBands = [len(fireStarts)][][2]int{
	{{65, 1}}, {{64, 1}}, {{62, 1}}, {{55, 1}}, {{52, 1}}, {{42, 1}}, {{33, 1}},
	{{26, 1}, {64, 2}}, {{22, 1}, {56, 2}}, {{13, 1}, {54, 2}},
	{{11, 1}, {45, 2}, {66, 3}}, {{11, 1}, {33, 2}, {62, 3}}, {{11, 1}, {23, 2}, {52, 3}},
	{{11, 1}, {15, 2}, {45, 3}, {66, 4}}, {{11, 2}, {42, 3}, {63, 4}}, {{11, 2}, {26, 3}, {55, 4}, {65, 5}},
}

// fireDefence is the base's fire defence in the clear, the only terrain the
// hand-written versions play.
func fireDefence(formation string) float64 {
	switch formation {
	case "column":
		return 6
	case "line":
		return 9
	case "carre":
		return 4
	case "skirmish":
		return 12
	}
	return 8 // limbered and unlimbered guns
}

// oddsColumn is the stdlib's odds_column, counted from 0.
func oddsColumn(attack, defence float64, shift int, starts []float64) int {
	var odds float64
	switch {
	case defence <= 0:
		odds = 1e308
	case attack <= 0:
		odds = -1e308
	case attack >= defence:
		odds = attack / defence
	default:
		odds = -(defence / attack)
	}
	col := 0
	for i, s := range starts {
		if odds >= s {
			col = i
		}
	}
	return max(0, min(len(starts)-1, col+shift))
}

func formationMorale(u *interpreter.Unit) int {
	if u.Formation == "carre" {
		return -6
	}
	return 0
}

// assaultOdds are the pre-melee modifiers by side (attacker, defender) and
// odds row (1/2, 1/1, 2/1, 3/1, 4/1, 5/1+).
var assaultOdds = [2][6]int{{-6, -3, 0, 3, 6, 9}, {6, 3, 0, -3, -6, -9}}

func assaultRow(odds float64) int {
	switch {
	case odds < 1:
		return 0
	case odds < 2:
		return 1
	case odds < 3:
		return 2
	case odds < 4:
		return 3
	case odds < 5:
		return 4
	}
	return 5
}

// The melee results.
const (
	noEffect = iota
	losses
	attackerChecks
	defenderChecks
	attackerRouts
	attackerDisorders
	defenderDisorders
	defenderRouts
	defenderSurrenders
)

// meleeCell is a run of rolls from `from` on with one result.
type meleeCell struct{ from, result, a, d int }

// meleeColumn is the Assault à Melee Table's column: 1:2 for any weaker
// attacker, then 1:1, 1.5:1 … 5:1.
func meleeColumn(odds float64) int {
	starts := [...]float64{1, 1.5, 2, 2.5, 3, 3.5, 4, 4.5, 5}
	col := 0
	for i, s := range starts {
		if odds >= s {
			col = i + 1
		}
	}
	return col
}

var meleeCells = [10][]meleeCell{
	{{11, attackerRouts, 0, 0}, {15, attackerDisorders, 0, 0}, {35, noEffect, 0, 0}, {52, attackerChecks, 0, 0}, {53, losses, 1, 1},
		{54, defenderChecks, 1, 2}, {55, losses, 0, 1}, {56, attackerChecks, 1, 0}, {61, losses, 0, 2}, {62, defenderChecks, 2, 1},
		{63, losses, 0, 0}, {64, losses, 2, 2}, {65, defenderDisorders, 0, 0}},
	{{11, attackerDisorders, 0, 0}, {16, noEffect, 0, 0}, {42, attackerChecks, 2, 1}, {43, defenderChecks, 2, 1}, {44, losses, 2, 1},
		{45, attackerChecks, 1, 1}, {46, losses, 1, 2}, {51, losses, 1, 1}, {52, defenderChecks, 0, 0}, {53, losses, 2, 1},
		{54, attackerChecks, 1, 2}, {55, losses, 2, 2}, {56, losses, 0, 0}, {61, defenderChecks, 1, 0}, {62, defenderDisorders, 0, 0}},
	{{11, attackerDisorders, 0, 0}, {13, noEffect, 0, 0}, {33, losses, 1, 2}, {34, losses, 0, 0}, {35, losses, 1, 1},
		{36, attackerChecks, 2, 0}, {41, defenderChecks, 0, 1}, {42, losses, 1, 1}, {43, defenderChecks, 2, 2}, {44, losses, 3, 1},
		{45, losses, 0, 2}, {46, losses, 2, 1}, {51, defenderChecks, 1, 1}, {52, attackerChecks, 2, 1}, {53, defenderDisorders, 0, 0}},
	{{11, attackerDisorders, 0, 0}, {12, noEffect, 0, 0}, {25, losses, 0, 3}, {26, losses, 1, 2}, {31, attackerChecks, 2, 1},
		{32, losses, 0, 0}, {33, defenderChecks, 0, 1}, {34, losses, 1, 0}, {35, defenderChecks, 3, 2}, {36, losses, 1, 1},
		{41, defenderChecks, 2, 2}, {42, attackerChecks, 1, 2}, {43, attackerChecks, 1, 1}, {44, defenderChecks, 0, 2}, {45, defenderDisorders, 0, 0}},
	{{11, noEffect, 0, 0}, {23, losses, 1, 4}, {24, losses, 2, 3}, {25, attackerChecks, 0, 0}, {26, defenderChecks, 1, 1},
		{31, defenderChecks, 2, 3}, {32, losses, 3, 3}, {33, losses, 0, 1}, {34, losses, 1, 0}, {35, defenderChecks, 2, 2}, {36, defenderDisorders, 0, 0}},
	{{11, noEffect, 0, 0}, {16, defenderChecks, 0, 0}, {21, losses, 2, 3}, {22, losses, 0, 2}, {23, attackerChecks, 2, 0},
		{24, losses, 1, 2}, {25, losses, 0, 1}, {26, attackerChecks, 2, 3}, {31, defenderChecks, 1, 2}, {32, defenderDisorders, 0, 0},
		{65, defenderRouts, 0, 0}},
	{{11, noEffect, 0, 0}, {12, losses, 0, 0}, {13, attackerChecks, 2, 2}, {14, losses, 3, 3}, {15, losses, 2, 4}, {16, losses, 3, 1},
		{21, defenderChecks, 0, 1}, {22, defenderDisorders, 0, 0}, {62, defenderRouts, 0, 0}},
	{{11, attackerChecks, 2, 1}, {12, losses, 1, 2}, {13, losses, 0, 2}, {14, defenderChecks, 0, 1}, {15, defenderChecks, 1, 1},
		{16, defenderDisorders, 0, 0}, {56, defenderRouts, 0, 0}},
	{{11, losses, 3, 2}, {12, defenderDisorders, 0, 0}, {42, defenderRouts, 0, 0}, {66, defenderSurrenders, 0, 0}},
	{{11, defenderDisorders, 0, 0}, {33, defenderRouts, 0, 0}, {62, defenderSurrenders, 0, 0}},
}
