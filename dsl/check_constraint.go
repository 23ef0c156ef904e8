package dsl

import (
	"errors"
	"strings"

	"github.com/expr-lang/expr/file"
	"github.com/expr-lang/expr/vm"
)

// A constraint is what a module's rules assume of its params, written as a
// condition over them: `constraint rout.within "A failed recall's rout
// stops within the rout" { rout.target_hexes <= rout.hexes }`. The checker
// evaluates every constraint in force once the module's params are in, so
// a battle whose override breaks one fails its check at the param it
// overrides, not in play. Constraints are inherited, overridden and
// removed as invariants are.

func (u *unit) constraint(d *Decl) {
	c := d.Constraint
	pos := position(c.Pos)
	name := dotted(c.Name)
	idx, ok := claimListed(u, u.mod.Constraints, func(x *ConstraintDef) (string, string) { return x.Name, x.Module }, KindConstraint, name, pos, d)
	if !ok {
		return
	}
	u.mod.Constraints = putListed(u.mod.Constraints, idx, &ConstraintDef{Name: name, Title: c.Title, Cite: c.Cite, Origin: u.origin(pos, d), ast: c})
}

// checkConstraints compiles each constraint in force against the params
// alone and evaluates it with their values. A broken constraint of this
// module's is reported at its condition; an inherited one at the first
// param it reads that this module declares, which is what broke it.
func (u *unit) checkConstraints() {
	var values map[string]any
	for i, c := range u.mod.Constraints {
		if c.Module != u.mod.ID {
			cp := *c
			c = &cp
			u.mod.Constraints[i] = c
		}
		cond := u.compile(c.ast.Cond, nil, true)
		if cond == nil {
			continue
		}
		c.Cond = cond.Source
		prog, err := cond.Bytecode()
		if err != nil {
			u.errorf(cond.Pos, "constraint", "constraint %s cannot be evaluated: %v", c.Name, err)
			continue
		}
		if values == nil {
			values = u.mod.ParamValues()
		}
		out, err := vm.Run(prog, values)
		if err != nil {
			var fe *file.Error
			if errors.As(err, &fe) {
				err = errors.New(fe.Message)
			}
			u.errorf(cond.Pos, "constraint", "constraint %s cannot be evaluated: %v", c.Name, err)
			continue
		}
		if held, _ := out.(bool); held {
			continue
		}
		read := u.paramsRead(c.ast.Cond)
		pos := cond.Pos
		if c.Module != u.mod.ID {
			pos = c.Pos
			for _, p := range read {
				if p.Module == u.mod.ID {
					pos = p.Pos
					break
				}
			}
		}
		with := make([]string, len(read))
		for i, p := range read {
			with[i] = p.Name + " = " + ValueString(p.Value)
		}
		msg := "constraint " + c.Name
		if c.Title != "" {
			msg += " (" + quote(c.Title) + ")"
		}
		if c.Module != u.mod.ID {
			msg += " of module " + c.Module
		}
		msg += " does not hold: " + DisplayExpr(c.Cond)
		if len(with) > 0 {
			msg += ", with " + strings.Join(with, ", ")
		}
		u.errorf(pos, "constraint", "%s", msg)
	}
}

// paramsRead lists the params a condition reads, in the order it names
// them: each the longest dotted name of its tokens that is a param (the
// check folds a param's value into the tree).
func (u *unit) paramsRead(e *Expr) []*ParamDef {
	var out []*ParamDef
	seen := map[string]bool{}
	toks := e.Tokens
	for i := 0; i < len(toks); i++ {
		if toks[i].Type != tokIdent || i > 0 && toks[i-1].Value == "." {
			continue
		}
		parts := []string{toks[i].Value}
		for j := i + 1; j+1 < len(toks) && toks[j].Value == "." && toks[j+1].Type == tokIdent; j += 2 {
			parts = append(parts, toks[j+1].Value)
		}
		for n := len(parts); n > 0; n-- {
			name := strings.Join(parts[:n], ".")
			if def, ok := u.mod.Params[name]; ok {
				if !seen[name] {
					seen[name] = true
					out = append(out, def)
				}
				break
			}
		}
	}
	return out
}

func (p *printer) constraint(c *Constraint) {
	p.kw("constraint")
	p.sp()
	p.dotted(c.Name)
	p.optString(c.Title)
	p.cite(c.Cite)
	p.block(c.Pos.Offset, 1, true, func(int) int { return c.Cond.Pos.Offset }, func(int) {
		p.expr(c.Cond)
	})
}

func (c *ConstraintDef) side() *Side {
	if c == nil {
		return nil
	}
	return side(c.Module, c.Title, c.Pos, c.Cite)
}

// constraints compares what each constraint requires of the params.
func (d *ModuleDiff) constraints(old, new *Module) {
	om, nm := map[string]*ConstraintDef{}, map[string]*ConstraintDef{}
	for _, c := range old.Constraints {
		om[c.Name] = c
	}
	for _, c := range new.Constraints {
		nm[c.Name] = c
	}
	for _, name := range unionKeys(om, nm) {
		o, n := om[name], nm[name]
		c := change(KindConstraint, name, o.side(), n.side())
		var was, now string
		if o != nil {
			was = DisplayExpr(o.Cond)
		}
		if n != nil {
			now = DisplayExpr(n.Cond)
		}
		if o != nil && n != nil {
			conditionDetails(&c, true, was, now, [2]string{o.Title, n.Title}, [2]string{citeText(o.Cite), citeText(n.Cite)})
		} else {
			conditionDetails(&c, false, was, now, [2]string{}, [2]string{})
		}
		d.add(c)
	}
}
