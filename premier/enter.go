package premier

import (
	"github.com/bataille/bataille/dsl"
	"github.com/bataille/bataille/hex"
	"github.com/bataille/bataille/interpreter"
)

// Entering a hex: every movement that pays movement points for a hex — a
// move of the movement phase and each movement of a charge (its path, a
// follow, a close-in, a ride into a Carré's hex) — prices it and asks
// whether it may be entered in one place, the enter_hex hook, where a
// battle's movement chart lives: the terrain's figure for the unit's arm,
// what a hexside adds, a bridge that sets the hex's cost, the crossings
// it forbids (NA, only along a road, only in skirmish order). The move's
// and the charge's own hooks (move_enter, charge_enter) follow it and see
// the price it set, so a chart entered once binds every way of moving.

var hEnterHex = interpreter.DeclareHook(&dsl.Hook{Name: "enter_hex", Blocks: true, Doc: "a unit is about to enter a hex by a movement that pays for it: a move of the movement phase, or any movement of a charge (its path, a follow, a close-in, a ride into a Carré's hex); its rules price the hex (the battle's movement chart: set_cost, add_cost) and a failing require forbids the entry; move_enter or charge_enter runs next and sees the price",
	Vars: []dsl.Var{v("unit", tUnit, "the unit entering"), v("hex", tCell, "the hex"),
		word("movement", enterWords, "how it enters: a move of the movement phase, or a charge's movement (its declared path, a follow, a close-in, a ride into the hex of the unit it melees)"),
		v("cost", tFloat, "movement points the entry costs so far: the hex's terrain cost and the hexside's (set_cost/add_cost change it)"),
		v("crossing", tString, "the hexside feature crossed to enter it (a stream, a bridge), or \"\""), v("upslope", tBool, "the ground rises across that hexside"),
		v("crossing_cost", tInt, "the movement points the hexside crossed adds for the unit's arm (its cost_ARM, else its cost), a part of cost"),
		v("by_road", tBool, "the unit enters along a road: the hex it leaves and the hex it enters are both road hexes")}})

// moveKind is the movement word of a move of the movement phase.
const moveKind = "move"

// enterWords are the words of the movement variable, on enter_hex and on
// charge_enter alike (the checker reads a variable's words by its name,
// whatever the hook): a move, or one of a charge's movements.
const enterWords = moveKind + "|" + movePath + "|" + moveFollow + "|" + moveCloseIn + "|" + moveRideInto

// entry is what a unit crosses entering a hex from its own: enter_hex
// reads it, and so does the move's or the charge's hook after it.
type entry struct {
	cell   *interpreter.Cell
	across string // the hexside feature crossed, or ""
	extra  int    // what that hexside adds for the unit's arm
	up     bool   // the ground rises across it
	byRoad bool   // both hexes are road hexes
}

func entering(e *interpreter.Engine, u *interpreter.Unit, h hex.Hex) entry {
	across, extra, up := e.Crossing(u, u.Hex, h)
	return entry{cell: e.Cell(h), across: across, extra: extra, up: up, byRoad: e.Board.Road[u.Hex] && e.Board.Road[h]}
}

// enterPrice fires enter_hex for u about to make the entry by the
// movement how, with the engine's Action set to the hex's terrain and
// hexside cost; its rules leave the price in the Action. It reports
// whether a rule forbade the entry, and why.
func enterPrice(e *interpreter.Engine, u *interpreter.Unit, en entry, how string) (blocked bool, msg string, err error) {
	cost := float64(en.cell.Cost + en.extra)
	*e.Act() = interpreter.Action{Cost: cost}
	return e.Bind(hEnterHex).Unit(u).Cell(en.cell).Str(how).Float(cost).Str(en.across).Bool(en.up).Int(en.extra).Bool(en.byRoad).Fire()
}
