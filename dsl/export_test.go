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
