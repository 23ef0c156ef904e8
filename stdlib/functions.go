package stdlib

import (
	"fmt"
	"github.com/bataille/bataille/hex"
	"math"
	"slices"

	"github.com/bataille/bataille/dsl"
	"github.com/bataille/bataille/interpreter"
)

// Functions are the pure functions expressions may call. None reads files,
// the clock or randomness: only the board the units stand on.
var Functions = []*dsl.Function{
	unitsFn("hexes_apart", "hexes between two units now (the nearer hex of a two-hex line); a hook's `distance` is as it was when the hook fired",
		func(a, b *interpreter.Unit) int { return interpreter.UnitDistance(a, b) }),
	unitsFn("sees", "whether a sees b now: no blocking terrain or unit between them",
		func(a, b *interpreter.Unit) bool { return interpreter.LOS(a, b) }),
	unitsFn("next_to", "whether two units are next to each other or share a hex now",
		func(a, b *interpreter.Unit) bool { return interpreter.UnitDistance(a, b) <= 1 }),
	unitsFn("shares_hex", "whether two units share a hex now",
		func(a, b *interpreter.Unit) bool { return interpreter.UnitDistance(a, b) == 0 }),
	unitsFn("across", "the hexside feature (a word of the module's hexside vocabulary: \"stream\") between two units next to each other, or \"\"",
		func(a, b *interpreter.Unit) string { return interpreter.Across(a, b) }),
	withResult(unitsFn("hexside_to", "which of the unit's hexsides, front, flank or rear, faces the other unit (front when they share a hex; a line's refused flank, into which a friend projects Zd'I, is a front, as in melee): a charge comes through the target's flank when hexside_to(target, charger) == \"flank\"",
		func(u, other *interpreter.Unit) string { return hexsideTo(u, other) }), "front|flank|rear"),
	unitsFn("uphill", "whether the ground rises from a's hex to b's, next to it: a charges or assaults b up a slope",
		func(a, b *interpreter.Unit) bool { return interpreter.UphillOf(a, b) }),
	withVocab(unitStrFn("has", "whether the scenario gave a unit an attribute the module declares (`attribute elite \"Elite\"`)",
		func(u *interpreter.Unit, attr string) bool { return u.Attrs[attr] }), "", dsl.KindAttribute),
	flagFn(),
	unitStrFn("marked", "whether a rule has set the named mark on a unit",
		func(u *interpreter.Unit, name string) bool { return u.Marked(name) }),
	withVocab(unitStrFn("army", "a value the unit's side keeps through the battle (a word the module declares with `army`: its morale level, the units it has lost): what a rule or the scenario set, else the word's start",
		func(u *interpreter.Unit, name string) int {
			if u.Board() == nil {
				return 0
			}
			return u.Board().Army(u.Side, name)
		}), "", dsl.KindArmy),
	unitStrFn("can_form", "whether a unit's arm may adopt a formation (the formation's arms)",
		func(u *interpreter.Unit, f string) bool { return u.CanForm(f) }),
	unitFn("formation_morale", "the morale modifier of a unit's formation",
		func(u *interpreter.Unit) int {
			w, ok := u.FormationWord()
			if !ok {
				return 0
			}
			return w.Int("morale", 0)
		}),
	unitFn("hex_increments", "increments of a unit's side in its hex",
		func(u *interpreter.Unit) int {
			n := 0
			var buf stackBuf
			for _, x := range friends(u, buf[:0]) {
				n += x.Increments
			}
			return n
		}),
	unitFn("hex_regiments", "distinct regiments of a unit's side in its hex",
		func(u *interpreter.Unit) int {
			seen := map[string]bool{}
			var buf stackBuf
			for _, x := range friends(u, buf[:0]) {
				seen[x.Regiment] = true
			}
			return len(seen)
		}),
	unitFn("in_carre", "whether a unit is in a Carré: in that formation, or in the hex of a friend that is (a battery inside the square keeps its own formation)",
		func(u *interpreter.Unit) bool {
			if u.Formation == "carre" {
				return true
			}
			var buf stackBuf
			for _, x := range friends(u, buf[:0]) {
				if x != u && x.Formation == "carre" {
					return true
				}
			}
			return false
		}),
	unitFn("on_road", "whether a unit stands on a road hex",
		func(u *interpreter.Unit) bool { return u.Board() != nil && u.Board().Road[u.Hex] }),
	unitFn("hex_enemies", "enemy units still on the board that share a hex with the unit (either hex of a two-hex line)",
		func(u *interpreter.Unit) int {
			if u.Board() == nil || u.Increments <= 0 {
				return 0
			}
			hexes := []hex.Hex{u.Hex}
			if u.Hex2 != nil {
				hexes = append(hexes, *u.Hex2)
			}
			seen := map[*interpreter.Unit]bool{}
			for _, h := range hexes {
				var buf stackBuf
				for _, x := range u.Board().AppendAt(buf[:0], h) {
					if x.Side != u.Side {
						seen[x] = true
					}
				}
			}
			return len(seen)
		}),
	unitStr2Fn("hex_has", "whether a unit of the given arm and side (\"friend\" or \"enemy\" of the unit) shares its hex",
		func(u *interpreter.Unit, arm, who string) bool {
			if u.Board() == nil {
				return false
			}
			var buf stackBuf
			for _, x := range u.Board().AppendAt(buf[:0], u.Hex) {
				if x != u && x.Arm == arm && (x.Side == u.Side) == (who == "friend") {
					return true
				}
			}
			return false
		}),
	// The units around a unit: its stack, its neighbours, the nearest of a
	// kind, and those that passed through it. Each reads the board as it is
	// now, and counts only units still on it.
	unitFn("stack_nationalities", "distinct nationalities among the units of a unit's side in its hex (either hex of a two-hex line), the unit itself included: a stack of mixed nationality has more than 1",
		func(u *interpreter.Unit) int {
			var seen []string
			for _, x := range interpreter.Stack(u) {
				if !slices.Contains(seen, x.Nationality) {
					seen = append(seen, x.Nationality)
				}
			}
			return len(seen)
		}),
	withVocab(unitStrFn("stacked_with", "whether a unit of the given nationality and of the unit's side stands in its hex, the unit itself included: `stacked_with(unit, \"russian\") && stacked_with(unit, \"prussian\")` is a stack of both",
		func(u *interpreter.Unit, nat string) bool {
			for _, x := range interpreter.Stack(u) {
				if x.Nationality == nat {
					return true
				}
			}
			return false
		}), "", dsl.KindNationality),
	withVocab(unitStr2IntFn("stack_count", "what the unit's side has of an arm in the unit's hex (either hex of a two-hex line), the unit itself included, for a stacking limit: its \"increments\", its \"units\" (battalions, regiments, batteries) or its \"regiments\" (distinct regiment names, a unit that names none counted as a regiment of its own): `stack_count(unit, \"increments\", \"infantry\") <= 18`",
		func(u *interpreter.Unit, what, arm string) int { return stackCount(u, what, arm) }), "", stackWhat, dsl.KindArm),
	withVocab(unitStr2Fn("stack_formed", "whether every unit of an arm that the unit's side has in the unit's hex (either hex of a two-hex line), the unit itself included, is in the given formation, as a stacking limit by formation reads the hex (\"1 Sk Btn\": `stack_count(unit, \"units\", \"infantry\") <= 1 && stack_formed(unit, \"infantry\", \"skirmish\")`); true when it has none",
		func(u *interpreter.Unit, arm, formation string) bool {
			for _, x := range interpreter.Stack(u) {
				if x.Arm == arm && x.Increments > 0 && x.Formation != formation {
					return false
				}
			}
			return true
		}), "", dsl.KindArm, dsl.KindFormation),
	withVocab(unitStr2IntFn("count_adjacent", "units of the given class, friends or enemies of the unit (\"friend\", \"enemy\" or \"any\"), in the hexes next to it, not its own: `count_adjacent(attacker, \"enemy\", \"rifles\") > 0`",
		func(u *interpreter.Unit, who, class string) int {
			n := 0
			for _, x := range interpreter.Adjacent(u) {
				if x.Class == class && isWho(u, x, who) {
					n++
				}
			}
			return n
		}), "", whoWords, dsl.KindClass),
	withVocab(unitStr2IntFn("nearest", "hexes from the unit to the nearest other unit in the given formation, a friend or an enemy of it (\"friend\", \"enemy\" or \"any\"), 0 when one shares its hex; -1 when there is none",
		func(u *interpreter.Unit, who, formation string) int {
			best := -1
			if u.Board() == nil {
				return best
			}
			for _, x := range u.Board().Units {
				if x == u || x.Increments <= 0 || x.Formation != formation || !isWho(u, x, who) {
					continue
				}
				if d := interpreter.UnitDistance(u, x); best < 0 || d < best {
					best = d
				}
			}
			return best
		}), "", whoWords, dsl.KindFormation),
	withVocab(unitStrFn("passed_by", "whether a unit of the unit's side in the given morale state passed through its hex this turn (entered it and left it again, moving, charging, retreating or routing), in that state as it left; units that move together are not passing through each other",
		func(u *interpreter.Unit, state string) bool { return u.PassedBy(state) }), "", dsl.KindState),
	{Name: "odds_column", Doc: "the odds column of a combat chart, counted from 1: the odds are attack ÷ defence when the attack is the larger, else −(defence ÷ attack); the column is the last whose start (listed left to right, `1:3` as -3) they reach, the first when they reach none, moved `shift` columns right and held to the chart",
		Fn: oddsColumn, Fast: oddsColumnFast, Types: []any{new(func(float64, float64, int, ...float64) int)}},
}

