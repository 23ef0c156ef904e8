package interpreter

import (
	"fmt"
	"strings"

	"github.com/bataille/bataille/dsl"
)

// RollTable rolls on a table: picks the first column whose condition holds,
// rolls, applies the modifier within its declared bounds, reads the row and
// fires the outcome hook (`TABLE.OUTCOME`). unit, when not nil, is bound as
// `unit` for the columns and the outcome.
func (e *Engine) RollTable(r *dsl.RuleDef, name string, mod int, unit *Unit) error {
	tc, err := e.tableCode(name)
	if err != nil {
		return err
	}
	t := tc.table
	mark := len(e.saved)
	defer e.restoreTo(mark)
	if unit != nil {
		e.set(e.comp.unit, unit)
	}
	ci, err := e.column(r, tc)
	if err != nil {
		return err
	}
	col := t.Columns[ci]
	mods, sum, err := e.modifiers(r, tc.mods, mod)
	if err != nil {
		return err
	}
	mod = e.boundModifier(t.Roll, sum)
	natural, err := e.roll(t.Roll.Dice, mod, col, nil, 0)
	if err != nil {
		return err
	}
	result := t.Roll.Dice.Modify(natural, mod)
	ri := -1
	for i := range col.Rows {
		if result >= col.Rows[i].Lo && result <= col.Rows[i].Hi {
			ri = i
			break
		}
	}
	if ri < 0 {
		return fmt.Errorf("table %s: no row for %d", name, result)
	}
	row := &col.Rows[ri]
	if !e.cfg.NoTrace {
		rl := Roll{Dice: t.Roll.Dice.String(), Natural: natural, Sum: sum, Modifier: mod, Result: result, Column: ci}
		ev := Event{Kind: "roll", Rule: r.ID, Cite: e.Module.CiteLine(t.Cite), Table: name, Row: row.RangeString(), Outcome: row.Outcome,
			Dice: diceText(rl, mods), Mods: mods, Roll: rl}
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
		e.Emit(ev)
	}
	if err := e.outcome(row.Hook, tc.rows[ci][ri], result, natural, mod, row.Result, row.Amount, row.Amount2); err != nil {
		return err
	}
	// What else the same roll decides (a leader hit) runs after the
	// outcome's rules, with the same names (none when no rule listens).
	return e.outcome(t.RolledHook, tc.rolled, result, natural, mod, row.Result, row.Amount, row.Amount2)
}

// column picks the column of a table, by its index: the one whose keys'
// values match, or the first whose condition holds.
func (e *Engine) column(r *dsl.RuleDef, tc *rollCode) (int, error) {
	t := tc.table
	if len(t.Keys) > 0 {
		vals := e.keyVals[:0]
		for _, k := range tc.keys {
			v, err := e.rollValue(r, k)
			if err != nil {
				return 0, err
			}
			if f, isFloat := v.(float64); isFloat && f == float64(int(f)) {
				v = int(f)
			}
			vals = append(vals, v)
		}
		e.keyVals = vals
		e.Board.Spend(len(t.Columns)) // the columns' cells looked at
		for i, c := range t.Columns {
			if c.MatchesKeys(vals) {
				return i, nil
			}
		}
		parts := make([]string, len(vals))
		for i, v := range vals {
			parts[i] = fmt.Sprintf("%s = %v", t.Keys[i].Source, v)
		}
		return 0, fmt.Errorf("table %s has no column for %s", t.Name, strings.Join(parts, ", "))
	}
	for i, c := range t.Columns {
		if c.When == nil {
			return i, nil
		}
		ok, err := e.rollTest(r, tc.when[i])
		if err != nil {
			return 0, err
		}
		if ok {
			return i, nil
		}
	}
	return 0, fmt.Errorf("table %s: no column's condition holds", t.Name)
}

