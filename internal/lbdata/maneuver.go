package lbdata

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"
)

// ---- Movement costs and stacking limits --------------------------------------------

// The movement chart (maneuver.terrain) prints, for each row, the cost to
// infantry, cavalry and artillery: a hex's cost ("3"), its cost along a
// road ("3 (2 Rd)"), a hexside's addition ("+3"), a prohibition ("NA"), and
// a few qualified cells ("+3 Rd": only along a road; "+5 Sk": only in
// skirmish order). Its rows are terrain of the hex, hexsides crossed, and
// the road itself. The stacking chart (maneuver.stacking) prints, for the
// same terrain, what a hex may hold of each arm and of infantry and
// artillery together, at the end of a unit's move.

// moveArms are the chart's columns and the arms they name.
var moveArms = []struct{ col, arm string }{{"Inf", "infantry"}, {"Cav", "cavalry"}, {"Art", "artillery"}}

// moveHexsides are the chart's rows that are hexsides, and the hexside word
// of ours each is: the base's slope, stream and bridge, or one of the
// battle's own.
var moveHexsides = map[string]string{
	"Slope": "slope", "Streams": "stream", "Stream": "stream", "Ford": "ford", "Spree": "spree",
	"Bridge (Spree)": "spree_bridge", "Bridge (Stream)": "bridge", "Bridge Stream": "bridge", "Bridge River": "river_bridge",
}

// baseHexsides are the base's hexsides a movement chart prices, with the
// base's titles.
var baseHexsides = map[string]string{"slope": "Slope", "stream": "Stream", "bridge": "Bridge over a stream"}

// hexsideTitles are the titles of the hexsides a movement chart declares.
var hexsideTitles = map[string]string{"ford": "Ford", "spree_bridge": "Bridge over the Spree", "river_bridge": "Bridge over the river"}

// baseTerrain says which base terrain reads a chart row: the first row of
// terrainRows' list the chart prints; the chart's other rows are terrain of
// the battle's own.
func baseTerrain(rows []string) map[string]string {
	out := map[string]string{}
	for _, t := range terrainRows {
		for _, r := range t.rows {
			if contains(rows, r) {
				if _, taken := out[r]; !taken {
					out[r] = t.id
				}
				break
			}
		}
	}
	return out
}

// fireRowsOf are the fire defence rows a terrain of the battle's own reads,
// by the movement chart's name: the same name, or the spellings the fire
// chart prints.
var fireRowsOf = map[string][]string{
	"Woods Pathway":  {"Pathway"},
	"Entrenchments":  {"Entrenchment"},
	"Schiessscharte": {"Schieβscharte", "Schiessscharte"},
	"Earthworks":     {"Earthwork"},
}

// moveCell is one cell of the movement chart as read.
type moveCell struct {
	na        bool
	cost      float64 // a hex's cost, or a hexside's addition
	add       bool    // a hexside's "+N"
	road      float64 // "(N Rd)": the cost along a road; 0 when not printed
	roadOnly  bool    // "+N Rd"
	skirmish  bool    // "+N Sk"
	printed   string
	ambiguous string // a finding about the cell, or ""
}

var moveCellRe = regexp.MustCompile(`^(\+)?(\d+)(?:/(\d+))?(?: \((\d+) Rd\))?(?: (Rd|Sk))?$`)

// readMoveCell reads a cell; "1/2" is half a point, another "N/M" the first
// figure (a finding).
func readMoveCell(s string) (moveCell, error) {
	t := strings.TrimSpace(s)
	c := moveCell{printed: t}
	if t == "NA" {
		c.na = true
		return c, nil
	}
	m := moveCellRe.FindStringSubmatch(t)
	if m == nil {
		return c, fmt.Errorf("movement cell %q: not a cost", s)
	}
	c.add = m[1] == "+"
	n, _ := strconv.Atoi(m[2])
	c.cost = float64(n)
	if m[3] != "" {
		d, _ := strconv.Atoi(m[3])
		if n == 1 && d == 2 {
			c.cost = 0.5
		} else {
			c.ambiguous = fmt.Sprintf("prints %s, two figures or a fraction", t)
		}
	}
	if m[4] != "" {
		r, _ := strconv.Atoi(m[4])
		c.road = float64(r)
	}
	c.roadOnly = m[5] == "Rd"
	c.skirmish = m[5] == "Sk"
	return c, nil
}

