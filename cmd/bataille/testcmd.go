package main

import (
	"context"
	"fmt"
	"io"
	"strings"

	"github.com/bataille/bataille"
	"github.com/spf13/pflag"
)

func init() {
	register(command{"test", "play the rulings a battle declares as tests, as go test does", cmdTest})
}

func cmdTest(args []string, stdout, stderr io.Writer) int {
	fs := pflag.NewFlagSet("test", pflag.ContinueOnError)
	fs.SetOutput(stderr)
	verbose := fs.BoolP("verbose", "v", false, "name every test, passed or not")
	run := fs.String("run", "", "only the tests whose names contain this")
	fs.Usage = func() {
		fmt.Fprintln(stderr, "Usage: bataille test [GAME|DIR]… [-v] [--run SUBSTRING]\n\nPlays each `test` a battle declares or inherits against its rules, with the\ninvariants on, and says ok or FAIL with the place of each expectation that\ndid not hold. Without arguments, every bundled battle. Exit 1 on any failure.\n\nFlags:")
		fs.PrintDefaults()
	}
	if code, ok := parseFlags(fs, args); !ok {
		return code
	}
	games := fs.Args()
	if len(games) == 0 {
		games = bataille.Bundled()
	}
	code := exitOK
	for _, game := range games {
		mod := loadOrReport(game, toTest, stderr)
		if mod == nil {
			code = exitFail
			continue
		}
		ran, failed, skipped := 0, 0, 0
		for _, t := range mod.Tests {
			if *run != "" && !strings.Contains(t.Name, *run) {
				continue
			}
			if t.Skip != "" {
				skipped++
				fmt.Fprintf(stdout, "--- SKIP: %s (%s): %s\n", t.Name, t.Title, t.Skip)
				continue
			}
			ran++
			r := bataille.RunTest(context.Background(), mod, t)
			cite := ""
			if len(t.Cite) > 0 {
				cite = " [" + mod.CiteLine(t.Cite) + "]"
			}
			if !r.Passed() {
				failed++
				fmt.Fprintf(stdout, "--- FAIL: %s (%s)%s\n", t.Name, t.Title, cite)
				for _, f := range r.Failures {
					fmt.Fprintf(stdout, "    %s\n", errAsGiven(game, fmt.Errorf("%s", f)))
				}
			} else if *verbose {
				paths := ""
				if r.Paths > 1 {
					paths = fmt.Sprintf(", %d paths", r.Paths)
				}
				fmt.Fprintf(stdout, "--- PASS: %s (%s%s)%s\n", t.Name, t.Title, paths, cite)
			}
		}
		switch {
		case failed > 0:
			fmt.Fprintf(stdout, "FAIL\t%s\t%d of %d test(s) failed\n", game, failed, ran)
			code = exitFail
		case skipped > 0:
			fmt.Fprintf(stdout, "ok  \t%s\t%d test(s), %d skipped\n", game, ran, skipped)
		case ran == 0:
			fmt.Fprintf(stdout, "ok  \t%s\t[no tests]\n", game)
		default:
			fmt.Fprintf(stdout, "ok  \t%s\t%d test(s)\n", game, ran)
		}
	}
	return code
}
