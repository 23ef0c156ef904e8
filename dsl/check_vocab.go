package dsl

import (
	"fmt"
	"sort"
	"strings"
)

var vocabKinds = []string{KindTerrain, KindFormation, KindArm, KindState, KindNationality, KindClass, KindHexside, KindAttribute, KindArmy}

// propKind says what a vocabulary property takes.
type propKind struct {
	what  string // "flag", "number", "word", "words"
	words string // for word(s): a vocabulary kind, or a fixed list "a|b|c"
	doc   string
}

// vocabSchema lists the properties each kind of word may have. The engine
// reads these; anything else is a typo, reported with a suggestion.
var vocabSchema = map[string]map[string]propKind{
	KindTerrain: {
		"cost":       {what: "number", doc: "movement points to enter"},
		"no_charge":  {what: "flag", doc: "cavalry may not charge into or through it"},
		"blocks_los": {what: "flag", doc: "blocks line of sight through the hex"},
	},
	KindFormation: {
		"fronts":           {what: "number", doc: "front hexsides: 1, 2 (a line), 3 or 6 (faces every hex)"},
		"morale":           {what: "number", doc: "added to the unit's morale value"},
		"zdi":              {what: "word", words: "front|self|none", doc: "where the formation projects its Zd'I"},
		"arms":             {what: "words", words: KindArm, doc: "the arms that may adopt it"},
		"change_cost":      {what: "number", doc: "movement points to change into it"},
		"stack_increments": {what: "number", doc: "most increments a hex in this formation may hold"},
		"stack_regiment":   {what: "flag", doc: "one regiment may exceed stack_increments"},
		"hexes":            {what: "number", doc: "hexes the unit covers (2 for a two-hex line)"},
		"refused_flank":    {what: "flag", doc: "a flank hexside counts as a front while a friend projects Zd'I into the hex beyond it, in melee and wherever a side is read (hexside_to)"},
	},
	KindArm: {
		"mounted": {what: "flag", doc: "cavalry: may charge"},
		"guns":    {what: "flag", doc: "artillery: limbers and unlimbers"},
		"fire":    {what: "number", doc: "fire multiple per increment"},
		"mp":      {what: "number", doc: "movement allowance of a unit of this arm whose scenario gives none"},
		"range":   {what: "number", doc: "most hexes a unit of this arm fires (no limit when absent)"},
	},
	KindNationality: {},
	KindClass: {
		"arm": {what: "word", words: KindArm, doc: "the arm units of this class are; besides, every attribute the module declares is a flag its units then have (uhlans { lancer })"},
	},
	KindAttribute: {},
	KindArmy: {
		"start": {what: "number", doc: "its value when a scenario begins (0 when not given); a scenario's `army SIDE { NAME: N }` gives one side another"},
		"min":   {what: "number", doc: "the least it may be: set_army and add_army stop there (no bound when not given)"},
		"max":   {what: "number", doc: "the most it may be"},
	},
	KindHexside: {
		"cost":       {what: "number", doc: "movement points added to cross it (cost_ARM for one arm: cost_cavalry)"},
		"blocks_los": {what: "flag", doc: "blocks line of sight across it"},
	},
	KindState: {
		"fire":   {what: "number", doc: "multiplier of fire value"},
		"melee":  {what: "number", doc: "multiplier of melee value"},
		"move":   {what: "number", doc: "multiplier of movement"},
		"routed": {what: "flag", doc: "the unit is routed (PGD)"},
		"good":   {what: "flag", doc: "the unit is in good order"},
	},
}

// VocabSchema describes the properties of a kind of word, for docs.
func VocabSchema(kind string) map[string]string {
	out := map[string]string{}
	for k, p := range vocabSchema[kind] {
		out[k] = p.doc
	}
	return out
}

