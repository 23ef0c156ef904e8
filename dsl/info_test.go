package dsl_test

import (
	"fmt"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/bataille/bataille/dsl"
)

// TestInfo checks what the checker records each name of a small module's
// expressions to refer to: a hook's variable and its fields, a let, a
// dotted param, a table, a chart called, a function, a word.
func TestInfo(t *testing.T) {
	src := `game g "Test" extends premier

param g.bonus = 2
param g.limit = 3

chart reach "Reach" by die only 1..2 {
  1 => 2
  2 => 4
}

modifier stand.fresh "Fresh" { g.bonus when unit.formation == "line" && unit.increments > g.limit }

rule reachy on turn_end {
  let r = reach(unit.increments)
  when r > 1 && army(unit, "morale_level") >= 0
  do add_army(unit, "morale_level", 0)
}

chart cover "Cover" by terrain only clear | woods {
  clear => 0
  woods => 2
}

override cell cover woods => 3

table sway "Sway" roll 1d6 {
  1..3 => hold
  4..6 => give
}

rule rolls on turn_end {
  do roll(sway, unit: unit)
}
`
	fsys := fstest.MapFS{"g.rules": &fstest.MapFile{Data: []byte(src)}}
	mod, diags := checkFS(fsys)
	if diags.HasErrors() {
		t.Fatalf("check: %v", diags)
	}
	var got []string
	for _, u := range mod.Info.Uses["g.rules"] {
		s := fmt.Sprintf("%d:%d %s %s", u.Pos.Line, u.Pos.Col, u.Kind, u.Name)
		if u.DeclKind != "" {
			s += fmt.Sprintf(" → %s at %s", u.DeclKind, u.Decl)
		}
		if u.Owner != "" {
			s += " of " + u.Owner
		}
		if u.Kind == dsl.UseVar || u.Kind == dsl.UseField {
			s += fmt.Sprintf(" (%v)", u.Type)
		}
		if got := src[u.Pos.Offset:u.End]; u.Kind != dsl.UseWord && !strings.HasSuffix(got, u.Name) {
			t.Errorf("%s: span %q does not end with the name", s, got)
		}
		got = append(got, s)
	}
	want := []string{
		"11:32 param g.bonus → param at g.rules:3:1",
		"11:45 var unit (*interpreter.Unit)",
		"11:50 field formation of unit (string)",
		"11:63 word line → formation at premier.rules:76:1",
		"11:73 var unit (*interpreter.Unit)",
		"11:78 field increments of unit (int)",
		"11:91 param g.limit → param at g.rules:4:1",
		"14:11 decl reach → chart at g.rules:6:1",
		"14:17 var unit (*interpreter.Unit)",
		"14:22 field increments of unit (int)",
		"15:8 var r (int)",
		"15:17 function army",
		"15:22 var unit (*interpreter.Unit)",
		"15:28 word morale_level → army at premier.rules:173:1",
		"16:6 effect add_army",
		"16:15 var unit (*interpreter.Unit)",
		"16:21 word morale_level → army at premier.rules:173:1",
		// A key's domain, its cells and an edit's cell: words of the
		// key's vocabulary.
		"19:37 word clear → terrain at premier.rules:35:1",
		"19:45 word woods → terrain at premier.rules:38:1",
		"20:3 word clear → terrain at premier.rules:35:1",
		"21:3 word woods → terrain at premier.rules:38:1",
		"24:21 word woods → terrain at premier.rules:38:1",
		// The effect, the table it rolls, a named argument's name.
		"32:6 effect roll",
		"32:11 decl sway → table at g.rules:26:1",
		"32:17 arg unit of roll",
		"32:23 var unit (*interpreter.Unit)",
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("uses:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	if u, ok := mod.Info.At("g.rules", strings.Index(src, "limit }")); !ok || u.Name != "g.limit" {
		t.Errorf("At inside g.limit: got %+v, %v", u, ok)
	}
}

