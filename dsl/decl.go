package dsl

import (
	"sort"
	"strings"

	"github.com/alecthomas/participle/v2/lexer"
)

// The declaration table: every kind of declaration the language has,
// registered once with what the phases need of it. The checker dispatches
// a declaration to its kind's check (each in its check_*.go file), claims
// its name against what the kind holds, and inherits and removes through
// its store; Decls and Lookup list through it, the formatter prints
// through it, Diff compares through it, and the language server and
// explain read it (DeclKinds, Decl.Name). A new kind is its node in
// Decl, one entry here, and its check.

// declKind is one kind of declaration.
type declKind struct {
	// kind is the keyword that declares it, and that `remove` names; ""
	// for a form that changes or maps what another declares (a column or
	// cell edit, a removal, a mapped citation).
	kind string
	// of reports whether d is of this kind.
	of func(d *Decl) bool
	// check checks d: it claims d's name and puts it in the module, with
	// what can be checked before every declaration of the module is in.
	check func(u *unit, f *File, d *Decl)
	// late checks the kind's effective declarations once every
	// declaration of the module is in and its rules are compiled, or is
	// nil.
	late func(u *unit)
	// name is what d names, for tools, or nil for a kind without a name.
	name func(d *Decl) DeclName

	// store is how a checked module keeps the kind's declarations.
	store
	// hidden kinds are left out of Decls and Lookup (eachDecl lists them
	// with all): the invariants, the tests and the sequence of play.
	hidden bool

	// multiline reports whether the formatter lays d out over several
	// lines (a blank line goes around it); print prints d after its
	// `override` and `placeholder`.
	multiline func(p *printer, d *Decl) bool
	print     func(p *printer, d *Decl)
	// entries counts d's entries past the declaration itself, for
	// Limits.Entries (countEntries).
	entries func(d *Decl, add func(lexer.Position, int))

	// diff adds the changes of the kind between two modules (Diff);
	// errata is where its changes sort, as an errata sheet lists them,
	// and heading the title of their section ("" for the kind itself).
	diff    func(d *ModuleDiff, old, new *Module)
	errata  int
	heading string

	// role, list and doc are DeclKind's.
	role Role
	list string
	doc  string
}

// store is how a checked module keeps one kind's declarations. Every
// field is nil for a kind the module does not keep by name.
type store struct {
	// init makes the module's empty store of the kind.
	init func(m *Module)
	// inherit shares the base's declarations with m: checked
	// declarations are never changed.
	inherit func(m, base *Module)
	// find gives the declaration in force of a name.
	find func(m *Module, name string) (DeclRef, bool)
	// each calls fn on every declaration in force, by name (the order of
	// a list kept in order, for those of one name).
	each func(m *Module, fn func(DeclRef))
	// remove drops the declaration of a name, reporting whether there
	// was one.
	remove func(m *Module, name string) bool
}

// byName is the store of a kind kept in a map by name.
func byName[T any](field func(m *Module) map[string]*T, ref func(name string, x *T) DeclRef) store {
	return store{
		inherit: func(m, base *Module) {
			to := field(m)
			for k, v := range field(base) {
				to[k] = v
			}
		},
		find: func(m *Module, name string) (DeclRef, bool) {
			x, ok := field(m)[name]
			if !ok {
				return DeclRef{}, false
			}
			return ref(name, x), true
		},
		each: func(m *Module, fn func(DeclRef)) {
			xs := field(m)
			for _, name := range sortedKeys(xs) {
				fn(ref(name, xs[name]))
			}
		},
		remove: func(m *Module, name string) bool {
			xs := field(m)
			_, ok := xs[name]
			delete(xs, name)
			return ok
		},
	}
}

