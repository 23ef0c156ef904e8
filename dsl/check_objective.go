package dsl

func (u *unit) objective(d *Decl) {
	o := d.Objective
	pos := position(o.Pos)
	old, exists := u.mod.Objectives[o.Name]
	if !u.claim(KindObjective, o.Name, pos, d.Override, exists, fromOf(exists, func() string { return old.Module })) {
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
