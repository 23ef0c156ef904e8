package dsl

import (
	"fmt"
	"math/big"
	"sort"
	"strconv"
	"strings"
	"unicode"

	"github.com/alecthomas/participle/v2/lexer"
)

// ModuleDiff lists what changed between two checked modules, in rulebook
// terms: declarations compared by kind and name, never by position, so
// reformatting, comments and declaration order are no change.
type ModuleDiff struct {
	Old     ModuleInfo `json:"old"`
	New     ModuleInfo `json:"new"`
	Changes []Change   `json:"changes"`
	// citesIgnored: IgnoreCites was called.
	citesIgnored bool
	keyed        *keyedDiff
}

// ModuleInfo names one side of a diff.
type ModuleInfo struct {
	// Source is what the user named (a battle, a folder, a file); Diff leaves
	// it empty for the caller to fill in.
	Source  string `json:"source,omitempty"`
	ID      string `json:"id"`
	Kind    string `json:"kind"`
	Title   string `json:"title,omitempty"`
	Edition string `json:"edition,omitempty"`
}

// IgnoreCites drops every change of citation, and the declarations whose
// only change was their citation: for an errata sheet of what plays
// differently (`bataille diff --ignore-cites`). The sheet then names each
// declaration by its new citation alone.
func (d *ModuleDiff) IgnoreCites() {
	d.citesIgnored = true
	kept := d.Changes[:0]
	for _, c := range d.Changes {
		ds := c.Details[:0:0]
		for _, det := range c.Details {
			if det.What != "cite" {
				ds = append(ds, det)
			}
		}
		c.Details = ds
		if c.Op == Changed && len(ds) == 0 {
			continue
		}
		kept = append(kept, c)
	}
	d.Changes = kept
}

// Equal reports whether the two modules have the same effective rules.
func (d *ModuleDiff) Equal() bool { return len(d.Changes) == 0 }

// Op is what happened to a declaration.
type Op string

const (
	Added   Op = "added"
	Removed Op = "removed"
	Changed Op = "changed"
)

// KindHeader is the Kind of the change to a module's header (id, title,
// edition, citation).
const KindHeader = "header"

// Change is one declaration that differs. Old is nil for an added one, New
// for a removed one.
type Change struct {
	Kind    string   `json:"kind"`
	Name    string   `json:"name"`
	Op      Op       `json:"op"`
	Old     *Side    `json:"old,omitempty"`
	New     *Side    `json:"new,omitempty"`
	Details []Detail `json:"details,omitempty"`
}

// Side is a declaration as one module has it: where it is written and what
// it cites, so an errata line can point at both editions.
type Side struct {
	Module string   `json:"module"`
	Title  string   `json:"title,omitempty"`
	Pos    Pos      `json:"pos"`
	Cite   []string `json:"cite,omitempty"`
}

// Detail is one difference inside a declaration. What names the aspect
// ("value", "roll", "row", "odds", "when", "effect", …); Column and Item
// narrow it (a table column, an outcome, a property). Old is empty when the
// aspect was added, New when it was removed.
type Detail struct {
	What   string `json:"what"`
	Column string `json:"column,omitempty"`
	Item   string `json:"item,omitempty"`
	Old    string `json:"old,omitempty"`
	New    string `json:"new,omitempty"`
}

// kindOrder is the order kinds are listed in: as an errata sheet would,
// the header first, then each kind at its declKind.errata.
var kindOrder = map[string]int{KindHeader: 0}

// KindOrder reports where a kind of change sorts among the others.
func KindOrder(kind string) int {
	if n, ok := kindOrder[kind]; ok {
		return n
	}
	return len(kindOrder)
}

// Diff compares the effective declarations of two checked modules (after
// `extends`, overrides and removals). A nil module counts as empty, so that
// a file added or deleted in version control diffs as all added or removed.
func Diff(old, new *Module) *ModuleDiff {
	if old == nil {
		old = &Module{}
	}
	if new == nil {
		new = &Module{}
	}
	d := &ModuleDiff{Old: infoOf(old), New: infoOf(new), keyed: newKeyedDiff()}
	d.header(old, new)
	for _, k := range declKinds {
		if k.diff != nil {
			k.diff(d, old, new)
		}
	}
	sort.SliceStable(d.Changes, func(i, j int) bool {
		a, b := d.Changes[i], d.Changes[j]
		if ka, kb := KindOrder(a.Kind), KindOrder(b.Kind); ka != kb {
			return ka < kb
		}
		return a.Name < b.Name
	})
	return d
}

func infoOf(m *Module) ModuleInfo {
	return ModuleInfo{ID: m.ID, Kind: m.Kind, Title: m.Title, Edition: m.Edition}
}

// add records a change unless a changed declaration shows no difference.
func (d *ModuleDiff) add(c Change) {
	if c.Op == Changed && len(c.Details) == 0 {
		return
	}
	d.Changes = append(d.Changes, c)
}

// change builds the change of a declaration present on either side.
func change(kind, name string, old, new *Side) Change {
	c := Change{Kind: kind, Name: name, Old: old, New: new, Op: Changed}
	switch {
	case old == nil:
		c.Op = Added
	case new == nil:
		c.Op = Removed
	}
	return c
}

