package dsl

func (u *unit) objective(d *Decl) {
	o := d.Objective
	pos := position(o.Pos)
	if !u.claim(KindObjective, o.Name, pos, d) {
		return
	}
	u.mod.Objectives[o.Name] = &ObjectiveDef{Name: o.Name, Title: o.Title, For: o.For, Cite: o.Cite, Origin: u.origin(pos, d), ast: o}
}

// compileObjectives compiles each objective's value and condition against
// the unit scored and the side scored for. An inherited objective is
// compiled again for this module, whose params it may read.
func (u *unit) compileObjectives() {
	env := vars{}
	if t := u.boundType("unit"); t != nil {
		env["unit"] = t
	}
	for _, v := range ObjectiveVars {
		env[v.Name] = v.Type
	}
	for _, name := range sortedKeys(u.mod.Objectives) {
		o := u.mod.Objectives[name]
		if o.Module != u.mod.ID {
			cp := *o
			o = &cp
			u.mod.Objectives[name] = o
		}
		o.Value = u.compile(o.ast.Value, env, false)
		if o.Value != nil && o.Value.Type != nil && !isNumber(o.Value.Type) {
			u.errorf(o.Value.Pos, "type-mismatch", "objective %s: a score is a number; got %s", name, typeName(o.Value.Type))
		}
		o.When = u.compile(o.ast.When, env, true)
	}
}

// checkGoals checks a scenario's goal lines: each names an objective of the
// module that may score the side, and a side some unit of the scenario has.
func (u *unit) checkGoals(s *ScenarioDef) {
	sides := map[string]bool{}
	for _, us := range s.Units {
		if v, ok := us.Props["side"]; ok && len(v.Values) > 0 {
			if w, isWord := v.Values[0].(string); isWord {
				sides[w] = true
			}
		}
	}
	for _, side := range sortedKeys(s.Goals) {
		g := s.Goals[side]
		o, ok := u.mod.Objectives[g.Objective]
		switch {
		case !ok:
			u.errorf(g.Pos, "unknown-name", "goal %s %s: no objective %q%s", side, g.Objective, g.Objective, didYouMean(g.Objective, u.names(KindObjective)))
		case o.For != "" && o.For != side:
			u.errorf(g.Pos, "bad-goal", "goal %s %s: objective %s scores side %s, not %s", side, g.Objective, g.Objective, o.For, side)
		case len(sides) > 0 && !sides[side]:
			var list []string
			for k := range sides {
				list = append(list, k)
			}
			u.errorf(g.Pos, "unknown-name", "goal %s %s: no unit of scenario %s is of side %s%s", side, g.Objective, s.Name, side, didYouMean(side, list))
		}
	}
}
