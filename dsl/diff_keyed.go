package dsl

import (
	"fmt"
	"math/big"
	"reflect"
	"sort"
	"strings"

	"github.com/expr-lang/expr/ast"
	exprparser "github.com/expr-lang/expr/parser"
)

// This file compares two tables by what each combination of their keys
// reads, rather than by the names of their columns: two editions of a
// chart seldom group their columns alike (one prints "French | Allies,
// column, 1", the other "French, column, 1"; one lists plain columns, the
// other keys them), and an errata sheet needs each combination's change.
// It also decides where a modifier can apply: a modifier whose condition
// names a key's value that a column never has does not move its odds.

// maxDiffCombinations bounds the combinations compared one by one; past it
// a table is compared by its columns' names.
const maxDiffCombinations = 2048

// condTrees parses conditions once per diff: the same modifier's condition
// is evaluated against every combination.
type condTrees map[string]ast.Node

// tree is the parsed expression, or nil when expr cannot read it alone.
func (ct condTrees) tree(src string) ast.Node {
	if n, ok := ct[src]; ok {
		return n
	}
	var n ast.Node
	if t, err := exprparser.Parse(src); err == nil {
		n = t.Node
	}
	ct[src] = n
	return n
}

// keyName is how a key is matched across sides and against the
// expressions a condition reads: its parsed tree printed, so that spacing
// and parentheses do not matter.
func (ct condTrees) keyName(src string) string {
	if n := ct.tree(src); n != nil {
		return n.String()
	}
	return CanonicalExpr(src, nil)
}

// knownEnv holds the values some expressions are known to have, by their
// printed tree: a column's keys, or what its condition says.
type knownEnv map[string]any

// known evaluates what of n the environment decides: ok is false when the
// value depends on anything else.
func known(n ast.Node, env knownEnv) (any, bool) {
	if n == nil {
		return nil, false
	}
	switch x := n.(type) {
	case *ast.StringNode:
		return x.Value, true
	case *ast.IntegerNode:
		return x.Value, true
	case *ast.FloatNode:
		return x.Value, true
	case *ast.BoolNode:
		return x.Value, true
	case *ast.NilNode:
		return nil, true
	}
	switch n.(type) {
	case *ast.IdentifierNode, *ast.MemberNode, *ast.ChainNode, *ast.ConditionalNode, *ast.CallNode, *ast.BuiltinNode:
		// What a key can read (printing every node to look it up would
		// cost more than the rest of the evaluation).
		if len(env) > 0 {
			if v, ok := env[n.String()]; ok {
				return v, true
			}
		}
	}
	switch x := n.(type) {
	case *ast.UnaryNode:
		v, ok := known(x.Node, env)
		if !ok {
			return nil, false
		}
		switch x.Operator {
		case "!", "not":
			b, isBool := v.(bool)
			return !b, isBool
		case "-":
			switch y := v.(type) {
			case int:
				return -y, true
			case float64:
				return -y, true
			}
		case "+":
			return v, true
		}
		return nil, false
	case *ast.BinaryNode:
		return knownBinary(x, env)
	case *ast.ConditionalNode:
		c, ok := known(x.Cond, env)
		if b, isBool := c.(bool); ok && isBool {
			if b {
				return known(x.Exp1, env)
			}
			return known(x.Exp2, env)
		}
		a, okA := known(x.Exp1, env)
		b, okB := known(x.Exp2, env)
		if okA && okB && reflect.DeepEqual(a, b) {
			return a, true
		}
		return nil, false
	case *ast.ArrayNode:
		out := make([]any, len(x.Nodes))
		for i, e := range x.Nodes {
			v, ok := known(e, env)
			if !ok {
				return nil, false
			}
			out[i] = v
		}
		return out, true
	}
	return nil, false
}

