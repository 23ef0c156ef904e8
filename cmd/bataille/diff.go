package main

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"

	"github.com/bataille/bataille/dsl"
	"github.com/spf13/pflag"
)

func init() {
	register(command{"diff", "list what changed between two versions of the rules; exit 1 when they differ", cmdDiff})
}

// simulateFn plays a scenario n times under a module and returns the mean of
// each outcome over the games (a share for a yes/no outcome). Tests replace
// it; when it is nil, `diff --simulate` says it is not available.
var simulateFn = func(mod *dsl.Module, scenario string, n int, seed uint64) (map[string]float64, error) {
	return simulateOutcomes(mod, scenario, n, seed, 0)
}

// gitDriverArgs is how many arguments git passes a diff driver:
// path old-file old-hex old-mode new-file new-hex new-mode.
const gitDriverArgs = 7

func cmdDiff(args []string, stdout, stderr io.Writer) int {
	fs := pflag.NewFlagSet("diff", pflag.ContinueOnError)
	fs.SetOutput(stderr)
	format := fs.StringP("format", "f", "text", "output: text, markdown (an errata sheet) or json")
	color := fs.String("color", "auto", "colour the text output: auto (when stdout is a terminal), always or never")
	scenario := fs.String("simulate", "", "also compare the outcomes of this scenario, played under each side")
	runs := fs.IntP("runs", "n", 1000, "games per side for --simulate")
	seed := fs.Uint64("seed", 1, "dice seed for --simulate (both sides use it)")
	fs.Usage = func() {
		fmt.Fprintln(stderr, `Usage: bataille diff [flags] OLD NEW

Lists what changed between two versions of the rules, declaration by
declaration: params, tables (with the change in each outcome's odds), checks,
rules, vocabularies and the header. Formatting, comments and the order of
declarations are never a change. OLD and NEW are each a bundled battle, a
folder or a .rules file. Git's seven diff-driver arguments are accepted too.

Exit 0 when the rules are the same, 1 when they differ, 2 on error.
Called by git, it exits 0 on a difference (git stops on any other code)
and shows a file that is not a module on its own (a scenario file) line
by line. See docs/diff.md.

Flags:`)
		fs.PrintDefaults()
	}
	if err := fs.Parse(args); err != nil {
		if err != pflag.ErrHelp {
			fmt.Fprintf(stderr, "bataille diff: %v (see bataille diff --help)\n", err)
		}
		return usageExit(err)
	}
	var oldArg, newArg, oldLabel, newLabel, gitPath string
	switch fs.NArg() {
	case 2:
		oldArg, newArg = fs.Arg(0), fs.Arg(1)
		oldLabel, newLabel = oldArg, newArg
	case gitDriverArgs:
		gitPath = fs.Arg(0)
		oldArg, newArg = fs.Arg(1), fs.Arg(4)
		oldLabel, newLabel = "a/"+gitPath, "b/"+gitPath
	default:
		fs.Usage()
		return exitUsage
	}
	switch *format {
	case "text", "markdown", "md", "json":
	default:
		fmt.Fprintf(stderr, "bataille diff: unknown format %q (want text, markdown or json)\n", *format)
		return exitUsage
	}
	colored, ok := useColor(*color, stdout)
	if !ok {
		fmt.Fprintf(stderr, "bataille diff: --color is auto, always or never; got %q\n", *color)
		return exitUsage
	}
	if fs.Changed("simulate") {
		if simulateFn == nil {
			fmt.Fprintln(stderr, "bataille diff: --simulate is not available in this build")
			return exitUsage
		}
		if *scenario == "" || *runs < 1 {
			fmt.Fprintln(stderr, "bataille diff: --simulate needs a scenario name and -n of at least 1")
			return exitUsage
		}
	}

	oldMod, oldDiags := loadSide(oldArg)
	newMod, newDiags := loadSide(newArg)
	if bad := append(oldDiags, newDiags...); bad != nil {
		if gitPath == "" {
			bad.Print(stderr)
			return exitUsage
		}
		// Git stops the whole diff when a driver fails, and a battle's
		// scenario file has no header to load on its own: show its lines.
		if !onlyNoHeader(bad) {
			bad.Print(stderr)
		}
		return gitLineDiff(stdout, stderr, gitPath, oldArg, newArg)
	}
	d := dsl.Diff(oldMod, newMod)
	d.Old.Source, d.New.Source = oldLabel, newLabel
	if gitPath != "" {
		relabel(d, oldArg, newArg, gitPath)
	}

	var sim *diffSim
	if fs.Changed("simulate") {
		var err error
		if sim, err = simulateBoth(oldMod, newMod, *scenario, *runs, *seed); err != nil {
			fmt.Fprintf(stderr, "bataille diff: --simulate: %v\n", err)
			return exitUsage
		}
	}

	switch *format {
	case "json":
		writeDiffJSON(stdout, d, sim)
	case "markdown", "md":
		writeDiffMarkdown(stdout, d, sim)
	default:
		writeDiffText(stdout, d, sim, colored)
	}
	if d.Equal() || gitPath != "" {
		return exitOK
	}
	return exitFail
}

