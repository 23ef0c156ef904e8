package interpreter

import (
	"github.com/bataille/bataille/hex"
	"math"
	"reflect"
	"testing"
	"unsafe"
)

// The exploration of states merges the paths that reach the same key, so a
// field of the engine's state missing from the key is a wrong answer, not a
// slow one. Every field of Engine, Board and Unit is accounted for here:
// saved in a State (and so in its key), or not game state, and why. A new
// field fails this test until it is put in one list or the other (and, if
// it is state, in Save, Resume and AppendKey).
func TestStateCoversEngine(t *testing.T) {
	saved := map[string]string{
		"Board":   "its units (see the Board and Unit lists)",
		"locals":  "State.locals",
		"lasting": "State.lasting",
		"phasing": "State.phasing",
		"turnNo":  "State.turnNo",
		"phaseAt": "State.pos",
		"from":    "State.pos",
	}
	not := map[string]string{
		"Module": "the rules: never change", "cfg": "set up by New (SetMaxCost changes a budget)",
		"dice": "not rolled under a Brancher", "decider": "answers by unit and question, the same for every state",
		"frame": "every hook binds the names it offers before its rules read them", "comp": "compiled rules",
		"effects": "set up by New", "extra": "slots of names", "vmEnv": "rebuilt from the frame at each use",
		"ints": "boxes, a cache", "floats": "boxes, a cache", "saved": "empty between actions",
		"machine": "expr's machine, reset at each run", "trace": "narration", "phase": "narration",
		"steps": "a budget", "depth": "0 between actions", "hookCalls": "bindings, made anew at each firing",
		"ctx": "the run's context", "meter": "a budget", "subject": "set at each firing", "testing": "set while a condition runs",
		"underway": "nil between actions", "numbering": "scratch: the numbers a Save hands the procedures", "act": "cleared at every position (checkpoint)",
		"orders": "the turn's orders, found from turnNo", "turn": "the scenario's", "first": "the scenario's",
		"later": "the scenario's", "quietPhase": "narration", "shown": "narration", "curRule": "nil between actions",
		"curCall": "nil between actions", "argStack": "empty between actions", "callStack": "empty between actions",
		"grid": "descriptions of the map's hexes, which never change", "cells": "as grid", "sorted": "the units in id order",
		"enemyBuf": "scratch", "keyVals": "scratch", "words": "boxes, a cache", "tables": "a cache", "checks": "a cache",
		"routed": "a cache", "proc": "set from the position", "seq": "the module's sequence's procedures, found once", "start": "the scenario's", "startMarks": "the scenario's", "startArmies": "the scenario's", "branches": "a cache",
		"pause": "how the run is played, not what", "invEnv": "scratch: the names the invariants read, set at each check", "resuming": "how the run is played, not what",
	}
	checkFields(t, reflect.TypeFor[Engine](), saved, not)
	checkFields(t, reflect.TypeFor[Board](), map[string]string{"Units": "State.units", "Armies": "State.armies"}, map[string]string{
		"Cols": "the map", "Rows": "the map", "Default": "the map", "Terrain": "the map", "Road": "the map",
		"Hexsides": "the map", "byID": "the units by id", "blocksLOS": "the module's", "defaultBlocks": "the module's",
		"wallsLOS": "the module's", "module": "the rules", "meter": "a budget", "track": "a record of the play, not part of it",
	})
	// A unit is copied whole; its key is checked field by field below.
	checkFields(t, reflect.TypeFor[Unit](), unitKeyed, map[string]string{
		"vacated": "what Vacated points to", "board": "the one board", "memo": "a cache of looked-up words",
	})
}

// unitKeyed are the fields of Unit that AppendKey writes.
var unitKeyed = map[string]string{
	"ID": "", "Name": "", "Side": "", "Nationality": "", "Class": "", "Arm": "", "Increments": "", "Start": "", "Losses": "",
	"Formation": "", "Morale": "", "State": "", "Tired": "", "Exhausted": "", "Regiment": "", "Leader": "",
	"CavalryBonus": "", "MP": "", "mpSpent": "", "Melee": "", "flags": "", "Hexes": "",
	"Terrain": "", "Hex": "", "Hex2": "", "Facing": "", "Vacated": "", "Attrs": "", "Marks": "State.marks",
	"prev": "", "hasPrev": "", "entered": "", "hasEntered": "", "tiedTo": "by the id of the unit it is tied to (the engine resumed is the one saved from)",
}

func checkFields(t *testing.T, typ reflect.Type, saved, not map[string]string) {
	t.Helper()
	seen := map[string]bool{}
	for i := range typ.NumField() {
		f := typ.Field(i)
		seen[f.Name] = true
		_, s := saved[f.Name]
		_, n := not[f.Name]
		if !s && !n {
			t.Errorf("%s.%s is neither in the saved state nor said not to be game state: add it to State (Save, Resume, AppendKey) or say why not here", typ.Name(), f.Name)
		}
	}
	for name := range saved {
		if !seen[name] {
			t.Errorf("%s has no field %s any more", typ.Name(), name)
		}
	}
	for name := range not {
		if !seen[name] {
			t.Errorf("%s has no field %s any more", typ.Name(), name)
		}
	}
}