// checkVocab checks the properties of the words this module declares.
func (u *unit) checkVocab() {
	for _, kind := range vocabKinds {
		schema := vocabSchema[kind]
		for _, name := range sortedKeys(u.mod.Vocab[kind]) {
			w := u.mod.Vocab[kind][name]
			if w.Module != u.mod.ID {
				continue
			}
			keys := make([]string, 0, len(w.Props))
			for k := range w.Props {
				keys = append(keys, k)
			}
			sort.Strings(keys)
			for _, key := range keys {
				pos := w.PropPos[key]
				pk, ok := schema[key]
				if !ok && kind == KindTerrain && strings.HasPrefix(key, "cost_") {
					if _, isFormation := u.mod.Vocab[KindFormation][strings.TrimPrefix(key, "cost_")]; isFormation {
						pk, ok = propKind{what: "number"}, true
					}
				}
				if _, isAttr := u.mod.Vocab[KindAttribute][key]; !ok && kind == KindClass && isAttr {
					// A class gives its units the attributes it names.
					pk, ok = propKind{what: "flag"}, true
				}
				if !ok && kind == KindHexside && strings.HasPrefix(key, "cost_") {
					if _, isArm := u.mod.Vocab[KindArm][strings.TrimPrefix(key, "cost_")]; isArm {
						pk, ok = propKind{what: "number"}, true
					}
				}
				if !ok {
					known := make([]string, 0, len(schema))
					for k := range schema {
						known = append(known, k)
					}
					if kind == KindClass {
						known = append(known, u.names(KindAttribute)...)
					}
					sort.Strings(known)
					var hint any = didYouMean(key, known)
					if arm, isCost := strings.CutPrefix(key, "cost_"); isCost && kind == KindHexside {
						hint = fmt.Sprintf(": cost_ARM names an arm, and there is no arm %q%s", arm, didYouMean(arm, u.names(KindArm)))
					}
					u.errorf(pos, "unknown-property", "%s has no property %q%s", kind, key, hint)
					continue
				}
				if msg, hint := u.propMismatch(pk, w.Props[key]); msg != "" {
					u.errorf(pos, "bad-property", "%s %s: %s %s%s", kind, w.Name, key, msg, hint)
				} else if kind == KindArmy {
					if _, whole := w.Props[key][0].(int); !whole {
						u.errorf(pos, "bad-property", "army %s: %s takes a whole number", w.Name, key)
					}
				}
			}
			if kind == KindArmy {
				lo, hi := w.Bounds()
				if start := w.Int("start", 0); lo > hi || start < lo || start > hi {
					var parts []string
					for _, k := range []string{"min", "start", "max"} {
						if k == "start" || len(w.Props[k]) > 0 {
							parts = append(parts, fmt.Sprintf("%s %d", k, w.Int(k, 0)))
						}
					}
					u.errorf(w.Pos, "out-of-range", "army %s: %s must run from least to most (start is 0 when not given)", w.Name, strings.Join(parts, ", "))
				}
			}
		}
	}
}

// propMismatch says what is wrong with a property's values, and the word
// meant when one is misspelt; nothing when they fit.
func (u *unit) propMismatch(pk propKind, vals []any) (string, suggestion) {
	switch pk.what {
	case "flag":
		if len(vals) != 1 {
			return "is a flag: write it alone, or `: true` / `: false`", suggestion{}
		}
		if _, ok := vals[0].(bool); !ok {
			return "is a flag: write it alone, or `: true` / `: false`", suggestion{}
		}
	case "number":
		if len(vals) != 1 {
			return "takes one number", suggestion{}
		}
		switch vals[0].(type) {
		case int, float64:
		default:
			return "takes one number", suggestion{}
		}
	case "word", "words":
		if pk.what == "word" && len(vals) != 1 {
			return "takes one word", suggestion{}
		}
		for _, v := range vals {
			s, ok := v.(string)
			if !ok {
				return "takes words", suggestion{}
			}
			if strings.Contains(pk.words, "|") {
				if !contains(strings.Split(pk.words, "|"), s) {
					return fmt.Sprintf("is one of %s; got %q", strings.ReplaceAll(pk.words, "|", ", "), s), suggestion{}
				}
			} else if _, ok := u.mod.Vocab[pk.words][s]; !ok {
				return fmt.Sprintf("names an unknown %s %q", pk.words, s), didYouMean(s, u.names(pk.words))
			}
		}
	}
	return "", suggestion{}
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}
