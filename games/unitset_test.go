package games_test

import (
	"context"
	"strings"
	"testing"

	"github.com/bataille/bataille"
)

// The modifiers of the converted battles that read units other than the
// one in hand — a stack's make-up, the units next to the assault, the
// nearest Carré, the friends that passed through, the roll of the
// defensive fire — each played where it applies and where it does not,
// with the exact chance of the check it moves. The checks are d66 rolls
// that must come out above the unit's morale, a modifier stepping the roll
// in base 6: for morale 36 (the 18th of the 36 results) a check with
// modifiers summing to m fails on the results at or below the (18−m)th,
// (18−m)/36 of them (all 36 from m = −18 down).
var unitSetCases = []struct {
	battle string
	src    string
}{
	{"quatrebras", `
rule t.failed "A failed pre-melee check, for the test" on pre_melee.fail {
  do mark(unit, "t_failed")
}

// A British battalion assaults with a Dutch one in its hex: "Mixed
// nationality stack" -6 and the odds' -3 (1:1): it fails on 27 of 36.
test unitset.mixed_stack "A mixed stack assaults" {
  map 8 x 12 clear
  turn allied
  unit att { side: allied  nationality: british  arm: infantry  increments: 6  formation: column  facing: N  morale: 36  melee: 6  at: 0405 }
  unit mate { side: allied  nationality: dutch  arm: infantry  increments: 4  formation: column  facing: N  morale: 36  melee: 6  at: 0405 }
  unit def { side: french  nationality: french  arm: infantry  increments: 6  formation: column  facing: S  morale: 36  melee: 6  at: 0404 }
  assault att at def
  exact
  expect chance(marked(att, "t_failed")) == 3/4
}

// Two British battalions: the odds' -3 only, 21 of 36.
test unitset.one_nation "A stack of one nationality assaults" {
  map 8 x 12 clear
  turn allied
  unit att { side: allied  nationality: british  arm: infantry  increments: 6  formation: column  facing: N  morale: 36  melee: 6  at: 0405 }
  unit mate { side: allied  nationality: british  arm: infantry  increments: 4  formation: column  facing: N  morale: 36  melee: 6  at: 0405 }
  unit def { side: french  nationality: french  arm: infantry  increments: 6  formation: column  facing: S  morale: 36  melee: 6  at: 0404 }
  assault att at def
  exact
  expect chance(marked(att, "t_failed")) == 7/12
}

// An enemy of another nationality next to the stack does not make it mixed.
test unitset.enemy_not_in_stack "An enemy in the hex beside does not mix the stack" {
  map 8 x 12 clear
  turn allied
  unit att { side: allied  nationality: british  arm: infantry  increments: 6  formation: column  facing: N  morale: 36  melee: 6  at: 0405 }
  unit def { side: french  nationality: french  arm: infantry  increments: 6  formation: column  facing: S  morale: 36  melee: 6  at: 0404 }
  unit pol { side: french  nationality: polish  arm: infantry  increments: 2  formation: column  facing: S  morale: 36  melee: 6  at: 0505 }
  assault att at def
  exact
  expect chance(marked(att, "t_failed")) == 7/12
}
`},
	{"ligny-quatrebras", `
rule t.failed "A failed pre-melee check, for the test" on pre_melee.fail {
  do mark(unit, "t_failed")
}

// The defender's side of "Mixed nationality stack": the French attacker
// (morale 11, the odds' -3) passes on 32 of 36, then the British defender
// with Brunswickers in its hex fails on 24 of 36 (-6): 32/36 × 24/36.
test unitset.mixed_defender "A mixed stack is assaulted" {
  map 8 x 12 clear
  turn french
  unit att { side: french  nationality: french  arm: infantry  increments: 6  formation: column  facing: N  morale: 11  melee: 6  at: 0405 }
  unit def { side: allied  nationality: british  arm: infantry  increments: 6  formation: column  facing: S  morale: 36  melee: 6  at: 0404 }
  unit mate { side: allied  nationality: brunswick  arm: infantry  increments: 2  formation: column  facing: S  morale: 36  melee: 6  at: 0404 }
  assault att at def
  exact
  expect chance(marked(def, "t_failed")) == 16/27
}

// The same with a British battalion beside it: 32/36 × 18/36.
test unitset.one_nation_defender "A stack of one nationality is assaulted" {
  map 8 x 12 clear
  turn french
  unit att { side: french  nationality: french  arm: infantry  increments: 6  formation: column  facing: N  morale: 11  melee: 6  at: 0405 }
  unit def { side: allied  nationality: british  arm: infantry  increments: 6  formation: column  facing: S  morale: 36  melee: 6  at: 0404 }
  unit mate { side: allied  nationality: british  arm: infantry  increments: 2  formation: column  facing: S  morale: 36  melee: 6  at: 0404 }
  assault att at def
  exact
  expect chance(marked(def, "t_failed")) == 4/9
}
`},
	{"albuera", `
rule t.failed "A failed pre-melee check, for the test" on pre_melee.fail {
  do mark(unit, "t_failed")
}

// British riflemen next to the French battalion that assaults: -6, and no
// odds modifier at 1:1 on Albuera's chart: it fails on 24 of 36.
test unitset.rifles_adjacent "The French assault beside British rifles" {
  map 8 x 12 clear
  turn french
  unit att { side: french  nationality: french  arm: infantry  increments: 6  formation: column  facing: N  morale: 36  melee: 6  at: 0405 }
  unit def { side: allied  nationality: british  arm: infantry  increments: 6  formation: column  facing: S  morale: 36  melee: 6  at: 0404 }
  unit rif { side: allied  nationality: british  class: rifles  arm: infantry  increments: 2  formation: skirmish  facing: S  morale: 36  melee: 2  at: 0505 }
  assault att at def
  exact
  expect chance(marked(att, "t_failed")) == 2/3
}

// Line infantry there instead: 18 of 36.
test unitset.line_adjacent "The French assault beside British line infantry" {
  map 8 x 12 clear
  turn french
  unit att { side: french  nationality: french  arm: infantry  increments: 6  formation: column  facing: N  morale: 36  melee: 6  at: 0405 }
  unit def { side: allied  nationality: british  arm: infantry  increments: 6  formation: column  facing: S  morale: 36  melee: 6  at: 0404 }
  unit rif { side: allied  nationality: british  class: line_infantry  arm: infantry  increments: 2  formation: column  facing: S  morale: 36  melee: 2  at: 0505 }
  assault att at def
  exact
  expect chance(marked(att, "t_failed")) == 1/2
}

// Riflemen two hexes off are not next to it: 18 of 36.
test unitset.rifles_farther "The French assault with British rifles two hexes off" {
  map 8 x 12 clear
  turn french
  unit att { side: french  nationality: french  arm: infantry  increments: 6  formation: column  facing: N  morale: 36  melee: 6  at: 0405 }
  unit def { side: allied  nationality: british  arm: infantry  increments: 6  formation: column  facing: S  morale: 36  melee: 6  at: 0404 }
  unit rif { side: allied  nationality: british  class: rifles  arm: infantry  increments: 2  formation: skirmish  facing: S  morale: 36  melee: 2  at: 0605 }
  assault att at def
  exact
  expect chance(marked(att, "t_failed")) == 1/2
}
`},
	{"ligny", `
rule t.failed "A failed stand check, for the test" on stand.fail {
  do mark(unit, "t_failed")
}

// Prussian infantry charged, a Prussian Carré two hexes from it: "Rally
// Square: 2 hexes" -6, the stand check failing on 24 of 36.
test unitset.rally_square_2 "A Carré to rally on two hexes away" {
  map 8 x 12 clear
  turn french
  unit cav { side: french  nationality: french  class: hussars  arm: cavalry  increments: 4  formation: column  facing: N  morale: 31  mp: 8  melee: 6  at: 0405 }
  unit inf { side: prussian  nationality: prussian  arm: infantry  increments: 6  formation: column  facing: S  morale: 36  melee: 6  at: 0403 }
  unit sq { side: prussian  nationality: prussian  arm: infantry  increments: 6  formation: carre  facing: S  morale: 36  melee: 6  at: 0401 }
  charge cav at inf path 0404
  decide inf form_carre no
  exact
  expect chance(marked(inf, "t_failed")) == 2/3
}

// One hex away: -9, 27 of 36.
test unitset.rally_square_1 "A Carré to rally on next to it" {
  map 8 x 12 clear
  turn french
  unit cav { side: french  nationality: french  class: hussars  arm: cavalry  increments: 4  formation: column  facing: N  morale: 31  mp: 8  melee: 6  at: 0405 }
  unit inf { side: prussian  nationality: prussian  arm: infantry  increments: 6  formation: column  facing: S  morale: 36  melee: 6  at: 0403 }
  unit sq { side: prussian  nationality: prussian  arm: infantry  increments: 6  formation: carre  facing: S  morale: 36  melee: 6  at: 0402 }
  charge cav at inf path 0404
  decide inf form_carre no
  exact
  expect chance(marked(inf, "t_failed")) == 3/4
}

// The same battalion two hexes away in column is no Carré, and a French
// Carré is no friend's: 18 of 36 each.
test unitset.no_rally_column "A friend in column two hexes away" {
  map 8 x 12 clear
  turn french
  unit cav { side: french  nationality: french  class: hussars  arm: cavalry  increments: 4  formation: column  facing: N  morale: 31  mp: 8  melee: 6  at: 0405 }
  unit inf { side: prussian  nationality: prussian  arm: infantry  increments: 6  formation: column  facing: S  morale: 36  melee: 6  at: 0403 }
  unit sq { side: prussian  nationality: prussian  arm: infantry  increments: 6  formation: column  facing: S  morale: 36  melee: 6  at: 0401 }
  charge cav at inf path 0404
  decide inf form_carre no
  exact
  expect chance(marked(inf, "t_failed")) == 1/2
}

test unitset.no_rally_enemy "An enemy Carré two hexes away" {
  map 8 x 12 clear
  turn french
  unit cav { side: french  nationality: french  class: hussars  arm: cavalry  increments: 4  formation: column  facing: N  morale: 31  mp: 8  melee: 6  at: 0405 }
  unit inf { side: prussian  nationality: prussian  arm: infantry  increments: 6  formation: column  facing: S  morale: 36  melee: 6  at: 0403 }
  unit sq { side: french  nationality: french  arm: infantry  increments: 6  formation: carre  facing: S  morale: 36  melee: 6  at: 0601 }
  charge cav at inf path 0404
  decide inf form_carre no
  exact
  expect chance(marked(inf, "t_failed")) == 1/2
}
`},
	{"vauchamps", `
// The morale check of one battalion at the end of the turn, so that the
// modifiers of its stack and of the friends that passed through it are
// rolled alone.
rule t.check "A morale check, for the test" on turn_end {
  when unit.id == "chk"
  do check(morale, unit)
}

rule t.failed "A failed morale check, for the test" on morale.fail {
  do mark(unit, "t_failed")
}

rule t.rout "A rout, for the test" on turn_start {
  when unit.id == "runner"
  do rout(unit, hexes: 3, from: unit)
}

// Russians with Prussians in their hex: -12, 30 of 36.
test unitset.russians_and_prussians "Russians and Prussians stacked" {
  map 8 x 12 clear
  turn allied
  unit chk { side: allied  nationality: russian  arm: infantry  increments: 6  formation: column  facing: N  morale: 36  melee: 6  at: 0405 }
  unit mate { side: allied  nationality: prussian  arm: infantry  increments: 4  formation: column  facing: N  morale: 36  melee: 6  at: 0405 }
  exact
  expect chance(marked(chk, "t_failed")) == 5/6
}

// Russians with Russians: 18 of 36.
test unitset.russians_only "Russians stacked with Russians" {
  map 8 x 12 clear
  turn allied
  unit chk { side: allied  nationality: russian  arm: infantry  increments: 6  formation: column  facing: N  morale: 36  melee: 6  at: 0405 }
  unit mate { side: allied  nationality: russian  arm: infantry  increments: 4  formation: column  facing: N  morale: 36  melee: 6  at: 0405 }
  exact
  expect chance(marked(chk, "t_failed")) == 1/2
}

// A disordered friend moves through: "Disorder pass thru" -3, 21 of 36.
test unitset.disorder_pass_thru "A disordered battalion passes through" {
  map 8 x 12 clear
  turn allied
  unit chk { side: allied  nationality: russian  arm: infantry  increments: 6  formation: column  facing: N  morale: 36  melee: 6  at: 0405 }
  unit mover { side: allied  nationality: russian  arm: infantry  increments: 2  formation: column  facing: N  morale: 36  melee: 6  mp: 6  state: disordered  at: 0406 }
  move mover path 0405 0404
  exact
  expect chance(marked(chk, "t_failed")) == 7/12
  expect mover.state == "disordered"
}

// It stops in the hex instead: it has not passed through, 18 of 36.
test unitset.disorder_stops "A disordered battalion stops in the hex" {
  map 8 x 12 clear
  turn allied
  unit chk { side: allied  nationality: russian  arm: infantry  increments: 6  formation: column  facing: N  morale: 36  melee: 6  at: 0405 }
  unit mover { side: allied  nationality: russian  arm: infantry  increments: 2  formation: column  facing: N  morale: 36  melee: 6  mp: 6  state: disordered  at: 0406 }
  move mover path 0405
  exact
  expect chance(marked(chk, "t_failed")) == 1/2
}

// A routed friend moves through: "Rout pass thru" -6, 24 of 36; and one
// routing through it does the same.
test unitset.rout_pass_thru "A routed battalion passes through" {
  map 8 x 12 clear
  turn allied
  unit chk { side: allied  nationality: russian  arm: infantry  increments: 6  formation: column  facing: N  morale: 36  melee: 6  at: 0405 }
  unit mover { side: allied  nationality: russian  arm: infantry  increments: 2  formation: column  facing: N  morale: 36  melee: 6  mp: 6  state: routed  at: 0406 }
  move mover path 0405 0404
  exact
  expect chance(marked(chk, "t_failed")) == 2/3
}

test unitset.rout_through "A battalion routs through" {
  map 8 x 12 clear
  turn allied
  unit chk { side: allied  nationality: russian  arm: infantry  increments: 6  formation: column  facing: N  morale: 36  melee: 6  at: 0405 }
  unit runner { side: allied  nationality: russian  arm: infantry  increments: 2  formation: column  facing: N  morale: 36  melee: 6  mp: 6  at: 0406 }
  exact
  expect chance(marked(chk, "t_failed")) == 2/3
  expect runner.state == "routed" && hexes_apart(runner, chk) == 2
}

// A battalion in good order passes through: no modifier, 18 of 36.
test unitset.good_pass_thru "A battalion in good order passes through" {
  map 8 x 12 clear
  turn allied
  unit chk { side: allied  nationality: russian  arm: infantry  increments: 6  formation: column  facing: N  morale: 36  melee: 6  at: 0405 }
  unit mover { side: allied  nationality: russian  arm: infantry  increments: 2  formation: column  facing: N  morale: 36  melee: 6  mp: 6  at: 0406 }
  move mover path 0405 0404
  exact
  expect chance(marked(chk, "t_failed")) == 1/2
}
`},
	{"wagram", `
rule t.failed "A failed pre-melee check, for the test" on pre_melee.fail {
  do mark(unit, "t_failed")
}

// The defender's volley is read on the 10:1 column, where every roll costs
// the attacker increments ("Casualty due to defensive fire" -3 on every
// path) and the attacker at these odds takes -3. The roll of the volley
// gives the bracket: 11-12 (2 of 36) -12, the check failing on all 36;
// 13-14 (2 of 36) -9, on 33; 15-16 (2 of 36) -6, on 30; 21-25 (5 of 36) lose
// two increments as the brackets do and add nothing, on 24; the 25 rolls
// from 26 lose three or more of the six, "50% losses" -6, on 30.
// (2×36 + 2×33 + 2×30 + 5×24 + 25×30) / 36² = 1068/1296.
rule t.volley "A volley at ten to one, for the test" on fire {
  when firer.id == "def"
  do set_fire(60)
}

test unitset.attacker_casualty "The assault after a volley at ten to one" {
  map 8 x 12 clear
  turn french
  unit att { side: french  nationality: french  arm: infantry  increments: 6  formation: column  facing: N  morale: 36  melee: 6  at: 0405 }
  unit def { side: allied  nationality: austrian  arm: infantry  increments: 6  formation: line  facing: S  morale: 36  melee: 6  at: 0404 }
  fire def at att
  assault att at def
  exact
  expect chance(marked(att, "t_failed")) == 89/108
}

// The assault without the volley: the odds' -3 only, 21 of 36.
test unitset.no_volley "The assault without defensive fire" {
  map 8 x 12 clear
  turn french
  unit att { side: french  nationality: french  arm: infantry  increments: 6  formation: column  facing: N  morale: 36  melee: 6  at: 0405 }
  unit def { side: allied  nationality: austrian  arm: infantry  increments: 6  formation: line  facing: S  morale: 36  melee: 6  at: 0404 }
  assault att at def
  exact
  expect chance(marked(att, "t_failed")) == 7/12
}
`},
}

