// Command bataille checks, formats, runs, simulates, explains and diffs La
// Bataille rule modules.
package main

import (
	"fmt"
	"io"
	"strings"

	"github.com/bataille/bataille"
	"github.com/bataille/bataille/internal/visible"
)

// Exit codes, as diff(1) and go vet use them.
const (
	exitOK    = 0
	exitFail  = 1 // errors found, or (diff) the sides differ
	exitUsage = 2
	// exitInterrupted is a shell's code for a command stopped by SIGINT
	// (128 + 2).
	exitInterrupted = 130
)

type command struct {
	name, summary string
	run           func(args []string, stdout, stderr io.Writer) int
}

// order is the order commands are listed in help; each command's file
// registers it with register in an init function.
var order = []string{"check", "fmt", "run", "verify", "test", "simulate", "advise", "map", "explain", "chart", "odds", "diff", "lsp", "playground", "new", "scenarios", "version"}

var registered = map[string]command{}

func register(c command) { registered[c.name] = c }

func commands() []command {
	var out []command
	for _, name := range order {
		if c, ok := registered[name]; ok {
			out = append(out, c)
		}
	}
	return out
}

func run(args []string, stdout, stderr io.Writer) int {
	if len(args) == 0 || args[0] == "-h" || args[0] == "--help" || args[0] == "help" {
		usage(stdout)
		if len(args) == 0 {
			return exitUsage
		}
		return exitOK
	}
	for _, c := range commands() {
		if c.name == args[0] {
			if c.name == "lsp" {
				// The protocol's frames count their bytes; it is JSON, which
				// escapes what a terminal would act on.
				return c.run(args[1:], stdout, stderr)
			}
			// Text from scripts reaches the terminal through one filter:
			// no escape sequence, carriage return or bidi override of a
			// title, cite or message acts on it (see internal/visible).
			out, errs := visible.NewWriter(stdout), visible.NewWriter(stderr)
			defer out.Flush()
			defer errs.Flush()
			return c.run(args[1:], out, errs)
		}
	}
	fmt.Fprintf(stderr, "bataille: unknown command %q\n\n", args[0])
	usage(stderr)
	return exitUsage
}

func usage(w io.Writer) {
	fmt.Fprintln(w, "bataille: the rules language for La Bataille wargames")
	fmt.Fprintln(w, "\nUsage: bataille COMMAND [flags] [args]\n\nCommands:")
	for _, c := range commands() {
		fmt.Fprintf(w, "  %-9s %s\n", c.name, c.summary)
	}
	fmt.Fprintf(w, "\nGAME is a bundled battle (%s) or a folder of .rules files.\n", strings.Join(bataille.Bundled(), ", "))
	fmt.Fprintln(w, "Run 'bataille COMMAND --help' for a command's flags.")
}