// The constructors below make a function's two forms from one definition:
// Fn, as expr's machine calls it, and Fast, the typed form compiled
// expressions call. Both check their unit arguments the same way.

// withVocab says which vocabulary a string literal given to each argument
// must be a word of.
// withResult says which words a function returns.
func withResult(f *dsl.Function, vocab string) *dsl.Function {
	f.Result = vocab
	return f
}

// hexsideTo classes the hexside of u that faces other, by the first hex on
// the straight line from u toward it, as the engine classes a melee's side
// (a refused flank is a front: BER-17-REFUSED).
func hexsideTo(u, other *interpreter.Unit) string {
	if u.Hex == other.Hex {
		return "front"
	}
	return u.SideToward(hex.FirstStep(u.Hex, other.Hex)).String()
}

func withVocab(f *dsl.Function, vocab ...string) *dsl.Function {
	f.Vocab = vocab
	return f
}

func unitsFn[R int | bool | string](name, doc string, f func(a, b *interpreter.Unit) R) *dsl.Function {
	fast := func(x, y any) (R, error) {
		var zero R
		a, err := unitArg(x, 0)
		if err != nil {
			return zero, err
		}
		b, err := unitArg(y, 1)
		if err != nil {
			return zero, err
		}
		return f(a, b), nil
	}
	return &dsl.Function{Name: name, Doc: doc, Fast: fast, Types: []any{new(func(*interpreter.Unit, *interpreter.Unit) R)},
		Fn: func(args ...any) (any, error) {
			if len(args) != 2 {
				return nil, fmt.Errorf("%s takes 2 arguments", name)
			}
			return fast(args[0], args[1])
		}}
}

