package dsl

import "strings"

// sequence reports a change in the sequence of play: the phases in order,
// by procedure and title.
func (d *ModuleDiff) sequence(old, new *Module) {
	o, n := old.Sequence, new.Sequence
	if o == nil && n == nil {
		return
	}
	var was, now *Side
	if o != nil {
		was = side(o.Module, o.Title, o.Pos, o.Cite)
	}
	if n != nil {
		now = side(n.Module, n.Title, n.Pos, n.Cite)
	}
	c := change(KindSequence, "turn", was, now)
	text := func(s *SequenceDef) (title, phases, cite string) {
		if s == nil {
			return "", "", ""
		}
		var ps []string
		for _, p := range s.Phases {
			ps = append(ps, p.Proc+" \""+p.Title+"\"")
		}
		return s.Title, strings.Join(ps, ", "), citeText(s.Cite)
	}
	ot, op, oc := text(o)
	nt, np, nc := text(n)
	field(&c.Details, "title", ot, nt)
	field(&c.Details, "phases", op, np)
	field(&c.Details, "cite", oc, nc)
	d.add(c)
}
