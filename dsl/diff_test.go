package dsl_test

import (
	"fmt"
	"math/big"
	"os"
	"sort"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/bataille/bataille"
	"github.com/bataille/bataille/dsl"
	"github.com/bataille/bataille/games"
)

// loadFixture checks one module of testdata/diff (which may extend the
// bundled premier module).
func loadFixture(t testing.TB, name string) *dsl.Module {
	t.Helper()
	mod, diags := bataille.LoadDir(os.DirFS("testdata/diff"), name)
	if diags.HasErrors() {
		t.Fatalf("%s does not check:\n%v", name, diags.Err())
	}
	return mod
}

func describe(d *dsl.ModuleDiff) string {
	var b strings.Builder
	for _, c := range d.Changes {
		fmt.Fprintf(&b, "%s %s %s\n", c.Op, c.Kind, c.Name)
		for _, det := range c.Details {
			fmt.Fprintf(&b, "    %+v\n", det)
		}
	}
	return b.String()
}

// TestDiffIgnoresForm: layout, comments, declaration order, the order of a
// rule's conditions, named or positional arguments and the names of let
// locals are not changes.
func TestDiffIgnoresForm(t *testing.T) {
	alpha := loadFixture(t, "alpha.rules")
	for _, other := range []string{"alpha.rules", "alpha_reformatted.rules"} {
		d := dsl.Diff(alpha, loadFixture(t, other))
		if !d.Equal() {
			t.Errorf("alpha.rules and %s differ:\n%s", other, describe(d))
		}
	}
	prem, diags := bataille.LoadBundled("premier")
	if diags.HasErrors() {
		t.Fatal(diags.Err())
	}
	if d := dsl.Diff(prem, prem); !d.Equal() {
		t.Errorf("premier differs from itself:\n%s", describe(d))
	}
}

// TestDiffFormattedIsEqual: a module and its formatted text are the same
// rules.
func TestDiffFormattedIsEqual(t *testing.T) {
	for _, name := range []string{"alpha.rules", "alpha_reformatted.rules", "beta.rules", "gamma.rules"} {
		src, err := os.ReadFile("testdata/diff/" + name)
		if err != nil {
			t.Fatal(err)
		}
		f, diags := dsl.Parse(name, src)
		if diags.HasErrors() {
			t.Fatal(diags.Err())
		}
		out, err := dsl.Format(f)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if string(out) == string(src) && name == "alpha_reformatted.rules" {
			t.Errorf("%s: formatting changed nothing; the test would prove nothing", name)
		}
		formatted, diags := bataille.LoadDir(fstest.MapFS{name: {Data: out}}, name)
		if diags.HasErrors() {
			t.Fatalf("formatted %s: %v", name, diags.Err())
		}
		if d := dsl.Diff(loadFixture(t, name), formatted); !d.Equal() {
			t.Errorf("%s and its formatted text differ:\n%s", name, describe(d))
		}
	}
}

// TestDiffFormattedBundled: the same holds for the bundled battles, every
// file of a battle formatted.
func TestDiffFormattedBundled(t *testing.T) {
	for _, name := range bataille.Bundled() {
		orig, diags := bataille.LoadBundled(name)
		if diags.HasErrors() {
			t.Errorf("%s: %v", name, diags.Err())
			continue
		}
		files, diags := dsl.ParseFS(games.FS, name)
		if diags.HasErrors() {
			t.Fatal(diags.Err())
		}
		fsys := fstest.MapFS{}
		for _, f := range files {
			out, err := dsl.Format(f)
			if err != nil {
				t.Fatalf("%s: %v", f.Pos.Filename, err)
			}
			fsys[f.Pos.Filename] = &fstest.MapFile{Data: out}
		}
		formatted, diags := bataille.LoadDir(fsys, name)
		if diags.HasErrors() {
			t.Fatalf("formatted %s: %v", name, diags.Err())
		}
		if d := dsl.Diff(orig, formatted); !d.Equal() {
			t.Errorf("%s and its formatted files differ:\n%s", name, describe(d))
		}
	}
}

