package dsl

import (
	"fmt"
	"math"
	"reflect"
	"strconv"
	"strings"

	"github.com/expr-lang/expr/types"
)

// Module is a checked module: `extends` applied, overrides and removals done,
// every expression compiled. It is what the interpreter runs.
type Module struct {
	ID      string
	Kind    string // "module" or "game"
	Title   string
	Edition string
	Cite    []string
	Base    *Module // the module extended, or nil

	Params map[string]*ParamDef
	Vocab  map[string]map[string]*VocabDef // kind → name → word
	Tables map[string]*TableDef
	Checks map[string]*CheckDef
	Charts map[string]*ChartDef
	// Objectives are what the sides value at the end of a play, by name,
	// for the advisor.
	Objectives map[string]*ObjectiveDef
	// Modifiers are every table's and check's named modifiers, in the
	// order they were declared (a base's first); each table and check
	// also lists its own.
	Modifiers []*ModifierDef
	Rules     []*RuleDef            // in the order they run on a hook
	Hooks     map[string][]*RuleDef // hook → rules, in order
	Scenarios []*ScenarioDef        // this module's own
	// Sequence is the phases of a turn, or nil for the engine's own order.
	Sequence *SequenceDef
	// Invariants hold after every step of every run, in the order they
	// were declared (a base's first).
	Invariants []*InvariantDef
	// Tests are the rulings written as tests, a base's first; a battle
	// plays those it inherits against its own rules.
	Tests []*TestDef
	// TestsUnread says the check left the tests' set-ups and expectations
	// unread (CheckPlay): Tests holds their names only, and cannot be
	// played.
	TestsUnread bool
	// Constraints are the conditions over the params the checker found
	// to hold, a base's first.
	Constraints []*ConstraintDef
	// CiteAs maps sections the bases cite to the battle's own pages, its
	// bases' mappings first; citeMap is every citation of the module that
	// a mapping changes, as its owner reads it (Cites).
	CiteAs  []*CiteAsDef
	citeMap map[string]string
	Files   []*File

	// Env is the environment the module was checked against.
	Env *Env
	// Info is what the names of the module's expressions refer to, filled
	// by the check that made it (shared with the modules of its chain that
	// check checked).
	Info *Info

	// exprs is what the check of the module compiled, by exprKey, for the
	// checks of modules that extend it (Checked): only read once the
	// module is checked.
	exprs map[string]*exprCode
}

// Origin says where a declaration comes from, for traces, explain and diff.
type Origin struct {
	Module   string `json:"module"`
	Pos      Pos    `json:"pos"`
	Override bool   `json:"override,omitempty"`
	// Placeholder says the figures are invented, not published.
	Placeholder bool `json:"placeholder,omitempty"`
}

// Kind of a declaration, as written in the language.
const (
	KindParam     = "param"
	KindRule      = "rule"
	KindTable     = "table"
	KindCheck     = "check"
	KindTerrain   = "terrain"
	KindFormation = "formation"
	KindArm       = "arm"
	KindState     = "state"
	KindModifier  = "modifier"
	KindChart     = "chart"
	// KindObjective is what a side values, for the advisor.
	KindObjective = "objective"
	// KindNationality and KindClass are words units carry (`nationality:
	// french`, `class: legere`), by which charts are keyed.
	KindNationality = "nationality"
	KindClass       = "class"
	KindHexside     = "hexside"
	KindSequence    = "sequence"
	// KindAttribute is a flag a scenario may give a unit beyond the
	// engine's own properties (`attribute elite "Elite"`), read with has().
	KindAttribute = "attribute"
	// KindArmy is a number each side keeps through the battle (an army's
	// morale level, a count of eliminated units): rules set it with
	// set_army and add_army, expressions read it with army(unit, "name").
	KindArmy = "army"
	// KindInvariant is a condition that holds after every step of a run.
	KindInvariant = "invariant"
	// KindTest is a ruling written as a test.
	KindTest = "test"
	// KindConstraint is a condition over the params, checked.
	KindConstraint = "constraint"
)

// ParamDef is an effective parameter.
type ParamDef struct {
	Name  string
	Value any // int, float64, string, bool or Dice
	Cite  []string
	Origin
}

// VocabDef is one word of a vocabulary with its properties.
type VocabDef struct {
	Kind, Name, Title string
	Props             map[string][]any
	PropPos           map[string]Pos
	Cite              []string
	Origin
}

