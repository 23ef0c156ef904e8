package dsl

import (
	"sort"
	"strings"
)

// checkOutcomes warns of a table outcome nothing reads and of a base
// outcome an override no longer gives: either way a roll that should
// fire rules fires none, silently (a misspelt `2..7 => recal` leaves the
// recall rules of the base idle). Only the tables this module declares are
// looked at, so that a base's warnings are not repeated for every battle.
func (u *unit) checkOutcomes() {
	hooks := map[string][]string{} // hook → the rules that run on it
	for _, r := range u.mod.Rules {
		hooks[r.Hook] = append(hooks[r.Hook], r.ID)
	}
	// Every string a rule's expressions compare with, as written: a rule
	// on NAME.rolled may read the outcome as `result == "recall"`.
	var sources strings.Builder
	for _, r := range u.mod.Rules {
		for _, c := range r.Clauses {
			if c.Cond != nil {
				sources.WriteString(c.Cond.Source)
			}
			for _, call := range c.Calls {
				for _, a := range call.Args {
					if a != nil && a.Prog != nil {
						sources.WriteString(a.Prog.Source)
					}
				}
			}
		}
	}
	read := func(table, outcome string) bool {
		return len(hooks[table+"."+outcome]) > 0 || strings.Contains(sources.String(), `"`+outcome+`"`)
	}
	for _, name := range sortedKeys(u.mod.Tables) {
		t := u.mod.Tables[name]
		if t.Module != u.mod.ID {
			continue
		}
		// An outcome nothing reads is a slip when it is spelt like one that
		// is read (here or in the base's table); one that is not (a
		// `no_effect`, the `hours` of a table rolled for its number) is
		// what the table means.
		var readOnes []string
		for _, o := range t.Outcomes {
			if read(name, o) {
				readOnes = append(readOnes, o)
			}
		}
		if old, ok := u.baseTable(name); ok {
			for _, o := range old.Outcomes {
				if len(hooks[name+"."+o]) > 0 && !hasString(readOnes, o) {
					readOnes = append(readOnes, o)
				}
			}
		}
		for _, o := range t.Outcomes {
			if read(name, o) {
				continue
			}
			if hint := didYouMean(o, readOnes); hint.want != "" {
				u.warnf(firstRow(t, o), "outcome-unread", "table %s: no rule reads outcome %q (none runs on %s.%s), so this row does nothing%s",
					name, o, name, o, hint)
			}
		}
		old, ok := u.baseTable(name)
		if !ok || !t.Override {
			continue
		}
		for _, o := range old.Outcomes {
			if hasString(t.Outcomes, o) || len(hooks[name+"."+o]) == 0 {
				continue
			}
			rules := append([]string(nil), hooks[name+"."+o]...)
			sort.Strings(rules)
			u.warnf(t.Pos, "outcome-dropped", "table %s no longer gives outcome %q, which module %s's table gives: %s on %s.%s never run%s",
				name, o, old.Module, strings.Join(rules, ", "), name, o, didYouMean(o, t.Outcomes))
		}
	}
}

// baseTable is the table of that name the module's base has in force.
func (u *unit) baseTable(name string) (*TableDef, bool) {
	if u.mod.Base == nil {
		return nil, false
	}
	t, ok := u.mod.Base.Tables[name]
	return t, ok
}

// firstRow is where a table first names an outcome.
func firstRow(t *TableDef, outcome string) Pos {
	for _, c := range t.Columns {
		for _, r := range c.Rows {
			if r.Outcome == outcome {
				return r.Pos
			}
		}
	}
	return t.Pos
}

func hasString(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}
