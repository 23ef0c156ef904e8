package premier

import (
	"github.com/bataille/bataille/dsl"
	"github.com/bataille/bataille/hex"
	"github.com/bataille/bataille/interpreter"
)

// Movement: the move and form orders, in the scenario's order, each move
// hex by hex along its path, paid from the unit's movement allowance.

var movement = &interpreter.Procedure{Name: "movement", Doc: "move and form orders, hex by hex",
	Hooks: []string{"move_start", "enter_hex", "move_enter", "move_end", "change_formation"}, Orders: []string{"move", "form"}, Acts: []string{"move"},
	Play: movementPhase}

// The orders movement plays: `move inf path 0405 0406`, `form inf as
// line`, each paid from the unit's movement points.
var (
	_ = interpreter.DeclareOrder(&dsl.OrderKind{Name: "move", Doc: "a move along a path", Path: true, SpendsMP: true, Moves: true})
	_ = interpreter.DeclareOrder(&dsl.OrderKind{Name: "form", Doc: "a change of formation", Formation: true, SpendsMP: true})
)

// Moved is the flag of a unit that moved in this turn's movement phase
// (`unit.moved`): cavalry that moved may not charge. A scenario may place
// a unit that has moved already (`moved`).
var Moved = interpreter.DeclarePlacedFlag("moved", "it has already moved this turn")

var (
	hMoveStart = interpreter.DeclareHook(&dsl.Hook{Name: "move_start", Blocks: true, Doc: "a unit begins a move in the movement phase; a failing require forbids it",
		Vars: []dsl.Var{v("unit", tUnit, "the unit the hook is about"), v("mp_left", tFloat, "movement points left")}})
	hMoveEnter = interpreter.DeclareHook(&dsl.Hook{Name: "move_enter", Blocks: true, Doc: "a moving unit is about to enter a hex; a failing require stops it",
		Vars: []dsl.Var{v("unit", tUnit, "the unit the hook is about"), v("hex", tCell, "the hex"), v("step", tInt, "hexes of the path entered so far"),
			v("mp_spent", tFloat, "movement points spent so far (a road's half points make it a fraction)"), v("mp_left", tFloat, "movement points left"),
			v("cost", tFloat, "movement points the action costs so far: the price enter_hex set (the battle's movement chart; else the hex's terrain cost and the hexside's); set_cost/add_cost change it"), v("enemy_zdi", tBool, "an enemy projects Zd'I into the hex"), v("assaulting", tBool, "the unit moves to assault"),
			v("zdi_source", tUnit, "the first enemy (by id) projecting Zd'I into the hex, or nil"),
			v("zdi_cavalry", tUnit, "enemy cavalry projecting Zd'I into the hex, or nil: it may opportunity-charge"),
			v("crossing", tString, "the hexside feature crossed to enter it (a stream, a slope), or \"\""), v("upslope", tBool, "the ground rises across that hexside"),
			v("target", tUnit, "the unit the move assaults, or nil"),
			v("by_road", tBool, "the unit enters along a road: the hex it leaves and the hex it enters are both road hexes"),
			v("crossing_cost", tInt, "the movement points the hexside crossed adds for the unit's arm (its cost_ARM, else its cost), a part of cost")}})
	hMoveEnd = interpreter.DeclareHook(&dsl.Hook{Name: "move_end", Blocks: true, Doc: "a unit ends its move in the movement phase, in the hex it stopped in, having entered at least one hex (a stacking limit binds there, not in the hexes it passed through); a failing require takes the move back: the unit stands again where it began it, facing as it did, with the movement points it had",
		Vars: []dsl.Var{v("unit", tUnit, "the unit that moved, where it stopped"), v("hex", tCell, "the hex it stopped in"), v("from", tCell, "the hex it began the move in"),
			v("steps", tInt, "hexes it entered"), v("mp_spent", tFloat, "movement points it has spent this phase"), v("mp_left", tFloat, "movement points it has left"),
			v("assaulting", tBool, "the unit moved to assault"), v("target", tUnit, "the unit the move assaults, or nil"),
			v("by_road", tBool, "it entered the hex it stopped in along a road (from a road hex into a road hex)")}})
)

// movementPhase carries out formation changes and moves.
func movementPhase(e *interpreter.Engine, title string, from int) error {
	var orders []*interpreter.Order
	for _, o := range e.Orders() {
		if o.Kind == "move" || o.Kind == "form" {
			orders = append(orders, o)
		}
	}
	if len(orders) == 0 {
		return nil
	}
	e.BeginPhase(title)
	for k := max(from-1, 0); k < len(orders); k++ {
		if err := e.Checkpoint(k + 1); err != nil {
			return err
		}
		o := orders[k]
		u := o.Unit
		if u.Increments <= 0 {
			continue
		}
		blocked, msg, err := e.Bind(hMoveStart).Unit(u).Float(u.MPLeft()).Fire()
		if err != nil {
			return err
		}
		if blocked {
			if e.Tracing() {
				e.Note(u, "%s may not move: %s", u.ID, msg)
			}
			continue
		}
		if o.Kind == "form" {
			if _, err := ChangeFormation(e, u, o.Formation, FormationChange{}); err != nil {
				return err
			}
			continue
		}
		if err := move(e, o); err != nil {
			return err
		}
		u.SetFlag(Moved)
		if err := e.Settle(); err != nil {
			return err
		}
	}
	return nil
}

