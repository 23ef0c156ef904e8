package premier

import (
	"fmt"

	"github.com/bataille/bataille/dsl"
	"github.com/bataille/bataille/interpreter"
)

// The turn's start and end: the turn_start rules before the charges, once
// for each unit still on the board; the turn_end rules after movement,
// fire and melee, once for each unit, then where each unit ends.

var (
	hTurnStart = interpreter.DeclareHook(&dsl.Hook{Name: "turn_start", Doc: "at the start of each turn, before its charges, once for each unit still on the board (by id)",
		Vars: []dsl.Var{v("unit", tUnit, "the unit the hook is about"), v("phasing", tString, "the side whose turn it is")}})
	hTurnEnd = interpreter.DeclareHook(&dsl.Hook{Name: "turn_end", Doc: "after movement, fire and melee, once for each unit (by id)",
		Vars: []dsl.Var{v("unit", tUnit, "the unit the hook is about"), v("phasing", tString, "the side whose turn it is")}})
)

var start = &interpreter.Procedure{Name: "start", Doc: "the turn_start rules, once for each unit still on the board",
	Hooks: []string{"turn_start"}, Play: startPhase}

var end = &interpreter.Procedure{Name: "end", Doc: "the turn_end rules, once for each unit, and where each unit ends",
	Hooks: []string{"turn_end"}, Play: endPhase}

// startPhase runs the turn_start rules once for each unit still on the
// board, by id, when the module has rules there.
func startPhase(e *interpreter.Engine, title string, from int) error {
	if !e.Listens(hTurnStart) {
		return nil
	}
	e.BeginQuietPhase(title)
	units := e.UnitsByID()
	for k := max(from-1, 0); k < len(units); k++ {
		if err := e.Checkpoint(k + 1); err != nil {
			return err
		}
		u := units[k]
		if u.Increments <= 0 {
			continue // eliminated
		}
		e.Board.Spend(1)
		if _, _, err := e.Bind(hTurnStart).Unit(u).Str(e.Phasing()).Fire(); err != nil {
			return err
		}
	}
	return nil
}

// endPhase parts the enemies that still share a hex, runs the turn_end
// rules once for each unit, by id, and says where each unit ends.
func endPhase(e *interpreter.Engine, title string, from int) error {
	e.BeginPhase(title)
	// A sequence of play without a melee phase still parts enemies.
	if err := meleeOf(e).Separate(); err != nil {
		return err
	}
	units := e.UnitsByID()
	for k := max(from-1, 0); k < len(units); k++ {
		if err := e.Checkpoint(k + 1); err != nil {
			return err
		}
		u := units[k]
		// Spent without stopping here: a spent budget or a cancelled
		// context is reported by the next rule, at its place, or by Run.
		e.Board.Spend(1)
		if _, _, err := e.Bind(hTurnEnd).Unit(u).Str(e.Phasing()).Fire(); err != nil {
			return err
		}
	}
	if e.Tracing() {
		for _, u := range units {
			st := interpreter.StateOf(u)
			e.Emit(interpreter.Event{Kind: "end", Unit: u.ID, Hex: u.Hex.String(), Text: fmt.Sprintf("%s ends the turn", u.ID), State: interpreter.Describe(st), After: st})
		}
	}
	return nil
}
