package bench

import (
	_ "embed"
	"errors"
	"fmt"
	"sync"

	"github.com/bataille/bataille/interpreter"
	"github.com/bataille/bataille/premier"
	"go.starlark.net/starlark"
	"go.starlark.net/syntax"
)

//go:embed rules.star
var starSource string

// starRules runs the rules of rules.star: one thread and one set of globals
// per world, each hook a Starlark function called through starlark.Call.
type starRules struct {
	w      *world
	thread *starlark.Thread
	units  map[*interpreter.Unit]*starUnit
	hooks  [numHooks]starlark.Value
	args   [numHooks]starlark.Tuple // reused: Call copies them into the callee's frame
}

// The hooks, in the order of hookNames.
const (
	hDeclare = iota
	hStart
	hEnter
	hApproach
	hContact
	hEnd
	hFire
	hFireResolve
	hAssault
	hSide
	hMelee
	hMeleeResolve
	hTurnEnd
	numHooks
)

// hookNames are the script functions for each hook, with their arity.
var hookNames = [numHooks]struct {
	name  string
	arity int
}{
	{"declare_charge", 4}, {"charge_start", 2}, {"charge_enter", 5}, {"charge_approach", 6},
	{"charge_contact", 4}, {"charge_end", 2}, {"fire", 7}, {"fire_resolve", 4},
	{"assault_declare", 3}, {"melee_side", 4}, {"melee_hook", 4}, {"melee_resolve", 4}, {"turn_end", 1},
}

// effectNames are the builtins the scripts may call (Starlark and Lua alike).
var effectNames = []string{
	"mark", "unmark", "marked", "ask", "d66", "d6", "add_mp", "add_cost", "set_fire", "shift", "scale_attack", "set_side",
	"halt", "lose", "set_state", "set_formation", "exhaust", "rout", "retreat", "same_result", "melee",
	"follow", "close_in", "limit_mp", "ride_into", "on_road", "unsupported",
}

var starProgram struct {
	once sync.Once
	prog *starlark.Program
	err  error
}

// compileStar compiles rules.star once for every world.
func compileStar() (*starlark.Program, error) {
	starProgram.once.Do(func() {
		known := map[string]bool{}
		for _, n := range effectNames {
			known[n] = true
		}
		_, starProgram.prog, starProgram.err = starlark.SourceProgramOptions(&syntax.FileOptions{}, "rules.star", starSource, func(name string) bool { return known[name] })
	})
	return starProgram.prog, starProgram.err
}

// newStarlark binds the compiled rules to a world.
func newStarlark(w *world) (*starRules, error) {
	prog, err := compileStar()
	if err != nil {
		return nil, err
	}
	r := &starRules{w: w, thread: &starlark.Thread{Name: "rules"}, units: map[*interpreter.Unit]*starUnit{}}
	for _, u := range w.all {
		r.units[u] = &starUnit{u}
	}
	predeclared := starlark.StringDict{}
	for _, name := range effectNames {
		fn := r.effect(name)
		if fn == nil {
			return nil, fmt.Errorf("no Go builtin for %s", name)
		}
		predeclared[name] = starlark.NewBuiltin(name, func(_ *starlark.Thread, _ *starlark.Builtin, args starlark.Tuple, kwargs []starlark.Tuple) (starlark.Value, error) {
			if len(kwargs) > 0 {
				return nil, fmt.Errorf("%s: no keyword arguments", name)
			}
			return fn(args)
		})
	}
	globals, err := prog.Init(r.thread, predeclared)
	if err != nil {
		return nil, err
	}
	globals.Freeze()
	for i, h := range hookNames {
		fn, ok := globals[h.name].(*starlark.Function)
		if !ok {
			return nil, fmt.Errorf("rules.star defines no function %s", h.name)
		}
		if fn.NumParams() != h.arity {
			return nil, fmt.Errorf("rules.star: %s takes %d parameters, want %d", h.name, fn.NumParams(), h.arity)
		}
		r.hooks[i] = fn
		r.args[i] = make(starlark.Tuple, h.arity)
	}
	w.rules = r
	return r, nil
}

// starUnit shows a unit to Starlark as a read-only value.
type starUnit struct{ u *interpreter.Unit }

func (s *starUnit) String() string        { return s.u.ID }
func (s *starUnit) Type() string          { return "unit" }
func (s *starUnit) Freeze()               {}
func (s *starUnit) Truth() starlark.Bool  { return true }
func (s *starUnit) Hash() (uint32, error) { return 0, errors.New("unit is not hashable") }

