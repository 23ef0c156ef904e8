package bench

import (
	_ "embed"
	"fmt"
	"strings"
	"sync"

	"github.com/bataille/bataille/interpreter"
	"github.com/bataille/bataille/premier"
	lua "github.com/yuin/gopher-lua"
	"github.com/yuin/gopher-lua/parse"
)

//go:embed rules.lua
var luaSource string

// luaRules runs the rules of rules.lua: one LState per world, with no
// standard library opened, the chunk compiled once for all of them.
//
// A unit is shown to the rules in one of two ways. As a userdata whose
// __index reads the Go struct (a Go call per field read), or as a plain
// table whose fields Lua reads directly, which the Go side keeps up to date:
// before each hook and after each builtin it compares every unit with what
// it last wrote and sets only the fields that changed.
type luaRules struct {
	w     *world
	L     *lua.LState
	units map[*interpreter.Unit]lua.LValue
	hooks [numHooks]*lua.LFunction

	// With units as tables:
	tables []*lua.LTable // by w.all's index
	shown  []luaShown    // what each table holds
	unitOf map[*lua.LTable]*interpreter.Unit
}

// luaShown is what a unit's table was last given of the fields that change
// during a run.
type luaShown struct {
	state, formation                     string
	tired, exhausted, moved, firedOn, ok bool
}

var luaProto struct {
	once  sync.Once
	proto *lua.FunctionProto
	err   error
}

// compileLua parses and compiles rules.lua once.
func compileLua() (*lua.FunctionProto, error) {
	luaProto.once.Do(func() {
		chunk, err := parse.Parse(strings.NewReader(luaSource), "rules.lua")
		if err != nil {
			luaProto.err = err
			return
		}
		luaProto.proto, luaProto.err = lua.Compile(chunk, "rules.lua")
	})
	return luaProto.proto, luaProto.err
}

// newLua binds the compiled rules to a world, units as tables when
// tables is set, as userdata otherwise.
func newLua(w *world, tables bool) (*luaRules, error) {
	proto, err := compileLua()
	if err != nil {
		return nil, err
	}
	L := lua.NewState(lua.Options{SkipOpenLibs: true})
	r := &luaRules{w: w, L: L, units: map[*interpreter.Unit]lua.LValue{}}
	if tables {
		r.unitOf = map[*lua.LTable]*interpreter.Unit{}
		for _, u := range w.all {
			t := L.CreateTable(0, 16)
			for _, f := range luaFixedFields {
				t.RawSetString(f, luaField(u, f))
			}
			r.tables = append(r.tables, t)
			r.units[u] = t
			r.unitOf[t] = u
		}
		r.shown = make([]luaShown, len(w.all))
	} else {
		meta := L.NewTable()
		L.SetField(meta, "__index", L.NewFunction(luaUnitField))
		for _, u := range w.all {
			ud := L.NewUserData()
			ud.Value = u
			ud.Metatable = meta
			r.units[u] = ud
		}
	}
	for _, name := range effectNames {
		fn := r.effect(name)
		if fn == nil {
			return nil, fmt.Errorf("no Go builtin for %s", name)
		}
		if tables {
			inner := fn
			fn = func(L *lua.LState) int {
				n := inner(L)
				r.sync()
				return n
			}
		}
		L.SetGlobal(name, L.NewFunction(fn))
	}
	L.Push(L.NewFunctionFromProto(proto))
	if err := L.PCall(0, 0, nil); err != nil {
		return nil, err
	}
	for i, h := range hookNames {
		fn, ok := L.GetGlobal(h.name).(*lua.LFunction)
		if !ok {
			return nil, fmt.Errorf("rules.lua defines no function %s", h.name)
		}
		if int(fn.Proto.NumParameters) != h.arity {
			return nil, fmt.Errorf("rules.lua: %s takes %d parameters, want %d", h.name, fn.Proto.NumParameters, h.arity)
		}
		r.hooks[i] = fn
	}
	w.rules = r
	return r, nil
}

// luaFixedFields are the fields of a unit that no rule or procedure of the
// bench changes during a run: a table is given them once.
var luaFixedFields = []string{"arm", "id", "leader", "guard", "light", "lancer", "morale"}

// sync brings the units' tables up to date with the Go structs.
func (r *luaRules) sync() {
	for i, u := range r.w.all {
		s := &r.shown[i]
		t := r.tables[i]
		if !s.ok || s.state != u.State {
			s.state = u.State
			t.RawSetString("state", luaWord(u.State))
		}
		if !s.ok || s.formation != u.Formation {
			s.formation = u.Formation
			t.RawSetString("formation", luaWord(u.Formation))
		}
		if !s.ok || s.tired != u.Tired {
			s.tired = u.Tired
			t.RawSetString("tired", lua.LBool(u.Tired))
		}
		if !s.ok || s.exhausted != u.Exhausted {
			s.exhausted = u.Exhausted
			t.RawSetString("exhausted", lua.LBool(u.Exhausted))
		}
		if moved := u.Flag(premier.Moved); !s.ok || s.moved != moved {
			s.moved = moved
			t.RawSetString("moved", lua.LBool(moved))
		}
		if !s.ok || s.firedOn != u.Flag(premier.FiredOn) {
			s.firedOn = u.Flag(premier.FiredOn)
			t.RawSetString("fired_on", lua.LBool(s.firedOn))
		}
		s.ok = true
	}
}