// inOrder is the store of a kind kept in a list, in the order its
// declarations run or are played, a base's first: an override takes the
// place of the declaration it replaces (putListed). sorted lists them by
// name; otherwise in the list's order.
func inOrder[T any](field func(m *Module) *[]*T, ref func(x *T) DeclRef, sorted bool) store {
	return store{
		inherit: func(m, base *Module) {
			*field(m) = append([]*T(nil), *field(base)...)
		},
		find: func(m *Module, name string) (DeclRef, bool) {
			for _, x := range *field(m) {
				if r := ref(x); r.Name == name {
					return r, true
				}
			}
			return DeclRef{}, false
		},
		each: func(m *Module, fn func(DeclRef)) {
			xs := *field(m)
			if sorted {
				refs := make([]DeclRef, len(xs))
				for i, x := range xs {
					refs[i] = ref(x)
				}
				sort.SliceStable(refs, func(i, j int) bool { return refs[i].Name < refs[j].Name })
				for _, r := range refs {
					fn(r)
				}
				return
			}
			for _, x := range xs {
				fn(ref(x))
			}
		},
		remove: func(m *Module, name string) bool {
			xs := field(m)
			for i, x := range *xs {
				if ref(x).Name == name {
					*xs = append((*xs)[:i:i], (*xs)[i+1:]...)
					return true
				}
			}
			return false
		},
	}
}

// Role is what a kind of declaration is to a reader, for tools that
// outline or colour a module.
type Role int

const (
	// RoleWord is a word of the vocabulary, and what is none of the others.
	RoleWord Role = iota
	// RoleValue is a value rules read: a param.
	RoleValue
	// RoleData is data rules read or roll: a table, a check, a chart.
	RoleData
	// RoleCode runs: a rule, a modifier, an invariant, a test.
	RoleCode
	// RoleSetup sets a board up: a scenario.
	RoleSetup
)

// KindScenario is the kind tools give a scenario (Decl.Name).
const KindScenario = "scenario"

// DeclKind describes a kind of declaration, for tools.
type DeclKind struct {
	// Kind is the keyword that declares it.
	Kind string
	Role Role
	// List names the list tools show the kind in (`explain GAME
	// tables`): its plural, or "words" for the vocabulary's; empty for a
	// kind not listed.
	List string
	// Doc says in a line what it declares, for the reference.
	Doc string
}

// DeclKinds lists the kinds of declaration, in the order Decls lists
// them.
func DeclKinds() []DeclKind {
	var out []DeclKind
	for _, k := range declKinds {
		if k.kind != "" {
			out = append(out, DeclKind{Kind: k.kind, Role: k.role, List: k.list, Doc: k.doc})
		}
	}
	return out
}

// KindRole is the role of a kind of declaration; RoleWord for a kind the
// language does not have.
func KindRole(kind string) Role {
	if k := declKindNamed[kind]; k != nil {
		return k.role
	}
	return RoleWord
}

// DeclName is what a declaration names, for tools: a column or cell edit
// names the table or chart it changes, a removal what it removes.
type DeclName struct {
	Kind, Name string
	// Node is the node d holds (*Param, *Table, …) and Pos where it starts.
	Node any
	Pos  lexer.Position
	// Remove is set for a removal.
	Remove bool
}

// Name says what d names; false for a declaration without a name (the
// sequence of play, a mapped citation) or one whose name is missing.
func (d *Decl) Name() (DeclName, bool) {
	k := d.kindOf()
	if k == nil || k.name == nil {
		return DeclName{}, false
	}
	n := k.name(d)
	return n, n.Name != ""
}

// kindOf is the kind of a declaration, or nil for an empty one.
func (d *Decl) kindOf() *declKind {
	for _, k := range declKinds {
		if k.of(d) {
			return k
		}
	}
	return nil
}

// declKinds is the table, in the order Decls lists the kinds;
// declKindNamed has its kinds by keyword.
var (
	declKinds     []*declKind
	declKindNamed map[string]*declKind
)

func dotted(n *DottedName) string {
	if n == nil {
		return ""
	}
	return strings.Join(n.Parts, ".")
}