// field adds a detail when the two texts differ.
func field(ds *[]Detail, what, old, new string) {
	if old != new {
		*ds = append(*ds, Detail{What: what, Old: old, New: new})
	}
}

func citeText(c []string) string { return strings.Join(c, ", ") }

// side is how a diff shows where a declaration is: nil when the module
// has none.
func (t *TableDef) side() *Side {
	if t == nil {
		return nil
	}
	return side(t.Module, t.Title, t.Pos, t.Cite)
}

func (c *CheckDef) side() *Side {
	if c == nil {
		return nil
	}
	return side(c.Module, c.Title, c.Pos, c.Cite)
}

func (m *ModifierDef) side() *Side {
	if m == nil {
		return nil
	}
	return side(m.Module, m.Title, m.Pos, m.Cite)
}

func (c *ChartDef) side() *Side {
	if c == nil {
		return nil
	}
	return side(c.Module, c.Title, c.Pos, c.Cite)
}

func (o *ObjectiveDef) side() *Side {
	if o == nil {
		return nil
	}
	return side(o.Module, o.Title, o.Pos, o.Cite)
}

func (r *RuleDef) side() *Side {
	if r == nil {
		return nil
	}
	return side(r.Module, r.Title, r.Pos, r.Cite)
}

func (v *VocabDef) side() *Side {
	if v == nil {
		return nil
	}
	return side(v.Module, v.Title, v.Pos, v.Cite)
}

func side(module, title string, pos Pos, cite []string) *Side {
	return &Side{Module: module, Title: title, Pos: pos, Cite: cite}
}

// ---- header -----------------------------------------------------------------

func headerPos(m *Module) Pos {
	for _, f := range m.Files {
		if f != nil && f.Header != nil {
			return position(f.Header.Pos)
		}
	}
	return Pos{}
}

func (d *ModuleDiff) header(old, new *Module) {
	var was, now *Side
	if old.ID != "" {
		was = side(old.ID, old.Title, headerPos(old), old.Cite)
	}
	if new.ID != "" {
		now = side(new.ID, new.Title, headerPos(new), new.Cite)
	}
	if was == nil && now == nil {
		return
	}
	c := change(KindHeader, "", was, now)
	field(&c.Details, "id", old.ID, new.ID)
	field(&c.Details, "kind", old.Kind, new.Kind)
	field(&c.Details, "title", old.Title, new.Title)
	field(&c.Details, "edition", old.Edition, new.Edition)
	field(&c.Details, "cite", citeText(old.Cite), citeText(new.Cite))
	// An empty side (a file added or deleted) makes the header added or
	// removed; its details say what it holds.
	d.add(c)
}

// ---- params -----------------------------------------------------------------

func (d *ModuleDiff) params(old, new *Module) {
	for _, name := range unionKeys(old.Params, new.Params) {
		o, n := old.Params[name], new.Params[name]
		var was, now *Side
		var ov, nv, oc, nc string
		if o != nil {
			was, ov, oc = side(o.Module, "", o.Pos, o.Cite), ValueString(o.Value), citeText(o.Cite)
		}
		if n != nil {
			now, nv, nc = side(n.Module, "", n.Pos, n.Cite), ValueString(n.Value), citeText(n.Cite)
		}
		c := change(KindParam, name, was, now)
		field(&c.Details, "value", ov, nv)
		if o != nil && n != nil {
			field(&c.Details, "cite", oc, nc)
		}
		d.add(c)
	}
}

// ValueString writes a literal value the way a script would.
func ValueString(v any) string {
	switch x := v.(type) {
	case nil:
		return ""
	case string:
		return strconv.Quote(x)
	case float64:
		return strconv.FormatFloat(x, 'g', -1, 64)
	case Dice:
		return x.String()
	case HexSpec:
		if x.Axial {
			return fmt.Sprintf("(%d,%d)", x.Q, x.R)
		}
		return x.Number
	}
	return fmt.Sprint(v)
}

// ---- tables -----------------------------------------------------------------

func (d *ModuleDiff) tables(old, new *Module) {
	for _, name := range unionKeys(old.Tables, new.Tables) {
		o, n := old.Tables[name], new.Tables[name]
		was, now := o.side(), n.side()
		c := change(KindTable, name, was, now)
		switch {
		case o == nil:
			field(&c.Details, "roll", "", n.Roll.String())
		case n == nil:
			field(&c.Details, "roll", o.Roll.String(), "")
		default:
			c.Details = d.keyed.tableDetails(o, n)
		}
		d.add(c)
	}
}

