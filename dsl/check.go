package dsl

import (
	"github.com/bataille/bataille/hex"
	"github.com/expr-lang/expr"
	"github.com/expr-lang/expr/builtin"
	"github.com/expr-lang/expr/conf"
	"github.com/expr-lang/expr/types"
	"reflect"
	"sort"
	"strconv"
	"strings"
)

// Loader returns the parsed files of the module with the given id; Check
// calls it to resolve `extends`.
type Loader func(id string) ([]*File, Diagnostics)

// Check turns the files of one module into a checked Module, resolving
// `extends` through load. It reports every problem it finds, not only the
// first; the module is nil when any of them is an error.
func Check(files []*File, env *Env, load Loader) (mod *Module, diags Diagnostics) {
	return CheckWith(files, env, load, nil)
}

// Checked returns a module already checked against env, or nil. A process
// that loads many modules extending the same base (a language server, a
// sweep over variants) checks the base once and hands it to every check.
type Checked func(id string, env *Env) *Module

// CheckWith is Check that takes the modules checked returns instead of
// loading and checking them again. Checked declarations are never changed,
// so one base module may serve any number of checks, at once.
func CheckWith(files []*File, env *Env, load Loader, checked Checked) (mod *Module, diags Diagnostics) {
	return newChecker(env, load, checked).check(files)
}

func newChecker(env *Env, load Loader, checked Checked) *checker {
	return &checker{env: env, load: load, checked: checked, done: map[string]*Module{}, srcs: map[string]string{}}
}

// CheckPlay is CheckWith for a module that is to be played, not tested
// (a run, a simulation, its odds): its tests are claimed, so an override
// of one still finds it, but their set-ups and expectations are not read,
// which is a quarter of a cold load. The module says so (TestsUnread); a
// full check never takes such a module as a base.
func CheckPlay(files []*File, env *Env, load Loader, checked Checked) (mod *Module, diags Diagnostics) {
	c := newChecker(env, load, checked)
	c.play = true
	return c.check(files)
}

// CheckAgain is CheckWith for a module checked before as prev (a folder
// open in an editor, checked again at each keystroke): an expression that
// means here what it meant in prev (exprKey: its text, and what each name
// it writes is) takes what prev's check compiled, as a module takes what
// its base's check compiled. prev may be nil.
func CheckAgain(files []*File, env *Env, load Loader, checked Checked, prev *Module) (mod *Module, diags Diagnostics) {
	return CheckInfo(files, env, load, checked, prev, nil)
}

// CheckInfo is CheckAgain that also fills info with what the names of the
// expressions it compiles refer to, as go/types' Config.Check fills its
// Info: whether or not the module has errors, for what it compiled. With
// info nil the module's Info is made anew.
func CheckInfo(files []*File, env *Env, load Loader, checked Checked, prev *Module, info *Info) (mod *Module, diags Diagnostics) {
	c := newChecker(env, load, checked)
	c.info = info
	if prev != nil && prev.Env == env {
		c.prev = prev.exprs
	}
	return c.check(files)
}

func (c *checker) check(files []*File) (mod *Module, diags Diagnostics) {
	if c.info == nil {
		c.info = &Info{}
	}
	mod, diags = c.checkKeep(files)
	c.info.finish()
	if diags.HasErrors() {
		return nil, diags
	}
	c.keep(mod)
	return mod, diags
}

// keep gives a clean module and the bases this check made what it
// compiled, for later checks of modules that extend them; nothing is added
// to it past here.
func (c *checker) keep(mod *Module) {
	mod.exprs = c.exprCache
	for _, m := range c.made {
		m.exprs = c.exprCache
	}
}

func (c *checker) checkKeep(files []*File) (mod *Module, diags Diagnostics) {
	defer func() {
		if r := recover(); r != nil {
			stop, ok := r.(tooManyErrors)
			if !ok {
				panic(r)
			}
			mod, diags = nil, stop.diags
			diags.Sort()
		}
	}()
	mod, diags = c.module(files, nil)
	diags.Sort()
	return mod, append(diags, c.geometry...)
}

// tooManyErrors stops a check after Limits.Errors errors: past that, more
// would mostly repeat one mistake, and each may cost a spelling search over
// every name of the module.
type tooManyErrors struct{ diags Diagnostics }

