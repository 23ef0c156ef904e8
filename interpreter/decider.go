package interpreter

import (
	"github.com/bataille/bataille/hex"
	"sync"

	"github.com/bataille/bataille/dsl"
	"github.com/expr-lang/expr/vm"
)

// Question is what a rule asks a player: `ask "NAME"` asks the owner of
// Unit whether to do what the rule offers. It says where it is asked, so
// that a player may answer one way at one step of an action and another
// way at the next: a rule asks again at every opportunity its hook offers.
type Question struct {
	Ask  string
	Unit *Unit
	Rule string
	Hook string
	// About is the unit the question is about: the unit the asking hook
	// is about when that is another than Unit, else the other side of the
	// action being resolved (its actor; for the actor, its target); nil
	// when there is none.
	About *Unit
	// Distance is the hexes between Unit and About, -1 without About.
	Distance int
	// Step is the hexes the acting unit has entered (0 at the action's
	// start and outside an action).
	Step int
	// Hex is the acting unit's hex, or the asked unit's outside an action.
	Hex hex.Hex
	// Acting says an action a procedure resolves is under way
	// (Engine.SetUnderway): Step and Hex are then the action's.
	Acting bool
	Turn   int
}

// Decider answers the choices the rules offer a player. The engine never
// guesses: an embedding program supplies one; the CLI answers from the
// scenario's `decide` lines.
type Decider interface {
	Decide(q Question) bool
}

// DeciderFunc adapts a function to Decider.
type DeciderFunc func(q Question) bool

// Decide implements Decider.
func (f DeciderFunc) Decide(q Question) bool { return f(q) }

// ScriptedDecider answers from a table of (unit, question) answers, then
// from conditions over where the question is asked (a scenario's `decide
// UNIT NAME when distance <= 2`), and with Default for anything else.
type ScriptedDecider struct {
	Answers map[[2]string]bool
	// Conds answer yes exactly where their condition holds.
	Conds   map[[2]string]*Condition
	Default bool
}

// Condition is a decide line's condition, compiled by the checker over
// dsl.DecideVars and the module's params.
type Condition struct {
	Program *dsl.Program
	Params  map[string]any // the module's params, as expr's machine reads them
	mu      sync.Mutex
	machine vm.VM
	env     map[string]any
}

// Holds evaluates the condition where q is asked. A condition that fails
// to evaluate (its memory budget spent) does not hold.
func (c *Condition) Holds(q Question) bool {
	prog, err := c.Program.Bytecode()
	if err != nil || prog == nil {
		return false
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.env == nil {
		c.env = map[string]any{}
		for k, v := range c.Params {
			c.env[k] = v
		}
		c.machine.MemoryBudget = dsl.MaxExprMemory
	}
	about := ""
	if q.About != nil {
		about = q.About.ID
	}
	c.env["distance"], c.env["step"], c.env["hex"], c.env[dsl.DecideActing], c.env["turn"], c.env["about"] = q.Distance, q.Step, q.Hex.String(), q.Acting, q.Turn, about
	out, err := c.machine.Run(prog, c.env)
	b, ok := out.(bool)
	return err == nil && ok && b
}

// Decide implements Decider.
func (s *ScriptedDecider) Decide(q Question) bool {
	id := ""
	if q.Unit != nil {
		id = q.Unit.ID
	}
	if a, ok := s.Answers[[2]string{id, q.Ask}]; ok {
		return a
	}
	if c, ok := s.Conds[[2]string{id, q.Ask}]; ok {
		return c.Holds(q)
	}
	if a, ok := s.Answers[[2]string{"*", q.Ask}]; ok {
		return a
	}
	return s.Default
}

// Fixed reports the answer s gives q by a line of its own (for the unit,
// or for every unit, or a condition where q is asked), not by its default:
// the answers a scenario settles.
func (s *ScriptedDecider) Fixed(q Question) (answer, ok bool) {
	id := ""
	if q.Unit != nil {
		id = q.Unit.ID
	}
	if a, ok := s.Answers[[2]string{id, q.Ask}]; ok {
		return a, true
	}
	if c, ok := s.Conds[[2]string{id, q.Ask}]; ok {
		return c.Holds(q), true
	}
	a, ok := s.Answers[[2]string{"*", q.Ask}]
	return a, ok
}

// Under fills in the answers s lacks from other (a scenario's decide
// lines), keeping s's own answers and its default. An answer of s for every
// unit ("*") settles that question for all of them; an answer of s for a
// unit wins over other's condition for it.
func (s *ScriptedDecider) Under(other *ScriptedDecider) *ScriptedDecider {
	out := &ScriptedDecider{Answers: map[[2]string]bool{}, Default: s.Default}
	for k, v := range other.Answers {
		if _, all := s.Answers[[2]string{"*", k[1]}]; !all {
			out.Answers[k] = v
		}
	}
	for k, c := range other.Conds {
		_, all := s.Answers[[2]string{"*", k[1]}]
		_, own := s.Answers[k]
		if !all && !own {
			if out.Conds == nil {
				out.Conds = map[[2]string]*Condition{}
			}
			out.Conds[k] = c
		}
	}
	for k, v := range s.Answers {
		out.Answers[k] = v
	}
	for k, c := range s.Conds {
		if _, own := s.Answers[k]; !own {
			if out.Conds == nil {
				out.Conds = map[[2]string]*Condition{}
			}
			out.Conds[k] = c
		}
	}
	return out
}
