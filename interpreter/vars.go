package interpreter

import (
	"fmt"
	"reflect"

	"github.com/bataille/bataille/dsl"
	"github.com/bataille/bataille/interpreter/closure"
)

// The variables expressions read live in the engine's frame, in slots the
// module's compile laid out (compiled.go). Setting one saves what the slot
// held; restoreTo puts it back, so that a hook's variables are gone when
// its rules are done, whether it was fired from the top or from inside
// another hook.

type savedVar struct {
	slot closure.Slot
	a    any
	n    int
	f    float64
	s    string
}

// get reads a slot as an interface value.
func (e *Engine) get(s slot) any {
	switch s.Kind {
	case closure.Int:
		return e.frame.Ints[s.Index]
	case closure.Float:
		return e.frame.Floats[s.Index]
	case closure.String:
		return e.frame.Strs[s.Index]
	}
	return e.frame.Vals[s.Index]
}

// push gives the next record of the saved stack, to be written in place:
// one built aside and copied in stalls the processor's store buffer (a
// tenth of a resolution's time when it was measured).
func (e *Engine) push() *savedVar {
	n := len(e.saved)
	if n == cap(e.saved) {
		e.saved = append(e.saved, savedVar{})
	}
	e.saved = e.saved[:n+1]
	return &e.saved[n]
}

// save pushes a slot's value.
func (e *Engine) save(s closure.Slot) {
	sv := e.push()
	sv.slot = s
	switch s.Kind {
	case closure.Int:
		sv.n = e.frame.Ints[s.Index]
	case closure.Float:
		sv.f = e.frame.Floats[s.Index]
	case closure.String:
		sv.s = e.frame.Strs[s.Index]
	default:
		sv.a = e.frame.Vals[s.Index]
	}
}

// restoreTo puts back the variables set since mark, and drops what the
// records held as it goes.
func (e *Engine) restoreTo(mark int) {
	// From locals, which the stores below cannot change: the compiler
	// would read the engine's slices again after each.
	saved, f := e.saved[mark:], &e.frame
	vals, ints := f.Vals, f.Ints
	for i := len(saved) - 1; i >= 0; i-- {
		sv := &saved[i]
		switch sv.slot.Kind {
		case closure.Int:
			ints[sv.slot.Index] = sv.n
		case closure.Float:
			f.Floats[sv.slot.Index] = sv.f
		case closure.String:
			f.Strs[sv.slot.Index] = sv.s
			sv.s = ""
		default:
			vals[sv.slot.Index] = sv.a
			sv.a = nil
		}
	}
	e.saved = e.saved[:mark]
}

// slotOf finds a variable's slot by name; a name the module's expressions
// never read gets a slot of this engine's.
func (e *Engine) slotOf(key string) slot {
	if s, ok := e.comp.slots[key]; ok {
		return s
	}
	if s, ok := e.extra[key]; ok {
		return s
	}
	if e.extra == nil {
		e.extra = map[string]slot{}
	}
	s := slot{Slot: closure.Slot{Kind: closure.Any, Index: len(e.frame.Vals)}, read: true}
	e.frame.Vals = append(e.frame.Vals, nil)
	e.extra[key] = s
	return s
}

// set binds a value to a slot, saving the old one; a slot no expression
// reads is left alone. A value of another kind than the slot's is a
// mistake of the engine's, not of a script.
func (e *Engine) set(s slot, v any) {
	if !s.read {
		return
	}
	e.save(s.Slot)
	var ok bool
	switch s.Kind {
	case closure.Int:
		e.frame.Ints[s.Index], ok = v.(int)
	case closure.Float:
		e.frame.Floats[s.Index], ok = v.(float64)
	case closure.String:
		e.frame.Strs[s.Index], ok = v.(string)
	default:
		e.frame.Vals[s.Index], ok = v, true
	}
	if !ok {
		panic(fmt.Sprintf("interpreter: a %T bound to a variable of kind %d", v, s.Kind))
	}
}

