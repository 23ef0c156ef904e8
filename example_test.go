package bataille_test

import (
	"context"
	"fmt"
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
		Morale: 31, MP: 8, State: "good", Hex: interpreter.OffsetToHex(5, 9), Facing: interpreter.N}
	foot := &interpreter.Unit{ID: "foot", Side: "french", Arm: "infantry", Increments: 6, Formation: "line",
		Morale: 36, State: "good", Hex: interpreter.OffsetToHex(5, 4), Facing: interpreter.S}
	board.Place(hussars)
	board.Place(foot)
	var path []interpreter.Hex
	for row := 8; row >= 5; row-- {
		path = append(path, interpreter.OffsetToHex(5, row))
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
