package games_test

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/bataille/bataille"
	"github.com/bataille/bataille/dsl"
	"github.com/bataille/bataille/interpreter"
)

// The movement and stacking charts of the converted battles, read a second
// way: the files' maneuver sections are decoded with encoding/json, each row
// is tied to the word a scenario lays by the table below (typed by hand from
// the files, apart from the converter's tables), each cell is read by this
// test's own reading of the chart's words, and every cell is played through
// a move on the loaded module: a hex's cost off and along a road, an NA, a
// hexside's addition, a stacking limit hit and not hit.

// lbManeuver ties a battle's movement and stacking rows to our words.
type lbManeuver struct {
	file     string
	terrain  map[string]string // rows that are the terrain of a hex
	hexside  map[string]string // rows that are a hexside crossed
	roadOver map[string]string // "Road/X" rows: the terrain whose road figure they give
}

var lbManeuvers = map[string]lbManeuver{
	"bautzen": {file: "bautzen.json",
		terrain: map[string]string{"Clear": "clear", "Hamlet": "dwelling", "Village": "village", "Town": "town", "Earthworks": "redoubt",
			"Carp Ponds": "carp_ponds", "Entrenchments": "entrenchments", "Swamp": "swamp", "Woods": "woods", "Garden": "garden",
			"Woods Pathway": "woods_pathway", "Schiessscharte": "schiessscharte"},
		hexside: map[string]string{"Slope": "slope", "Bridge (Spree)": "spree_bridge", "Streams": "stream", "Bridge (Stream)": "bridge",
			"Ford": "ford", "Spree": "spree"}},
	"hagelberg": {file: "hagelberg.json",
		terrain: map[string]string{"Clear": "clear", "Hamlet": "dwelling", "Village": "village", "Woods": "woods", "Garden": "garden", "Garden Wall": "garden_wall"},
		hexside: map[string]string{"Slope": "slope"}},
	"wartenburg": {file: "wartenburg.json",
		terrain: map[string]string{"Clear": "clear", "Orchard": "orchard", "Woods": "woods", "Forest": "forest", "Marsh": "marsh", "Swamp": "swamp",
			"Lane": "lane", "Landdamm": "landdamm", "Village": "dwelling", "Garden": "garden"},
		hexside:  map[string]string{"Stream": "stream", "Bridge Stream": "bridge", "Bridge River": "river_bridge", "Slope": "slope"},
		roadOver: map[string]string{"Road/Marsh": "Marsh"}},
}

// lbChartRows decodes one maneuver chart: row, column, cell.
func lbChartRows(t *testing.T, file, chart string) map[string]map[string]string {
	t.Helper()
	data, err := os.ReadFile(filepath.Join("..", "internal", "lbdata", "testdata", "lb.react", "src", "data", file))
	if err != nil {
		t.Fatal(err)
	}
	var f struct {
		Maneuver map[string]json.RawMessage
	}
	if err := json.Unmarshal(trailingComma.ReplaceAll(data, []byte("$1")), &f); err != nil {
		t.Fatalf("%s: %v", file, err)
	}
	var rows map[string]map[string]string
	if err := json.Unmarshal(f.Maneuver[chart], &rows); err != nil {
		t.Fatalf("%s maneuver.%s: %v", file, chart, err)
	}
	return rows
}

var lbArmCols = map[string]string{"infantry": "Inf", "cavalry": "Cav", "artillery": "Art"}

