package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"runtime/debug"

	"github.com/bataille/bataille/lsp"
	"github.com/spf13/pflag"
)

// lspInput is what the server reads: the process's stdin, or a test's pipe.
var lspInput io.Reader = os.Stdin

func init() {
	register(command{"lsp", "serve the Language Server Protocol on stdin and stdout, for editors", cmdLSP})
}

func cmdLSP(args []string, stdout, stderr io.Writer) int {
	fs := pflag.NewFlagSet("lsp", pflag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.Bool("stdio", true, "talk over stdin and stdout (the only transport; editors pass it)")
	verbose := fs.BoolP("verbose", "v", false, "log failed requests to stderr")
	fs.Usage = func() {
		fmt.Fprintln(stderr, `Usage: bataille lsp [--stdio] [-v]

Serves the Language Server Protocol on stdin and stdout: diagnostics as
you type, quick fixes, hover, go to definition and references, completion,
formatting, outline and semantic highlighting for .rules files. An editor
starts it; see the README for VS Code, Neovim, Helix and Emacs.

Flags:`)
		fs.PrintDefaults()
	}
	if code, ok := parseFlags(fs, args); !ok {
		return code
	}
	opts := lsp.Options{}
	if info, ok := debug.ReadBuildInfo(); ok {
		opts.Version = info.Main.Version
	}
	if *verbose {
		opts.Log = stderr
	}
	err := lsp.Serve(context.Background(), lspInput, stdout, opts)
	switch {
	case err == nil:
		return exitOK
	case errors.Is(err, lsp.ErrNoShutdown):
		return exitFail
	}
	fmt.Fprintf(stderr, "bataille lsp: %v\n", err)
	return exitFail
}
