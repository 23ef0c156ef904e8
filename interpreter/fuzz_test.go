package interpreter_test

import (
	"context"
	"errors"
	"github.com/bataille/bataille/hex"
	"io/fs"
	"regexp"
	"strings"
	"sync"
	"testing"
	"unicode/utf8"

	"github.com/bataille/bataille"
	"github.com/bataille/bataille/dsl"
	"github.com/bataille/bataille/games"
	"github.com/bataille/bataille/interpreter"
	"github.com/bataille/bataille/stdlib"
)

// fuzzHeader heads every FuzzScenario input: a small battle module with the
// Premier Rules' words (so the bundled scenarios play under it) and a rule
// on each kind of hook that uses most effects, so a fuzzed scenario is
// played by real rules. It checks in a few milliseconds, unlike the full
// base module, which keeps the fuzzer fast.
const fuzzHeader = `module fz "Fuzz"
arm infantry { fire: 1 }
arm cavalry { mounted }
arm artillery { guns  fire: 2 }
attribute light
attribute heavy
attribute lancer
attribute guard
attribute cossack
nationality french
nationality prussian
nationality russian
nationality austrian
nationality swedish
state good { good }
state disordered { fire: 0.5  melee: 0.5 }
state routed { routed  fire: 0  melee: 0.25 }
terrain clear { cost: 1 }
terrain road { cost: 1 }
terrain woods { cost: 2  no_charge  blocks_los }
formation line { fronts: 2  arms: infantry, cavalry  change_cost: 3 }
formation column { fronts: 1  arms: infantry, cavalry  change_cost: 3 }
formation skirmish { fronts: 3  arms: infantry }
formation limbered { fronts: 1  zdi: none  arms: artillery }
formation unlimbered { fronts: 3  arms: artillery }
formation carre { fronts: 6  zdi: self  morale: -6  arms: infantry, artillery  change_cost: 1 }
param rout.hexes = 4
check stand roll d66 + modifier -18..18 { pass above unit.morale + formation_morale(unit) }
table recall roll 1d6 { 1..4 => recall  5..6 => fail }
table carre_try roll d66 + modifier -12..12 { 11..36 => carre  41..56 => disorder  61..66 => rout }
table melee_results roll d66 { column when odds < 1 { 11..36 => attacker_dd  41..66 => dd } column { 11..26 => no_effect  31..66 => dd 1 } }
rule fz.declare on declare_charge { require charger.increments > 0 else "no one to charge" }
rule fz.bonus on charge_start { do add_mp(2) }
rule fz.enter on charge_enter { require !hex.no_charge else "no charge here"  when turns > 0  do add_cost(turns) }
rule fz.carre on charge_approach { when distance <= 3 && unit.arm == "infantry" && unit.formation != "carre"  ask "form_carre"  do roll(carre_try, modifier: unit.cavalry_bonus - 2, unit: unit) }
rule fz.carre_ok on carre_try.carre { do set_formation(unit, "carre") }
rule fz.carre_dd on carre_try.disorder { do set_state(unit, "disordered"), retreat(unit, 2) }
rule fz.carre_rout on carre_try.rout { do rout(unit, hexes: rout.hexes) }
rule fz.contact on charge_contact { do check(stand, target, modifier: mp_spent) }
rule fz.stand on stand.pass { do melee(charger, unit) }
rule fz.run on stand.fail { do rout(unit, hexes: 3, from: charger), follow(charger, unit) }
rule fz.miss on charge_end { when !contacted && could_contact  do roll(recall, unit: charger) }
rule fz.recall on recall.fail { do exhaust(unit), lose(unit, 1) }
rule fz.melee on melee_resolve { do roll(melee_results, unit: defender) }
rule fz.melee_dd on melee_results.dd { do lose(defender, value), set_state(defender, "disordered") }
rule fz.melee_att on melee_results.attacker_dd { do set_state(attacker, "disordered"), retreat(attacker, 1, from: defender) }
rule fz.fire on fire_resolve { do lose(target, int(fire_value) / 4) }
rule fz.end on turn_end { when unit.state == "routed" && unit.increments < 2  do lose(unit, 1) }
`

// fuzzHead is the header parsed once: the fuzzed text is the second file of
// its module, so each run parses only what the fuzzer wrote. The checker
// only reads the header's syntax tree.
var fuzzHead = sync.OnceValue(func() *dsl.File {
	f, diags := dsl.Parse("head.rules", []byte(fuzzHeader))
	if diags.HasErrors() {
		panic(diags.Err())
	}
	return f
})

