package interpreter

import "github.com/bataille/bataille/dsl"

// CompiledFallbacks counts a module's expressions left to expr's machine.
func CompiledFallbacks(mod *dsl.Module) (fallback, compiled int) {
	c := compiledFor(mod)
	return c.fallback, len(c.progs)
}

// IsCompiled reports whether an expression of mod runs as closures.
func IsCompiled(mod *dsl.Module, p *dsl.Program) bool {
	return compiledFor(mod).progs[p] != nil
}
