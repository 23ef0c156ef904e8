package bataille_test

import (
	"context"
	"math/big"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/bataille/bataille"
	"github.com/bataille/bataille/dsl"
	"github.com/bataille/bataille/interpreter"
)

// gamble is a one-question battle worked out by hand below: a unit of 4
// increments may gamble on a die; on 1-2 it loses 2 increments, on 3-6 it
// wins a prize its side's objective counts as 3.
const gamble = `game gamble "A gamble" extends premier

rule gamble.offer "The gamble is offered" on turn_start {
  when unit.id == "a"
  ask "gamble"
  do roll(coin, unit: unit)
}

table coin "Coin" roll 1d6 {
  1..2 => lost
  3..6 => won
}

rule gamble.lost "Lost" on coin.lost { do lose(unit, 2) }
rule gamble.won "Won" on coin.won { do mark(unit, "prize") }

objective prize "Increments, and 3 for the prize" for x {
  unit.increments + (marked(unit, "prize") ? 3 : 0) when unit.side == player
}

scenario s "One gamble" {
  map 3 x 3 clear
  unit a "A" { side: x  arm: infantry  increments: 4  formation: line  facing: N  morale: 30  at: 0202 }
  unit b "B" { side: y  arm: infantry  increments: 4  formation: line  facing: S  morale: 30  at: 0101 }
}
`

func loadText(t *testing.T, files map[string]string) *dsl.Module {
	t.Helper()
	fsys := fstest.MapFS{}
	for name, src := range files {
		fsys["g/"+name] = &fstest.MapFile{Data: []byte(src)}
	}
	mod, diags := bataille.LoadDir(fsys, "g")
	if diags.HasErrors() {
		t.Fatal(diags.Err())
	}
	return mod
}