// diagsInside fails unless every diagnostic about file name points inside
// src.
func diagsInside(t *testing.T, name, src string, diags dsl.Diagnostics) {
	t.Helper()
	lines := strings.Split(src, "\n")
	for _, d := range diags {
		if d.Pos.File != name {
			continue
		}
		if d.Pos.Line < 1 || d.Pos.Line > len(lines) || d.Pos.Col < 1 || d.Pos.Col > utf8.RuneCountInString(lines[d.Pos.Line-1])+1 {
			t.Fatalf("%s: outside the input (%d lines)", d, len(lines))
		}
	}
}

var runErrRE = regexp.MustCompile(`^[^\s:]+:\d+:\d+: `)

// playAndCheck runs a built scenario and checks what no rules may break:
// the run ends, with no error or a clean one (positioned, or the fixed dice
// running out); no unit gains increments or goes below none; units left
// standing are on the map; every unit's state and formation are words of
// the module.
func playAndCheck(t *testing.T, mod *dsl.Module, setup *interpreter.Setup, dice interpreter.Dice) {
	t.Helper()
	start := map[*interpreter.Unit]int{}
	for _, u := range setup.Board.Units {
		start[u] = u.Increments
	}
	cfg := interpreter.Config{Dice: dice, Decider: setup.Decider, Effects: bataille.Effects(), MaxSteps: 20000, NoTrace: true}
	e := interpreter.New(mod, setup.Board, setup.Orders, cfg)
	e.SetPhasing(setup.Turn)
	err := e.Run(context.Background())
	if err != nil && !errors.Is(err, interpreter.ErrDiceExhausted) && !runErrRE.MatchString(err.Error()) {
		t.Fatalf("run failed without a position: %v", err)
	}
	for _, u := range setup.Board.Units {
		if u.Increments < 0 || u.Increments > start[u] {
			t.Fatalf("%s has %d increments, started with %d", u.ID, u.Increments, start[u])
		}
		if u.Increments > 0 {
			if !setup.Board.OnMap(u.Hex) || (u.Hex2 != nil && !setup.Board.OnMap(*u.Hex2)) {
				t.Fatalf("%s stands off the %d×%d map at %s (second hex %v)", u.ID, setup.Board.Cols, setup.Board.Rows, u.Hex, u.Hex2)
			}
		}
		if _, ok := mod.Word(dsl.KindState, u.State); !ok {
			t.Fatalf("%s is in state %q, no word of the module", u.ID, u.State)
		}
		if _, ok := mod.Word(dsl.KindFormation, u.Formation); !ok {
			t.Fatalf("%s is in formation %q, no word of the module", u.ID, u.Formation)
		}
	}
}

// FuzzScenario checks fuzzed text as a second file of a known-good battle
// module (fuzzHeader): parsing, checking and building its scenarios never
// panic, every diagnostic points inside the input, and each scenario that
// builds plays to a clean end.
func FuzzScenario(f *testing.F) {
	for _, battle := range games.Names() {
		if data, err := fs.ReadFile(games.FS, battle+"/scenarios.rules"); err == nil {
			f.Add(data)
		}
	}
	for _, s := range []string{
		"",
		"scenario s { map 12 x 12 clear unit a { side: x arm: cavalry increments: 4 formation: column facing: N mp: 8 at: 0610 }\n" +
			"unit b { side: y arm: infantry increments: 6 formation: line facing: S morale: 36 at: 0604 }\ncharge a at b path 0609 0608 0607 0606 0605 }\n",
		"scenario s { map 12 x 12 clear unit a { side: x arm: cavalry increments: 4 formation: column at: 0610 } unit b { side: y arm: infantry increments: 1 formation: line at: 0609 } charge a at b path 0609 0507 }\n",
		"scenario s { map 3 x 3 clear unit a { side: x arm: cavalry increments: -2 formation: column at: 0707 } }\n",
		"scenario s { map 5 x 5 clear unit a { side: x arm: infantry increments: 2 formation: line at: 0202 at2: 0404 } }\n",
		"scenario s { map 5 x 5 clear unit a { side: x arm: infantry increments: 2 formation: line at: 07a2 } }\n",
		"scenario s { map 99 x 99 woods terrain clear (1,1) (99,-99) road 0101 unit a { side: x arm: artillery increments: 9999 formation: carre at: (3,-1) } fire a at a assault a at a form a as line move a path 0102 0103 }\n",
		"scenario s { map 12 x 12 clear unit a { side: x arm: cavalry increments: 4 formation: column mp: 99 at: 0606 } unit b { side: y arm: infantry increments: 1 formation: line at: 0601 } charge a at b path 0605 0604 0603 0602 decide b form_carre yes seed 18446744073709551615 }\n",
		"override param rout.hexes = 1000000000\nscenario s { map 12 x 12 clear unit a { side: x arm: cavalry increments: 4 formation: column mp: 9 at: 0609 } unit b { side: y arm: infantry increments: 1 formation: line morale: 66 at: 0607 } charge a at b path 0608 }\n",
		// A two-hex line used to retreat with its second hex off the map.
		"rule t.push on charge_start { do retreat(target, 5) }\nscenario s { map 6 x 6 clear\n" +
			"unit a { side: x arm: cavalry increments: 4 formation: column mp: 8 at: 0104 }\n" +
			"unit b { side: y arm: infantry increments: 4 formation: line at: 0102 at2: 0101 }\ncharge a at b path 0103 }\n",
		"rule fz.loop on turn_end { do roll(recall, unit: unit), roll(recall, unit: unit) }\nscenario s { map 2 x 2 clear unit a { side: x arm: cavalry increments: 1 formation: column at: 0101 } }\n",
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		head := fuzzHead()
		src := string(data)
		file, diags := dsl.Parse("fz.rules", data)
		diagsInside(t, "fz.rules", src, diags)
		if file == nil {
			return
		}
		mod, diags := dsl.Check([]*dsl.File{head, file}, stdlib.Env(), nil)
		diagsInside(t, "fz.rules", src, diags)
		if mod == nil {
			return
		}
		for _, sd := range mod.Scenarios {
			setup, diags := interpreter.BuildScenario(mod, sd)
			diagsInside(t, "fz.rules", src, diags)
			for _, d := range diags {
				if (d.Severity != dsl.Error && d.Severity != dsl.Warning) || d.Pos.File != "fz.rules" {
					t.Fatalf("scenario diagnostic not a positioned error or warning: %s", d)
				}
			}
			if diags.HasErrors() {
				continue
			}
			playAndCheck(t, mod, setup, interpreter.NewSeededDice(1))
		}
	})
}

