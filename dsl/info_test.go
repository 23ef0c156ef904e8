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
