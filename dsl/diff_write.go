package dsl

import (
	"encoding/json"
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/bataille/bataille/internal/visible"
)

// This file writes a ModuleDiff for people (text, markdown) and programs
// (JSON), beside the diff itself, so that a program embedding the library
// gets every form the command prints.

// OutcomeDiff is the change in a scenario's outcomes from one side to the
// other: the means over games played on the same seeds under each side, as
// the caller measured them (`bataille diff --simulate`).
type OutcomeDiff struct {
	Scenario string `json:"scenario"`
	Runs     int    `json:"runs"`
	Seed     uint64 `json:"seed"`
	// Exact says the means are exact, over every path through the dice
	// (`--exact`), not over games; Runs and Seed are then 0.
	Exact bool `json:"exact,omitempty"`
	// Best says each side was played under best play, every question the
	// rules ask answered by the advisor (`--best`); the means are exact.
	Best     bool            `json:"best,omitempty"`
	Outcomes []OutcomeChange `json:"outcomes"`
}

type OutcomeChange struct {
	Outcome string  `json:"outcome"`
	Old     float64 `json:"old"`
	New     float64 `json:"new"`
	// With Exact: the two means and the change as fractions ("2/9",
	// "-1/36").
	OldExact string `json:"old_exact,omitempty"`
	NewExact string `json:"new_exact,omitempty"`
	Change   string `json:"change,omitempty"`
}

// changed lists the outcomes whose means differ as printed, and counts
// the others.
func (s *OutcomeDiff) changed() (out []OutcomeChange, same int) {
	for _, o := range s.Outcomes {
		if s.Exact && o.OldExact == o.NewExact || !s.Exact && simValue(o.Old) == simValue(o.New) {
			same++
			continue
		}
		out = append(out, o)
	}
	return out, same
}

// simValue writes a mean over the games; shares and counts alike get three
// decimals, since the simulation does not say which is which.
func simValue(f float64) string { return strconv.FormatFloat(f, 'f', 3, 64) }

// oldText and newText write a side's mean: three decimals over games; the
// fraction and its decimal when exact ("2/9 (0.222)").
func (o OutcomeChange) oldText() string { return exactText(o.OldExact, o.Old) }
func (o OutcomeChange) newText() string { return exactText(o.NewExact, o.New) }

func exactText(frac string, f float64) string {
	if frac == "" {
		return simValue(f)
	}
	return frac + " (" + simValue(f) + ")"
}

// changeText is the exact change, when there is one: ", -1/36".
func (o OutcomeChange) changeText() string {
	if o.Change == "" {
		return ""
	}
	return ", " + o.Change
}

// ---- text ----------------------------------------------------------------------

const (
	ansiRed    = "\x1b[31m"
	ansiGreen  = "\x1b[32m"
	ansiYellow = "\x1b[33m"
	ansiBold   = "\x1b[1m"
	ansiDim    = "\x1b[2m"
	ansiReset  = "\x1b[0m"
)

type painter bool

// paint colours s, a part of a line that may hold a script's strings: they
// are shown, never acted on (a cite once hid a change from the terminal).
func (p painter) paint(code, s string) string {
	s = visible.Line(s)
	if !p || s == "" {
		return s
	}
	return code + s + ansiReset
}

// WriteText writes the diff as a referee reads it: a line per changed
// declaration, its details under it, where each side has it; sim, when not
// nil, adds the change in a scenario's outcomes. colored adds ANSI colours.
func (d *ModuleDiff) WriteText(w io.Writer, sim *OutcomeDiff, colored bool) {
	p := painter(colored)
	fmt.Fprintln(w, p.paint(ansiBold, "--- "+moduleLine(d.Old)))
	fmt.Fprintln(w, p.paint(ansiBold, "+++ "+moduleLine(d.New)))
	if d.Equal() {
		fmt.Fprintln(w, "no rule changes")
	}
	for _, c := range d.Changes {
		fmt.Fprintln(w)
		sym, code := "~", ansiYellow
		switch c.Op {
		case Added:
			sym, code = "+", ansiGreen
		case Removed:
			sym, code = "-", ansiRed
		}
		fmt.Fprintln(w, p.paint(code, sym+" "+changeTitle(c)))
		for _, det := range c.Details {
			label := detailLabel(det)
			switch {
			case det.Old == "":
				fmt.Fprintf(w, "    %s: %s\n", visible.Line(label), p.paint(ansiGreen, "+ "+det.New))
			case det.New == "":
				fmt.Fprintf(w, "    %s: %s\n", visible.Line(label), p.paint(ansiRed, "- "+det.Old))
			default:
				fmt.Fprintf(w, "    %s: %s → %s\n", visible.Line(label), p.paint(ansiRed, det.Old), p.paint(ansiGreen, det.New))
			}
		}
		if c.Old != nil {
			fmt.Fprintln(w, p.paint(ansiDim, "    was "+sideText(c.Old)))
		}
		if c.New != nil {
			fmt.Fprintln(w, p.paint(ansiDim, "    now "+sideText(c.New)))
		}
	}
	if sim != nil {
		if sim.Best {
			fmt.Fprintf(w, "\noutcomes of %s under best play (every question answered by the advisor for each side's objective), exact over every path through the dice:\n", sim.Scenario)
		} else if sim.Exact {
			fmt.Fprintf(w, "\noutcomes of %s, exact over every path through the dice:\n", sim.Scenario)
		} else {
			fmt.Fprintf(w, "\noutcomes of %s, %d games per side, seed %d (means over the games):\n", sim.Scenario, sim.Runs, sim.Seed)
		}
		changed, same := sim.changed()
		for _, o := range changed {
			fmt.Fprintf(w, "    %s: %s → %s%s\n", visible.Line(o.Outcome), p.paint(ansiRed, o.oldText()), p.paint(ansiGreen, o.newText()), o.changeText())
		}
		if same > 0 {
			fmt.Fprintf(w, "    (%d more the same)\n", same)
		}
	}
}