func knownBinary(x *ast.BinaryNode, env knownEnv) (any, bool) {
	l, okL := known(x.Left, env)
	switch x.Operator {
	case "&&", "and", "||", "or":
		r, okR := known(x.Right, env)
		lb, lIsBool := l.(bool)
		rb, rIsBool := r.(bool)
		okL, okR = okL && lIsBool, okR && rIsBool
		and := x.Operator == "&&" || x.Operator == "and"
		// false && anything is false; true || anything is true.
		if okL && lb != and || okR && rb != and {
			return !and, true
		}
		if okL && okR {
			return and, true
		}
		return nil, false
	}
	r, okR := known(x.Right, env)
	if !okL || !okR {
		return nil, false
	}
	switch x.Operator {
	case "==":
		return sameValue(l, r), true
	case "!=":
		return !sameValue(l, r), true
	case "in", "not in":
		list, isList := r.([]any)
		if !isList {
			return nil, false
		}
		in := false
		for _, e := range list {
			in = in || sameValue(l, e)
		}
		return in == (x.Operator == "in"), true
	case "<", "<=", ">", ">=":
		a, okA := asFloat(l)
		b, okB := asFloat(r)
		if !okA || !okB {
			return nil, false
		}
		switch x.Operator {
		case "<":
			return a < b, true
		case "<=":
			return a <= b, true
		case ">":
			return a > b, true
		}
		return a >= b, true
	}
	return nil, false
}

// sameValue compares two known values as a condition would: whole numbers
// equal to the same number however written.
func sameValue(a, b any) bool {
	if x, ok := asFloat(a); ok {
		y, ok := asFloat(b)
		return ok && x == y
	}
	return reflect.DeepEqual(a, b)
}

// canHold reports whether a condition may hold where env is known: false
// only when env alone makes it false. A missing condition always holds.
func (ct condTrees) canHold(p *Program, env knownEnv) bool {
	if p == nil {
		return true
	}
	v, ok := known(ct.tree(p.Source), env)
	b, isBool := v.(bool)
	return !ok || !isBool || b
}

// facts is what a column's condition says of the expressions it compares
// with a literal: `unit.nationality == "russian" && distance == 1` knows
// both. Only the conditions joined by && are read.
func (ct condTrees) facts(p *Program) knownEnv {
	env := knownEnv{}
	if p == nil {
		return env
	}
	var walk func(n ast.Node)
	walk = func(n ast.Node) {
		b, ok := n.(*ast.BinaryNode)
		if !ok {
			return
		}
		switch b.Operator {
		case "&&", "and":
			walk(b.Left)
			walk(b.Right)
		case "==":
			if v, isLit := known(b.Right, nil); isLit {
				env[b.Left.String()] = v
			} else if v, isLit := known(b.Left, nil); isLit {
				env[b.Right.String()] = v
			}
		}
	}
	walk(ct.tree(p.Source))
	return env
}

// ---- the combinations ----------------------------------------------------------

// comboSpace is every combination of the keys of two tables: the keys
// either side has, each with the values either side gives it.
type comboSpace struct {
	names   []string // each key's printed tree
	labels  []string // each key as the first side that has it writes it
	domains [][]any
	total   int
}

// spaceOf builds the combinations two tables are compared over; ok is
// false when neither is keyed or they make too many.
func (ct condTrees) spaceOf(o, n *TableDef) (*comboSpace, bool) {
	if len(o.Keys) == 0 && len(n.Keys) == 0 {
		return nil, false
	}
	// The keys in the order of the side with more of them (or, of two
	// alike, whose names sort first), so that swapping the sides lists the
	// same combinations under the same labels.
	first, second := o, n
	if fn, sn := ct.keyNames(o), ct.keyNames(n); len(sn) > len(fn) || len(sn) == len(fn) && strings.Join(sn, "\x00") < strings.Join(fn, "\x00") {
		first, second = n, o
	}
	s := &comboSpace{total: 1}
	index := map[string]int{}
	for _, t := range []*TableDef{first, second} {
		for _, k := range t.Keys {
			name := ct.keyName(k.Source)
			i, seen := index[name]
			if !seen {
				i = len(s.names)
				index[name] = i
				s.names = append(s.names, name)
				s.labels = append(s.labels, DisplayExpr(k.Source))
				s.domains = append(s.domains, nil)
			}
			s.domains[i] = unionValues(s.domains[i], k.Values())
		}
	}
	for _, d := range s.domains {
		s.total *= max(1, len(d))
		if s.total > maxDiffCombinations {
			return nil, false
		}
	}
	return s, true
}

