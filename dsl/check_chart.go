package dsl

import (
	"fmt"
	"maps"
	"reflect"
	"sort"
	"strconv"
	"strings"

	"github.com/expr-lang/expr/ast"
	"github.com/expr-lang/expr/builtin"
)

// This file checks what printed charts are made of: named modifiers of a
// roll, tables whose columns are chosen by keys, and charts that are read
// rather than rolled; and it holds the words an expression compares with
// to the declared vocabulary.

// maxCombinations bounds the key combinations a table or chart is proved
// over: the product of its keys' domains.
const maxCombinations = 100_000

func (u *unit) modifier(d *Decl) {
	m := d.Modifier
	pos := position(m.Pos)
	name := strings.Join(m.Name.Parts, ".")
	if len(m.Name.Parts) < 2 {
		u.errorf(pos, "bad-modifier", "a modifier is named after its table or check: `modifier %s.NAME`", name)
		return
	}
	idx, ok := claimListed(u, u.mod.Modifiers, func(x *ModifierDef) (string, string) { return x.Name, x.Module }, KindModifier, name, pos, d)
	if !ok {
		return
	}
	u.mod.Modifiers = putListed(u.mod.Modifiers, idx, &ModifierDef{Name: name, Target: m.Name.Parts[0], Title: m.Title, Cite: m.Cite, Origin: u.origin(pos, d), ast: m})
}

func (u *unit) chart(d *Decl) {
	c := d.Chart
	pos := position(c.Pos)
	if !u.claim(KindChart, c.Name, pos, d) {
		return
	}
	u.mod.Charts[c.Name] = &ChartDef{Name: c.Name, Title: c.Title, Cite: c.Cite, Origin: u.origin(pos, d), ast: c}
}

// checkCharts works out the domain of each chart this module declares and
// proves that every combination of its keys has exactly one value. It runs
// before any expression is compiled: expressions call charts.
func (u *unit) checkCharts() {
	for _, name := range sortedKeys(u.mod.Charts) {
		c := u.mod.Charts[name]
		if c.Module != u.mod.ID {
			u.chartNewWords(c)
			continue
		}
		funcs := map[string]bool{}
		for _, f := range u.env.Functions {
			funcs[f.Name] = true
		}
		if funcs[name] {
			u.errorf(c.Pos, "duplicate", "chart %s has the name of a function of the language", name)
			delete(u.mod.Charts, name)
			continue
		}
		ok := true
		for _, k := range c.ast.By {
			key := &KeyDef{Source: k.Name, Pos: position(k.Pos)}
			if _, isKind := u.mod.Vocab[k.Name]; isKind {
				key.Vocab = k.Name
			}
			if !u.domain(key, k.Only, "chart "+name) {
				ok = false
			}
			c.Keys = append(c.Keys, key)
		}
		for _, r := range c.ast.Cells {
			rpos := position(r.Pos)
			v, good := u.number(r.Value, rpos)
			if !good {
				ok = false
				continue
			}
			row := ChartRowDef{Pos: rpos}
			switch n := v.(type) {
			case int:
				row.Value = float64(n)
			case float64:
				row.Value, c.Float = n, true
			}
			if len(r.Cells) != len(c.Keys) {
				u.errorf(rpos, "chart-shape", "chart %s has %d keys; this row gives %d cells", name, len(c.Keys), len(r.Cells))
				ok = false
				continue
			}
			row.Cells = u.cells(r.Cells, c.Keys, "chart "+name)
			c.Rows = append(c.Rows, row)
		}
		for i := range c.Rows {
			c.Rows[i].boxed = c.value(c.Rows[i].Value)
		}
		if !ok {
			continue
		}
		c.index = newChartIndex(c)
		cover := make([][]Cell, len(c.Rows))
		poss := make([]Pos, len(c.Rows))
		for i, r := range c.Rows {
			cover[i], poss[i] = r.Cells, r.Pos
		}
		u.keyCoverage("chart "+name, c.Keys, cover, poss, c.Pos, "value")
		u.sameCalls(c)
	}
}