func moduleLine(m ModuleInfo) string {
	if m.ID == "" {
		return "(nothing) " + m.Source
	}
	s := m.Kind + " " + m.ID
	if m.Title != "" {
		s += fmt.Sprintf(" %q", m.Title)
	}
	if m.Edition != "" {
		s += ", " + m.Edition
	}
	if m.Source != "" && m.Source != m.ID {
		s += " (" + m.Source + ")"
	}
	return s
}

// changeTitle names a changed declaration as the language writes it.
func changeTitle(c Change) string {
	s := c.Kind
	if c.Name != "" {
		s += " " + c.Name
	}
	side := c.New
	if side == nil {
		side = c.Old
	}
	if c.Kind == KindHeader {
		return s + " " + side.Module
	}
	if side.Title != "" {
		s += fmt.Sprintf(" %q", side.Title)
	}
	return s
}

// detailLabel says which part of a declaration a detail is about.
func detailLabel(d Detail) string {
	var s string
	switch d.What {
	case "row":
		s = "row " + d.Item
	case "odds":
		s = "odds of " + d.Item
	case "property":
		s = d.Item
	case "require message":
		s = "message of require " + d.Item
	case "column":
		return fmt.Sprintf("column %q", d.Column)
	case "column condition":
		s = "condition"
	default:
		s = d.What
		if d.Item != "" {
			s += " " + d.Item
		}
	}
	if d.Column != "" {
		s = fmt.Sprintf("column %q %s", d.Column, s)
	}
	return s
}

func sideText(s *Side) string {
	t := fmt.Sprintf("%s:%d", s.Pos.File, s.Pos.Line)
	if len(s.Cite) > 0 {
		t += "  [" + strings.Join(s.Cite, ", ") + "]"
	}
	return t
}

// ---- markdown -------------------------------------------------------------------

// kindHeadings title the sections of an errata sheet: the header's, and
// each kind's declKind.heading.
var kindHeadings = map[string]string{KindHeader: "Header"}

// WriteMarkdown writes an errata sheet: one section per kind, one entry
// per declaration with its citation, and what changed under it.
func (d *ModuleDiff) WriteMarkdown(w io.Writer, sim *OutcomeDiff) {
	fmt.Fprintf(w, "# Errata: %s → %s\n\n", mdModule(d.Old), mdModule(d.New))
	if d.Equal() {
		fmt.Fprintln(w, "No rule changes.")
	}
	kind := ""
	for i, c := range d.Changes {
		if c.Kind != kind {
			kind = c.Kind
			heading := kindHeadings[kind]
			if heading == "" {
				heading = kind
			}
			fmt.Fprintf(w, "## %s\n\n", heading)
		}
		fmt.Fprintln(w, mdEntry(c, d.citesIgnored))
		if c.Op == Changed || c.Op == Added && len(c.Details) > 1 {
			var cols []Detail
			for _, det := range c.Details {
				switch {
				case mdColumnWhats[det.What] && det.Column != "":
					cols = append(cols, det)
				case c.Op == Added:
					fmt.Fprintln(w, "  - "+mdLabel(det)+": "+mdCode(det.New))
				// The entry's line already gives both citations.
				case det.What != "cite" || c.Kind == KindHeader:
					fmt.Fprintln(w, "  - "+mdDetail(det))
				}
			}
			if mdColumnTable(w, cols) && i+1 < len(d.Changes) && d.Changes[i+1].Kind == kind {
				fmt.Fprintln(w)
			}
		}
		if i+1 == len(d.Changes) || d.Changes[i+1].Kind != kind {
			fmt.Fprintln(w)
		}
	}
	if sim != nil {
		fmt.Fprintf(w, "## Outcomes of %s\n\n", sim.Scenario)
		changed, same := sim.changed()
		if sim.Exact {
			how := "Exact, over every path through the dice"
			if sim.Best {
				how = "Under best play (every question answered by the advisor for each side's objective), exact over every path through the dice"
			}
			fmt.Fprintf(w, "%s; %d more outcomes are the same.\n\n", how, same)
			fmt.Fprintln(w, "| Outcome | Was | Now | Change |")
			fmt.Fprintln(w, "|---|---:|---:|---:|")
			for _, o := range changed {
				fmt.Fprintf(w, "| %s | %s | %s | %s |\n", mdEscape(o.Outcome), o.oldText(), o.newText(), o.Change)
			}
			return
		}
		fmt.Fprintf(w, "Means over %d games per side, seed %d; %d more outcomes are the same.\n\n", sim.Runs, sim.Seed, same)
		fmt.Fprintln(w, "| Outcome | Was | Now |")
		fmt.Fprintln(w, "|---|---:|---:|")
		for _, o := range changed {
			fmt.Fprintf(w, "| %s | %s | %s |\n", mdEscape(o.Outcome), simValue(o.Old), simValue(o.New))
		}
	}
}

