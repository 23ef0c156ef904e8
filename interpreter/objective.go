package interpreter

import (
	"fmt"

	"github.com/bataille/bataille/dsl"
)

// Score is an objective's value for a side on the board as it stands: its
// value summed over the units where its condition holds, with `player`
// the side scored. The advisor scores the end of every play with it.
func (e *Engine) Score(o *dsl.ObjectiveDef, player string) (float64, error) {
	if o == nil || o.Value == nil {
		return 0, fmt.Errorf("objective %v has no checked value", o)
	}
	r := &dsl.RuleDef{ID: "objective " + o.Name}
	mark := len(e.saved)
	defer e.restoreTo(mark)
	e.set(e.comp.player, player)
	value, when := e.rollExprOf(o.Value), e.rollExprOf(o.When)
	sum := 0.0
	for _, u := range e.Board.Units {
		e.set(e.comp.unit, u)
		if o.When != nil {
			ok, err := e.rollTest(r, when)
			if err != nil {
				return 0, err
			}
			if !ok {
				continue
			}
		}
		v, err := e.rollValue(r, value)
		if err != nil {
			return 0, err
		}
		sum += ToFloat(v)
	}
	return sum, nil
}