// chartNewWords checks a chart this module inherits against the words it
// adds to a vocabulary the chart is keyed by whole (no `only`): the chart
// was proved over its own module's words, and a terrain this module
// declares with no row in fire_defence would fail only in play ("chart
// fire_defence has no value for marsh, line"). Each such word is reported
// where it is declared, with the combinations no row gives.
func (u *unit) chartNewWords(c *ChartDef) {
	if c.ast == nil || len(c.Keys) != len(c.ast.By) {
		return
	}
	for i, k := range c.Keys {
		if k.Vocab == "" || len(c.ast.By[i].Only) > 0 {
			continue
		}
		had := map[string]bool{}
		for _, w := range k.Words {
			had[w] = true
		}
		for _, w := range sortedKeys(u.mod.Vocab[k.Vocab]) {
			def := u.mod.Vocab[k.Vocab][w]
			if had[w] || def.Module != u.mod.ID {
				continue
			}
			if gaps := chartGaps(c, i, w); len(gaps) > 0 {
				noun := vocabNoun(k.Vocab)
				u.errorf(def.Pos, "table-gap", "%s %s has no row in chart %s (module %s), which is keyed by every %s: no value for %s; override the chart with rows for it", noun, w, c.Name, c.Module, noun, strings.Join(gaps, "; "))
			}
		}
	}
}

// chartGaps lists, four at most, the combinations of a chart's keys with
// key i at value v that no row gives a value for.
func chartGaps(c *ChartDef, i int, v any) []string {
	domains := make([][]any, len(c.Keys))
	total := 1
	for j, k := range c.Keys {
		domains[j] = k.Values()
		if j == i {
			domains[j] = []any{v}
		}
		total *= len(domains[j])
	}
	if total == 0 || total > maxCombinations {
		return nil
	}
	var gaps []string
	vals := make([]any, len(c.Keys))
	for n := 0; n < total; n++ {
		rest := n
		for j := len(domains) - 1; j >= 0; j-- {
			vals[j] = domains[j][rest%len(domains[j])]
			rest /= len(domains[j])
		}
		found := false
		for _, r := range c.Rows {
			if len(r.Cells) == len(vals) && matchAll(r.Cells, vals) {
				found = true
				break
			}
		}
		if found {
			continue
		}
		if len(gaps) == 4 {
			return append(gaps, "…")
		}
		gaps = append(gaps, combo(vals))
	}
	return gaps
}

// sameCalls requires an override of a chart to take what the chart it
// replaces took: rules written against the base call it with those keys,
// and a narrower chart would fail them only in play.
func (u *unit) sameCalls(c *ChartDef) {
	if !c.Override || u.mod.Base == nil {
		return
	}
	old, ok := u.mod.Base.Charts[c.Name]
	if !ok {
		return
	}
	if len(old.Keys) != len(c.Keys) {
		u.errorf(c.Pos, "chart-shape", "chart %s takes %d keys in module %s; an override takes the same", c.Name, len(old.Keys), old.Module)
		return
	}
	for i, k := range c.Keys {
		have := map[any]bool{}
		for _, v := range k.Values() {
			have[v] = true
		}
		for _, v := range old.Keys[i].Values() {
			// A word this module removed from its vocabulary is no longer
			// a value anything can hold.
			if w, isWord := v.(string); isWord && k.Vocab != "" && !u.knownWord(k.Vocab, w) {
				continue
			}
			if !have[v] {
				u.errorf(k.Pos, "key-domain", "chart %s: key %s must take %v, as module %s's chart does: rules call it with it", c.Name, k.Source, v, old.Module)
				break
			}
		}
	}
}

