package interpreter

import (
	"github.com/bataille/bataille/dsl"
	"github.com/bataille/bataille/hex"
)

// Setup is a scenario made ready to play: its board, orders and answers.
type Setup struct {
	Board   *Board
	Orders  []*Order // the first turn's
	Decider *ScriptedDecider
	Turn    string // the side of the first turn
	// Turns are the turns after the first, for a scenario of several.
	Turns []TurnPlan
	Seed  *uint64
}

// TurnPlan is one turn after the first: the side whose turn it is and the
// orders given in it.
type TurnPlan struct {
	Side   string
	Orders []*Order
}

// BuildScenario places a checked scenario's units on a board and gives its
// orders, from the layout the checker made of it (dsl.CheckScenario): it
// reads no hex and validates nothing again. The diagnostics are the
// layout's, positioned in the scenario's file: with an error among them
// the scenario must not be played. A scenario made or copied by a program
// after the check, or played under another module than the one it was
// checked against, is laid out here first.
func BuildScenario(mod *dsl.Module, sd *dsl.ScenarioDef) (*Setup, dsl.Diagnostics) {
	lay := sd.Layout
	if !lay.For(mod, sd) {
		lay, _ = dsl.CheckScenario(mod, sd)
	}
	board := NewBoard(sd.Cols, sd.Rows, sd.DefaultTerrain)
	if board.Default == "" {
		board.Default = "clear"
	}
	for _, t := range lay.Terrain {
		if t.Road {
			board.Road[t.Hex] = true
		} else {
			board.Terrain[t.Hex] = t.Word
		}
	}
	for _, hs := range lay.Hexsides {
		board.SetHexside(hs.From, hs.To, hs.Word, hs.Rising)
	}
	for _, a := range sd.Armies {
		for name, n := range a.Values {
			board.setArmy(a.Side, name, n)
		}
	}
	for _, us := range sd.Units {
		if p, ok := lay.Units[us]; ok {
			board.Place(newUnit(mod, us, p))
		}
	}
	s := &Setup{Board: board, Decider: &ScriptedDecider{Answers: map[[2]string]bool{}}, Turn: sd.Turn, Seed: sd.Seed}
	s.Orders = orders(lay, sd.Orders, board)
	for _, ts := range sd.Turns {
		s.Turns = append(s.Turns, TurnPlan{Side: ts.Side, Orders: orders(lay, ts.Orders, board)})
	}
	var params map[string]any
	for _, d := range sd.Decisions {
		key := [2]string{d.Unit, d.Question}
		if d.When == nil {
			s.Decider.Answers[key] = d.Answer
			continue
		}
		if params == nil {
			params = mod.ParamValues()
		}
		if s.Decider.Conds == nil {
			s.Decider.Conds = map[[2]string]*Condition{}
		}
		s.Decider.Conds[key] = &Condition{Program: d.When, Params: params}
	}
	return s, lay.Diags
}

// newUnit makes a placed unit of its properties, which the checker has
// made sure are each of the kind they take.
func newUnit(mod *dsl.Module, us *dsl.UnitSpec, p dsl.Placed) *Unit {
	u := &Unit{ID: us.ID, Name: us.Name, State: "good", Hexes: 1, Marks: map[string]bool{}, Hex: p.At, Facing: p.Facing}
	if us.Name == "" {
		u.Name = us.ID
	}
	if p.At2 != nil {
		h := *p.At2
		u.Hex2, u.Hexes = &h, 2
	}
	for key, pv := range us.Props {
		str, _ := pv.Values[0].(string)
		num, _ := pv.Values[0].(int)
		flag, _ := pv.Values[0].(bool)
		switch key {
		case "side":
			u.Side = str
		case "nationality":
			u.Nationality = str
		case "class":
			u.Class = str
		case "arm":
			u.Arm = str
		case "formation":
			u.Formation = str
		case "state":
			u.State = str
		case "regiment":
			u.Regiment = str
		case "increments":
			u.Increments = num
		case "start":
			u.Start = num
		case "morale":
			u.Morale = num
		case "cavalry_bonus":
			u.CavalryBonus = num
		case "mp":
			u.MP = num
		case "melee":
			u.Melee = num
		case "leader":
			u.Leader = flag
		case "tired":
			u.Tired = flag
		case "exhausted":
			u.Exhausted = flag
		case "facing", "at", "at2":
			// placed
		default:
			// A flag a procedure lets a scenario set (DeclarePlacedFlag),
			// else an attribute the module declares (the checker knows no
			// other).
			if f, ok := unitFlag(key); ok {
				if flag {
					u.SetFlag(f)
				}
			} else if flag {
				if u.Attrs == nil {
					u.Attrs = map[string]bool{}
				}
				u.Attrs[key] = true
			}
		}
	}
	// A unit type's attributes are its units' own: every unit of the class
	// has them.
	if w, found := mod.Word(dsl.KindClass, u.Class); found && u.Class != "" {
		for attr := range mod.Vocab[dsl.KindAttribute] {
			if w.Flag(attr) {
				if u.Attrs == nil {
					u.Attrs = map[string]bool{}
				}
				u.Attrs[attr] = true
			}
		}
	}
	if _, given := us.Props["mp"]; !given {
		// The checker has made sure a unit ordered to move has one or the other.
		if w, ok := mod.Word(dsl.KindArm, u.Arm); ok {
			u.MP = w.Int("mp", 0)
		}
	}
	return u
}

// orders gives a turn's orders that the checker found can be given, with
// the paths it read.
func orders(lay *dsl.Layout, specs []*dsl.OrderSpec, board *Board) []*Order {
	var out []*Order
	for _, os := range specs {
		path, ok := lay.Paths[os]
		if !ok {
			continue
		}
		o := &Order{Kind: os.Kind, Formation: os.Formation, Step: os.Step, Path: append([]hex.Hex(nil), path...)}
		o.Unit, _ = board.Unit(os.Unit)
		if os.Target != "" {
			o.Target, _ = board.Unit(os.Target)
		}
		out = append(out, o)
	}
	return out
}