func (v *VocabDef) propPos(key string, pos Pos) {
	if v.PropPos == nil {
		v.PropPos = map[string]Pos{}
	}
	v.PropPos[key] = pos
}

// Flag reports whether a property is present (and not false).
func (v *VocabDef) Flag(key string) bool {
	vals, ok := v.Props[key]
	if !ok {
		return false
	}
	if len(vals) == 1 {
		if b, isBool := vals[0].(bool); isBool {
			return b
		}
	}
	return true
}

// Int returns a numeric property, or def.
func (v *VocabDef) Int(key string, def int) int {
	if vals := v.Props[key]; len(vals) == 1 {
		switch n := vals[0].(type) {
		case int:
			return n
		case float64:
			return int(n)
		}
	}
	return def
}

// Bounds are the least and most an army value may be: its `min` and `max`,
// or the int's own limits where it gives none.
func (v *VocabDef) Bounds() (lo, hi int) {
	return v.Int("min", math.MinInt), v.Int("max", math.MaxInt)
}

// Str returns a word property, or def.
func (v *VocabDef) Str(key, def string) string {
	if vals := v.Props[key]; len(vals) == 1 {
		if s, ok := vals[0].(string); ok {
			return s
		}
	}
	return def
}

// Strs returns a list property of words.
func (v *VocabDef) Strs(key string) []string {
	var out []string
	for _, x := range v.Props[key] {
		if s, ok := x.(string); ok {
			out = append(out, s)
		}
	}
	return out
}

// Dice is a roll: n six-sided dice summed, or d66 (two dice read as tens and
// units, 36 results from 11 to 66).
type Dice struct {
	N     int
	Sides int
	D66   bool
}

// ParseDice reads "1d6", "2d6", "d6" or "d66".
func ParseDice(s string) (Dice, error) {
	if s == "d66" {
		return Dice{D66: true}, nil
	}
	i := strings.IndexByte(s, 'd')
	if i < 0 {
		return Dice{}, fmt.Errorf("%q is not dice", s)
	}
	n := 1
	if i > 0 {
		v, err := strconv.Atoi(s[:i])
		if err != nil || v < 1 || v > 10 {
			return Dice{}, fmt.Errorf("dice %q: roll 1 to 10 dice", s)
		}
		n = v
	}
	sides, err := strconv.Atoi(s[i+1:])
	if err != nil || sides < 2 || sides > 100 {
		return Dice{}, fmt.Errorf("dice %q: a die has 2 to 100 sides", s)
	}
	return Dice{N: n, Sides: sides}, nil
}

func (d Dice) String() string {
	if d.D66 {
		return "d66"
	}
	return fmt.Sprintf("%dd%d", d.N, d.Sides)
}

// Results lists every result the dice can give, in order. For d66 those are
// the 36 numbers 11..16, 21..26, … 61..66.
func (d Dice) Results() []int {
	if d.D66 {
		out := make([]int, 0, 36)
		for t := 1; t <= 6; t++ {
			for u := 1; u <= 6; u++ {
				out = append(out, 10*t+u)
			}
		}
		return out
	}
	var out []int
	for r := d.N; r <= d.N*d.Sides; r++ {
		out = append(out, r)
	}
	return out
}

// Modify applies a modifier to a result. d66 steps through its 36 results in
// base 6 (43 + 4 = 51) and stays at the ends; other dice add plainly.
func (d Dice) Modify(result, mod int) int {
	if !d.D66 {
		return result + mod
	}
	i := (result/10-1)*6 + (result%10 - 1) + mod
	i = max(0, min(35, i))
	return (i/6+1)*10 + i%6 + 1
}

// RollSpec is what a table or check rolls.
type RollSpec struct {
	Dice         Dice
	HasModifier  bool
	ModLo, ModHi int
}

func (r RollSpec) String() string {
	if r.HasModifier {
		return fmt.Sprintf("%s + modifier %d..%d", r.Dice, r.ModLo, r.ModHi)
	}
	return r.Dice.String()
}

