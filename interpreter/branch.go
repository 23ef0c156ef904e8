package interpreter

import (
	"fmt"
	"math/big"
	"strconv"

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
	// roll when the module reads the roll itself ("roll 43: pass").
	What string
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
	grain int
	alts  map[branchKey][]Alternative
}

// roll draws a natural roll: from the dice, or, when a Brancher decides
// the rolls, the first natural of the alternative it chooses. A table roll
// gives its column, a check its threshold.
func (e *Engine) roll(d dsl.Dice, mod int, col *dsl.ColumnDef, check *dsl.CheckDef, threshold int) (int, error) {
	if e.cfg.Brancher == nil {
		return rollDice(e.dice, d), nil
	}
	if e.branches == nil {
		e.branches = &branchCache{grain: branchGrain(e.Module), alts: map[branchKey][]Alternative{}}
	}
	key := branchKey{col, check, d, mod, threshold}
	alts, ok := e.branches.alts[key]
	if !ok {
		alts = alternatives(e.branches.grain, key)
		e.branches.alts[key] = alts
	}
	i := e.cfg.Brancher.Choose(alts)
	if i < 0 || i >= len(alts) {
		return 0, fmt.Errorf("the brancher chose alternative %d of %d", i, len(alts))
	}
	return alts[i].Natural, nil
}

// alternatives groups the naturals of a roll by what they decide, in the
// order of their first natural, and adds up their chances.
func alternatives(grain int, k branchKey) []Alternative {
	naturals, ways, total := naturalWays(k.dice)
	var out []Alternative
	var counts []*big.Int
	index := map[string]int{}
	for i, n := range naturals {
		result := k.dice.Modify(n, k.mod)
		var what string
		switch {
		case k.check != nil:
			what = "fail"
			if k.check.Passes(result, k.threshold) {
				what = "pass"
			}
		default:
			if row, ok := k.col.Lookup(result); ok {
				what = row.RangeString() + " " + row.Outcome
				if row.HasValue {
					what += " " + strconv.Itoa(row.Value)
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
		j, seen := index[what]
		if !seen {
			j = len(out)
			index[what] = j
			out = append(out, Alternative{Natural: n, What: what})
			counts = append(counts, new(big.Int))
		}
		counts[j].Add(counts[j], ways[i])
	}
	for j := range out {
		out[j].P = new(big.Rat).SetFrac(counts[j], total)
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

// branchGrain finds how finely rolls must be told apart: by the row they
// read, unless some expression of the module reads the roll itself.
func branchGrain(m *dsl.Module) int {
	grain := byRow
	see := func(p *dsl.Program) {
		if p == nil {
			return
		}
		grain = max(grain, programGrain(p))
	}
	for _, r := range m.Rules {
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
	}
	// A roll made from an outcome's rules sees the outer roll: its column
	// keys and conditions, threshold and modifiers may read it.
	for _, t := range m.Tables {
		for _, k := range t.Keys {
			see(k.Prog)
		}
		for _, c := range t.Columns {
			see(c.When)
		}
	}
	for _, c := range m.Checks {
		see(c.Threshold)
	}
	for _, md := range m.Modifiers {
		see(md.Value)
		see(md.When)
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
	if p.Prog != nil {
		v := &identVisitor{see: name}
		node := p.Prog.Node()
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