func (k *keyedDiff) tableDetails(o, n *TableDef) []Detail {
	var ds []Detail
	field(&ds, "title", o.Title, n.Title)
	field(&ds, "roll", o.Roll.String(), n.Roll.String())
	field(&ds, "cite", citeText(o.Cite), citeText(n.Cite))
	oc, nc := columnsByTitle(o), columnsByTitle(n)
	// Which column is read depends on their order: report it when the
	// columns both sides have come in another order.
	var oOrder, nOrder []string
	if len(o.Keys) == 0 && len(n.Keys) == 0 {
		for _, c := range o.Columns {
			if _, ok := nc[columnName(c)]; ok {
				oOrder = append(oOrder, strconv.Quote(columnName(c)))
			}
		}
		for _, c := range n.Columns {
			if _, ok := oc[columnName(c)]; ok {
				nOrder = append(nOrder, strconv.Quote(columnName(c)))
			}
		}
		field(&ds, "column order", strings.Join(oOrder, ", "), strings.Join(nOrder, ", "))
	}
	field(&ds, "keys", keysText(o.Keys), keysText(n.Keys))
	field(&ds, "placeholder", placeholderText(o.Placeholder), placeholderText(n.Placeholder))
	if byCombo, ok := k.comboTableDetails(o, n); ok {
		return append(ds, byCombo...)
	}
	for _, title := range unionKeys(oc, nc) {
		a, b := oc[title], nc[title]
		switch {
		case a == nil:
			ds = append(ds, Detail{What: "column", Column: title, New: columnSummary(b)})
		case b == nil:
			ds = append(ds, Detail{What: "column", Column: title, Old: columnSummary(a)})
		default:
			ds = append(ds, columnDetails(title, o.Roll, a, n.Roll, b)...)
		}
	}
	return ds
}

// columnsByTitle indexes a table's columns; a one-way table's single column
// has the empty title. When two columns share a title the first is kept,
// as a lookup would read it.
func columnsByTitle(t *TableDef) map[string]*ColumnDef {
	out := map[string]*ColumnDef{}
	for _, c := range t.Columns {
		if _, dup := out[columnName(c)]; !dup {
			out[columnName(c)] = c
		}
	}
	return out
}

// columnName is how a diff names a column: its title, or a keyed
// column's cells.
func columnName(c *ColumnDef) string { return c.Name() }

func columnDetails(title string, oRoll RollSpec, a *ColumnDef, nRoll RollSpec, b *ColumnDef) []Detail {
	var ds []Detail
	if CanonicalExpr(a.When.sourceOrEmpty(), nil) != CanonicalExpr(b.When.sourceOrEmpty(), nil) {
		ds = append(ds, Detail{What: "column condition", Column: title, Old: condText(a.When), New: condText(b.When)})
	}
	or, nr := rowRanges(a), rowRanges(b)
	for _, key := range unionKeys(or, nr) {
		if or[key] != nr[key] {
			ds = append(ds, Detail{What: "row", Column: title, Item: key, Old: or[key], New: nr[key]})
		}
	}
	return append(ds, oddsChanges(title, Odds(oRoll.Dice, a), Odds(nRoll.Dice, b))...)
}

// oddsChanges lists the outcomes whose chance differs between two
// columns' odds, an outcome one column lacks at nil.
func oddsChanges(column string, oo, no map[string]*big.Rat) []Detail {
	var ds []Detail
	for _, key := range unionKeys(oo, no) {
		p, q := oo[key], no[key]
		if p == nil {
			p = new(big.Rat)
		}
		if q == nil {
			q = new(big.Rat)
		}
		if p.Cmp(q) != 0 {
			ps, qs := percentPair(p, q)
			ds = append(ds, Detail{What: "odds", Column: column, Item: key, Old: ps, New: qs})
		}
	}
	return ds
}

func condText(p *Program) string {
	if p == nil {
		return ""
	}
	return DisplayExpr(p.Source)
}

// rowKey names what a row gives: its outcome, with its number if any
// ("loss 2"), so rows are matched by what they mean, not where they sit.
func rowKey(r RowDef) string {
	switch {
	case r.HasValue2:
		return r.Outcome + " " + strconv.Itoa(r.Value) + " " + strconv.Itoa(r.Value2)
	case r.HasValue:
		return r.Outcome + " " + strconv.Itoa(r.Value)
	}
	return r.Outcome
}

// rowRanges maps each outcome of a column to the ranges that give it.
func rowRanges(c *ColumnDef) map[string]string {
	rows := append([]RowDef(nil), c.Rows...)
	sort.SliceStable(rows, func(i, j int) bool { return rows[i].Lo < rows[j].Lo })
	out := map[string]string{}
	for _, r := range rows {
		k := rowKey(r)
		if out[k] != "" {
			out[k] += ", "
		}
		out[k] += r.RangeString()
	}
	return out
}

func columnSummary(c *ColumnDef) string {
	rows := append([]RowDef(nil), c.Rows...)
	sort.SliceStable(rows, func(i, j int) bool { return rows[i].Lo < rows[j].Lo })
	var parts []string
	for _, r := range rows {
		parts = append(parts, r.RangeString()+" "+rowKey(r))
	}
	s := strings.Join(parts, "; ")
	if c.When != nil {
		s = "when " + condText(c.When) + ": " + s
	}
	return s
}

// Odds gives the exact chance of each outcome of a column on an unmodified
// roll of the dice: d66 has 36 equally likely results, NdS is the
// convolution of N dice. A result no row holds counts for no outcome.
func Odds(d Dice, c *ColumnDef) map[string]*big.Rat {
	return ModifiedOdds(RollSpec{Dice: d}, c, 0)
}

