package dsl

import (
	"sort"
	"strings"
)

// engineFlags are the flags the engine finds a word by: it asks for "the
// state with the routed flag". Two such words would leave the choice to
// the order of a Go map, and one seed could play two traces.
var engineFlags = []struct{ kind, flag string }{
	{KindState, "routed"},
}

// checkUniqueFlags refuses a module whose effective vocabulary has more
// than one word with a flag the engine chooses by.
func (u *unit) checkUniqueFlags() {
	for _, ef := range engineFlags {
		var names []string
		for name, w := range u.mod.Vocab[ef.kind] {
			if w.Flag(ef.flag) {
				names = append(names, name)
			}
		}
		if len(names) < 2 {
			continue
		}
		sort.Strings(names)
		for _, name := range names {
			w := u.mod.Vocab[ef.kind][name]
			if w.Module != u.mod.ID {
				continue // reported where it was declared
			}
			var others []string
			for _, o := range names {
				if o != name {
					others = append(others, o)
				}
			}
			u.errorf(w.Pos, "duplicate-flag", "%s %s has the %s flag, and so does %s; the engine chooses the %s by that flag, so only one may have it",
				ef.kind, name, ef.flag, strings.Join(others, ", "), ef.kind)
		}
	}
}