func mdModule(m ModuleInfo) string {
	if m.ID == "" {
		return "nothing"
	}
	s := "*" + mdEscape(m.Title) + "*"
	if m.Title == "" {
		s = "`" + m.ID + "`"
	}
	if m.Edition != "" {
		s += " (" + mdEscape(m.Edition) + ")"
	}
	return s
}

func mdEntry(c Change, ignoreCites bool) string {
	name := c.Name
	side := c.New
	if side == nil {
		side = c.Old
	}
	if c.Kind == KindHeader {
		name = side.Module
	}
	s := "- **" + mdEscape(name) + "**"
	if side.Title != "" && c.Kind != KindHeader {
		s += " “" + mdEscape(side.Title) + "”"
	}
	switch c.Op {
	case Added:
		s += " — new"
		// One detail fits the line; more (a new rule's conditions and
		// effects) are listed under it.
		if len(c.Details) == 1 {
			s += ", " + mdLabel(c.Details[0]) + " " + mdCode(c.Details[0].New)
		}
	case Removed:
		s += " — removed"
	}
	return s + " — " + mdCite(c, ignoreCites)
}

// mdCite is the citation of an entry: the new one, with the old one when it
// changed (unless citations are ignored); a position when the declaration
// cites nothing.
func mdCite(c Change, ignoreCites bool) string {
	cite := func(s *Side) string {
		if s == nil {
			return ""
		}
		if len(s.Cite) == 0 {
			return fmt.Sprintf("%s:%d", s.Pos.File, s.Pos.Line)
		}
		return strings.Join(s.Cite, ", ")
	}
	switch {
	case c.New == nil:
		return "*" + mdEscape(cite(c.Old)) + "*"
	case c.Old == nil || cite(c.Old) == cite(c.New) || ignoreCites:
		return "*" + mdEscape(cite(c.New)) + "*"
	}
	return "*" + mdEscape(cite(c.New)) + "* (was *" + mdEscape(cite(c.Old)) + "*)"
}

// mdColumnWhats are the details of a table's columns, written as one
// was → now table under the entry rather than a line each.
var mdColumnWhats = map[string]bool{"row": true, "odds": true, "column": true}

