package dsl

import "reflect"

// ScenarioDef is a checked scenario: a board, units and orders. Hex numbers
// are kept as written, and read into its Layout.
type ScenarioDef struct {
	Name, Title    string
	Cols, Rows     int
	DefaultTerrain string
	Terrain        []HexSetDef
	Hexsides       []HexsideDef
	Units          []*UnitSpec
	Orders         []*OrderSpec
	Decisions      []*DecisionSpec
	// Goals name, by side, the objective the side plays for here (the
	// scenario's `goal` lines), for the advisor.
	Goals   map[string]GoalSpec
	Turn    string // the side whose turn it is (in the first turn)
	TurnPos Pos
	// Turns are the turns after the orders at the top level, each with its
	// side and orders: a scenario of several turns. Their numbers run on
	// from the first without a gap.
	Turns []*TurnSpec
	// Armies are the sides' values the scenario gives (`army russian {
	// morale_level: 2 }`), side by side; the rest start at their word's
	// `start`.
	Armies []*ArmySpec
	Seed   *uint64
	Pos    Pos
	Module string
	Src    string
	// Layout is the board as the checker laid it out (CheckScenario), for
	// the engine to build from.
	Layout *Layout
}

// ArmySpec is one `army SIDE { NAME: N … }` line of a scenario.
type ArmySpec struct {
	Side   string
	Values map[string]int
	Pos    Pos
}

// GoalSpec is a scenario's `goal SIDE OBJECTIVE` line.
type GoalSpec struct {
	Objective string
	Pos       Pos
}

// HexSetDef is a terrain or road over some hexes.
type HexSetDef struct {
	Kind    string // "terrain" or "road"
	Terrain string
	Hexes   []HexSpec
}

// HexsideDef is a hexside feature along some hexsides: the pairs of hexes
// they part, or one hex and the sides across which the ground rises from it.
type HexsideDef struct {
	Name  string
	Pairs [][2]HexSpec
	From  *HexSpec
	Up    []string // N, NE, SE, S, SW, NW
	Pos   Pos
}

// HexSpec is a hex as written: a map number, or axial coordinates.
type HexSpec struct {
	Number string
	Q, R   int
	Axial  bool
	Pos    Pos
}

// UnitSpec is a unit as written.
type UnitSpec struct {
	ID, Name string
	Props    map[string]PropValue
	Pos      Pos
	idAt     Pos // of the id, for Info
}

// PropValue is a property's values with where it was written.
type PropValue struct {
	Values []any // int, float64, string, bool, Dice, HexSpec
	Pos    Pos
}

// OrderSpec is a player's order.
type OrderSpec struct {
	Kind      string // charge, move, form, fire, assault
	Unit      string
	Target    string
	Formation string
	Step      int
	Path      []HexSpec
	Pos       Pos
	// unitAt and targetAt are where the unit and the target are named,
	// for Info.
	unitAt, targetAt Pos
}

// DecisionSpec answers a question a rule asks of a unit: Answer, or, when
// When is set, yes exactly where its condition holds each time it is asked.
type DecisionSpec struct {
	Unit     string
	Question string
	Answer   bool
	When     *Program // over DecideVars and the module's params; nil for a fixed answer
	Pos      Pos
	when     *Expr
	unitAt   Pos // where the unit is named, for Info
}

// DecideActing is the decide condition's name for "an action is under
// way" (interpreter.Question.Acting): the action the Premier Rules
// resolve step by step is the charge.
const DecideActing = "charging"

// DecideVars are the names a decide line's condition reads: where the
// question is asked.
var DecideVars = []Var{
	{Name: "about", Type: reflect.TypeFor[string](), Doc: "the id of the unit the question is about: the asking hook's unit when it is another (a Carré to halt before, a unit to charge instead), else the other side of the charge (the charger; for the charger, its target); \"\" for none"},
	{Name: "distance", Type: reflect.TypeFor[int](), Doc: "hexes between the unit asked and the unit the question is about (-1 for none)"},
	{Name: "step", Type: reflect.TypeFor[int](), Doc: "hexes the charger has entered so far (0 at the charge's start)"},
	{Name: "hex", Type: reflect.TypeFor[string](), Doc: "the map number of the charger's hex (of the unit asked, outside a charge)"},
	{Name: DecideActing, Type: reflect.TypeFor[bool](), Doc: "a charge is being resolved"},
	{Name: "turn", Type: reflect.TypeFor[int](), Doc: "the turn being played, from 1"},
}

// TurnSpec is one numbered turn of a scenario: whose turn, and its orders.
type TurnSpec struct {
	Number int
	Side   string
	Orders []*OrderSpec
	Pos    Pos
}

// AllOrders lists the orders of every turn, the first turn's first.
func (s *ScenarioDef) AllOrders() []*OrderSpec {
	out := append([]*OrderSpec(nil), s.Orders...)
	for _, t := range s.Turns {
		out = append(out, t.Orders...)
	}
	return out
}