// chargeBase is the bundled charge FuzzCharge varies: hussars charge a
// battalion in line, which may try Carré.
var chargeBase = sync.OnceValues(func() (*dsl.Module, *dsl.ScenarioDef) {
	battle := games.Names()[1] // the 2021 edition's first battle
	mod, diags := bataille.LoadBundled(battle)
	if diags.HasErrors() {
		panic(diags.Err())
	}
	sd, ok := mod.Scenario("carre_attempt")
	if !ok {
		panic(battle + " has no carre_attempt")
	}
	return mod, sd
})

// cloneScenario copies a scenario deeply enough to change its units' props
// and its orders.
func cloneScenario(sd *dsl.ScenarioDef) *dsl.ScenarioDef {
	cp := *sd
	cp.Units = nil
	for _, us := range sd.Units {
		u := *us
		u.Props = map[string]dsl.PropValue{}
		for k, v := range us.Props {
			v.Values = append([]any(nil), v.Values...)
			u.Props[k] = v
		}
		cp.Units = append(cp.Units, &u)
	}
	cp.Orders = nil
	for _, o := range sd.Orders {
		oc := *o
		oc.Path = append([]dsl.HexSpec(nil), o.Path...)
		cp.Orders = append(cp.Orders, &oc)
	}
	return &cp
}

func setProp(sd *dsl.ScenarioDef, unit, key string, v any) {
	for _, us := range sd.Units {
		if us.ID == unit {
			pv := us.Props[key]
			if pv.Pos.File == "" {
				pv.Pos = us.Pos
			}
			pv.Values = []any{v}
			us.Props[key] = pv
		}
	}
}

// pathToward walks from a hex toward another, one neighbour at a time,
// until next to it: the path a charge order would give.
func pathToward(from, to hex.Hex, maxLen int) []hex.Hex {
	var out []hex.Hex
	for len(out) < maxLen && hex.Distance(from, to) > 1 {
		best := from
		for _, n := range from.Neighbors() {
			if hex.Distance(n, to) < hex.Distance(best, to) {
				best = n
			}
		}
		out = append(out, best)
		from = best
	}
	return out
}

