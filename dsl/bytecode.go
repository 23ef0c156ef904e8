package dsl

import (
	"reflect"
	"sync"

	"github.com/expr-lang/expr/ast"
	"github.com/expr-lang/expr/checker/nature"
	"github.com/expr-lang/expr/compiler"
	"github.com/expr-lang/expr/conf"
	exprparser "github.com/expr-lang/expr/parser"
	"github.com/expr-lang/expr/vm"
)

// exprCode is what expr made of an expression: the tree its checker typed
// (and its optimiser folded), and the bytecode of expr's machine. The
// engine runs most expressions as closures made from the tree, so the
// bytecode is compiled only when something asks for it: a check compiled
// it for every expression, a tenth of the check's time, and a default load
// never ran it. Programs that compile alike share one.
type exprCode struct {
	tree   *exprparser.Tree
	asBool bool

	// What the check reads of the tree, found once, when it is compiled:
	// wherever the same key finds it again (exprKey), the charts it calls
	// are the same, and so are the first call refused and the cost.
	walked  bool
	badCall bool   // a call of something not a function of the language
	badAt   int    // its rune offset
	badName string // what it calls
	cost    int    // exprCost of the tree

	once sync.Once
	conf *conf.Config // what the bytecode is compiled with; nil once it is
	prog *vm.Program
	err  error
}

// bytecodeMu serialises the compilation of bytecode after checks: expr's
// compiler completes, as it reads them, the descriptions of Go types that
// the trees of one check share, and engines may ask from many goroutines.
var bytecodeMu sync.Mutex

// bytecode is the program of expr's machine, compiled on first use.
func (c *exprCode) bytecode() (*vm.Program, error) {
	c.once.Do(func() {
		if c.conf == nil {
			return // compiled when checked
		}
		bytecodeMu.Lock()
		defer bytecodeMu.Unlock()
		c.prog, c.err = compiler.Compile(c.tree, c.conf)
		c.conf = nil
	})
	return c.prog, c.err
}

// compileLater keeps what compiler.Compile needs of tree and cfg for later,
// or compiles now, as the check always did, when the tree is one expr's
// compiler might refuse: then its error is the check's. It refuses
// integers of types the language does not write (an overflow) and a
// pattern that is not a regular expression, which the optimiser may fold
// into `matches` after the checker looked.
func compileLater(tree *exprparser.Tree, cfg *conf.Config, asBool bool) (*exprCode, error) {
	c := &exprCode{tree: tree, asBool: asBool}
	if !deferrable(tree.Node) {
		prog, err := compiler.Compile(tree, cfg)
		if err != nil {
			return nil, err
		}
		c.prog = prog
		return c, nil
	}
	kept := *cfg
	// Its own cache of Go types: the check's is not for other goroutines.
	// The visitors were the check's, and ran.
	kept.NtCache, kept.Visitors = nature.Cache{}, nil
	c.conf = &kept
	return c, nil
}

// deferrable says expr's compiler cannot fail on a checked tree: it has no
// `matches` and no integer but an int, a float or one of no type.
func deferrable(root ast.Node) bool {
	v := &deferVisitor{ok: true}
	ast.Walk(&root, v)
	return v.ok
}

type deferVisitor struct{ ok bool }

func (v *deferVisitor) Visit(n *ast.Node) {
	switch n := (*n).(type) {
	case *ast.BinaryNode:
		if n.Operator == "matches" {
			v.ok = false
		}
	case *ast.IntegerNode:
		if t := n.Type(); t != nil {
			switch t.Kind() {
			case reflect.Int, reflect.Float64, reflect.Interface:
			default:
				v.ok = false
			}
		}
	}
}

// Node is the expression's tree as expr's checker typed it; nil for a
// program made by hand without one.
func (p *Program) Node() ast.Node {
	if p.code == nil {
		return nil
	}
	return p.code.tree.Node
}

// AsBool says the expression was compiled as a condition (expr.AsBool).
func (p *Program) AsBool() bool { return p.code != nil && p.code.asBool }

// Bytecode is the expression compiled for expr's machine, compiled the first
// time it is asked for; it is safe to ask from many goroutines. It is nil
// for a program made by hand without one.
func (p *Program) Bytecode() (*vm.Program, error) {
	if p.code == nil {
		return nil, nil
	}
	return p.code.bytecode()
}

// CompiledProgram makes a Program of an expression expr compiled outside
// a check, as tests of the engine do; asBool says it was compiled with
// expr.AsBool.
func CompiledProgram(source string, prog *vm.Program, asBool bool) *Program {
	tree := &exprparser.Tree{Node: prog.Node(), Source: prog.Source()}
	return &Program{Source: source, Type: prog.Node().Type(), code: &exprCode{tree: tree, asBool: asBool, prog: prog}}
}