// luaUnitField is the __index of units: unit.state and the rest.
func luaUnitField(L *lua.LState) int {
	u, ok := L.CheckUserData(1).Value.(*interpreter.Unit)
	if !ok {
		L.ArgError(1, "unit expected")
		return 0
	}
	L.Push(luaField(u, L.CheckString(2)))
	return 1
}

// luaField is a unit's field as the rules see it.
func luaField(u *interpreter.Unit, name string) lua.LValue {
	var v lua.LValue = lua.LNil
	switch name {
	case "arm":
		v = luaWord(u.Arm)
	case "state":
		v = luaWord(u.State)
	case "formation":
		v = luaWord(u.Formation)
	case "id":
		v = lua.LString(u.ID)
	case "tired":
		v = lua.LBool(u.Tired)
	case "exhausted":
		v = lua.LBool(u.Exhausted)
	case "moved":
		v = lua.LBool(u.Flag(premier.Moved))
	case "fired_on":
		v = lua.LBool(u.Flag(premier.FiredOn))
	case "leader":
		v = lua.LBool(u.Leader)
	case "guard":
		v = lua.LBool(u.Has("guard"))
	case "light":
		v = lua.LBool(u.Has("light"))
	case "lancer":
		v = lua.LBool(u.Has("lancer"))
	case "morale":
		v = luaInt(u.Morale)
	}
	return v
}

// Boxing a string or a number as an lua.LValue allocates; the words and
// small numbers the rules see are boxed once here.
var (
	luaWords = func() map[string]lua.LValue {
		m := map[string]lua.LValue{}
		for _, w := range vocabulary {
			m[w] = lua.LString(w)
		}
		return m
	}()
	luaInts = func() (out [128]lua.LValue) {
		for i := range out {
			out[i] = lua.LNumber(i)
		}
		return out
	}()
)

func luaWord(s string) lua.LValue {
	if v, ok := luaWords[s]; ok {
		return v
	}
	return lua.LString(s)
}

func luaInt(n int) lua.LValue {
	if n >= 0 && n < len(luaInts) {
		return luaInts[n]
	}
	return lua.LNumber(n)
}

func (r *luaRules) unit(u *interpreter.Unit) lua.LValue {
	if u == nil {
		return lua.LNil
	}
	return r.units[u]
}

func (r *luaRules) call(h int, args ...lua.LValue) bool {
	if r.w.err != nil {
		return true
	}
	if r.tables != nil {
		r.sync()
	}
	L := r.L
	L.Push(r.hooks[h])
	for _, a := range args {
		L.Push(a)
	}
	if err := L.PCall(len(args), 1, nil); err != nil {
		r.w.fail(err)
		return true
	}
	v := L.Get(-1)
	L.Pop(1)
	return v == lua.LTrue
}

func (r *luaRules) declareCharge(charger, target *interpreter.Unit, stack int, leader bool) bool {
	return r.call(hDeclare, r.unit(charger), r.unit(target), luaInt(stack), lua.LBool(leader))
}

func (r *luaRules) chargeStart(charger, target *interpreter.Unit) {
	r.call(hStart, r.unit(charger), r.unit(target))
}

func (r *luaRules) chargeEnter(charger *interpreter.Unit, step int, ahead bool, turns int, noCharge bool) bool {
	return r.call(hEnter, r.unit(charger), luaInt(step), lua.LBool(ahead), luaInt(turns), lua.LBool(noCharge))
}

func (r *luaRules) chargeApproach(unit, charger, target *interpreter.Unit, distance int, los, isTarget bool) {
	r.call(hApproach, r.unit(unit), r.unit(charger), r.unit(target), luaInt(distance), lua.LBool(los), lua.LBool(isTarget))
}

func (r *luaRules) chargeContact(charger, target *interpreter.Unit, mpSpent int, straight bool) {
	r.call(hContact, r.unit(charger), r.unit(target), luaInt(mpSpent), lua.LBool(straight))
}

func (r *luaRules) chargeEnd(charger *interpreter.Unit, could bool) {
	r.call(hEnd, r.unit(charger), lua.LBool(could))
}

func (r *luaRules) fire(firer, target *interpreter.Unit, value float64, adjacent, cav bool, fires int, near bool) bool {
	return r.call(hFire, r.unit(firer), r.unit(target), lua.LNumber(value), lua.LBool(adjacent), lua.LBool(cav), luaInt(fires), lua.LBool(near))
}