func (ct condTrees) keyNames(t *TableDef) []string {
	out := make([]string, len(t.Keys))
	for i, k := range t.Keys {
		out[i] = ct.keyName(k.Source)
	}
	return out
}

// unionValues adds to a domain the values it lacks: numbers in order,
// words sorted, so that the union is the same from either side.
func unionValues(have, more []any) []any {
	out := append([]any(nil), have...)
	for _, v := range more {
		dup := false
		for _, h := range out {
			dup = dup || h == v
		}
		if !dup {
			out = append(out, v)
		}
	}
	sort.SliceStable(out, func(i, j int) bool {
		a, aInt := out[i].(int)
		b, bInt := out[j].(int)
		switch {
		case aInt && bInt:
			return a < b
		case aInt != bInt:
			return aInt
		}
		return fmt.Sprint(out[i]) < fmt.Sprint(out[j])
	})
	return out
}

// combo is the i-th combination: one value index per key, the last key
// fastest.
func (s *comboSpace) combo(i int) []int {
	idx := make([]int, len(s.domains))
	for k := len(s.domains) - 1; k >= 0; k-- {
		n := max(1, len(s.domains[k]))
		idx[k] = i % n
		i /= n
	}
	return idx
}

func (s *comboSpace) env(idx []int) knownEnv {
	env := knownEnv{}
	for k, i := range idx {
		if len(s.domains[k]) > 0 {
			env[s.names[k]] = s.domains[k][i]
		}
	}
	return env
}

// columnState is what a side reads for a combination.
type columnState int

const (
	colFound     columnState = iota
	colAbsent                // the side has no column for it (a value it does not key)
	colUndecided             // a plain column's condition reads more than the keys
)

// columnAt finds the column a table reads for a combination.
func (ct condTrees) columnAt(t *TableDef, s *comboSpace, idx []int) (*ColumnDef, columnState) {
	env := s.env(idx)
	if len(t.Keys) > 0 {
		vals := make([]any, len(t.Keys))
		for i, k := range t.Keys {
			v, ok := env[ct.keyName(k.Source)]
			if !ok || !containsValue(k.Values(), v) {
				return nil, colAbsent
			}
			vals[i] = v
		}
		for _, c := range t.Columns {
			if c.MatchesKeys(vals) {
				return c, colFound
			}
		}
		return nil, colAbsent
	}
	for _, c := range t.Columns {
		if c.When == nil {
			return c, colFound
		}
		v, ok := known(ct.tree(c.When.Source), env)
		b, isBool := v.(bool)
		if !ok || !isBool {
			return nil, colUndecided
		}
		if b {
			return c, colFound
		}
	}
	return nil, colAbsent
}

func containsValue(list []any, v any) bool {
	for _, x := range list {
		if x == v {
			return true
		}
	}
	return false
}

// comboRead is what each side reads for one combination, and anything
// else its details depend on (a modifier's value there).
type comboRead struct {
	old, new       *ColumnDef
	oldSt, newSt   columnState
	oldMod, newMod int
}

// readAll reads every combination from both sides; ok is false when a
// plain column's condition cannot be decided from the keys.
func (ct condTrees) readAll(o, n *TableDef, s *comboSpace) ([]comboRead, bool) {
	reads := make([]comboRead, s.total)
	for i := range reads {
		idx := s.combo(i)
		r := &reads[i]
		r.old, r.oldSt = ct.columnAt(o, s, idx)
		r.new, r.newSt = ct.columnAt(n, s, idx)
		if r.oldSt == colUndecided || r.newSt == colUndecided {
			return nil, false
		}
	}
	return reads, true
}

// cube is a block of combinations: for each key, the set of its values'
// indexes (as a bit set over the domain).
type cube struct {
	sets  []uint64
	first int // the lowest combination it holds, for the order of listing
}