// setVal is set for a value held in Vals (a unit, a hex, a bool), which
// is where those go unless the slot is of another kind.
func (e *Engine) setVal(s slot, v any) {
	if !s.read {
		return
	}
	if s.Kind != closure.Any && s.Kind != closure.Bool {
		e.set(s, v)
		return
	}
	sv := e.push() // save, for a slot of Vals
	sv.slot, sv.a = s.Slot, e.frame.Vals[s.Index]
	e.frame.Vals[s.Index] = v
}

// bindVal is setVal for a slot read and held in Vals, as a hook's
// variable whose slot is known to be (hookVar.direct): the binding costs no
// call of its own.
func (e *Engine) bindVal(s closure.Slot, v any) {
	sv := e.push()
	sv.slot, sv.a = s, e.frame.Vals[s.Index]
	e.frame.Vals[s.Index] = v
}

func (e *Engine) setInt(s slot, n int) {
	if !s.read {
		return // before boxing the value for set
	}
	if s.Kind != closure.Int {
		e.set(s, n)
		return
	}
	e.save(s.Slot)
	e.frame.Ints[s.Index] = n
}

func (e *Engine) setFloat(s slot, f float64) {
	if !s.read {
		return // before boxing the value for set
	}
	if s.Kind != closure.Float {
		e.set(s, f)
		return
	}
	e.save(s.Slot)
	e.frame.Floats[s.Index] = f
}

func (e *Engine) setString(s slot, str string) {
	if !s.read {
		return // before boxing the value for set
	}
	if s.Kind != closure.String {
		e.set(s, str)
		return
	}
	e.save(s.Slot)
	e.frame.Strs[s.Index] = str
}

// setRunVar binds a variable for the rest of the run, unsaved: one every
// hook offers and the engine sets once a turn (engineVars).
func (e *Engine) setRunVar(key string, val any) {
	mark := len(e.saved)
	e.set(e.slotOf(key), val)
	if len(e.saved) > mark {
		e.saved[mark] = savedVar{}
		e.saved = e.saved[:mark] // not to be put back
	}
}

// engineVars are the variables every hook offers that the engine binds
// for the run, not at each firing: the turn number and the turns played.
var engineVars = map[string]bool{"turn": true, "last_turn": true}

// asString is a word the engine keeps boxed, as a string.
func asString(v any) string {
	s, _ := v.(string)
	return s
}

// setVar binds a variable by name (a `let`, a roll's outcome).
func (e *Engine) setVar(key string, val any) { e.set(e.slotOf(key), val) }

// maxDepth bounds hooks fired from inside hooks (a roll whose outcome rolls
// again), so that no module can recurse without end.
const maxDepth = 32

// HookPoint is a hook as the engine fires it (FindHook): its declaration in
// Hooks and its place there, by which a module's compile finds the slots of its
// variables and its rules. Firing one names no variable: the values are
// given in the order the declaration lists them, and each is checked
// against its declared type, so a firing site cannot drift from the
// declaration.
type HookPoint struct {
	*dsl.Hook
	index int
	// given is how many of its variables a firing gives: all but the
	// engine's own (engineVars), which come last.
	given int
}

// typeCode numbers the types of hook variables, which a firing compares
// more cheaply than reflect.Types (hookVar).
type typeCode uint8

const (
	codeOther typeCode = iota
	codeUnit
	codeCell
	codeInt
	codeFloat
	codeBool
	codeString
)

func typeCodeOf(t reflect.Type) typeCode {
	switch t {
	case tUnit:
		return codeUnit
	case tCell:
		return codeCell
	case tInt:
		return codeInt
	case tFloat:
		return codeFloat
	case tBool:
		return codeBool
	case tString:
		return codeString
	}
	return codeOther
}

var codeTypes = [...]reflect.Type{codeUnit: tUnit, codeCell: tCell, codeInt: tInt, codeFloat: tFloat, codeBool: tBool, codeString: tString}