func unitFn[R int | bool](name, doc string, f func(u *interpreter.Unit) R) *dsl.Function {
	fast := func(x any) (R, error) {
		u, err := unitArg(x, 0)
		if err != nil {
			var zero R
			return zero, err
		}
		return f(u), nil
	}
	return &dsl.Function{Name: name, Doc: doc, Fast: fast, Types: []any{new(func(*interpreter.Unit) R)},
		Fn: func(args ...any) (any, error) {
			if len(args) != 1 {
				return nil, fmt.Errorf("%s takes 1 argument", name)
			}
			return fast(args[0])
		}}
}

func unitStrFn[R int | bool](name, doc string, f func(u *interpreter.Unit, s string) R) *dsl.Function {
	fast := func(x any, s string) (R, error) {
		u, err := unitArg(x, 0)
		if err != nil {
			var zero R
			return zero, err
		}
		return f(u, s), nil
	}
	return &dsl.Function{Name: name, Doc: doc, Fast: fast, Types: []any{new(func(*interpreter.Unit, string) R)},
		Fn: func(args ...any) (any, error) {
			if len(args) != 2 {
				return nil, fmt.Errorf("%s takes 2 arguments", name)
			}
			return fast(args[0], args[1].(string))
		}}
}

// stackWhat are the words stack_count takes for what it counts.
const stackWhat = "increments|units|regiments"