type checker struct {
	env  *Env
	load Loader
	// checked gives modules checked before this check, or nil.
	checked Checked
	done    map[string]*Module // modules already checked, by id
	srcs    map[string]string  // file name → text, for diagnostics
	// disabled and functions are the expr tables every compilation
	// shares (languageOption): made once per check.
	disabled  map[string]bool
	functions map[string]*builtin.Function
	// bytes counts the source read for this check, every module of the
	// extends chain included (Limits.ChainBytes).
	bytes int
	// exprCache holds what expr compiled, by meaning (exprCompileCached),
	// for every module of the check: a game compiles the rules it inherits
	// again, and most compile as they did for the base.
	exprCache map[string]*exprCode
	// prev is what the check of an earlier version of the module
	// compiled (CheckAgain), or nil.
	prev map[string]*exprCode
	// made is the modules this check checked for the extends chain.
	made []*Module
	// ids name the Go types and charts expressions are compiled against,
	// for exprKey, by their addresses: the same in every check of the
	// process for as long as they are in use.
	typeIDs  map[reflect.Type]string
	chartIDs map[*ChartDef]string
	// named and keyNames are compile's and exprKey's scratch space,
	// reused from one expression to the next.
	named    map[string]bool
	keyNames []string
	// textGuards has rules' opening conditions compiled from their joined
	// text, never joined from their trees (joinGuard), for tests to compare.
	textGuards bool
	// geometry is what CheckScenario found in the scenarios of a module
	// that has no other error, in the order found, to follow the others.
	geometry Diagnostics
	// info is what the names of the expressions compiled refer to, for
	// every module of the check.
	info *Info
	// play leaves the tests unread (CheckPlay).
	play bool
}

// unit is the working state of one module being checked.
type unit struct {
	*checker
	mod   *Module
	diags Diagnostics
	// geometry is what CheckScenario found in this module's scenarios.
	geometry Diagnostics
	// declared records the declarations this module wrote, to tell a
	// duplicate from an override.
	declared map[declKey]Pos
	ptypes   types.Map // param types, built once all params are in
	errors   int       // errors reported so far
	// joining is set while a rule's opening conditions are compiled as one,
	// whose words were checked clause by clause.
	joining bool
	// vocabOfVar maps hook variables holding words to their vocabulary.
	vocabOfVar map[string]string
	// langOpt gives expr this module's functions: the language's and its
	// charts'.
	langOpt expr.Option
	// baseConf is the expr configuration every expression of the module is
	// compiled with, copied (exprCompile).
	baseConf *conf.Config
	// groups are the params by the first part of their names (exprKey).
	groups map[string]*paramGroup
	// goTypes translates Go types into expr's, once per check (typeMap).
	goTypes map[reflect.Type]types.Type
	// funcNames are the functions an expression may call, charts aside
	// (methodCall).
	funcNames map[string]bool
	// quant is set while an invariant's or a test's expressions are
	// compiled: they may loop over the units (quantifiers).
	quant bool
	// decl is the declaration being claimed, for the fix that writes
	// `override` before it.
	decl *Decl
	// touched is the names whose declarations this module changed from
	// its base's (touchedNames), for the inherited rules and tests that
	// read none.
	touched *touches
	// words are the bare words of scenario lines and words' properties,
	// resolved for Info once the module's words are all in (recordWords).
	words []wordRef
	// setupAsked is the questions the module's rules ask and setupMorale
	// whether a check measures a roll against morale, for the tests it
	// inherits (setupReadsSame); nil until worked out.
	setupAsked  map[string]bool
	setupMorale bool
	// reading collects, while a test is checked, the words its set-up
	// reads (readWord).
	reading *[]wordRef
}

func (u *unit) errorf(pos Pos, code, format string, args ...any) {
	u.diags = append(u.diags, diagAt(u.srcs[pos.File], pos, Error, code, format, args...))
	if u.errors++; u.errors >= Limits.Errors {
		u.diags = append(u.diags, diagAt(u.srcs[pos.File], pos, Error, "too-many-errors", "too many errors (%d); the check stops here", u.errors))
		panic(tooManyErrors{u.diags})
	}
}

// fixOverride gives the diagnostic just reported the fix that writes
// `override` before the declaration being claimed.
func (u *unit) fixOverride() {
	if u.decl == nil || len(u.diags) == 0 {
		return
	}
	at := position(u.decl.Pos)
	d := &u.diags[len(u.diags)-1]
	d.Fixes = append(d.Fixes, Fix{Title: "Add `override`", Range: Span{at, at}, NewText: "override "})
}

func (u *unit) warnf(pos Pos, code, format string, args ...any) {
	u.diags = append(u.diags, diagAt(u.srcs[pos.File], pos, Warning, code, format, args...))
}

