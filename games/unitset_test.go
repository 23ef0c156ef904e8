package games_test

import (
	"strings"
	"testing"
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
	{"quatrebras", langTests(preMeleeFailed, assaults("allied",
		// A British battalion assaults with a Dutch one in its hex: "Mixed
		// nationality stack" -6 and the odds' -3 (1:1): it fails on 27 of 36.
		langTest{name: "unitset.mixed_stack", title: "A mixed stack assaults", units: []string{britishAtt,
			infantry("mate", "allied", "dutch", "0405", "N", "increments: 4"), frenchDef},
			expect: []string{`chance(marked(att, "t_failed")) == 3/4`}},
		// Two British battalions: the odds' -3 only, 21 of 36.
		langTest{name: "unitset.one_nation", title: "A stack of one nationality assaults", units: []string{britishAtt,
			infantry("mate", "allied", "british", "0405", "N", "increments: 4"), frenchDef},
			expect: []string{`chance(marked(att, "t_failed")) == 7/12`}},
		// An enemy of another nationality next to the stack does not make it
		// mixed.
		langTest{name: "unitset.enemy_not_in_stack", title: "An enemy in the hex beside does not mix the stack", units: []string{britishAtt, frenchDef,
			infantry("pol", "french", "polish", "0505", "S", "increments: 2")},
			expect: []string{`chance(marked(att, "t_failed")) == 7/12`}},
	)...)},
	{"ligny-quatrebras", langTests(preMeleeFailed, assaults("french",
		// The defender's side of "Mixed nationality stack": the French
		// attacker (morale 11, the odds' -3) passes on 32 of 36, then the
		// British defender with Brunswickers in its hex fails on 24 of 36
		// (-6): 32/36 × 24/36.
		langTest{name: "unitset.mixed_defender", title: "A mixed stack is assaulted", units: []string{weakFrenchAtt, britishDef,
			infantry("mate", "allied", "brunswick", "0404", "S", "increments: 2")},
			expect: []string{`chance(marked(def, "t_failed")) == 16/27`}},
		// The same with a British battalion beside it: 32/36 × 18/36.
		langTest{name: "unitset.one_nation_defender", title: "A stack of one nationality is assaulted", units: []string{weakFrenchAtt, britishDef,
			infantry("mate", "allied", "british", "0404", "S", "increments: 2")},
			expect: []string{`chance(marked(def, "t_failed")) == 4/9`}},
	)...)},
	{"albuera", langTests(preMeleeFailed, assaults("french",
		// British riflemen next to the French battalion that assaults: -6,
		// and no odds modifier at 1:1 on Albuera's chart: it fails on 24 of
		// 36.
		langTest{name: "unitset.rifles_adjacent", title: "The French assault beside British rifles", units: []string{frenchAtt, britishDef,
			infantry("rif", "allied", "british", "0505", "S", "class: rifles", "increments: 2", "formation: skirmish", "melee: 2")},
			expect: []string{`chance(marked(att, "t_failed")) == 2/3`}},
		// Line infantry there instead: 18 of 36.
		langTest{name: "unitset.line_adjacent", title: "The French assault beside British line infantry", units: []string{frenchAtt, britishDef,
			infantry("rif", "allied", "british", "0505", "S", "class: line_infantry", "increments: 2", "melee: 2")},
			expect: []string{`chance(marked(att, "t_failed")) == 1/2`}},
		// Riflemen two hexes off are not next to it: 18 of 36.
		langTest{name: "unitset.rifles_farther", title: "The French assault with British rifles two hexes off", units: []string{frenchAtt, britishDef,
			infantry("rif", "allied", "british", "0605", "S", "class: rifles", "increments: 2", "formation: skirmish", "melee: 2")},
			expect: []string{`chance(marked(att, "t_failed")) == 1/2`}},
	)...)},
	{"ligny", langTests(`
rule t.failed "A failed stand check, for the test" on stand.fail {
  do mark(unit, "t_failed")
}
`,
		// Prussian infantry charged, a Prussian Carré two hexes from it:
		// "Rally Square: 2 hexes" -6, the stand check failing on 24 of 36.
		rally("unitset.rally_square_2", "A Carré to rally on two hexes away",
			infantry("sq", "prussian", "prussian", "0401", "S", "formation: carre"), `chance(marked(inf, "t_failed")) == 2/3`),
		// One hex away: -9, 27 of 36.
		rally("unitset.rally_square_1", "A Carré to rally on next to it",
			infantry("sq", "prussian", "prussian", "0402", "S", "formation: carre"), `chance(marked(inf, "t_failed")) == 3/4`),
		// The same battalion two hexes away in column is no Carré, and a
		// French Carré is no friend's: 18 of 36 each.
		rally("unitset.no_rally_column", "A friend in column two hexes away",
			infantry("sq", "prussian", "prussian", "0401", "S"), `chance(marked(inf, "t_failed")) == 1/2`),
		rally("unitset.no_rally_enemy", "An enemy Carré two hexes away",
			infantry("sq", "french", "french", "0601", "S", "formation: carre"), `chance(marked(inf, "t_failed")) == 1/2`),
	)},
	{"vauchamps", langTests(`
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
`,
		// Russians with Prussians in their hex: -12, 30 of 36.
		checked("unitset.russians_and_prussians", "Russians and Prussians stacked",
			infantry("mate", "allied", "prussian", "0405", "N", "increments: 4"), nil, `chance(marked(chk, "t_failed")) == 5/6`),
		// Russians with Russians: 18 of 36.
		checked("unitset.russians_only", "Russians stacked with Russians",
			infantry("mate", "allied", "russian", "0405", "N", "increments: 4"), nil, `chance(marked(chk, "t_failed")) == 1/2`),
		// A disordered friend moves through: "Disorder pass thru" -3, 21 of
		// 36.
		checked("unitset.disorder_pass_thru", "A disordered battalion passes through",
			mover("mover", "state: disordered"), []string{"move mover path 0405 0404"},
			`chance(marked(chk, "t_failed")) == 7/12`, `mover.state == "disordered"`),
		// It stops in the hex instead: it has not passed through, 18 of 36.
		checked("unitset.disorder_stops", "A disordered battalion stops in the hex",
			mover("mover", "state: disordered"), []string{"move mover path 0405"}, `chance(marked(chk, "t_failed")) == 1/2`),
		// A routed friend moves through: "Rout pass thru" -6, 24 of 36; and
		// one routing through it does the same.
		checked("unitset.rout_pass_thru", "A routed battalion passes through",
			mover("mover", "state: routed"), []string{"move mover path 0405 0404"}, `chance(marked(chk, "t_failed")) == 2/3`),
		checked("unitset.rout_through", "A battalion routs through", mover("runner"), nil,
			`chance(marked(chk, "t_failed")) == 2/3`, `runner.state == "routed" && hexes_apart(runner, chk) == 2`),
		// A battalion in good order passes through: no modifier, 18 of 36.
		checked("unitset.good_pass_thru", "A battalion in good order passes through",
			mover("mover"), []string{"move mover path 0405 0404"}, `chance(marked(chk, "t_failed")) == 1/2`),
	)},
	{"wagram", langTests(preMeleeFailed+`
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
`,
		langTest{name: "unitset.attacker_casualty", title: "The assault after a volley at ten to one", turn: "french",
			units: []string{frenchAtt, austrianLine}, play: []string{"fire def at att", "assault att at def", "exact"},
			expect: []string{`chance(marked(att, "t_failed")) == 89/108`}},
		// The assault without the volley: the odds' -3 only, 21 of 36.
		langTest{name: "unitset.no_volley", title: "The assault without defensive fire", turn: "french",
			units: []string{frenchAtt, austrianLine}, play: []string{"assault att at def", "exact"},
			expect: []string{`chance(marked(att, "t_failed")) == 7/12`}},
	)},
}

