package main

import (
	"bytes"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/bataille/bataille"
	"github.com/bataille/bataille/dsl"
	"github.com/bataille/bataille/internal/visible"
	"github.com/bataille/bataille/interpreter"
	"github.com/bataille/bataille/picture"
	"github.com/spf13/pflag"
)

func init() {
	register(command{"map", "draw a scenario's map, counters and orders as SVG", cmdMap})
}

func cmdMap(args []string, stdout, stderr io.Writer) int {
	fs := pflag.NewFlagSet("map", pflag.ContinueOnError)
	fs.SetOutput(stderr)
	out := fs.StringP("output", "o", "", "write the SVG to this file instead of standard output")
	fs.Usage = func() {
		fmt.Fprintln(stderr, "Usage: bataille map GAME|DIR [SCENARIO] [-o FILE.svg]\n\nDraws a scenario as it is set up: the hex grid with its map numbers, the\nterrain (closed terrain hatched), each unit as a counter and the orders as\narrows.\n\nFlags:")
		fs.PrintDefaults()
	}
	if code, ok := parseArgs(fs, args, 1, 2); !ok {
		return code
	}
	mod := loadOrReport(fs.Arg(0), stderr)
	if mod == nil {
		return exitFail
	}
	scene, err := sceneOf(mod, fs.Arg(1))
	if err != nil {
		fmt.Fprintf(stderr, "bataille map: %v\n", err)
		return exitFail
	}
	var buf bytes.Buffer
	if err := picture.MapSVG(&buf, scene); err != nil {
		fmt.Fprintf(stderr, "bataille map: %v\n", err)
		return exitFail
	}
	return writeOutput(*out, buf.Bytes(), stdout, stderr, "map")
}

// sceneOf sets up a scenario's board and orders for drawing.
func sceneOf(mod *dsl.Module, scenario string) (picture.Scene, error) {
	sd, err := bataille.FindScenario(mod, scenario)
	if err != nil {
		return picture.Scene{}, err
	}
	setup, diags := interpreter.BuildScenario(mod, sd)
	if diags.HasErrors() {
		return picture.Scene{}, diags.Err()
	}
	title := sd.Title
	if title == "" {
		title = sd.Name
	}
	if mod.Title != "" {
		title = mod.Title + " — " + title
	}
	return picture.Scene{Title: title, Module: mod, Board: setup.Board, Orders: setup.Orders}, nil
}

// writeOutput writes a picture to a file, or to standard output without one.
func writeOutput(path string, data []byte, stdout, stderr io.Writer, cmd string) int {
	if path == "" || path == "-" {
		// A picture is not terminal text: its own escaping keeps it inert.
		if _, err := visible.Raw(stdout).Write(data); err != nil {
			return exitFail
		}
		return exitOK
	}
	if err := os.WriteFile(path, data, 0o644); err != nil {
		fmt.Fprintf(stderr, "bataille %s: %v\n", cmd, err)
		return exitFail
	}
	return exitOK
}

// writeReplay writes a run's trace as an HTML replay over the scenario as
// it was set up; game is the battle as the command was given it, so that
// the page says how to play the run again.
func writeReplay(path, game string, mod *dsl.Module, scenario string, seed uint64, trace interpreter.Trace, verbose bool, answers *interpreter.ScriptedDecider, stderr io.Writer) int {
	scene, err := sceneOf(mod, scenario)
	if err != nil {
		fmt.Fprintf(stderr, "bataille run: %v\n", err)
		return exitFail
	}
	var buf bytes.Buffer
	subtitle := strings.Join(strings.Fields(fmt.Sprintf("bataille run %s %s --seed %d", game, scenario, seed)), " ")
	if note := caveatNote(mod.ID); note != "" {
		subtitle += " — " + note
	}
	r := picture.Replay{Scene: scene, Subtitle: subtitle, Trace: trace, Verbose: verbose,
		Advice: replayAdvice(mod, scenario, trace, answers, stderr)}
	if err := picture.ReplayHTML(&buf, r); err != nil {
		fmt.Fprintf(stderr, "bataille run: %v\n", err)
		return exitFail
	}
	return writeOutput(path, buf.Bytes(), nil, stderr, "run")
}