// Reachable lists every modified result the roll can produce, in order. The
// natural results have no gaps (d66 counts in its base-6 steps), so adding
// every modifier in the bounds gives one run from the lowest to the highest:
// no need to try each pair, which a table of many columns would repeat.
func (r RollSpec) Reachable() []int {
	lo, hi := 0, 0
	if r.HasModifier {
		lo, hi = r.ModLo, r.ModHi
	}
	if lo > hi {
		return nil
	}
	if r.Dice.D66 {
		from, to := max(0, min(35, lo)), max(0, min(35, 35+hi))
		out := make([]int, 0, to-from+1)
		for i := from; i <= to; i++ {
			out = append(out, (i/6+1)*10+i%6+1)
		}
		return out
	}
	from, to := r.Dice.N+lo, r.Dice.N*r.Dice.Sides+hi
	out := make([]int, 0, max(0, to-from+1))
	for v := from; v <= to; v++ {
		out = append(out, v)
	}
	return out
}

// TableDef is a checked dice table.
type TableDef struct {
	Name, Title string
	Roll        RollSpec
	// Keys, when set, choose the column: each keyed column has one cell per
	// key, and exactly one column matches each combination of their values.
	Keys     []*KeyDef
	Columns  []*ColumnDef // a one-way table has one column without a condition
	Outcomes []string     // every outcome any row names, sorted
	// RolledHook (`melee_combat.rolled`) runs after every roll of the table,
	// whatever its outcome, once the outcome's own rules have run: for what
	// the same roll decides besides the result (a leader hit on 11..12).
	RolledHook string
	Modifiers  []*ModifierDef
	Cite       []string
	Origin
	ast *Table
}

// KeyDef is one key of a keyed table or chart: what it reads (a table's
// expression) and the values it takes.
type KeyDef struct {
	Source string   // the expression, or a chart's parameter name
	Prog   *Program // a table key's expression; nil for a chart's
	Pos    Pos
	// Vocab is the vocabulary kind the values are words of, or "".
	Vocab string
	// Words or Ints list the domain: every value the key may take.
	Words []string
	Ints  []int
}

// IsInt reports whether the key takes whole numbers.
func (k *KeyDef) IsInt() bool { return k.Words == nil }

// Values lists the domain as interface values, in order.
func (k *KeyDef) Values() []any {
	out := make([]any, 0, len(k.Words)+len(k.Ints))
	for _, w := range k.Words {
		out = append(out, w)
	}
	for _, n := range k.Ints {
		out = append(out, n)
	}
	return out
}

// Cell is a checked key cell: the alternatives that match.
type Cell []AltDef

// AltDef is one alternative: any value, a word, or whole numbers Lo..Hi.
type AltDef struct {
	Any    bool
	Word   string
	Lo, Hi int
	IsNum  bool
}

// Matches reports whether a key value is in the cell.
func (c Cell) Matches(v any) bool {
	for _, a := range c {
		switch {
		case a.Any:
			return true
		case a.IsNum:
			if n, ok := v.(int); ok && n >= a.Lo && n <= a.Hi {
				return true
			}
		default:
			if s, ok := v.(string); ok && s == a.Word {
				return true
			}
		}
	}
	return false
}

func (c Cell) String() string {
	parts := make([]string, len(c))
	for i, a := range c {
		switch {
		case a.Any:
			parts[i] = "_"
		case a.IsNum && a.Lo == a.Hi:
			parts[i] = strconv.Itoa(a.Lo)
		case a.IsNum:
			parts[i] = fmt.Sprintf("%d..%d", a.Lo, a.Hi)
		default:
			parts[i] = a.Word
		}
	}
	return strings.Join(parts, " | ")
}

// CellsString writes a column's or a chart row's cells as written.
func CellsString(cells []Cell) string {
	parts := make([]string, len(cells))
	for i, c := range cells {
		parts[i] = c.String()
	}
	return strings.Join(parts, ", ")
}

// ColumnDef is one column of a table.
type ColumnDef struct {
	Title string
	When  *Program // nil: always
	Cells []Cell   // a keyed column's cells, one per key
	Rows  []RowDef
}

// Name is how the trace and the tools name a column: its title, or a keyed
// column's cells.
func (c *ColumnDef) Name() string {
	if c.Title == "" && len(c.Cells) > 0 {
		return CellsString(c.Cells)
	}
	return c.Title
}