// TestDiffFindsChanges lists the changes beta.rules makes to alpha.rules,
// one of each kind the diff reports.
func TestDiffFindsChanges(t *testing.T) {
	d := dsl.Diff(loadFixture(t, "alpha.rules"), loadFixture(t, "beta.rules"))
	type want struct {
		kind, name string
		op         dsl.Op
		det        dsl.Detail
	}
	wants := []want{
		{dsl.KindHeader, "", dsl.Changed, dsl.Detail{What: "edition", Old: "First edition", New: "Second edition"}},
		{dsl.KindParam, "rout.hexes", dsl.Changed, dsl.Detail{What: "value", Old: "8", New: "6"}},
		{dsl.KindParam, "rout.hexes", dsl.Changed, dsl.Detail{What: "cite", Old: "Alpha p4", New: "Alpha 2e p4"}},
		{dsl.KindParam, "alpha.pursuit", dsl.Removed, dsl.Detail{What: "value", Old: "2"}},
		{dsl.KindParam, "alpha.reserve", dsl.Added, dsl.Detail{What: "value", New: `"guard"`}},
		{dsl.KindTable, "recall", dsl.Changed, dsl.Detail{What: "row", Item: "recall", Old: "1..4", New: "1..3"}},
		{dsl.KindTable, "recall", dsl.Changed, dsl.Detail{What: "odds", Item: "recall", Old: "66.7%", New: "50.0%"}},
		{dsl.KindTable, "pursuit", dsl.Changed, dsl.Detail{What: "odds", Item: "stop", Old: "41.7%", New: "27.8%"}},
		{dsl.KindTable, "pursuit", dsl.Changed, dsl.Detail{What: "odds", Item: "pursue 1", Old: "41.7%", New: "55.6%"}},
		{dsl.KindTable, "shock", dsl.Changed, dsl.Detail{What: "column condition", Column: "fresh", Old: "mp_spent < 4", New: "mp_spent < 3"}},
		{dsl.KindTable, "shock", dsl.Changed, dsl.Detail{What: "column condition", Column: "blown", New: "mp_spent < 6"}},
		{dsl.KindTable, "shock", dsl.Changed, dsl.Detail{What: "column", Column: "spent", New: "11..66 break"}},
		{dsl.KindTable, "shock", dsl.Changed, dsl.Detail{What: "odds", Column: "blown", Item: "hold", Old: "33.3%", New: "16.7%"}},
		{dsl.KindCheck, "nerve", dsl.Changed, dsl.Detail{What: "direction", Old: "above", New: "at_least"}},
		{dsl.KindCheck, "nerve", dsl.Changed, dsl.Detail{What: "threshold", Old: "unit.morale + 1", New: "unit.morale"}},
		{dsl.KindRule, "alpha.shock", dsl.Changed, dsl.Detail{What: "when", Old: `target.arm == "infantry" && spent > 4`, New: `target.arm == "infantry" && spent > 6`}},
		{dsl.KindRule, "alpha.shock", dsl.Changed, dsl.Detail{What: "require message", Item: "target.increments > 0", Old: `"nothing left to shock"`, New: `"the target has no increments left"`}},
		{dsl.KindRule, "alpha.shock", dsl.Changed, dsl.Detail{What: "effect", Old: "retreat(target, alpha.pursuit, from: charger)", New: "retreat(target, 2, from: charger)"}},
		{dsl.KindRule, "alpha.shock", dsl.Changed, dsl.Detail{What: "cite", Old: "Alpha p10", New: "Alpha 2e p10"}},
		{dsl.KindRule, "alpha.nerve", dsl.Changed, dsl.Detail{What: "ask", Old: `"hold_nerve"`, New: `"hold_nerve" of target`}},
		{dsl.KindRule, "recall.failed", dsl.Changed, dsl.Detail{What: "effect order",
			Old: `mark(charger, "no_recall"); limit_mp(recall.max_mp)`, New: `limit_mp(recall.max_mp); mark(charger, "no_recall")`}},
		{dsl.KindRule, "alpha.pursue", dsl.Removed, dsl.Detail{What: "hook", Old: "shock.break"}},
		{dsl.KindRule, "alpha.rally", dsl.Added, dsl.Detail{What: "hook", New: "turn_end"}},
		{dsl.KindTerrain, "marsh", dsl.Changed, dsl.Detail{What: "property", Item: "cost", Old: "3", New: "2"}},
		{dsl.KindTerrain, "marsh", dsl.Changed, dsl.Detail{What: "property", Item: "blocks_los", New: "true"}},
		{dsl.KindTerrain, "redoubt", dsl.Removed, dsl.Detail{}},
		{dsl.KindFormation, "carre", dsl.Changed, dsl.Detail{What: "property", Item: "arms", Old: "infantry", New: "infantry, artillery"}},
		{dsl.KindFormation, "carre", dsl.Changed, dsl.Detail{What: "property", Item: "morale", Old: "-6", New: "-4"}},
	}
	for _, w := range wants {
		found := false
		for _, c := range d.Changes {
			if c.Kind != w.kind || c.Name != w.name {
				continue
			}
			if c.Op != w.op {
				t.Errorf("%s %s is %s, want %s", w.kind, w.name, c.Op, w.op)
			}
			if w.det == (dsl.Detail{}) {
				found = true
				break
			}
			for _, det := range c.Details {
				if det == w.det {
					found = true
				}
			}
		}
		if !found {
			t.Errorf("missing %s %s %s %+v", w.op, w.kind, w.name, w.det)
		}
	}
	// Changes carry both sides' positions and citations.
	for _, c := range d.Changes {
		for _, s := range []*dsl.Side{c.Old, c.New} {
			if s != nil && (s.Pos.File == "" || s.Pos.Line < 1) {
				t.Errorf("%s %s: side without a position: %+v", c.Kind, c.Name, s)
			}
		}
		if c.Kind == dsl.KindRule && c.Name == "alpha.shock" {
			if c.Old.Pos.File != "alpha.rules" || c.New.Pos.File != "beta.rules" || c.Old.Cite[0] != "Alpha p10" || c.New.Cite[0] != "Alpha 2e p10" {
				t.Errorf("alpha.shock sides: %+v → %+v", c.Old, c.New)
			}
		}
	}
	// Nothing else: inherited declarations both sides share are no change.
	for _, c := range d.Changes {
		if c.Kind == dsl.KindRule && strings.HasPrefix(c.Name, "carre.") {
			t.Errorf("unexpected change %s %s", c.Kind, c.Name)
		}
	}
}

