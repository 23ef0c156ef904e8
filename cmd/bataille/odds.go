package main

import (
	"encoding/json"
	"fmt"
	"io"
	"math/big"
	"sort"
	"strconv"
	"strings"

	"github.com/bataille/bataille/dsl"
	"github.com/spf13/pflag"
)

func init() {
	register(command{"odds", "print a table's or check's exact odds for a column and a set of modifiers", cmdOdds})
}

// oddsRow is one outcome's exact chance.
type oddsRow struct {
	Outcome  string  `json:"outcome"`
	Fraction string  `json:"fraction"`
	Percent  float64 `json:"percent"`
}

type oddsColumn struct {
	Column   string    `json:"column"`
	Outcomes []oddsRow `json:"outcomes"`
}

type oddsReport struct {
	Battle   string       `json:"battle"`
	Table    string       `json:"table"`
	Roll     string       `json:"roll"`
	Modifier int          `json:"modifier"`
	Applied  int          `json:"applied"` // the modifier held to the roll's bounds
	With     []string     `json:"with,omitempty"`
	Columns  []oddsColumn `json:"columns"`
	// Placeholders name the invented figures the battle plays.
	Placeholders []string `json:"placeholders,omitempty"`
}

func cmdOdds(args []string, stdout, stderr io.Writer) int {
	fs := pflag.NewFlagSet("odds", pflag.ContinueOnError)
	fs.SetOutput(stderr)
	keys := fs.StringArray("key", nil, "KEY=VALUE: read the columns of a keyed table where this key has this value (KEY is the key's expression or its last word: nationality, formation, distance); repeatable")
	column := fs.String("column", "", "read only the column with this title, or a keyed column's cells as written (\"french, line, 1..2\")")
	with := fs.StringSlice("with", nil, "named modifiers that apply (their name after the table's, or their title): leader,lancers")
	mod := fs.Int("modifier", 0, "a further modifier to add")
	threshold := fs.Int("threshold", 0, "for a check: the value the roll is measured against (a unit's morale)")
	asJSON := fs.Bool("json", false, "print the odds as JSON")
	htmlOut := fs.String("html", "", "also draw the odds as a bar chart to this HTML file")
	svgOut := fs.String("svg", "", "also draw the odds as a bar chart to this SVG file")
	fs.Usage = func() {
		fmt.Fprintln(stderr, `Usage: bataille odds GAME|DIR TABLE|CHECK [--key K=V]… [--column TITLE] [--with NAME,…] [--modifier N] [--threshold N] [--html FILE] [--svg FILE]

Prints the exact chance of each outcome of a table, column by column, for the
modifiers given: what a designer asks before changing a row. Chances are
fractions of the dice's equally likely results (36 for d66), with the
modifier held to the roll's declared bounds and d66 stepping in base 6.`)
		fs.PrintDefaults()
	}
	if code, ok := parseArgs(fs, args, 2, 2); !ok {
		return code
	}
	m := loadOrReport(fs.Arg(0), stderr)
	if m == nil {
		return exitFail
	}
	name := fs.Arg(1)
	var spec dsl.RollSpec
	var mods []*dsl.ModifierDef
	var columns []*dsl.ColumnDef
	var tableKeys []*dsl.KeyDef
	title := name
	t, isTable := m.Tables[name]
	c, isCheck := m.Checks[name]
	switch {
	case isTable:
		spec, mods, columns, tableKeys, title = t.Roll, t.Modifiers, t.Columns, t.Keys, t.Title
	case isCheck:
		spec, mods, title = c.Roll, c.Modifiers, c.Title
		columns = []*dsl.ColumnDef{checkColumn(c, *threshold)}
	default:
		names := append(sortedNames(m.Tables), sortedNames(m.Checks)...)
		fmt.Fprintf(stderr, "bataille odds: %s has no table or check %q%s\n", m.ID, name, dsl.DidYouMean(name, names))
		return exitFail
	}
	total := *mod
	var applied []string
	for _, w := range *with {
		found := false
		for _, x := range mods {
			short := strings.TrimPrefix(x.Name, x.Target+".")
			if w != short && w != x.Name && !strings.EqualFold(w, x.Title) {
				continue
			}
			found = true
			if x.Value == nil || !x.Value.IsConst {
				fmt.Fprintf(stderr, "bataille odds: modifier %s is not a number but %s: give its value with --modifier\n", x.Name, x.Value.Source)
				return exitFail
			}
			v, _ := x.Value.Const.(int)
			total += v
			applied = append(applied, fmt.Sprintf("%s %+d", x.Label(), v))
		}
		if !found {
			var names []string
			for _, x := range mods {
				names = append(names, strings.TrimPrefix(x.Name, x.Target+"."))
			}
			fmt.Fprintf(stderr, "bataille odds: %s has no modifier %q%s\n", name, w, dsl.DidYouMean(w, names))
			return exitFail
		}
	}
	cols, err := pickColumns(columns, tableKeys, *keys, *column)
	if err != nil {
		fmt.Fprintf(stderr, "bataille odds: %s: %v\n", name, err)
		return exitFail
	}
	held := total
	if spec.HasModifier {
		held = max(spec.ModLo, min(spec.ModHi, total))
	} else {
		held = 0
	}
	rep := oddsReport{Battle: m.ID, Table: name, Roll: spec.String(), Modifier: total, Applied: held, With: applied, Placeholders: placeholdersOf(m.ID)}
	for _, col := range cols {
		odds := dsl.ModifiedOdds(spec, col, total)
		oc := oddsColumn{Column: columnTitle(col)}
		for _, o := range sortedNames(odds) {
			f, _ := odds[o].Float64()
			oc.Outcomes = append(oc.Outcomes, oddsRow{Outcome: o, Fraction: fraction(odds[o], spec), Percent: 100 * f})
		}
		rep.Columns = append(rep.Columns, oc)
	}
	if title == "" {
		title = name
	}
	if isTable {
		// A table is drawn as its chart is printed, the columns asked for
		// with their odds at this modifier: readable at fourteen columns,
		// where a bar per column in a colour each was not.
		picked := *t
		picked.Columns = cols
		if code := writePrinted(printedOf(m, &picked, total), *svgOut, *htmlOut, stderr, "odds"); code != exitOK {
			return code
		}
	} else if code := writeChart(oddsChart(rep, title), *htmlOut, *svgOut, stderr, "odds"); code != exitOK {
		return code
	}
	if *asJSON {
		enc := json.NewEncoder(stdout)
		enc.SetIndent("", "  ")
		if err := enc.Encode(rep); err != nil {
			return exitFail
		}
		return exitOK
	}
	fmt.Fprintf(stdout, "%s (%s in %s): roll %s", title, name, m.ID, spec)
	if total != 0 || len(applied) > 0 {
		fmt.Fprintf(stdout, ", modifier %+d", total)
		if len(applied) > 0 {
			fmt.Fprintf(stdout, " (%s)", strings.Join(applied, ", "))
		}
		if held != total {
			fmt.Fprintf(stdout, " held to %+d", held)
		}
	}
	fmt.Fprintln(stdout)
	width := 22
	for _, oc := range rep.Columns {
		for _, o := range oc.Outcomes {
			width = max(width, len(o.Outcome))
		}
	}
	for _, oc := range rep.Columns {
		if oc.Column != "" {
			fmt.Fprintf(stdout, "\ncolumn %s\n", oc.Column)
		} else {
			fmt.Fprintln(stdout)
		}
		for _, o := range oc.Outcomes {
			fmt.Fprintf(stdout, "  %-*s %7s  %5.1f%%\n", width, o.Outcome, o.Fraction, o.Percent)
		}
	}
	return exitOK
}

