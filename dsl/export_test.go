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
	mine, base := mineAndBase(m, func(m *Module) []*RuleDef { return m.Rules }, func(r *RuleDef) bool { return r.ID == id })
	return mine != nil && base != nil && len(mine.Clauses) > 0 && len(base.Clauses) > 0 && mine.Clauses[0] == base.Clauses[0]
}

// InheritedTestKept reports whether a test of a checked module kept what its
// base's check made (reuseTest) rather than being checked again.
func InheritedTestKept(m *Module, name string) bool {
	mine, base := mineAndBase(m, func(m *Module) []*TestDef { return m.Tests }, func(x *TestDef) bool { return x.Name == name })
	return mine != nil && base != nil && len(mine.Expects) > 0 && len(base.Expects) > 0 && mine.Expects[0] == base.Expects[0]
}

// mineAndBase are the last declarations that match in m and in its base;
// nil where none does, and both nil when m has no base.
func mineAndBase[T any](m *Module, list func(*Module) []*T, match func(*T) bool) (mine, base *T) {
	if m.Base == nil {
		return nil, nil
	}
	last := func(xs []*T) (found *T) {
		for _, x := range xs {
			if match(x) {
				found = x
			}
		}
		return found
	}
	return last(list(m)), last(list(m.Base))
}
