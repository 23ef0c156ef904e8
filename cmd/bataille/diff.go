package main

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"strings"
	"time"

	"github.com/bataille/bataille"
	"github.com/bataille/bataille/dsl"
	"github.com/bataille/bataille/internal/visible"
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
	exact := fs.Bool("exact", false, "with --simulate: compare exact odds over every path through the dice instead of -n games")
	maxPaths := fs.Int64("max-paths", bataille.DefaultMaxPaths, "with --exact: the most paths through the dice to play (each from one state to the next), for each side")
	maxStates := fs.Int64("max-states", bataille.DefaultMaxStates, "with --exact: the most distinct game states to keep, for each side")
	maxCost := fs.Int64("max-cost", bataille.DefaultExactCost, "with --exact: the cost budget of each side's whole exploration (docs/safety.md)")
	ignoreCites := fs.Bool("ignore-cites", false, "leave out changes of citation, and declarations whose citation is all that changed")
	best := fs.Bool("best", false, "with --simulate: compare under best play, every question the rules ask answered by the advisor for each side's objective (the scenario's decide lines left out); exact, as --exact")
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
	if (*exact || *best) && !fs.Changed("simulate") {
		fmt.Fprintln(stderr, "bataille diff: --exact and --best go with --simulate SCENARIO")
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

	load := loadSide
	if gitPath != "" {
		// Git runs its driver at the top of the work tree and hands it
		// copies of the two versions: each is read as if it stood at its
		// path in the tree, so that it extends the folders beside its own.
		load = func(arg string) (*dsl.Module, dsl.Diagnostics) { return loadGitSide(arg, gitPath) }
	}
	oldMod, oldDiags := load(oldArg)
	newMod, newDiags := load(newArg)
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
		if pastBounds(bad) {
			// A file the reader refused is not shown line by line either.
			fmt.Fprintf(stdout, "--- a/%s\n+++ b/%s\n(not compared: bataille could not read it; see the errors)\n", gitPath, gitPath)
			return exitOK
		}
		return gitLineDiff(stdout, stderr, gitPath, oldArg, newArg)
	}
	d := dsl.Diff(oldMod, newMod)
	d.Old.Source, d.New.Source = oldLabel, newLabel
	if *ignoreCites {
		d.IgnoreCites()
	}
	if gitPath != "" {
		relabel(d, oldArg, newArg, gitPath)
	}

	var sim *dsl.OutcomeDiff
	if fs.Changed("simulate") {
		var err error
		opt := bataille.ExactOptions{MaxPaths: *maxPaths, MaxStates: *maxStates, MaxCost: *maxCost}
		if sim, err = simulateBoth(oldMod, newMod, *scenario, *runs, *seed, *exact, *best, opt); err != nil {
			fmt.Fprintf(stderr, "bataille diff: --simulate: %v\n", err)
			return exitUsage
		}
	}

	switch *format {
	case "json":
		d.WriteJSON(stdout, sim)
	case "markdown", "md":
		d.WriteMarkdown(stdout, sim)
	default:
		if colored {
			// Its colours are escape sequences of its own: WriteText
			// escapes the script's strings itself.
			d.WriteText(visible.Raw(stdout), sim, colored)
		} else {
			d.WriteText(stdout, sim, colored)
		}
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
	mod, diags := loadPath(arg, toTest)
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

// pastBounds reports whether a side was refused by the reader's bounds
// (or could not be read at all), rather than for what it says.
func pastBounds(ds dsl.Diagnostics) bool {
	for _, d := range ds {
		switch d.Code {
		case "read", "too-large", "too-many", "line-too-long", "bad-encoding", "too-deep":
			return true
		}
	}
	return false
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
	a, errA := readSide(oldFile)
	b, errB := readSide(newFile)
	if errA != nil || errB != nil {
		fmt.Fprintf(stderr, "bataille diff: %v\n", errors.Join(errA, errB))
		return exitUsage
	}
	fmt.Fprintf(stdout, "--- a/%s\n+++ b/%s\n", path, path)
	fmt.Fprintln(stdout, "(not a module on its own: compared line by line)")
	writeLineDiff(stdout, splitLines(string(a)), splitLines(string(b)), 3)
	return exitOK
}

// readSide reads one side of a git diff: git's /dev/null for a file added
// or deleted is empty, anything else is read as a script is.
func readSide(p string) ([]byte, error) {
	if p == os.DevNull {
		return nil, nil
	}
	return readScript(p)
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
	named := func(file, name string) bool { return file == name || strings.HasSuffix(file, "/"+name) }
	for i := range d.Changes {
		c := &d.Changes[i]
		if c.Old != nil && named(c.Old.Pos.File, oldName) {
			c.Old.Pos.File = path
		}
		if c.New != nil && named(c.New.Pos.File, newName) {
			c.New.Pos.File = path
		}
	}
}

// loadGitSide loads one side of a git diff as the file at gitPath of the
// work tree (the current folder), with the text of file: the folders
// beside gitPath's own are its siblings, as they are for bataille check.
func loadGitSide(file, gitPath string) (*dsl.Module, dsl.Diagnostics) {
	if file == os.DevNull {
		return nil, nil
	}
	if _, diags := dsl.ListScripts(os.DirFS(filepath.Dir(file)), filepath.Base(file)); diags.HasErrors() {
		for i := range diags {
			diags[i].SetFile(file)
		}
		return nil, diags
	}
	data, err := readScript(file)
	if err != nil {
		return nil, dsl.Diagnostics{{Severity: dsl.Error, Code: "read", Pos: dsl.Pos{File: file, Line: 1, Col: 1}, Message: "cannot read: " + readErrText(err)}}
	}
	name := path.Clean(filepath.ToSlash(gitPath))
	if !fs.ValidPath(name) {
		return loadSide(file)
	}
	fsys := &oneFileFS{FS: os.DirFS("."), name: name, data: data}
	mod, diags := bataille.LoadDir(fsys, name)
	var errs dsl.Diagnostics
	for _, d := range diags {
		if d.Severity == dsl.Error {
			errs = append(errs, d)
		}
	}
	if errs != nil {
		return nil, errs
	}
	return mod, nil
}

// oneFileFS is a folder of the disk with one file's text given: a version
// of that file git handed the driver.
type oneFileFS struct {
	fs.FS
	name string
	data []byte
}

func (o *oneFileFS) Open(name string) (fs.File, error) {
	if name == o.name {
		return &memFile{Reader: bytes.NewReader(o.data), info: o.info()}, nil
	}
	return o.FS.Open(name)
}

func (o *oneFileFS) Lstat(name string) (fs.FileInfo, error) {
	if name == o.name {
		return o.info(), nil
	}
	return fs.Lstat(o.FS, name)
}

func (o *oneFileFS) ReadLink(name string) (string, error) {
	if name == o.name {
		return "", &fs.PathError{Op: "readlink", Path: name, Err: fs.ErrInvalid}
	}
	return fs.ReadLink(o.FS, name)
}

func (o *oneFileFS) info() fs.FileInfo {
	return memInfo{name: path.Base(o.name), size: int64(len(o.data))}
}

type memFile struct {
	*bytes.Reader
	info fs.FileInfo
}

func (f *memFile) Stat() (fs.FileInfo, error) { return f.info, nil }
func (f *memFile) Close() error               { return nil }

type memInfo struct {
	name string
	size int64
}

func (i memInfo) Name() string       { return i.name }
func (i memInfo) Size() int64        { return i.size }
func (i memInfo) Mode() fs.FileMode  { return 0o444 }
func (i memInfo) ModTime() time.Time { return time.Time{} }
func (i memInfo) IsDir() bool        { return false }
func (i memInfo) Sys() any           { return nil }

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
		f, isFile := visible.Raw(w).(*os.File)
		if !isFile {
			return false, true
		}
		st, err := f.Stat()
		return err == nil && st.Mode()&os.ModeCharDevice != 0, true
	}
	return false, false
}

