package dsl

import "github.com/expr-lang/expr/ast"

// funcArgs checks the string literals given to a function where it takes
// a word of a vocabulary (has(unit, "elite")): a word not declared would
// make the call silently false.
func (w *wordChecker) funcArgs(name string, args []ast.Node) {
	for _, f := range w.u.env.Functions {
		if f.Name != name || len(f.Vocab) == 0 {
			continue
		}
		for i, arg := range args {
			if i >= len(f.Vocab) || f.Vocab[i] == "" {
				continue
			}
			if s, isStr := arg.(*ast.StringNode); isStr && !w.u.knownWord(f.Vocab[i], s.Value) {
				w.u.errorf(advance(w.start, w.text, s.Location().From), "unknown-"+f.Vocab[i], "%s: no %s %q is declared%s", name, f.Vocab[i], s.Value, didYouMean(s.Value, w.u.names(f.Vocab[i])))
			}
		}
	}
}
