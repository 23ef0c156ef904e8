package interpreter

import (
	"fmt"
	"strings"

	"github.com/bataille/bataille/dsl"
)

// Procedure is one part of a turn the engine can play, declared once: the
// name a sequence of play gives its phase, what it does, the hooks it
// fires, the order kinds it plays and how it plays them. The kernel plays
// a module's sequence by looking each phase up by name among the
// registered procedures (turnPhases), and the checker knows the same names
// (stdlib.Env): a battle of another edition selects a procedure, or one a
// package adds with Register, by naming it in its `sequence`.
type Procedure struct {
	// Name is the procedure as a sequence's `phase NAME "title"` names it.
	Name string
	// Doc says what it plays, for the checker's messages and `explain
	// sequence`.
	Doc string
	// Declares are the hooks it brings, with the names their expressions
	// read: Register adds them to Hooks (and to what the checker knows),
	// and the procedure fires them with Engine.FireHook. The Premier
	// Rules' procedures fire the hooks of the Hooks table.
	Declares []*dsl.Hook
	// Hooks are the hooks it fires, by name (its own Declares among them);
	// a hook several procedures fire (change_formation, fire) is named by
	// each.
	Hooks []string
	// Orders are the kinds of the scenario's orders it plays, each
	// declared with DeclareOrder.
	Orders []string
	// Acts are those of its Orders that a unit is given in its own side's
	// turn (a move, say, and not an order either side may give): when a scenario names no side for a turn, the side of the
	// first unit given one is the side in its turn.
	Acts []string
	// Play plays one phase of the procedure under its title, from step
	// from: 0 for its beginning, k+1 for its k-th action (resume.go). It
	// calls the engine's checkpoint before each action, so that a run may
	// pause there and resume. What it keeps from one step of its phase to
	// the next lives where a saved position (State) holds it: on the units
	// (their marks) or in the engine's fields that State saves.
	Play func(e *Engine, title string, from int) error
	// Settle, when set, finishes what rules started during any action and
	// left for later (an action a rule started, resolved once the action
	// under way is over); Engine.Settle calls it.
	Settle func(e *Engine) error
}

var (
	procs      []*Procedure
	procByName = map[string]*Procedure{}
	// actingKinds are the registered procedures' Acts.
	actingKinds = map[string]bool{}
)

// Procedures are the parts of a turn the engine plays, by the name a
// module's sequence of play gives them, with what each does: the names the
// checker accepts in a `sequence`. Register adds to it.
var Procedures = map[string]string{}

// Register declares a procedure, once, by its name; a package that adds
// one registers it in an init function, before any module is checked. A
// second procedure of a name, one without Play, or one that names a hook
// no table declares is a mistake of the program's, and panics.
func Register(p *Procedure) {
	if p.Name == "" || p.Play == nil {
		panic("interpreter: a procedure needs a name and Play")
	}
	if _, dup := procByName[p.Name]; dup {
		panic("interpreter: procedure " + p.Name + " registered twice")
	}
	for _, h := range p.Declares {
		DeclareHook(h)
	}
	for _, h := range p.Hooks {
		if HookByName[h] == nil {
			panic(fmt.Sprintf("interpreter: procedure %s fires hook %s, which no table declares", p.Name, h))
		}
	}
	for _, k := range p.Orders {
		if Orders[k] == nil {
			panic(fmt.Sprintf("interpreter: procedure %s plays order %s, which no DeclareOrder declares", p.Name, k))
		}
	}
	procs = append(procs, p)
	procByName[p.Name] = p
	for _, k := range p.Acts {
		actingKinds[k] = true
	}
	Procedures[p.Name] = p.Doc
	setPhaseWords()
}

// ProcedureNamed is the registered procedure of a name, or nil.
func ProcedureNamed(name string) *Procedure { return procByName[name] }

// RegisteredProcedures lists the procedures in the order they were
// registered.
func RegisteredProcedures() []*Procedure { return append([]*Procedure(nil), procs...) }