// TestInfoScenario checks what the checker records the names of a
// scenario's lines and of a word's properties to refer to: the map's and a
// hex set's terrain, a hexside, a unit's words and attributes, an order's
// units and formation, an answer's unit, an army value, and the units of a
// test's set-up and of a test that starts from a scenario.
func TestInfoScenario(t *testing.T) {
	src := `game g "Test" extends premier

attribute brave "Brave"
class picked "Picked" { arm: cavalry  brave }

scenario s "S" {
  map 6 x 6 clear
  terrain woods 0203 0204
  road 0301
  hexside stream 0302/0303
  unit hus "Hussars" { side: french  arm: cavalry  increments: 4  formation: column  facing: N  morale: 31  mp: 8  brave  at: 0305 }
  unit inf "Léger" { side: allied  arm: infantry  increments: 6  formation: line  facing: S  morale: 36  mp: 6  at: 0302 }
  army french { morale_level: 1 }
  charge hus at inf path 0304 0303
  turn 2 allied {
    form inf as carre
  }
}

test t.own {
  map 3 x 3
  unit a "A" { side: french  arm: infantry  increments: 4  formation: column  facing: N  morale: 30  mp: 6  at: 0202 }
  move a path 0201
  expect a.formation == "column"
}

test t.named {
  scenario s
  decide inf form_carre yes
  expect inf.formation == "line"
}
`
	fsys := fstest.MapFS{"g.rules": &fstest.MapFile{Data: []byte(src)}}
	mod, diags := checkFS(fsys)
	if diags.HasErrors() {
		t.Fatalf("check: %v", diags)
	}
	var got []string
	for _, u := range mod.Info.Uses["g.rules"] {
		if u.Kind != dsl.UseWord && u.Kind != dsl.UseUnit {
			continue
		}
		s := fmt.Sprintf("%d:%d %s %s", u.Pos.Line, u.Pos.Col, u.Kind, u.Name)
		if u.DeclKind != "" {
			s += " " + u.DeclKind
		}
		s += fmt.Sprintf(" → %s", u.Decl)
		if u.Owner != "" {
			s += " in " + u.Owner
		}
		if got := src[u.Pos.Offset:u.End]; got != u.Name && got != `"`+u.Name+`"` {
			t.Errorf("%s: span %q is not the name", s, got)
		}
		got = append(got, s)
	}
	want := []string{
		// A class's arm and the attribute it gives.
		"4:30 word cavalry arm → premier.rules:28:1",
		"4:39 word brave attribute → g.rules:3:1",
		"7:13 word clear terrain → premier.rules:35:1",
		"8:11 word woods terrain → premier.rules:38:1",
		"10:11 word stream hexside → premier.rules:48:1",
		// A unit placed is a use of itself.
		"11:8 unit hus → g.rules:11:8 in s",
		"11:43 word cavalry arm → premier.rules:28:1",
		"11:78 word column formation → premier.rules:77:1",
		"11:116 word brave attribute → g.rules:3:1",
		"12:8 unit inf → g.rules:12:8 in s",
		// Columns count characters: the é of Léger is one.
		"12:41 word infantry arm → premier.rules:27:1",
		"12:77 word line formation → premier.rules:76:1",
		"13:17 word morale_level army → premier.rules:173:1",
		"14:10 unit hus → g.rules:11:8 in s",
		"14:17 unit inf → g.rules:12:8 in s",
		"16:10 unit inf → g.rules:12:8 in s",
		"16:17 word carre formation → premier.rules:89:1",
		"22:8 unit a → g.rules:22:8 in t.own",
		"22:35 word infantry arm → premier.rules:27:1",
		"22:71 word column formation → premier.rules:77:1",
		"23:8 unit a → g.rules:22:8 in t.own",
		"24:25 word column formation → premier.rules:77:1",
		// A test that starts from a scenario answers for its units.
		"29:10 unit inf → g.rules:12:8 in s",
		"30:27 word line formation → premier.rules:76:1",
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("uses:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}