var starUnitAttrs = []string{"arm", "exhausted", "fired_on", "formation", "guard", "id", "lancer", "leader", "light", "morale", "moved", "state", "tired"}

func (s *starUnit) AttrNames() []string { return starUnitAttrs }

func (s *starUnit) Attr(name string) (starlark.Value, error) {
	u := s.u
	switch name {
	case "arm":
		return starWord(u.Arm), nil
	case "state":
		return starWord(u.State), nil
	case "formation":
		return starWord(u.Formation), nil
	case "id":
		return starlark.String(u.ID), nil
	case "tired":
		return starlark.Bool(u.Tired), nil
	case "exhausted":
		return starlark.Bool(u.Exhausted), nil
	case "moved":
		return starlark.Bool(u.Flag(premier.Moved)), nil
	case "fired_on":
		return starlark.Bool(u.Flag(premier.FiredOn)), nil
	case "leader":
		return starlark.Bool(u.Leader), nil
	case "guard":
		return starlark.Bool(u.Has("guard")), nil
	case "light":
		return starlark.Bool(u.Has("light")), nil
	case "lancer":
		return starlark.Bool(u.Has("lancer")), nil
	case "morale":
		return starlark.MakeInt(u.Morale), nil
	}
	return nil, nil
}

// Boxing a Go string as a starlark.Value allocates; the words rules compare
// against are boxed once here.
var starWords = func() map[string]starlark.Value {
	m := map[string]starlark.Value{}
	for _, w := range vocabulary {
		m[w] = starlark.String(w)
	}
	return m
}()

// vocabulary is the words of the base module that unit fields take.
var vocabulary = []string{"infantry", "cavalry", "artillery", "good", "disordered", "routed",
	"line", "column", "skirmish", "limbered", "unlimbered", "carre"}

func starWord(s string) starlark.Value {
	if v, ok := starWords[s]; ok {
		return v
	}
	return starlark.String(s)
}

func (r *starRules) call(h int, args ...starlark.Value) bool {
	if r.w.err != nil {
		return true
	}
	t := r.args[h]
	copy(t, args)
	v, err := starlark.Call(r.thread, r.hooks[h], t, nil)
	if err != nil {
		r.w.fail(err)
		return true
	}
	return v == starlark.True
}

func (r *starRules) unit(u *interpreter.Unit) starlark.Value {
	if u == nil {
		return starlark.None
	}
	return r.units[u]
}

func (r *starRules) declareCharge(charger, target *interpreter.Unit, stack int, leader bool) bool {
	return r.call(hDeclare, r.unit(charger), r.unit(target), starlark.MakeInt(stack), starlark.Bool(leader))
}

func (r *starRules) chargeStart(charger, target *interpreter.Unit) {
	r.call(hStart, r.unit(charger), r.unit(target))
}

func (r *starRules) chargeEnter(charger *interpreter.Unit, step int, ahead bool, turns int, noCharge bool) bool {
	return r.call(hEnter, r.unit(charger), starlark.MakeInt(step), starlark.Bool(ahead), starlark.MakeInt(turns), starlark.Bool(noCharge))
}

func (r *starRules) chargeApproach(unit, charger, target *interpreter.Unit, distance int, los, isTarget bool) {
	r.call(hApproach, r.unit(unit), r.unit(charger), r.unit(target), starlark.MakeInt(distance), starlark.Bool(los), starlark.Bool(isTarget))
}

func (r *starRules) chargeContact(charger, target *interpreter.Unit, mpSpent int, straight bool) {
	r.call(hContact, r.unit(charger), r.unit(target), starlark.MakeInt(mpSpent), starlark.Bool(straight))
}

func (r *starRules) chargeEnd(charger *interpreter.Unit, could bool) {
	r.call(hEnd, r.unit(charger), starlark.Bool(could))
}

func (r *starRules) fire(firer, target *interpreter.Unit, value float64, adjacent, cav bool, fires int, near bool) bool {
	return r.call(hFire, r.unit(firer), r.unit(target), starlark.Float(value), starlark.Bool(adjacent), starlark.Bool(cav), starlark.MakeInt(fires), starlark.Bool(near))
}

func (r *starRules) fireResolve(firer, target *interpreter.Unit, value float64, shift int) {
	r.call(hFireResolve, r.unit(firer), r.unit(target), starlark.Float(value), starlark.MakeInt(shift))
}

