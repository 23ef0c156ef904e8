package interpreter

import (
	"fmt"
	"math/big"
	"slices"
	"strconv"
	"strings"

	"github.com/bataille/bataille/dsl"
	"github.com/expr-lang/expr/ast"
)

// Brancher decides rolls in place of the dice, so that a program can play a
// scenario down every way the dice can go (exact odds) rather than one.
// At each roll the engine offers what the roll can decide — a table's rows
// in its column, a check's pass and fail — each with its exact chance, and
// plays on with the alternative Choose returns (its index). The
// alternatives are shared between calls: Choose must not change them.
type Brancher interface {
	Choose(alts []Alternative) int
}

// Alternative is one way a roll can go.
type Alternative struct {
	// P is its exact chance; the alternatives of a roll add up to 1.
	P *big.Rat
	// Natural is the first natural roll that gives it: the roll the trace
	// shows and the outcome hook reads as `natural`.
	Natural int
	// What names it: the row ("41..56 disorder") or "pass"/"fail", with the
	// roll when rules read the roll itself ("roll 43: pass").
	What string
	// Dice are what the roll throws, for the faces that give Natural
	// (Faces): a path replayed on fixed dice.
	Dice dsl.Dice
}

// Faces are die faces that throw the alternative's natural roll, in the
// order the engine reads them: a d66's tens then units, the highest
// faces first for dice that are summed.
func (a Alternative) Faces() []int {
	if a.Dice.D66 {
		return []int{a.Natural / 10, a.Natural % 10}
	}
	out := make([]int, 0, a.Dice.N)
	left := a.Natural
	for i := range a.Dice.N {
		rest := a.Dice.N - 1 - i // dice still to throw, each at least 1
		f := max(1, min(a.Dice.Sides, left-rest))
		out = append(out, f)
		left -= f
	}
	return out
}

// Grains of branching: the coarsest partition of a roll's naturals under
// which the rest of the play cannot tell two naturals apart.
const (
	byRow     = iota // the row read (a check: pass or fail)
	byResult         // the modified roll: some expression reads `roll`
	byNatural        // the natural roll: some expression reads `natural`
)

type branchKey struct {
	col       *dsl.ColumnDef
	check     *dsl.CheckDef
	dice      dsl.Dice
	mod       int
	threshold int
}

type branchCache struct {
	// floor is the grain every roll needs; hooks the grain the rules of
	// each outcome hook need.
	floor int
	hooks map[string]int
	// cols is the grain the rules of a table's rolled hook (`melee_combat.
	// rolled`) need, for each column of the table: they read every roll of it.
	cols map[*dsl.ColumnDef]int
	// cuts are, for each column, the comparisons of the roll with a
	// constant that the rolled hook's rules make in their opening `when`s
	// (`roll >= casualty.fire_roll`), when they read the roll nowhere else:
	// results that every cut reads alike are one alternative.
	cuts map[*dsl.ColumnDef][]rollCut
	alts map[branchKey][]Alternative
}

// rollCut is one comparison of the roll with a constant.
type rollCut struct {
	op       string
	value    float64
	rollLeft bool // roll OP value, else value OP roll
}

func (c rollCut) holds(result int) bool {
	a, b := float64(result), c.value
	if !c.rollLeft {
		a, b = b, a
	}
	switch c.op {
	case "<":
		return a < b
	case "<=":
		return a <= b
	case ">":
		return a > b
	case ">=":
		return a >= b
	case "==":
		return a == b
	}
	return a != b
}

func (c rollCut) String() string {
	v := strconv.FormatFloat(c.value, 'f', -1, 64)
	if c.rollLeft {
		return "roll " + c.op + " " + v
	}
	return v + " " + c.op + " roll"
}