// domain sets the values a key takes: the words after `only`, checked
// against the key's vocabulary; whole numbers; or every word of the
// vocabulary.
func (u *unit) domain(k *KeyDef, only []*Alt, where string) bool {
	u.recordAlts(only, k)
	if len(only) == 0 {
		if k.Vocab == "" {
			u.errorf(k.Pos, "key-domain", "%s: say which values key %s takes: `only a | b` or `only 1..4`", where, k.Source)
			return false
		}
		k.Words = u.wordsOf(k.Vocab)
		if len(k.Words) == 0 {
			u.errorf(k.Pos, "key-domain", "%s: key %s is a %s, and the module declares none", where, k.Source, k.Vocab)
			return false
		}
		return true
	}
	seen := map[string]bool{}
	for _, a := range only {
		apos := position(a.Pos)
		switch {
		case a.Any:
			u.errorf(apos, "key-domain", "%s: `_` is not a value; list the values key %s takes", where, k.Source)
			return false
		case a.Word != nil:
			if k.Ints != nil {
				u.errorf(apos, "key-domain", "%s: key %s takes whole numbers or words, not both", where, k.Source)
				return false
			}
			if k.Vocab != "" && !u.knownWord(k.Vocab, *a.Word) {
				u.errorf(apos, "unknown-"+vocabCode(k.Vocab), "unknown %s %q%s", vocabNoun(k.Vocab), *a.Word, didYouMean(*a.Word, u.wordsOf(k.Vocab)))
				return false
			}
			if !seen[*a.Word] {
				seen[*a.Word] = true
				k.Words = append(k.Words, *a.Word)
			}
		default:
			lo, hi, ok := u.altRange(a)
			if !ok {
				return false
			}
			if k.Words != nil || k.Vocab != "" {
				u.errorf(apos, "key-domain", "%s: key %s takes words, not numbers", where, k.Source)
				return false
			}
			if hi-lo > 1000 {
				u.errorf(apos, "key-domain", "%s: key %s ranges over more than 1000 numbers", where, k.Source)
				return false
			}
			for n := lo; n <= hi; n++ {
				if !seen[strconv.Itoa(n)] {
					seen[strconv.Itoa(n)] = true
					k.Ints = append(k.Ints, n)
				}
			}
		}
	}
	if k.Words == nil && k.Ints == nil {
		return false
	}
	if k.Ints != nil {
		sort.Ints(k.Ints)
	}
	return true
}

func (u *unit) altRange(a *Alt) (lo, hi int, ok bool) {
	pos := position(a.Pos)
	num := func(s string) (int, bool) {
		v, ok := u.number(s, pos)
		n, isInt := v.(int)
		if ok && !isInt {
			u.errorf(pos, "bad-range", "a key takes whole numbers")
		}
		return n, ok && isInt
	}
	if lo, ok = num(*a.From); !ok {
		return
	}
	hi = lo
	if a.To != nil {
		if hi, ok = num(*a.To); !ok {
			return
		}
	}
	if lo > hi {
		u.errorf(pos, "bad-range", "range %d..%d is empty", lo, hi)
		return 0, 0, false
	}
	return lo, hi, true
}

// cells converts key cells, checking each word and number against its
// key's domain.
func (u *unit) cells(cs []*KeyCell, keys []*KeyDef, where string) []Cell {
	u.recordCells(cs, keys)
	out := make([]Cell, len(cs))
	for i, c := range cs {
		if i >= len(keys) {
			break
		}
		k := keys[i]
		for _, a := range c.Alts {
			apos := position(a.Pos)
			switch {
			case a.Any:
				out[i] = append(out[i], AltDef{Any: true})
			case a.Word != nil:
				if k.IsInt() {
					u.errorf(apos, "key-domain", "%s: key %s takes whole numbers (%s), not words", where, k.Source, domainText(k))
					continue
				}
				if !containsStr(k.Words, *a.Word) {
					if k.Vocab != "" && !u.knownWord(k.Vocab, *a.Word) {
						u.errorf(apos, "unknown-"+vocabCode(k.Vocab), "%s: unknown %s %q%s", where, vocabNoun(k.Vocab), *a.Word, didYouMean(*a.Word, u.wordsOf(k.Vocab)))
					} else {
						u.errorf(apos, "key-domain", "%s: key %s does not take %q (it takes %s)", where, k.Source, *a.Word, domainText(k))
					}
					continue
				}
				out[i] = append(out[i], AltDef{Word: *a.Word})
			default:
				lo, hi, ok := u.altRange(a)
				if !ok {
					continue
				}
				if !k.IsInt() {
					u.errorf(apos, "key-domain", "%s: key %s takes words (%s), not numbers", where, k.Source, domainText(k))
					continue
				}
				out[i] = append(out[i], AltDef{IsNum: true, Lo: lo, Hi: hi})
			}
		}
	}
	return out
}