func fig(x float64) string { return strconv.FormatFloat(x, 'f', -1, 64) }

// moveRow is a row of the movement chart.
type moveRow struct {
	name  string
	id    string // the terrain or hexside word
	cells [3]moveCell
}

// maneuver enters the movement and stacking charts.
func (c *conv) maneuver(w *strings.Builder) error {
	chart, ok := c.data.Path("maneuver", "terrain")
	if !ok {
		return nil
	}
	cite := c.cite("movement costs", "maneuver.terrain")
	var names []string
	for _, r := range chart.Obj {
		names = append(names, r.Key)
	}
	base := baseTerrain(names)
	var terrains, hexsides []moveRow
	var roadRow *moveRow
	roadOf := map[string]moveRow{} // "Road/X" rows, by X
	for _, r := range chart.Obj {
		row := moveRow{name: r.Key}
		for i, a := range moveArms {
			v, ok := r.Val.Get(a.col)
			if !ok {
				return fmt.Errorf("maneuver.terrain %s: no %s", r.Key, a.col)
			}
			cell, err := readMoveCell(v.Str)
			if err != nil {
				return fmt.Errorf("maneuver.terrain %s: %w", r.Key, err)
			}
			row.cells[i] = cell
		}
		switch {
		case r.Key == "Road":
			rr := row
			roadRow = &rr
		case strings.HasPrefix(r.Key, "Road/"):
			roadOf[strings.TrimPrefix(r.Key, "Road/")] = row
		case moveHexsides[r.Key] != "":
			row.id = moveHexsides[r.Key]
			hexsides = append(hexsides, row)
		default:
			row.id = base[r.Key]
			if row.id == "" {
				row.id = slug(r.Key)
			}
			terrains = append(terrains, row)
		}
	}
	// the cells read one way of two
	for _, row := range append(append([]moveRow{}, terrains...), hexsides...) {
		for i, cell := range row.cells {
			a := moveArms[i].arm
			if cell.ambiguous != "" {
				c.find("movement costs", fmt.Sprintf("%s, %s %s", row.name, a, cell.ambiguous),
					fmt.Sprintf("the first figure, %s", fig(cell.cost)), "the second figure, or the fraction")
			}
		}
	}
	for _, row := range terrains {
		if _, mine := c.vocab[row.id]; !mine && !isBaseTerrain(row.id) {
			c.declareTerrain(row, cite)
		}
		for i, cell := range row.cells {
			if cell.add {
				c.find("movement costs", fmt.Sprintf("%s, %s: a terrain printed as an addition, %s", row.name, moveArms[i].arm, cell.printed),
					fmt.Sprintf("the clear hex's 1 and %s, %s", fig(cell.cost), fig(1+cell.cost)), "the figure without its sign, "+fig(cell.cost))
			}
		}
	}

	w.WriteString("// ---- Movement costs by terrain ------------------------------------------------\n")
	w.WriteString(wrapComments("// What a hex costs infantry, cavalry and artillery to enter in the movement " +
		"phase, by its terrain, as the chart prints it (-1: NA, the arm may not enter), " +
		"and what it costs entered along a road (from a road hex into a road hex): " +
		"the terrain's own road figure where it prints one (\"3 (2 Rd)\"), else the Road row's. " +
		"A hexside crossed adds its own cost (the hexsides below). The rules reading it run on enter_hex, " +
		"which every movement that pays for a hex fires, a move and each movement of a charge alike: a charge " +
		"pays the cavalry's figure, never the road's, and the hexsides' costs and prohibitions bind it as they bind a move; " +
		"a hex of a terrain the chart does not print costs the terrain's own.\n"))
	var ids []string
	for _, row := range terrains {
		ids = append(ids, row.id)
	}
	armCells := func(cells [3]string) []string {
		var out []string
		switch {
		case cells[0] == cells[1] && cells[1] == cells[2]:
			out = append(out, "_ => "+cells[0])
		case cells[0] == cells[1]:
			out = append(out, "infantry | cavalry => "+cells[0], "artillery => "+cells[2])
		case cells[1] == cells[2]:
			out = append(out, "infantry => "+cells[0], "cavalry | artillery => "+cells[1])
		case cells[0] == cells[2]:
			out = append(out, "infantry | artillery => "+cells[0], "cavalry => "+cells[1])
		default:
			out = append(out, "infantry => "+cells[0], "cavalry => "+cells[1], "artillery => "+cells[2])
		}
		return out
	}
	fmt.Fprintf(w, "\nchart move_cost \"Movement costs by terrain\" by terrain only %s, arm only infantry | cavalry | artillery\n    %s {\n", strings.Join(ids, " | "), cite)
	for _, row := range terrains {
		var cells [3]string
		for i, cell := range row.cells {
			switch {
			case cell.na:
				cells[i] = "-1"
			case cell.add:
				cells[i] = fig(1 + cell.cost)
			default:
				cells[i] = fig(cell.cost)
			}
		}
		for _, l := range armCells(cells) {
			fmt.Fprintf(w, "  %s, %s\n", row.id, l)
		}
	}
	w.WriteString("}\n\n")
	if roadRow != nil {
		fmt.Fprintf(w, "chart move_cost_road \"Movement costs along a road\" by terrain only %s, arm only infantry | cavalry | artillery\n    %s {\n", strings.Join(ids, " | "), cite)
		for _, row := range terrains {
			var cells [3]string
			for i, cell := range row.cells {
				r := roadRow.cells[i]
				switch {
				case roadOf[row.name].name != "":
					r = roadOf[row.name].cells[i]
				case cell.road > 0:
					r = moveCell{cost: cell.road}
				}
				cells[i] = fig(r.cost)
			}
			for _, l := range armCells(cells) {
				fmt.Fprintf(w, "  %s, %s\n", row.id, l)
			}
		}
		w.WriteString("}\n\n")
	}
	if roadRow != nil {
		var na []string
		for _, row := range terrains {
			for i, cell := range row.cells {
				if cell.na && roadOf[row.name].name == "" {
					na = append(na, row.name+" "+moveArms[i].arm)
				}
			}
		}
		if len(na) > 0 {
			c.find("movement costs", fmt.Sprintf("Road: the chart does not say whether its 1/2 holds where a terrain prints NA (%s)", strings.Join(na, ", ")),
				"along a road every terrain costs the Road row's figure unless it prints its own \"(N Rd)\", NA included: a road crosses it", "NA holds on the road too")
		}
	}
	fmt.Fprintf(w, "rule move.terrain \"Movement costs by terrain\" on enter_hex %s {\n", cite)
	fmt.Fprintf(w, "  when hex.terrain in [%s]\n", quoteList(ids))
	if roadRow != nil {
		// The road's rate is the movement phase's: a charge walks hex by
		// hex paying the terrain (BER-37-PROCESS-MOVE).
		w.WriteString("  let points = by_road && movement == \"move\" ? move_cost_road(hex.terrain, unit.arm) : move_cost(hex.terrain, unit.arm)\n")
	} else {
		w.WriteString("  let points = move_cost(hex.terrain, unit.arm)\n")
	}
	w.WriteString("  require points >= 0 else \"the movement chart prints NA: the unit's arm may not enter the hex's terrain\"\n")
	w.WriteString("  do set_cost(points + crossing_cost)\n}\n\n")
	return c.hexsideRules(w, hexsides, cite)
}

