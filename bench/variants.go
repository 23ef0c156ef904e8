package bench

import (
	"fmt"
	"maps"
	"slices"

	"github.com/bataille/bataille/dsl"
	"github.com/bataille/bataille/interpreter"
)

// variant is a change to a scenario's set-up that sends its charge down a
// path the scenario as written does not reach, so that the bench times and
// compares more of the rules than one set-up would.
type variant struct {
	name   string
	change func(sd *dsl.ScenarioDef) error
}

// variants of a scenario with one charge on infantry (a battalion that may
// try Carré). Each changes the charge's order, its target or the answers
// given, never a unit by name.
var variants = []variant{
	// The battalion does not try Carré: it checks morale to stand the
	// charge when the cavalry reaches it (contact.stand, stand.held or
	// stand.broken).
	{"stands", noCarre},
	// The battalion is already disordered: the cavalry tramples it and
	// melees (contact.trample_disordered, contact.disordered).
	{"disordered", func(sd *dsl.ScenarioDef) error {
		o, err := theCharge(sd)
		if err != nil {
			return err
		}
		return setProp(sd, o.Target, "state", "disordered")
	}},
	// The charge's path stops two hexes out, short of the battalion it
	// could reach, and the battalion does not try Carré (whose results
	// would bring the cavalry on): the cavalry routs (end.no_contact).
	{"stops short", func(sd *dsl.ScenarioDef) error {
		if err := noCarre(sd); err != nil {
			return err
		}
		o, err := theCharge(sd)
		if err != nil {
			return err
		}
		if len(o.Path) < 3 {
			return fmt.Errorf("scenario %s: the charge's path is too short to cut", sd.Name)
		}
		cut := *o
		cut.Path = slices.Clone(o.Path[:2])
		sd.Orders = slices.Clone(sd.Orders)
		for i, x := range sd.Orders {
			if x == o {
				sd.Orders[i] = &cut
			}
		}
		return nil
	}},
}

// noCarre answers no when the charge's target is asked to try Carré.
func noCarre(sd *dsl.ScenarioDef) error {
	o, err := theCharge(sd)
	if err != nil {
		return err
	}
	sd.Decisions = append(slices.DeleteFunc(slices.Clone(sd.Decisions), func(d *dsl.DecisionSpec) bool {
		return d.Unit == o.Target && d.Question == "form_carre"
	}), &dsl.DecisionSpec{Unit: o.Target, Question: "form_carre", Answer: false})
	return nil
}

// theCharge is the scenario's one charge order.
func theCharge(sd *dsl.ScenarioDef) (*dsl.OrderSpec, error) {
	var found *dsl.OrderSpec
	for _, o := range sd.Orders {
		if o.Kind == "charge" {
			if found != nil {
				return nil, fmt.Errorf("scenario %s: more than one charge", sd.Name)
			}
			found = o
		}
	}
	if found == nil {
		return nil, fmt.Errorf("scenario %s: no charge", sd.Name)
	}
	return found, nil
}

// setProp gives a unit of the scenario a property, on a copy of the unit.
func setProp(sd *dsl.ScenarioDef, id, prop string, value any) error {
	sd.Units = slices.Clone(sd.Units)
	for i, u := range sd.Units {
		if u.ID == id {
			c := *u
			c.Props = maps.Clone(u.Props)
			c.Props[prop] = dsl.PropValue{Values: []any{value}}
			sd.Units[i] = &c
			return nil
		}
	}
	return fmt.Errorf("scenario %s: no unit %s", sd.Name, id)
}

// withVariants is the scenario followed by each of its variants, named
// "scenario/variant"; the scenario itself is not changed.
func withVariants(sd *dsl.ScenarioDef) ([]*dsl.ScenarioDef, error) {
	out := []*dsl.ScenarioDef{sd}
	for _, v := range variants {
		c := *sd
		c.Name = sd.Name + "/" + v.name
		if err := v.change(&c); err != nil {
			return nil, err
		}
		out = append(out, &c)
	}
	return out, nil
}

// mix plays several set-ups, one per seed in turn: seed s plays set-up
// s mod n, so that every n seeds cover them all.
type mix struct {
	parts []charger
	cur   charger
}

// newMix builds one implementation on each set-up.
func newMix(kind string, mod *dsl.Module, sds []*dsl.ScenarioDef, build func(string, *dsl.Module, *dsl.ScenarioDef) (charger, error)) (*mix, error) {
	m := &mix{}
	for _, sd := range sds {
		c, err := build(kind, mod, sd)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", sd.Name, err)
		}
		m.parts = append(m.parts, c)
	}
	m.cur = m.parts[0]
	return m, nil
}

func (m *mix) play(seed uint64) error {
	m.cur = m.parts[seed%uint64(len(m.parts))]
	return m.cur.play(seed)
}

func (m *mix) units() []*interpreter.Unit { return m.cur.units() }
func (m *mix) mp() (spent, left int)      { return m.cur.mp() }
