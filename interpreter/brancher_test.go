package interpreter_test

import (
	"context"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/bataille/bataille"
	"github.com/bataille/bataille/interpreter"
)

// recorder decides each roll by picking the alternative that names want
// (the first when none does), and keeps what it was offered.
type recorder struct {
	want    string
	offered [][]interpreter.Alternative
}

func (r *recorder) Choose(alts []interpreter.Alternative) int {
	r.offered = append(r.offered, alts)
	for i, a := range alts {
		if strings.Contains(a.What, r.want) {
			return i
		}
	}
	return 0
}

// A Brancher decides the rolls: a roll is offered by row, unless the rules
// of its own outcome hooks read the roll, when it is offered by result;
// the trace shows the first natural of the choice.
func TestBrancher(t *testing.T) {
	src := `game g "Branching" extends premier
override table carre_realization "Carré" roll d66 + modifier -12..12 {
  11..36 => carre
  41..56 => disorder
  61..66 => rout
}
scenario s {
  map 12 x 20 clear
  turn allied
  unit hus "Hussars" { side: allied  arm: cavalry  increments: 4  formation: column  facing: N  morale: 31  mp: 8  melee: 6  at: 0616 }
  unit inf "Battalion" { side: french  arm: infantry  increments: 6  formation: line  facing: S  morale: 36  melee: 6  at: 0610 }
  charge hus at inf path 0615 0614 0613 0612 0611
  decide inf form_carre yes
}
`
	readsRoll := `
rule g.late "A late disorder" on carre_realization.disorder {
  when roll >= 51
  do mark(unit, "late")
}
`
	readsEveryRoll := `
rule g.any "Whatever the result" on carre_realization.rolled {
  when roll == 66
  do mark(unit, "sixty_six")
}
`
	readsEveryRollOtherwise := `
rule g.even "An even roll" on carre_realization.rolled {
  when roll % 2 == 0
  do mark(unit, "even")
}
`
	for _, c := range []struct {
		name, src, want  string
		carreAlts        int
		natural, trace   string
		meleeAltsAtLeast int
	}{
		{"by row", src, "disorder", 3, "41..56 disorder", "[d66 41]", 2},
		{"by result", src + readsRoll, "roll 52", 36, "roll 52: 41..56 disorder", "[d66 52]", 2},
		// A rule on the table's rolled hook that compares the roll with a
		// number splits that table's rows there, and no other table's: the
		// melee that follows stays by row.
		{"rolled hook", src + readsEveryRoll, "disorder", 4, "61..66 rout, roll == 66", "[d66 41]", 2},
		// Reading it any other way tells that table's rolls apart by result.
		{"rolled hook, by result", src + readsEveryRollOtherwise, "roll 44", 36, "roll 44: 41..56 disorder", "[d66 44]", 2},
	} {
		t.Run(c.name, func(t *testing.T) {
			mod, diags := bataille.LoadDir(fstest.MapFS{"g/rules.rules": {Data: []byte(c.src)}}, "g")
			if diags.HasErrors() {
				t.Fatal(diags.Err())
			}
			rec := &recorder{want: c.want}
			eng, err := bataille.NewEngine(mod, "s", interpreter.Config{Brancher: rec})
			if err != nil {
				t.Fatal(err)
			}
			if err := eng.Run(context.Background()); err != nil {
				t.Fatal(err)
			}
			if len(rec.offered) < 2 {
				t.Fatalf("%d rolls offered, want the Carré roll and a melee roll", len(rec.offered))
			}
			first := rec.offered[0]
			if len(first) != c.carreAlts {
				t.Errorf("the Carré roll offered %d alternatives, want %d", len(first), c.carreAlts)
			}
			found := false
			for _, a := range first {
				found = found || a.What == c.natural
			}
			if !found {
				t.Errorf("no alternative %q among %v", c.natural, first)
			}
			// The melee that follows the disorder reads no roll: by row.
			if n := len(rec.offered[1]); n < c.meleeAltsAtLeast || n > 3 {
				t.Errorf("the melee roll offered %d alternatives, want its rows", n)
			}
			var sb strings.Builder
			eng.Trace().WriteText(&sb, false)
			if !strings.Contains(sb.String(), c.trace) {
				t.Errorf("trace lacks %s:\n%s", c.trace, sb.String())
			}
		})
	}
}

// A choice outside the alternatives is an error of the run, not a panic.
func TestBrancherOutOfRange(t *testing.T) {
	mod, diags := bataille.LoadBundled(bataille.Bundled()[0])
	if diags.HasErrors() {
		t.Fatal(diags.Err())
	}
	bad := branchFunc(func(alts []interpreter.Alternative) int { return len(alts) })
	eng, err := bataille.NewEngine(mod, "", interpreter.Config{Brancher: bad})
	if err != nil {
		t.Fatal(err)
	}
	if err := eng.Run(context.Background()); err == nil || !strings.Contains(err.Error(), "the brancher chose alternative") {
		t.Errorf("got %v", err)
	}
}

type branchFunc func([]interpreter.Alternative) int

func (f branchFunc) Choose(alts []interpreter.Alternative) int { return f(alts) }