// lbCost is this test's reading of a movement cell: -1 for NA; "1/2" is half
// a point, another "A/B" its first figure; "N (M Rd)" is N, and M along a
// road; a "+N" terrain is the clear hex's 1 and N. rd and sk are the "Rd"
// and "Sk" qualifiers.
func lbCost(t *testing.T, cell string, terrain bool) (cost, road float64, rd, sk bool) {
	t.Helper()
	s := strings.TrimSpace(cell)
	if s == "NA" {
		return -1, 0, false, false
	}
	rd, sk = strings.HasSuffix(s, " Rd") && !strings.HasSuffix(s, "Rd)"), strings.HasSuffix(s, " Sk")
	s = strings.TrimSuffix(strings.TrimSuffix(s, " Sk"), " Rd")
	if i := strings.Index(s, " ("); i >= 0 {
		r, err := strconv.ParseFloat(strings.TrimSuffix(strings.TrimPrefix(s[i:], " ("), " Rd)"), 64)
		if err != nil {
			t.Fatalf("cell %q: %v", cell, err)
		}
		road, s = r, s[:i]
	}
	plus := strings.HasPrefix(s, "+")
	s = strings.TrimPrefix(s, "+")
	if s == "1/2" {
		cost = 0.5
	} else {
		first, _, _ := strings.Cut(s, "/")
		n, err := strconv.ParseFloat(first, 64)
		if err != nil {
			t.Fatalf("cell %q: %v", cell, err)
		}
		cost = n
	}
	if plus && terrain {
		cost++
	}
	return cost, road, rd, sk
}

// lbMover is a unit of an arm of the French side with MP to spare.
func lbMover(id, arm, at string, props ...string) string {
	form := map[string]string{"infantry": "column", "cavalry": "column", "artillery": "limbered"}[arm]
	return unitLine(id, "french", "french", at, "N", append([]string{"arm: " + arm, "increments: 4", "formation: " + form, "morale: 36", "mp: 12"}, props...)...)
}

// TestLBReactMovementCells moves a unit of each arm into each terrain the
// movement charts print, off a road and along one, and across each hexside,
// and holds what it pays, or the refusal of an NA, to the file.
func TestLBReactMovementCells(t *testing.T) {
	for battle, lm := range lbManeuvers {
		t.Run(battle, func(t *testing.T) {
			rows := lbChartRows(t, lm.file, "terrain")
			type want struct {
				cost  float64 // -1: refused
				label string
			}
			var src strings.Builder
			wants := map[string]want{}
			n := 0
			add := func(label, setup, mover string, w want) {
				name := fmt.Sprintf("m%d", n)
				n++
				fmt.Fprintf(&src, "scenario %s \"%s\" {\n  map 6 x 8 clear\n%s  turn french\n  %s\n  move u path 0304\n}\n", name, label, setup, mover)
				w.label = label
				wants[name] = w
			}
			roadRow, hasRoad := rows["Road"]
			for row, cells := range rows {
				for arm, col := range lbArmCols {
					if id, ok := lm.terrain[row]; ok {
						cost, road, _, _ := lbCost(t, cells[col], true)
						add(fmt.Sprintf("%s %s into %s", battle, arm, row), "  terrain "+id+" 0304\n", lbMover("u", arm, "0305"), want{cost: cost})
						if hasRoad {
							along, _, _, _ := lbCost(t, roadRow[col], false)
							if road > 0 {
								along = road
							}
							for over, of := range lm.roadOver {
								if of == row {
									along, _, _, _ = lbCost(t, rows[over][col], false)
								}
							}
							add(fmt.Sprintf("%s %s into %s along a road", battle, arm, row), "  terrain "+id+" 0304\n  road 0305 0304\n", lbMover("u", arm, "0305"), want{cost: along})
						}
					}
					if id, ok := lm.hexside[row]; ok {
						cost, _, rd, sk := lbCost(t, cells[col], false)
						plus := strings.HasPrefix(strings.TrimSpace(cells[col]), "+")
						side := "  hexside " + id + " 0304/0305\n"
						switch {
						case cost < 0:
							add(fmt.Sprintf("%s %s across %s", battle, arm, row), side, lbMover("u", arm, "0305"), want{cost: -1})
						case !plus: // a bridge priced as the hex
							add(fmt.Sprintf("%s %s across %s", battle, arm, row), side, lbMover("u", arm, "0305"), want{cost: cost})
						case rd:
							add(fmt.Sprintf("%s %s across %s off the road", battle, arm, row), side, lbMover("u", arm, "0305"), want{cost: -1})
							along, _, _, _ := lbCost(t, roadRow[col], false)
							add(fmt.Sprintf("%s %s across %s along the road", battle, arm, row), side+"  road 0305 0304\n", lbMover("u", arm, "0305"), want{cost: along + cost})
						case sk:
							add(fmt.Sprintf("%s %s across %s in column", battle, arm, row), side, lbMover("u", arm, "0305"), want{cost: -1})
							add(fmt.Sprintf("%s %s across %s in skirmish order", battle, arm, row), side, lbMover("u", arm, "0305", "formation: skirmish"), want{cost: 1 + cost})
						default:
							add(fmt.Sprintf("%s %s across %s", battle, arm, row), side, lbMover("u", arm, "0305"), want{cost: 1 + cost})
						}
					}
				}
			}
			mod := cellModule(t, battle, src.String())
			for name, w := range wants {
				hexAt, text := lbPlay(t, mod, name)
				if w.cost < 0 {
					if hexAt != "0305" || !strings.Contains(text, "u stops before 0304") {
						t.Errorf("%s: the chart prints NA or forbids it, but the unit stands in %s:\n%s", w.label, hexAt, text)
					}
					continue
				}
				// The move is paid; the stacking chart may then take it
				// back (its NA for an arm the movement chart lets pass).
				mp := strconv.FormatFloat(w.cost, 'f', -1, 64)
				if !strings.Contains(text, "u moves to 0304 ("+mp+" MP") {
					t.Errorf("%s: want a move of %s MP; the unit stands in %s:\n%s", w.label, mp, hexAt, text)
				}
			}
			if n < 20 {
				t.Errorf("%d movement cells played; the table ties too few rows", n)
			}
			for row := range rows {
				_, t1 := lm.terrain[row]
				_, h1 := lm.hexside[row]
				_, r1 := lm.roadOver[row]
				if !t1 && !h1 && !r1 && row != "Road" {
					t.Errorf("row %q of the movement chart is tied to no word", row)
				}
			}
		})
	}
}

