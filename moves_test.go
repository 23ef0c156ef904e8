package bataille_test

import (
	"bytes"
	"context"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/bataille/bataille"
	"github.com/bataille/bataille/interpreter"
)

// movesModule is a battle whose movement chart the language plays: a road
// entered along a road costs half a point (a fraction of a movement
// point), woods cost cavalry more than infantry and artillery may not
// enter them (NA), and at the end of a move a hex holds one cavalry
// regiment and 12 infantry increments of a side, and 8 increments of an arm
// in road march (stack_count on move_end, by_road). Its tests are the
// rulings as language tests; the Go test below reads the narration and the
// board as well.
const movesModule = `game g "Moves" extends premier



chart move_cost "Movement costs" by terrain only clear | woods, arm {
  clear, _                  => 1
  woods, infantry         => 2
  woods, cavalry          => 3
  woods, artillery        => -1
}

rule move.chart "Movement costs by terrain" on move_enter cite "X-1" {
  when hex.terrain in ["clear", "woods"]
  let c = by_road ? 0.5 : move_cost(hex.terrain, unit.arm)
  require c >= 0 else "the chart prints NA: the arm may not enter the terrain"
  do set_cost(c + crossing_cost)
}

rule stack.cavalry "A hex holds one cavalry regiment" on move_end cite "X-2" {
  require stack_count(unit, "regiments", "cavalry") <= 1 else "a hex holds one cavalry regiment"
}

rule stack.infantry "A hex holds 12 infantry increments" on move_end cite "X-2" {
  require stack_count(unit, "increments", "infantry") <= 12 else "a hex holds 12 infantry increments"
}

rule stack.road "In road march a hex holds 8 increments" on move_end cite "X-2" {
  when by_road
  require stack_count(unit, "increments", unit.arm) <= 8 else "in road march a hex holds 8 increments"
}

test stack.road_march "Two columns may not end in one road hex in road march" cite "X-2" {
  map 10 x 10 clear
  road 0509 0508 0507
  turn french
  unit a "1st battalion" { side: french  arm: infantry  increments: 6  formation: column  facing: N  morale: 36  mp: 4  at: 0508 }
  unit b "2nd battalion" { side: french  arm: infantry  increments: 4  formation: column  facing: N  morale: 36  mp: 4  at: 0507 }
  move b path 0508
  expect refused "stack.road"
}

test stack.off_road "The same columns off the road stack" cite "X-2" {
  map 10 x 10 clear
  road 0509 0508
  turn french
  unit a "1st battalion" { side: french  arm: infantry  increments: 6  formation: column  facing: N  morale: 36  mp: 4  at: 0508 }
  unit b "2nd battalion" { side: french  arm: infantry  increments: 4  formation: column  facing: N  morale: 36  mp: 4  at: 0507 }
  move b path 0508
  expect allowed "stack.road"
  expect after movement shares_hex(a, b)
}

test road.half "Four road hexes cost two points" cite "X-1" {
  map 10 x 10 clear
  road 0509 0508 0507 0506 0505
  turn french
  unit inf "Column" { side: french  arm: infantry  increments: 6  formation: column  facing: N  morale: 36  mp: 2  at: 0509 }
  move inf path 0508 0507 0506 0505
  expect after movement inf.terrain == "clear"
  expect applied "move.chart"
}

test na.artillery "Artillery may not enter a woods" cite "X-1" {
  map 10 x 10 clear
  terrain woods 0508
  turn french
  unit bat "Battery" { side: french  arm: artillery  increments: 2  formation: limbered  facing: N  morale: 36  mp: 6  at: 0509 }
  move bat path 0508
  expect refused "move.chart"
  expect after movement bat.terrain == "clear"
}

test stack.hit "A second cavalry regiment may not end its move in the hex" cite "X-2" {
  map 10 x 10 clear
  turn french
  unit hus "Hussars" { side: french  arm: cavalry  increments: 4  formation: column  facing: N  morale: 31  mp: 8  regiment: r1  at: 0505 }
  unit drag "Dragoons" { side: french  arm: cavalry  increments: 4  formation: column  facing: N  morale: 31  mp: 8  regiment: r2  at: 0507 }
  move drag path 0506 0505
  expect refused "stack.cavalry"
  expect after movement hexes_apart(drag, hus) == 2
}

test stack.passing "A unit may pass through a full hex and end beyond it" cite "X-2" {
  map 10 x 10 clear
  turn french
  unit hus "Hussars" { side: french  arm: cavalry  increments: 4  formation: column  facing: N  morale: 31  mp: 8  regiment: r1  at: 0505 }
  unit drag "Dragoons" { side: french  arm: cavalry  increments: 4  formation: column  facing: N  morale: 31  mp: 8  regiment: r2  at: 0506 }
  move drag path 0505 0504
  expect allowed "stack.cavalry"
  expect after movement hexes_apart(drag, hus) == 1
}
`