func isBaseTerrain(id string) bool {
	for _, t := range terrainRows {
		if t.id == id {
			return true
		}
	}
	return false
}

func quoteList(ids []string) string {
	var q []string
	for _, id := range ids {
		q = append(q, strconv.Quote(id))
	}
	return strings.Join(q, ", ")
}

// declareTerrain declares a terrain of the movement chart the base does
// not have: its cost is the cavalry's figure (the chart's, which the chart's
// rule reads on enter_hex, is the one paid), and cavalry may not charge into it
// where the chart prints NA for cavalry.
func (c *conv) declareTerrain(row moveRow, cite string) {
	cav := row.cells[1]
	props := ""
	switch {
	case cav.na:
		inf := row.cells[0]
		n := inf.cost
		if inf.na {
			n = 1
		}
		props = fmt.Sprintf("{ cost: %s  no_charge }", fig(n))
	case cav.add:
		props = fmt.Sprintf("{ cost: %s }", fig(1+cav.cost))
	default:
		props = fmt.Sprintf("{ cost: %s }", fig(cav.cost))
	}
	rows := append([]string{row.name}, fireRowsOf[row.name]...)
	c.vocab[row.id] = battleWord{decl: fmt.Sprintf("terrain %s %q CITE %s", row.id, row.name, props), rows: rows, fallback: "clear"}
	c.needs[row.id] = cite
	c.moveWords[row.id] = true
}