// The set-ups the cases above share: a battalion at 0405 assaulting the one
// at 0404, the mark of a failed pre-melee check, the Prussian battalion
// Ligny's hussars charge, and Vauchamps' battalion checking at the turn's
// end with a friend beside or passing.
var (
	britishAtt    = infantry("att", "allied", "british", "0405", "N")
	frenchAtt     = infantry("att", "french", "french", "0405", "N")
	weakFrenchAtt = infantry("att", "french", "french", "0405", "N", "morale: 11")
	frenchDef     = infantry("def", "french", "french", "0404", "S")
	britishDef    = infantry("def", "allied", "british", "0404", "S")
	austrianLine  = infantry("def", "allied", "austrian", "0404", "S", "formation: line")
)

const preMeleeFailed = `
rule t.failed "A failed pre-melee check, for the test" on pre_melee.fail {
  do mark(unit, "t_failed")
}
`

// assaults gives each test the side to move and the order att at def,
// played on every path.
func assaults(turn string, tests ...langTest) []langTest {
	for i := range tests {
		tests[i].turn, tests[i].play = turn, []string{"assault att at def", "exact"}
	}
	return tests
}

// rally is Ligny's Prussian battalion at 0403 charged by French hussars
// from 0405, declining the Carré, with the battalion sq placed.
func rally(name, title, sq string, want ...string) langTest {
	return langTest{name: name, title: title, turn: "french",
		units: []string{cavalry("cav", "french", "french", "0405", "N", "class: hussars"),
			infantry("inf", "prussian", "prussian", "0403", "S"), sq},
		play: []string{"charge cav at inf path 0404", "decide inf form_carre no", "exact"}, expect: want}
}