// stackCount counts what the unit's side has of an arm in its hex: its
// increments, its units or its distinct regiments (a unit that names no
// regiment is one of its own).
func stackCount(u *interpreter.Unit, what, arm string) int {
	n := 0
	var regiments []string
	for _, x := range interpreter.Stack(u) {
		if x.Arm != arm || x.Increments <= 0 {
			continue
		}
		switch what {
		case "increments":
			n += x.Increments
		case "units":
			n++
		case "regiments":
			if x.Regiment == "" {
				n++
			} else if !slices.Contains(regiments, x.Regiment) {
				regiments = append(regiments, x.Regiment)
				n++
			}
		}
	}
	return n
}

// whoWords are the words count_adjacent and nearest take for whose units
// they count, the unit's side's or another's.
const whoWords = "friend|enemy|any"

// isWho says whether x is of the side who names, from u's point of view.
func isWho(u, x *interpreter.Unit, who string) bool {
	switch who {
	case "friend":
		return x.Side == u.Side
	case "enemy":
		return x.Side != u.Side
	}
	return true
}

func unitStr2IntFn(name, doc string, f func(u *interpreter.Unit, s, t string) int) *dsl.Function {
	fast := func(x any, s, t string) (int, error) {
		u, err := unitArg(x, 0)
		if err != nil {
			return 0, err
		}
		return f(u, s, t), nil
	}
	return &dsl.Function{Name: name, Doc: doc, Fast: fast, Types: []any{new(func(*interpreter.Unit, string, string) int)},
		Fn: func(args ...any) (any, error) {
			if len(args) != 3 {
				return nil, fmt.Errorf("%s takes 3 arguments", name)
			}
			return fast(args[0], args[1].(string), args[2].(string))
		}}
}

func unitStr2Fn(name, doc string, f func(u *interpreter.Unit, s, t string) bool) *dsl.Function {
	fast := func(x any, s, t string) (bool, error) {
		u, err := unitArg(x, 0)
		if err != nil {
			return false, err
		}
		return f(u, s, t), nil
	}
	return &dsl.Function{Name: name, Doc: doc, Fast: fast, Types: []any{new(func(*interpreter.Unit, string, string) bool)},
		Fn: func(args ...any) (any, error) {
			if len(args) != 3 {
				return nil, fmt.Errorf("%s takes 3 arguments", name)
			}
			return fast(args[0], args[1].(string), args[2].(string))
		}}
}