// distribution counts the ways each result of the dice comes up.
func distribution(d Dice) (map[int]*big.Int, *big.Int) {
	if d.D66 || d.N < 1 || d.Sides < 1 {
		out := map[int]*big.Int{}
		res := d.Results()
		for _, r := range res {
			out[r] = big.NewInt(1)
		}
		return out, big.NewInt(int64(max(1, len(res))))
	}
	// ways[s] is the number of ways k dice sum to s, built one die at a time.
	ways := map[int]*big.Int{0: big.NewInt(1)}
	for range d.N {
		next := map[int]*big.Int{}
		for s, w := range ways {
			for face := 1; face <= d.Sides; face++ {
				if next[s+face] == nil {
					next[s+face] = new(big.Int)
				}
				next[s+face].Add(next[s+face], w)
			}
		}
		ways = next
	}
	total := new(big.Int).Exp(big.NewInt(int64(d.Sides)), big.NewInt(int64(d.N)), nil)
	return ways, total
}

// percentPair writes two different chances as percentages with one
// decimal, or more when one decimal would show them equal.
func percentPair(p, q *big.Rat) (string, string) {
	hundred := big.NewRat(100, 1)
	pp, qp := new(big.Rat).Mul(p, hundred), new(big.Rat).Mul(q, hundred)
	for prec := 1; ; prec++ {
		a, b := pp.FloatString(prec), qp.FloatString(prec)
		if a != b || prec >= 6 {
			return a + "%", b + "%"
		}
	}
}

func keysText(keys []*KeyDef) string {
	parts := make([]string, len(keys))
	for i, k := range keys {
		parts[i] = DisplayExpr(k.Source) + " only " + domainText(k)
	}
	return strings.Join(parts, ", ")
}

func placeholderText(b bool) string {
	if b {
		return "placeholder"
	}
	return "published"
}

// ---- modifiers ----------------------------------------------------------------

// modifiers compares the named modifiers of every roll. A change of value
// also says what it does to the odds of each outcome of the roll's table
// when the modifier applies.
func (d *ModuleDiff) modifiers(old, new *Module) {
	om, nm := modifiersByName(old), modifiersByName(new)
	for _, name := range unionKeys(om, nm) {
		o, n := om[name], nm[name]
		was, now := o.side(), n.side()
		c := change(KindModifier, name, was, now)
		var ov, nv, ow, nw, ot, nt, oc, nc, op, np string
		if o != nil {
			ov, ow, ot, oc, op = condText(o.Value), condText(o.When), o.Title, citeText(o.Cite), placeholderText(o.Placeholder)
		}
		if n != nil {
			nv, nw, nt, nc, np = condText(n.Value), condText(n.When), n.Title, citeText(n.Cite), placeholderText(n.Placeholder)
		}
		if o == nil || n == nil || CanonicalExpr(o.Value.sourceOrEmpty(), nil) != CanonicalExpr(n.Value.sourceOrEmpty(), nil) {
			field(&c.Details, "value", ov, nv)
		}
		if o == nil || n == nil || CanonicalExpr(o.When.sourceOrEmpty(), nil) != CanonicalExpr(n.When.sourceOrEmpty(), nil) {
			field(&c.Details, "when", ow, nw)
		}
		if o != nil && n != nil {
			field(&c.Details, "title", ot, nt)
			field(&c.Details, "cite", oc, nc)
			field(&c.Details, "placeholder", op, np)
		}
		c.Details = append(c.Details, d.keyed.modifierOdds(old, o, new, n)...)
		d.add(c)
	}
}

// objectives compares what the sides value, for the advisor.
func (d *ModuleDiff) objectives(old, new *Module) {
	for _, name := range unionKeys(old.Objectives, new.Objectives) {
		o, n := old.Objectives[name], new.Objectives[name]
		c := change(KindObjective, name, o.side(), n.side())
		if o != nil && n != nil {
			field(&c.Details, "for", o.For, n.For)
			if CanonicalExpr(o.Value.sourceOrEmpty(), nil) != CanonicalExpr(n.Value.sourceOrEmpty(), nil) {
				field(&c.Details, "value", condText(o.Value), condText(n.Value))
			}
			if CanonicalExpr(o.When.sourceOrEmpty(), nil) != CanonicalExpr(n.When.sourceOrEmpty(), nil) {
				field(&c.Details, "when", condText(o.When), condText(n.When))
			}
			field(&c.Details, "title", o.Title, n.Title)
			field(&c.Details, "cite", citeText(o.Cite), citeText(n.Cite))
		}
		d.add(c)
	}
}

func modifiersByName(m *Module) map[string]*ModifierDef {
	out := map[string]*ModifierDef{}
	for _, x := range m.Modifiers {
		out[x.Name] = x
	}
	return out
}

