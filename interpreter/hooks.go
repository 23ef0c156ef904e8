package interpreter

import (
	"reflect"

	"github.com/bataille/bataille/dsl"
)

// Cell is a hex as scripts see it (`hex.terrain`, `hex.no_charge`).
type Cell struct {
	Number    string `expr:"number"`
	Terrain   string `expr:"terrain" vocab:"terrain"`
	Road      bool   `expr:"road"`
	NoCharge  bool   `expr:"no_charge"`
	BlocksLOS bool   `expr:"blocks_los"`
	Cost      int    `expr:"cost"` // the terrain's movement cost
}

var (
	tUnit   = reflect.TypeFor[*Unit]()
	tCell   = reflect.TypeFor[*Cell]()
	tInt    = reflect.TypeFor[int]()
	tFloat  = reflect.TypeFor[float64]()
	tBool   = reflect.TypeFor[bool]()
	tString = reflect.TypeFor[string]()
)

// UnitType is the type scripts see for units, for effect signatures.
var UnitType = tUnit

func v(name string, t reflect.Type, doc string) dsl.Var {
	return dsl.Var{Name: name, Type: t, Doc: doc}
}

// word is a variable that holds a word of a vocabulary (or of a fixed
// list "a|b"): a string compared with it must be one.
func word(name, vocab, doc string) dsl.Var {
	return dsl.Var{Name: name, Type: tString, Doc: doc, Vocab: vocab}
}