// roll draws a natural roll: from the dice, or, when a Brancher decides
// the rolls, the first natural of the alternative it chooses. A table roll
// gives its column, a check its threshold.
func (e *Engine) roll(d dsl.Dice, mod int, col *dsl.ColumnDef, check *dsl.CheckDef, threshold int) (int, error) {
	if e.cfg.Brancher == nil {
		return rollDice(e.dice, d), nil
	}
	if e.branches == nil {
		e.branches = newBranchCache(e.Module)
	}
	key := branchKey{col, check, d, mod, threshold}
	alts, ok := e.branches.alts[key]
	if !ok {
		alts = alternatives(e.branches.grain(key), key, e.branches.cuts[col])
		e.branches.alts[key] = alts
	}
	i := e.cfg.Brancher.Choose(alts)
	if i < 0 || i >= len(alts) {
		return 0, fmt.Errorf("the brancher chose alternative %d of %d", i, len(alts))
	}
	return alts[i].Natural, nil
}

// alternatives groups the naturals of a roll by what they decide, in the
// order of their first natural, and adds up their chances. Rows of a
// column that read the same outcome with the same numbers decide the same
// (the outcome hook is not told the row), so they are one alternative.
func alternatives(grain int, k branchKey, cuts []rollCut) []Alternative {
	naturals, ways, total := naturalWays(k.dice)
	var out []Alternative
	var counts []*big.Int
	var ranges [][]string // the rows of each alternative, for its name
	index := map[string]int{}
	for i, n := range naturals {
		result := k.dice.Modify(n, k.mod)
		var what, rows string
		switch {
		case k.check != nil:
			what = "fail"
			if k.check.Passes(result, k.threshold) {
				what = "pass"
			}
		default:
			if row, ok := k.col.Lookup(result); ok {
				what, rows = row.Outcome, row.RangeString()
				if row.HasValue {
					what += " " + strconv.Itoa(row.Value)
				}
				if row.HasValue2 {
					what += " " + strconv.Itoa(row.Value2)
				}
			} else {
				what = "no row"
			}
		}
		switch grain {
		case byResult:
			what = "roll " + strconv.Itoa(result) + ": " + what
		case byNatural:
			what = "natural " + strconv.Itoa(n) + ": " + what
		}
		for _, c := range cuts {
			if c.holds(result) {
				what += ", " + c.String()
			}
		}
		j, seen := index[what]
		if !seen {
			j = len(out)
			index[what] = j
			out = append(out, Alternative{Natural: n, What: what, Dice: k.dice})
			counts = append(counts, new(big.Int))
			ranges = append(ranges, nil)
		}
		counts[j].Add(counts[j], ways[i])
		if rows != "" && !slices.Contains(ranges[j], rows) {
			ranges[j] = append(ranges[j], rows)
		}
	}
	for j := range out {
		out[j].P = new(big.Rat).SetFrac(counts[j], total)
		if len(ranges[j]) > 0 {
			// "41..56 disorder", "roll 43: 41..56 disorder"
			head, tail, found := strings.Cut(out[j].What, ": ")
			if !found {
				head, tail = "", head
			} else {
				head += ": "
			}
			out[j].What = head + strings.Join(ranges[j], ", ") + " " + tail
		}
	}
	return out
}

// naturalWays lists a roll's natural results in order with the number of
// ways each comes up: d66 has 36 results of one way each; NdS sums N dice.
func naturalWays(d dsl.Dice) (naturals []int, ways []*big.Int, total *big.Int) {
	if d.D66 {
		for _, n := range d.Results() {
			naturals = append(naturals, n)
			ways = append(ways, big.NewInt(1))
		}
		return naturals, ways, big.NewInt(36)
	}
	// count[s] is the number of ways the dice so far sum to s.
	count := []*big.Int{big.NewInt(1)}
	for range d.N {
		next := make([]*big.Int, len(count)+d.Sides)
		for i := range next {
			next[i] = new(big.Int)
		}
		for s, c := range count {
			for face := 1; face <= d.Sides; face++ {
				next[s+face].Add(next[s+face], c)
			}
		}
		count = next
	}
	total = new(big.Int)
	for s, c := range count {
		if c.Sign() > 0 {
			naturals = append(naturals, s)
			ways = append(ways, c)
			total.Add(total, c)
		}
	}
	return naturals, ways, total
}