// TestUnitSetModifiers plays the cases above against the converted battles.
func TestUnitSetModifiers(t *testing.T) {
	for _, c := range unitSetCases {
		t.Run(c.battle, func(t *testing.T) {
			t.Parallel()
			mod := cellModule(t, c.battle, c.src)
			n := 0
			for _, td := range mod.Tests {
				if !strings.HasPrefix(td.Name, "unitset.") {
					continue
				}
				n++
				res := bataille.RunTest(context.Background(), mod, td)
				for _, f := range res.Failures {
					t.Errorf("%s: %s", td.Name, f)
				}
			}
			if n == 0 {
				t.Fatal("no unitset test")
			}
		})
	}
}

// TestAttackerCasualtyBrackets: in every battle that prints "Attacker
// Casualty (15-16)", "(13-14)" and "(11-12)", the natural roll of the
// defensive fire that cost the attacker increments names the one bracket
// its pre-melee check takes, beside "Casualty due to defensive fire", and a
// roll outside them none.
func TestAttackerCasualtyBrackets(t *testing.T) {
	for battle, enemy := range map[string]string{"aspern-essling": "austrian", "bautzen": "russian", "leipzig": "russian", "wagram": "austrian"} {
		t.Run(battle, func(t *testing.T) {
			t.Parallel()
			mod := cellModule(t, battle, `
rule t.volley "A volley at ten to one, for the test" on fire {
  when firer.id == "def"
  do set_fire(60)
}

scenario s "s" {
  map 8 x 12 clear
  turn french
  unit att { side: french  nationality: french  arm: infantry  increments: 12  formation: column  facing: N  morale: 36  melee: 6  at: 0405 }
  unit def { side: allied  nationality: `+enemy+`  arm: infantry  increments: 6  formation: line  facing: S  morale: 36  melee: 6  at: 0404 }
  fire def at att
  assault att at def
}
`)
			for _, c := range []struct {
				tens, units int
				want        string
			}{{1, 1, "(11-12)"}, {1, 2, "(11-12)"}, {1, 3, "(13-14)"}, {1, 4, "(13-14)"}, {1, 5, "(15-16)"}, {1, 6, "(15-16)"}, {2, 1, ""}, {6, 6, ""}} {
				ev := rollEvent(t, mod, "s", "pre_melee", c.tens, c.units, 3, 3, 3, 3, 3, 3, 3, 3)
				var got []string
				fire := false
				for _, m := range ev.Mods {
					if strings.HasPrefix(m.Title, "Attacker Casualty ") {
						got = append(got, strings.TrimPrefix(m.Title, "Attacker Casualty "))
					}
					fire = fire || m.Title == "Casualty due to defensive fire"
				}
				if strings.Join(got, " ") != c.want || !fire {
					t.Errorf("volley rolled %d%d: brackets %v, casualty line %v; want %q and the casualty line", c.tens, c.units, got, fire, c.want)
				}
			}
		})
	}
}

