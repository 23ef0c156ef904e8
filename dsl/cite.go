package dsl

import (
	"slices"
	"sort"
	"strings"
)

// CiteAsDef maps a section a base module cites to where a battle's own
// rulebook prints it (`cite premier "Premier Rules: Carré" as "Berlin 1813
// p17"`): a battle's owner has that book, not the one the base was
// written from.
type CiteAsDef struct {
	Module  string // the base module whose citations name the section
	Section string // as the base cites it: "Premier Rules: Carré"
	As      string // as this battle's rulebook prints it: "Berlin 1813 p17"
	Origin
}

// citeHas reports where a citation names a section: at its start or after
// a " / " (`BER-17-CARRE-MIN / Premier Rules: Carré`), followed by its end
// or a space. It returns the offset, or -1.
func citeHas(cite, section string) int {
	for from := 0; from <= len(cite)-len(section); {
		i := strings.Index(cite[from:], section)
		if i < 0 {
			return -1
		}
		i += from
		end := i + len(section)
		if (i == 0 || strings.HasSuffix(cite[:i], " / ")) && (end == len(cite) || cite[end] == ' ') {
			return i
		}
		from = i + 1
	}
	return -1
}

// mapCite writes a citation with each mapped section replaced by the
// battle's page, longest section first.
func mapCite(cite string, maps []*CiteAsDef) string {
	for _, c := range maps {
		for {
			i := citeHas(cite, c.Section)
			if i < 0 {
				break
			}
			cite = cite[:i] + c.As + cite[i+len(c.Section):]
		}
	}
	return cite
}

// CiteText writes one of the module's citations as its owner reads it: a base
// section the battle maps (CiteAs) becomes the battle's own page.
func (m *Module) CiteText(cite string) string {
	if m == nil {
		return cite
	}
	if t, ok := m.citeMap[cite]; ok {
		return t
	}
	return cite
}

// Cites is CiteText of each citation; the slice itself when nothing maps.
func (m *Module) Cites(cites []string) []string {
	if m == nil || len(m.citeMap) == 0 {
		return cites
	}
	var out []string
	for i, c := range cites {
		if t, ok := m.citeMap[c]; ok {
			if out == nil {
				out = append([]string(nil), cites...)
			}
			out[i] = t
		}
	}
	if out == nil {
		return cites
	}
	return out
}

// CiteLine joins citations with "; " as traces write them, each mapped.
func (m *Module) CiteLine(cites []string) string {
	switch len(cites) {
	case 0:
		return ""
	case 1:
		return m.CiteText(cites[0])
	}
	return strings.Join(m.Cites(cites), "; ")
}

// citeAs records a battle's mapping of a base section; checkCiteAs checks
// them once every declaration is in.
func (u *unit) citeAs(d *Decl) {
	c := d.CiteAs
	if d.Override || d.Placeholder {
		u.errorf(position(d.Pos), "cite-as", "a mapped citation is neither an override nor a placeholder")
	}
	def := &CiteAsDef{Module: c.Module.Name(), Section: c.Section, As: c.As, Origin: Origin{Module: u.mod.ID, Pos: position(c.Pos)}}
	for i, prev := range u.mod.CiteAs {
		if prev.Module != def.Module || prev.Section != def.Section {
			continue
		}
		if prev.Origin.Module == u.mod.ID {
			u.errorf(def.Pos, "duplicate", "%s's %q is mapped twice (here and at line %d)", def.Module, def.Section, prev.Pos.Line)
			return
		}
		// A section a base battle mapped, mapped again: this battle's
		// owner has its own book, not the base's.
		u.mod.CiteAs = slices.Delete(u.mod.CiteAs, i, i+1)
		break
	}
	u.mod.CiteAs = append(u.mod.CiteAs, def)
}

// checkCiteAs checks each mapping names a module the battle extends and a
// section that module cites, then works out every citation as the battle's
// owner reads it.
func (u *unit) checkCiteAs() {
	m := u.mod
	if len(m.CiteAs) == 0 {
		return
	}
	sections := map[string]map[string]bool{} // module → its cited texts, joined
	for _, c := range m.CiteAs {
		if c.Origin.Module != m.ID {
			continue
		}
		base := m.Base
		for base != nil && base.ID != c.Module {
			base = base.Base
		}
		if base == nil {
			u.errorf(c.Pos, "cite-as", "%s does not extend %s: only a base's citations can be mapped", m.ID, c.Module)
			continue
		}
		if strings.TrimSpace(c.As) == "" || strings.TrimSpace(c.Section) == "" {
			u.errorf(c.Pos, "cite-as", "a mapped citation needs a section and a page")
			continue
		}
		if sections[c.Module] == nil {
			sections[c.Module] = map[string]bool{}
			base.eachDecl(true, func(d DeclRef) {
				if d.Module == c.Module {
					for _, s := range d.Cite {
						sections[c.Module][s] = true
					}
				}
			})
		}
		found := false
		for s := range sections[c.Module] {
			if citeHas(s, c.Section) >= 0 {
				found = true
				break
			}
		}
		if !found {
			var names []string
			for s := range sections[c.Module] {
				names = append(names, s)
			}
			sort.Strings(names)
			u.errorf(c.Pos, "cite-as", "no declaration of %s cites %q%s", c.Module, c.Section, didYouMean(c.Section, sectionNames(names)))
		}
	}
	// The longest section first, so that "Premier Rules: Carré attempt" is
	// not read as "Premier Rules: Carré" and a word more.
	maps := append([]*CiteAsDef(nil), m.CiteAs...)
	sort.SliceStable(maps, func(i, j int) bool { return len(maps[i].Section) > len(maps[j].Section) })
	m.citeMap = map[string]string{}
	m.eachDecl(true, func(d DeclRef) {
		for _, c := range d.Cite {
			if t := mapCite(c, maps); t != c {
				m.citeMap[c] = t
			}
		}
	})
}

// sectionNames are the sections a list of citations names: each up to its
// clause id (`Premier Rules: Carré` of `Premier Rules: Carré BER-17-CARRE-MIN`).
func sectionNames(cites []string) []string {
	seen := map[string]bool{}
	var out []string
	for _, c := range cites {
		if i := strings.Index(c, " / "); i >= 0 {
			c = c[i+3:]
		}
		words := strings.Fields(c)
		for len(words) > 0 && isClauseID(words[len(words)-1]) {
			words = words[:len(words)-1]
		}
		s := strings.Join(words, " ")
		if s != "" && !seen[s] {
			seen[s] = true
			out = append(out, s)
		}
	}
	return out
}

// isClauseID is a rules inventory id: BER-17-CARRE-MIN.
func isClauseID(w string) bool {
	parts := strings.Split(w, "-")
	if len(parts) < 3 {
		return false
	}
	for _, r := range w {
		if !(r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || r == '-') {
			return false
		}
	}
	return true
}
