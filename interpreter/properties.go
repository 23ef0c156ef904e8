package interpreter

import (
	"fmt"

	"github.com/bataille/bataille/dsl"
)

// Properties are the properties each kind of word may have, by kind and
// name, for the checker (dsl.Env.Properties): those the kernel reads
// (the hexes' cost and line of sight, the formations' fronts, Zd'I,
// stacking and arms, the arms' mounted and guns …), then those the
// procedures declare for their own reading (DeclareProperty).
var Properties = map[string]map[string]dsl.Property{
	dsl.KindTerrain: {
		"cost":       {What: "number", Doc: "movement points to enter"},
		"blocks_los": {What: "flag", Doc: "blocks line of sight through the hex"},
	},
	dsl.KindFormation: {
		"fronts":           {What: "number", Doc: "front hexsides: 1, 2 (a line), 3 or 6 (faces every hex)"},
		"morale":           {What: "number", Doc: "added to the unit's morale value"},
		"zdi":              {What: "word", Words: "front|self|none", Doc: "where the formation projects its Zd'I"},
		"arms":             {What: "words", Words: dsl.KindArm, Doc: "the arms that may adopt it"},
		"stack_increments": {What: "number", Doc: "most increments a hex in this formation may hold"},
		"stack_regiment":   {What: "flag", Doc: "one regiment may exceed stack_increments"},
		"hexes":            {What: "number", Doc: "hexes the unit covers (2 for a two-hex line)"},
		"refused_flank":    {What: "flag", Doc: "a flank hexside counts as a front while a friend projects Zd'I into the hex beyond it, in melee and wherever a side is read (hexside_to)"},
	},
	dsl.KindArm: {
		"mounted": {What: "flag", Doc: "a mounted arm (cavalry), which procedures tell apart from foot"},
		"guns":    {What: "flag", Doc: "artillery: limbers and unlimbers"},
		"mp":      {What: "number", Doc: "movement allowance of a unit of this arm whose scenario gives none"},
	},
	dsl.KindNationality: {},
	dsl.KindClass: {
		"arm": {What: "word", Words: dsl.KindArm, Doc: "the arm units of this class are; besides, every attribute the module declares is a flag its units then have (uhlans { lancer })"},
	},
	dsl.KindAttribute: {},
	dsl.KindArmy: {
		"start": {What: "number", Doc: "its value when a scenario begins (0 when not given); a scenario's `army SIDE { NAME: N }` gives one side another"},
		"min":   {What: "number", Doc: "the least it may be: set_army and add_army stop there (no bound when not given)"},
		"max":   {What: "number", Doc: "the most it may be"},
	},
	dsl.KindHexside: {
		"cost":       {What: "number", Doc: "movement points added to cross it (cost_ARM for one arm: cost_cavalry)"},
		"blocks_los": {What: "flag", Doc: "blocks line of sight across it"},
	},
	dsl.KindState: {
		"move":   {What: "number", Doc: "multiplier of movement"},
		"routed": {What: "flag", Doc: "the unit is routed (PGD)"},
		"good":   {What: "flag", Doc: "the unit is in good order"},
	},
}

// DeclareProperty adds a property of a kind of word that a procedure
// reads, for the checker. Call it from an init function, before any
// module is checked; a property declared twice is a mistake of the
// program's, and panics.
func DeclareProperty(kind, name string, p dsl.Property) {
	if Properties[kind] == nil {
		Properties[kind] = map[string]dsl.Property{}
	}
	if _, dup := Properties[kind][name]; dup {
		panic(fmt.Sprintf("interpreter: property %s of %s declared twice", name, kind))
	}
	Properties[kind][name] = p
}