// TestPassedByStack: a stack that charges as one passes through the
// friendly battalion in its path, but its regiments, riding together from
// one hex, do not pass through each other; a regiment that stops in a hex
// has not passed through it.
func TestPassedByStack(t *testing.T) {
	mod := cellModule(t, "friedland", `
test unitset.stack_passes "A charging stack passes through a friend, not through itself" {
  map 12 x 20 clear
  turn french
  unit c1 { side: french  nationality: french  arm: cavalry  increments: 4  formation: column  facing: N  morale: 31  mp: 8  melee: 6  leader  cavalry_bonus: 2  at: 0616 }
  unit c2 { side: french  nationality: french  arm: cavalry  increments: 4  formation: column  facing: N  morale: 31  mp: 8  melee: 6  at: 0616 }
  unit friend { side: french  nationality: french  arm: infantry  increments: 6  formation: column  facing: N  morale: 36  melee: 6  at: 0614 }
  unit inf { side: allied  nationality: russian  arm: infantry  increments: 6  formation: line  facing: S  morale: 36  melee: 6  at: 0610 }
  charge c1 at inf path 0615 0614 0613 0612 0611
  charge c2 at inf path 0615 0614 0613 0612 0611
  decide inf form_carre no
  exact
  expect passed_by(friend, "good")
  expect !passed_by(c1, "good") && !passed_by(c2, "good") && !passed_by(inf, "good")
}
`)
	for _, td := range mod.Tests {
		if td.Name != "unitset.stack_passes" {
			continue
		}
		res := bataille.RunTest(context.Background(), mod, td)
		for _, f := range res.Failures {
			t.Errorf("%s: %s", td.Name, f)
		}
		if res.Paths == 0 {
			t.Error("no path played")
		}
		return
	}
	t.Fatal("no unitset.stack_passes test")
}
