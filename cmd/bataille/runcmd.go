package main

import (
	"context"
	"crypto/rand"
	"encoding/binary"
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/bataille/bataille"
	"github.com/bataille/bataille/dsl"
	"github.com/bataille/bataille/interpreter"
	"github.com/spf13/pflag"
)

func init() {
	register(command{"run", "play a scenario and print the referee's cited narration", cmdRun})
}

func cmdRun(args []string, stdout, stderr io.Writer) int {
	fs := pflag.NewFlagSet("run", pflag.ContinueOnError)
	fs.SetOutput(stderr)
	seed := fs.Uint64("seed", 0, "dice seed (default: the scenario's `seed` line, or a random one, printed so the run can be repeated)")
	asJSON := fs.Bool("json", false, "print the trace as JSON Lines")
	verbose := fs.BoolP("verbose", "v", false, "also show the rules whose requirements merely held")
	htmlOut := fs.String("html", "", "also write the run as a self-contained HTML replay to this file")
	diceList := fs.String("dice", "", "play these die faces in order instead of seeded dice, comma-separated (a d66 takes two: tens, then units), or none; the run fails when they run out (the replay `verify` prints)")
	answers := answerFlags(fs)
	playArg := fs.String("play", "", "answer the rules' questions in the order they are asked (yes,no,…), the scenario's decide lines left out: the narration stops at the first question past the list, and names it last (with --json, as an event of kind \"question\")")
	fs.Usage = func() {
		fmt.Fprintln(stderr, "Usage: bataille run GAME|DIR [SCENARIO] [--seed N | --dice F,F,…] [--answer U:Q=yes|no]… [--play ANSWERS] [--json] [--html FILE]\n\nPlays a scenario's orders under a battle's rules and prints the referee's\nnarration, each ruling with its rule and citation.\n\nFlags:")
		fs.PrintDefaults()
	}
	if code, ok := parseArgs(fs, args, 1, 2); !ok {
		return code
	}
	decider, err := answers()
	if err != nil {
		fmt.Fprintf(stderr, "bataille run: %v\n", err)
		return exitUsage
	}
	mod := loadOrReport(fs.Arg(0), toPlay, stderr)
	if mod == nil {
		return exitFail
	}
	scenario := fs.Arg(1)
	sd, _ := bataille.FindScenario(mod, scenario)
	warnUnasked(stderr, "run", mod, sd, decider)
	s := *seed
	if sd, err := bataille.FindScenario(mod, scenario); err == nil && sd.Seed != nil && !fs.Changed("seed") {
		s = *sd.Seed
		fmt.Fprintf(stderr, "seed %d (the scenario's)\n", s)
	} else if !fs.Changed("seed") {
		var b [8]byte
		_, _ = rand.Read(b[:])
		s = binary.LittleEndian.Uint64(b[:]) % 1_000_000
		fmt.Fprintf(stderr, "seed %d\n", s)
	}
	var dice interpreter.Dice = interpreter.NewSeededDice(s)
	if fs.Changed("dice") {
		faces, err := parseFaces(*diceList)
		if err != nil {
			fmt.Fprintf(stderr, "bataille run: --dice: %v\n", err)
			return exitUsage
		}
		dice = interpreter.NewFixedDice(faces...)
	}
	cfg := interpreter.Config{Dice: dice, Decider: decider}
	var play *playDecider
	if fs.Changed("play") {
		list, err := parsePlay(*playArg)
		if err != nil {
			fmt.Fprintf(stderr, "bataille run: %v\n", err)
			return exitUsage
		}
		play = &playDecider{answers: list}
		cfg.Decider = play
	}
	eng, err := bataille.NewEngine(mod, scenario, cfg)
	if err != nil {
		fmt.Fprintf(stderr, "bataille: %s\n", errAsGiven(fs.Arg(0), err))
		return exitFail
	}
	trace := eng.Trace
	if play != nil {
		play.eng = eng
		trace = play.trace
	}
	runErr := eng.Run(context.Background())
	notePlayedPlaceholders(stderr, mod, sd, eng.Trace())
	if *asJSON {
		_ = trace().WriteJSON(stdout)
	} else {
		_ = trace().WriteText(stdout, *verbose)
	}
	if play != nil {
		if ev, ok := play.question(); ok {
			if *asJSON {
				_ = interpreter.Trace{ev}.WriteJSON(stdout)
			} else {
				fmt.Fprintf(stdout, "question: %s\n", ev.Text)
			}
		}
	}
	if *htmlOut != "" {
		if code := writeReplay(*htmlOut, fs.Arg(0), mod, scenario, s, trace(), *verbose, decider, stderr); code != exitOK {
			return code
		}
	}
	if runErr != nil {
		fmt.Fprintf(stderr, "bataille: %s\n", errAsGiven(fs.Arg(0), runErr))
		return exitFail
	}
	return exitOK
}

// notePlayedPlaceholders tells, on standard error, how many of a
// battle's placeholders the play used and names them, so that nobody reads
// its outcome as the published game's; a play that used none says so.
func notePlayedPlaceholders(w io.Writer, mod *dsl.Module, sd *dsl.ScenarioDef, tr interpreter.Trace) {
	all := mod.Placeholders()
	if len(all) == 0 {
		return
	}
	of := "this play"
	if sd != nil {
		of = "scenario " + sd.Name
	}
	played := bataille.PlayedPlaceholders(mod, tr)
	if len(played) == 0 {
		fmt.Fprintf(w, "note: %s played none of %s's %d placeholder(s) (bataille explain %s placeholders)\n", of, mod.ID, len(all), mod.ID)
		return
	}
	names := make([]string, len(played))
	for i, p := range played {
		names[i] = p.Kind + " " + p.Name
	}
	fmt.Fprintf(w, "note: %s played %d of %s's %d placeholder(s), figures invented until the published ones are entered: %s (bataille explain %s placeholders)\n",
		of, len(played), mod.ID, len(all), strings.Join(names, ", "), mod.ID)
}

// parseFaces reads a --dice list: faces 1 to 100, comma-separated, or
// "none" for a play that rolls nothing.
func parseFaces(s string) ([]int, error) {
	s = strings.TrimSpace(s)
	if s == "none" {
		return []int{}, nil
	}
	var out []int
	for _, f := range strings.Split(s, ",") {
		n, err := strconv.Atoi(strings.TrimSpace(f))
		if err != nil || n < 1 || n > 100 {
			return nil, fmt.Errorf("%q is not a die face (1 to 100)", f)
		}
		out = append(out, n)
	}
	return out, nil
}
