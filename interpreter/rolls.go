package interpreter

import (
	"fmt"

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
		e.setVar("unit", unit)
	}
	var col *dsl.ColumnDef
	for _, c := range t.Columns {
		if c.When == nil {
			col = c
			break
		}
		ok, err := e.evalBool(r, c.When)
		if err != nil {
			return err
		}
		if ok {
			col = c
			break
		}
	}
	if col == nil {
		return fmt.Errorf("table %s: no column's condition holds", name)
	}
	mod = e.boundModifier(t.Roll, mod)
	natural := rollDice(e.dice, t.Roll.Dice)
	result := t.Roll.Dice.Modify(natural, mod)
	row, ok := col.Lookup(result)
	if !ok {
		return fmt.Errorf("table %s: no row for %d", name, result)
	}
	if !e.cfg.NoTrace {
		ev := Event{Kind: "roll", Rule: r.ID, Cite: joinCite(t.Cite), Table: name, Row: row.RangeString(), Outcome: row.Outcome,
			Dice: diceText(t.Roll.Dice, natural, mod, result)}
		title := t.Title
		if title == "" {
			title = name
		}
		if col.Title != "" {
			title += " (" + col.Title + ")"
		}
		ev.Text = fmt.Sprintf("%s: %s → %s", title, row.RangeString(), row.Outcome)
		if row.HasValue {
			ev.Text += fmt.Sprintf(" %d", row.Value)
		}
		if e.subject != nil {
			ev.Unit, ev.Hex = e.subject.ID, e.subject.Hex.String()
		}
		if unit != nil {
			ev.Unit, ev.Hex = unit.ID, unit.Hex.String()
		}
		e.emit(ev)
	}
	return e.outcome(row.Hook, result, natural, mod, row.Result, row.Amount)
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
		e.setVar("unit", unit)
	}
	th, err := e.eval(r, c.Threshold)
	if err != nil {
		return err
	}
	threshold := int(toFloat(th))
	mod = e.boundModifier(c.Roll, mod)
	natural := rollDice(e.dice, c.Roll.Dice)
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
		ev := Event{Kind: "roll", Rule: r.ID, Cite: joinCite(c.Cite), Table: name, Outcome: outcome, Dice: diceText(c.Roll.Dice, natural, mod, result),
			Text: fmt.Sprintf("%s: %d must be %s %d → %s", title, result, dirWords[c.Direction], threshold, outcome)}
		if unit != nil {
			ev.Unit, ev.Hex = unit.ID, unit.Hex.String()
		}
		e.emit(ev)
	}
	return e.outcome(hook, result, natural, mod, boxedOutcome[outcome], threshold)
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

func diceText(d dsl.Dice, natural, mod, result int) string {
	if mod == 0 {
		return fmt.Sprintf("%s %d", d, natural)
	}
	return fmt.Sprintf("%s %d%+d=%d", d, natural, mod, result)
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
func (e *Engine) outcome(hook string, roll, natural, mod int, result, value any) error {
	e.setVar("roll", roll)
	e.setVar("natural", natural)
	e.setVar("modifier", mod)
	e.setVar("result", result)
	e.setVar("value", value)
	_, _, err := e.fire(hook)
	return err
}

// boxedOutcome holds a check's outcomes as interface values, made once.
var boxedOutcome = map[string]any{"pass": "pass", "fail": "fail"}