// newBranchCache finds how finely each roll must be told apart: by the
// row it reads, unless an expression reads the roll itself. The rules of a
// roll's outcome hooks, and of its table's rolled hook, read that roll:
// they decide for it alone. Any other
// expression that reads `roll` (a rule elsewhere, a column condition, key,
// threshold or modifier of a roll made from an outcome's rules) reads some
// enclosing roll: every roll is told apart as finely then.
func newBranchCache(m *dsl.Module) *branchCache {
	b := &branchCache{hooks: map[string]int{}, cols: map[*dsl.ColumnDef]int{}, cuts: map[*dsl.ColumnDef][]rollCut{}, alts: map[branchKey][]Alternative{}}
	rolled := map[string]*dsl.TableDef{}
	for _, t := range m.Tables {
		rolled[t.RolledHook] = t
	}
	outcome := map[string]bool{}
	for _, t := range m.Tables {
		outcome[t.RolledHook] = true
		for _, c := range t.Columns {
			for _, r := range c.Rows {
				outcome[r.Hook] = true
			}
		}
	}
	for _, c := range m.Checks {
		outcome[c.PassHook], outcome[c.FailHook] = true, true
	}
	floor := func(p *dsl.Program) {
		if p != nil {
			b.floor = max(b.floor, programGrain(p))
		}
	}
	for _, r := range m.Rules {
		if t, ok := rolled[r.Hook]; ok {
			if cuts, ok := openingCuts(m, r); ok {
				for _, c := range t.Columns {
					b.cuts[c] = append(b.cuts[c], cuts...)
				}
				continue
			}
		}
		g := ruleGrain(r)
		if outcome[r.Hook] {
			b.hooks[r.Hook] = max(b.hooks[r.Hook], g)
		} else {
			b.floor = max(b.floor, g)
		}
	}
	for _, t := range m.Tables {
		if g, ok := b.hooks[t.RolledHook]; ok {
			for _, c := range t.Columns {
				b.cols[c] = g
			}
		}
		for _, k := range t.Keys {
			floor(k.Prog)
		}
		for _, c := range t.Columns {
			floor(c.When)
		}
	}
	for _, c := range m.Checks {
		floor(c.Threshold)
	}
	for _, md := range m.Modifiers {
		floor(md.Value)
		floor(md.When)
	}
	return b
}

// grain is how finely one roll must be told apart.
func (b *branchCache) grain(k branchKey) int {
	g := b.floor
	if k.check != nil {
		return max(g, b.hooks[k.check.PassHook], b.hooks[k.check.FailHook])
	}
	for _, r := range k.col.Rows {
		g = max(g, b.hooks[r.Hook])
	}
	return max(g, b.cols[k.col])
}

func ruleGrain(r *dsl.RuleDef) int {
	grain := byRow
	see := func(p *dsl.Program) {
		if p != nil {
			grain = max(grain, programGrain(p))
		}
	}
	see(r.Guard)
	for _, c := range r.Clauses {
		see(c.Cond)
		see(c.Of)
		for _, cd := range c.Calls {
			for _, a := range cd.Args {
				if a != nil {
					see(a.Prog)
				}
			}
		}
	}
	return grain
}

func programGrain(p *dsl.Program) int {
	grain := byRow
	name := func(s string) {
		switch s {
		case "natural":
			grain = byNatural
		case "roll":
			grain = max(grain, byResult)
		}
	}
	name(p.Var)
	if node := p.Node(); node != nil {
		v := &identVisitor{see: name}
		ast.Walk(&node, v)
	}
	return grain
}

type identVisitor struct{ see func(string) }

func (v *identVisitor) Visit(n *ast.Node) {
	if id, ok := (*n).(*ast.IdentifierNode); ok {
		v.see(id.Value)
	}
}