// Changing any one field of a unit, or any other part of a state, changes
// its key: no two different states are merged.
func TestStateKeyCoversEveryField(t *testing.T) {
	h2, vac := hex.Hex{Q: 3, R: 4}, hex.Hex{Q: 1, R: 1}
	base := func() *State {
		u := Unit{ID: "a", Hex: hex.Hex{Q: 1, R: 2}, Hex2: &h2, Vacated: &vac, Attrs: map[string]bool{"elite": true}}
		v := Unit{ID: "b", Side: "x"}
		return &State{units: []Unit{u, v}, marks: []map[string]bool{{"m": true}, nil},
			lasting: []map[string]int{{"m": 3}, nil}, locals: []Saved{keyedSaved("a")},
			phasing: "x", turnNo: 1, pos: Position{0, 1, 2}}
	}
	if len(unitFlags) == 0 { // no procedure in this package's tests declares one
		DeclareUnitFlag("keyed", "a flag for this test")
	}
	key := func(s *State) string { return string(s.AppendKey(nil)) }
	want := key(base())
	if key(base().Clone()) != want {
		t.Fatal("a clone has another key")
	}
	typ := reflect.TypeFor[Unit]()
	for i := range typ.NumField() {
		f := typ.Field(i)
		if _, ok := unitKeyed[f.Name]; !ok || f.Name == "Marks" {
			continue
		}
		s := base()
		v := reflect.ValueOf(&s.units[0]).Elem().FieldByIndex(f.Index)
		v = reflect.NewAt(v.Type(), unsafe.Pointer(v.UnsafeAddr())).Elem() // unexported fields too
		switch v.Kind() {
		case reflect.String:
			v.SetString(v.String() + "z")
		case reflect.Int:
			v.SetInt(v.Int() + 1)
		case reflect.Bool:
			v.SetBool(!v.Bool())
		case reflect.Uint64: // the bits of a float
			v.SetUint(math.Float64bits(math.Float64frombits(v.Uint()) + 0.5))
		case reflect.Uint32: // the bits of the procedures' flags: the first is declared
			v.SetUint(v.Uint() ^ 1)
		case reflect.Struct: // Hex
			v.Field(0).SetInt(v.Field(0).Int() + 1)
		case reflect.Pointer:
			if other, ok := v.Interface().(*Unit); ok { // tiedTo
				if other == nil {
					other = &Unit{ID: "b"}
				} else {
					other = nil
				}
				v.Set(reflect.ValueOf(other))
				break
			}
			moved := *v.Interface().(*hex.Hex) // *Hex
			moved.R++
			v.Set(reflect.ValueOf(&moved))
		case reflect.Map:
			v.Set(reflect.ValueOf(map[string]bool{"other": true}))
		default:
			t.Fatalf("Unit.%s: a %s, which this test cannot change: teach it", f.Name, v.Kind())
		}
		if key(s) == want {
			t.Errorf("changing Unit.%s leaves the key as it was", f.Name)
		}
	}
	for _, c := range []struct {
		name   string
		change func(s *State)
	}{
		{"Hex2 gone", func(s *State) { s.units[0].Hex2 = nil }},
		{"Vacated gone", func(s *State) { s.units[0].Vacated = nil }},
		{"a mark", func(s *State) { s.marks[1] = map[string]bool{"m": true} }},
		{"a lasting mark's turn", func(s *State) { s.lasting[0]["m"] = 4 }},
		{"a procedure's state", func(s *State) { s.locals[0] = keyedSaved("b") }},
		{"no procedure's state", func(s *State) { s.locals = nil }},
		{"a procedure with nothing saved", func(s *State) { s.locals[0] = nil }},
		{"phasing side", func(s *State) { s.phasing = "y" }},
		{"turn", func(s *State) { s.turnNo = 2 }},
		{"position", func(s *State) { s.pos.Step++ }},
		{"a side's value", func(s *State) { s.armies = map[string]map[string]int{"x": {"morale_level": 1}} }},
		{"another side's value", func(s *State) { s.armies = map[string]map[string]int{"y": {"morale_level": 0}} }},
	} {
		s := base()
		c.change(s)
		if key(s) == want {
			t.Errorf("%s: the key is as it was", c.name)
		}
	}
}

// keyedSaved is a procedure's saved state that is its key.
type keyedSaved string

func (k keyedSaved) Clone() Saved              { return k }
func (k keyedSaved) AppendKey(b []byte) []byte { return append(append(b, k...), ',') }