// lbPlay runs a scenario and returns the hex unit u stands in and the
// narration.
func lbPlay(t *testing.T, mod *dsl.Module, name string) (string, string) {
	t.Helper()
	e, err := bataille.NewEngine(mod, name, interpreter.Config{Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	if err := e.Run(context.Background()); err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	var b bytes.Buffer
	e.Trace().WriteText(&b, false)
	u, ok := e.Board.Unit("u")
	if !ok {
		t.Fatalf("%s: no unit u", name)
	}
	return u.Hex.String(), b.String()
}

// lbStack is this test's reading of a stacking cell for a hex that would
// hold units: arm columns either-or between "/", the combined column both,
// read when infantry and artillery share the hex.
type lbStackUnit struct {
	arm, regiment, formation string
	inc                      int
}

func lbStackOK(t *testing.T, col, cell string, hex []lbStackUnit, mover lbStackUnit) bool {
	t.Helper()
	s := strings.TrimSpace(cell)
	if s == "" {
		return true
	}
	count := func(arm, what string) int {
		n := 0
		regs := map[string]bool{}
		for _, u := range hex {
			if u.arm != arm {
				continue
			}
			switch what {
			case "inc":
				n += u.inc
			case "units":
				n++
			case "regiments":
				if !regs[u.regiment] {
					regs[u.regiment] = true
					n++
				}
			}
		}
		return n
	}
	arms := map[string]string{"Inf": "infantry", "Cav": "cavalry", "Art": "artillery"}
	if col == "Cmb" {
		if count("infantry", "units") == 0 || count("artillery", "units") == 0 || (mover.arm != "infantry" && mover.arm != "artillery") {
			return true
		}
		if s == "NA" {
			return false
		}
		ok := true
		for i, p := range strings.Split(s, "/") {
			f := strings.Fields(p)
			n, _ := strconv.Atoi(f[0])
			switch {
			case strings.Join(f[1:], " ") == "Inf":
				ok = ok && count("infantry", "inc") <= n
			case i == 0:
				ok = ok && count("infantry", "units") <= n
			default:
				ok = ok && count("artillery", "units") <= n
			}
		}
		return ok
	}
	arm := arms[col]
	if mover.arm != arm {
		return true
	}
	if s == "NA" {
		return false
	}
	for _, p := range strings.Split(s, "/") {
		f := strings.Fields(p)
		n, _ := strconv.Atoi(f[0])
		what := strings.Join(f[1:], " ")
		var ok bool
		switch what {
		case "Inc":
			ok = count(arm, "inc") <= n
		case "Btn", "Art", "Rd":
			ok = count(arm, "units") <= n
		case "Rgt":
			ok = count(arm, "regiments") <= n
		case "Sk Btn", "Btn Sk":
			// n battalions, every one in the hex in skirmish order
			ok = count(arm, "units") <= n
			for _, u := range hex {
				if u.arm == arm && u.formation != "skirmish" {
					ok = false
				}
			}
		default:
			t.Fatalf("stacking cell %q: cannot read %q", cell, p)
		}
		if ok {
			return true
		}
	}
	return false
}

// TestLBReactStackingCells ends a move of each arm in each terrain the
// stacking charts print, into a hex that holds units of the mover's side
// already, and holds whether the move stands to this test's reading of the
// file: the unit that did not move stays where it is, and the mover stands
// where it began when the limit is broken. A unit that may not enter the
// terrain (the movement chart's NA) does not move either.
func TestLBReactStackingCells(t *testing.T) {
	for battle, lm := range lbManeuvers {
		t.Run(battle, func(t *testing.T) {
			rows := lbChartRows(t, lm.file, "stacking")
			moves := lbChartRows(t, lm.file, "terrain")
			type stackCase struct {
				label     string
				moves     bool
				stayerHex string
			}
			srcs := map[string]*strings.Builder{} // by row: a module each
			cases := map[string]map[string]stackCase{}
			n := 0
			unitOf := func(id string, u lbStackUnit, at string) string {
				props := []string{"increments: " + strconv.Itoa(u.inc), "formation: " + u.formation}
				if u.regiment != "" {
					props = append(props, "regiment: "+u.regiment)
				}
				return lbMover(id, u.arm, at, props...)
			}
			form := map[string]string{"infantry": "column", "cavalry": "column", "artillery": "limbered"}
			for row, cells := range rows {
				id, ok := lm.terrain[row]
				road := row == "Road"
				if !ok && !road {
					continue
				}
				src := &strings.Builder{}
				srcs[row], cases[row] = src, map[string]stackCase{}
				var stacks [][]lbStackUnit // the units already there, then the mover
				for _, arm := range []string{"infantry", "cavalry", "artillery"} {
					f := form[arm]
					stacks = append(stacks,
						[]lbStackUnit{{arm, "ra", f, 2}, {arm, "ra", f, 2}},
						[]lbStackUnit{{arm, "ra", f, 3}, {arm, "rb", f, 3}},
						[]lbStackUnit{{arm, "ra", f, 10}, {arm, "ra", f, 9}},
						[]lbStackUnit{{arm, "ra", f, 10}, {arm, "rb", f, 9}},
						[]lbStackUnit{{arm, "ra", f, 1}, {arm, "rb", f, 1}, {arm, "rc", f, 1}, {arm, "rd", f, 1}},
						[]lbStackUnit{{arm, "ra", f, 1}, {arm, "rb", f, 1}, {arm, "rc", f, 1}, {arm, "rd", f, 1}, {arm, "re", f, 1}})
				}
				stacks = append(stacks,
					[]lbStackUnit{{"infantry", "ra", "column", 12}, {"artillery", "rb", "limbered", 2}},
					[]lbStackUnit{{"infantry", "ra", "column", 13}, {"artillery", "rb", "limbered", 2}},
					[]lbStackUnit{{"artillery", "ra", "limbered", 2}, {"infantry", "rb", "column", 4}},
					[]lbStackUnit{{"infantry", "ra", "skirmish", 2}, {"infantry", "rb", "skirmish", 2}},
					[]lbStackUnit{{"infantry", "ra", "column", 2}, {"infantry", "rb", "skirmish", 2}},
					[]lbStackUnit{{"infantry", "ra", "skirmish", 4}})
				for _, st := range stacks {
					mover := st[len(st)-1]
					ok := true
					// a road hex here is clear: the Clear row binds too
					binding := []map[string]string{cells}
					if road {
						binding = append(binding, rows["Clear"])
					}
					for _, cl := range binding {
						for _, col := range []string{"Inf", "Cav", "Art", "Cmb"} {
							cell, has := cl[col]
							if !has && col == "Cmb" {
								cell = cl["CMB"]
							}
							if !lbStackOK(t, col, cell, st, mover) {
								ok = false
							}
						}
					}
					setup := ""
					var units []string
					for i, u := range st[:len(st)-1] {
						units = append(units, unitOf(fmt.Sprintf("s%d", i), u, "0304"))
					}
					units = append(units, unitOf("u", mover, "0305"))
					if road {
						setup = "  road 0306 0305 0304\n"
					} else {
						setup = "  terrain " + id + " 0304\n"
						if cost, _, _, _ := lbCost(t, moves[row][lbArmCols[mover.arm]], true); cost < 0 {
							ok = false // the movement chart's NA
						}
					}
					name := fmt.Sprintf("s%d", n)
					n++
					var desc []string
					for _, u := range st {
						desc = append(desc, fmt.Sprintf("%s %d %s", u.arm, u.inc, u.regiment))
					}
					label := fmt.Sprintf("%s %s: %s", battle, row, strings.Join(desc, ", "))
					fmt.Fprintf(src, "scenario %s \"stack\" {\n  map 6 x 8 clear\n%s  turn french\n  %s\n  move u path 0304\n}\n", name, setup, strings.Join(units, "\n  "))
					cases[row][name] = stackCase{label: label, moves: ok}
				}
			}
			hits, misses := 0, 0
			for row, src := range srcs {
				mod := cellModule(t, battle, src.String())
				for name, c := range cases[row] {
					hexAt, text := lbPlay(t, mod, name)
					moved := hexAt == "0304"
					if moved != c.moves {
						t.Errorf("%s: the mover stands in %s, want it to have moved: %v\n%s", c.label, hexAt, c.moves, text)
					}
					if c.moves {
						misses++
					} else {
						hits++
					}
					if strings.Contains(text, "s0 moves") {
						t.Errorf("%s: a unit that did not move moved", c.label)
					}
				}
			}
			if hits == 0 || misses == 0 {
				t.Errorf("%d limits hit, %d not: the cases test nothing", hits, misses)
			}
		})
	}
}

// TestLBReactStackingFormation orders a battalion in skirmish order that
// stands in each terrain the stacking charts print to form column there, and
// holds the answer to this test's reading of the file: where the infantry's
// cell is a limit by formation ("1 Sk Btn"), the hex may hold a battalion only
// in skirmish order, so the change is refused; elsewhere it is made.
func TestLBReactStackingFormation(t *testing.T) {
	for battle, lm := range lbManeuvers {
		t.Run(battle, func(t *testing.T) {
			rows := lbChartRows(t, lm.file, "stacking")
			var src strings.Builder
			want := map[string]bool{} // by scenario: the change is refused
			labels := map[string]string{}
			refused := 0
			for row, cells := range rows {
				id, ok := lm.terrain[row]
				inf := strings.TrimSpace(cells["Inf"])
				if !ok || inf == "NA" {
					continue
				}
				name := fmt.Sprintf("f%d", len(want))
				sk := strings.Contains(inf, "Sk Btn") || strings.Contains(inf, "Btn Sk")
				want[name], labels[name] = sk, fmt.Sprintf("%s %s (Inf %s)", battle, row, inf)
				if sk {
					refused++
				}
				fmt.Fprintf(&src, "scenario %s \"form\" {\n  map 6 x 8 clear\n  terrain %s 0304\n  turn french\n  %s\n  form u as column\n}\n", name, id, lbMover("u", "infantry", "0304", "formation: skirmish"))
			}
			if refused == 0 && battle != "hagelberg" {
				t.Errorf("no stacking cell by formation: the test reads none")
			}
			mod := cellModule(t, battle, src.String())
			for name, sk := range want {
				e, err := bataille.NewEngine(mod, name, interpreter.Config{Seed: 1})
				if err != nil {
					t.Fatal(err)
				}
				if err := e.Run(context.Background()); err != nil {
					t.Fatalf("%s: %v", name, err)
				}
				u, _ := e.Board.Unit("u")
				if got := u.Formation == "skirmish"; got != sk {
					t.Errorf("%s: after the order to form column the battalion is in %s; want the change refused: %v", labels[name], u.Formation, sk)
				}
			}
		})
	}
}
