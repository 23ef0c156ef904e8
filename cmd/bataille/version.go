package main

import (
	"fmt"
	"io"
	"runtime/debug"
)

func init() {
	register(command{"version", "print the module version and build", cmdVersion})
}

func cmdVersion(args []string, stdout, stderr io.Writer) int {
	if len(args) > 0 {
		fmt.Fprintln(stderr, "Usage: bataille version")
		if args[0] == "-h" || args[0] == "--help" {
			return exitOK
		}
		return exitUsage
	}
	info, ok := debug.ReadBuildInfo()
	if !ok {
		fmt.Fprintln(stdout, "bataille (no build information)")
		return exitOK
	}
	version := info.Main.Version
	if version == "" {
		version = "(devel)"
	}
	fmt.Fprintf(stdout, "bataille %s %s %s", info.Main.Path, version, info.GoVersion)
	for _, s := range info.Settings {
		if s.Key == "vcs.revision" {
			fmt.Fprintf(stdout, " %s", s.Value)
		}
	}
	fmt.Fprintln(stdout)
	return exitOK
}
