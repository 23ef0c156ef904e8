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
	// Orders are the kinds of the scenario's orders it plays ("charge",
	// "move", "form", "fire", "assault").
	Orders []string
	// Play plays one phase of the procedure under its title, from step
	// from: 0 for its beginning, k+1 for its k-th action (resume.go). It
	// calls the engine's checkpoint before each action, so that a run may
	// pause there and resume. What it keeps from one step of its phase to
	// the next lives where a saved position (State) holds it: on the units
	// (their marks) or in the engine's fields that State saves.
	Play func(e *Engine, title string, from int) error
}

var (
	procs      []*Procedure
	procByName = map[string]*Procedure{}
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
		if h.Name == "" || HookByName[h.Name] != nil {
			panic(fmt.Sprintf("interpreter: procedure %s declares hook %q, which is taken or has no name", p.Name, h.Name))
		}
		// Every hook reads the turn number (hooks.go).
		h.Vars = append(h.Vars, v("turn", tInt, "the turn being played, from 1"))
		Hooks = append(Hooks, h)
		HookByName[h.Name] = h
	}
	for _, h := range p.Hooks {
		if HookByName[h] == nil {
			panic(fmt.Sprintf("interpreter: procedure %s fires hook %s, which no table declares", p.Name, h))
		}
	}
	procs = append(procs, p)
	procByName[p.Name] = p
	Procedures[p.Name] = p.Doc
	setPhaseWords()
}

// ProcedureNamed is the registered procedure of a name, or nil.
func ProcedureNamed(name string) *Procedure { return procByName[name] }

// RegisteredProcedures lists the procedures in the order they were
// registered.
func RegisteredProcedures() []*Procedure { return append([]*Procedure(nil), procs...) }

// procedureWords is the words of a variable that names a phase's procedure
// (`phase`) before any procedure is registered: Register gives it the
// names of those there are (setPhaseWords).
const procedureWords = "|"

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
// registered procedures as its words, so that `phase == "charges"` is
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

// What a procedure registered from outside this package plays with: the
// turn's orders, the phase's heading and positions, and the charge
// procedure's steps, so that another edition's charge (a counter-charge
// before the charger moves) is written in the terms the Premier Rules'
// charge is.

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

// DeclareCharges declares the charges as the charge phase does: the
// charges ordered from one hex at one target make one stack's charge
// (BER-37-STACK), then the declare_charge rules judge each. It returns
// those they allowed, which the engine keeps (a saved position holds them)
// until the phase's procedure clears them (ClearDeclared).
func (e *Engine) DeclareCharges(charges []*Order) ([]*Order, error) {
	stacks(charges)
	e.declared = e.declared[:0]
	for _, o := range charges {
		ok, err := e.declare(o)
		if err != nil {
			return nil, err
		}
		if ok {
			e.declared = append(e.declared, o)
		}
	}
	return e.declared, nil
}

// Declared are the charges DeclareCharges allowed, in order.
func (e *Engine) Declared() []*Order { return e.declared }

// ClearDeclared forgets the phase's declared charges.
func (e *Engine) ClearDeclared() { e.declared = e.declared[:0] }

// ResolveDeclared resolves a declared charge hex by hex, then the charges
// its rules started (DrainCharges); a regiment that rides with its stack's
// lead is resolved with the lead, not on its own.
func (e *Engine) ResolveDeclared(o *Order) error {
	if o.lead != nil && e.isDeclared(o.lead) {
		return nil
	}
	if err := e.resolveCharge(o); err != nil {
		return err
	}
	return e.drainCharges()
}

// DrainCharges resolves the charges rules started (ChargeAt), in the
// order they were started.
func (e *Engine) DrainCharges() error { return e.drainCharges() }

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
	if given := len(h.Vars) - 1; n != given { // all but turn, the engine's
		panic(fmt.Sprintf("interpreter: hook %s fired with %d of its %d variables", name, n, given))
	}
	return e.fire(name, kv...)
}