// hexsideRules enters the hexside rows: their additions as the hexside
// words' costs, and a rule for each prohibition, each crossing only along a
// road or only in skirmish order, and each bridge that sets the hex's cost.
func (c *conv) hexsideRules(w *strings.Builder, rows []moveRow, cite string) error {
	if len(rows) == 0 {
		return nil
	}
	w.WriteString("// ---- Movement costs across hexsides --------------------------------------------\n")
	w.WriteString(wrapComments("// What crossing a hexside adds to the hex entered, for each arm, as the chart " +
		"prints it (the hexsides' costs, above), and the crossings the chart forbids: NA, " +
		"only along a road (\"Rd\"), only in skirmish order (\"Sk\"). A bridge the chart prices " +
		"as a hex (\"1/2\", not \"+N\") sets the hex's cost.\n\n"))
	for _, row := range rows {
		var props []string
		allAdd := true
		for i, cell := range row.cells {
			if cell.na {
				continue
			}
			if !cell.add {
				allAdd = false
				continue
			}
			key := "cost_" + moveArms[i].arm
			if i == 0 {
				key = "cost"
			} else if !row.cells[0].na && row.cells[0].add && row.cells[0].cost == cell.cost {
				continue // as the infantry's
			}
			props = append(props, fmt.Sprintf("%s: %s", key, fig(cell.cost)))
		}
		c.hexsideProps[row.id] = strings.Join(props, "  ")
		if title, ok := baseHexsides[row.id]; ok {
			decl := fmt.Sprintf("override hexside %s %q %s", row.id, title, cite)
			if len(props) > 0 {
				decl += " { " + strings.Join(props, "  ") + " }"
			}
			w.WriteString(decl + "\n\n")
		} else if row.id != "spree" {
			title := hexsideTitles[row.id]
			if title == "" {
				title = row.name
			}
			c.vocab[row.id] = battleWord{decl: fmt.Sprintf("hexside %s %q CITE", row.id, title)}
			if _, needed := c.needs[row.id]; !needed {
				c.needs[row.id] = cite
				c.moveWords[row.id] = true
			}
		}
		id := row.id
		if !allAdd {
			var cells [3]string
			for i, cell := range row.cells {
				cells[i] = fig(cell.cost)
			}
			fmt.Fprintf(w, "rule move.%s \"%s: the hex entered costs the chart's figure\" on enter_hex %s {\n", id, row.name, cite)
			fmt.Fprintf(w, "  when crossing == %q\n", id)
			fmt.Fprintf(w, "  do set_cost(%s)\n}\n\n", armExpr(cells))
		}
		var na []string
		for i, cell := range row.cells {
			if cell.na {
				na = append(na, moveArms[i].arm)
			}
		}
		if len(na) > 0 {
			fmt.Fprintf(w, "rule move.%s_na \"%s: NA for %s\" on enter_hex %s {\n", id, row.name, strings.Join(na, " and "), cite)
			fmt.Fprintf(w, "  when crossing == %q\n", id)
			fmt.Fprintf(w, "  require !(unit.arm in [%s]) else \"the movement chart prints NA: the unit's arm may not cross this hexside\"\n}\n\n", quoteList(na))
		}
		var rd, sk []string
		for i, cell := range row.cells {
			if cell.roadOnly {
				rd = append(rd, moveArms[i].arm)
			}
			if cell.skirmish {
				sk = append(sk, moveArms[i].arm)
			}
		}
		if len(rd) > 0 {
			fmt.Fprintf(w, "rule move.%s_road \"%s: %s cross it along a road\" on enter_hex %s {\n", id, row.name, strings.Join(rd, " and "), cite)
			fmt.Fprintf(w, "  when crossing == %q && unit.arm in [%s]\n", id, quoteList(rd))
			fmt.Fprintf(w, "  require by_road else \"the movement chart prints Rd: the unit crosses this hexside only along a road\"\n}\n\n")
		}
		if len(sk) > 0 {
			fmt.Fprintf(w, "rule move.%s_skirmish \"%s: %s cross it in skirmish order\" on enter_hex %s {\n", id, row.name, strings.Join(sk, " and "), cite)
			fmt.Fprintf(w, "  when crossing == %q && unit.arm in [%s]\n", id, quoteList(sk))
			fmt.Fprintf(w, "  require unit.formation == \"skirmish\" else \"the movement chart prints Sk: the unit crosses this hexside only in skirmish order\"\n}\n\n")
		}
	}
	return nil
}

