package dsl

import (
	"reflect"

	"github.com/expr-lang/expr/ast"
)

// The cost model. A unit of cost is about one step of expr's virtual
// machine: a node of an expression, 64 bytes of a string it builds; an
// element of a list it builds or reads costs ten. Every expression gets a static
// estimate of what one evaluation costs (Program.Cost), worked out from
// its compiled tree; the engine charges it each time it evaluates one, and
// charges its own work (each hex of a path, each unit it looks at) as it
// goes. What can be known before a run is refused at check time: a table
// whose column conditions together cost more than Limits.Cost to choose a
// column, a check whose threshold does, a rule whose clauses do.

// rangeUnits is the cost of one element of a range or a list: expr builds
// and walks them through reflection, measured at about forty times the
// time of a step of its machine.
const rangeUnits = 10

// maxCost is where an estimate stops growing: past it, the number no longer
// matters.
const maxCost = 1 << 40

// exprCost estimates what one evaluation of a compiled expression costs.
func (u *unit) exprCost(root ast.Node) int {
	c := &costVisitor{charts: u.mod.Charts}
	ast.Walk(&root, c)
	return min(c.cost, maxCost)
}

type costVisitor struct {
	cost   int
	charts map[string]*ChartDef // a chart's call looks at its rows
}

func (c *costVisitor) add(n int) { c.cost = min(c.cost+n, maxCost) }

func (c *costVisitor) Visit(n *ast.Node) {
	c.add(1)
	switch x := (*n).(type) {
	case *ast.BinaryNode:
		if x.Operator == ".." {
			lo, ok1 := x.Left.(*ast.IntegerNode)
			hi, ok2 := x.Right.(*ast.IntegerNode)
			if ok1 && ok2 {
				// Done in int64 terms: the bounds are any whole numbers.
				if d := int64(hi.Value) - int64(lo.Value); d >= 0 {
					c.add(int(min(d+1, maxCost/rangeUnits)) * rangeUnits)
				}
			} else {
				// A range of computed bounds is held to the VM's memory
				// budget.
				c.add(MaxExprMemory * rangeUnits)
			}
		}
	case *ast.ConstantNode:
		// The optimiser folds a constant range or list into one value that
		// a built-in then walks.
		v := reflect.ValueOf(x.Value)
		switch v.Kind() {
		case reflect.Slice, reflect.Array, reflect.Map:
			c.add(min(v.Len(), maxCost/rangeUnits) * rangeUnits)
		case reflect.String:
			c.add(v.Len() / 64)
		}
	case *ast.CallNode:
		id, ok := x.Callee.(*ast.IdentifierNode)
		if !ok {
			break
		}
		if id.Value == opAdd && exactString(x.Type()) {
			c.add(MaxStringBytes / 64)
		}
		if ch, isChart := c.charts[id.Value]; isChart {
			c.add(len(ch.Rows))
		}
	case *ast.BuiltinNode:
		switch x.Name {
		case "trim", "trimPrefix", "trimSuffix", "upper", "lower", "hasPrefix", "hasSuffix", "indexOf", "lastIndexOf":
			c.add(MaxStringBytes / 64)
		}
	}
}

// ProgramCost is what the engine charges for one evaluation of p: its
// estimate, or one unit for a constant or a name read directly.
func ProgramCost(p *Program) int {
	if p == nil {
		return 0
	}
	return max(p.Cost, 1)
}

// checkCosts refuses declarations whose estimated cost to run once is past
// Limits.Cost, and lets that bind a list (a list kept through a rule's
// clauses holds memory no evaluation budget sees again).
func (u *unit) checkCosts() {
	for _, name := range sortedKeys(u.mod.Tables) {
		// Inherited tables too: this module may have added modifiers.
		t := u.mod.Tables[name]
		total := modifiersCost(t.Modifiers) + len(t.Columns)
		for _, k := range t.Keys {
			total = min(total+ProgramCost(k.Prog), maxCost)
		}
		for _, c := range t.Columns {
			total = min(total+ProgramCost(c.When), maxCost)
		}
		if total > Limits.Cost {
			u.errorf(t.Pos, "too-costly", "rolling table %s may cost %d units (its keys, its columns' conditions and its modifiers); at most %d", name, total, Limits.Cost)
		}
	}
	for _, name := range sortedKeys(u.mod.Checks) {
		c := u.mod.Checks[name]
		if n := min(ProgramCost(c.Threshold)+modifiersCost(c.Modifiers), maxCost); n > Limits.Cost {
			u.errorf(c.Pos, "too-costly", "rolling check %s may cost %d units (its threshold and its modifiers); at most %d", name, n, Limits.Cost)
		}
	}
	for _, r := range u.mod.Rules {
		if r.Module != u.mod.ID {
			continue
		}
		if n := RuleCost(r); n > Limits.Cost {
			u.errorf(r.Pos, "too-costly", "rule %s may cost %d units to run once (its conditions, lets and arguments); at most %d", r.ID, n, Limits.Cost)
		}
		for _, c := range r.Clauses {
			if c.Kind != ClauseLet || c.Cond == nil || c.Cond.Type == nil {
				continue
			}
			switch c.Cond.Type.Kind() {
			case reflect.Slice, reflect.Array, reflect.Map:
				u.errorf(c.Cond.Pos, "bad-let", "let %s binds a list; a let binds a number, a string, a truth value or a unit", c.Name)
			}
		}
	}
}

// modifiersCost estimates what summing a roll's modifiers costs.
func modifiersCost(mods []*ModifierDef) int {
	total := 0
	for _, m := range mods {
		total = min(total+ProgramCost(m.When)+ProgramCost(m.Value), maxCost)
	}
	return total
}

// RuleCost estimates what running a rule once costs: each clause and
// effect one unit, and every expression it evaluates.
func RuleCost(r *RuleDef) int {
	total := 0
	for _, c := range r.Clauses {
		total += 1 + ProgramCost(c.Cond) + ProgramCost(c.Of)
		for _, cd := range c.Calls {
			total++
			for _, a := range cd.Args {
				if a != nil {
					total += ProgramCost(a.Prog)
				}
			}
		}
		total = min(total, maxCost)
	}
	return total
}
