package main

import (
	"encoding/json"
	"fmt"
	"io"
	"os"

	"github.com/bataille/bataille"
	"github.com/bataille/bataille/dsl"
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
		_, diags := loadPath(p)
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

// loadOrReport loads a module for a command that plays or shows it: on
// errors it prints them and returns nil.
func loadOrReport(p string, stderr io.Writer) *dsl.Module {
	mod, diags := loadPath(p)
	if diags.HasErrors() {
		diags.Print(stderr)
		return nil
	}
	return mod
}

// loadPath loads a bundled battle by name, or a folder or file on disk.
func loadPath(p string) (*dsl.Module, dsl.Diagnostics) {
	if st, err := os.Stat(p); err == nil {
		dir, name := splitPath(p, st.IsDir())
		return bataille.LoadDir(os.DirFS(dir), name)
	}
	return bataille.LoadBundled(p)
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