func (r *starRules) assaultDeclare(attacker, defender *interpreter.Unit, sameHex bool) bool {
	return r.call(hAssault, r.unit(attacker), r.unit(defender), starlark.Bool(sameHex))
}

func (r *starRules) meleeSide(attacker, defender *interpreter.Unit, side string, friendly bool) {
	r.call(hSide, r.unit(attacker), r.unit(defender), starWord(side), starlark.Bool(friendly))
}

func (r *starRules) melee(attacker, defender *interpreter.Unit, straight, charging bool) {
	r.call(hMelee, r.unit(attacker), r.unit(defender), starlark.Bool(straight), starlark.Bool(charging))
}

func (r *starRules) meleeResolve(attacker, defender *interpreter.Unit, odds float64, charging bool) {
	r.call(hMeleeResolve, r.unit(attacker), r.unit(defender), starlark.Float(odds), starlark.Bool(charging))
}

func (r *starRules) turnEnd(unit *interpreter.Unit) { r.call(hTurnEnd, r.unit(unit)) }

// ---- Builtins ----------------------------------------------------------------

type starArgs starlark.Tuple

func (a starArgs) unit(i int) (*interpreter.Unit, error) {
	if i >= len(a) {
		return nil, fmt.Errorf("missing argument %d", i+1)
	}
	if a[i] == starlark.None {
		return nil, nil
	}
	u, ok := a[i].(*starUnit)
	if !ok {
		return nil, fmt.Errorf("argument %d: got %s, want unit", i+1, a[i].Type())
	}
	return u.u, nil
}

func (a starArgs) str(i int) (string, error) {
	if i >= len(a) {
		return "", fmt.Errorf("missing argument %d", i+1)
	}
	s, ok := a[i].(starlark.String)
	if !ok {
		return "", fmt.Errorf("argument %d: got %s, want string", i+1, a[i].Type())
	}
	return string(s), nil
}

func (a starArgs) int(i int) (int, error) {
	if i >= len(a) {
		return 0, fmt.Errorf("missing argument %d", i+1)
	}
	n, err := starlark.AsInt32(a[i])
	if err != nil {
		return 0, fmt.Errorf("argument %d: %v", i+1, err)
	}
	return n, nil
}

func (a starArgs) float(i int) (float64, error) {
	if i >= len(a) {
		return 0, fmt.Errorf("missing argument %d", i+1)
	}
	f, ok := starlark.AsFloat(a[i])
	if !ok {
		return 0, fmt.Errorf("argument %d: got %s, want number", i+1, a[i].Type())
	}
	return f, nil
}

// unit2 reads two units, the arguments of follow, melee and the like.
func unit2(a starArgs) (x, y *interpreter.Unit, err error) {
	if x, err = a.unit(0); err == nil {
		y, err = a.unit(1)
	}
	if err == nil && (x == nil || y == nil) {
		err = errors.New("want two units")
	}
	return x, y, err
}

