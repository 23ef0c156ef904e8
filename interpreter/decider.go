package interpreter

// Question is what a rule asks a player: `ask "form_carre"` asks the owner
// of Unit whether to try.
type Question struct {
	Ask  string
	Unit *Unit
	Rule string
	Hook string
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

// ScriptedDecider answers from a table of (unit, question) answers, and with
// Default for anything else.
type ScriptedDecider struct {
	Answers map[[2]string]bool
	Default bool
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
	if a, ok := s.Answers[[2]string{"*", q.Ask}]; ok {
		return a
	}
	return s.Default
}

// Fixed reports the answer s gives q by a line of its own (for the unit,
// or for every unit), not by its default: the answers a scenario settles.
func (s *ScriptedDecider) Fixed(q Question) (answer, ok bool) {
	id := ""
	if q.Unit != nil {
		id = q.Unit.ID
	}
	if a, ok := s.Answers[[2]string{id, q.Ask}]; ok {
		return a, true
	}
	a, ok := s.Answers[[2]string{"*", q.Ask}]
	return a, ok
}

// Under fills in the answers s lacks from other (a scenario's decide
// lines), keeping s's own answers and its default. An answer of s for every
// unit ("*") settles that question for all of them.
func (s *ScriptedDecider) Under(other *ScriptedDecider) *ScriptedDecider {
	out := &ScriptedDecider{Answers: map[[2]string]bool{}, Default: s.Default}
	for k, v := range other.Answers {
		if _, all := s.Answers[[2]string{"*", k[1]}]; !all {
			out.Answers[k] = v
		}
	}
	for k, v := range s.Answers {
		out.Answers[k] = v
	}
	return out
}