// modifierOdds says, for each column of the modified table, how the odds
// of its outcomes move when the modifier applies: from the old value (0
// when it was added) to the new (0 when it was removed). Only constant
// values can be said so.
func (k *keyedDiff) modifierOdds(old *Module, o *ModifierDef, new *Module, n *ModifierDef) []Detail {
	constant := func(m *ModifierDef) (int, bool) {
		if m == nil {
			return 0, true
		}
		if m.Value == nil || !m.Value.IsConst {
			return 0, false
		}
		v, ok := m.Value.Const.(int)
		return v, ok
	}
	ov, ok1 := constant(o)
	nv, ok2 := constant(n)
	if !ok1 || !ok2 {
		return nil
	}
	ot, nt := tableOf(old, o, n), tableOf(new, n, o)
	if ot == nil || nt == nil {
		return nil
	}
	if ds, ok := k.comboModifierOdds(ot, o, ov, nt, n, nv); ok {
		return ds
	}
	// Columns paired by their names: a modifier applies to a column
	// unless what the column's condition says makes its own false.
	ct := k.ct
	oc, nc := columnsByTitle(ot), columnsByTitle(nt)
	var ds []Detail
	for _, title := range unionKeys(oc, nc) {
		a, b := oc[title], nc[title]
		if a == nil || b == nil {
			continue
		}
		am, bm := ct.modValue(o, ov, ct.facts(a.When)), ct.modValue(n, nv, ct.facts(b.When))
		if am != bm {
			ds = append(ds, k.oddsDetails(title, ot.Roll, a, am, nt.Roll, b, bm)...)
		}
	}
	return ds
}

// tableOf finds the table a modifier modifies in m, naming it after the
// modifier m has, or else the other side's.
func tableOf(m *Module, mine, other *ModifierDef) *TableDef {
	if mine == nil {
		mine = other
	}
	return m.Tables[mine.Target]
}

// ModifiedOdds gives the exact chance of each outcome of a column when the
// roll is modified by mod (held to the roll's bounds; d66 steps in base 6
// and stays at its ends).
func ModifiedOdds(spec RollSpec, c *ColumnDef, mod int) map[string]*big.Rat {
	if spec.HasModifier {
		mod = max(spec.ModLo, min(spec.ModHi, mod))
	} else {
		mod = 0
	}
	weights, total := distribution(spec.Dice)
	counts := map[string]*big.Int{}
	for _, r := range spec.Dice.Results() {
		row, ok := c.Lookup(spec.Dice.Modify(r, mod))
		if !ok {
			continue
		}
		k := rowKey(row)
		if counts[k] == nil {
			counts[k] = new(big.Int)
		}
		counts[k].Add(counts[k], weights[r])
	}
	out := map[string]*big.Rat{}
	for k, n := range counts {
		out[k] = new(big.Rat).SetFrac(n, total)
	}
	return out
}

// ---- charts -------------------------------------------------------------------

func (d *ModuleDiff) charts(old, new *Module) {
	for _, name := range unionKeys(old.Charts, new.Charts) {
		o, n := old.Charts[name], new.Charts[name]
		was, now := o.side(), n.side()
		c := change(KindChart, name, was, now)
		var ok, nk string
		if o != nil {
			ok = keysText(o.Keys)
		}
		if n != nil {
			nk = keysText(n.Keys)
		}
		field(&c.Details, "keys", ok, nk)
		if o != nil && n != nil {
			field(&c.Details, "title", o.Title, n.Title)
			field(&c.Details, "cite", citeText(o.Cite), citeText(n.Cite))
			field(&c.Details, "placeholder", placeholderText(o.Placeholder), placeholderText(n.Placeholder))
			if ok == nk {
				c.Details = append(c.Details, chartCells(o, n)...)
			}
		}
		d.add(c)
	}
}

// chartCells compares two charts with the same keys value by value, over
// every combination of their keys.
func chartCells(o, n *ChartDef) []Detail {
	var ds []Detail
	total := 1
	domains := make([][]any, len(o.Keys))
	for i, k := range o.Keys {
		domains[i] = k.Values()
		total *= len(domains[i])
	}
	if total > maxCombinations {
		return nil
	}
	idx := make([]int, len(domains))
	vals := make([]any, len(domains))
	for range total {
		for i := range domains {
			vals[i] = domains[i][idx[i]]
		}
		a, errA := o.Lookup(vals)
		b, errB := n.Lookup(vals)
		as, bs := fmt.Sprint(a), fmt.Sprint(b)
		if errA != nil {
			as = ""
		}
		if errB != nil {
			bs = ""
		}
		if as != bs {
			ds = append(ds, Detail{What: "value", Item: combo(vals), Old: as, New: bs})
		}
		for i := len(idx) - 1; i >= 0; i-- {
			if idx[i]++; idx[i] < len(domains[i]) {
				break
			}
			idx[i] = 0
		}
	}
	return ds
}

// ---- checks -------------------------------------------------------------------