// checked is Vauchamps' Russian battalion chk at 0405, which checks morale
// at the turn's end, with the other unit and the orders given.
func checked(name, title, other string, orders []string, want ...string) langTest {
	return langTest{name: name, title: title, turn: "allied",
		units: []string{infantry("chk", "allied", "russian", "0405", "N"), other},
		play:  append(orders, "exact"), expect: want}
}

// mover is a Russian battalion of two increments with 6 MP at 0406.
func mover(id string, props ...string) string {
	return infantry(id, "allied", "russian", "0406", "N", append([]string{"increments: 2", "mp: 6"}, props...)...)
}

// TestUnitSetModifiers plays the cases above against the converted battles.
func TestUnitSetModifiers(t *testing.T) {
	for _, c := range unitSetCases {
		t.Run(c.battle, func(t *testing.T) {
			t.Parallel()
			mod := cellModule(t, c.battle, c.src)
			if runLangTests(t, mod, "unitset.") == 0 {
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
  `+infantry("att", "french", "french", "0405", "N", "increments: 12")+`
  `+infantry("def", "allied", enemy, "0404", "S", "formation: line")+`
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
	mod := cellModule(t, "friedland", langTests("", langTest{name: "unitset.stack_passes", title: "A charging stack passes through a friend, not through itself",
		mapSize: "12 x 20", turn: "french",
		units: []string{cavalry("c1", "french", "french", "0616", "N", "leader", "cavalry_bonus: 2"), cavalry("c2", "french", "french", "0616", "N"),
			infantry("friend", "french", "french", "0614", "N"), infantry("inf", "allied", "russian", "0610", "S", "formation: line")},
		play:   []string{"charge c1 at inf path 0615 0614 0613 0612 0611", "charge c2 at inf path 0615 0614 0613 0612 0611", "decide inf form_carre no", "exact"},
		expect: []string{`passed_by(friend, "good")`, `!passed_by(c1, "good") && !passed_by(c2, "good") && !passed_by(inf, "good")`}}))
	if n := runLangTests(t, mod, "unitset.stack_passes"); n != 1 {
		t.Fatalf("%d unitset.stack_passes tests, want 1", n)
	}
}