// flip is the change as seen from the other side.
func flip(c dsl.Change) dsl.Change {
	out := c
	out.Old, out.New = c.New, c.Old
	switch c.Op {
	case dsl.Added:
		out.Op = dsl.Removed
	case dsl.Removed:
		out.Op = dsl.Added
	}
	out.Details = nil
	for _, d := range c.Details {
		d.Old, d.New = d.New, d.Old
		out.Details = append(out.Details, d)
	}
	return out
}

// key writes a change with its details in a fixed order, to compare sets.
func key(c dsl.Change) string {
	var dets []string
	for _, d := range c.Details {
		dets = append(dets, fmt.Sprintf("%+v", d))
	}
	sort.Strings(dets)
	side := func(s *dsl.Side) string {
		if s == nil {
			return "-"
		}
		return fmt.Sprintf("%s|%s|%s|%v", s.Module, s.Title, s.Pos, s.Cite)
	}
	return fmt.Sprintf("%s %s %s %s %s\n  %s", c.Op, c.Kind, c.Name, side(c.Old), side(c.New), strings.Join(dets, "\n  "))
}

// TestDiffReverses: diffing the other way round swaps the sides of every
// change, and finds nothing more or less.
func TestDiffReverses(t *testing.T) {
	mods := map[string]*dsl.Module{"": nil}
	for _, n := range []string{"alpha.rules", "alpha_reformatted.rules", "beta.rules", "gamma.rules"} {
		mods[n] = loadFixture(t, n)
	}
	for _, n := range append([]string{"premier"}, bataille.Bundled()...) {
		if m, diags := bataille.LoadBundled(n); !diags.HasErrors() {
			mods[n] = m
		}
	}
	names := make([]string, 0, len(mods))
	for n := range mods {
		names = append(names, n)
	}
	sort.Strings(names)
	for i, a := range names {
		for _, b := range names[i+1:] {
			fwd, back := dsl.Diff(mods[a], mods[b]), dsl.Diff(mods[b], mods[a])
			var f, r []string
			for _, c := range fwd.Changes {
				f = append(f, key(flip(c)))
			}
			for _, c := range back.Changes {
				r = append(r, key(c))
			}
			sort.Strings(f)
			sort.Strings(r)
			if strings.Join(f, "\n") != strings.Join(r, "\n") {
				t.Errorf("%q → %q reversed is not %q → %q:\nforward, flipped:\n%s\nbackward:\n%s", a, b, b, a, strings.Join(f, "\n"), strings.Join(r, "\n"))
			}
			if fwd.Old != back.New || fwd.New != back.Old {
				t.Errorf("%q ↔ %q: module infos not swapped", a, b)
			}
		}
	}
}