// TestAdviseByHand: yes scores 1/3 × 2 + 2/3 × (4 + 3) = 16/3 for side x,
// no keeps the 4 increments: yes is best by 4/3. Side y answers nothing
// and plays for the base's default objective.
func TestAdviseByHand(t *testing.T) {
	mod := loadText(t, map[string]string{"rules.rules": gamble})
	sd, err := bataille.FindScenario(mod, "s")
	if err != nil {
		t.Fatal(err)
	}
	adv, err := bataille.Advise(context.Background(), mod, sd, bataille.AdviseOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if len(adv.Questions) != 1 {
		t.Fatalf("got %d questions, want 1", len(adv.Questions))
	}
	q := adv.Questions[0]
	rat := func(s string) *big.Rat { r, _ := new(big.Rat).SetString(s); return r }
	for _, c := range []struct {
		what      string
		got, want *big.Rat
	}{
		{"yes score", q.Yes.Score, rat("16/3")},
		{"no score", q.No.Score, rat("4")},
		{"margin", q.Margin, rat("4/3")},
		{"asked", q.Asked, rat("1")},
		{"side x under best play", adv.Sides[0].Score, rat("16/3")},
		{"a's increments lost under yes", q.Yes.Outcomes.Outcomes["a increments lost"].Mean, rat("2/3")},
		{"a's prize under yes", q.Yes.Outcomes.Outcomes["a marked prize"].Mean, rat("2/3")},
	} {
		if c.got == nil || c.got.Cmp(c.want) != 0 {
			t.Errorf("%s: got %v, want %s", c.what, c.got, c.want.RatString())
		}
	}
	if q.Unit != "a" || q.Ask != "gamble" || q.Side != "x" || !q.Best || q.Fixed != nil || !q.Dominant {
		t.Errorf("got %+v, want a's free question gamble, best yes, dominant", q)
	}
	if adv.Sides[0].Objective != "prize" || adv.Sides[1].Objective != "strength" {
		t.Errorf("objectives %+v, want x on prize and y on the default", adv.Sides)
	}
	// b is y's only unit fit to fight and a is the enemy's: y's default
	// objective scores 4 - 4 under no, and 4 - (1/3 × 2 + 2/3 × 4) under
	// yes, which x chooses.
	if got, want := adv.Sides[1].Score, rat("2/3"); got.Cmp(want) != 0 {
		t.Errorf("y's score %s, want %s", got.RatString(), want.RatString())
	}
}

// TestAdviseGoals: a goal names the objective; a bad name says what there
// is; a side with two objectives must be told which.
func TestAdviseGoals(t *testing.T) {
	two := gamble + `
objective careful "Increments only" for x { unit.increments when unit.side == player }
`
	mod := loadText(t, map[string]string{"rules.rules": two})
	sd, _ := bataille.FindScenario(mod, "s")
	ctx := context.Background()
	if _, err := bataille.Advise(ctx, mod, sd, bataille.AdviseOptions{}); err == nil {
		t.Error("two objectives for x and no goal: want an error")
	}
	adv, err := bataille.Advise(ctx, mod, sd, bataille.AdviseOptions{Goals: []string{"careful"}})
	if err != nil {
		t.Fatal(err)
	}
	if q := adv.Questions[0]; q.Best || q.Margin.Cmp(big.NewRat(2, 3)) != 0 {
		t.Errorf("careful: best %v by %s, want no by 2/3", q.Best, q.Margin.RatString())
	}
	if _, err := bataille.Advise(ctx, mod, sd, bataille.AdviseOptions{Goals: []string{"carefull"}}); err == nil {
		t.Error("an unknown goal: want an error")
	}
}

// TestScenarioGoal: a scenario's goal line names what a side plays for
// there; --goal still wins; a goal naming nothing is a check error.
func TestScenarioGoal(t *testing.T) {
	src := gamble + `
objective careful "Increments only" { unit.increments when unit.side == player }

scenario careful_s "The same gamble, played carefully" {
  map 3 x 3 clear
  unit a "A" { side: x  arm: infantry  increments: 4  formation: line  facing: N  morale: 30  at: 0202 }
  unit b "B" { side: y  arm: infantry  increments: 4  formation: line  facing: S  morale: 30  at: 0101 }
  goal x careful
}
`
	mod := loadText(t, map[string]string{"rules.rules": src})
	sd, err := bataille.FindScenario(mod, "careful_s")
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	adv, err := bataille.Advise(ctx, mod, sd, bataille.AdviseOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if adv.Sides[0].Objective != "careful" || adv.Questions[0].Best {
		t.Errorf("x plays for %s, best %v; want careful, and no gamble", adv.Sides[0].Objective, adv.Questions[0].Best)
	}
	adv, err = bataille.Advise(ctx, mod, sd, bataille.AdviseOptions{Goals: []string{"prize"}})
	if err != nil {
		t.Fatal(err)
	}
	if adv.Sides[0].Objective != "prize" {
		t.Errorf("with --goal prize x plays for %s", adv.Sides[0].Objective)
	}
	for _, c := range []struct{ line, want string }{
		{"goal x carefull", `no objective "carefull"; did you mean "careful"?`},
		{"goal y prize", "objective prize scores side x, not y"},
		{"goal z careful", "no unit of scenario bad is of side z"},
	} {
		bad := gamble + `
objective careful "Increments only" { unit.increments when unit.side == player }
scenario bad {
  map 3 x 3 clear
  unit a "A" { side: x  arm: infantry  increments: 4  formation: line  facing: N  morale: 30  at: 0202 }
  unit b "B" { side: y  arm: infantry  increments: 4  formation: line  facing: S  morale: 30  at: 0101 }
  ` + c.line + `
}
`
		fsys := fstest.MapFS{"g/rules.rules": &fstest.MapFile{Data: []byte(bad)}}
		_, diags := bataille.LoadDir(fsys, "g")
		if !diags.HasErrors() || !strings.Contains(diags.Err().Error(), c.want) {
			t.Errorf("%s: got %v, want an error with %q", c.line, diags.Err(), c.want)
		}
	}
}

// TestAdviseAgreesWithExact: on every bundled scenario, each answer's
// figures are those of Exact with that answer given by Answers and the
// other questions answered as the advisor chose, to the fraction.
func TestAdviseAgreesWithExact(t *testing.T) {
	ctx := context.Background()
	for _, name := range engineBattles() {
		mod, diags := bataille.LoadBundled(name)
		if diags.HasErrors() {
			t.Fatal(diags.Err())
		}
		for _, sd := range mod.AllScenarios() {
			adv, err := bataille.Advise(ctx, mod, sd, bataille.AdviseOptions{})
			if err != nil {
				t.Fatalf("%s %s: %v", name, sd.Name, err)
			}
			compared := 0
			for _, q := range adv.Questions {
				for _, a := range []struct {
					yes bool
					adv bataille.AnswerAdvice
				}{{true, q.Yes}, {false, q.No}} {
					answers := &interpreter.ScriptedDecider{Answers: map[[2]string]bool{{q.Unit, q.Ask}: a.yes}}
					varies := false
					for _, o := range a.adv.Others {
						if o.Answer == "varies" {
							varies = true
						}
						answers.Answers[[2]string{o.Unit, o.Ask}] = o.Answer == "yes"
					}
					if varies {
						t.Logf("%s %s %s=%v: another question's best answer varies with the play; no fixed answers give it", name, sd.Name, q.Ask, a.yes)
						continue
					}
					compared++
					x, err := bataille.Exact(ctx, mod, sd, bataille.ExactOptions{Answers: answers})
					if err != nil {
						t.Fatalf("%s %s: %v", name, sd.Name, err)
					}
					for _, on := range x.Names() {
						got, ok := a.adv.Outcomes.Outcomes[on]
						want := x.Outcomes[on].Mean
						if !ok && want.Sign() == 0 {
							continue
						}
						if !ok || got.Mean.Cmp(want) != 0 {
							t.Errorf("%s %s, %s %s=%v: %s is %v, Exact says %s", name, sd.Name, q.Unit, q.Ask, a.yes, on, got.Mean, want.RatString())
						}
					}
					for on, v := range a.adv.Outcomes.Outcomes {
						if _, ok := x.Outcomes[on]; !ok && v.Mean.Sign() != 0 {
							t.Errorf("%s %s, %s %s=%v: the advisor has %s = %s, Exact has none", name, sd.Name, q.Unit, q.Ask, a.yes, on, v.Mean.RatString())
						}
					}
				}
			}
			if len(adv.Questions) > 0 && compared == 0 {
				t.Errorf("%s %s: no answer could be compared with Exact", name, sd.Name)
			}
		}
	}
}

// BenchmarkAdvise is the advisor on each bundled scenario.
func BenchmarkAdvise(b *testing.B) {
	for _, name := range bataille.Bundled() {
		mod, diags := bataille.LoadBundled(name)
		if diags.HasErrors() {
			b.Fatal(diags.Err())
		}
		for _, sd := range mod.AllScenarios() {
			b.Run(name+"/"+sd.Name, func(b *testing.B) {
				for b.Loop() {
					if _, err := bataille.Advise(context.Background(), mod, sd, bataille.AdviseOptions{}); err != nil {
						b.Fatal(err)
					}
				}
			})
		}
	}
}