// FindHook is the hook of a name, found once (a procedure keeps it in a
// package variable) and fired with Engine.Bind. A hook no table declares
// is a mistake of the program's, and panics.
func FindHook(name string) *HookPoint {
	for i, h := range Hooks {
		if h.Name == name {
			d := &HookPoint{Hook: h, index: i}
			for _, v := range h.Vars {
				if !engineVars[v.Name] {
					d.given++
				}
			}
			return d
		}
	}
	panic("interpreter: no hook " + name)
}

var (
	hPhaseStart = FindHook("phase_start")
	hPhaseEnd   = FindHook("phase_end")
)

// Binding binds a hook's variables one by one, in the order its
// declaration lists them, then fires it:
//
//	e.Bind(hMelee).Unit(a).Unit(d).Float(attack)….Fire()
//
// Each value is checked against its declared type, and Fire checks that
// all were given: a variable out of place is a mistake of the
// procedure's, and panics.
// A hook no rule listens to binds nothing. The call lives in the engine,
// one for each depth of hooks fired from inside hooks, so that the chain
// passes a pointer rather than copying the call at every link; a hook
// begun while another of the same depth is still binding is a mistake of
// the engine's, and panics.
type Binding struct {
	e           *Engine
	h           *HookPoint
	vars        []hookVar
	rules       []*ruleCode
	n, mark     int
	prevSubject *Unit
	// live is set when a rule listens; binding while the variables are
	// being given.
	live, binding bool
}

// Bind begins a firing of hook h.
func (e *Engine) Bind(h *HookPoint) *Binding {
	c := &e.hookCalls[e.depth]
	if c.binding {
		panic(fmt.Sprintf("interpreter: hook %s begun while %s is binding", h.Name, c.h.Name))
	}
	hc := &e.comp.hooks[h.index]
	// Field by field: a composite literal is built aside and copied, which
	// costs more.
	c.e, c.h, c.vars, c.rules = e, h, hc.vars, hc.rules
	c.n, c.mark, c.prevSubject = 0, len(e.saved), e.subject
	c.live, c.binding = len(hc.rules) > 0, true
	return c
}

// next checks that the next declared variable has type t. It is small
// enough to be inlined in each binding.
func (c *Binding) next(t typeCode) (*hookVar, bool) {
	n := c.n
	if n >= len(c.vars) || c.vars[n].typ != t {
		c.binding = false
		panic(wrongType{c.h.Name, n + 1, t})
	}
	v := &c.vars[n] // before the store to c.n, after which it is checked again
	c.n = n + 1
	return v, c.live
}

// wrongType is what a binding of the wrong type panics with; it is not
// formatted where it is raised, so that next stays small.
type wrongType struct {
	hook string
	n    int
	t    typeCode
}

func (w wrongType) String() string {
	return fmt.Sprintf("interpreter: hook %s: variable %d is not a %v", w.hook, w.n, codeTypes[w.t])
}

// Unit binds the next variable, a unit (nil binds nil); the hook is about
// the first unit bound, the subject its rules' trace names.
func (c *Binding) Unit(u *Unit) *Binding {
	if v, live := c.next(codeUnit); live {
		var x any // a nil unit binds nil, not a nil *Unit
		if u != nil {
			x = u
			if c.e.subject == c.prevSubject {
				c.e.subject = u // the hook is about its first unit
			}
		}
		c.e.bindAny(v, x)
	}
	return c
}

// bindAny binds a unit, a hex or a bool to a hook variable: in place when
// it is direct, else through setVal's checks.
func (e *Engine) bindAny(v *hookVar, x any) {
	if v.direct {
		e.bindVal(v.Slot, x)
	} else {
		e.setVal(v.slot, x)
	}
}

// Cell binds the next variable, a hex (Engine.Cell).
func (c *Binding) Cell(x *Cell) *Binding {
	if v, live := c.next(codeCell); live {
		c.e.bindAny(v, x)
	}
	return c
}

// Int binds the next variable, a whole number.
func (c *Binding) Int(n int) *Binding {
	if v, live := c.next(codeInt); live {
		if v.direct {
			e := c.e
			sv := e.push()
			sv.slot, sv.n = v.Slot, e.frame.Ints[v.Index]
			e.frame.Ints[v.Index] = n
		} else {
			c.e.setInt(v.slot, n)
		}
	}
	return c
}

