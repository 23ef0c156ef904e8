package dsl

// CompileBytecode compiles, for expr's machine, every expression the check
// of m compiled, bases included, and returns the first error: a check may
// leave the compilation for later only where it cannot fail.
func CompileBytecode(m *Module) error {
	for ; m != nil; m = m.Base {
		for _, c := range m.exprs {
			if _, err := c.bytecode(); err != nil {
				return err
			}
		}
	}
	return nil
}

// CheckTextGuards is CheckWith with every rule's opening conditions
// compiled from their joined text, as checks did before joinGuard.
func CheckTextGuards(files []*File, env *Env, load Loader) (*Module, Diagnostics) {
	c := &checker{env: env, load: load, done: map[string]*Module{}, srcs: map[string]string{}, textGuards: true}
	return c.check(files)
}

// SameCode reports whether two programs run the same compiled code.
func SameCode(a, b *Program) bool { return a != nil && b != nil && a.code == b.code }

// CheckEverything runs f with no inherited rule's or test's check skipped
// (reuseRule, reuseTest), as checks did before.
func CheckEverything(f func()) {
	noReuse = true
	defer func() { noReuse = false }()
	f()
}

// RuleReused reports whether a rule of a checked module kept what its
// base's check made (reuseRule) rather than being compiled again.
func RuleReused(m *Module, id string) bool {
	if m.Base == nil {
		return false
	}
	var mine, base *RuleDef
	for _, r := range m.Rules {
		if r.ID == id {
			mine = r
		}
	}
	for _, r := range m.Base.Rules {
		if r.ID == id {
			base = r
		}
	}
	return mine != nil && base != nil && len(mine.Clauses) > 0 && len(base.Clauses) > 0 && mine.Clauses[0] == base.Clauses[0]
}

// InheritedTestKept reports whether a test of a checked module kept what its
// base's check made (reuseTest) rather than being checked again.
func InheritedTestKept(m *Module, name string) bool {
	if m.Base == nil {
		return false
	}
	var mine, base *TestDef
	for _, x := range m.Tests {
		if x.Name == name {
			mine = x
		}
	}
	for _, x := range m.Base.Tests {
		if x.Name == name {
			base = x
		}
	}
	return mine != nil && base != nil && len(mine.Expects) > 0 && len(base.Expects) > 0 && mine.Expects[0] == base.Expects[0]
}
