package bataille

import (
	"fmt"
	"sort"
	"strings"

	"github.com/bataille/bataille/dsl"
)

// CheckUnder checks a scenario written for one battle against the words of
// another it is to be played under (`simulate --rules OTHER`): every word
// its units and map use (nationality, formation, arm, class, state,
// terrain, hexside, attribute) must be one OTHER declares, or a roll would
// find no column for it in the middle of the sweep. The errors are
// positioned in the scenario's file and name the words OTHER has.
func CheckUnder(other *dsl.Module, sd *dsl.ScenarioDef) dsl.Diagnostics {
	var diags dsl.Diagnostics
	bad := func(pos dsl.Pos, kind, word, what string) {
		words := make([]string, 0, len(other.Vocab[kind]))
		for w := range other.Vocab[kind] {
			words = append(words, w)
		}
		sort.Strings(words)
		diags = append(diags, dsl.Diagnostic{Severity: dsl.Error, Code: "unknown-under", Pos: pos, Source: lineOf(sd.Src, pos.Line),
			Message: fmt.Sprintf("%s %q is not a %s of %s, whose rules this scenario is to be played under (its words of that kind: %s)%s",
				what, word, kind, other.ID, strings.Join(words, ", "), dsl.DidYouMean(word, words))})
	}
	check := func(pos dsl.Pos, kind, word, what string) {
		if word == "" {
			return
		}
		if _, ok := other.Word(kind, word); !ok {
			bad(pos, kind, word, what)
		}
	}
	check(sd.Pos, dsl.KindTerrain, sd.DefaultTerrain, "the map's terrain")
	for _, hs := range sd.Terrain {
		if hs.Kind == "terrain" && len(hs.Hexes) > 0 {
			check(hs.Hexes[0].Pos, dsl.KindTerrain, hs.Terrain, "terrain")
		}
	}
	for _, hs := range sd.Hexsides {
		check(hs.Pos, dsl.KindHexside, hs.Name, "hexside")
	}
	for _, us := range sd.Units {
		keys := make([]string, 0, len(us.Props))
		for k := range us.Props {
			keys = append(keys, k)
		}
		sort.Strings(keys)
		for _, key := range keys {
			pv := us.Props[key]
			prop, builtin := other.Env.UnitProp(key)
			switch {
			case prop.Vocab != "":
				if len(pv.Values) == 1 {
					if w, ok := pv.Values[0].(string); ok {
						check(pv.Pos, prop.Vocab, w, "unit "+us.ID+"'s "+key)
					}
				}
			case !builtin:
				check(pv.Pos, dsl.KindAttribute, key, "unit "+us.ID+"'s attribute")
			}
		}
	}
	if dsl.Diagnostics(diags).HasErrors() {
		return diags
	}
	// The words are the other battle's: the scenario's board and orders
	// (the formations' fronts, the arms' ranges) must check under them too.
	_, ds := dsl.CheckScenario(other, sd)
	for _, d := range ds {
		if d.Severity == dsl.Error {
			diags = append(diags, d)
		}
	}
	return diags
}

// lineOf is line n (from 1) of src.
func lineOf(src string, n int) string {
	for i := 1; i < n; i++ {
		j := strings.IndexByte(src, '\n')
		if j < 0 {
			return ""
		}
		src = src[j+1:]
	}
	line, _, _ := strings.Cut(src, "\n")
	return strings.TrimRight(line, "\r")
}
