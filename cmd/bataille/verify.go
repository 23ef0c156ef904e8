package main

import (
	"context"
	"encoding/json"
	"fmt"
	"io"

	"github.com/bataille/bataille"
	"github.com/bataille/bataille/dsl"
	"github.com/spf13/pflag"
)

func init() {
	register(command{"verify", "play every path through the dice and every answer, and report each invariant a path breaks", cmdVerify})
}

func cmdVerify(args []string, stdout, stderr io.Writer) int {
	fs := pflag.NewFlagSet("verify", pflag.ContinueOnError)
	fs.SetOutput(stderr)
	asJSON := fs.Bool("json", false, "print the reports as JSON, one object per scenario")
	maxPaths := fs.Int64("max-paths", bataille.DefaultVerifyPaths, "fail a scenario with more paths than this rather than prove part of it")
	fs.Usage = func() {
		fmt.Fprintln(stderr, "Usage: bataille verify GAME|DIR [SCENARIO] [--json] [--max-paths N]\n\nPlays each scenario (or the one named) down every path through the dice\nand every answer to every question its rules ask, with the invariants on,\nand reports each invariant some path breaks with the command line that\nreplays it. Exit 1 on any.\n\nFlags:")
		fs.PrintDefaults()
	}
	if code, ok := parseArgs(fs, args, 1, 2); !ok {
		return code
	}
	game := fs.Arg(0)
	mod := loadOrReport(game, toPlay, stderr)
	if mod == nil {
		return exitFail
	}
	scenarios := mod.AllScenarios()
	if fs.NArg() == 2 {
		sd, err := bataille.FindScenario(mod, fs.Arg(1))
		if err != nil {
			fmt.Fprintf(stderr, "bataille verify: %v\n", err)
			return exitFail
		}
		scenarios = []*dsl.ScenarioDef{sd}
	}
	if len(scenarios) == 0 {
		fmt.Fprintf(stderr, "bataille verify: %s has no scenario\n", game)
		return exitFail
	}
	reports, err := bataille.Verify(context.Background(), mod, scenarios, bataille.VerifyOptions{MaxPaths: *maxPaths})
	if err != nil {
		fmt.Fprintf(stderr, "bataille verify: %s\n", errAsGiven(game, err))
		return exitFail
	}
	broken := 0
	for _, r := range reports {
		bataille.SortViolations(r.Broken)
		broken += len(r.Broken)
	}
	if *asJSON {
		enc := json.NewEncoder(stdout)
		for _, r := range reports {
			type withReplay struct {
				*bataille.Violation
				Replay string `json:"replay"`
			}
			out := struct {
				Game     string       `json:"game"`
				Scenario string       `json:"scenario"`
				Paths    int64        `json:"paths"`
				Broken   []withReplay `json:"broken"`
			}{Game: game, Scenario: r.Scenario, Paths: r.Paths, Broken: []withReplay{}}
			for _, v := range r.Broken {
				out.Broken = append(out.Broken, withReplay{v, v.Replay(game, r.Scenario)})
			}
			_ = enc.Encode(out)
		}
	} else {
		fmt.Fprintf(stdout, "verify %s: %d invariant(s)\n", game, len(mod.Invariants))
		for _, r := range reports {
			status := "ok  "
			if len(r.Broken) > 0 {
				status = "FAIL"
			}
			fmt.Fprintf(stdout, "%s %s: %d path(s)\n", status, r.Scenario, r.Paths)
			for _, v := range r.Broken {
				fmt.Fprintf(stdout, "    %s\n", errAsGiven(game, fmt.Errorf("%s", v.Message)))
				fmt.Fprintf(stdout, "      on %d path(s), chance %s over the dice, answered as breaks it most\n", v.Paths, v.Chance)
				fmt.Fprintf(stdout, "      replay: %s\n", v.Replay(game, r.Scenario))
			}
		}
	}
	if broken > 0 {
		return exitFail
	}
	return exitOK
}