// loadSide loads one side; /dev/null (git's side of an added or deleted
// file) is the empty module. It returns the errors that kept it from
// loading, if any.
func loadSide(arg string) (*dsl.Module, dsl.Diagnostics) {
	if arg == os.DevNull {
		return nil, nil
	}
	mod, diags := loadPath(arg)
	var errs dsl.Diagnostics
	for _, d := range diags {
		if d.Severity == dsl.Error {
			errs = append(errs, d)
		}
	}
	if mod == nil && errs == nil {
		errs = dsl.Diagnostics{{Severity: dsl.Error, Code: "read", Pos: dsl.Pos{File: arg, Line: 1, Col: 1}, Message: "cannot load the rules"}}
	}
	if errs != nil {
		return nil, errs
	}
	return mod, nil
}

func onlyNoHeader(ds dsl.Diagnostics) bool {
	for _, d := range ds {
		if d.Code != "no-header" {
			return false
		}
	}
	return true
}

// gitLineDiff is what the git driver shows for a file that is not a module
// on its own: its lines, as a unified diff.
func gitLineDiff(stdout, stderr io.Writer, path, oldFile, newFile string) int {
	a, errA := os.ReadFile(oldFile)
	b, errB := os.ReadFile(newFile)
	if errA != nil || errB != nil {
		fmt.Fprintf(stderr, "bataille diff: %v\n", errors.Join(errA, errB))
		return exitUsage
	}
	fmt.Fprintf(stdout, "--- a/%s\n+++ b/%s\n", path, path)
	fmt.Fprintln(stdout, "(not a module on its own: compared line by line)")
	writeLineDiff(stdout, splitLines(string(a)), splitLines(string(b)), 3)
	return exitOK
}

func splitLines(s string) []string {
	if s == "" {
		return nil
	}
	return strings.Split(strings.TrimSuffix(s, "\n"), "\n")
}