// mdColumnTable writes the details of a table's columns (or of a
// modifier's odds in them) as an errata table: a line per column and
// outcome, with the roll that gives it and its chance, was → now. A column
// only one side has takes one line, its rows whole. It reports whether
// it wrote any.
func mdColumnTable(w io.Writer, ds []Detail) bool {
	if len(ds) == 0 {
		return false
	}
	type line struct{ column, outcome, rollWas, rollNow, oddsWas, oddsNow string }
	var lines []*line
	at := map[[2]string]*line{}
	rolls := false
	for _, d := range ds {
		item := d.Item
		if d.What == "column" {
			item = ""
		}
		k := [2]string{d.Column, item}
		l := at[k]
		if l == nil {
			l = &line{column: d.Column, outcome: item}
			at[k] = l
			lines = append(lines, l)
		}
		switch d.What {
		case "odds":
			l.oddsWas, l.oddsNow = d.Old, d.New
		default:
			rolls = true
			l.rollWas, l.rollNow = d.Old, d.New
		}
	}
	cell := func(s string) string {
		if s == "" {
			return "—"
		}
		return mdEscape(s)
	}
	fmt.Fprintln(w)
	if rolls {
		fmt.Fprintln(w, "  | Column | Outcome | Roll was | Roll now | Chance was | Chance now |")
		fmt.Fprintln(w, "  |---|---|---|---|---:|---:|")
	} else {
		fmt.Fprintln(w, "  | Column | Outcome | Chance was | Chance now |")
		fmt.Fprintln(w, "  |---|---|---:|---:|")
	}
	prev := ""
	for _, l := range lines {
		col := mdEscape(l.column)
		if l.column == prev {
			col = ""
		}
		prev = l.column
		outcome := mdEscape(l.outcome)
		if l.outcome == "" {
			outcome = "(whole column)"
		}
		if rolls {
			fmt.Fprintf(w, "  | %s | %s | %s | %s | %s | %s |\n", col, outcome, cell(l.rollWas), cell(l.rollNow), cell(l.oddsWas), cell(l.oddsNow))
		} else {
			fmt.Fprintf(w, "  | %s | %s | %s | %s |\n", col, outcome, cell(l.oddsWas), cell(l.oddsNow))
		}
	}
	return true
}

// plainWhats are details written as prose, not code.
var plainWhats = map[string]bool{"title": true, "edition": true, "cite": true, "id": true, "kind": true}

func mdDetail(d Detail) string {
	val := func(s string) string {
		if plainWhats[d.What] {
			return "“" + mdEscape(s) + "”"
		}
		return mdCode(s)
	}
	label := mdLabel(d)
	switch {
	case d.Old == "":
		return label + ": added " + val(d.New)
	case d.New == "":
		return label + ": removed " + val(d.Old)
	}
	return label + ": was " + val(d.Old) + ", now " + val(d.New)
}

// mdWords name the parts of a declaration in a rulebook's words.
var mdWords = map[string]string{
	"when": "condition", "require": "requirement", "ask": "question", "let": "local value",
	"effect order": "order of effects", "hook": "applies on", "column condition": "condition",
	"column order": "order of columns", "threshold": "passes against", "cite": "citation", "id": "module id",
}

func mdLabel(d Detail) string {
	var s string
	switch d.What {
	case "row":
		s = "roll for " + mdEscape(d.Item)
	case "odds":
		s = "chance of " + mdEscape(d.Item)
	case "property":
		s = mdEscape(d.Item)
	case "require message":
		s = "message of requirement " + mdCode(d.Item)
	case "column":
		return "column “" + mdEscape(d.Column) + "”"
	default:
		s = d.What
		if w, ok := mdWords[s]; ok {
			s = w
		}
		s = mdEscape(s)
	}
	if d.Column != "" {
		s = "column “" + mdEscape(d.Column) + "”, " + s
	}
	return s
}

// mdCode writes text as inline code, fenced with enough backticks.
func mdCode(s string) string {
	s = visible.Line(s) // a newline would end the code span's paragraph
	fence := "`"
	for strings.Contains(s, fence) {
		fence += "`"
	}
	if strings.HasPrefix(s, "`") || strings.HasSuffix(s, "`") {
		return fence + " " + s + " " + fence
	}
	return fence + s + fence
}

var mdEscaper = strings.NewReplacer(`\`, `\\`, "*", `\*`, "_", `\_`, "`", "\\`", "[", `\[`, "]", `\]`, "<", "&lt;", "|", `\|`,
	// A bare address is a link on GitHub and in most renderers.
	"://", `:\/\/`, "www.", `www\.`)

// mdEscape writes a script's text as markdown that shows it and does
// nothing else: no newline (which could start a heading, a quote or a
// list), no emphasis, code, link or table cell of its own, and no control
// character or bidi override (shown as `\n`, `\u202e`).
func mdEscape(s string) string { return mdEscaper.Replace(visible.Line(s)) }

// ---- json -----------------------------------------------------------------------

// DiffDocument is the JSON form of a diff; docs/diff.md describes it.
type DiffDocument struct {
	Old        ModuleInfo   `json:"old"`
	New        ModuleInfo   `json:"new"`
	Equal      bool         `json:"equal"`
	Changes    []Change     `json:"changes"`
	Simulation *OutcomeDiff `json:"simulation,omitempty"`
}

// WriteJSON writes the diff as one indented JSON document.
func (d *ModuleDiff) WriteJSON(w io.Writer, sim *OutcomeDiff) {
	doc := DiffDocument{Old: d.Old, New: d.New, Equal: d.Equal(), Changes: d.Changes, Simulation: sim}
	if doc.Changes == nil {
		doc.Changes = []Change{}
	}
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	enc.SetEscapeHTML(false)
	_ = enc.Encode(doc)
}