// flagFn is flag(x, name): a flag a procedure declares on units or hexes
// (interpreter.DeclareUnitFlag, DeclareTerrainFlag), which an expression
// writes as a field, `unit.charged`; the checker reads that as this call.
func flagFn() *dsl.Function {
	fast := func(x any, name string) (bool, error) {
		var on, ok bool
		switch v := x.(type) {
		case *interpreter.Unit:
			if v != nil {
				on, ok = v.FlagNamed(name)
			}
		case *interpreter.Cell:
			if v != nil {
				on, ok = v.FlagNamed(name)
			}
		default:
			return false, fmt.Errorf("%s is read of a unit or a hex", name)
		}
		if !ok {
			return false, fmt.Errorf("no flag %s here (a nil value, or none declared)", name)
		}
		return on, nil
	}
	return &dsl.Function{Name: dsl.FlagFunction, Doc: "a flag a procedure declares on units or hexes, which an expression reads as a field: `unit.charged` is flag(unit, \"charged\")",
		Fast:  fast,
		Types: []any{new(func(*interpreter.Unit, string) bool), new(func(*interpreter.Cell, string) bool)},
		Fn: func(args ...any) (any, error) {
			if len(args) != 2 {
				return nil, fmt.Errorf("%s takes 2 arguments", dsl.FlagFunction)
			}
			name, _ := args[1].(string)
			return fast(args[0], name)
		}}
}

func unitArg(x any, i int) (*interpreter.Unit, error) {
	u, ok := x.(*interpreter.Unit)
	if !ok || u == nil {
		return nil, fmt.Errorf("argument %d is not a unit", i+1)
	}
	return u, nil
}

// friends appends to buf the units of u's side in u's hex (u itself
// among them, or u alone off a board) and returns the slice; callers pass
// a buffer on their own stack, so that counting a stack allocates nothing.
func friends(u *interpreter.Unit, buf []*interpreter.Unit) []*interpreter.Unit {
	if u.Board() == nil {
		return append(buf, u)
	}
	n := len(buf)
	all := u.Board().AppendAt(buf, u.Hex)
	out := all[:n]
	for _, x := range all[n:] {
		if x.Side == u.Side {
			out = append(out, x)
		}
	}
	return out
}

// stackBuf is room on the stack for the units of one hex: a hex holds a
// few units at most, and more only grow the slice on the heap.
type stackBuf [8]*interpreter.Unit

// oddsColumn reads the odds as the published La Bataille tools do: a ratio
// in the attacker's favour is attack/defence, one against it is the negative
// of defence/attack, so that 1:3 is -3 and every column is reached by the
// ratios from its start to the next column's.
func oddsColumn(args ...any) (any, error) {
	if len(args) < 4 {
		return nil, fmt.Errorf("odds_column needs the attack, the defence, the shift and at least one column start")
	}
	shift, ok := args[2].(int)
	if !ok {
		shift = int(interpreter.ToFloat(args[2]))
	}
	odds, col := oddsOf(interpreter.ToFloat(args[0]), interpreter.ToFloat(args[1])), 0
	starts := args[3:]
	for i, s := range starts {
		if odds >= interpreter.ToFloat(s) {
			col = i
		}
	}
	return oddsShifted(col, shift, len(starts)), nil
}

// oddsColumnFast is oddsColumn's typed form, which compiled expressions
// call with the column starts (constants in every chart) read once.
func oddsColumnFast(attack, defence any, shift int, starts []float64) (int, error) {
	if len(starts) == 0 {
		return 0, fmt.Errorf("odds_column needs the attack, the defence, the shift and at least one column start")
	}
	odds, col := oddsOf(interpreter.ToFloat(attack), interpreter.ToFloat(defence)), 0
	for i, s := range starts {
		if odds >= s {
			col = i
		}
	}
	return oddsShifted(col, shift, len(starts)), nil
}

// oddsOf is attack ÷ defence when the attack is the larger, else
// −(defence ÷ attack).
func oddsOf(attack, defence float64) float64 {
	switch {
	case defence <= 0:
		return math.Inf(1)
	case attack <= 0:
		return math.Inf(-1)
	case attack >= defence:
		return attack / defence
	}
	return -(defence / attack)
}

// oddsShifted moves a column (from 0) shift columns right, holds it to the
// chart's n columns and counts it from 1.
func oddsShifted(col, shift, n int) int {
	return max(0, min(n-1, col+shift)) + 1
}