func (d *ModuleDiff) checks(old, new *Module) {
	for _, name := range unionKeys(old.Checks, new.Checks) {
		o, n := old.Checks[name], new.Checks[name]
		var or, nr, od, nd, ot, nt string
		if o != nil {
			or, od, ot = o.Roll.String(), o.Direction, condText(o.Threshold)
		}
		if n != nil {
			nr, nd, nt = n.Roll.String(), n.Direction, condText(n.Threshold)
		}
		c := change(KindCheck, name, o.side(), n.side())
		if o != nil && n != nil {
			field(&c.Details, "title", o.Title, n.Title)
		}
		field(&c.Details, "roll", or, nr)
		field(&c.Details, "direction", od, nd)
		// Compare thresholds by their normalized tokens; show them readable.
		if o == nil || n == nil || CanonicalExpr(o.Threshold.sourceOrEmpty(), nil) != CanonicalExpr(n.Threshold.sourceOrEmpty(), nil) {
			field(&c.Details, "threshold", ot, nt)
		}
		if o != nil && n != nil {
			field(&c.Details, "cite", citeText(o.Cite), citeText(n.Cite))
		}
		d.add(c)
	}
}

func (p *Program) sourceOrEmpty() string {
	if p == nil {
		return ""
	}
	return p.Source
}

// ---- rules --------------------------------------------------------------------

func (d *ModuleDiff) rules(old, new *Module) {
	om, nm := rulesByID(old), rulesByID(new)
	for _, id := range unionKeys(om, nm) {
		o, n := om[id], nm[id]
		was, now := o.side(), n.side()
		c := change(KindRule, id, was, now)
		switch {
		case o == nil:
			c.Details = ruleWhole(n, false)
		case n == nil:
			c.Details = ruleWhole(o, true)
		default:
			c.Details = ruleDetails(o, n)
		}
		d.add(c)
	}
}

func rulesByID(m *Module) map[string]*RuleDef {
	out := map[string]*RuleDef{}
	for _, r := range m.Rules {
		out[r.ID] = r
	}
	return out
}

// item is one clause (or effect call) of a rule: key compares it, text
// shows it.
type item struct {
	key, text string
	// require: the condition's key and text, and the message
	cond, condText, msg string
}

// ruleItems splits a rule into what it tests, binds, asks and does. A name
// bound by `let` is compared by the value it stands for, not by its name or
// its place.
func ruleItems(r *RuleDef) map[string][]item {
	out := map[string][]item{}
	locals := map[string]string{}
	for _, c := range r.Clauses {
		switch c.Kind {
		case ClauseWhen:
			src := c.Cond.sourceOrEmpty()
			out["when"] = append(out["when"], item{key: CanonicalExpr(src, locals), text: DisplayExpr(src)})
		case ClauseRequire:
			src := c.Cond.sourceOrEmpty()
			k := CanonicalExpr(src, locals)
			out["require"] = append(out["require"], item{
				key: k + " else " + strconv.Quote(c.Message), text: DisplayExpr(src) + " else " + strconv.Quote(c.Message),
				cond: k, condText: DisplayExpr(src), msg: c.Message,
			})
		case ClauseLet:
			src := c.Cond.sourceOrEmpty()
			value := CanonicalExpr(src, locals)
			// A local stands for its value wherever it is read, so a renamed
			// or reordered local is no change, and one added in front shifts
			// nothing.
			locals[c.Name] = "(" + value + ")"
			out["let"] = append(out["let"], item{key: value, text: c.Name + " = " + DisplayExpr(src), cond: c.Name})
		case ClauseAsk:
			k, t := strconv.Quote(c.Question), strconv.Quote(c.Question)
			if c.Of != nil {
				k += " of " + CanonicalExpr(c.Of.Source, locals)
				t += " of " + DisplayExpr(c.Of.Source)
			}
			out["ask"] = append(out["ask"], item{key: k, text: t})
		case ClauseDo:
			for _, call := range c.Calls {
				out["effect"] = append(out["effect"], item{key: callText(call, locals, true), text: callText(call, nil, false)})
			}
		}
	}
	return out
}

// callText writes an effect call with its arguments in the effect's order:
// leading required arguments by position, the rest by name, so that
// `retreat(u, 1)` and `retreat(u, n: 1)` read the same.
func callText(c *CallDef, locals map[string]string, canonical bool) string {
	if c == nil || c.Effect == nil {
		return "?"
	}
	var args []string
	named := false
	for i, p := range c.Effect.Params {
		var a *ArgDef
		if i < len(c.Args) {
			a = c.Args[i]
		}
		if a == nil {
			named = true
			continue
		}
		var v string
		switch {
		case a.Ref != "":
			v = a.Ref
		case a.Prog != nil && canonical:
			v = CanonicalExpr(a.Prog.Source, locals)
		case a.Prog != nil:
			v = DisplayExpr(a.Prog.Source)
		default:
			v = "?"
		}
		if named || p.Optional {
			named = true
			v = p.Name + ": " + v
		}
		args = append(args, v)
	}
	return c.Effect.Name + "(" + strings.Join(args, ", ") + ")"
}

// ruleWhole lists what a rule only one side has does: the hook it runs on,
// then what it binds, tests, asks and does, as the other side's additions
// (or, for a removed rule, its removals), so that an errata sheet gives a
// new rule whole.
func ruleWhole(r *RuleDef, removed bool) []Detail {
	var ds []Detail
	put := func(what, item, text string) {
		d := Detail{What: what, Item: item, New: text}
		if removed {
			d.Old, d.New = text, ""
		}
		ds = append(ds, d)
	}
	put("hook", "", r.Hook)
	items := ruleItems(r)
	for _, it := range items["let"] {
		put("let", it.cond, it.text)
	}
	for _, what := range []string{"when", "require", "ask", "effect"} {
		for _, it := range items[what] {
			put(what, "", it.text)
		}
	}
	return ds
}