func (c *checker) module(files []*File, stack []string) (*Module, Diagnostics) {
	top := len(stack) == 0
	decls := 0
	for _, f := range files {
		decls += len(f.Decls)
	}
	u := &unit{checker: c, declared: make(map[declKey]Pos, decls)}
	for _, f := range files {
		c.srcs[f.Pos.Filename] = f.Src
		c.bytes += len(f.Src)
	}
	if c.bytes > Limits.ChainBytes && len(files) > 0 {
		// Every module of a chain is compiled again for the modules that
		// extend it: the chain's size bounds the work of the whole check.
		u.errorf(Pos{File: files[0].Pos.Filename, Line: 1, Col: 1}, "too-large", "this module and the modules it extends are %d bytes together; at most %d", c.bytes, Limits.ChainBytes)
		return nil, u.diags
	}
	if ds := checkEntries(files); ds != nil {
		return nil, ds
	}
	var header *Header
	for _, f := range files {
		if f.Header == nil {
			continue
		}
		if header != nil {
			u.errorf(position(f.Header.Pos), "duplicate-header", "a module has one header; %s already has one", header.Pos.Filename)
			continue
		}
		header = f.Header
	}
	if header == nil {
		p := Pos{Line: 1, Col: 1}
		if len(files) > 0 {
			p.File = files[0].Pos.Filename
		}
		u.errorf(p, "no-header", "no `module` or `game` header in this module's files")
		return nil, u.diags
	}
	mod := &Module{
		ID: header.ID, Kind: header.Kind, Title: header.Title, Edition: header.Edition, Cite: header.Cite,
		Hooks: map[string][]*RuleDef{}, Files: files, Env: c.env, Info: c.info,
	}
	for _, k := range declKinds {
		if k.init != nil {
			k.init(mod)
		}
	}
	u.mod = mod
	stack = append(stack, header.ID)
	if header.Extends != nil {
		base := u.base(header.Extends, stack)
		if base == nil {
			// Everything below would be measured against a base that is
			// not there: one error for the base says it all.
			return nil, u.diags
		}
		mod.Base = base
		inherit(mod, base)
	}
	for _, f := range files {
		for _, d := range f.Decls {
			u.decl = d
			if k := d.kindOf(); k != nil {
				k.check(u, f, d)
			}
		}
	}
	u.checkParamNames()
	u.checkVocab()
	u.checkCharts()
	u.checkUniqueFlags()
	// Expressions are compiled once every declaration is in, against the
	// effective module, so inherited rules see the game's params and a rule
	// may read a param declared below it.
	u.compileAll(u.hookEnvs())
	for _, k := range declKinds {
		if k.late != nil {
			k.late(u)
		}
	}
	u.checkCosts()
	u.checkOutcomes()
	u.checkTitleFigures()
	for _, r := range mod.Rules {
		mod.Hooks[r.Hook] = append(mod.Hooks[r.Hook], r)
	}
	u.checkScenarios()
	if mod.TestsUnread = c.play; !c.play {
		u.checkTests()
	}
	u.checkCiteAs()
	u.recordWords()
	if top {
		u.reportGeometry()
	}
	return mod, u.diags
}

func (u *unit) base(ref *ModuleRef, stack []string) *Module {
	pos := position(ref.Pos)
	ext := &Ident{Pos: ref.Pos, Name: ref.Name()}
	for _, id := range stack {
		if id == ext.Name {
			u.errorf(pos, "extends-cycle", "module %q extends itself: %s", ext.Name, strings.Join(append(stack, ext.Name), " → "))
			return nil
		}
	}
	if m, ok := u.done[ext.Name]; ok {
		return m
	}
	if len(stack) >= Limits.Extends {
		u.errorf(pos, "too-deep", "the extends chain %s goes on past %d modules", strings.Join(append(stack, ext.Name), " → "), Limits.Extends)
		return nil
	}
	if u.checked != nil {
		// A base whose tests were not read would hand a full check tests
		// never checked; a check to play takes either.
		if m := u.checked(ext.Name, u.env); m != nil && (u.play || !m.TestsUnread) {
			for mod := m; mod != nil; mod = mod.Base {
				for _, f := range mod.Files {
					u.srcs[f.Pos.Filename] = f.Src
				}
			}
			u.done[ext.Name] = m
			return m
		}
	}
	if u.load == nil {
		u.errorf(pos, "unknown-module", "cannot load module %q: no loader", ext.Name)
		return nil
	}
	files, diags := u.load(ext.Name)
	if diags.HasErrors() || len(files) == 0 {
		u.diags = append(u.diags, diags...)
		u.errorf(pos, "unknown-module", "cannot load module %q", ext.Name)
		return nil
	}
	// What the loader warns of the module it found (a folder of the same
	// name it did not take) is said at the extends that asked for it.
	for _, d := range diags {
		if d.Severity == Warning && d.Pos.File == "" {
			d.Pos = pos
			u.diags = append(u.diags, d)
		}
	}
	m, diags := u.module(files, stack)
	if diags.HasErrors() {
		u.diags = append(u.diags, diags...)
		u.errorf(pos, "bad-base", "module %q does not check", ext.Name)
		return nil
	}
	u.done[ext.Name] = m
	u.made = append(u.made, m)
	return m
}