// Float binds the next variable, a number.
func (c *Binding) Float(f float64) *Binding {
	if v, live := c.next(codeFloat); live {
		if v.direct {
			e := c.e
			sv := e.push()
			sv.slot, sv.f = v.Slot, e.frame.Floats[v.Index]
			e.frame.Floats[v.Index] = f
		} else {
			c.e.setFloat(v.slot, f)
		}
	}
	return c
}

// Bool binds the next variable, a truth value.
func (c *Binding) Bool(b bool) *Binding {
	if v, live := c.next(codeBool); live {
		c.e.bindAny(v, b)
	}
	return c
}

// Str binds the next variable, a string (a word).
func (c *Binding) Str(str string) *Binding {
	if v, live := c.next(codeString); live {
		if v.direct {
			e := c.e
			sv := e.push()
			sv.slot, sv.s = v.Slot, e.frame.Strs[v.Index]
			e.frame.Strs[v.Index] = str
		} else {
			c.e.setString(v.slot, str)
		}
	}
	return c
}

// Fire runs the hook's rules. It reports whether a require blocked the
// action, and its message.
func (c *Binding) Fire() (blocked bool, msg string, err error) {
	if c.n != c.h.given {
		c.binding = false
		panic(fmt.Sprintf("interpreter: hook %s fired with %d of its %d variables", c.h.Name, c.n, c.h.given))
	}
	c.binding = false
	if !c.live {
		return false, "", nil
	}
	return c.e.run(c.h.Name, c.rules, c.mark, c.prevSubject)
}

// fire runs the rules of a hook named at run time (a roll's outcome), with
// variables given as name, value pairs.
func (e *Engine) fire(hook string, kv ...any) (blocked bool, msg string, err error) {
	rules := e.comp.named[hook]
	if len(rules) == 0 {
		return false, "", nil
	}
	mark, prevSubject := len(e.saved), e.subject
	for i := 0; i+1 < len(kv); i += 2 {
		e.setVar(kv[i].(string), kv[i+1])
		if u, ok := kv[i+1].(*Unit); ok && e.subject == prevSubject {
			e.subject = u
		}
	}
	return e.run(hook, rules, mark, prevSubject)
}

// run runs a hook's rules, its variables bound since mark, then unbinds
// them.
func (e *Engine) run(hook string, rules []*ruleCode, mark int, prevSubject *Unit) (blocked bool, msg string, err error) {
	if e.depth >= maxDepth {
		e.restoreTo(mark)
		e.subject = prevSubject
		return false, "", ruleErr(rules[0].r.Pos, rules[0].r, "hooks nest deeper than %d (a roll whose outcome rolls again without end?)", maxDepth)
	}
	e.depth++
	var cur *ruleCode
	args := e.frame.Args()
	defer func() {
		if x := e.testing; x != nil {
			// A rule's condition failed in step, which left it to this
			// recover.
			e.testing = nil
			blocked, msg, err = false, "", e.condFailed(cur, x, args, recover())
		}
		e.depth--
		e.restoreTo(mark)
		e.subject = prevSubject
	}()
	for _, r := range rules {
		cur = r
		if r.guardLen > 0 {
			e.steps += r.guardLen - 1
			ok, err := e.step(r.r, &r.guard)
			if err != nil {
				return false, "", e.guardErr(r, err)
			}
			if !ok {
				continue
			}
		}
		lets := len(e.saved)
		blocked, msg, err = e.runRule(hook, r)
		if len(e.saved) > lets {
			e.restoreTo(lets) // the rule's lets
		}
		if err != nil {
			return blocked, msg, err
		}
		if blocked {
			break
		}
	}
	if e.depth == 1 {
		// A hook the engine fired from its procedures is done: the rules
		// left the board as the invariants say it may be.
		if err := e.checkInvariants(invariantStep{hook: hook}); err != nil {
			return false, "", err
		}
	}
	return blocked, msg, nil
}
