package dsl

import (
	"fmt"
	"math/big"
	"slices"
	"sort"
	"strings"

	"github.com/expr-lang/expr/ast"
)

// InvariantDef is a checked invariant: a condition over the board and its
// units that the engine tests after every step of a run.
type InvariantDef struct {
	Name, Title string
	Cite        []string
	Cond        *Program
	// Loops is how deep the condition nests its loops over a list
	// (all, any …): an evaluation costs its estimate times the units
	// that many times.
	Loops int
	Origin
	ast *Invariant
}

// TestDef is a checked test: a set-up, how its dice go, and what must
// hold at the end.
type TestDef struct {
	Name, Title string
	Cite        []string
	// Setup is the scenario the test plays: its own lines, or a named
	// scenario's with the test's decide lines laid over it.
	Setup *ScenarioDef
	// Scenario names the scenario the set-up comes from, or "".
	Scenario string
	// Dice are the faces the test's dice give, in order (a d66 takes
	// two); nil with Exact unset plays the set-up's seed.
	Dice []int
	// Exact plays every path through the dice: a chance expectation
	// needs it, and a plain one must then hold on every path.
	Exact   bool
	Expects []*ExpectDef
	// Skip, when set, says why this module does not play the test: an
	// inherited test that judges a phase the module's sequence of play
	// dropped or renamed cannot run here, and is not the module's error.
	Skip string
	Origin
	ast *TestDecl
	// reuseInfo is where the check that made this form of the test
	// recorded its names' uses, when it reported nothing (reuseTest).
	reuseInfo *Info
	// words are the words its set-up's lines named (unit.words), noted
	// again for a check that keeps the test (reuseTest).
	words []wordRef
	// reads are the words of the vocabulary its set-up's check read, by
	// kind and name (unit.readWord).
	reads []wordRef
	// end is the byte offset where the test's declaration ends: its
	// names' uses are those between its Pos and end.
	end int
}

// ExpectKind tells expectations apart.
type ExpectKind int

const (
	ExpectCond      ExpectKind = iota // a condition on the end of the play
	ExpectChance                      // the exact chance of a condition, compared
	ExpectRefused                     // a rule's require refused an action
	ExpectAllowed                     // a rule's require refused nothing
	ExpectApplied                     // a rule acted: its ask answered yes, or its effects carried out
	ExpectUnapplied                   // a rule did not act
)

// ExpectDef is one checked expectation.
type ExpectDef struct {
	Kind ExpectKind
	Cond *Program
	Rule string
	Op   string   // ExpectChance: how the chance compares with Want
	Want *big.Rat // ExpectChance
	// After is, for a condition or a chance, the phase of the first turn
	// at whose end the board is judged (`expect after charges …`); "" for
	// the end of the play.
	After string
	Pos   Pos
	// Source is the expectation as written, for the report.
	Source string
}

// quantifiers are the expr built-ins that loop over a list with a
// predicate: an invariant or a test reads the board's units with them
// (`all(units, .increments >= 0)`). Rules may not: a rule runs at every
// hook, an invariant's loops are bounded by the board's units.
var quantifiers = map[string]bool{"all": true, "any": true, "none": true, "one": true, "count": true, "filter": true}

// Quantifiers lists, sorted, the built-ins an invariant or a test may
// loop over a list with.
func Quantifiers() []string { return sortedKeys(quantifiers) }

func (u *unit) invariant(d *Decl) {
	iv := d.Invariant
	pos := position(iv.Pos)
	name := strings.Join(iv.Name.Parts, ".")
	idx, ok := claimListed(u, u.mod.Invariants, func(x *InvariantDef) (string, string) { return x.Name, x.Module }, KindInvariant, name, pos, d)
	if !ok {
		return
	}
	u.mod.Invariants = putListed(u.mod.Invariants, idx, &InvariantDef{Name: name, Title: iv.Title, Cite: iv.Cite, Origin: u.origin(pos, d), ast: iv})
}

func (u *unit) test(d *Decl) {
	t := d.Test
	pos := position(t.Pos)
	name := strings.Join(t.Name.Parts, ".")
	idx, ok := claimListed(u, u.mod.Tests, func(x *TestDef) (string, string) { return x.Name, x.Module }, KindTest, name, pos, d)
	if !ok {
		return
	}
	u.mod.Tests = putListed(u.mod.Tests, idx, &TestDef{Name: name, Title: t.Title, Cite: t.Cite, Origin: u.origin(pos, d), ast: t, end: d.EndPos.Offset})
}

// invariantEnv is the names an invariant reads.
func (u *unit) invariantEnv() vars {
	env := vars{}
	for _, v := range u.env.InvariantVars {
		env[v.Name] = v.Type
	}
	return env
}