// inherit shares the base's effective declarations with mod, kind by
// kind; they are not copied, because checked declarations are never
// changed.
func inherit(mod, base *Module) {
	for _, k := range declKinds {
		if k.inherit != nil {
			k.inherit(mod, base)
		}
	}
}

// declKey is a declaration's kind and name (the sequence of play has no
// name).
type declKey struct{ kind, name string }

// claim records a declaration d of a kind the module keeps by name,
// against the one of that name in force (the kind's store finds it),
// reporting duplicates, overrides of nothing and redeclarations without
// `override`. It reports whether to go on.
func (u *unit) claim(kind, name string, pos Pos, d *Decl) bool {
	old, exists := declKindNamed[kind].find(u.mod, name)
	from := ""
	if exists {
		from = "module " + old.Module
	}
	return u.claimFound(kind, name, pos, d.Override, exists, from)
}

// claimFound is claim once the declaration in force is found: exists
// says there is one, from where it comes from.
func (u *unit) claimFound(kind, name string, pos Pos, override, exists bool, from string) bool {
	key := declKey{kind, name}
	if prev, dup := u.declared[key]; dup {
		u.errorf(pos, "duplicate", "%s %s is declared twice; the first is at %s", kind, name, prev)
		return false
	}
	u.declared[key] = pos
	switch {
	case override && !exists:
		u.errorf(pos, "override-missing", "override of %s %s, %s%s", kind, name, u.notInBase(), didYouMean(name, u.names(kind)))
		return false
	case !override && exists:
		u.errorf(pos, "needs-override", "%s %s is already declared by %s; write `override %s %s` to change it", kind, name, from, kind, name)
		u.fixOverride()
		return false
	}
	return true
}

// notInBase says why there is nothing to override or remove.
func (u *unit) notInBase() string {
	if u.mod.Base == nil {
		return "but this module extends none"
	}
	return "which module " + u.mod.Base.ID + " does not declare"
}

// names lists the declared names of a kind, for suggestions.
func (u *unit) names(kind string) []string {
	k := declKindNamed[kind]
	if k == nil || k.each == nil {
		return nil
	}
	var out []string
	k.each(u.mod, func(d DeclRef) {
		if d.Name != "" {
			out = append(out, d.Name)
		}
	})
	sort.Strings(out)
	return out
}

func (u *unit) origin(pos Pos, d *Decl) Origin {
	return Origin{Module: u.mod.ID, Pos: pos, Override: d.Override, Placeholder: d.Placeholder}
}

func (u *unit) param(d *Decl) {
	p := d.Param
	pos := position(p.Pos)
	name := strings.Join(p.Name.Parts, ".")
	if !u.claim(KindParam, name, pos, d) {
		return
	}
	v, ok := u.value(p.Value)
	if !ok {
		return
	}
	if old, exists := u.mod.Params[name]; exists && kindOf(v) != kindOf(old.Value) {
		u.errorf(position(p.Value.Pos), "type-mismatch", "param %s is a %s in %s; got a %s", name, kindOf(old.Value), old.Module, kindOf(v))
		return
	}
	u.mod.Params[name] = &ParamDef{Name: name, Value: v, Cite: p.Cite, Origin: u.origin(pos, d)}
}

func kindOf(v any) string {
	switch v.(type) {
	case int:
		return "whole number"
	case float64:
		return "number"
	case string:
		return "string"
	case bool:
		return "boolean"
	case Dice:
		return "dice"
	}
	return "value"
}