// FuzzCharge plays the bundled charge with fuzzed dice, seed, strengths,
// movement points, morale and places (the target may stand as a two-hex
// line, its second hex on any side). Whatever they are, the scenario is
// rejected with positioned errors or played to a clean end that keeps the
// invariants of playAndCheck.
func FuzzCharge(f *testing.F) {
	f.Add([]byte{}, uint64(1), uint8(4), uint8(6), int8(8), uint8(6), uint8(10), uint8(6), uint8(4), uint8(36), false, uint8(6))
	f.Add([]byte{6, 6, 1, 1, 3, 3, 6, 6}, uint64(0), uint8(4), uint8(6), int8(8), uint8(6), uint8(10), uint8(6), uint8(4), uint8(36), false, uint8(1))
	f.Add([]byte{1, 1, 1, 1}, uint64(7), uint8(1), uint8(1), int8(20), uint8(1), uint8(12), uint8(12), uint8(1), uint8(66), true, uint8(0))
	f.Add([]byte{}, uint64(3), uint8(0), uint8(200), int8(-3), uint8(30), uint8(0), uint8(6), uint8(9), uint8(0), false, uint8(3))
	f.Add([]byte{2}, uint64(99), uint8(12), uint8(12), int8(0), uint8(6), uint8(5), uint8(6), uint8(4), uint8(11), true, uint8(7))
	f.Fuzz(func(t *testing.T, faces []byte, seed uint64, incC, incT uint8, mp int8, col, row, tcol, trow, morale uint8, carre bool, line uint8) {
		mod, base := chargeBase()
		sd := cloneScenario(base)
		setProp(sd, "hus", "increments", int(incC%16))
		setProp(sd, "hus", "mp", int(mp))
		setProp(sd, "inf", "increments", int(incT%16))
		setProp(sd, "inf", "morale", int(morale))
		if carre {
			setProp(sd, "inf", "formation", "carre")
		}
		// Places run one hex past the 12×12 map on each side.
		at := hex.FromOffset(int(col%14), int(row%14))
		tat := hex.FromOffset(int(tcol%14), int(trow%14))
		setProp(sd, "hus", "at", dsl.HexSpec{Q: at.Q, R: at.R, Axial: true, Pos: sd.Units[0].Pos})
		setProp(sd, "inf", "at", dsl.HexSpec{Q: tat.Q, R: tat.R, Axial: true, Pos: sd.Units[1].Pos})
		if line%8 < 6 {
			at2 := tat.Neighbor(hex.Direction(line % 8))
			setProp(sd, "inf", "at2", dsl.HexSpec{Q: at2.Q, R: at2.R, Axial: true, Pos: sd.Units[1].Pos})
		}
		for _, o := range sd.Orders {
			if o.Kind == "charge" {
				o.Path = nil
				for _, h := range pathToward(at, tat, 12) {
					o.Path = append(o.Path, dsl.HexSpec{Q: h.Q, R: h.R, Axial: true, Pos: o.Pos})
				}
			}
		}
		setup, diags := interpreter.BuildScenario(mod, sd)
		for _, d := range diags {
			// A warning (a charge that sets off sideways) is positioned too.
			if d.Pos.File != sd.Pos.File || d.Pos.Line < 1 || d.Pos.Col < 1 || (d.Severity != dsl.Error && d.Severity != dsl.Warning) {
				t.Fatalf("scenario diagnostic not a positioned error or warning: %s", d)
			}
		}
		if diags.HasErrors() {
			return
		}
		var dice interpreter.Dice = interpreter.NewSeededDice(seed)
		if len(faces) > 0 {
			fc := make([]int, len(faces))
			for i, b := range faces {
				fc[i] = int(b % 7) // 0 and 6 test the clamp to 1..sides
			}
			dice = interpreter.NewFixedDice(fc...)
		}
		playAndCheck(t, mod, setup, dice)
	})
}

// TestFuzzSeedsPlay makes sure the fuzz targets start from real play rather
// than rejected input: the header checks, the bundled scenarios build under
// it and its rules fire, and the bundled charge builds and plays.
func TestFuzzSeedsPlay(t *testing.T) {
	data, err := fs.ReadFile(games.FS, "berlin1813/scenarios.rules")
	if err != nil {
		t.Fatal(err)
	}
	file, diags := dsl.Parse("fz.rules", data)
	if diags.HasErrors() {
		t.Fatal(diags.Err())
	}
	mod, diags := dsl.Check([]*dsl.File{fuzzHead(), file}, stdlib.Env(), nil)
	if diags.HasErrors() {
		t.Fatal(diags.Err())
	}
	fired := 0
	for _, sd := range mod.Scenarios {
		setup, diags := interpreter.BuildScenario(mod, sd)
		if diags.HasErrors() {
			t.Fatalf("%s: %v", sd.Name, diags.Err())
		}
		e := interpreter.New(mod, setup.Board, setup.Orders, interpreter.Config{Seed: 1, Decider: setup.Decider, Effects: bataille.Effects()})
		if err := e.Run(context.Background()); err != nil {
			t.Fatalf("%s: %v", sd.Name, err)
		}
		for _, ev := range e.Trace() {
			if ev.Kind == "rule" && strings.HasPrefix(ev.Rule, "fz.") {
				fired++
			}
		}
	}
	if fired < 5 {
		t.Errorf("the header's rules fired %d times over the bundled scenarios", fired)
	}

	cmod, base := chargeBase()
	setup, diags := interpreter.BuildScenario(cmod, cloneScenario(base))
	if diags.HasErrors() {
		t.Fatal(diags.Err())
	}
	if len(setup.Orders) == 0 {
		t.Fatal("the charge has no orders")
	}
	playAndCheck(t, cmod, setup, interpreter.NewSeededDice(1))
	if n := len(pathToward(hex.FromOffset(6, 10), hex.FromOffset(6, 4), 12)); n != 5 {
		t.Errorf("path from 0610 to 0604 has %d hexes, want 5", n)
	}
}