func init() {
	declKinds = []*declKind{
		{
			kind: KindParam, role: RoleValue, list: "params", errata: 1, heading: "Parameters",
			doc:   "a named value rules read: `param rout.hexes = 10`",
			of:    func(d *Decl) bool { return d.Param != nil },
			check: func(u *unit, _ *File, d *Decl) { u.param(d) },
			name: func(d *Decl) DeclName {
				return DeclName{Kind: KindParam, Name: dotted(d.Param.Name), Node: d.Param, Pos: d.Param.Pos}
			},
			store: withInit(func(m *Module) { m.Params = map[string]*ParamDef{} },
				byName(func(m *Module) map[string]*ParamDef { return m.Params }, func(name string, p *ParamDef) DeclRef {
					return DeclRef{KindParam, name, "", p.Cite, p.Origin, p}
				})),
			print: func(p *printer, d *Decl) { p.param(d.Param) },
			diff:  (*ModuleDiff).params,
		},
		{
			kind: KindTable, role: RoleData, list: "tables", errata: 2, heading: "Tables",
			doc:   "a dice table: ranges of the roll to outcomes, in columns chosen by keys or conditions; rolling it fires `NAME.OUTCOME`",
			of:    func(d *Decl) bool { return d.Table != nil },
			check: func(u *unit, _ *File, d *Decl) { u.table(d) },
			name: func(d *Decl) DeclName {
				return DeclName{Kind: KindTable, Name: d.Table.Name, Node: d.Table, Pos: d.Table.Pos}
			},
			store: withInit(func(m *Module) { m.Tables = map[string]*TableDef{} },
				byName(func(m *Module) map[string]*TableDef { return m.Tables }, func(name string, t *TableDef) DeclRef {
					return DeclRef{KindTable, name, t.Title, t.Cite, t.Origin, t}
				})),
			multiline: func(p *printer, d *Decl) bool {
				return p.multiline(d.Pos.Offset, len(d.Table.Rows)+len(d.Table.Columns), false)
			},
			print: func(p *printer, d *Decl) { p.table(d.Table) },
			entries: func(d *Decl, add func(lexer.Position, int)) {
				add(d.Table.Pos, len(d.Table.Rows)+len(d.Table.Columns))
				for _, c := range d.Table.Columns {
					add(c.Pos, len(c.Rows))
				}
			},
			diff: (*ModuleDiff).tables,
		},
		{
			kind: KindCheck, role: RoleData, list: "checks", errata: 4, heading: "Checks",
			doc:   "a roll against a threshold, its direction stated (`pass above unit.morale`); rolling it fires `NAME.pass` or `NAME.fail`",
			of:    func(d *Decl) bool { return d.Check != nil },
			check: func(u *unit, _ *File, d *Decl) { u.check(d) },
			name: func(d *Decl) DeclName {
				return DeclName{Kind: KindCheck, Name: d.Check.Name, Node: d.Check, Pos: d.Check.Pos}
			},
			store: withInit(func(m *Module) { m.Checks = map[string]*CheckDef{} },
				byName(func(m *Module) map[string]*CheckDef { return m.Checks }, func(name string, c *CheckDef) DeclRef {
					return DeclRef{KindCheck, name, c.Title, c.Cite, c.Origin, c}
				})),
			multiline: always,
			print:     func(p *printer, d *Decl) { p.check(d.Check) },
			diff:      (*ModuleDiff).checks,
		},
		{
			kind: KindModifier, role: RoleCode, list: "modifiers", errata: 3, heading: "Modifiers",
			doc:   "a named modifier of a table's or a check's roll, summed when its condition holds: `modifier TABLE.NAME { VALUE when COND }`",
			of:    func(d *Decl) bool { return d.Modifier != nil },
			check: func(u *unit, _ *File, d *Decl) { u.modifier(d) },
			name: func(d *Decl) DeclName {
				return DeclName{Kind: KindModifier, Name: dotted(d.Modifier.Name), Node: d.Modifier, Pos: d.Modifier.Pos}
			},
			store: inOrder(func(m *Module) *[]*ModifierDef { return &m.Modifiers }, func(x *ModifierDef) DeclRef {
				return DeclRef{KindModifier, x.Name, x.Title, x.Cite, x.Origin, x}
			}, true),
			multiline: func(p *printer, d *Decl) bool { return p.multiline(d.Pos.Offset, 1, true) },
			print:     func(p *printer, d *Decl) { p.modifier(d.Modifier) },
			diff:      (*ModuleDiff).modifiers,
		},
		{
			kind: KindChart, role: RoleData, list: "charts", errata: 5, heading: "Charts",
			doc:   "a chart read, not rolled: a value for each combination of its keys, called as a function",
			of:    func(d *Decl) bool { return d.Chart != nil },
			check: func(u *unit, _ *File, d *Decl) { u.chart(d) },
			name: func(d *Decl) DeclName {
				return DeclName{Kind: KindChart, Name: d.Chart.Name, Node: d.Chart, Pos: d.Chart.Pos}
			},
			store: withInit(func(m *Module) { m.Charts = map[string]*ChartDef{} },
				byName(func(m *Module) map[string]*ChartDef { return m.Charts }, func(name string, c *ChartDef) DeclRef {
					return DeclRef{KindChart, name, c.Title, c.Cite, c.Origin, c}
				})),
			multiline: always,
			print:     func(p *printer, d *Decl) { p.chart(d.Chart) },
			diff:      (*ModuleDiff).charts,
		},
		{
			kind: KindObjective, list: "objectives", errata: 16,
			doc:   "what a side values at the end of a play, for `bataille advise`: `objective NAME for SIDE { VALUE when COND }`",
			of:    func(d *Decl) bool { return d.Objective != nil },
			check: func(u *unit, _ *File, d *Decl) { u.objective(d) },
			name: func(d *Decl) DeclName {
				return DeclName{Kind: KindObjective, Name: d.Objective.Name, Node: d.Objective, Pos: d.Objective.Pos}
			},
			store: withInit(func(m *Module) { m.Objectives = map[string]*ObjectiveDef{} },
				byName(func(m *Module) map[string]*ObjectiveDef { return m.Objectives }, func(name string, o *ObjectiveDef) DeclRef {
					return DeclRef{KindObjective, name, o.Title, o.Cite, o.Origin, o}
				})),
			multiline: func(p *printer, d *Decl) bool { return p.multiline(d.Pos.Offset, 1, true) },
			print:     func(p *printer, d *Decl) { p.objective(d.Objective) },
			diff:      (*ModuleDiff).objectives,
		},
		{
			kind: KindRule, role: RoleCode, list: "rules", errata: 6, heading: "Rules",
			doc:   "runs on a hook: `when` selects it, `require` blocks the action, `let` binds, `ask` puts a question, `do` calls effects",
			of:    func(d *Decl) bool { return d.Rule != nil },
			check: func(u *unit, _ *File, d *Decl) { u.rule(d) },
			name: func(d *Decl) DeclName {
				return DeclName{Kind: KindRule, Name: dotted(d.Rule.Name), Node: d.Rule, Pos: d.Rule.Pos}
			},
			store: inOrder(func(m *Module) *[]*RuleDef { return &m.Rules }, func(r *RuleDef) DeclRef {
				return DeclRef{KindRule, r.ID, r.Title, r.Cite, r.Origin, r}
			}, true),
			multiline: func(p *printer, d *Decl) bool { return p.multiline(d.Pos.Offset, len(d.Rule.Clauses), false) },
			print:     func(p *printer, d *Decl) { p.rule(d.Rule) },
			entries: func(d *Decl, add func(lexer.Position, int)) {
				for _, c := range d.Rule.Clauses {
					add(c.Pos, 1+len(c.Do))
				}
			},
			diff: (*ModuleDiff).rules,
		},
	}
	for i, kind := range vocabKinds {
		list := "words"
		if kind == KindArmy {
			list = "" // a number each side keeps, not a word
		}
		declKinds = append(declKinds, &declKind{
			kind: kind, list: list, errata: []int{7, 8, 9, 10, 11, 12, 13, 15, 19}[i],
			heading: []string{"Terrain", "Formations", "Arms", "Morale states", "Nationalities", "Unit types", "Hexsides", "Unit attributes", "Side values"}[i],
			doc:     vocabDocs[i],
			of:      func(d *Decl) bool { return d.Vocab != nil && d.Vocab.Kind == kind },
			check:   func(u *unit, _ *File, d *Decl) { u.vocab(d) },
			name: func(d *Decl) DeclName {
				return DeclName{Kind: kind, Name: d.Vocab.Name, Node: d.Vocab, Pos: d.Vocab.Pos}
			},
			store: withInit(func(m *Module) {
				if m.Vocab == nil {
					m.Vocab = map[string]map[string]*VocabDef{}
				}
				m.Vocab[kind] = map[string]*VocabDef{}
			}, byName(func(m *Module) map[string]*VocabDef { return m.Vocab[kind] }, func(name string, w *VocabDef) DeclRef {
				return DeclRef{kind, name, w.Title, w.Cite, w.Origin, w}
			})),
			multiline: func(p *printer, d *Decl) bool {
				return d.Vocab.Open && p.multiline(d.Pos.Offset, len(d.Vocab.Props), true)
			},
			print:   func(p *printer, d *Decl) { p.vocab(d.Vocab) },
			entries: func(d *Decl, add func(lexer.Position, int)) { add(d.Vocab.Pos, len(d.Vocab.Props)) },
			diff:    func(d *ModuleDiff, old, new *Module) { d.vocab(kind, old, new) },
		})
	}
	declKinds = append(declKinds,
		&declKind{
			kind: KindInvariant, role: RoleCode, list: "invariants", hidden: true, errata: 17,
			doc:   "a condition over the board that holds after every step of every run",
			of:    func(d *Decl) bool { return d.Invariant != nil },
			check: func(u *unit, _ *File, d *Decl) { u.invariant(d) },
			late:  (*unit).compileInvariants,
			name: func(d *Decl) DeclName {
				return DeclName{Kind: KindInvariant, Name: dotted(d.Invariant.Name), Node: d.Invariant, Pos: d.Invariant.Pos}
			},
			store: inOrder(func(m *Module) *[]*InvariantDef { return &m.Invariants }, func(iv *InvariantDef) DeclRef {
				return DeclRef{KindInvariant, iv.Name, iv.Title, iv.Cite, iv.Origin, iv}
			}, false),
			multiline: func(p *printer, d *Decl) bool { return p.multiline(d.Pos.Offset, 1, true) },
			print:     func(p *printer, d *Decl) { p.invariant(d.Invariant) },
			diff:      (*ModuleDiff).invariants,
		},
		&declKind{
			kind: KindConstraint, role: RoleCode, list: "constraints", hidden: true, errata: 20, heading: "Constraints",
			doc:   "a condition over the params that must hold here and in every module that extends this one: `constraint NAME { rout.target_hexes <= rout.hexes }`",
			of:    func(d *Decl) bool { return d.Constraint != nil },
			check: func(u *unit, _ *File, d *Decl) { u.constraint(d) },
			late:  (*unit).checkConstraints,
			name: func(d *Decl) DeclName {
				return DeclName{Kind: KindConstraint, Name: dotted(d.Constraint.Name), Node: d.Constraint, Pos: d.Constraint.Pos}
			},
			store: inOrder(func(m *Module) *[]*ConstraintDef { return &m.Constraints }, func(c *ConstraintDef) DeclRef {
				return DeclRef{KindConstraint, c.Name, c.Title, c.Cite, c.Origin, c}
			}, false),
			multiline: func(p *printer, d *Decl) bool { return p.multiline(d.Pos.Offset, 1, true) },
			print:     func(p *printer, d *Decl) { p.constraint(d.Constraint) },
			diff:      (*ModuleDiff).constraints,
		},
		&declKind{
			kind: KindTest, role: RoleCode, list: "tests", hidden: true, errata: 18,
			doc:   "a ruling written as a test: a set-up, fixed dice or exact odds, and what must follow",
			of:    func(d *Decl) bool { return d.Test != nil },
			check: func(u *unit, _ *File, d *Decl) { u.test(d) },
			name: func(d *Decl) DeclName {
				return DeclName{Kind: KindTest, Name: dotted(d.Test.Name), Node: d.Test, Pos: d.Test.Pos}
			},
			store: inOrder(func(m *Module) *[]*TestDef { return &m.Tests }, func(t *TestDef) DeclRef {
				return DeclRef{KindTest, t.Name, t.Title, t.Cite, t.Origin, t}
			}, false),
			multiline: always,
			print:     func(p *printer, d *Decl) { p.test(d.Test) },
			diff:      (*ModuleDiff).tests,
		},
		&declKind{
			// One per module, without a name: claimed by claimSequence.
			kind: KindSequence, hidden: true, errata: 14, heading: "Sequence of play",
			doc:   "the phases of a turn in order, each a procedure of the engine; one a module",
			of:    func(d *Decl) bool { return d.Sequence != nil },
			check: func(u *unit, _ *File, d *Decl) { u.sequence(d) },
			store: store{
				inherit: func(m, base *Module) { m.Sequence = base.Sequence },
				each: func(m *Module, fn func(DeclRef)) {
					if s := m.Sequence; s != nil {
						fn(DeclRef{KindSequence, "", s.Title, s.Cite, s.Origin, s})
					}
				},
			},
			multiline: always,
			print:     func(p *printer, d *Decl) { p.sequence(d.Sequence) },
			diff:      (*ModuleDiff).sequence,
		},
		&declKind{
			// A module's own scenarios, not inherited.
			kind: KindScenario, role: RoleSetup,
			doc:   "a board set up: its map, terrain, units, orders and answers, which `run` plays; a module's own, not inherited",
			of:    func(d *Decl) bool { return d.Scenario != nil },
			check: func(u *unit, f *File, d *Decl) { u.scenario(d.Scenario, f.Src) },
			name: func(d *Decl) DeclName {
				return DeclName{Kind: KindScenario, Name: d.Scenario.Name, Node: d.Scenario, Pos: d.Scenario.Pos}
			},
			multiline: func(p *printer, d *Decl) bool { return p.multiline(d.Pos.Offset, len(d.Scenario.Items), false) },
			print:     func(p *printer, d *Decl) { p.scenario(d.Scenario) },
			entries: func(d *Decl, add func(lexer.Position, int)) {
				for _, it := range d.Scenario.Items {
					add(it.Pos, 1)
					if it.Unit != nil {
						add(it.Pos, len(it.Unit.Props))
					}
				}
			},
		},
		&declKind{
			// A version of the table it changes.
			of:    func(d *Decl) bool { return d.ColumnEdit != nil },
			check: func(u *unit, _ *File, d *Decl) { u.columnEdit(d) },
			name: func(d *Decl) DeclName {
				return DeclName{Kind: KindTable, Name: d.ColumnEdit.Table, Node: d.ColumnEdit, Pos: d.ColumnEdit.Pos}
			},
			multiline: func(p *printer, d *Decl) bool { return p.multiline(d.Pos.Offset, len(d.ColumnEdit.Rows), true) },
			print:     func(p *printer, d *Decl) { p.columnEdit(d.ColumnEdit) },
		},
		&declKind{
			// A version of the chart it changes.
			of:    func(d *Decl) bool { return d.CellEdit != nil },
			check: func(u *unit, _ *File, d *Decl) { u.cellEdit(d) },
			name: func(d *Decl) DeclName {
				return DeclName{Kind: KindChart, Name: d.CellEdit.Chart, Node: d.CellEdit, Pos: d.CellEdit.Pos}
			},
			print: func(p *printer, d *Decl) { p.cellEdit(d.CellEdit) },
		},
		&declKind{
			of:    func(d *Decl) bool { return d.Remove != nil },
			check: func(u *unit, _ *File, d *Decl) { u.remove(d.Remove) },
			name: func(d *Decl) DeclName {
				return DeclName{Kind: d.Remove.Kind, Name: dotted(d.Remove.Name), Node: d.Remove, Pos: d.Remove.Pos, Remove: true}
			},
			print: func(p *printer, d *Decl) { p.remove(d.Remove) },
		},
		&declKind{
			// The base's mappings first, a battle's after them.
			of:    func(d *Decl) bool { return d.CiteAs != nil },
			check: func(u *unit, _ *File, d *Decl) { u.citeAs(d) },
			store: store{inherit: func(m, base *Module) { m.CiteAs = append([]*CiteAsDef(nil), base.CiteAs...) }},
			print: func(p *printer, d *Decl) { p.citeAs(d.CiteAs) },
		},
	)
	declKindNamed = map[string]*declKind{}
	for _, k := range declKinds {
		if k.kind != "" {
			declKindNamed[k.kind] = k
		}
		if k.diff != nil {
			kindOrder[k.kind] = k.errata
		}
		if k.heading != "" {
			kindHeadings[k.kind] = k.heading
		}
	}
}

// vocabDocs say what each of vocabKinds declares.
var vocabDocs = []string{
	"a terrain type, with its properties (its cost, `no_charge`, …)",
	"a formation, with its properties (`fronts`, `zdi`, its morale change, …)",
	"an arm of service (infantry, cavalry, artillery)",
	"a morale state (disordered, routed, …)",
	"a nationality units carry (`nationality: french`), by which charts are keyed",
	"a type of unit (`class uhlans { arm: cavalry  light  lancer }`), by which charts are keyed",
	"a feature along hexsides (a stream, a slope), with its crossing costs",
	"a flag a scenario may give a unit beyond the engine's own properties, read with `has()`",
	"a number each side keeps through the battle (`army morale_level { start: 0  max: 3 }`), set with `set_army` and read with `army()`",
}

func always(*printer, *Decl) bool { return true }

func withInit(init func(m *Module), s store) store {
	s.init = init
	return s
}