// groupCombos merges the combinations that read alike into blocks, each as
// large as merging along one key at a time makes it, and lists the blocks
// in the order of their first combination. Domains past 64 values are not
// merged.
func groupCombos(s *comboSpace, reads []comboRead) []struct {
	label string
	read  comboRead
} {
	groups := map[comboRead][]cube{}
	var order []comboRead
	wide := false
	for _, d := range s.domains {
		wide = wide || len(d) > 64
	}
	for i, r := range reads {
		idx := s.combo(i)
		c := cube{sets: make([]uint64, len(idx)), first: i}
		for k, v := range idx {
			c.sets[k] = 1 << (v % 64)
		}
		if _, seen := groups[r]; !seen {
			order = append(order, r)
		}
		groups[r] = append(groups[r], c)
	}
	var all []struct {
		c cube
		r comboRead
	}
	for _, r := range order {
		cubes := groups[r]
		if !wide {
			cubes = mergeCubes(cubes, len(s.domains))
		}
		for _, c := range cubes {
			all = append(all, struct {
				c cube
				r comboRead
			}{c, r})
		}
	}
	sort.SliceStable(all, func(i, j int) bool { return all[i].c.first < all[j].c.first })
	out := make([]struct {
		label string
		read  comboRead
	}, len(all))
	for i, a := range all {
		out[i].label, out[i].read = s.cubeLabel(a.c), a.r
	}
	return out
}

// mergeCubes merges blocks that agree on every key but one into one block,
// along the last key first, then the one before, until no two merge: each
// pass buckets the blocks by their other keys, so it costs a pass over
// them, not a comparison of every pair.
func mergeCubes(cubes []cube, keys int) []cube {
	for changed := true; changed; {
		changed = false
		for k := keys - 1; k >= 0; k-- {
			at := map[string]int{}
			var out []cube
			for _, c := range cubes {
				sig := make([]byte, 0, 8*keys)
				for i, set := range c.sets {
					if i != k {
						sig = fmt.Appendf(sig, "%x,", set)
					}
				}
				if j, ok := at[string(sig)]; ok {
					out[j].sets[k] |= c.sets[k]
					out[j].first = min(out[j].first, c.first)
					changed = true
					continue
				}
				at[string(sig)] = len(out)
				out = append(out, cube{sets: append([]uint64(nil), c.sets...), first: c.first})
			}
			cubes = out
		}
	}
	return cubes
}

// cubeLabel writes a block as a keyed column's cells are written: `_` for
// every value, `a | b` for words, `1..3` for a run of numbers.
func (s *comboSpace) cubeLabel(c cube) string {
	parts := make([]string, len(s.domains))
	for k, d := range s.domains {
		full := len(d) <= 64 && c.sets[k] == (uint64(1)<<len(d))-1 || len(d) == 64 && c.sets[k] == ^uint64(0)
		if full && len(d) > 1 {
			parts[k] = "_"
			continue
		}
		var words []string
		for i := 0; i < len(d); i++ {
			if c.sets[k]&(1<<(i%64)) == 0 {
				continue
			}
			if _, isInt := d[i].(int); isInt {
				j := i
				for j+1 < len(d) && c.sets[k]&(1<<((j+1)%64)) != 0 && d[j+1] == d[j].(int)+1 {
					j++
				}
				if j > i {
					words = append(words, fmt.Sprintf("%d..%d", d[i], d[j]))
					i = j
					continue
				}
			}
			words = append(words, fmt.Sprint(d[i]))
		}
		parts[k] = strings.Join(words, " | ")
	}
	return strings.Join(parts, ", ")
}

// ---- tables and modifiers by combination ------------------------------------

// keyedDiff holds, for one diff, the parsed conditions and what each pair
// of tables reads combination by combination: a table's modifiers are
// compared over the same combinations as the table.
type keyedDiff struct {
	ct    condTrees
	pairs map[[2]*TableDef]*keyedReads
	odds  map[oddsKey]map[string]*big.Rat
}

type oddsKey struct {
	roll RollSpec
	col  *ColumnDef
	mod  int
}

// modifiedOdds is ModifiedOdds, worked out once for each column, roll and
// modifier of a diff.
func (k *keyedDiff) modifiedOdds(roll RollSpec, c *ColumnDef, mod int) map[string]*big.Rat {
	key := oddsKey{roll, c, mod}
	if o, ok := k.odds[key]; ok {
		return o
	}
	o := ModifiedOdds(roll, c, mod)
	k.odds[key] = o
	return o
}