// compileInvariants compiles the effective invariants; inherited ones are
// copied first, as rules are.
func (u *unit) compileInvariants() {
	env := u.invariantEnv()
	u.quant = true
	defer func() { u.quant = false }()
	for i, iv := range u.mod.Invariants {
		if iv.Module != u.mod.ID {
			cp := *iv
			iv = &cp
			u.mod.Invariants[i] = iv
		}
		iv.Cond = u.compile(iv.ast.Cond, env, true)
		if iv.Cond != nil {
			if iv.Loops = loopDepth(iv.Cond.Node()); iv.Loops > maxLoops {
				u.errorf(iv.Cond.Pos, "too-costly", "invariant %s nests %d loops over a list; at most %d", iv.Name, iv.Loops, maxLoops)
			}
		}
	}
}

// maxLoops bounds how deep an invariant or an expectation nests its loops:
// each is a pass over the board's units.
const maxLoops = 2

// loopDepth bounds how deep a tree nests the quantifiers: for each, one
// more than the quantifiers inside it.
func loopDepth(root ast.Node) int {
	if root == nil {
		return 0
	}
	var all []*ast.BuiltinNode
	ast.Walk(&root, visitFunc(func(n *ast.Node) {
		if b, ok := (*n).(*ast.BuiltinNode); ok && quantifiers[b.Name] {
			all = append(all, b)
		}
	}))
	depth := 0
	for _, b := range all {
		inner := 0
		for _, a := range b.Arguments {
			ast.Walk(&a, visitFunc(func(n *ast.Node) {
				if x, ok := (*n).(*ast.BuiltinNode); ok && quantifiers[x.Name] {
					inner++
				}
			}))
		}
		depth = max(depth, 1+inner)
	}
	return depth
}

type visitFunc func(n *ast.Node)

func (f visitFunc) Visit(n *ast.Node) { f(n) }

// checkTests reads each effective test's set-up and compiles its
// expectations against the units it places. It runs once the scenarios
// are in, since a test may start from one.
func (u *unit) checkTests() {
	u.quant = true
	defer func() { u.quant = false }()
	for i, t := range u.mod.Tests {
		if t.Module != u.mod.ID {
			cp := *t
			t = &cp
			u.mod.Tests[i] = t
			if u.reuseTest(t) {
				continue
			}
		}
		n, w := len(u.diags), len(u.words)
		t.reuseInfo, t.words, t.reads = nil, nil, nil
		var reads []wordRef
		u.reading = &reads
		u.checkTest(t)
		u.reading = nil
		if len(u.diags) == n && t.Setup != nil {
			t.reuseInfo, t.words, t.reads = u.info, slices.Clone(u.words[w:]), reads
		}
	}
}

func (u *unit) checkTest(t *TestDef) {
	t.Skip = ""
	u.testSetup(t)
	if t.Setup == nil {
		return
	}
	env := vars{}
	for _, us := range t.Setup.Units {
		env[us.ID] = u.env.UnitType
	}
	t.Expects = nil
	for _, x := range t.ast.Expects {
		t.Expects = append(t.Expects, u.expect(t, x, env))
	}
	if len(t.Expects) == 0 {
		u.errorf(t.Pos, "empty-test", "test %s expects nothing: add `expect …` lines", t.Name)
	}
}

func (u *unit) testSetup(t *TestDef) {
	var own []*ScenarioItem
	t.Dice, t.Exact, t.Scenario = nil, false, ""
	var named *Ident
	for _, it := range t.ast.Items {
		switch {
		case it.Scenario != nil:
			if named != nil {
				u.errorf(position(it.Pos), "bad-test", "test %s names a scenario twice", t.Name)
				continue
			}
			named = it.Scenario
		case it.Dice != nil:
			if t.Dice != nil {
				u.errorf(position(it.Pos), "bad-test", "test %s gives its dice twice", t.Name)
			}
			for _, f := range it.Dice {
				n := 0
				for _, c := range f {
					if c < '0' || c > '9' || n > 100 {
						n = -1
						break
					}
					n = n*10 + int(c-'0')
				}
				if n < 1 || n > 100 {
					u.errorf(position(it.Pos), "bad-test", "a die shows 1 to 100, not %s", f)
					continue
				}
				t.Dice = append(t.Dice, n)
			}
		case it.Exact:
			t.Exact = true
		case it.Line != nil:
			own = append(own, it.Line)
		}
	}
	if t.Exact && t.Dice != nil {
		u.errorf(t.Pos, "bad-test", "test %s both fixes its dice and plays every path (`exact`): choose one", t.Name)
	}
	src := u.srcs[t.Pos.File]
	if named == nil {
		if len(own) == 0 {
			u.errorf(t.Pos, "bad-test", "test %s sets nothing up: name a scenario (`scenario NAME`) or give its map and units", t.Name)
			return
		}
		t.Setup = u.scenarioDef(&Scenario{Pos: t.ast.Pos, Name: t.Name, Title: t.Title, Items: own}, src)
		u.checkScenario(t.Setup)
		// A set-up's geometry is reported when the test is played.
		t.Setup.Layout, _ = CheckScenario(u.mod, t.Setup)
		return
	}
	base, ok := u.mod.Scenario(named.Name)
	if !ok {
		var names []string
		for _, s := range u.mod.AllScenarios() {
			names = append(names, s.Name)
		}
		u.errorf(position(named.Pos), "unknown-scenario", "test %s: no scenario %q%s", t.Name, named.Name, didYouMean(named.Name, names))
		return
	}
	t.Scenario = named.Name
	extra := u.scenarioDef(&Scenario{Pos: t.ast.Pos, Name: t.Name, Items: own}, src)
	if extra.Cols != 0 || len(extra.Units) > 0 || len(extra.Terrain) > 0 || len(extra.Hexsides) > 0 || len(extra.Orders) > 0 || len(extra.Turns) > 0 {
		u.errorf(t.Pos, "bad-test", "test %s starts from scenario %s: it may add decide and seed lines, not a map, units or orders", t.Name, named.Name)
		return
	}
	sd := *base
	sd.Decisions = append(append([]*DecisionSpec(nil), base.Decisions...), extra.Decisions...)
	u.recordUnits(base.Name, base.Units, false, nil, extra.Decisions)
	if extra.Seed != nil {
		sd.Seed = extra.Seed
	}
	// Laid out again under this module, whose words (a formation's fronts,
	// an arm's range) may not be the base's.
	sd.Layout, _ = CheckScenario(u.mod, &sd)
	t.Setup = &sd
}