// checkColumn turns a check against a threshold into a column of two rows,
// so its odds read like a table's.
func checkColumn(c *dsl.CheckDef, threshold int) *dsl.ColumnDef {
	col := &dsl.ColumnDef{Title: fmt.Sprintf("%s %d", c.Direction, threshold)}
	reach := c.Roll.Reachable()
	if len(reach) == 0 {
		reach = c.Roll.Dice.Results()
	}
	lo, hi := -1000, 1000
	pass := func(v int) bool { return c.Passes(v, threshold) }
	// Two rows cover every reachable result: pass and fail, in runs.
	for i := 0; i < len(reach); {
		j := i
		for j+1 < len(reach) && pass(reach[j+1]) == pass(reach[i]) {
			j++
		}
		from, to := reach[i], reach[j]
		if i == 0 {
			from = lo
		}
		if j == len(reach)-1 {
			to = hi
		}
		outcome := "fail"
		if pass(reach[i]) {
			outcome = "pass"
		}
		col.Rows = append(col.Rows, dsl.RowDef{Lo: from, Hi: to, Outcome: outcome})
		i = j + 1
	}
	return col
}

// pickColumns keeps the columns that match the keys and title given.
func pickColumns(cols []*dsl.ColumnDef, keys []*dsl.KeyDef, given []string, title string) ([]*dsl.ColumnDef, error) {
	want := map[int]string{}
	for _, g := range given {
		k, v, ok := strings.Cut(g, "=")
		if !ok {
			return nil, fmt.Errorf("--key takes KEY=VALUE; got %q", g)
		}
		idx := -1
		var names []string
		for i, kd := range keys {
			short := kd.Source[strings.LastIndexByte(kd.Source, '.')+1:]
			names = append(names, short)
			if k == kd.Source || k == short {
				idx = i
			}
		}
		if idx < 0 {
			if len(keys) == 0 {
				return nil, fmt.Errorf("it has no keys: choose a column with --column")
			}
			return nil, fmt.Errorf("no key %q%s", k, dsl.DidYouMean(k, names))
		}
		want[idx] = v
	}
	var out []*dsl.ColumnDef
	for _, c := range cols {
		if title != "" && c.Name() != title {
			continue
		}
		match := true
		for i, v := range want {
			if i >= len(c.Cells) {
				match = false
				break
			}
			var val any = v
			if n, err := strconv.Atoi(v); err == nil && keys[i].IsInt() {
				val = n
			}
			if !c.Cells[i].Matches(val) {
				match = false
			}
		}
		if match {
			out = append(out, c)
		}
	}
	if len(out) == 0 {
		return nil, fmt.Errorf("no column matches %s", strings.Join(append(given, title), " "))
	}
	return out, nil
}

func columnTitle(c *dsl.ColumnDef) string {
	if c.Title != "" {
		return strconv.Quote(c.Title)
	}
	return dsl.CellsString(c.Cells)
}

// fraction writes a chance over the dice's own denominator where it
// divides evenly (23/36 for d66), else in lowest terms.
func fraction(r *big.Rat, spec dsl.RollSpec) string {
	den := int64(len(spec.Dice.Results()))
	if !spec.Dice.D66 {
		den = 1
		for range spec.Dice.N {
			den *= int64(spec.Dice.Sides)
		}
	}
	scaled := new(big.Rat).Mul(r, big.NewRat(den, 1))
	if scaled.IsInt() {
		return fmt.Sprintf("%s/%d", scaled.Num(), den)
	}
	return r.RatString()
}

func sortedNames[V any](m map[string]V) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}
