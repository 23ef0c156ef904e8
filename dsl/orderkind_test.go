package dsl_test

import (
	"maps"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/bataille/bataille/dsl"
	"github.com/bataille/bataille/stdlib"
)

// TestOrderKindFromEnv: the checker knows the orders only from its Env. A
// test-only Env that adds a kind lets a scenario give it, and checks it by
// what the kind declares (a target, a path, movement points, reach), with
// no change to dsl; the standard Env, which has no such kind, names it
// unknown.
func TestOrderKindFromEnv(t *testing.T) {
	env := *stdlib.Env()
	env.Orders = maps.Clone(env.Orders)
	env.Orders["skirmish"] = &dsl.OrderKind{Name: "skirmish", Doc: "skirmishers engage an enemy",
		Target: true, Hostile: true, Verb: "skirmish with", Reach: 2, ReachWhy: "skirmishers engage at two hexes at most"}
	env.Orders["retire"] = &dsl.OrderKind{Name: "retire", Doc: "a retreat along a path", Path: true, SpendsMP: true, Moves: true}
	const units = `
  unit inf { side: a  arm: infantry  increments: 4  formation: line  facing: N  morale: 30  at: 0404 }
  unit lt { side: a  arm: infantry  increments: 4  formation: line  facing: N  morale: 30  at: 0405 }
  unit hus { side: b  arm: cavalry  increments: 4  formation: column  facing: S  morale: 30  mp: 8  at: 0402 }
  unit far { side: b  arm: infantry  increments: 4  formation: line  facing: S  morale: 30  at: 0701 }
`
	for _, c := range []struct {
		name, orders string
		env          *dsl.Env
		want         string // the diagnostics, one `code: message` a line; "" for none
	}{
		{"given", "skirmish inf at hus", &env, ""},
		{"unknown without it", "skirmish inf at hus", stdlib.Env(),
			`unknown-order: unknown order "skirmish" (the orders are assault, charge, fire, form, move)`},
		{"misspelt", "skirmsh inf at hus", &env, `unknown-order: unknown order "skirmsh"; did you mean "skirmish"?`},
		{"needs its target", "skirmish inf", &env, "bad-order: skirmish needs a target: `skirmish inf at UNIT`"},
		{"at a friend", "skirmish inf at lt", &env, "bad-order: inf cannot skirmish with lt: both fight for a"},
		{"out of reach", "skirmish inf at far", &env,
			"bad-order: inf cannot skirmish with far: they stand 5 hexes apart, skirmishers engage at two hexes at most, and no order of this turn moves either"},
		{"brought into reach", "skirmish inf at far\n  retire far path 0702", &env, "missing-mp: unit far has no mp and arm infantry declares no default, yet it is ordered to retire at g.rules:11:3: give it `mp: N`, or declare `mp: N` on arm infantry"},
		{"needs its path", "retire hus", &env, "bad-order: retire needs a path: `path 0609 0608 …`"},
		{"its path checked", "retire hus path 0403 0402", &env, "bad-path: path hex 0402 is where hus starts: a path goes forward and enters no hex twice"},
	} {
		t.Run(c.name, func(t *testing.T) {
			src := "game g \"Test\" extends premier\n\nscenario s {\n  map 8 x 8\n  turn a" + units + "  " + c.orders + "\n}\n"
			fsys := fstest.MapFS{"g.rules": {Data: []byte(src)}}
			files, diags := dsl.ParseFS(fsys, ".")
			if diags.HasErrors() {
				t.Fatalf("does not parse: %v", diags.Err())
			}
			_, diags = dsl.Check(files, c.env, caseLoader(fsys))
			var got []string
			for _, d := range diags {
				got = append(got, d.Code+": "+d.Message)
			}
			if strings.Join(got, "\n") != c.want {
				t.Errorf("got\n%s\nwant\n%s", strings.Join(got, "\n"), c.want)
			}
		})
	}
}