// openingCuts reads a rule of a rolled hook that compares the roll with
// constants (numbers or params) in its opening `when`s and reads neither
// the roll nor the natural anywhere else. ok is false for any other rule.
func openingCuts(m *dsl.Module, r *dsl.RuleDef) (cuts []rollCut, ok bool) {
	n := 0
	for n < len(r.Clauses) && r.Clauses[n].Kind == dsl.ClauseWhen && r.Clauses[n].Cond != nil {
		n++
	}
	rest := *r
	rest.Guard, rest.Clauses = nil, r.Clauses[n:]
	if ruleGrain(&rest) != byRow {
		return nil, false
	}
	for _, c := range r.Clauses[:n] {
		more, ok := whenCuts(m, c.Cond)
		if !ok {
			return nil, false
		}
		cuts = append(cuts, more...)
	}
	return cuts, true
}

// whenCuts reads one condition: the comparisons of the roll with a
// constant in it, ok false when it reads the roll or the natural otherwise.
func whenCuts(m *dsl.Module, p *dsl.Program) (cuts []rollCut, ok bool) {
	if programGrain(p) == byRow {
		return nil, true
	}
	node := p.Node()
	if node == nil {
		return nil, false
	}
	compared := map[ast.Node]bool{}
	ast.Walk(&node, &nodeVisitor{see: func(n ast.Node) {
		b, isBin := n.(*ast.BinaryNode)
		if !isBin || !slices.Contains([]string{"<", "<=", ">", ">=", "==", "!="}, b.Operator) {
			return
		}
		for _, side := range []struct {
			roll, other ast.Node
			left        bool
		}{{b.Left, b.Right, true}, {b.Right, b.Left, false}} {
			if id, isID := side.roll.(*ast.IdentifierNode); isID && id.Value == "roll" {
				if value, isConst := constValue(m, side.other); isConst {
					cuts = append(cuts, rollCut{op: b.Operator, value: value, rollLeft: side.left})
					compared[side.roll] = true
				}
			}
		}
	}})
	ok = true
	ast.Walk(&node, &nodeVisitor{see: func(n ast.Node) {
		if id, isID := n.(*ast.IdentifierNode); isID && (id.Value == "natural" || id.Value == "roll" && !compared[n]) {
			ok = false
		}
	}})
	return cuts, ok
}

// constValue reads a number, or a param of the module that holds one.
// ConstValue is the value of an expression's node that is a number or a
// param of the module, for a procedure that reads its rules' conditions
// (how far its rules look).
func ConstValue(m *dsl.Module, n ast.Node) (float64, bool) { return constValue(m, n) }

func constValue(m *dsl.Module, n ast.Node) (float64, bool) {
	switch x := n.(type) {
	case *ast.IntegerNode:
		return float64(x.Value), true
	case *ast.FloatNode:
		return x.Value, true
	case *ast.ConstantNode:
		return number(x.Value)
	case *ast.MemberNode:
		name, ok := dotted(x)
		if !ok {
			return 0, false
		}
		if p, isParam := m.Params[name]; isParam {
			return number(p.Value)
		}
	}
	return 0, false
}

func number(v any) (float64, bool) {
	switch n := v.(type) {
	case int:
		return float64(n), true
	case float64:
		return n, true
	}
	return 0, false
}

// dotted spells a member chain of names (`casualty.fire_roll`).
func dotted(n ast.Node) (string, bool) {
	switch x := n.(type) {
	case *ast.IdentifierNode:
		return x.Value, true
	case *ast.MemberNode:
		prop, isStr := x.Property.(*ast.StringNode)
		head, ok := dotted(x.Node)
		if !isStr || !ok {
			return "", false
		}
		return head + "." + prop.Value, true
	}
	return "", false
}

type nodeVisitor struct{ see func(ast.Node) }

func (v *nodeVisitor) Visit(n *ast.Node) { v.see(*n) }