// writeLineDiff writes the unified diff of two lists of lines with the
// given lines of context, from their longest common subsequence.
func writeLineDiff(w io.Writer, a, b []string, context int) {
	// lcs[i][j] is the length of the longest common subsequence of a[i:]
	// and b[j:]; past a few thousand lines a file is shown whole instead.
	type op struct {
		kind byte // ' ', '-', '+'
		text string
	}
	var ops []op
	if len(a)*len(b) > 25_000_000 {
		for _, l := range a {
			ops = append(ops, op{'-', l})
		}
		for _, l := range b {
			ops = append(ops, op{'+', l})
		}
	} else {
		lcs := make([][]int32, len(a)+1)
		for i := range lcs {
			lcs[i] = make([]int32, len(b)+1)
		}
		for i := len(a) - 1; i >= 0; i-- {
			for j := len(b) - 1; j >= 0; j-- {
				if a[i] == b[j] {
					lcs[i][j] = lcs[i+1][j+1] + 1
				} else {
					lcs[i][j] = max(lcs[i+1][j], lcs[i][j+1])
				}
			}
		}
		i, j := 0, 0
		for i < len(a) || j < len(b) {
			switch {
			case i < len(a) && j < len(b) && a[i] == b[j]:
				ops = append(ops, op{' ', a[i]})
				i++
				j++
			case j < len(b) && (i == len(a) || lcs[i][j+1] > lcs[i+1][j]):
				ops = append(ops, op{'+', b[j]})
				j++
			default:
				ops = append(ops, op{'-', a[i]})
				i++
			}
		}
	}
	// Group the operations into hunks: changes with context lines around
	// them, merged when their context would touch.
	for start := 0; start < len(ops); {
		for start < len(ops) && ops[start].kind == ' ' {
			start++
		}
		if start == len(ops) {
			break
		}
		lo := max(0, start-context)
		end, quiet := start, 0
		for end < len(ops) && quiet <= 2*context {
			if ops[end].kind == ' ' {
				quiet++
			} else {
				quiet = 0
			}
			end++
		}
		hi := min(len(ops), end-quiet+context)
		aLine, bLine := 1, 1
		for _, o := range ops[:lo] {
			if o.kind != '+' {
				aLine++
			}
			if o.kind != '-' {
				bLine++
			}
		}
		aN, bN := 0, 0
		for _, o := range ops[lo:hi] {
			if o.kind != '+' {
				aN++
			}
			if o.kind != '-' {
				bN++
			}
		}
		fmt.Fprintf(w, "@@ -%s +%s @@\n", hunkRange(aLine, aN), hunkRange(bLine, bN))
		for _, o := range ops[lo:hi] {
			fmt.Fprintf(w, "%c%s\n", o.kind, o.text)
		}
		start = hi
	}
}

// hunkRange writes a hunk's start and length as diff -u does: an empty
// range starts at the line before it.
func hunkRange(start, n int) string {
	if n == 0 {
		return fmt.Sprintf("%d,0", start-1)
	}
	if n == 1 {
		return fmt.Sprint(start)
	}
	return fmt.Sprintf("%d,%d", start, n)
}

// relabel names git's files by the path in the repository: its old side is
// a temporary file whose name means nothing to the reader.
func relabel(d *dsl.ModuleDiff, oldFile, newFile, path string) {
	oldName, newName := filepath.Base(oldFile), filepath.Base(newFile)
	for i := range d.Changes {
		c := &d.Changes[i]
		if c.Old != nil && c.Old.Pos.File == oldName {
			c.Old.Pos.File = path
		}
		if c.New != nil && c.New.Pos.File == newName {
			c.New.Pos.File = path
		}
	}
}

// useColor decides whether to colour text: auto colours a terminal, and
// honours NO_COLOR.
func useColor(mode string, w io.Writer) (colored, ok bool) {
	switch mode {
	case "always":
		return true, true
	case "never":
		return false, true
	case "auto":
		if os.Getenv("NO_COLOR") != "" {
			return false, true
		}
		f, isFile := w.(*os.File)
		if !isFile {
			return false, true
		}
		st, err := f.Stat()
		return err == nil && st.Mode()&os.ModeCharDevice != 0, true
	}
	return false, false
}

// ---- simulation ---------------------------------------------------------------

// diffSim is the change in a scenario's outcomes from one side to the other.
type diffSim struct {
	Scenario string           `json:"scenario"`
	Runs     int              `json:"runs"`
	Seed     uint64           `json:"seed"`
	Outcomes []diffSimOutcome `json:"outcomes"`
}

type diffSimOutcome struct {
	Outcome string  `json:"outcome"`
	Old     float64 `json:"old"`
	New     float64 `json:"new"`
}

// withScenario is a module that also has a scenario of another module's.
func withScenario(mod *dsl.Module, sd *dsl.ScenarioDef) *dsl.Module {
	cp := *mod
	cp.Scenarios = append(append([]*dsl.ScenarioDef(nil), mod.Scenarios...), sd)
	return &cp
}