func containsStr(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

func domainText(k *KeyDef) string {
	if !k.IsInt() {
		if len(k.Words) > 8 {
			return strings.Join(k.Words[:8], " | ") + " …"
		}
		return strings.Join(k.Words, " | ")
	}
	if len(k.Ints) == 0 {
		return "nothing"
	}
	return fmt.Sprintf("%d..%d", k.Ints[0], k.Ints[len(k.Ints)-1])
}

// keyCoverage proves that every combination of the keys' values finds
// exactly one of the given cell lists (columns or chart rows), naming the
// first combination that finds none and the first that finds two.
func (u *unit) keyCoverage(where string, keys []*KeyDef, lists [][]Cell, poss []Pos, pos Pos, what string) {
	total := 1
	domains := make([][]any, len(keys))
	for i, k := range keys {
		domains[i] = k.Values()
		total *= len(domains[i])
		if total > maxCombinations {
			u.errorf(pos, "too-many-keys", "%s: its keys make more than %d combinations", where, maxCombinations)
			return
		}
	}
	used := make([]bool, len(lists))
	idx := make([]int, len(keys))
	vals := make([]any, len(keys))
	var gaps []string
	overlap := false
	for n := 0; n < total; n++ {
		for i := range keys {
			vals[i] = domains[i][idx[i]]
		}
		first := -1
		for j, cells := range lists {
			if len(cells) != len(keys) || !matchAll(cells, vals) {
				continue
			}
			used[j] = true
			if first < 0 {
				first = j
				continue
			}
			if !overlap {
				u.errorf(poss[j], "table-overlap", "%s: %s is matched twice (here and at line %d)", where, combo(vals), poss[first].Line)
				overlap = true
			}
		}
		if first < 0 && len(gaps) < 4 {
			gaps = append(gaps, combo(vals))
		} else if first < 0 {
			gaps = append(gaps[:4], "…")
		}
		for i := len(idx) - 1; i >= 0; i-- {
			if idx[i]++; idx[i] < len(domains[i]) {
				break
			}
			idx[i] = 0
		}
	}
	if len(gaps) > 0 {
		u.errorf(pos, "table-gap", "%s: no %s for %s", where, what, strings.Join(gaps, "; "))
	}
	for j, hit := range used {
		if !hit && len(lists[j]) == len(keys) {
			u.warnf(poss[j], "column-unreachable", "%s: no combination of its keys reaches this %s", where, what)
		}
	}
}

func matchAll(cells []Cell, vals []any) bool {
	for i, c := range cells {
		if !c.Matches(vals[i]) {
			return false
		}
	}
	return true
}

func combo(vals []any) string {
	parts := make([]string, len(vals))
	for i, v := range vals {
		parts[i] = fmt.Sprint(v)
	}
	return strings.Join(parts, ", ")
}

// tableKeys compiles a keyed table's keys in the roll's environment, works
// out their domains and proves its columns cover every combination once.
func (u *unit) tableKeys(t *TableDef, env vars) {
	if len(t.ast.By) == 0 {
		return
	}
	where := "table " + t.Name
	t.Keys = nil
	ok := true
	for _, k := range t.ast.By {
		prog := u.compile(k.Expr, env, false)
		key := &KeyDef{Pos: position(k.Pos), Prog: prog}
		if prog == nil {
			ok = false
			t.Keys = append(t.Keys, key)
			continue
		}
		key.Source, key.Pos = prog.Source, prog.Pos
		key.Vocab = u.exprVocab(prog.Node())
		if key.Vocab == "" && prog.Type != nil && prog.Type.Kind() != reflect.Int && prog.Type.Kind() != reflect.String && prog.Type.Kind() != reflect.Interface {
			u.errorf(key.Pos, "key-domain", "%s: a key is a word or a whole number; %s is %s", where, key.Source, typeName(prog.Type))
			ok = false
		}
		if !u.domain(key, k.Only, where) {
			ok = false
		}
		t.Keys = append(t.Keys, key)
	}
	if !ok {
		return
	}
	var lists [][]Cell
	var poss []Pos
	for i, c := range t.ast.Columns {
		cells := u.cells(c.Cells, t.Keys, where)
		col := *t.Columns[i]
		col.Cells = cells
		t.Columns[i] = &col
		lists = append(lists, cells)
		poss = append(poss, position(c.Pos))
	}
	u.keyCoverage(where, t.Keys, lists, poss, t.Pos, "column")
}

// compileModifiers compiles each modifier in the environment of the roll
// it modifies and gives every table and check its own list, in order.
func (u *unit) compileModifiers(envs map[string]vars) {
	for _, t := range u.mod.Tables {
		t.Modifiers = nil
	}
	for _, c := range u.mod.Checks {
		c.Modifiers = nil
	}
	for i, m := range u.mod.Modifiers {
		if m.Module != u.mod.ID {
			cp := *m
			m = &cp
			u.mod.Modifiers[i] = m
		}
		t, isTable := u.mod.Tables[m.Target]
		c, isCheck := u.mod.Checks[m.Target]
		if !isTable && !isCheck {
			names := append(u.names(KindTable), u.names(KindCheck)...)
			u.errorf(position(m.ast.Name.Pos), "unknown-table", "modifier %s: no table or check %q%s", m.Name, m.Target, didYouMean(m.Target, names))
			continue
		}
		spec := RollSpec{}
		if isTable {
			spec = t.Roll
		} else {
			spec = c.Roll
		}
		if !spec.HasModifier {
			u.errorf(m.Pos, "bad-modifier", "modifier %s: %s rolls %s, which takes no modifier; write `roll %s + modifier LO..HI`", m.Name, m.Target, spec, spec.Dice)
			continue
		}
		env := u.rollEnv(m.Target, envs)
		m.Value = u.compile(m.ast.Value, env, false)
		if m.Value != nil && m.Value.Type != nil && !isWhole(m.Value.Type) {
			u.errorf(m.Value.Pos, "type-mismatch", "modifier %s: a modifier is a whole number; got %s", m.Name, typeName(m.Value.Type))
		}
		m.When = u.compile(m.ast.When, env, true)
		if isTable {
			t.Modifiers = append(t.Modifiers, m)
		} else {
			c.Modifiers = append(c.Modifiers, m)
		}
	}
}

func isWhole(t reflect.Type) bool {
	switch t.Kind() {
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64, reflect.Interface:
		return true
	}
	return false
}

// rollEnv is the environment of a table's columns or a check's threshold:
// what every hook that rolls it offers, and `unit` for a check, which is
// always for a unit.
// The map is shared (a table has many modifiers) and only read.
func (u *unit) rollEnv(name string, envs map[string]vars) vars {
	env := envs["roll:"+name]
	if _, isCheck := u.mod.Checks[name]; isCheck {
		if _, ok := env["unit"]; !ok {
			if t := u.boundType("unit"); t != nil {
				env = maps.Clone(env)
				if env == nil {
					env = vars{}
				}
				env["unit"] = t
			}
		}
	}
	if env == nil {
		env = vars{}
	}
	return env
}

// chartFunctions makes each chart of the module a function expressions
// may call, taking its keys in order.
func (u *unit) chartFunctions() map[string]*builtin.Function {
	out := map[string]*builtin.Function{}
	for name, c := range u.mod.Charts {
		if len(c.Keys) == 0 {
			continue
		}
		in := make([]reflect.Type, len(c.Keys))
		for i, k := range c.Keys {
			if k.IsInt() {
				in[i] = reflect.TypeFor[int]()
			} else {
				in[i] = reflect.TypeFor[string]()
			}
		}
		res := reflect.TypeFor[int]()
		if c.Float {
			res = reflect.TypeFor[float64]()
		}
		chart := c
		out[name] = &builtin.Function{
			Name:  name,
			Types: []reflect.Type{reflect.FuncOf(in, []reflect.Type{res}, false)},
			Func:  func(args ...any) (any, error) { return chart.Lookup(args) },
		}
	}
	return out
}

// The vocabulary of expressions: which words a name or field holds.

// exprVocab says which vocabulary a name or field read by an expression
// holds (`unit.formation` holds formations), or "".
func (u *unit) exprVocab(n ast.Node) string {
	switch x := n.(type) {
	case *ast.IdentifierNode:
		return u.varVocab()[x.Value]
	case *ast.MemberNode:
		prop, ok := x.Property.(*ast.StringNode)
		if !ok || x.Node.Type() == nil {
			return ""
		}
		return fieldVocab(x.Node.Type(), prop.Value)
	case *ast.CallNode:
		if id, ok := x.Callee.(*ast.IdentifierNode); ok {
			for _, f := range u.env.Functions {
				if f.Name == id.Value {
					return f.Result
				}
			}
		}
	}
	return ""
}

// fieldVocab reads the `vocab` tag of the field an expression calls name.
func fieldVocab(t reflect.Type, name string) string {
	for t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	if t.Kind() != reflect.Struct {
		return ""
	}
	for i := 0; i < t.NumField(); i++ {
		f := t.Field(i)
		if f.Tag.Get("expr") == name || (f.Tag.Get("expr") == "" && f.Name == name) {
			return f.Tag.Get("vocab")
		}
	}
	return ""
}

// varVocab maps the hook variables that hold words to their vocabulary.
func (u *unit) varVocab() map[string]string {
	if u.vocabOfVar == nil {
		u.vocabOfVar = map[string]string{}
		for _, h := range u.env.Hooks {
			for _, v := range h.Vars {
				if v.Vocab != "" {
					u.vocabOfVar[v.Name] = v.Vocab
				}
			}
		}
	}
	return u.vocabOfVar
}

// wordsOf lists the words of a vocabulary kind, or of a fixed list
// ("front|flank|rear").
func (u *unit) wordsOf(vocab string) []string {
	if strings.Contains(vocab, "|") {
		return strings.Split(vocab, "|")
	}
	return u.names(vocab)
}

func (u *unit) knownWord(vocab, w string) bool {
	if strings.Contains(vocab, "|") {
		return containsStr(strings.Split(vocab, "|"), w)
	}
	_, ok := u.mod.Vocab[vocab][w]
	return ok
}

func vocabNoun(vocab string) string {
	if strings.Contains(vocab, "|") {
		return "word"
	}
	return vocab
}

func vocabCode(vocab string) string { return vocabNoun(vocab) }

// wordChecker finds string literals compared with a name that holds words
// of a vocabulary (`unit.formation == "lin"`) and literals given to a chart
// for a key of words, and reports those that are not declared words: such
// a comparison would silently never hold.
type wordChecker struct {
	u     *unit
	text  string
	start Pos
}

func (w *wordChecker) Visit(n *ast.Node) {
	switch x := (*n).(type) {
	case *ast.BinaryNode:
		switch x.Operator {
		case "==", "!=":
			w.pair(x.Left, x.Right)
			w.pair(x.Right, x.Left)
		case "in", "not in":
			if arr, ok := x.Right.(*ast.ArrayNode); ok {
				for _, e := range arr.Nodes {
					w.pair(x.Left, e)
				}
			}
		}
	case *ast.CallNode:
		id, ok := x.Callee.(*ast.IdentifierNode)
		if !ok {
			return
		}
		c, isChart := w.u.mod.Charts[id.Value]
		if !isChart {
			w.funcArgs(id.Value, x.Arguments)
			return
		}
		for i, arg := range x.Arguments {
			if i >= len(c.Keys) {
				break
			}
			k := c.Keys[i]
			if s, isStr := arg.(*ast.StringNode); isStr && !k.IsInt() && !containsStr(k.Words, s.Value) {
				w.u.errorf(advance(w.start, w.text, s.Location().From), "key-domain", "chart %s: key %s does not take %q%s", c.Name, k.Source, s.Value, didYouMean(s.Value, k.Words))
			}
			if v := w.u.exprVocab(arg); v != "" && k.Vocab != "" && v != k.Vocab {
				w.u.errorf(advance(w.start, w.text, arg.Location().From), "type-mismatch", "chart %s: key %s takes a %s; this is a %s", c.Name, k.Source, k.Vocab, v)
			}
		}
	}
}

func (w *wordChecker) pair(name, lit ast.Node) {
	s, ok := lit.(*ast.StringNode)
	if !ok {
		return
	}
	vocab := w.u.exprVocab(name)
	// "" is no word at all: a unit with no class, no hexside between.
	if vocab == "" || s.Value == "" || w.u.knownWord(vocab, s.Value) {
		return
	}
	w.u.errorf(advance(w.start, w.text, s.Location().From), "unknown-"+vocabCode(vocab), "unknown %s %q%s", vocabNoun(vocab), s.Value, didYouMean(s.Value, w.u.wordsOf(vocab)))
}
