package dsl

import (
	"fmt"
	"math"
	"regexp"
	"sort"
	"strconv"
	"strings"
)

// titleParam is a param named in a title: `{melee.cavalry_on_carre}`.
var titleParam = regexp.MustCompile(`\{([A-Za-z_][A-Za-z0-9_]*(?:\.[A-Za-z_][A-Za-z0-9_]*)+)\}`)

// renderTitle writes the params a rule's title names with their values in
// this module, so that a title says the figure the battle plays
// ("Cavalry melees a Carré at ×{melee.cavalry_on_carre}" reads ×1/3 in one
// battle and ×1/2 in another) and cannot drift from it.
func (u *unit) renderTitle(title string, pos Pos) string {
	if !strings.Contains(title, "{") {
		return title
	}
	return titleParam.ReplaceAllStringFunc(title, func(m string) string {
		name := m[1 : len(m)-1]
		p, ok := u.mod.Params[name]
		if !ok {
			u.errorf(pos, "unknown-param", "the title names param %s, which is not declared%s", name, didYouMean(name, sortedKeys(u.mod.Params)))
			return m
		}
		return FigureString(p.Value)
	})
}

// FigureString writes a param's value as a rulebook prints a figure: a
// whole number, a small fraction (1/3, 3/2), or a decimal.
func FigureString(v any) string {
	f, ok := v.(float64)
	if !ok {
		return fmt.Sprint(v)
	}
	for q := 1; q <= 12; q++ {
		p := math.Round(f * float64(q))
		if math.Abs(f*float64(q)-p) < 1e-9 {
			if q == 1 {
				return strconv.FormatFloat(p, 'f', -1, 64)
			}
			return fmt.Sprintf("%d/%d", int(p), q)
		}
	}
	return strconv.FormatFloat(f, 'f', -1, 64)
}

// figureWords are the figures titles state in words, longest first so
// that "half again" is not read as "half".
var figureWords = []struct {
	words string
	value float64
}{
	{"two thirds", 2.0 / 3}, {"one third", 1.0 / 3}, {"a third", 1.0 / 3}, {"half again", 1.5},
	{"one half", 0.5}, {"half", 0.5}, {"a quarter", 0.25}, {"doubles", 2}, {"double", 2},
	{"twice", 2}, {"triples", 3}, {"triple", 3},
}

// statedFigure finds a figure a title states in words, or ok false.
func statedFigure(title string) (words string, value float64, ok bool) {
	low := strings.ToLower(title)
	for _, f := range figureWords {
		if i := strings.Index(low, f.words); i >= 0 {
			end := i + len(f.words)
			before := i == 0 || !isTitleWordByte(low[i-1])
			after := end == len(low) || !isTitleWordByte(low[end])
			if before && after {
				return f.words, f.value, true
			}
		}
	}
	return "", 0, false
}

func isTitleWordByte(b byte) bool {
	return b == '_' || b >= 'a' && b <= 'z' || b >= '0' && b <= '9'
}

// checkTitleFigures warns of a rule whose title states a figure in words
// that no number param it reads has in this module: the title of a base
// rule says "one third" where the battle sets the param to 0.5. The fix is
// a title that reads the param, `{melee.cavalry_on_carre}`. Only rules or
// params this module declares are looked at, so a base's warning is not
// repeated for every battle.
func (u *unit) checkTitleFigures() {
	for _, r := range u.mod.Rules {
		if r.ast == nil || strings.Contains(r.ast.Title, "{") {
			continue
		}
		words, stated, ok := statedFigure(r.ast.Title)
		if !ok {
			continue
		}
		read := u.numberParamsRead(r)
		if len(read) == 0 {
			continue
		}
		// The param to name is one this module sets, or else the first.
		match, ours, p := false, r.Module == u.mod.ID, read[0]
		for _, q := range read {
			f, _ := toFloat(q.Value)
			if math.Abs(f-stated) < 1e-9 {
				match = true
			}
			if q.Module == u.mod.ID && (!ours || p.Module != u.mod.ID) {
				ours, p = true, q
			}
		}
		if match || !ours {
			continue
		}
		pos := p.Pos
		if r.Module == u.mod.ID {
			pos = r.Pos
		}
		u.warnf(pos, "title-figure", "rule %s's title %q says %s, but the param it reads, %s, is %s here (module %s): write the figure as {%s} so that the title reads the param",
			r.ID, r.ast.Title, words, p.Name, FigureString(p.Value), p.Module, p.Name)
	}
}

// numberParamsRead lists the number params a rule's expressions name.
func (u *unit) numberParamsRead(r *RuleDef) []*ParamDef {
	var src strings.Builder
	for _, c := range r.Clauses {
		if c.Cond != nil {
			src.WriteString(c.Cond.Source + " ")
		}
		for _, call := range c.Calls {
			for _, a := range call.Args {
				if a != nil && a.Prog != nil {
					src.WriteString(a.Prog.Source + " ")
				}
			}
		}
	}
	text := src.String()
	var out []*ParamDef
	for _, name := range sortedKeys(u.mod.Params) {
		p := u.mod.Params[name]
		if _, isNum := toFloat(p.Value); !isNum {
			continue
		}
		for i := strings.Index(text, name); i >= 0; {
			end := i + len(name)
			if (i == 0 || !isNameByte(text[i-1])) && (end == len(text) || !isNameByte(text[end])) {
				out = append(out, p)
				break
			}
			j := strings.Index(text[end:], name)
			if j < 0 {
				break
			}
			i = end + j
		}
	}
	sort.SliceStable(out, func(i, j int) bool { return out[i].Name < out[j].Name })
	return out
}

func isNameByte(b byte) bool { return b == '.' || isTitleWordByte(b) || b >= 'A' && b <= 'Z' }

func toFloat(v any) (float64, bool) {
	switch x := v.(type) {
	case int:
		return float64(x), true
	case float64:
		return x, true
	}
	return 0, false
}
