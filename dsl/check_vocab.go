package dsl

import (
	"fmt"
	"sort"
	"strings"
)

var vocabKinds = []string{KindTerrain, KindFormation, KindArm, KindState, KindNationality, KindClass, KindHexside, KindAttribute, KindArmy}

// Property says what a property of a kind of word takes: What is "flag",
// "number", "word" or "words"; Words, for a word or words, a vocabulary
// kind or a fixed list "a|b|c"; Doc what it means. The checker knows a
// kind's properties only from its Env (Env.Properties), which the engine
// and its procedures fill with those they read.
type Property struct {
	What, Words, Doc string
}

// VocabSchema describes the properties of a kind of word, for docs and
// completion.
func (e *Env) VocabSchema(kind string) map[string]string {
	out := map[string]string{}
	for k, p := range e.Properties[kind] {
		out[k] = p.Doc
	}
	return out
}

// checkVocab checks the properties of the words this module declares.
func (u *unit) checkVocab() {
	for _, kind := range vocabKinds {
		schema := u.env.Properties[kind]
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
						pk, ok = Property{What: "number"}, true
					}
				}
				if _, isAttr := u.mod.Vocab[KindAttribute][key]; !ok && kind == KindClass && isAttr {
					// A class gives its units the attributes it names.
					pk, ok = Property{What: "flag"}, true
				}
				if !ok && kind == KindHexside && strings.HasPrefix(key, "cost_") {
					if _, isArm := u.mod.Vocab[KindArm][strings.TrimPrefix(key, "cost_")]; isArm {
						pk, ok = Property{What: "number"}, true
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
func (u *unit) propMismatch(pk Property, vals []any) (string, suggestion) {
	switch pk.What {
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
		if pk.What == "word" && len(vals) != 1 {
			return "takes one word", suggestion{}
		}
		for _, v := range vals {
			s, ok := v.(string)
			if !ok {
				return "takes words", suggestion{}
			}
			if strings.Contains(pk.Words, "|") {
				if !contains(strings.Split(pk.Words, "|"), s) {
					return fmt.Sprintf("is one of %s; got %q", strings.ReplaceAll(pk.Words, "|", ", "), s), suggestion{}
				}
			} else if _, ok := u.mod.Vocab[pk.Words][s]; !ok {
				return fmt.Sprintf("names an unknown %s %q", pk.Words, s), didYouMean(s, u.names(pk.Words))
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