// MatchesKeys reports whether a keyed column holds for the keys' values.
func (c *ColumnDef) MatchesKeys(vals []any) bool {
	if len(c.Cells) != len(vals) {
		return false
	}
	for i, cell := range c.Cells {
		if !cell.Matches(vals[i]) {
			return false
		}
	}
	return true
}

// ModifierDef is a named modifier of a table's or check's roll.
type ModifierDef struct {
	Name   string // "carre_realization.leader"
	Target string // the table or check: "carre_realization"
	Title  string
	Value  *Program // a whole number
	When   *Program // nil: always
	Cite   []string
	Origin
	ast *Modifier
}

// Label is how the trace names the modifier: its title, or its name.
func (m *ModifierDef) Label() string {
	if m.Title != "" {
		return m.Title
	}
	return strings.TrimPrefix(m.Name, m.Target+".")
}

// ObjectiveDef is what a side values at the end of a play: Value summed
// over the units where When holds, with `player` the side scored.
type ObjectiveDef struct {
	Name  string
	Title string
	For   string // the side it scores; "" for any side
	Value *Program
	When  *Program // nil: every unit
	Cite  []string
	Origin
	ast *Objective
}

// ObjectiveVars are the names an objective's expressions read besides the
// params: the unit scored and the side scored for.
var ObjectiveVars = []Var{
	{Name: "player", Type: reflect.TypeFor[string](), Doc: "the side whose objective is scored"},
}

// ChartDef is a data table that is not rolled, read as a function.
type ChartDef struct {
	Name, Title string
	Keys        []*KeyDef
	Rows        []ChartRowDef
	// Float says a value is not whole: the function returns a number,
	// not a whole number.
	Float bool
	Cite  []string
	Origin
	ast *Chart
	// index finds the row of the keys' values in their domains at once;
	// nil when the chart was not checked or its domains are too large.
	index *chartIndex
}

// ChartRowDef gives the value of the combinations its cells match.
type ChartRowDef struct {
	Cells []Cell
	Value float64
	Pos   Pos
	boxed any // the value as Lookup returns it, made once at check time
}

// Lookup finds the value for the keys' values. It looks at the rows in
// place and returns a value boxed once, so that a lookup copies nothing
// and allocates nothing.
func (c *ChartDef) Lookup(vals []any) (any, error) {
	if r := c.index.row(c.Keys, vals); r >= 0 {
		return c.Rows[r].boxed, nil
	}
	for j := range c.Rows {
		r := &c.Rows[j]
		ok := len(r.Cells) == len(vals)
		for i := 0; ok && i < len(vals); i++ {
			ok = r.Cells[i].Matches(vals[i])
		}
		if ok {
			if r.boxed != nil {
				return r.boxed, nil
			}
			return c.value(r.Value), nil
		}
	}
	parts := make([]string, len(vals))
	for i, v := range vals {
		parts[i] = fmt.Sprint(v)
	}
	return nil, fmt.Errorf("chart %s has no value for %s", c.Name, strings.Join(parts, ", "))
}

// chartIndex is a chart's rows laid out by its keys' domains: the row a
// combination of the keys' values reads is found from the places of those
// values in the domains, instead of by matching every row's cells in turn.
// It is made once, when the module is checked, and only read after.
type chartIndex struct {
	rows []int32 // by the places of the values, the first key's slowest; -1: no row
}

// maxChartIndex bounds the combinations a chart's index lays out.
const maxChartIndex = 4096

// newChartIndex lays out a checked chart's rows, each combination of the
// keys' domains given the first row whose cells match it, as Lookup's walk
// over the rows would find it; nil if the domains are empty or too large.
func newChartIndex(c *ChartDef) *chartIndex {
	n := 1
	for _, k := range c.Keys {
		d := len(k.Words) + len(k.Ints)
		if d == 0 || n*d > maxChartIndex {
			return nil
		}
		n *= d
	}
	for j := range c.Rows {
		if c.Rows[j].boxed == nil || len(c.Rows[j].Cells) != len(c.Keys) {
			return nil
		}
	}
	domains := make([][]any, len(c.Keys))
	for i, k := range c.Keys {
		domains[i] = k.Values()
	}
	x := &chartIndex{rows: make([]int32, n)}
	vals := make([]any, len(c.Keys))
	for at := range x.rows {
		rest := at
		for i := len(c.Keys) - 1; i >= 0; i-- {
			d := len(domains[i])
			vals[i] = domains[i][rest%d]
			rest /= d
		}
		x.rows[at] = -1
		for j := range c.Rows {
			ok := true
			for i, cell := range c.Rows[j].Cells {
				if ok = cell.Matches(vals[i]); !ok {
					break
				}
			}
			if ok {
				x.rows[at] = int32(j)
				break
			}
		}
	}
	return x
}