// modifiers adds up the named modifiers of a roll that apply, after the
// rule's own (the roll's modifier argument). The list of those that applied
// is made only when the engine keeps a trace.
func (e *Engine) modifiers(r *dsl.RuleDef, defs []modCode, own int) ([]Mod, int, error) {
	var mods []Mod
	tracing := !e.cfg.NoTrace
	if own != 0 && tracing {
		mods = append(mods, Mod{Name: r.ID, Title: "rule " + r.ID, Value: own})
	}
	sum := own
	for i := range defs {
		mc := &defs[i]
		m := mc.def
		if m.When != nil {
			ok, err := e.rollTest(r, mc.when)
			if err != nil {
				return nil, 0, err
			}
			if !ok {
				continue
			}
		}
		v, err := e.rollValue(r, mc.value)
		if err != nil {
			return nil, 0, err
		}
		n := int(ToFloat(v))
		if n == 0 {
			continue
		}
		sum += n
		if tracing {
			mods = append(mods, Mod{Name: m.Name, Title: m.Label(), Value: n, Cite: e.Module.CiteLine(m.Cite), Placeholder: m.Placeholder})
		}
	}
	return mods, sum, nil
}

// RollCheck rolls a check for unit: the modified roll against the
// threshold, in the check's stated direction; fires `name.pass` or
// `name.fail`.
func (e *Engine) RollCheck(r *dsl.RuleDef, name string, unit *Unit, mod int) error {
	cc, err := e.checkCode(name)
	if err != nil {
		return err
	}
	c := cc.check
	mark := len(e.saved)
	defer e.restoreTo(mark)
	if unit != nil {
		e.set(e.comp.unit, unit)
	}
	th, err := e.rollValue(r, cc.threshold)
	if err != nil {
		return err
	}
	threshold := int(ToFloat(th))
	mods, sum, err := e.modifiers(r, cc.mods, mod)
	if err != nil {
		return err
	}
	mod = e.boundModifier(c.Roll, sum)
	natural, err := e.roll(c.Roll.Dice, mod, nil, c, threshold)
	if err != nil {
		return err
	}
	result := c.Roll.Dice.Modify(natural, mod)
	outcome, hook, rules, boxed := "fail", c.FailHook, cc.fail, boxedFail
	if c.Passes(result, threshold) {
		outcome, hook, rules, boxed = "pass", c.PassHook, cc.pass, boxedPass
	}
	if !e.cfg.NoTrace {
		title := c.Title
		if title == "" {
			title = name
		}
		th := threshold // moved to the heap only when traced
		rl := Roll{Dice: c.Roll.Dice.String(), Natural: natural, Sum: sum, Modifier: mod, Result: result, Threshold: &th}
		ev := Event{Kind: "roll", Rule: r.ID, Cite: e.Module.CiteLine(c.Cite), Table: name, Outcome: outcome, Dice: diceText(rl, mods), Mods: mods, Roll: rl,
			Text: fmt.Sprintf("%s: %d must be %s %d → %s", title, result, dirWords[c.Direction], threshold, outcome)}
		if unit != nil {
			ev.Unit, ev.Hex = unit.ID, unit.Hex.String()
		}
		e.Emit(ev)
	}
	return e.outcome(hook, rules, result, natural, mod, boxed, threshold, 0)
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

// diceText writes a roll as a referee says it (the trace's Dice): the
// dice, each modifier that applied by name, and the result (`d66 41,
// Leader -6, Light cavalry +3 → 34`), with the bound the sum was held to if
// it was. Tools read the Roll and Mods it is written from.
func diceText(r Roll, mods []Mod) string {
	if len(mods) == 0 && r.Modifier == 0 {
		return fmt.Sprintf("%s %d", r.Dice, r.Natural)
	}
	var b strings.Builder
	fmt.Fprintf(&b, "%s %d", r.Dice, r.Natural)
	for _, m := range mods {
		fmt.Fprintf(&b, ", %s %+d", m.Title, m.Value)
	}
	if r.Held() {
		fmt.Fprintf(&b, " (held to %+d)", r.Modifier)
	}
	fmt.Fprintf(&b, " → %d", r.Result)
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
func (e *Engine) outcome(hook string, rules []*ruleCode, roll, natural, mod int, result, value, value2 any) error {
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

// A check's outcomes as interface values, made once.
var boxedPass, boxedFail any = "pass", "fail"

// rollCode is a table or a check with what a roll on it needs found once
// per engine, the first time it is rolled: the closures of its expressions
// and the rules of its outcomes, so that a roll looks up the table's name
// and nothing else, instead of every outcome's hook by name and every key,
// column and modifier by its expression.
type rollCode struct {
	table *dsl.TableDef
	check *dsl.CheckDef
	keys  []rollExpr // a table's keys, in order
	when  []rollExpr // a table's columns' conditions
	mods  []modCode
	// rows holds the rules of each row's outcome, by column and row.
	rows       [][][]*ruleCode
	rolled     []*ruleCode // the table's RolledHook
	threshold  rollExpr
	pass, fail []*ruleCode // a check's outcomes
}

// rollExpr is an expression of a table or a check with its code (nil:
// none), found once; rollValue and rollTest run it as eval and evalBool
// would.
type rollExpr struct{ x *exprCode }

func (e *Engine) rollExprOf(p *dsl.Program) rollExpr {
	if p == nil {
		return rollExpr{}
	}
	return rollExpr{e.exprOf(p)}
}

func (e *Engine) rollValue(r *dsl.RuleDef, x rollExpr) (any, error) {
	return e.value(r, x.x)
}

func (e *Engine) rollTest(r *dsl.RuleDef, x rollExpr) (bool, error) {
	return e.test(r, x.x)
}

// modCode is a modifier with its closures.
type modCode struct {
	def         *dsl.ModifierDef
	when, value rollExpr
}

func (e *Engine) modCodes(defs []*dsl.ModifierDef) []modCode {
	out := make([]modCode, len(defs))
	for i, m := range defs {
		out[i] = modCode{def: m, when: e.rollExprOf(m.When), value: e.rollExprOf(m.Value)}
	}
	return out
}

// tableCode is the table's rollCode, made the first time it is rolled.
func (e *Engine) tableCode(name string) (*rollCode, error) {
	if tc, ok := e.tables[name]; ok {
		return tc, nil
	}
	t, ok := e.Module.Tables[name]
	if !ok {
		return nil, fmt.Errorf("unknown table %q", name)
	}
	named := e.comp.named
	tc := &rollCode{table: t, mods: e.modCodes(t.Modifiers), rolled: named[t.RolledHook],
		keys: make([]rollExpr, len(t.Keys)), when: make([]rollExpr, len(t.Columns)),
		rows: make([][][]*ruleCode, len(t.Columns))}
	for i, k := range t.Keys {
		tc.keys[i] = e.rollExprOf(k.Prog)
	}
	for i, c := range t.Columns {
		tc.when[i] = e.rollExprOf(c.When)
		tc.rows[i] = make([][]*ruleCode, len(c.Rows))
		for j := range c.Rows {
			tc.rows[i][j] = named[c.Rows[j].Hook]
		}
	}
	if e.tables == nil {
		e.tables = map[string]*rollCode{}
	}
	e.tables[name] = tc
	return tc, nil
}

// checkCode is the check's rollCode, made the first time it is rolled.
func (e *Engine) checkCode(name string) (*rollCode, error) {
	if cc, ok := e.checks[name]; ok {
		return cc, nil
	}
	c, ok := e.Module.Checks[name]
	if !ok {
		return nil, fmt.Errorf("unknown check %q", name)
	}
	cc := &rollCode{check: c, mods: e.modCodes(c.Modifiers), threshold: e.rollExprOf(c.Threshold),
		pass: e.comp.named[c.PassHook], fail: e.comp.named[c.FailHook]}
	if e.checks == nil {
		e.checks = map[string]*rollCode{}
	}
	e.checks[name] = cc
	return cc, nil
}