// armExpr is a figure for each arm as one expression.
func armExpr(cells [3]string) string {
	if cells[0] == cells[1] && cells[1] == cells[2] {
		return cells[0]
	}
	return fmt.Sprintf("unit.arm == \"infantry\" ? %s : unit.arm == \"cavalry\" ? %s : %s", cells[0], cells[1], cells[2])
}

// ---- Stacking ------------------------------------------------------------------------

// stackTerm is one limit of a stacking cell: at most n of what (increments,
// units, regiments) of an arm.
type stackTerm struct {
	n          int
	what, arm  string
	skirmish   bool // "Sk": the battalion in skirmish order
	alternates bool // the terms are read as either-or ("1 Rgt/18 Inc")
}

var stackPart = regexp.MustCompile(`^(\d+) (Inf Btn|Inf|Art|Btn Sk|Sk Btn|Btn|Rgt|Inc|Rd)$`)

// readStackCell reads a cell of the stacking chart for an arm (col: Inf,
// Cav, Art, or Cmb for infantry and artillery together) as a condition on
// the unit's hex, or "" with ok false for NA. A cell is one or two limits
// with "/" between them: for an arm, either suffices ("1 Rgt/18 Inc": one
// regiment, or up to 18 increments); for Cmb, the first is the infantry's
// and the second the artillery's, and both hold.
func readStackCell(col, arm, s string) (cond string, na bool, err error) {
	t := strings.TrimSpace(s)
	if t == "NA" {
		return "", true, nil
	}
	parts := strings.Split(t, "/")
	var terms []string
	for i, p := range parts {
		m := stackPart.FindStringSubmatch(strings.TrimSpace(p))
		if m == nil {
			return "", false, fmt.Errorf("stacking cell %q", s)
		}
		n, _ := strconv.Atoi(m[1])
		a := arm
		what := ""
		sk := false
		switch m[2] {
		case "Inc":
			what = "increments"
		case "Btn", "Inf Btn", "Rd":
			what = "units"
		case "Btn Sk", "Sk Btn":
			what, sk = "units", true
		case "Rgt":
			what = "regiments"
		case "Inf":
			what, a = "increments", "infantry"
		case "Art":
			what, a = "units", "artillery"
		}
		if col == "Cmb" {
			switch {
			case m[2] == "Inf" || m[2] == "Inf Btn":
				a = "infantry"
			case m[2] == "Art":
				a = "artillery"
			case i == 0:
				a = "infantry"
			default:
				a = "artillery"
			}
		}
		term := fmt.Sprintf("stack_count(unit, %q, %q) <= %d", what, a, n)
		if sk {
			// the hex's battalions, not the one that moved: every one of
			// the arm in skirmish order
			term += fmt.Sprintf(" && stack_formed(unit, %q, \"skirmish\")", a)
		}
		terms = append(terms, term)
	}
	if len(terms) == 1 {
		return terms[0], false, nil
	}
	sep := " || "
	if col == "Cmb" {
		sep = " && "
	}
	for i := range terms {
		if strings.Contains(terms[i], "&&") && sep == " || " {
			terms[i] = "(" + terms[i] + ")"
		}
	}
	return strings.Join(terms, sep), false, nil
}