// TestDiffEmptySide: against nothing, every declaration is added.
func TestDiffEmptySide(t *testing.T) {
	gamma := loadFixture(t, "gamma.rules")
	d := dsl.Diff(nil, gamma)
	for _, c := range d.Changes {
		if c.Op != dsl.Added || c.Old != nil || c.New == nil {
			t.Errorf("%s %s: %s, want added", c.Kind, c.Name, c.Op)
		}
	}
	// Header, 1 param, 1 table, 1 rule, 2 arms, 2 states, 1 terrain, 1 formation.
	if len(d.Changes) != 10 {
		t.Errorf("%d changes, want 10:\n%s", len(d.Changes), describe(d))
	}
	if !dsl.Diff(nil, nil).Equal() {
		t.Error("nothing differs from nothing")
	}
}

func TestOdds(t *testing.T) {
	rows := func(spec ...any) *dsl.ColumnDef {
		c := &dsl.ColumnDef{}
		for i := 0; i < len(spec); i += 3 {
			c.Rows = append(c.Rows, dsl.RowDef{Lo: spec[i].(int), Hi: spec[i+1].(int), Outcome: spec[i+2].(string)})
		}
		return c
	}
	tests := []struct {
		dice dsl.Dice
		col  *dsl.ColumnDef
		want map[string]string // outcome → exact fraction
	}{
		{dsl.Dice{N: 1, Sides: 6}, rows(1, 4, "recall", 5, 6, "fail"), map[string]string{"recall": "2/3", "fail": "1/3"}},
		{dsl.Dice{N: 2, Sides: 6}, rows(2, 6, "stop", 7, 7, "seven", 8, 12, "go"), map[string]string{"stop": "5/12", "seven": "1/6", "go": "5/12"}},
		{dsl.Dice{N: 3, Sides: 6}, rows(3, 3, "low", 4, 17, "mid", 18, 18, "high"), map[string]string{"low": "1/216", "mid": "107/108", "high": "1/216"}},
		// d66: 36 equal results, and 17..20 are not results at all.
		{dsl.Dice{D66: true}, rows(11, 16, "a", 17, 36, "b", 41, 66, "c"), map[string]string{"a": "1/6", "b": "1/3", "c": "1/2"}},
		{dsl.Dice{D66: true}, rows(11, 11, "snake", 12, 66, "rest"), map[string]string{"snake": "1/36", "rest": "35/36"}},
		// A result no row holds counts for nothing.
		{dsl.Dice{N: 1, Sides: 6}, rows(1, 3, "low"), map[string]string{"low": "1/2"}},
		// Ten d100 stay exact, far past what an int64 holds.
		{dsl.Dice{N: 10, Sides: 100}, rows(10, 10, "min", 11, 1000, "rest"), map[string]string{"min": "1/100000000000000000000", "rest": "99999999999999999999/100000000000000000000"}},
	}
	for _, tt := range tests {
		got := dsl.Odds(tt.dice, tt.col)
		if len(got) != len(tt.want) {
			t.Errorf("%s: %d outcomes, want %d", tt.dice, len(got), len(tt.want))
		}
		sum := new(big.Rat)
		for k, w := range tt.want {
			if got[k] == nil || got[k].RatString() != w {
				t.Errorf("%s: odds of %s = %v, want %s", tt.dice, k, got[k], w)
				continue
			}
			sum.Add(sum, got[k])
		}
		if len(tt.col.Rows) > 1 && sum.Cmp(big.NewRat(1, 1)) != 0 {
			t.Errorf("%s: odds add up to %s", tt.dice, sum.RatString())
		}
	}
}