func simulateBoth(oldMod, newMod *dsl.Module, scenario string, n int, seed uint64) (*diffSim, error) {
	if oldMod == nil || newMod == nil {
		return nil, fmt.Errorf("both sides need rules to play a scenario")
	}
	// A scenario only one side has (a new edition's new set-up) is played
	// under both sides' rules all the same.
	if _, ok := newMod.Scenario(scenario); !ok {
		if sd, inOld := oldMod.Scenario(scenario); inOld {
			newMod = withScenario(newMod, sd)
		}
	} else if _, ok := oldMod.Scenario(scenario); !ok {
		sd, _ := newMod.Scenario(scenario)
		oldMod = withScenario(oldMod, sd)
	}
	a, err := simulateFn(oldMod, scenario, n, seed)
	if err != nil {
		return nil, fmt.Errorf("old side: %w", err)
	}
	b, err := simulateFn(newMod, scenario, n, seed)
	if err != nil {
		return nil, fmt.Errorf("new side: %w", err)
	}
	s := &diffSim{Scenario: scenario, Runs: n, Seed: seed}
	keys := map[string]bool{}
	for k := range a {
		keys[k] = true
	}
	for k := range b {
		keys[k] = true
	}
	for k := range keys {
		s.Outcomes = append(s.Outcomes, diffSimOutcome{Outcome: k, Old: a[k], New: b[k]})
	}
	sort.Slice(s.Outcomes, func(i, j int) bool { return s.Outcomes[i].Outcome < s.Outcomes[j].Outcome })
	return s, nil
}