// row is the row the keys' values read, or -1 when the index does not
// know (no index, a value outside its key's domain, no row): Lookup then
// walks the rows.
func (x *chartIndex) row(keys []*KeyDef, vals []any) int {
	if x == nil || len(vals) != len(keys) {
		return -1
	}
	at := 0
	for i, k := range keys {
		p := k.place(vals[i])
		if p < 0 {
			return -1
		}
		at = at*(len(k.Words)+len(k.Ints)) + p
	}
	return int(x.rows[at])
}

// place is where a value stands in the key's domain (Values' order), or
// -1 when it is not there.
func (k *KeyDef) place(v any) int {
	switch v := v.(type) {
	case string:
		for i, w := range k.Words {
			if w == v {
				return i
			}
		}
	case int:
		if k.Words != nil {
			return -1
		}
		for i, n := range k.Ints {
			if n == v {
				return i
			}
		}
	}
	return -1
}

// value is a row's value as the chart's function returns it: a number, or
// a whole number unless the chart has a value that is not whole.
func (c *ChartDef) value(v float64) any {
	if c.Float {
		return v
	}
	return int(v)
}

// Lookup finds the row of a modified result.
func (c *ColumnDef) Lookup(result int) (RowDef, bool) {
	for _, r := range c.Rows {
		if result >= r.Lo && result <= r.Hi {
			return r, true
		}
	}
	return RowDef{}, false
}

// RowDef maps results Lo..Hi (inclusive) to an outcome.
type RowDef struct {
	Lo, Hi   int
	Outcome  string
	Value    int
	HasValue bool
	// Value2 is a second number (`52 => losses 0 1`).
	Value2    int
	HasValue2 bool
	Pos       Pos
	// Hook is the outcome's hook ("recall.fail"), and Result and Amount the
	// outcome and value as interface values: made once at check time so
	// that reading a row costs the engine no allocation.
	Hook                    string
	Result, Amount, Amount2 any
}

// RangeString writes the row's range as the rulebook does.
func (r RowDef) RangeString() string {
	switch {
	case r.Lo == openLo && r.Hi == openHi:
		return ".."
	case r.Lo == openLo:
		return fmt.Sprintf("..%d", r.Hi)
	case r.Hi == openHi:
		return fmt.Sprintf("%d..", r.Lo)
	case r.Lo == r.Hi:
		return strconv.Itoa(r.Lo)
	}
	return fmt.Sprintf("%d..%d", r.Lo, r.Hi)
}

const (
	openLo = -1 << 30
	openHi = 1 << 30
)

// CheckDef is a roll against a threshold in a stated direction.
type CheckDef struct {
	Name, Title string
	Roll        RollSpec
	Direction   string // above, below, at_least, at_most
	Threshold   *Program
	Modifiers   []*ModifierDef
	Cite        []string
	Origin
	ast *CheckDecl
	// PassHook and FailHook are the outcome hooks, named once.
	PassHook, FailHook string
}

// Passes applies the check's direction to a modified roll.
func (c *CheckDef) Passes(roll, threshold int) bool {
	switch c.Direction {
	case "above":
		return roll > threshold
	case "below":
		return roll < threshold
	case "at_least":
		return roll >= threshold
	default:
		return roll <= threshold
	}
}

// RuleDef is a checked rule.
type RuleDef struct {
	ID, Title, Hook string
	Cite            []string
	Clauses         []*ClauseDef
	// Guard is the rule's opening `when` clauses joined into one
	// condition, and GuardLen how many clauses it stands for (0: none).
	Guard    *Program
	GuardLen int
	Origin
	ast *Rule
	// reuseEnv is the hook's variables its check compiled it with, and
	// reuseInfo where that check recorded its names' uses, when it reported
	// nothing (reuseRule).
	reuseEnv  vars
	reuseInfo *Info
}

// TitleSource is the title as written, before the params it names
// (`{melee.cavalry_on_carre}`) are read.
func (r *RuleDef) TitleSource() string {
	if r.ast != nil {
		return r.ast.Title
	}
	return r.Title
}

