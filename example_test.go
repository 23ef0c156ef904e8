package bataille_test

import (
	"context"
	"fmt"
	"github.com/bataille/bataille/hex"
	"io"
	"os"
	"testing/fstest"

	"github.com/bataille/bataille"
	"github.com/bataille/bataille/interpreter"
)

// Play a bundled battle's scenario and read the cited trace.
func Example() {
	battle := bataille.Bundled()[0] // the first bundled battle, by name
	mod, diags := bataille.LoadBundled(battle)
	if diags.HasErrors() {
		fmt.Println(diags.Err())
		return
	}
	eng, err := bataille.NewEngine(mod, "", interpreter.Config{Seed: 1})
	if err != nil {
		fmt.Println(err)
		return
	}
	if err := eng.Run(context.Background()); err != nil {
		fmt.Println(err)
		return
	}
	for _, ev := range eng.Trace() {
		if ev.Kind == "rule" && ev.Rule == "charge.bonus" {
			fmt.Printf("%s: %s\n", ev.Rule, ev.Text)
		}
	}
	// Output: charge.bonus: Charging cavalry moves 5 more
}

// A program builds its own board, answers the rules' questions itself, and
// asks the engine to resolve one charge.
func ExampleNewEngine_ownBoard() {
	mod, _ := bataille.LoadBundled(bataille.Bundled()[0])
	board := interpreter.NewBoard(10, 10, "clear")
	hussars := &interpreter.Unit{ID: "hussars", Side: "allied", Arm: "cavalry", Increments: 4, Formation: "column",
		Morale: 31, MP: 8, State: "good", Hex: hex.FromOffset(5, 9), Facing: hex.N}
	foot := &interpreter.Unit{ID: "foot", Side: "french", Arm: "infantry", Increments: 6, Formation: "line",
		Morale: 36, State: "good", Hex: hex.FromOffset(5, 4), Facing: hex.S}
	board.Place(hussars)
	board.Place(foot)
	var path []hex.Hex
	for row := 8; row >= 5; row-- {
		path = append(path, hex.FromOffset(5, row))
	}
	orders := []*interpreter.Order{{Kind: "charge", Unit: hussars, Target: foot, Path: path}}
	standFast := interpreter.DeciderFunc(func(q interpreter.Question) bool {
		return false // never try Carré, never follow
	})
	dice := interpreter.NewFixedDice(6, 6, 1, 1, 1, 1) // the stand check: 66 passes
	eng := interpreter.New(mod, board, orders, interpreter.Config{Dice: dice, Decider: standFast, Effects: bataille.Effects()})
	if err := eng.Run(context.Background()); err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(foot.State, foot.Formation, hussars.Hex)
	// Output: good line 0505
}

// A bad edit does not replace the rules in force.
func ExampleRules_Reload() {
	files := fstest.MapFS{"mine/rules.rules": {Data: []byte(`game mine "My battle" extends premier
override param rout.hexes = 8
`)}}
	rules, _ := bataille.Open(files, "mine")
	files["mine/rules.rules"].Data = []byte(`game mine "My battle" extends premier
override param rout.hexes = "eight"
`)
	diags := rules.Reload()
	diags.Print(os.Stdout)
	fmt.Println(rules.Module().Params["rout.hexes"].Value)
	// Output:
	// mine/rules.rules:2:29: error: param rout.hexes is a whole number in premier; got a string [type-mismatch]
	//     override param rout.hexes = "eight"
	//                                 ^
	// 8
}

// Exact odds: a scenario played down every path through the dice, each
// outcome's chance a fraction. The Carré table gives Carré on 18 of the
// 36 results and rout on 6; the rout has the hussars roll to recall.
func ExampleExact() {
	files := fstest.MapFS{"mine/rules.rules": {Data: []byte(`game mine "My battle" extends premier
override table carre_realization "Carré Realization" roll d66 + modifier -12..12 {
  11..36 => carre
  41..56 => disorder
  61..66 => rout
}
scenario attempt "Hussars charge a battalion that tries Carré" {
  map 12 x 20 clear
  turn allied
  unit hus "Hussars" { side: allied  arm: cavalry  increments: 4  formation: column  facing: N  morale: 31  mp: 8  melee: 6  at: 0616 }
  unit inf "Battalion" { side: french  arm: infantry  increments: 6  formation: line  facing: S  morale: 36  melee: 6  at: 0610 }
  charge hus at inf path 0615 0614 0613 0612 0611
  decide inf form_carre yes
}
`)}}
	mod, diags := bataille.LoadDir(files, "mine")
	if diags.HasErrors() {
		fmt.Println(diags.Err())
		return
	}
	sd, _ := bataille.FindScenario(mod, "attempt")
	x, err := bataille.Exact(context.Background(), mod, sd, bataille.ExactOptions{})
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, name := range []string{"inf marked carre_tried", "inf in carre", "hus marked recall_rolled"} {
		v := x.Outcomes[name]
		fmt.Printf("%s: %s (%.3f)\n", name, v.Mean.RatString(), v.Float())
	}
	// Output:
	// inf marked carre_tried: 1 (1.000)
	// inf in carre: 1/2 (0.500)
	// hus marked recall_rolled: 1/6 (0.167)
}

// The package documentation's example, as it stands there: the tests
// compile and run it, and TestPackageDocExample holds the two the same.
func Example_packageDoc() {
	ctx := context.Background()
	mod, diags := bataille.LoadBundled(bataille.Bundled()[0])
	if diags.HasErrors() {
		diags.Print(os.Stderr)
		return
	}
	eng, err := bataille.NewEngine(mod, "carre_attempt", interpreter.Config{Seed: 1})
	if err != nil {
		return
	}
	err = eng.Run(ctx)
	eng.Trace().WriteText(io.Discard, false) // the documentation writes to os.Stdout
	fmt.Println(err)
	// Output: <nil>
}