// ProcedureWords are the words of a hook variable that names a phase's
// procedure (`phase`) as it is declared: Register gives it the names of
// the procedures there are (setPhaseWords).
const ProcedureWords = "|"

// phaseWords is the list of procedure names that a variable naming a
// phase's procedure holds (`phase`), as a fixed list "a|b|c".
func phaseWords() string {
	names := make([]string, len(procs))
	for i, p := range procs {
		names[i] = p.Name
	}
	return strings.Join(names, "|")
}

// setPhaseWords gives every variable that names the phase's procedure the
// registered procedures as its words, so that `phase == "movement"` is
// checked against the procedures there are.
func setPhaseWords() {
	words := phaseWords()
	set := func(vars []dsl.Var) {
		for i := range vars {
			if vars[i].Name == "phase" && vars[i].Vocab != "" {
				vars[i].Vocab = words
			}
		}
	}
	for _, h := range Hooks {
		set(h.Vars)
	}
	set(InvariantVars)
}

// What a procedure plays with, beside the hooks it fires (Bind, FireHook),
// the trace (BeginPhase, Emit, Note), its positions (Checkpoint) and its
// own state (Local): the turn's orders and the side in its turn.

// OrdersOf are the turn's orders of a kind, in the scenario's order.
func (e *Engine) OrdersOf(kind string) []*Order {
	var out []*Order
	for _, o := range e.orders {
		if o.Kind == kind {
			out = append(out, o)
		}
	}
	return out
}

// Orders are the turn's orders, in the scenario's order; a procedure
// reads them and does not change them.
func (e *Engine) Orders() []*Order { return e.orders }

// PhaseProcedure is the procedure of the phase being played ("" outside
// a turn).
func (e *Engine) PhaseProcedure() string { return e.proc }

// Phasing is the side whose turn it is.
func (e *Engine) Phasing() string { return e.phasing }

// Listens reports whether any rule of the module runs on hook h: a
// procedure that would fire it once for each unit and do nothing else
// skips the loop.
func (e *Engine) Listens(h *HookPoint) bool { return len(e.comp.rules[h.index]) > 0 }

// UnitsByID are the board's units in the order of their ids, as the
// engine keeps them: a procedure that goes over every unit in a fixed
// order reads this, and does not change it.
func (e *Engine) UnitsByID() []*Unit { return e.sorted }

// Settle finishes what rules started during an action and left for
// later (the actions a rule started with an effect), as each registered
// procedure's Settle does, in the order they were registered: the kernel
// calls it after every phase, a procedure after each of its actions.
func (e *Engine) Settle() error {
	for _, p := range procs {
		if p.Settle != nil {
			if err := p.Settle(e); err != nil {
				return err
			}
		}
	}
	return nil
}

// FireHook runs the rules of a hook a procedure declared (Declares), its
// variables given as name, value pairs in the order the declaration lists
// them. It reports whether a require blocked the action, and its message.
// A name out of place, or one missing, is a mistake of the procedure's,
// and panics: a firing cannot drift from its declaration.
func (e *Engine) FireHook(name string, kv ...any) (blocked bool, msg string, err error) {
	h := HookByName[name]
	if h == nil {
		panic("interpreter: FireHook of hook " + name + ", which no table declares")
	}
	n := 0
	for i := 0; i < len(kv); i += 2 {
		if n >= len(h.Vars) || kv[i] != h.Vars[n].Name || i+1 == len(kv) {
			panic(fmt.Sprintf("interpreter: hook %s: variable %d given as %v, not as it is declared", name, n+1, kv[i]))
		}
		n++
	}
	if given := len(h.Vars) - len(engineVars); n != given { // all but the engine's own
		panic(fmt.Sprintf("interpreter: hook %s fired with %d of its %d variables", name, n, given))
	}
	return e.fire(name, kv...)
}