// ClauseKind tells the clauses of a rule apart.
type ClauseKind int

const (
	ClauseWhen ClauseKind = iota
	ClauseRequire
	ClauseLet
	ClauseAsk
	ClauseDo
)

// ClauseDef is one checked clause.
type ClauseDef struct {
	Kind     ClauseKind
	Cond     *Program // when, require, let
	Message  string   // require
	Name     string   // let
	Question string   // ask
	Of       *Program // ask: whom; nil for the hook's first unit
	Calls    []*CallDef
	Pos      Pos
}

// CallDef is a checked effect call with its arguments in the effect's
// parameter order (nil for an optional parameter not given).
type CallDef struct {
	Effect *Effect
	Args   []*ArgDef
	Pos    Pos
}

// ArgDef is one argument: a compiled expression, or a reference to a table or
// check by name.
type ArgDef struct {
	Prog *Program
	Ref  string
	// RefValue is Ref as an interface value, made once so that calling the
	// effect does not box the name again.
	RefValue any
}

// Program is a compiled expression with its source and position.
type Program struct {
	Source string
	Pos    Pos
	Type   reflect.Type
	code   *exprCode
	// Most arguments are a literal or a name; for those the engine needs no
	// virtual machine. IsConst says Const is the value; a Var that is not
	// empty names the variable the value is read from.
	IsConst bool
	Const   any
	Var     string
	// Cost is the estimated cost of one evaluation (see ProgramCost).
	Cost int
}

// Param looks up an effective parameter.
func (m *Module) Param(name string) (*ParamDef, bool) {
	p, ok := m.Params[name]
	return p, ok
}

// Word looks up a vocabulary word.
func (m *Module) Word(kind, name string) (*VocabDef, bool) {
	w, ok := m.Vocab[kind][name]
	return w, ok
}

// Scenario finds a scenario by name in this module or the modules it extends.
func (m *Module) Scenario(name string) (*ScenarioDef, bool) {
	for mod := m; mod != nil; mod = mod.Base {
		for _, s := range mod.Scenarios {
			if s.Name == name {
				return s, true
			}
		}
	}
	return nil, false
}

// AllScenarios lists this module's scenarios, then those it inherits that
// none of its own shadows: the ones Scenario finds by name.
func (m *Module) AllScenarios() []*ScenarioDef {
	var out []*ScenarioDef
	seen := map[string]bool{}
	for mod := m; mod != nil; mod = mod.Base {
		for _, s := range mod.Scenarios {
			if !seen[s.Name] {
				seen[s.Name] = true
				out = append(out, s)
			}
		}
	}
	return out
}

// ParamTypes builds the expr types of the params, nested by their dots.
func (m *Module) paramTypes() types.Map {
	root := types.Map{}
	for name, p := range m.Params {
		parts := strings.Split(name, ".")
		cur := root
		for _, part := range parts[:len(parts)-1] {
			next, ok := cur[part].(types.Map)
			if !ok {
				next = types.Map{}
				cur[part] = next
			}
			cur = next
		}
		cur[parts[len(parts)-1]] = types.TypeOf(p.Value)
	}
	return root
}

// ParamValues builds the run-time values of the params, nested by their dots,
// to put in an expression environment.
func (m *Module) ParamValues() map[string]any {
	root := map[string]any{}
	for name, p := range m.Params {
		parts := strings.Split(name, ".")
		cur := root
		for _, part := range parts[:len(parts)-1] {
			next, ok := cur[part].(map[string]any)
			if !ok {
				next = map[string]any{}
				cur[part] = next
			}
			cur = next
		}
		cur[parts[len(parts)-1]] = p.Value
	}
	return root
}

// SequenceDef is a checked sequence of play: the phases of a turn.
type SequenceDef struct {
	Title  string
	Cite   []string
	Phases []PhaseDef
	Origin
}

// PhaseDef is one phase: the engine's procedure and its title.
type PhaseDef struct {
	Proc, Title string
	Pos         Pos
}

// ConstraintDef is a condition over the params that holds in the module.
type ConstraintDef struct {
	Name, Title string
	Cite        []string
	// Cond is the condition as the checker compiled and evaluated it
	// against the params; the engine never runs it.
	Cond string
	Origin
	ast *Constraint
}