func (r *starRules) effect(name string) func(starlark.Tuple) (starlark.Value, error) {
	w := r.w
	none := starlark.None
	unitStr := func(f func(*interpreter.Unit, string)) func(starlark.Tuple) (starlark.Value, error) {
		return func(t starlark.Tuple) (starlark.Value, error) {
			a := starArgs(t)
			u, err := a.unit(0)
			if err != nil {
				return nil, err
			}
			s, err := a.str(1)
			if err != nil {
				return nil, err
			}
			if u == nil {
				return nil, errors.New("want a unit")
			}
			f(u, s)
			return none, nil
		}
	}
	num := func(f func(int)) func(starlark.Tuple) (starlark.Value, error) {
		return func(t starlark.Tuple) (starlark.Value, error) {
			n, err := starArgs(t).int(0)
			if err != nil {
				return nil, err
			}
			f(n)
			return none, nil
		}
	}
	flt := func(f func(float64)) func(starlark.Tuple) (starlark.Value, error) {
		return func(t starlark.Tuple) (starlark.Value, error) {
			x, err := starArgs(t).float(0)
			if err != nil {
				return nil, err
			}
			f(x)
			return none, nil
		}
	}
	pair := func(f func(a, b *interpreter.Unit)) func(starlark.Tuple) (starlark.Value, error) {
		return func(t starlark.Tuple) (starlark.Value, error) {
			a, b, err := unit2(starArgs(t))
			if err != nil {
				return nil, err
			}
			f(a, b)
			return none, nil
		}
	}
	one := func(f func(*interpreter.Unit) starlark.Value) func(starlark.Tuple) (starlark.Value, error) {
		return func(t starlark.Tuple) (starlark.Value, error) {
			u, err := starArgs(t).unit(0)
			if err != nil {
				return nil, err
			}
			if u == nil {
				return nil, errors.New("want a unit")
			}
			return f(u), nil
		}
	}
	switch name {
	case "mark":
		return unitStr(w.mark)
	case "unmark":
		return unitStr(w.unmark)
	case "set_state":
		return unitStr(w.setState)
	case "set_formation":
		return unitStr(w.setFormation)
	case "same_result":
		return unitStr(w.shareResult)
	case "marked", "ask":
		f := w.marked
		if name == "ask" {
			f = w.decide
		}
		return func(t starlark.Tuple) (starlark.Value, error) {
			a := starArgs(t)
			u, err := a.unit(0)
			if err != nil {
				return nil, err
			}
			s, err := a.str(1)
			if err != nil {
				return nil, err
			}
			if u == nil {
				return nil, errors.New("want a unit")
			}
			return starlark.Bool(f(u, s)), nil
		}
	case "d66":
		return func(starlark.Tuple) (starlark.Value, error) { return starlark.MakeInt(w.d66()), nil }
	case "d6":
		return func(starlark.Tuple) (starlark.Value, error) { return starlark.MakeInt(w.d6()), nil }
	case "add_mp":
		return num(w.addMP)
	case "add_cost":
		return num(w.addCost)
	case "shift":
		return num(w.shift)
	case "set_fire":
		return flt(w.setFire)
	case "scale_attack":
		return flt(w.scaleAttack)
	case "set_side":
		return func(t starlark.Tuple) (starlark.Value, error) {
			s, err := starArgs(t).str(0)
			if err != nil {
				return nil, err
			}
			w.setSide(s)
			return none, nil
		}
	case "halt":
		return func(starlark.Tuple) (starlark.Value, error) { w.halt(); return none, nil }
	case "exhaust":
		return one(func(u *interpreter.Unit) starlark.Value { w.exhaust(u); return none })
	case "on_road":
		return one(func(u *interpreter.Unit) starlark.Value { return starlark.Bool(w.board.Road[u.Hex]) })
	case "lose":
		return func(t starlark.Tuple) (starlark.Value, error) {
			a := starArgs(t)
			u, err := a.unit(0)
			if err != nil {
				return nil, err
			}
			n, err := a.int(1)
			if err != nil {
				return nil, err
			}
			if u == nil {
				return nil, errors.New("want a unit")
			}
			w.lose(u, n)
			return none, nil
		}
	case "rout", "retreat":
		// rout(unit, from, hexes) and retreat(unit, hexes, from)
		return func(t starlark.Tuple) (starlark.Value, error) {
			a := starArgs(t)
			fromAt, nAt := 1, 2
			if name == "retreat" {
				fromAt, nAt = 2, 1
			}
			u, err := a.unit(0)
			if err != nil {
				return nil, err
			}
			from, err := a.unit(fromAt)
			if err != nil {
				return nil, err
			}
			n, err := a.int(nAt)
			if err != nil {
				return nil, err
			}
			if u == nil {
				return nil, errors.New("want a unit")
			}
			if name == "rout" {
				w.rout(u, from, n)
			} else if from != nil {
				w.retreat(u, n, from)
			}
			return none, nil
		}
	case "melee":
		return pair(w.scheduleMelee)
	case "follow":
		return pair(func(a, b *interpreter.Unit) { w.follow(a, b, true) })
	case "close_in":
		return pair(func(a, b *interpreter.Unit) { w.follow(a, b, false) })
	case "ride_into":
		return pair(w.rideInto)
	case "limit_mp":
		return func(t starlark.Tuple) (starlark.Value, error) {
			a := starArgs(t)
			n, err := a.int(0)
			if err != nil {
				return nil, err
			}
			from, err := a.unit(1)
			if err != nil {
				return nil, err
			}
			w.limitMP(n, from)
			return none, nil
		}
	case "unsupported":
		return func(t starlark.Tuple) (starlark.Value, error) {
			return nil, fmt.Errorf("%v: %w", t, errUnsupported)
		}
	}
	return nil
}
