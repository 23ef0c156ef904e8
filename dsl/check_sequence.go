package dsl

import "sort"

// sequence checks a module's sequence of play: one per module (a battle
// overrides its base's), each phase a procedure the engine offers.
func (u *unit) sequence(d *Decl) {
	sq := d.Sequence
	pos := position(sq.Pos)
	exists := u.mod.Sequence != nil
	from := ""
	if exists {
		from = u.mod.Sequence.Module
	}
	if !u.claimSequence(pos, d.Override, exists, from) {
		return
	}
	def := &SequenceDef{Title: sq.Title, Cite: sq.Cite, Origin: u.origin(pos, d)}
	known := make([]string, 0, len(u.env.Procedures))
	for name := range u.env.Procedures {
		known = append(known, name)
	}
	sort.Strings(known)
	for _, ph := range sq.Phases {
		ppos := position(ph.Pos)
		if _, ok := u.env.Procedures[ph.Proc]; !ok {
			u.errorf(ppos, "unknown-procedure", "the engine has no procedure %q to play as a phase%s (it has %s)", ph.Proc, didYouMean(ph.Proc, known), joinWords(known))
			continue
		}
		title := ph.Title
		if title == "" {
			title = ph.Proc
		}
		def.Phases = append(def.Phases, PhaseDef{Proc: ph.Proc, Title: title, Pos: ppos})
	}
	if len(sq.Phases) == 0 {
		u.errorf(pos, "bad-sequence", "a sequence of play needs its phases: `phase charges \"Charge à cheval\"` …")
	}
	u.mod.Sequence = def
}

func (u *unit) claimSequence(pos Pos, override, exists bool, from string) bool {
	if prev, dup := u.declared[declKey{kind: KindSequence}]; dup {
		u.errorf(pos, "duplicate", "the sequence of play is declared twice; the first is at %s", prev)
		return false
	}
	u.declared[declKey{kind: KindSequence}] = pos
	switch {
	case override && !exists:
		u.errorf(pos, "override-missing", "override of the sequence of play, %s", u.notInBase())
		return false
	case !override && exists:
		u.errorf(pos, "needs-override", "the sequence of play is already declared by %s; write `override sequence` to change it", from)
		u.fixOverride()
		return false
	}
	return true
}

func joinWords(ws []string) string {
	out := ""
	for i, w := range ws {
		if i > 0 {
			out += ", "
		}
		out += w
	}
	return out
}