func ruleDetails(o, n *RuleDef) []Detail {
	var ds []Detail
	// A title is compared as written: one that reads a param changes with
	// it, and the param's change says so already.
	field(&ds, "title", o.TitleSource(), n.TitleSource())
	field(&ds, "hook", o.Hook, n.Hook)
	oi, ni := ruleItems(o), ruleItems(n)
	ds = append(ds, letDetails(oi["let"], ni["let"])...)
	ds = append(ds, itemDetails("when", oi["when"], ni["when"], false)...)
	ds = append(ds, itemDetails("require", oi["require"], ni["require"], true)...)
	ds = append(ds, itemDetails("ask", oi["ask"], ni["ask"], false)...)
	eff := itemDetails("effect", oi["effect"], ni["effect"], false)
	ds = append(ds, eff...)
	if len(eff) == 0 && !keysEqual(oi["effect"], ni["effect"]) && joinTexts(oi["effect"]) != joinTexts(ni["effect"]) {
		// The same effects in another order do another thing.
		ds = append(ds, Detail{What: "effect order", Old: joinTexts(oi["effect"]), New: joinTexts(ni["effect"])})
	}
	field(&ds, "cite", citeText(o.Cite), citeText(n.Cite))
	return ds
}

func joinTexts(items []item) string {
	var parts []string
	for _, it := range items {
		parts = append(parts, it.text)
	}
	return strings.Join(parts, "; ")
}

func keysEqual(a, b []item) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i].key != b[i].key {
			return false
		}
	}
	return true
}

// letDetails compares the names two rules bind by name: a name bound on
// both sides to another value is one change, not a removal and an addition
// paired by where they happen to sit.
func letDetails(old, new []item) []Detail {
	removed, added := multisetDiff(old, new)
	var ds []Detail
	used := make([]bool, len(added))
	var rest []item
	for _, r := range removed {
		j := -1
		for k, a := range added {
			if !used[k] && a.cond == r.cond {
				j = k
				break
			}
		}
		if j < 0 {
			rest = append(rest, r)
			continue
		}
		used[j] = true
		ds = append(ds, Detail{What: "let", Item: r.cond, Old: r.text, New: added[j].text})
	}
	for _, r := range rest {
		ds = append(ds, Detail{What: "let", Item: r.cond, Old: r.text})
	}
	for j, a := range added {
		if !used[j] {
			ds = append(ds, Detail{What: "let", Item: a.cond, New: a.text})
		}
	}
	return ds
}

// itemDetails compares two lists of clauses as multisets: a clause both
// sides have is no change, wherever it sits. What remains is paired in
// order, the i-th removed with the i-th added, so that swapping the sides
// swaps every detail; require clauses with the same condition pair first,
// as a changed message.
func itemDetails(what string, old, new []item, require bool) []Detail {
	removed, added := multisetDiff(old, new)
	var ds []Detail
	if require {
		var rest []item
		used := make([]bool, len(added))
		for _, r := range removed {
			j := pairIndex(r, added, used)
			if j < 0 {
				rest = append(rest, r)
				continue
			}
			used[j] = true
			ds = append(ds, Detail{What: "require message", Item: r.condText, Old: strconv.Quote(r.msg), New: strconv.Quote(added[j].msg)})
		}
		var restAdded []item
		for j, a := range added {
			if !used[j] {
				restAdded = append(restAdded, a)
			}
		}
		removed, added = rest, restAdded
	}
	for i := 0; i < max(len(removed), len(added)); i++ {
		var d Detail
		d.What = what
		if i < len(removed) {
			d.Old = removed[i].text
		}
		if i < len(added) {
			d.New = added[i].text
		}
		if d.Old == d.New {
			// The same text meaning another thing: a local it reads
			// changed, and that change is reported where it is bound.
			continue
		}
		ds = append(ds, d)
	}
	return ds
}

// pairIndex finds the added require clause with r's condition that pairs
// with r: the k-th removed one with that condition pairs with the k-th added
// one, which makes the pairing the same whichever side is old.
func pairIndex(r item, added []item, used []bool) int {
	for j, a := range added {
		if !used[j] && a.cond == r.cond && a.msg != r.msg {
			return j
		}
	}
	return -1
}

// multisetDiff returns the items of old that new lacks and those of new
// that old lacks, each in its own order.
func multisetDiff(old, new []item) (removed, added []item) {
	count := map[string]int{}
	for _, it := range new {
		count[it.key]++
	}
	for _, it := range old {
		if count[it.key] > 0 {
			count[it.key]--
			continue
		}
		removed = append(removed, it)
	}
	count = map[string]int{}
	for _, it := range old {
		count[it.key]++
	}
	for _, it := range new {
		if count[it.key] > 0 {
			count[it.key]--
			continue
		}
		added = append(added, it)
	}
	return removed, added
}

// ---- vocabularies ---------------------------------------------------------------

