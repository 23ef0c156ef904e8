package main

import (
	"encoding/json"
	"errors"
	"fmt"
	"github.com/bataille/bataille/stdlib"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/bataille/bataille"
	"github.com/bataille/bataille/dsl"
	"github.com/bataille/bataille/interpreter"
	"github.com/spf13/pflag"
)

func init() {
	register(command{"check", "check rule modules and battles; exit 1 on any error", cmdCheck})
}

func cmdCheck(args []string, stdout, stderr io.Writer) int {
	fs := pflag.NewFlagSet("check", pflag.ContinueOnError)
	fs.SetOutput(stderr)
	asJSON := fs.Bool("json", false, "print diagnostics as JSON")
	fs.Usage = func() {
		fmt.Fprintln(stderr, "Usage: bataille check [--json] [PATH…]\n\nChecks modules: each PATH is a folder (a battle) or a .rules file.\nWith no PATH, checks the base modules and every bundled battle.\nExit 0 when clean, 1 when any error is found, 2 on a usage error.\n\nFlags:")
		fs.PrintDefaults()
	}
	if code, ok := parseFlags(fs, args); !ok {
		return code
	}
	var all dsl.Diagnostics
	checked := 0
	if fs.NArg() == 0 {
		for _, name := range append([]string{"premier"}, bataille.Bundled()...) {
			_, diags := bataille.LoadBundled(name)
			all = append(all, diags...)
			checked++
		}
	}
	for _, p := range fs.Args() {
		_, diags := loadPath(p, toTest)
		all = append(all, diags...)
		checked++
	}
	all = dedupe(all)
	if *asJSON {
		enc := json.NewEncoder(stdout)
		enc.SetIndent("", "  ")
		if all == nil {
			all = dsl.Diagnostics{}
		}
		_ = enc.Encode(all)
	} else {
		all.Print(stdout)
	}
	if all.HasErrors() {
		return exitFail
	}
	if !*asJSON {
		fmt.Fprintf(stderr, "ok: %d module(s) checked\n", checked)
	}
	return exitOK
}

// loadScenario loads GAME|DIR and finds its scenario (the first when name
// is empty) for a command that plays one, warning of answers no rule asks;
// it reports on stderr and returns nil when either is missing.
func loadScenario(cmd, game, name string, answers *interpreter.ScriptedDecider, stderr io.Writer) (*dsl.Module, *dsl.ScenarioDef) {
	mod := loadOrReport(game, toPlay, stderr)
	if mod == nil {
		return nil, nil
	}
	sd, err := bataille.FindScenario(mod, name)
	if err != nil {
		fmt.Fprintf(stderr, "bataille %s: %v\n", cmd, err)
		return nil, nil
	}
	warnUnasked(stderr, cmd, mod, sd, answers)
	return mod, sd
}

// loadOrReport loads a module for a command that plays or shows it (play:
// its tests unread, bataille.LoadDirToPlay) or tests it: on errors it
// prints them and returns nil.
func loadOrReport(p string, play bool, stderr io.Writer) *dsl.Module {
	mod, diags := loadPath(p, play)
	if diags.HasErrors() {
		diags.Print(stderr)
		return nil
	}
	// Which battle a bare name played is worth saying on every command,
	// not only check: a run of the bundled battle when the folder here was
	// meant would otherwise look like the folder's rules at work.
	for _, d := range diags {
		if d.Code == "bundled-name" {
			dsl.Diagnostics{d}.Print(stderr)
		}
	}
	notePlaceholdersOf(mod)
	return mod
}

// loadPath loads a bundled battle by name, or a folder or file on disk.
// Positions in the user's files are written from the path as given
// (`DIR/rules.rules:5:77`), so that an editor's quickfix opens the right
// file.
//
// A bare name (no slash, no leading ".", no .rules) that names a bundled
// battle or base module is that battle, even when the working folder holds
// a folder of the same name: a folder someone left there must not replace
// the battle silently. `./NAME` names the folder; check warns of it.
//
// play loads it to play, its tests unread.
func loadPath(p string, play bool) (*dsl.Module, dsl.Diagnostics) {
	loadBundled, loadDir := bataille.LoadBundled, bataille.LoadDir
	if play {
		loadBundled, loadDir = bataille.LoadBundledToPlay, bataille.LoadDirToPlay
	}
	if !looksLikePath(p) && isBundled(p) {
		mod, diags := loadBundled(p)
		if st, err := os.Stat(p); err == nil && st.IsDir() {
			diags = append(diags, dsl.Diagnostic{Severity: dsl.Warning, Code: "bundled-name", Pos: dsl.Pos{File: p},
				Message: fmt.Sprintf("the bundled battle %s is used, not the folder %s here; write ./%s for the folder", p, p, p)})
		}
		return mod, diags
	}
	st, err := os.Stat(p)
	if err == nil {
		root, name := splitPath(p, st.IsDir())
		mod, diags := loadDir(os.DirFS(root), name)
		return mod, asGiven(diags, root, filepath.IsAbs(p))
	}
	if looksLikePath(p) {
		why := "no such file or folder"
		if !errors.Is(err, fs.ErrNotExist) {
			why = "cannot read it: " + errors.Unwrap(err).Error()
		}
		return nil, dsl.Diagnostics{{Severity: dsl.Error, Code: "read", Pos: dsl.Pos{File: p},
			Message: fmt.Sprintf("%s (a battle is a bundled name, %s, or a folder or .rules file on disk)", why, strings.Join(bataille.Bundled(), ", "))}}
	}
	return loadBundled(p)
}

