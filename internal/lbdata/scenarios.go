package lbdata

import (
	"fmt"
	"strings"
)

// scenarios writes the battle's set-ups: the three every bundled battle plays
// under the same names and unit ids, with this battle's nationalities and
// troops, a fourth that fires into cover and assaults across a stream, and a fifth
// whose battalions are worn and their army shaken.
func (c *conv) scenarios() (string, error) {
	t := c.b.Scenario
	for _, cl := range []string{t.InfClass, t.CarreClass, t.AssaultClass} {
		if _, ok := c.classes[cl]; ok {
			continue
		}
		ci, ok := extraClasses[cl]
		if !ok {
			return "", fmt.Errorf("scenario class %q is declared nowhere", cl)
		}
		c.useClass(ci)
	}
	for _, cl := range []string{t.HussarsClass, t.HeavyClass, t.LightClass, t.DragoonsClass} {
		if !c.isCavalry(cl) {
			return "", fmt.Errorf("scenario cavalry class %q is not a cavalry class", cl)
		}
	}
	for _, n := range []string{t.NatA, t.NatB} {
		if !c.natSet[n] {
			return "", fmt.Errorf("scenario nationality %q is not declared", n)
		}
	}
	form := "column"
	var w strings.Builder
	w.WriteString(generated)
	fmt.Fprintf(&w, "//\n// Scenarios for %s. The data holds no orders of battle: these are\n// set-ups in the style of the other bundled battles, with this battle's\n// nationalities and troops. The first three appear in every bundled battle,\n// under the same names and unit ids, so that one scenario run under two\n// battles shows what their rules change.\n\n", c.b.Title)
	unit := func(id, name, side, nat, class, arm string, inc int, formation, facing string, morale int, extra, at string) string {
		return fmt.Sprintf("  unit %s %q { side: %s  nationality: %s  class: %s  arm: %s  increments: %d  formation: %s  facing: %s  morale: %d  %s  at: %s }\n",
			id, name, side, nat, class, arm, inc, formation, facing, morale, extra, at)
	}
	fmt.Fprintf(&w, "// %s cavalry charges a %s battalion in %s in the open; it tries Carré\n// when the cavalry comes within four hexes, and so may a second battalion off\n// the cavalry's path.\n", title(t.NatA), title(t.NatB), form)
	w.WriteString("scenario carre_attempt \"Cavalry charges a battalion in the open; it tries Carré\" {\n  map 12 x 20 clear\n")
	fmt.Fprintf(&w, "  turn %s\n", t.SideA)
	w.WriteString(unit("hus", t.Hussars, t.SideA, t.NatA, t.HussarsClass, "cavalry", 4, "column", "N", 31, "mp: 8  melee: 6", "0616"))
	w.WriteString(unit("inf", t.Infantry, t.SideB, t.NatB, t.InfClass, "infantry", 6, form, "S", 36, "melee: 6", "0610"))
	w.WriteString(unit("inf2", t.Infantry2, t.SideB, t.NatB, t.InfClass, "infantry", 5, form, "S", 36, "melee: 5", "0813"))
	w.WriteString("  charge hus at inf path 0615 0614 0613 0612 0611\n  decide inf form_carre yes\n  decide inf2 form_carre yes\n  fire inf at hus\n  decide hus follow_routed yes\n}\n\n")

	fmt.Fprintf(&w, "// %s heavy cavalry charges %s light cavalry that stands.\n", title(t.NatA), title(t.NatB))
	w.WriteString("scenario cavalry_melee \"Heavy cavalry charges light cavalry that stands\" {\n  map 12 x 12 clear\n")
	fmt.Fprintf(&w, "  turn %s\n", t.SideA)
	w.WriteString(unit("cuir", t.Heavy, t.SideA, t.NatA, t.HeavyClass, "cavalry", 5, "column", "N", 26, "mp: 7  melee: 8", "0410"))
	w.WriteString(unit("hus", t.Light, t.SideB, t.NatB, t.LightClass, "cavalry", 4, "column", "S", 31, "mp: 8  melee: 6", "0405"))
	w.WriteString("  charge cuir at hus path 0409 0408 0407 0406\n  decide hus reaction_charge no\n}\n\n")

	fmt.Fprintf(&w, "// A %s battalion in Carré is charged by %s cavalry and assaulted by a\n// %s battalion from the next hex.\n", title(t.NatB), title(t.NatA), title(t.NatA))
	w.WriteString("scenario assault_carre \"A Carré charged by cavalry and assaulted by infantry\" {\n  map 12 x 12 clear\n")
	fmt.Fprintf(&w, "  turn %s\n", t.SideA)
	w.WriteString(unit("sq", t.Carre, t.SideB, t.NatB, t.CarreClass, "infantry", 6, "carre", "N", 41, "melee: 6", "0605"))
	w.WriteString(unit("drag", t.Dragoons, t.SideA, t.NatA, t.DragoonsClass, "cavalry", 4, "column", "N", 31, "mp: 8  melee: 6", "0609"))
	w.WriteString(unit("lig", t.Assault, t.SideA, t.NatA, t.AssaultClass, "infantry", 6, "column", "NW", 36, "melee: 6", "0705"))
	w.WriteString("  charge drag at sq path 0608 0607 0606\n  fire sq at drag\n  assault lig at sq\n}\n\n")

	fmt.Fprintf(&w, "// A %s battalion in line holds a %s hex behind a stream; a %s\n// battalion fires on it and assaults across the stream.\n", title(t.NatB), t.Terrain, title(t.NatA))
	w.WriteString("scenario stream_assault \"A battalion in cover assaulted across a stream\" {\n  map 12 x 12 clear\n")
	fmt.Fprintf(&w, "  terrain %s 0605\n  hexside stream 0605/0606\n  turn %s\n", t.Terrain, t.SideA)
	w.WriteString(unit("def", t.Carre, t.SideB, t.NatB, t.CarreClass, "infantry", 6, "line", "S", 36, "melee: 6", "0605"))
	w.WriteString(unit("att", t.Assault, t.SideA, t.NatA, t.AssaultClass, "infantry", 6, "column", "N", 36, "melee: 6", "0606"))
	w.WriteString("  fire att at def\n  assault att at def\n}\n\n")

	fmt.Fprintf(&w, "// A %s battalion at half strength, its army at morale level 2, stands\n// against %s cavalry without trying Carré, and a second one is assaulted:\n// the stand and pre-melee checks take the charts' \"50%% Losses\" and \"Morale\n// Level\" lines where they print them.\n", title(t.NatB), title(t.NatA))
	w.WriteString("scenario shaken \"A battalion at half strength, its army shaken\" {\n  map 12 x 20 clear\n")
	fmt.Fprintf(&w, "  turn %s\n  army %s { morale_level: 2 }\n", t.SideA, t.SideB)
	w.WriteString(unit("hus", t.Hussars, t.SideA, t.NatA, t.HussarsClass, "cavalry", 4, "column", "N", 31, "mp: 8  melee: 6", "0616"))
	w.WriteString(unit("inf", t.Infantry, t.SideB, t.NatB, t.InfClass, "infantry", 3, "line", "S", 36, "start: 6  melee: 3", "0610"))
	w.WriteString(unit("def", t.Infantry2, t.SideB, t.NatB, t.InfClass, "infantry", 2, "line", "S", 36, "start: 5  melee: 2", "1005"))
	w.WriteString(unit("att", t.Assault, t.SideA, t.NatA, t.AssaultClass, "infantry", 6, "column", "N", 36, "melee: 6", "1006"))
	w.WriteString("  charge hus at inf path 0615 0614 0613 0612 0611\n  decide inf form_carre no\n  assault att at def\n}\n")

	// the ground and orders of the battle's own that its modifiers read
	terrains, hexsides, attrs := c.modifierWords("terrain"), c.modifierWords("hexside"), c.needed("attribute")
	if len(terrains)+len(hexsides)+len(attrs) > 0 || c.needs["defensive_fire_loss"] != "" {
		ground, side := t.Terrain, "stream"
		if len(terrains) > 0 {
			ground = terrains[0]
		}
		if len(hexsides) > 0 {
			side = hexsides[0]
		}
		extra := "melee: 6"
		if contains(attrs, "preserve_readiness") {
			extra += "  preserve_readiness"
		}
		fmt.Fprintf(&w, "\n// A %s battalion holds %s ground of this battle's own (%s, behind a\n// %s hexside); a %s battalion takes its defensive fire and assaults it.\n", title(t.NatB), "the", ground, side, title(t.NatA))
		if contains(attrs, "preserve_readiness") {
			w.WriteString("// The assaulting battalion preserves its readiness.\n")
		}
		w.WriteString("scenario own_ground \"An assault on the battle's own ground\" {\n  map 12 x 12 clear\n")
		fmt.Fprintf(&w, "  terrain %s 0605\n  hexside %s 0605/0606\n  turn %s\n", ground, side, t.SideA)
		w.WriteString(unit("def", t.Carre, t.SideB, t.NatB, t.CarreClass, "infantry", 6, "line", "S", 36, "melee: 6", "0605"))
		w.WriteString(unit("att", t.Assault, t.SideA, t.NatA, t.AssaultClass, "infantry", 6, "column", "N", 36, extra, "0606"))
		w.WriteString("  fire def at att\n  assault att at def\n}\n")
	}
	return w.String(), nil
}

func title(nat string) string {
	if nat == "" {
		return nat
	}
	return strings.ToUpper(nat[:1]) + nat[1:]
}

// modifierWords are the battle words of a kind a modifier reads (needed,
// less those only the movement chart declares).
func (c *conv) modifierWords(kind string) []string {
	var out []string
	for _, id := range c.needed(kind) {
		if !c.moveWords[id] {
			out = append(out, id)
		}
	}
	return out
}
