package interpreter

import (
	"fmt"
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

// UnitType is the type scripts see for units, for effect signatures and
// hook variables; CellType the type they see for hexes.
var (
	UnitType = tUnit
	CellType = tCell
)

func v(name string, t reflect.Type, doc string) dsl.Var {
	return dsl.Var{Name: name, Type: t, Doc: doc}
}

// word is a variable that holds a word of a vocabulary (or of a fixed
// list "a|b"): a string compared with it must be one.
func word(name, vocab, doc string) dsl.Var {
	return dsl.Var{Name: name, Type: tString, Doc: doc, Vocab: vocab}
}

// Hooks are the points of the order of play where rules run, with the names
// their expressions may read: the kernel's own (the phases' start and end,
// and those of the procedures still here), then those each procedure
// declares (DeclareHook). The engine fires exactly these; the package
// documentation is generated from this table.
var Hooks = []*dsl.Hook{
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
		Vars: []dsl.Var{word("phase", ProcedureWords, "the phase's procedure"), v("phasing", tString, "the side whose turn it is")}},
	{Name: "phase_end", Doc: "after each phase of the sequence of play, once",
		Vars: []dsl.Var{word("phase", ProcedureWords, "the phase's procedure"), v("phasing", tString, "the side whose turn it is")}},
}

// Every hook reads the turn number and the last turn the scenario plays:
// a scenario may play several (`turn 2 russian { … }`), and what happens
// between turns (recovery, rally) plays only in one that asks for them.
func init() {
	for _, h := range Hooks {
		h.Vars = append(h.Vars, engineHookVars()...)
	}
}

func engineHookVars() []dsl.Var {
	return []dsl.Var{v("turn", tInt, "the turn being played, from 1"),
		v("last_turn", tInt, "the last turn the scenario plays: 1, or more when it gives its later turns")}
}

// DeclareHook adds a hook a procedure brings to Hooks, and so to what the
// checker knows, with the names every hook reads (turn, last_turn), and
// returns its point, which the procedure fires with Bind. Call it from a
// package variable's initializer, before any module is checked; a hook of
// a name taken, or with none, is a mistake of the program's, and panics.
func DeclareHook(h *dsl.Hook) *HookPoint {
	if h.Name == "" || HookByName[h.Name] != nil {
		panic(fmt.Sprintf("interpreter: hook %q is declared twice or has no name", h.Name))
	}
	h.Vars = append(h.Vars, engineHookVars()...)
	Hooks = append(Hooks, h)
	HookByName[h.Name] = h
	if len(procs) > 0 {
		setPhaseWords()
	}
	return FindHook(h.Name)
}

// HookByName indexes Hooks.
var HookByName = func() map[string]*dsl.Hook {
	m := map[string]*dsl.Hook{}
	for _, h := range Hooks {
		m[h.Name] = h
	}
	return m
}()