// ---- simulation ---------------------------------------------------------------

// withScenario is a module that also has a scenario of another module's.
func withScenario(mod *dsl.Module, sd *dsl.ScenarioDef) *dsl.Module {
	cp := *mod
	cp.Scenarios = append(append([]*dsl.ScenarioDef(nil), mod.Scenarios...), sd)
	return &cp
}

func simulateBoth(oldMod, newMod *dsl.Module, scenario string, n int, seed uint64, exact, best bool, opt bataille.ExactOptions) (*dsl.OutcomeDiff, error) {
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
	if best {
		s, err := exactBothBy(bestFn, oldMod, newMod, scenario)
		if s != nil {
			s.Best = true
		}
		return s, err
	}
	if exact {
		ctx, stop := interruptContext()
		defer stop()
		return exactBoth(ctx, oldMod, newMod, scenario, opt)
	}
	a, err := simulateFn(oldMod, scenario, n, seed)
	if err != nil {
		return nil, fmt.Errorf("old side: %w", err)
	}
	b, err := simulateFn(newMod, scenario, n, seed)
	if err != nil {
		return nil, fmt.Errorf("new side: %w", err)
	}
	s := &dsl.OutcomeDiff{Scenario: scenario, Runs: n, Seed: seed}
	for _, k := range outcomeNames(a, b) {
		s.Outcomes = append(s.Outcomes, dsl.OutcomeChange{Outcome: k, Old: a[k], New: b[k]})
	}
	return s, nil
}

// outcomeNames lists, sorted, the outcomes either side of a comparison has.
func outcomeNames[V any](a, b map[string]V) []string {
	seen := map[string]bool{}
	for k := range a {
		seen[k] = true
	}
	for k := range b {
		seen[k] = true
	}
	return sortedNames(seen)
}