func (d *ModuleDiff) vocab(kind string, old, new *Module) {
	ow, nw := old.Vocab[kind], new.Vocab[kind]
	for _, name := range unionKeys(ow, nw) {
		o, n := ow[name], nw[name]
		was, now := o.side(), n.side()
		c := change(kind, name, was, now)
		if o != nil && n != nil {
			field(&c.Details, "title", o.Title, n.Title)
			op, np := propTexts(o, old.Env), propTexts(n, new.Env)
			for _, key := range unionKeys(op, np) {
				if op[key] != np[key] {
					c.Details = append(c.Details, Detail{What: "property", Item: key, Old: op[key], New: np[key]})
				}
			}
			field(&c.Details, "cite", citeText(o.Cite), citeText(n.Cite))
		}
		d.add(c)
	}
}

// propTexts writes a word's properties; a flag written `: false` is the
// same as no flag at all.
func propTexts(v *VocabDef, env *Env) map[string]string {
	out := map[string]string{}
	for k, vals := range v.Props {
		if len(vals) == 1 {
			if b, ok := vals[0].(bool); ok {
				if schema, known := env.property(v.Kind, k); known && schema.What == "flag" && !b {
					continue
				}
			}
		}
		var parts []string
		for _, x := range vals {
			parts = append(parts, wordString(x))
		}
		out[k] = strings.Join(parts, ", ")
	}
	return out
}

// wordString writes a property value: a word as it is (`arms: infantry`),
// anything else as a literal.
func wordString(v any) string {
	if s, ok := v.(string); ok && isWord(s) {
		return s
	}
	return ValueString(v)
}

func isWord(s string) bool {
	toks := exprTokens(s)
	return len(toks) == 1 && toks[0].Type == tokIdent && toks[0].Value == s
}

// ---- expressions -------------------------------------------------------------------

// exprTokens splits expression source into its tokens, without whitespace
// and comments. Text the lexer cannot read (no checked expression has any)
// falls back to words, so that comparing never fails.
func exprTokens(src string) []lexer.Token {
	all, err := lexAll(src)
	if err != nil {
		// Spaces the lexer does not know (\v, no-break space) are spaces.
		src = strings.Map(func(r rune) rune {
			if unicode.IsSpace(r) {
				return ' '
			}
			return r
		}, src)
		if all, err = lexAll(src); err != nil {
			return fieldTokens(src)
		}
	}
	var out []lexer.Token
	for _, t := range all {
		if t.Type == tokWhitespace || t.Type == tokComment {
			continue
		}
		out = append(out, t)
	}
	return out
}

// lexAll reads every token of src (lexer.ConsumeAll would allocate room
// for a thousand tokens for each expression).
func lexAll(src string) ([]lexer.Token, error) {
	lx, err := Lexer.LexString("", src)
	if err != nil {
		return nil, err
	}
	var out []lexer.Token
	for {
		t, err := lx.Next()
		if err != nil {
			return nil, err
		}
		if t.EOF() {
			return out, nil
		}
		out = append(out, t)
	}
}

func fieldTokens(src string) []lexer.Token {
	var out []lexer.Token
	for _, f := range strings.Fields(src) {
		out = append(out, lexer.Token{Value: f})
	}
	return out
}

// CanonicalExpr is the form two expressions are compared in: their tokens
// joined by single spaces, with the local names in locals replaced (a name
// after `.` is a field, not a local).
func CanonicalExpr(src string, locals map[string]string) string {
	toks := exprTokens(src)
	parts := make([]string, len(toks))
	for i, t := range toks {
		v := t.Value
		if t.Type == tokIdent && locals != nil && (i == 0 || !isMember(toks[i-1])) {
			if c, ok := locals[v]; ok {
				v = c
			}
		}
		parts[i] = v
	}
	return strings.Join(parts, " ")
}

func isMember(t lexer.Token) bool { return t.Value == "." || t.Value == "?." }

// DisplayExpr writes an expression on one line the way the formatter
// prints it, whatever its layout in the source: the language has one
// printer for expressions, used by fmt, diff, explain and the language
// server alike.
func DisplayExpr(src string) string {
	toks := exprTokens(src)
	fts := make([]ftok, len(toks))
	off := 0
	for i, t := range toks {
		// The printer glues tokens that touch in the source (1e3, $env):
		// offsets that keep them apart, except where they touched.
		fts[i] = ftok{typ: t.Type, val: t.Value, off: off}
		off += len(t.Value) + 1
		if i+1 < len(toks) && toks[i+1].Pos.Offset == t.Pos.Offset+len(t.Value) {
			off--
		}
	}
	if out, ok := canonicalExpr(fts); ok {
		return out
	}
	parts := make([]string, len(toks))
	for i, t := range toks {
		parts[i] = t.Value
	}
	return strings.Join(parts, " ")
}

// unionKeys lists the keys of two maps, sorted.
func unionKeys[V any](a, b map[string]V) []string {
	seen := map[string]bool{}
	var out []string
	for _, m := range []map[string]V{a, b} {
		for k := range m {
			if !seen[k] {
				seen[k] = true
				out = append(out, k)
			}
		}
	}
	sort.Strings(out)
	return out
}