type keyedReads struct {
	s     *comboSpace
	reads []comboRead
	envs  []knownEnv
	ok    bool
}

func newKeyedDiff() *keyedDiff {
	return &keyedDiff{ct: condTrees{}, pairs: map[[2]*TableDef]*keyedReads{}, odds: map[oddsKey]map[string]*big.Rat{}}
}

// read is what two tables read for each combination of their keys; ok is
// false when they cannot be compared so.
func (k *keyedDiff) read(o, n *TableDef) *keyedReads {
	if r, seen := k.pairs[[2]*TableDef{o, n}]; seen {
		return r
	}
	r := &keyedReads{}
	k.pairs[[2]*TableDef{o, n}] = r
	if r.s, r.ok = k.ct.spaceOf(o, n); !r.ok {
		return r
	}
	if r.reads, r.ok = k.ct.readAll(o, n, r.s); !r.ok {
		return r
	}
	r.envs = make([]knownEnv, r.s.total)
	for i := range r.envs {
		r.envs[i] = r.s.env(r.s.combo(i))
	}
	return r
}

// comboTableDetails compares two tables combination by combination when
// either is keyed: ok is false when they cannot be (neither is keyed, too
// many combinations, or a plain column the keys do not decide), and they
// are then compared by their columns' names.
func (k *keyedDiff) comboTableDetails(o, n *TableDef) ([]Detail, bool) {
	kr := k.read(o, n)
	if !kr.ok {
		return nil, false
	}
	var ds []Detail
	for _, g := range groupCombos(kr.s, kr.reads) {
		r := g.read
		switch {
		case r.old != nil && r.new != nil:
			for _, d := range columnDetails(g.label, o.Roll, r.old, n.Roll, r.new) {
				// Whether a keyed and a plain column hold is the
				// combination itself, named by the label.
				if d.What != "column condition" {
					ds = append(ds, d)
				}
			}
		case r.old != nil:
			ds = append(ds, Detail{What: "column", Column: g.label, Old: columnSummary(r.old)})
		case r.new != nil:
			ds = append(ds, Detail{What: "column", Column: g.label, New: columnSummary(r.new)})
		}
	}
	return ds, true
}

// modValue is a modifier's value where env is known: 0 where it is absent
// or its condition cannot hold.
func (ct condTrees) modValue(m *ModifierDef, v int, env knownEnv) int {
	if m == nil || !ct.canHold(m.When, env) {
		return 0
	}
	return v
}

// comboModifierOdds is modifierOdds over the combinations of two tables'
// keys; ok is false when they cannot be compared so.
func (k *keyedDiff) comboModifierOdds(ot *TableDef, o *ModifierDef, ov int, nt *TableDef, n *ModifierDef, nv int) ([]Detail, bool) {
	kr := k.read(ot, nt)
	if !kr.ok {
		return nil, false
	}
	reads := append([]comboRead(nil), kr.reads...)
	any := false
	for i := range reads {
		r := &reads[i]
		if r.old == nil || r.new == nil {
			// A combination only one side has: the table's own change
			// lists it whole.
			*r = comboRead{oldSt: r.oldSt, newSt: r.newSt}
			continue
		}
		r.oldMod, r.newMod = k.ct.modValue(o, ov, kr.envs[i]), k.ct.modValue(n, nv, kr.envs[i])
		any = any || r.oldMod != r.newMod
	}
	if !any {
		return nil, true
	}
	var ds []Detail
	for _, g := range groupCombos(kr.s, reads) {
		r := g.read
		if r.old == nil || r.new == nil || r.oldMod == r.newMod {
			continue
		}
		ds = append(ds, k.oddsDetails(g.label, ot.Roll, r.old, r.oldMod, nt.Roll, r.new, r.newMod)...)
	}
	return ds, true
}

// oddsDetails lists the outcomes whose chance differs between two columns
// rolled with the given modifiers.
func (k *keyedDiff) oddsDetails(label string, oRoll RollSpec, a *ColumnDef, am int, nRoll RollSpec, b *ColumnDef, bm int) []Detail {
	return oddsChanges(label, k.modifiedOdds(oRoll, a, am), k.modifiedOdds(nRoll, b, bm))
}