func (r *luaRules) fireResolve(firer, target *interpreter.Unit, value float64, shift int) {
	r.call(hFireResolve, r.unit(firer), r.unit(target), lua.LNumber(value), luaInt(shift))
}

func (r *luaRules) assaultDeclare(attacker, defender *interpreter.Unit, sameHex bool) bool {
	return r.call(hAssault, r.unit(attacker), r.unit(defender), lua.LBool(sameHex))
}

func (r *luaRules) meleeSide(attacker, defender *interpreter.Unit, side string, friendly bool) {
	r.call(hSide, r.unit(attacker), r.unit(defender), luaWord(side), lua.LBool(friendly))
}

func (r *luaRules) melee(attacker, defender *interpreter.Unit, straight, charging bool) {
	r.call(hMelee, r.unit(attacker), r.unit(defender), lua.LBool(straight), lua.LBool(charging))
}

func (r *luaRules) meleeResolve(attacker, defender *interpreter.Unit, odds float64, charging bool) {
	r.call(hMeleeResolve, r.unit(attacker), r.unit(defender), lua.LNumber(odds), lua.LBool(charging))
}

func (r *luaRules) turnEnd(unit *interpreter.Unit) { r.call(hTurnEnd, r.unit(unit)) }

// ---- Builtins ----------------------------------------------------------------

// luaUnit reads argument n as a unit; nil is allowed where optional is set.
func (r *luaRules) luaUnit(L *lua.LState, n int, optional bool) *interpreter.Unit {
	v := L.Get(n)
	if v == lua.LNil && optional {
		return nil
	}
	switch v := v.(type) {
	case *lua.LUserData:
		if u, ok := v.Value.(*interpreter.Unit); ok {
			return u
		}
	case *lua.LTable:
		if u, ok := r.unitOf[v]; ok {
			return u
		}
	}
	L.ArgError(n, "unit expected")
	return nil
}

func (r *luaRules) effect(name string) lua.LGFunction {
	w := r.w
	luaUnit := r.luaUnit
	unitStr := func(f func(*interpreter.Unit, string)) lua.LGFunction {
		return func(L *lua.LState) int { f(luaUnit(L, 1, false), L.CheckString(2)); return 0 }
	}
	pair := func(f func(a, b *interpreter.Unit)) lua.LGFunction {
		return func(L *lua.LState) int { f(luaUnit(L, 1, false), luaUnit(L, 2, false)); return 0 }
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
	case "marked":
		return func(L *lua.LState) int {
			L.Push(lua.LBool(w.marked(luaUnit(L, 1, false), L.CheckString(2))))
			return 1
		}
	case "ask":
		return func(L *lua.LState) int {
			L.Push(lua.LBool(w.decide(luaUnit(L, 1, false), L.CheckString(2))))
			return 1
		}
	case "d66":
		return func(L *lua.LState) int { L.Push(luaInt(w.d66())); return 1 }
	case "d6":
		return func(L *lua.LState) int { L.Push(luaInt(w.d6())); return 1 }
	case "add_mp":
		return func(L *lua.LState) int { w.addMP(L.CheckInt(1)); return 0 }
	case "add_cost":
		return func(L *lua.LState) int { w.addCost(L.CheckInt(1)); return 0 }
	case "shift":
		return func(L *lua.LState) int { w.shift(L.CheckInt(1)); return 0 }
	case "set_fire":
		return func(L *lua.LState) int { w.setFire(float64(L.CheckNumber(1))); return 0 }
	case "scale_attack":
		return func(L *lua.LState) int { w.scaleAttack(float64(L.CheckNumber(1))); return 0 }
	case "set_side":
		return func(L *lua.LState) int { w.setSide(L.CheckString(1)); return 0 }
	case "halt":
		return func(L *lua.LState) int { w.halt(); return 0 }
	case "exhaust":
		return func(L *lua.LState) int { w.exhaust(luaUnit(L, 1, false)); return 0 }
	case "on_road":
		return func(L *lua.LState) int { L.Push(lua.LBool(w.board.Road[luaUnit(L, 1, false).Hex])); return 1 }
	case "lose":
		return func(L *lua.LState) int { w.lose(luaUnit(L, 1, false), L.CheckInt(2)); return 0 }
	case "rout":
		return func(L *lua.LState) int { w.rout(luaUnit(L, 1, false), luaUnit(L, 2, true), L.CheckInt(3)); return 0 }
	case "retreat":
		return func(L *lua.LState) int {
			w.retreat(luaUnit(L, 1, false), L.CheckInt(2), luaUnit(L, 3, false))
			return 0
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
		return func(L *lua.LState) int { w.limitMP(L.CheckInt(1), luaUnit(L, 2, true)); return 0 }
	case "unsupported":
		return func(L *lua.LState) int {
			L.RaiseError("%s: %v", L.CheckString(1), errUnsupported)
			return 0
		}
	}
	return nil
}
