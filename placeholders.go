package bataille

import (
	"strings"

	"github.com/bataille/bataille/dsl"
	"github.com/bataille/bataille/interpreter"
)

// PlayedPlaceholders lists, in the order mod.Placeholders gives them, the
// placeholders a play's trace shows it used: a rule that acted (ran past
// its conditions), a table or check rolled, a modifier that moved a roll,
// and a param or chart read by a rule that acted or by a table or check
// rolled (its keys, its threshold, its modifiers' figures and conditions).
// A placeholder word or objective is counted whenever the battle declares
// it: what a play reads of those the trace does not say.
func PlayedPlaceholders(mod *dsl.Module, tr interpreter.Trace) []dsl.DeclRef {
	ps := mod.Placeholders()
	if len(ps) == 0 {
		return nil
	}
	acted, rolled, moved := map[string]bool{}, map[string]bool{}, map[string]bool{}
	for _, ev := range tr {
		if ev.Rule != "" {
			acted[ev.Rule] = true
		}
		if ev.Kind == "roll" && ev.Table != "" {
			rolled[ev.Table] = true
		}
		for _, m := range ev.Mods {
			moved[m.Name] = true
		}
	}
	// the expressions of what played, where params and charts are read
	var read []string
	add := func(ps ...*dsl.Program) {
		for _, p := range ps {
			if p != nil {
				read = append(read, p.Source)
			}
		}
	}
	addMods := func(ms []*dsl.ModifierDef) {
		for _, m := range ms {
			add(m.Value, m.When)
		}
	}
	for _, r := range mod.Rules {
		if !acted[r.ID] {
			continue
		}
		add(r.Guard)
		for _, c := range r.Clauses {
			add(c.Cond, c.Of)
			for _, call := range c.Calls {
				for _, a := range call.Args {
					if a != nil {
						add(a.Prog)
					}
				}
			}
		}
	}
	for name, t := range mod.Tables {
		if rolled[name] {
			for _, k := range t.Keys {
				add(k.Prog)
			}
			addMods(t.Modifiers)
		}
	}
	for name, c := range mod.Checks {
		if rolled[name] {
			add(c.Threshold)
			addMods(c.Modifiers)
		}
	}
	readsName := func(name string, call bool) bool {
		for _, src := range read {
			if readsIn(src, name, call) {
				return true
			}
		}
		return false
	}
	var out []dsl.DeclRef
	for _, p := range ps {
		played := true
		switch p.Kind {
		case dsl.KindRule:
			played = acted[p.Name]
		case dsl.KindTable, dsl.KindCheck:
			played = rolled[p.Name]
		case dsl.KindModifier:
			played = moved[p.Name]
		case dsl.KindParam:
			played = readsName(p.Name, false)
		case dsl.KindChart:
			played = readsName(p.Name, true)
		}
		if played {
			out = append(out, p)
		}
	}
	return out
}

// readsIn reports whether an expression's source names name whole (not as
// part of a longer name: rout.hexes is not read in rout.hexes_max), and
// for call, called: fire_defence(…).
func readsIn(src, name string, call bool) bool {
	for i := 0; ; {
		j := strings.Index(src[i:], name)
		if j < 0 {
			return false
		}
		at, end := i+j, i+j+len(name)
		i = end
		if at > 0 && isNameByte(src[at-1]) {
			continue
		}
		rest := strings.TrimLeft(src[end:], " ")
		if end < len(src) && isNameByte(src[end]) {
			continue
		}
		if call && !strings.HasPrefix(rest, "(") {
			continue
		}
		return true
	}
}

func isNameByte(b byte) bool {
	return b == '_' || b == '.' || b >= 'a' && b <= 'z' || b >= 'A' && b <= 'Z' || b >= '0' && b <= '9'
}
