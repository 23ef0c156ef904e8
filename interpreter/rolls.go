package interpreter

import (
	"fmt"
	"strings"

	"github.com/bataille/bataille/dsl"
)

// RollTable rolls on a table: picks the first column whose condition holds,
// rolls, applies the modifier within its declared bounds, reads the row and
// fires the outcome hook (`recall.fail`). unit, when not nil, is bound as
// `unit` for the columns and the outcome.
func (e *Engine) RollTable(r *dsl.RuleDef, name string, mod int, unit *Unit) error {
	t, ok := e.Module.Tables[name]
	if !ok {
		return fmt.Errorf("unknown table %q", name)
	}
	mark := len(e.saved)
	defer e.restoreTo(mark)
	if unit != nil {
		e.set(e.comp.unit, unit)
	}
	col, err := e.column(r, t)
	if err != nil {
		return err
	}
	mods, sum, err := e.modifiers(r, t.Modifiers, mod)
	if err != nil {
		return err
	}
	mod = e.boundModifier(t.Roll, sum)
	natural, err := e.roll(t.Roll.Dice, mod, col, nil, 0)
	if err != nil {
		return err
	}
	result := t.Roll.Dice.Modify(natural, mod)
	row, ok := col.Lookup(result)
	if !ok {
		return fmt.Errorf("table %s: no row for %d", name, result)
	}
	if !e.cfg.NoTrace {
		ev := Event{Kind: "roll", Rule: r.ID, Cite: joinCite(t.Cite), Table: name, Row: row.RangeString(), Outcome: row.Outcome,
			Dice: diceText(t.Roll.Dice, natural, mods, sum, mod, result), Mods: mods}
		title := t.Title
		if title == "" {
			title = name
		}
		ev.Column = col.Name()
		if ev.Column != "" {
			title += " (" + ev.Column + ")"
		}
		ev.Text = fmt.Sprintf("%s: %s → %s", title, row.RangeString(), row.Outcome)
		if row.HasValue {
			ev.Text += fmt.Sprintf(" %d", row.Value)
		}
		if row.HasValue2 {
			ev.Text += fmt.Sprintf(" %d", row.Value2)
		}
		if e.subject != nil {
			ev.Unit, ev.Hex = e.subject.ID, e.subject.Hex.String()
		}
		if unit != nil {
			ev.Unit, ev.Hex = unit.ID, unit.Hex.String()
		}
		e.emit(ev)
	}
	if err := e.outcome(row.Hook, result, natural, mod, row.Result, row.Amount, row.Amount2); err != nil {
		return err
	}
	// What else the same roll decides (a leader hit) runs after the
	// outcome's rules, with the same names (none when no rule listens).
	return e.outcome(t.RolledHook, result, natural, mod, row.Result, row.Amount, row.Amount2)
}

// column picks the column of a table: the one whose keys' values match, or
// the first whose condition holds.
func (e *Engine) column(r *dsl.RuleDef, t *dsl.TableDef) (*dsl.ColumnDef, error) {
	if len(t.Keys) > 0 {
		vals := e.keyVals[:0]
		for _, k := range t.Keys {
			v, err := e.eval(r, k.Prog)
			if err != nil {
				return nil, err
			}
			if f, isFloat := v.(float64); isFloat && f == float64(int(f)) {
				v = int(f)
			}
			vals = append(vals, v)
		}
		e.keyVals = vals
		e.Board.charge(len(t.Columns)) // the columns' cells looked at
		for _, c := range t.Columns {
			if c.MatchesKeys(vals) {
				return c, nil
			}
		}
		parts := make([]string, len(vals))
		for i, v := range vals {
			parts[i] = fmt.Sprintf("%s = %v", t.Keys[i].Source, v)
		}
		return nil, fmt.Errorf("table %s has no column for %s", t.Name, strings.Join(parts, ", "))
	}
	for _, c := range t.Columns {
		if c.When == nil {
			return c, nil
		}
		ok, err := e.evalBool(r, c.When)
		if err != nil {
			return nil, err
		}
		if ok {
			return c, nil
		}
	}
	return nil, fmt.Errorf("table %s: no column's condition holds", t.Name)
}

// modifiers adds up the named modifiers of a roll that apply, after the
// rule's own (the roll's modifier argument). The list of those that applied
// is made only when the engine keeps a trace.
func (e *Engine) modifiers(r *dsl.RuleDef, defs []*dsl.ModifierDef, own int) ([]Mod, int, error) {
	var mods []Mod
	tracing := !e.cfg.NoTrace
	if own != 0 && tracing {
		mods = append(mods, Mod{Name: r.ID, Title: "rule " + r.ID, Value: own})
	}
	sum := own
	for _, m := range defs {
		if m.When != nil {
			ok, err := e.evalBool(r, m.When)
			if err != nil {
				return nil, 0, err
			}
			if !ok {
				continue
			}
		}
		v, err := e.eval(r, m.Value)
		if err != nil {
			return nil, 0, err
		}
		n := int(ToFloat(v))
		if n == 0 {
			continue
		}
		sum += n
		if tracing {
			mods = append(mods, Mod{Name: m.Name, Title: m.Label(), Value: n, Cite: joinCite(m.Cite), Placeholder: m.Placeholder})
		}
	}
	return mods, sum, nil
}