// TestMovesChartAndStacking plays the module's tests, and then reads what
// the narration and the board say of the moves: the half points spent
// along the road, the refusal the chart's NA gives, the move a stacking
// limit takes back, the unit already in the hex (not the mover) left where
// it stood, and a limit that is not reached.
func TestMovesChartAndStacking(t *testing.T) {
	scenarios := `
scenario road "Along a road" {
  map 10 x 10 clear
  road 0509 0508 0507 0506 0505
  terrain woods 0504
  turn french
  unit inf "Column" { side: french  arm: infantry  increments: 6  formation: column  facing: N  morale: 36  mp: 3  at: 0509 }
  move inf path 0508 0507 0506 0505 0504
}

scenario stacked "A second infantry battalion into a full hex" {
  map 10 x 10 clear
  turn french
  unit a "1st battalion" { side: french  arm: infantry  increments: 8  formation: column  facing: N  morale: 36  mp: 4  at: 0505 }
  unit b "2nd battalion" { side: french  arm: infantry  increments: 5  formation: column  facing: N  morale: 36  mp: 4  at: 0507 }
  unit c "3rd battalion" { side: french  arm: infantry  increments: 4  formation: column  facing: N  morale: 36  mp: 4  at: 0504 }
  move b path 0506 0505
  move c path 0505
}
`
	mod, diags := bataille.LoadDir(fstest.MapFS{"g/rules.rules": {Data: []byte(movesModule + scenarios)}}, "g")
	if diags.HasErrors() {
		t.Fatal(diags)
	}
	for _, res := range bataille.RunTests(context.Background(), mod) {
		for _, f := range res.Failures {
			t.Errorf("test %s: %s", res.Test.Name, f)
		}
	}
	run := func(name string) (*interpreter.Engine, string) {
		e, err := bataille.NewEngine(mod, name, interpreter.Config{Seed: 1})
		if err != nil {
			t.Fatal(err)
		}
		if err := e.Run(context.Background()); err != nil {
			t.Fatal(err)
		}
		var b bytes.Buffer
		e.Trace().WriteText(&b, false)
		return e, b.String()
	}
	unit := func(e *interpreter.Engine, id string) *interpreter.Unit {
		u, ok := e.Board.Unit(id)
		if !ok {
			t.Fatalf("no unit %s", id)
		}
		return u
	}

	// Four road hexes at half a point each, then a woods off the road at
	// 2: 3 MP reach the last road hex with 1 left, too little for it.
	e, text := run("road")
	for _, want := range []string{"inf moves to 0508 (0.5 MP; 0.5 spent)", "inf moves to 0505 (0.5 MP; 2 spent)", "inf stops before 0504: it needs 2 MP and has 1"} {
		if !strings.Contains(text, want) {
			t.Errorf("road: the narration does not say %q:\n%s", want, text)
		}
	}
	if got := unit(e, "inf").Hex.String(); got != "0505" {
		t.Errorf("road: the column stands in %s, want 0505", got)
	}

	// b (5) into a's hex (8) would make 13 infantry increments: its move is
	// taken back to 0507, and a, which did not move, stays; c (4) then
	// makes 12, the limit, and may end there.
	e, text = run("stacked")
	if !strings.Contains(text, "b may not end its move in 0505: a hex holds 12 infantry increments; it stands again in 0507") {
		t.Errorf("stacked: the narration does not take b's move back:\n%s", text)
	}
	for id, want := range map[string]string{"a": "0505", "b": "0507", "c": "0505"} {
		if got := unit(e, id).Hex.String(); got != want {
			t.Errorf("stacked: %s stands in %s, want %s", id, got, want)
		}
	}
	if b := unit(e, "b"); b.MPSpent() != 0 || b.Facing.String() != "N" {
		t.Errorf("stacked: b, its move taken back, has spent %v MP and faces %s; want 0 and N", b.MPSpent(), b.Facing)
	}
}
