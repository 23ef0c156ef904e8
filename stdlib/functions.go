package stdlib

import (
	"fmt"

	"github.com/bataille/bataille/dsl"
	"github.com/bataille/bataille/interpreter"
)

// Functions are the pure functions expressions may call. None reads files,
// the clock or randomness: only the board the units stand on.
var Functions = []*dsl.Function{
	{Name: "hexes_apart", Doc: "hexes between two units now (the nearer hex of a two-hex line); a hook's `distance` is as it was when the hook fired",
		Fn: units2(func(a, b *interpreter.Unit) any { return interpreter.UnitDistance(a, b) }), Types: []any{new(func(*interpreter.Unit, *interpreter.Unit) int)}},
	{Name: "sees", Doc: "whether a sees b now: no blocking terrain or unit between them",
		Fn: units2(func(a, b *interpreter.Unit) any { return interpreter.LOS(a, b) }), Types: []any{new(func(*interpreter.Unit, *interpreter.Unit) bool)}},
	{Name: "next_to", Doc: "whether two units are next to each other or share a hex now",
		Fn: units2(func(a, b *interpreter.Unit) any { return interpreter.UnitDistance(a, b) <= 1 }), Types: []any{new(func(*interpreter.Unit, *interpreter.Unit) bool)}},
	{Name: "shares_hex", Doc: "whether two units share a hex now",
		Fn: units2(func(a, b *interpreter.Unit) any { return interpreter.UnitDistance(a, b) == 0 }), Types: []any{new(func(*interpreter.Unit, *interpreter.Unit) bool)}},
	{Name: "across", Doc: "the hexside feature (a word of the module's hexside vocabulary: \"stream\") between two units next to each other, or \"\"",
		Fn: units2(func(a, b *interpreter.Unit) any { return interpreter.Across(a, b) }), Types: []any{new(func(*interpreter.Unit, *interpreter.Unit) string)}},
	{Name: "uphill", Doc: "whether the ground rises from a's hex to b's, next to it: a charges or assaults b up a slope",
		Fn: units2(func(a, b *interpreter.Unit) any { return interpreter.UphillOf(a, b) }), Types: []any{new(func(*interpreter.Unit, *interpreter.Unit) bool)}},
	{Name: "has", Doc: "whether the scenario gave a unit an attribute the module declares (`attribute elite \"Elite\"`)",
		Fn: func(args ...any) (any, error) {
			u, err := unitArg(args, 0)
			if err != nil {
				return nil, err
			}
			return u.Attrs[args[1].(string)], nil
		}, Types: []any{new(func(*interpreter.Unit, string) bool)}, Vocab: []string{"", dsl.KindAttribute}},
	{Name: "marked", Doc: "whether a rule has set the named mark on a unit",
		Fn: func(args ...any) (any, error) {
			u, err := unitArg(args, 0)
			if err != nil {
				return nil, err
			}
			return u.Marked(args[1].(string)), nil
		}, Types: []any{new(func(*interpreter.Unit, string) bool)}},
	{Name: "can_form", Doc: "whether a unit's arm may adopt a formation (the formation's arms)",
		Fn: func(args ...any) (any, error) {
			u, err := unitArg(args, 0)
			if err != nil {
				return nil, err
			}
			w, ok := word(u, dsl.KindFormation, args[1].(string))
			if !ok {
				return false, nil
			}
			arms := w.Strs("arms")
			if len(arms) == 0 {
				return true, nil
			}
			for _, a := range arms {
				if a == u.Arm {
					return true, nil
				}
			}
			return false, nil
		}, Types: []any{new(func(*interpreter.Unit, string) bool)}},
	{Name: "formation_morale", Doc: "the morale modifier of a unit's formation",
		Fn: func(args ...any) (any, error) {
			u, err := unitArg(args, 0)
			if err != nil {
				return nil, err
			}
			w, ok := word(u, dsl.KindFormation, u.Formation)
			if !ok {
				return 0, nil
			}
			return w.Int("morale", 0), nil
		}, Types: []any{new(func(*interpreter.Unit) int)}},
	{Name: "hex_increments", Doc: "increments of a unit's side in its hex",
		Fn: func(args ...any) (any, error) {
			u, err := unitArg(args, 0)
			if err != nil {
				return nil, err
			}
			n := 0
			for _, x := range friends(u) {
				n += x.Increments
			}
			return n, nil
		}, Types: []any{new(func(*interpreter.Unit) int)}},
	{Name: "hex_regiments", Doc: "distinct regiments of a unit's side in its hex",
		Fn: func(args ...any) (any, error) {
			u, err := unitArg(args, 0)
			if err != nil {
				return nil, err
			}
			seen := map[string]bool{}
			for _, x := range friends(u) {
				seen[x.Regiment] = true
			}
			return len(seen), nil
		}, Types: []any{new(func(*interpreter.Unit) int)}},
	{Name: "on_road", Doc: "whether a unit stands on a road hex",
		Fn: func(args ...any) (any, error) {
			u, err := unitArg(args, 0)
			if err != nil {
				return nil, err
			}
			return u.Board() != nil && u.Board().Road[u.Hex], nil
		}, Types: []any{new(func(*interpreter.Unit) bool)}},
	{Name: "hex_has", Doc: "whether a unit of the given arm and side (\"friend\" or \"enemy\" of the unit) shares its hex",
		Fn: func(args ...any) (any, error) {
			u, err := unitArg(args, 0)
			if err != nil {
				return nil, err
			}
			arm, who := args[1].(string), args[2].(string)
			if u.Board() == nil {
				return false, nil
			}
			for _, x := range u.Board().At(u.Hex) {
				if x != u && x.Arm == arm && (x.Side == u.Side) == (who == "friend") {
					return true, nil
				}
			}
			return false, nil
		}, Types: []any{new(func(*interpreter.Unit, string, string) bool)}},
}

func units2(f func(a, b *interpreter.Unit) any) func(args ...any) (any, error) {
	return func(args ...any) (any, error) {
		a, err := unitArg(args, 0)
		if err != nil {
			return nil, err
		}
		b, err := unitArg(args, 1)
		if err != nil {
			return nil, err
		}
		return f(a, b), nil
	}
}

func unitArg(args []any, i int) (*interpreter.Unit, error) {
	if i >= len(args) {
		return nil, fmt.Errorf("missing unit argument")
	}
	u, ok := args[i].(*interpreter.Unit)
	if !ok || u == nil {
		return nil, fmt.Errorf("argument %d is not a unit", i+1)
	}
	return u, nil
}

func word(u *interpreter.Unit, kind, name string) (*dsl.VocabDef, bool) {
	b := u.Board()
	if b == nil || b.Module() == nil {
		return nil, false
	}
	return b.Module().Word(kind, name)
}

func friends(u *interpreter.Unit) []*interpreter.Unit {
	if u.Board() == nil {
		return []*interpreter.Unit{u}
	}
	var out []*interpreter.Unit
	for _, x := range u.Board().At(u.Hex) {
		if x.Side == u.Side {
			out = append(out, x)
		}
	}
	return out
}