func TestExprForms(t *testing.T) {
	locals := map[string]string{"spent": "_1", "n": "_2"}
	tests := []struct{ src, display, canonical string }{
		{"a.b  ==  1", "a.b == 1", "a . b == 1"},
		{"f( a ,b )", "f(a, b)", "f ( a , b )"},
		{"x ? -2 : 0", "x ? -2 : 0", "x ? - 2 : 0"},
		{"-1 + x - 2", "-1 + x - 2", "- 1 + x - 2"},
		{"!marked(unit,\n  \"carre\") // why\n && b", `!marked(unit, "carre") && b`, `! marked ( unit , "carre" ) && b`},
		{"spent > 4 && unit.spent > n", "spent > 4 && unit.spent > n", "_1 > 4 && unit . spent > _2"},
		{"list[0]?.spent", "list[0]?.spent", "list [ 0 ] ?. spent"},
		{"(a + b) * c", "(a + b) * c", "( a + b ) * c"},
	}
	for _, tt := range tests {
		if got := dsl.DisplayExpr(tt.src); got != tt.display {
			t.Errorf("DisplayExpr(%q) = %q, want %q", tt.src, got, tt.display)
		}
		if got := dsl.CanonicalExpr(tt.src, locals); got != tt.canonical {
			t.Errorf("CanonicalExpr(%q) = %q, want %q", tt.src, got, tt.canonical)
		}
	}
}

// FuzzExprForms: the canonical form is a fixed point (its tokens joined by
// single spaces read back as the same tokens), and the display form is
// always one line, whatever the bytes.
func FuzzExprForms(f *testing.F) {
	for _, s := range []string{"a.b == 1", "!marked(unit, \"x y\") && b", "x ? -2 : 0", "f(a, [1, 2])", "1..4", "2d6 + 1.5", "a /* c */\n b", "\"open", "0A\v", "x\u00a0€y"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, src string) {
		canon := dsl.CanonicalExpr(src, nil)
		if again := dsl.CanonicalExpr(canon, nil); again != canon {
			t.Errorf("canonical form of %q is %q, which reads back as %q", src, canon, again)
		}
		if disp := dsl.DisplayExpr(src); strings.Contains(disp, "\n") {
			t.Errorf("display of %q spans lines: %q", src, disp)
		}
	})
}

func BenchmarkDiff(b *testing.B) {
	old, diags := bataille.LoadBundled(bataille.Bundled()[0])
	if diags.HasErrors() {
		b.Skip(diags.Err())
	}
	new, diags := bataille.LoadBundled(bataille.Bundled()[1])
	if diags.HasErrors() {
		b.Skip(diags.Err())
	}
	b.ReportAllocs()
	for b.Loop() {
		dsl.Diff(old, new)
	}
}

// TestDiffLetsByValue: a let added in front shifts nothing, a let renamed
// is no change, and a let whose value changes is one change named by its
// name, not an effect that reads it shown changed with the same text.
func TestDiffLetsByValue(t *testing.T) {
	mod := func(body string) *dsl.Module {
		t.Helper()
		m, diags := checkFS(fstest.MapFS{"g.rules": {Data: []byte("game g \"G\" extends premier\n\nrule g.r on charge_contact {\n" + body + "}\n")}})
		if m == nil {
			t.Fatal(diags.Err())
		}
		return m
	}
	base := mod("  let spent = mp_spent * 2\n  do lose(target, spent)\n")
	for _, c := range []struct {
		name, body string
		want       []string // What:Item of each detail
	}{
		{"let added in front", "  let half = mp_spent / 2\n  let spent = mp_spent * 2\n  do lose(target, spent)\n", []string{"let:half"}},
		{"let renamed", "  let twice = mp_spent * 2\n  do lose(target, twice)\n", nil},
		{"let value changed", "  let spent = mp_spent * 3\n  do lose(target, spent)\n", []string{"let:spent"}},
	} {
		d := dsl.Diff(base, mod(c.body))
		var got []string
		for _, ch := range d.Changes {
			if ch.Kind != dsl.KindRule {
				continue
			}
			for _, det := range ch.Details {
				got = append(got, det.What+":"+det.Item)
			}
		}
		if strings.Join(got, " ") != strings.Join(c.want, " ") {
			t.Errorf("%s: details %v, want %v", c.name, got, c.want)
		}
	}
}