// What loadPath and loadOrReport are to load a module for.
const (
	toPlay = true
	toTest = false
)

// isBundled reports whether name is a bundled battle or base module.
func isBundled(name string) bool {
	if slices.Contains(bataille.Bundled(), name) {
		return true
	}
	_, err := fs.Stat(stdlib.BaseFS, name+dsl.Ext)
	return err == nil
}

// looksLikePath reports whether a GAME argument names a place on disk
// rather than a bundled battle.
func looksLikePath(p string) bool {
	return strings.ContainsRune(p, '/') || strings.ContainsRune(p, filepath.Separator) || strings.HasPrefix(p, ".") || strings.HasSuffix(p, dsl.Ext)
}

// asGiven rewrites the positions of diagnostics in files under root (named
// relative to it) as paths the user can open: absolute when the path given
// was, else relative to the working folder. Positions in bundled modules
// stay as they are.
func asGiven(diags dsl.Diagnostics, root string, abs bool) dsl.Diagnostics {
	wd, err := os.Getwd()
	if err != nil {
		abs = true
	}
	for i, d := range diags {
		if d.Pos.File == "" || filepath.IsAbs(d.Pos.File) {
			continue
		}
		local := filepath.Join(root, filepath.FromSlash(d.Pos.File))
		if _, err := os.Lstat(local); err != nil {
			continue
		}
		if !abs {
			if rel, err := filepath.Rel(wd, local); err == nil {
				local = rel
			}
		}
		diags[i].SetFile(filepath.ToSlash(local))
	}
	return diags
}

// dedupe drops diagnostics reported twice (a base module's error seen from
// each battle that extends it).
func dedupe(ds dsl.Diagnostics) dsl.Diagnostics {
	seen := map[string]bool{}
	var out dsl.Diagnostics
	for _, d := range ds {
		k := d.String()
		if !seen[k] {
			seen[k] = true
			out = append(out, d)
		}
	}
	return out
}

func usageExit(err error) int {
	if err == pflag.ErrHelp {
		return exitOK
	}
	return exitUsage
}

// parseFlags parses a command's flags; on an error it says what is wrong
// and shows the usage. ok is false when the command should exit with code.
func parseFlags(fs *pflag.FlagSet, args []string) (code int, ok bool) {
	err := fs.Parse(args)
	if err == nil {
		return exitOK, true
	}
	if err != pflag.ErrHelp {
		fmt.Fprintf(fs.Output(), "bataille %s: %v\n", fs.Name(), err)
		fs.Usage()
	}
	return usageExit(err), false
}

// parseArgs is parseFlags for a command that takes from min to max
// arguments after its flags: any other count shows its usage.
func parseArgs(fs *pflag.FlagSet, args []string, min, max int) (code int, ok bool) {
	if code, ok := parseFlags(fs, args); !ok {
		return code, false
	}
	if fs.NArg() < min || fs.NArg() > max {
		fs.Usage()
		return exitUsage, false
	}
	return exitOK, true
}

// parseGame is parseArgs for a command whose first argument is a battle:
// the battle loaded, or nil and the exit code once the error is reported.
func parseGame(fs *pflag.FlagSet, args []string, min, max int, stderr io.Writer) (*dsl.Module, int) {
	if code, ok := parseArgs(fs, args, min, max); !ok {
		return nil, code
	}
	mod := loadOrReport(fs.Arg(0), toPlay, stderr)
	if mod == nil {
		return nil, exitFail
	}
	return mod, exitOK
}

// errAsGiven writes an error of a run of the battle at path p with the
// position it starts with (`rules.rules:11:1: …`) as a path the user can
// open, as asGiven does for diagnostics.
func errAsGiven(p string, err error) string {
	msg := err.Error()
	st, statErr := os.Stat(p)
	file, rest, ok := strings.Cut(msg, ":")
	if statErr != nil || !ok {
		return msg
	}
	root, _ := splitPath(p, st.IsDir())
	d := asGiven(dsl.Diagnostics{{Pos: dsl.Pos{File: file, Line: 1}}}, root, filepath.IsAbs(p))
	return d[0].Pos.File + ":" + rest
}