// RollCheck rolls a check for unit: the modified roll against the
// threshold, in the check's stated direction; fires `name.pass` or
// `name.fail`.
func (e *Engine) RollCheck(r *dsl.RuleDef, name string, unit *Unit, mod int) error {
	c, ok := e.Module.Checks[name]
	if !ok {
		return fmt.Errorf("unknown check %q", name)
	}
	mark := len(e.saved)
	defer e.restoreTo(mark)
	if unit != nil {
		e.set(e.comp.unit, unit)
	}
	th, err := e.eval(r, c.Threshold)
	if err != nil {
		return err
	}
	threshold := int(ToFloat(th))
	mods, sum, err := e.modifiers(r, c.Modifiers, mod)
	if err != nil {
		return err
	}
	mod = e.boundModifier(c.Roll, sum)
	natural, err := e.roll(c.Roll.Dice, mod, nil, c, threshold)
	if err != nil {
		return err
	}
	result := c.Roll.Dice.Modify(natural, mod)
	outcome, hook := "fail", c.FailHook
	if c.Passes(result, threshold) {
		outcome, hook = "pass", c.PassHook
	}
	if !e.cfg.NoTrace {
		title := c.Title
		if title == "" {
			title = name
		}
		ev := Event{Kind: "roll", Rule: r.ID, Cite: joinCite(c.Cite), Table: name, Outcome: outcome, Dice: diceText(c.Roll.Dice, natural, mods, sum, mod, result), Mods: mods,
			Text: fmt.Sprintf("%s: %d must be %s %d → %s", title, result, dirWords[c.Direction], threshold, outcome)}
		if unit != nil {
			ev.Unit, ev.Hex = unit.ID, unit.Hex.String()
		}
		e.emit(ev)
	}
	return e.outcome(hook, result, natural, mod, boxedOutcome[outcome], threshold, 0)
}

var dirWords = map[string]string{"above": "above", "below": "below", "at_least": "at least", "at_most": "at most"}

// boundModifier keeps a modifier within the bounds the roll declares, which
// are what the checker proved the table covers.
func (e *Engine) boundModifier(spec dsl.RollSpec, mod int) int {
	if !spec.HasModifier {
		if mod != 0 {
			if e.Tracing() {
				e.Note(nil, "modifier %+d ignored: the roll %s takes none", mod, spec)
			}
		}
		return 0
	}
	b := max(spec.ModLo, min(spec.ModHi, mod))
	if b != mod {
		if e.Tracing() {
			e.Note(nil, "modifier %+d held to %+d, the bound of %s", mod, b, spec)
		}
	}
	return b
}

// diceText writes a roll as a referee says it: the dice, each modifier
// that applied by name, and the result (`d66 41, Leader -6, Light cavalry
// +3 → 34`), with the bound the sum was held to if it was.
func diceText(d dsl.Dice, natural int, mods []Mod, sum, applied, result int) string {
	if len(mods) == 0 && applied == 0 {
		return fmt.Sprintf("%s %d", d, natural)
	}
	var b strings.Builder
	fmt.Fprintf(&b, "%s %d", d, natural)
	for _, m := range mods {
		fmt.Fprintf(&b, ", %s %+d", m.Title, m.Value)
	}
	if applied != sum {
		fmt.Fprintf(&b, " (held to %+d)", applied)
	}
	fmt.Fprintf(&b, " → %d", result)
	return b.String()
}

func joinCite(c []string) string {
	out := ""
	for i, s := range c {
		if i > 0 {
			out += "; "
		}
		out += s
	}
	return out
}

// outcome offers the roll to the outcome hook's rules (dsl.OutcomeVars) and
// runs them; the caller puts the names back when it returns.
func (e *Engine) outcome(hook string, roll, natural, mod int, result, value, value2 any) error {
	rules := e.comp.named[hook]
	if len(rules) == 0 {
		return nil // no rule reads them
	}
	s := &e.comp.outcome
	e.setInt(s.roll, roll)
	e.setInt(s.natural, natural)
	e.setInt(s.modifier, mod)
	e.set(s.result, result)
	e.set(s.value, value)
	e.set(s.value2, value2)
	_, _, err := e.run(hook, rules, len(e.saved), e.subject)
	return err
}

// boxedOutcome holds a check's outcomes as interface values, made once.
var boxedOutcome = map[string]any{"pass": "pass", "fail": "fail"}
