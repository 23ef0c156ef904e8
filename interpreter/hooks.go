package interpreter

import (
	"fmt"
	"reflect"

	"github.com/bataille/bataille/dsl"
)

// Cell is a hex as scripts see it (`hex.terrain`, and the flags of its
// terrain procedures declare: DeclareTerrainFlag).
type Cell struct {
	Number    string `expr:"number"`
	Terrain   string `expr:"terrain" vocab:"terrain"`
	Road      bool   `expr:"road"`
	BlocksLOS bool   `expr:"blocks_los"`
	Cost      int    `expr:"cost"` // the terrain's movement cost
	flags     uint32 // the declared terrain flags its terrain sets, by bit
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