// move walks a move order's path, paying each hex from what the unit's
// movement phase has left (a formation change before it has spent some),
// then fires move_end where it stopped; a rule that forbids the end takes
// the move back.
func move(e *interpreter.Engine, o *interpreter.Order) error {
	u := o.Unit
	began, spentBefore := u.Where(), u.MPSpent()
	steps, byRoad, err := walk(e, o)
	if err != nil || steps == 0 {
		return err
	}
	blocked, msg, err := e.Bind(hMoveEnd).Unit(u).Cell(e.Cell(u.Hex)).Cell(e.Cell(began.Hex())).Int(steps).Float(u.MPSpent()).Float(u.MPLeft()).Bool(o.Target != nil).Unit(o.Target).Bool(byRoad).Fire()
	if err != nil || !blocked {
		return err
	}
	at := u.Hex
	u.Return(began)
	u.SetMPSpent(spentBefore)
	if e.Tracing() {
		e.Note(u, "%s may not end its move in %s: %s; it stands again in %s", u.ID, at, msg, u.Hex)
	}
	return nil
}

// walk moves a unit along its order's path hex by hex and reports how many
// hexes it entered, and whether it entered the last along a road.
func walk(e *interpreter.Engine, o *interpreter.Order) (steps int, lastByRoad bool, err error) {
	u := o.Unit
	mp, spent := float64(u.MP), u.MPSpent()
	defer func() { u.SetMPSpent(spent) }()
	for i, h := range o.Path {
		if err := e.Work(1); err != nil {
			return steps, lastByRoad, err
		}
		dir, adjacent := hex.DirectionTo(u.Hex, h)
		if !adjacent || !e.Board.Fits(u, h) {
			if e.Tracing() {
				e.Note(u, "%s stops: %s is not a hex next to it on the map", u.ID, h)
			}
			return steps, lastByRoad, nil
		}
		if e.Board.EnemyAt(u, h) {
			if e.Tracing() {
				e.Note(u, "%s stops before %s: an enemy holds it (a unit moves into no enemy's hex; it assaults from the next)", u.ID, h)
			}
			return steps, lastByRoad, nil
		}
		var source, cavalry *interpreter.Unit
		for _, en := range e.Enemies(u) {
			if e.ProjectsZdI(en, h) {
				if source == nil {
					source = en
				}
				if cavalry == nil && e.IsMounted(en) {
					cavalry = en
				}
			}
		}
		zdi := source != nil
		if msg := e.Stacking(u, u.Formation, h); msg != "" {
			if e.Tracing() {
				e.Note(u, "%s stops before %s: %s", u.ID, h, msg)
			}
			return steps, lastByRoad, nil
		}
		en := entering(e, u, h)
		c, across, extra, up, byRoad := en.cell, en.across, en.extra, en.up, en.byRoad
		blocked, msg, err := enterPrice(e, u, en, moveKind)
		if err != nil {
			return steps, lastByRoad, err
		}
		if !blocked {
			blocked, msg, err = e.Bind(hMoveEnter).Unit(u).Cell(c).Int(i + 1).Float(spent).Float(mp - spent).Float(e.Act().Cost).Bool(zdi).Bool(o.Target != nil).Unit(source).Unit(cavalry).Str(across).Bool(up).Unit(o.Target).Bool(byRoad).Int(extra).Fire()
			if err != nil {
				return steps, lastByRoad, err
			}
		}
		if blocked {
			if e.Tracing() {
				e.Note(u, "%s stops before %s: %s", u.ID, h, msg)
			}
			return steps, lastByRoad, nil
		}
		if e.Act().Cost > mp-spent {
			if e.Tracing() {
				e.Note(u, "%s stops before %s: it needs %s MP and has %s", u.ID, h, interpreter.MPText(e.Act().Cost), interpreter.MPText(mp-spent))
			}
			return steps, lastByRoad, nil
		}
		spent += e.Act().Cost
		u.MoveTo(h)
		u.Facing = dir
		steps, lastByRoad = steps+1, byRoad
		if e.Tracing() {
			e.Note(u, "%s moves to %s (%s MP%s; %s spent)", u.ID, h, interpreter.MPText(e.Act().Cost), interpreter.Crossed(across, up), interpreter.MPText(spent))
		}
		if zdi && !e.Act().IgnoreZdI {
			if e.Tracing() {
				e.Note(u, "%s stops in enemy Zd'I at %s", u.ID, h)
			}
			return steps, lastByRoad, nil
		}
	}
	return steps, lastByRoad, nil
}
