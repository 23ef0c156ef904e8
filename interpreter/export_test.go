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

// ReadNames gives, of the module's slot variables, those its expressions
// read as the slot layout finds them (the checker's Info), and those a
// walk of every expression's tree finds; by hook of Hooks, the same for
// what its firings can read.
func ReadNames(mod *dsl.Module) (recorded, walked map[string]bool, byHook, byHookWalked []map[string]bool) {
	c := compiledFor(mod)
	only := func(read map[string]bool) map[string]bool {
		out := map[string]bool{}
		for name := range c.slots {
			if read[name] {
				out[name] = true
			}
		}
		return out
	}
	walk := func(progs []*dsl.Program, read map[string]bool) map[string]bool {
		for _, p := range progs {
			if p != nil && p.Var != "" {
				read[p.Var] = true
			}
			if p != nil {
				namesInTree(p, read)
			}
		}
		return read
	}
	recorded, walked = only(readNames(mod)), only(walk(modulePrograms(mod), map[string]bool{}))
	shared := walk(rollPrograms(mod), map[string]bool{})
	for name, rules := range mod.Hooks {
		if HookByName[name] == nil {
			for _, r := range rules {
				walk(rulePrograms(r), shared)
			}
		}
	}
	for i, h := range Hooks {
		read := map[string]bool{}
		for k := range shared {
			read[k] = true
		}
		for _, r := range mod.Hooks[h.Name] {
			walk(rulePrograms(r), read)
		}
		byHookWalked = append(byHookWalked, only(read))
		byHook = append(byHook, only(hookReads(mod)[i]))
	}
	return recorded, walked, byHook, byHookWalked
}