// changed lists the outcomes whose means differ as printed, and counts
// the others.
func (s *diffSim) changed() (out []diffSimOutcome, same int) {
	for _, o := range s.Outcomes {
		if simValue(o.Old) == simValue(o.New) {
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

func (p painter) paint(code, s string) string {
	if !p || s == "" {
		return s
	}
	return code + s + ansiReset
}

func writeDiffText(w io.Writer, d *dsl.ModuleDiff, sim *diffSim, colored bool) {
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
		case dsl.Added:
			sym, code = "+", ansiGreen
		case dsl.Removed:
			sym, code = "-", ansiRed
		}
		fmt.Fprintln(w, p.paint(code, sym+" "+changeTitle(c)))
		for _, det := range c.Details {
			label := detailLabel(det)
			switch {
			case det.Old == "":
				fmt.Fprintf(w, "    %s: %s\n", label, p.paint(ansiGreen, "+ "+det.New))
			case det.New == "":
				fmt.Fprintf(w, "    %s: %s\n", label, p.paint(ansiRed, "- "+det.Old))
			default:
				fmt.Fprintf(w, "    %s: %s → %s\n", label, p.paint(ansiRed, det.Old), p.paint(ansiGreen, det.New))
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
		fmt.Fprintf(w, "\noutcomes of %s, %d games per side, seed %d (means over the games):\n", sim.Scenario, sim.Runs, sim.Seed)
		changed, same := sim.changed()
		for _, o := range changed {
			fmt.Fprintf(w, "    %s: %s → %s\n", o.Outcome, p.paint(ansiRed, simValue(o.Old)), p.paint(ansiGreen, simValue(o.New)))
		}
		if same > 0 {
			fmt.Fprintf(w, "    (%d more the same)\n", same)
		}
	}
}

func moduleLine(m dsl.ModuleInfo) string {
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
func changeTitle(c dsl.Change) string {
	s := c.Kind
	if c.Name != "" {
		s += " " + c.Name
	}
	side := c.New
	if side == nil {
		side = c.Old
	}
	if c.Kind == dsl.KindHeader {
		return s + " " + side.Module
	}
	if side.Title != "" {
		s += fmt.Sprintf(" %q", side.Title)
	}
	return s
}

// detailLabel says which part of a declaration a detail is about.
func detailLabel(d dsl.Detail) string {
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

func sideText(s *dsl.Side) string {
	t := fmt.Sprintf("%s:%d", s.Pos.File, s.Pos.Line)
	if len(s.Cite) > 0 {
		t += "  [" + strings.Join(s.Cite, ", ") + "]"
	}
	return t
}

// ---- markdown -------------------------------------------------------------------

var kindHeadings = map[string]string{
	dsl.KindHeader: "Header", dsl.KindParam: "Parameters", dsl.KindTable: "Tables",
	dsl.KindCheck: "Checks", dsl.KindRule: "Rules", dsl.KindTerrain: "Terrain",
	dsl.KindFormation: "Formations", dsl.KindArm: "Arms", dsl.KindState: "Morale states",
}

// writeDiffMarkdown writes an errata sheet: one section per kind, one entry
// per declaration with its citation, and what changed under it.
func writeDiffMarkdown(w io.Writer, d *dsl.ModuleDiff, sim *diffSim) {
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
		fmt.Fprintln(w, mdEntry(c))
		if c.Op == dsl.Changed {
			for _, det := range c.Details {
				// The entry's line already gives both citations.
				if det.What != "cite" || c.Kind == dsl.KindHeader {
					fmt.Fprintln(w, "  - "+mdDetail(det))
				}
			}
		}
		if i+1 == len(d.Changes) || d.Changes[i+1].Kind != kind {
			fmt.Fprintln(w)
		}
	}
	if sim != nil {
		fmt.Fprintf(w, "## Outcomes of %s\n\n", sim.Scenario)
		changed, same := sim.changed()
		fmt.Fprintf(w, "Means over %d games per side, seed %d; %d more outcomes are the same.\n\n", sim.Runs, sim.Seed, same)
		fmt.Fprintln(w, "| Outcome | Was | Now |")
		fmt.Fprintln(w, "|---|---:|---:|")
		for _, o := range changed {
			fmt.Fprintf(w, "| %s | %s | %s |\n", mdEscape(o.Outcome), simValue(o.Old), simValue(o.New))
		}
	}
}

func mdModule(m dsl.ModuleInfo) string {
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

func mdEntry(c dsl.Change) string {
	name := c.Name
	side := c.New
	if side == nil {
		side = c.Old
	}
	if c.Kind == dsl.KindHeader {
		name = side.Module
	}
	s := "- **" + mdEscape(name) + "**"
	if side.Title != "" && c.Kind != dsl.KindHeader {
		s += " “" + mdEscape(side.Title) + "”"
	}
	switch c.Op {
	case dsl.Added:
		s += " — new"
		for _, det := range c.Details {
			s += ", " + mdLabel(det) + " " + mdCode(det.New)
		}
	case dsl.Removed:
		s += " — removed"
	}
	return s + " — " + mdCite(c)
}

// mdCite is the citation of an entry: the new one, with the old one when it
// changed; a position when the declaration cites nothing.
func mdCite(c dsl.Change) string {
	cite := func(s *dsl.Side) string {
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
	case c.Old == nil || cite(c.Old) == cite(c.New):
		return "*" + mdEscape(cite(c.New)) + "*"
	}
	return "*" + mdEscape(cite(c.New)) + "* (was *" + mdEscape(cite(c.Old)) + "*)"
}

// plainWhats are details written as prose, not code.
var plainWhats = map[string]bool{"title": true, "edition": true, "cite": true, "id": true, "kind": true}

func mdDetail(d dsl.Detail) string {
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

func mdLabel(d dsl.Detail) string {
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
	fence := "`"
	for strings.Contains(s, fence) {
		fence += "`"
	}
	if strings.HasPrefix(s, "`") || strings.HasSuffix(s, "`") {
		return fence + " " + s + " " + fence
	}
	return fence + s + fence
}

var mdEscaper = strings.NewReplacer(`\`, `\\`, "*", `\*`, "_", `\_`, "`", "\\`", "[", `\[`, "]", `\]`, "<", "&lt;", "|", `\|`)

func mdEscape(s string) string { return mdEscaper.Replace(s) }

// ---- json -----------------------------------------------------------------------

// diffJSON is the document --format json writes; docs/diff.md describes it.
type diffJSON struct {
	Old        dsl.ModuleInfo `json:"old"`
	New        dsl.ModuleInfo `json:"new"`
	Equal      bool           `json:"equal"`
	Changes    []dsl.Change   `json:"changes"`
	Simulation *diffSim       `json:"simulation,omitempty"`
}

func writeDiffJSON(w io.Writer, d *dsl.ModuleDiff, sim *diffSim) {
	doc := diffJSON{Old: d.Old, New: d.New, Equal: d.Equal(), Changes: d.Changes, Simulation: sim}
	if doc.Changes == nil {
		doc.Changes = []dsl.Change{}
	}
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	enc.SetEscapeHTML(false)
	_ = enc.Encode(doc)
}