func (u *unit) expect(t *TestDef, x *TestExpect, env vars) *ExpectDef {
	pos := position(x.Pos)
	switch {
	case x.Rule != nil:
		kind := map[string]ExpectKind{"refused": ExpectRefused, "allowed": ExpectAllowed, "applied": ExpectApplied, "unapplied": ExpectUnapplied}[x.Ruling]
		found := false
		var ids []string
		for _, r := range u.mod.Rules {
			ids = append(ids, r.ID)
			found = found || r.ID == *x.Rule
		}
		if !found {
			hint := ""
			if t.Module != u.mod.ID {
				hint = fmt.Sprintf(" (the test is module %s's: a battle that removes the rule removes or overrides the test)", t.Module)
			}
			u.errorf(pos, "unknown-rule", "test %s: no rule %q%s%s", t.Name, *x.Rule, didYouMean(*x.Rule, ids), hint)
		}
		return &ExpectDef{Kind: kind, Rule: *x.Rule, Pos: pos, Source: x.source(u.srcs)}
	}
	after := ""
	if x.After != nil {
		after = x.After.Name
		u.checkPhase(t, x.After)
	}
	if x.Chance != nil {
		if !t.Exact {
			u.errorf(pos, "bad-test", "test %s: a chance is exact over every path through the dice; add `exact` to the test", t.Name)
		}
		want, ok := new(big.Rat).SetString(x.Num)
		if ok && x.Den != nil {
			den, okDen := new(big.Rat).SetString(*x.Den)
			if ok = okDen && den.Sign() != 0; ok {
				want.Quo(want, den)
			}
		}
		if !ok {
			u.errorf(pos, "bad-number", "test %s: %s is not a chance", t.Name, x.Num)
		}
		return &ExpectDef{Kind: ExpectChance, Cond: u.compile(x.Chance, env, true), Op: x.Op, Want: want, After: after, Pos: pos, Source: x.source(u.srcs)}
	}
	return &ExpectDef{Kind: ExpectCond, Cond: u.compile(x.Cond, env, true), After: after, Pos: pos, Source: x.source(u.srcs)}
}

// source is the expectation as ExpectDef.Source writes it, from the texts
// of the files by name: what a diff compares, whether or not the check
// read the test.
func (x *TestExpect) source(srcs map[string]string) string {
	if x.Rule != nil {
		return x.Ruling + " " + *x.Rule
	}
	prefix := ""
	if x.After != nil {
		prefix = "after " + x.After.Name + " "
	}
	if x.Chance != nil {
		src := prefix + "chance(" + x.Chance.Text(srcs[x.Chance.Pos.Filename]) + ") " + x.Op + " " + x.Num
		if x.Den != nil {
			src += "/" + *x.Den
		}
		return src
	}
	return prefix + x.Cond.Text(srcs[x.Cond.Pos.Filename])
}

// checkPhase checks the phase an `expect after PHASE` names: one of the
// module's sequence of play, or of the engine's procedures when the module
// declares none, since only those end in a turn.
func (u *unit) checkPhase(t *TestDef, ph *Ident) {
	var known []string
	if u.mod.Sequence != nil {
		for _, p := range u.mod.Sequence.Phases {
			known = append(known, p.Proc)
		}
	} else {
		for name := range u.env.Procedures {
			known = append(known, name)
		}
		sort.Strings(known)
	}
	if slices.Contains(known, ph.Name) {
		return
	}
	if t.Module != u.mod.ID {
		t.Skip = fmt.Sprintf("it judges the end of phase %q, which this battle's sequence of play does not have (it has %s)", ph.Name, joinWords(known))
		return
	}
	u.errorf(position(ph.Pos), "unknown-phase", "test %s: no phase %q in the sequence of play%s (it has %s)", t.Name, ph.Name, didYouMean(ph.Name, known), joinWords(known))
}