// stacking enters the stacking chart: for each terrain, a rule on move_end
// that the unit which ends its move there keeps its hex within the limit
// for its arm, and within the limit for infantry and artillery together
// when both stand there. The Road row binds a unit that ended its move
// along the road (in road march), besides its terrain's row.
func (c *conv) stacking(w *strings.Builder) error {
	chart, ok := c.data.Path("maneuver", "stacking")
	if !ok {
		return nil
	}
	cite := c.cite("stacking limits", "maneuver.stacking")
	var names []string
	for _, r := range chart.Obj {
		names = append(names, r.Key)
	}
	moveNames := []string{}
	if mv, ok := c.data.Path("maneuver", "terrain"); ok {
		for _, r := range mv.Obj {
			moveNames = append(moveNames, r.Key)
		}
	}
	base := baseTerrain(moveNames)
	w.WriteString("// ---- Stacking limits by terrain ------------------------------------------------\n")
	w.WriteString(wrapComments("// What a hex may hold of the side of the unit that ends its move there, " +
		"by the hex's terrain, as the chart prints it: a limit binds the hex a unit stops in, " +
		"not those it passes through, and only the unit that moved (a stack already over it stands). " +
		"\"Btn\" counts units, \"Rgt\" regiments (a unit that names none is one of its own), \"Inc\" increments; " +
		"two limits for one arm (\"1 Rgt/18 Inc\") are either-or, the combined column's (\"12 Inf/1 Art\") " +
		"both, read when infantry and artillery share the hex, \"N Art\" being batteries. " +
		"The Road row binds a unit that entered its hex along the road (road march), besides its terrain's row. " +
		"A limit by formation (\"1 Sk Btn\") reads every battalion of the hex, and binds a change of formation there as well as a move.\n\n"))
	cols := []struct{ col, arm string }{{"Inf", "infantry"}, {"Cav", "cavalry"}, {"Art", "artillery"}, {"Cmb", ""}}
	for _, r := range chart.Obj {
		id := ""
		var when string
		place := "in " + strings.ToLower(r.Key)
		switch {
		case r.Key == "Road":
			id, when, place = "road", "by_road", "in road march"
			c.find("stacking limits", "Road: \"4 Rd\" counts neither increments nor battalions by name",
				"4 units of the arm, for a unit that entered its hex along the road (in road march)", "4 increments, or every unit on a road hex")
		case r.Key == "Bridge":
			c.find("stacking limits", "Bridge: a bridge is a hexside here, and a unit stands in no bridge hex",
				"no rule of its own: a unit that crossed a bridge along the road is in road march, under the Road row", "a unit that crossed a bridge into its hex, by any way, under the Bridge row")
			continue
		default:
			id = base[r.Key]
			if id == "" {
				id = slug(r.Key)
			}
			if _, declared := c.vocab[id]; !declared && !isBaseTerrain(id) {
				c.find("stacking limits", fmt.Sprintf("%s: the movement chart prints no such terrain", r.Key), "no rule: the row has no terrain to bind", "a terrain of its own, costing as clear")
				continue
			}
			when = fmt.Sprintf("unit.terrain == %q", id)
		}
		var reqs []string
		var printed []string
		var skirmishArms []string // arms whose cell is "N Sk Btn"
		for _, cl := range cols {
			v, ok := r.Val.Get(cl.col)
			if !ok && cl.col == "Cmb" {
				if v, ok = r.Val.Get("CMB"); ok {
					c.find("stacking limits", r.Key+": the combined column is keyed CMB, not Cmb", "read as the combined column", "no combined limit")
				}
			}
			if !ok {
				continue
			}
			t := strings.TrimSpace(v.Str)
			if t != "" {
				printed = append(printed, cl.col+" "+t)
			}
			if t == "" {
				if cl.col == "Cmb" {
					c.find("stacking limits", r.Key+": the combined column prints nothing", "no combined limit (artillery may not stand there: its column prints NA)", "infantry and artillery may not share the hex")
				}
				continue
			}
			cond, na, err := readStackCell(cl.col, cl.arm, t)
			if err != nil {
				return fmt.Errorf("maneuver.stacking %s %s: %w", r.Key, cl.col, err)
			}
			if cl.col != "Cmb" && strings.Contains(t, "Sk") {
				skirmishArms = append(skirmishArms, cl.arm)
			}
			both := `stack_count(unit, "units", "infantry") > 0 && stack_count(unit, "units", "artillery") > 0`
			whose := cl.arm
			if cl.col == "Cmb" {
				whose = "infantry and artillery together"
			}
			msg := fmt.Sprintf("the stacking chart allows %s %s %s", whose, t, place)
			switch {
			case cl.col == "Cmb" && na:
				reqs = append(reqs, fmt.Sprintf("  require !(unit.arm in [\"infantry\", \"artillery\"] && %s) else %q\n", both, "the stacking chart prints NA: infantry and artillery may not share a hex "+place))
			case cl.col == "Cmb":
				reqs = append(reqs, fmt.Sprintf("  require !(unit.arm in [\"infantry\", \"artillery\"] && %s) || %s else %q\n", both, parenAll(cond), msg))
			case na:
				if mv, ok := c.data.Path("maneuver", "terrain", r.Key, cl.col); ok && strings.TrimSpace(mv.Str) != "NA" {
					c.find("stacking limits", fmt.Sprintf("%s, %s: the movement chart gives %s, the stacking chart NA", r.Key, cl.arm, strings.TrimSpace(mv.Str)),
						"both: "+cl.arm+" may pass through, not end its move there", cl.arm+" may end its move there (the movement chart's figure read as leave to stand)")
				}
				reqs = append(reqs, fmt.Sprintf("  require unit.arm != %q else %q\n", cl.arm, "the stacking chart prints NA: "+cl.arm+" may not stand "+place))
			default:
				reqs = append(reqs, fmt.Sprintf("  require unit.arm != %q || %s else %q\n", cl.arm, parenAll(cond), msg))
			}
		}
		if len(reqs) == 0 {
			continue
		}
		fmt.Fprintf(w, "rule stacking.%s \"Stacking %s: %s\" on move_end %s {\n  when %s\n", id, place, strings.Join(printed, ", "), cite, when)
		for _, q := range reqs {
			w.WriteString(q)
		}
		w.WriteString("}\n\n")
		for _, arm := range skirmishArms {
			// A battalion that stands there may not leave skirmish order
			// either: the limit is on what the hex holds, and a change
			// of formation changes it as a move into it does.
			fmt.Fprintf(w, "rule stacking.%s_skirmish \"Stacking %s: %s stay in skirmish order\" on change_formation %s {\n", id, place, arm, cite)
			fmt.Fprintf(w, "  when unit.terrain == %q && unit.arm == %q && !result\n", id, arm)
			fmt.Fprintf(w, "  require formation == \"skirmish\" else %q\n}\n\n", fmt.Sprintf("the stacking chart allows %s %s only in skirmish order", arm, place))
		}
	}
	return nil
}

func parenAll(cond string) string {
	if strings.Contains(cond, "||") || strings.Contains(cond, "&&") {
		return "(" + cond + ")"
	}
	return cond
}
