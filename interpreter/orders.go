package interpreter

import (
	"fmt"

	"github.com/bataille/bataille/dsl"
)

// UnitProperties are the properties a scenario's unit may set, for the
// checker (dsl.Env.UnitProps): those newUnit reads into a Unit.
var UnitProperties = map[string]dsl.UnitProp{
	"side":          {What: "word", Required: true, Doc: "the side it fights for"},
	"nationality":   {What: "word", Vocab: dsl.KindNationality, Doc: "its nationality (leaders command their own; the module's nationalities)"},
	"class":         {What: "word", Vocab: dsl.KindClass, Doc: "its unit type (the module's classes: ligne, hussars …); its flags become the unit's"},
	"arm":           {What: "word", Vocab: dsl.KindArm, Required: true, Doc: "infantry, cavalry, artillery … (the module's arms)"},
	"increments":    {What: "count", Doc: "strength in increments"},
	"start":         {What: "count", Doc: "the increments it began the battle with, when it has already lost some (its increments by default); scripts read unit.start and unit.losses"},
	"formation":     {What: "word", Vocab: dsl.KindFormation, Doc: "its formation (the module's formations)"},
	"facing":        {What: "facing", Doc: "the hexside it faces: N, NE, SE, S, SW, NW"},
	"morale":        {What: "count", Doc: "morale value (low is good)"},
	"state":         {What: "word", Vocab: dsl.KindState, Doc: "morale state (the module's states); good order by default"},
	"at":            {What: "hex", Required: true, Doc: "its hex: a map number such as 0712, or (q,r)"},
	"at2":           {What: "hex", Doc: "the second hex of a two-hex line"},
	"regiment":      {What: "word", Doc: "the regiment it belongs to"},
	"leader":        {What: "flag", Doc: "a leader is with it"},
	"cavalry_bonus": {What: "count", Doc: "its leader's cavalry bonus"},
	"tired":         {What: "flag", Doc: "cavalry readiness: tired"},
	"exhausted":     {What: "flag", Doc: "cavalry readiness: exhausted"},
	"mp":            {What: "count", Doc: "printed movement allowance; without it, its arm's `mp` if the module declares one"},
	"melee":         {What: "count", Doc: "printed melee (assault) value"},
}

// Orders are the kinds of order a scenario may give, by the word that
// starts one, for the checker (dsl.Env.Orders): each declared by the
// procedure that plays it (DeclareOrder).
var Orders = map[string]*dsl.OrderKind{}

// DeclareOrder adds a kind of order a procedure plays, for the checker,
// and returns it. Call it from an init function (or a package variable's
// initializer), before any module is checked; a kind declared twice, or
// one without a name, is a mistake of the program's, and panics.
func DeclareOrder(k *dsl.OrderKind) *dsl.OrderKind {
	if k.Name == "" || Orders[k.Name] != nil {
		panic(fmt.Sprintf("interpreter: order %q is declared twice or has no name", k.Name))
	}
	Orders[k.Name] = k
	return k
}