// value converts a literal. Bare words are strings, except true and false.
func (u *unit) value(v *Value) (any, bool) {
	pos := position(v.Pos)
	switch {
	case v.Number != nil:
		return u.number(*v.Number, pos)
	case v.String != nil:
		return *v.String, true
	case v.Dice != nil:
		d, err := ParseDice(*v.Dice)
		if err != nil {
			u.errorf(pos, "bad-dice", "%v", err)
			return nil, false
		}
		return d, true
	case v.Ident != nil:
		switch *v.Ident {
		case "true":
			return true, true
		case "false":
			return false, true
		}
		return *v.Ident, true
	case v.Coord != nil:
		return u.hexSpec(v.Coord)
	}
	return nil, false
}

func (u *unit) number(s string, pos Pos) (any, bool) {
	if strings.Contains(s, ".") {
		f, err := strconv.ParseFloat(s, 64)
		if err != nil || f > 1e9 || f < -1e9 {
			u.errorf(pos, "bad-number", "number %s is out of range", s)
			return nil, false
		}
		return f, true
	}
	n, err := strconv.Atoi(s)
	if err != nil || n > 1e9 || n < -1e9 {
		u.errorf(pos, "bad-number", "number %s is out of range (at most 1000000000)", s)
		return nil, false
	}
	return n, true
}

func (u *unit) hexSpec(h *HexRef) (any, bool) {
	pos := position(h.Pos)
	if h.Number != nil {
		return u.hexNumber(*h.Number, pos)
	}
	q, ok1 := u.number(*h.Q, pos)
	r, ok2 := u.number(*h.R, pos)
	if !ok1 || !ok2 {
		return nil, false
	}
	qi, _ := q.(int)
	ri, _ := r.(int)
	return HexSpec{Q: qi, R: ri, Axial: true, Pos: pos}, true
}

// hexNumber reads a printed map number: four digits, the column then the
// row, two digits each. 604 is not 0604 (a reader cannot tell 0604 from
// 6004 in it), so it is an error, with the number it may mean.
func (u *unit) hexNumber(s string, pos Pos) (HexSpec, bool) {
	if _, err := hex.Parse(s); err != nil {
		hint := suggestion{wrong: s}
		if _, err := hex.Parse("0" + s); err == nil {
			hint.want = "0" + s
		}
		u.errorf(pos, "bad-hex", "invalid hex %q: want 4 digits, column then row (0712 is column 7, row 12)%s", s, hint)
		return HexSpec{}, false
	}
	return HexSpec{Number: s, Pos: pos}, true
}

func (u *unit) vocab(d *Decl) {
	v := d.Vocab
	pos := position(v.Pos)
	if !u.claim(v.Kind, v.Name, pos, d) {
		return
	}
	def := &VocabDef{Kind: v.Kind, Name: v.Name, Title: v.Title, Props: make(map[string][]any, len(v.Props)), Cite: v.Cite, Origin: u.origin(pos, d)}
	if len(v.Props) > 0 {
		def.PropPos = make(map[string]Pos, len(v.Props)) // as propPos makes it, sized
	}
	for _, p := range v.Props {
		if _, dup := def.Props[p.Key]; dup {
			u.errorf(position(p.Pos), "duplicate", "property %s is given twice", p.Key)
			continue
		}
		vals := []any{}
		pk, inSchema := u.env.Properties[v.Kind][p.Key]
		for _, pv := range p.Values {
			x, ok := u.value(pv)
			if !ok {
				continue
			}
			if w, isWord := x.(string); isWord && pv.Ident != nil && inSchema && (pk.What == "word" || pk.What == "words") && !strings.Contains(pk.Words, "|") {
				u.wordAt(pk.Words, w, position(pv.Pos))
			}
			vals = append(vals, x)
		}
		if !inSchema && v.Kind == KindClass {
			u.wordAt(KindAttribute, p.Key, position(p.Pos)) // a class names the attributes it gives
		}
		if len(p.Values) == 0 {
			vals = []any{true}
		}
		def.Props[p.Key] = vals
		def.propPos(p.Key, position(p.Pos))
	}
	u.mod.Vocab[v.Kind][v.Name] = def
}

func (u *unit) remove(r *Remove) {
	pos := position(r.Pos)
	name := strings.Join(r.Name.Parts, ".")
	exists := false
	if k := declKindNamed[r.Kind]; k != nil && k.remove != nil {
		exists = k.remove(u.mod, name)
	}
	if !exists {
		u.errorf(pos, "remove-missing", "remove of %s %s, %s%s", r.Kind, name, u.notInBase(), didYouMean(name, u.names(r.Kind)))
	}
}