// Hooks are the points of the order of play where rules run, with the names
// their expressions may read. The engine fires exactly these; the package
// documentation is generated from this table.
var Hooks = []*dsl.Hook{
	{Name: "declare_charge", Blocks: true, Doc: "a charge is declared, before any charge is resolved; a failing require cancels it",
		Vars: []dsl.Var{v("charger", tUnit, "the charging cavalry"), v("target", tUnit, "the declared target"), v("hex", tCell, "the charger's hex"),
			v("stack", tInt, "regiments charging as one stack with the charger: those ordered to charge from its hex at its target (1 for a regiment charging alone, or a reaction)"), v("leader", tBool, "a leader of its nationality with a cavalry bonus is in its hex"),
			v("reaction", tBool, "a rule started the charge (charge_at: an opportunity or reaction charge); it was not ordered")}},
	{Name: "charge_start", Doc: "a declared charge begins, before its first hex",
		Vars: []dsl.Var{v("charger", tUnit, "the charging cavalry"), v("target", tUnit, "the charge's target (the unit reached, at contact)"), v("mp_left", tInt, "movement points left")}},
	{Name: "change_formation", Blocks: true, Doc: "a unit is about to change formation, on every path that changes one (a form order, a change in a charge, a rule's set_formation, a Carré attempt); a failing require forbids it",
		Vars: []dsl.Var{v("unit", tUnit, "the unit the hook is about"), word("formation", dsl.KindFormation, "the formation it changes into"), v("hex", tCell, "its hex"),
			v("charging", tBool, "the change is made during the unit's own charge"), v("step", tInt, "the hex of the charge it is in (0 before the first)"),
			v("cost", tInt, "movement points the change costs (set_cost changes it)"),
			word("phase", procedureWords, "the procedure of the phase it happens in (\"\" outside a turn)"),
			v("phasing", tString, "the side whose turn it is"),
			v("result", tBool, "a rule's outcome imposes the change (a Carré roll, a broken Carré): it costs no MP"),
			v("mp_left", tInt, "movement points the unit may still spend on it (its charge's, or its movement phase's; 0 for a result)")}},
	{Name: "charge_enter", Blocks: true, Doc: "the charger is about to enter a hex, by any movement of its charge (its path, a follow, a close-in, a ride into a Carré's hex); a failing require stops that movement",
		Vars: []dsl.Var{v("charger", tUnit, "the charging cavalry"), v("target", tUnit, "the charge's target (the unit reached, at contact)"), v("hex", tCell, "the hex entered"), v("step", tInt, "1 for the first hex entered"),
			v("mp_spent", tInt, "movement points spent so far"), v("mp_left", tInt, "movement points left"), v("cost", tInt, "its cost so far (terrain; rules add facing)"),
			v("ahead", tBool, "the hex is straight ahead of the charger's front (either front hex of a line)"),
			v("turns", tInt, "hexsides the charger turns to enter it"), v("distance", tInt, "hexes from the hex to the target"),
			v("crossing", tString, "the hexside feature crossed to enter it (a stream, a slope), or \"\""), v("upslope", tBool, "the ground rises across that hexside"),
			word("movement", "path|follow|close_in|ride_into", "the kind of the charge's movement: its declared path, a follow, a close-in, a ride into the hex of the unit it melees")}},
	{Name: "charge_approach", Doc: "at the charge's start (step 0) and after the charger enters each hex, once for each enemy unit (by id)",
		Vars: []dsl.Var{v("unit", tUnit, "the enemy unit"), v("charger", tUnit, "the charging cavalry"), v("target", tUnit, "the charge's target (the unit reached, at contact)"),
			v("distance", tInt, "hexes between the charger and the unit"), v("los", tBool, "the unit sees the charger"),
			v("is_target", tBool, "the unit is the declared target"), v("step", tInt, "hexes of the path entered so far"), v("mp_spent", tInt, "movement points spent so far"), v("mp_left", tInt, "movement points left")}},
	{Name: "charge_contact", Doc: "the charger reaches its target: adjacent to it, or in its hex",
		Vars: []dsl.Var{v("charger", tUnit, "the charging cavalry"), v("target", tUnit, "the charge's target (the unit reached, at contact)"), v("hex", tCell, "the charger's hex"),
			v("mp_spent", tInt, "movement points spent so far"), v("mp_left", tInt, "movement points left"), v("straight", tBool, "the charger entered its last three hexes moving in one straight line (the start hex is not one of them)"),
			v("step", tInt, "hexes of the path entered so far"), v("straight_hexes", tInt, "hexes the charger entered last moving in one straight line")}},
	{Name: "charge_end", Doc: "a charge is over",
		Vars: []dsl.Var{v("charger", tUnit, "the charging cavalry"), v("target", tUnit, "the charge's target (the unit reached, at contact)"), v("contacted", tBool, "it reached an enemy"),
			v("could_contact", tBool, "an enemy was within its remaining movement points"), v("mp_spent", tInt, "movement points spent so far"), v("mp_left", tInt, "movement points left")}},
	{Name: "move_start", Blocks: true, Doc: "a unit begins a move in the movement phase; a failing require forbids it",
		Vars: []dsl.Var{v("unit", tUnit, "the unit the hook is about"), v("mp_left", tInt, "movement points left")}},
	{Name: "move_enter", Blocks: true, Doc: "a moving unit is about to enter a hex; a failing require stops it",
		Vars: []dsl.Var{v("unit", tUnit, "the unit the hook is about"), v("hex", tCell, "the hex"), v("step", tInt, "hexes of the path entered so far"), v("mp_spent", tInt, "movement points spent so far"), v("mp_left", tInt, "movement points left"),
			v("cost", tInt, "movement points the action costs so far (set_cost/add_cost change it)"), v("enemy_zdi", tBool, "an enemy projects Zd'I into the hex"), v("assaulting", tBool, "the unit moves to assault"),
			v("zdi_source", tUnit, "the first enemy (by id) projecting Zd'I into the hex, or nil"),
			v("zdi_cavalry", tUnit, "enemy cavalry projecting Zd'I into the hex, or nil: it may opportunity-charge"),
			v("crossing", tString, "the hexside feature crossed to enter it (a stream, a slope), or \"\""), v("upslope", tBool, "the ground rises across that hexside"),
			v("target", tUnit, "the unit the move assaults, or nil")}},
	{Name: "assault_declare", Blocks: true, Doc: "a unit is about to assault another in the melee phase; a failing require forbids it",
		Vars: []dsl.Var{v("attacker", tUnit, "the unit that assaults"), v("defender", tUnit, "the unit assaulted"), v("same_hex", tBool, "the attacker is in the defender's hex"),
			v("charging", tBool, "the melee comes from a charge")}},
	{Name: "melee_side", Doc: "which hexside of the defender a melee comes through; set_side changes it",
		Vars: []dsl.Var{v("attacker", tUnit, "the unit that assaults"), v("defender", tUnit, "the unit assaulted"), word("side", "front|flank|rear", "front, flank or rear"),
			v("friendly_zdi", tBool, "a friend of the defender projects Zd'I into the attacker's hex")}},
	{Name: "melee", Doc: "a melee is about to be resolved; rules scale the attack and defence",
		Vars: []dsl.Var{v("attacker", tUnit, "the unit that assaults"), v("defender", tUnit, "the unit assaulted"), v("attack", tFloat, "the attacker's melee strength so far"), v("defense", tFloat, "the defender's melee strength so far"),
			word("side", "front|flank|rear", "front, flank or rear"), v("straight", tBool, "the attacker charged, entering its last three hexes in one straight line (the start hex is not one of them)"),
			v("charging", tBool, "the melee comes from a charge"), v("same_hex", tBool, "the attacker stands in the defender's hex"),
			v("crossing", tString, "the hexside feature between the attacker's hex and the defender's (a stream), or \"\" (also when they share a hex)"),
			v("upslope", tBool, "the ground rises from the attacker's hex to the defender's"),
			v("straight_hexes", tInt, "hexes a charging attacker entered last moving in one straight line (0 for an assault)")}},
	{Name: "melee_resolve", Doc: "the melee odds are known; rules roll the battle's melee table",
		Vars: []dsl.Var{v("attacker", tUnit, "the unit that assaults"), v("defender", tUnit, "the unit assaulted"), v("attack", tFloat, "the attacker's melee strength so far"), v("defense", tFloat, "the defender's melee strength so far"),
			v("odds", tFloat, "attack divided by defence"),
			word("side", "front|flank|rear", "the defender's hexside the melee comes through, after the melee_side rules (a refused flank is a front)")}},
	{Name: "fire_value", Doc: "a unit is about to fire; rules give its fire value from the battle's fire multiple chart (`set_fire`) before the fire rules, which read it as `fire_value`, take a Carré's third or full value",
		Vars: []dsl.Var{v("firer", tUnit, "the unit that fires"), v("target", tUnit, "the unit fired at"), v("fire_value", tFloat, "increments × the arm's fire multiple, scaled by the firer's morale state")}},
	{Name: "fire", Blocks: true, Doc: "a unit fires; rules set its fire value and column shifts; a failing require cancels the fire",
		Vars: []dsl.Var{v("firer", tUnit, "the unit that fires"), v("target", tUnit, "the unit fired at"), v("fire_value", tFloat, "the fire value the fire_value rules gave: increments × the fire multiple"),
			v("adjacent", tBool, "the target is next to the firer"), v("cavalry_in_hex", tBool, "enemy cavalry stands in the firer's hex"),
			v("artillery_in_hex", tBool, "friendly artillery shares the firer's hex"), v("defensive", tBool, "defensive fire (the side not in its turn)"),
			v("fires", tInt, "fire attacks the firer has already made this phase into hexes other than its own"),
			v("next_to_earlier", tBool, "the target's hex is next to (or is) a hex other than its own that the firer already fired into this phase"),
			v("same_hex", tBool, "the target stands in the firer's hex (cavalry inside a Carré)")}},
	{Name: "fire_resolve", Doc: "the fire value is known; rules roll the battle's fire table",
		Vars: []dsl.Var{v("firer", tUnit, "the unit that fires"), v("target", tUnit, "the unit fired at"), v("fire_value", tFloat, "the fire value the fire rules set"), v("shift", tInt, "column shifts"),
			v("defence", tInt, "the target's fire defence a fire rule set (`set_defence`: a disordered or routed target's column), or 0: the table reads its chart by terrain and formation"),
			v("defensive", tBool, "defensive fire (the side not in its turn)")}},
	{Name: "phase_start", Doc: "before each phase of the sequence of play, once",
		Vars: []dsl.Var{word("phase", procedureWords, "the phase's procedure"), v("phasing", tString, "the side whose turn it is")}},
	{Name: "phase_end", Doc: "after each phase of the sequence of play, once",
		Vars: []dsl.Var{word("phase", procedureWords, "the phase's procedure"), v("phasing", tString, "the side whose turn it is")}},
	{Name: "turn_start", Doc: "at the start of each turn, before its charges, once for each unit still on the board (by id)",
		Vars: []dsl.Var{v("unit", tUnit, "the unit the hook is about"), v("phasing", tString, "the side whose turn it is")}},
	{Name: "turn_end", Doc: "after movement, fire and melee, once for each unit (by id)",
		Vars: []dsl.Var{v("unit", tUnit, "the unit the hook is about"), v("phasing", tString, "the side whose turn it is")}},
}

// Every hook reads the turn number and the last turn the scenario plays:
// a scenario may play several (`turn 2 russian { … }`), and what happens
// between turns (recovery, rally) plays only in one that asks for them.
func init() {
	for _, h := range Hooks {
		h.Vars = append(h.Vars, v("turn", tInt, "the turn being played, from 1"),
			v("last_turn", tInt, "the last turn the scenario plays: 1, or more when it gives its later turns"))
	}
}

// HookByName indexes Hooks.
var HookByName = func() map[string]*dsl.Hook {
	m := map[string]*dsl.Hook{}
	for _, h := range Hooks {
		m[h.Name] = h
	}
	return m
}()
