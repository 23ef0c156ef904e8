package main

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math/big"
	"sort"
	"strings"

	"github.com/bataille/bataille"
	"github.com/bataille/bataille/dsl"
	"github.com/bataille/bataille/interpreter"
	"github.com/spf13/pflag"
)

func init() {
	register(command{"advise", "the best answer to each question the rules ask, with each answer's exact odds", cmdAdvise})
}

// adviceReport is advise's JSON: figures as exact fractions and decimals.
type adviceReport struct {
	Battle    string           `json:"battle"`
	Scenario  string           `json:"scenario"`
	Paths     int64            `json:"paths"`
	Sides     []adviceSide     `json:"sides"`
	Questions []adviceQuestion `json:"questions"`
}

type adviceSide struct {
	Side      string  `json:"side"`
	Objective string  `json:"objective"`
	Title     string  `json:"title,omitempty"`
	Score     string  `json:"score"` // exact, under best play
	ScoreF    float64 `json:"score_float"`
}

type adviceQuestion struct {
	Unit       string                 `json:"unit"`
	Question   string                 `json:"question"`
	Side       string                 `json:"side"`
	Fixed      *bool                  `json:"fixed,omitempty"`
	FixedWhere bool                   `json:"fixed_where,omitempty"`
	Asked      string                 `json:"asked"`
	Best       string                 `json:"best"`
	Margin     string                 `json:"margin"`
	Dominant   bool                   `json:"dominant"`
	Places     []bataille.PlaceAdvice `json:"places"`
	Answers    []adviceAnswer         `json:"answers"`
}

type adviceAnswer struct {
	Answer   string       `json:"answer"`
	Score    string       `json:"score"`
	ScoreF   float64      `json:"score_float"`
	Outcomes []simOutcome `json:"outcomes"`
}

func cmdAdvise(args []string, stdout, stderr io.Writer) int {
	fs := pflag.NewFlagSet("advise", pflag.ContinueOnError)
	fs.SetOutput(stderr)
	unit := fs.String("unit", "", "only the questions put to this unit")
	question := fs.String("question", "", "only this question (form_carre, follow_routed, …)")
	goals := fs.StringArray("goal", nil, "play for this objective of the module instead of a side's default (repeatable: one per side, or one for every side)")
	dominant := fs.Bool("dominant", false, "list only the questions where one answer is best at every point of the play: a rule that offers no real choice")
	all := fs.Bool("all", false, "list every outcome under each answer, not only those the answer changes")
	asJSON := fs.Bool("json", false, "print the advice as JSON")
	maxPaths := fs.Int64("max-paths", bataille.DefaultMaxPaths, "the most paths through the dice and the answers to play before giving up")
	answers := answerFlags(fs)
	fs.Usage = func() {
		fmt.Fprintln(stderr, `Usage: bataille advise GAME|DIR [SCENARIO] [--unit ID] [--question Q] [--goal NAME]… [--dominant] [--all] [--json] [--answer UNIT:QUESTION=yes|no]…

For every question the scenario's rules can ask (form Carré? follow the
routed? reaction-charge?), the exact outcomes under each answer, the other
questions answered as well as possible for whoever is asked them: every
path through the dice is played, rolls are averaged and each side answers
for its own objective (the module's objective declarations; the base's
is "strength"). The answers the scenario's decide lines or --answer fix
are played as fixed, and the advice says what the best answer would have
been.`)
		fs.PrintDefaults()
	}
	if code, ok := parseArgs(fs, args, 1, 2); !ok {
		return code
	}
	decider, err := answers()
	if err != nil {
		fmt.Fprintf(stderr, "bataille advise: %v\n", err)
		return exitUsage
	}
	mod, sd := loadScenario("advise", fs.Arg(0), fs.Arg(1), decider, stderr)
	if sd == nil {
		return exitFail
	}
	notePlaceholders(stderr, mod)
	ctx, stop := interruptContext()
	defer stop()
	adv, err := bataille.Advise(ctx, mod, sd, bataille.AdviseOptions{Answers: decider, Goals: *goals, MaxPaths: *maxPaths})
	if ctx.Err() != nil {
		fmt.Fprintln(stderr, "bataille advise: interrupted before every path was played: no advice")
		return exitInterrupted
	}
	if err != nil {
		fmt.Fprintf(stderr, "bataille advise: %v\n", err)
		if errors.Is(err, bataille.ErrTreeTooLarge) {
			fmt.Fprintln(stderr, "bataille advise: raise --max-paths, or fix more answers with --answer")
		}
		return exitFail
	}
	var qs []bataille.QuestionAdvice
	for _, q := range adv.Questions {
		if *unit != "" && q.Unit != *unit || *question != "" && q.Ask != *question || *dominant && !q.Dominant {
			continue
		}
		qs = append(qs, q)
	}
	if *asJSON {
		return printAdviceJSON(mod.ID, adv, qs, stdout)
	}
	printAdvice(adv, qs, *all, *dominant, stdout)
	return exitOK
}

func answerWord(b bool) string {
	if b {
		return "yes"
	}
	return "no"
}

func ratFloat(r *big.Rat) float64 {
	f, _ := r.Float64()
	return round6(f)
}

// ratCell writes a score: "6.946 = 81029/11664".
func ratCell(r *big.Rat) string {
	if r.IsInt() {
		return r.RatString()
	}
	return fmt.Sprintf("%s = %s", r.FloatString(3), r.RatString())
}

func printAdvice(adv *bataille.Advice, qs []bataille.QuestionAdvice, all, dominant bool, w io.Writer) {
	fmt.Fprintf(w, "scenario %s: advice over every path through the dice and the answers (%d paths)\n", adv.Scenario, adv.Paths)
	for _, s := range adv.Sides {
		fmt.Fprintf(w, "%s plays for %s (%s): %s expected under best play\n", s.Side, s.Objective, s.Title, ratCell(s.Score))
	}
	if len(qs) == 0 {
		if dominant {
			fmt.Fprintln(w, "\nno question has a dominant answer")
		} else {
			fmt.Fprintln(w, "\nthe rules ask no question in this scenario (or none the filters keep)")
		}
		return
	}
	for _, q := range qs {
		fmt.Fprintf(w, "\n%s %s? (asked of %s, %s of plays under best play)\n", q.Unit, q.Ask, q.Side, percent(q.Asked))
		switch {
		case q.Margin.Sign() == 0:
			fmt.Fprintf(w, "  no better answer: both score %s for %s\n", ratCell(q.Yes.Score), q.Side)
		default:
			better, worse := q.Yes, q.No
			if !q.Best {
				better, worse = q.No, q.Yes
			}
			fmt.Fprintf(w, "  best: %s, by %s (%s against %s for %s)\n", answerWord(q.Best), ratCell(q.Margin), ratCell(better.Score), ratCell(worse.Score), q.Side)
		}
		if q.Fixed != nil {
			verdict := "the best answer"
			if q.Margin.Sign() != 0 && *q.Fixed != q.Best {
				verdict = "not the best answer"
			}
			fmt.Fprintf(w, "  fixed: %s by the scenario (%s)\n", answerWord(*q.Fixed), verdict)
		}
		if q.FixedWhere {
			fmt.Fprintln(w, "  fixed: by the scenario, the answer depending on where it is asked (a decide line's condition)")
		}
		if q.Dominant {
			fmt.Fprintf(w, "  dominant: %s is never worse wherever the question is asked\n", answerWord(q.Best))
		}
		for _, p := range q.Places {
			fmt.Fprintf(w, "  asked by rule %s on %s%s at %d point(s) of the play: yes better at %d, no at %d, alike at %d",
				p.Rule, p.Hook, distanceText(p.Distance), p.Points, p.YesBetter, p.NoBetter, p.Points-p.YesBetter-p.NoBetter)
			if p.Reach != nil {
				fmt.Fprintf(w, "; put there in %s of plays, it scores %s for yes, %s for no", percent(p.Reach), p.Yes.FloatString(3), p.No.FloatString(3))
			}
			fmt.Fprintln(w)
		}
		if q.Situational != nil {
			fmt.Fprintf(w, "  answered point by point as the play goes: %s for %s\n", ratCell(q.Situational.Score), q.Side)
		}
		printAnswerTable(w, q, all)
	}
}

func distanceText(d int) string {
	switch {
	case d < 0:
		return ""
	case d == 1:
		return " 1 hex away"
	}
	return fmt.Sprintf(" %d hexes away", d)
}

func percent(r *big.Rat) string {
	f, _ := r.Float64()
	return fmt.Sprintf("%.2f%%", 100*f)
}

// printAnswerTable prints the outcomes under each answer side by side:
// those the answer changes, or all of them.
func printAnswerTable(w io.Writer, q bataille.QuestionAdvice, all bool) {
	yes, no := exactColumn("yes", "", q.Yes.Outcomes), exactColumn("no", "", q.No.Outcomes)
	byName := func(c simColumn) map[string]simOutcome {
		m := map[string]simOutcome{}
		for _, o := range c.Outcomes {
			m[o.Name] = o
		}
		return m
	}
	ys, ns := byName(yes), byName(no)
	names := map[string]bool{}
	for n := range ys {
		names[n] = true
	}
	for n := range ns {
		names[n] = true
	}
	var order []string
	same := 0
	for n := range names {
		if !all && ys[n].Exact == ns[n].Exact {
			same++
			continue
		}
		order = append(order, n)
	}
	sort.Strings(order)
	if len(order) == 0 {
		fmt.Fprintln(w, "  the answer changes no outcome")
		return
	}
	width := len("outcome")
	for _, n := range order {
		width = max(width, len([]rune(n)))
	}
	cell := func(o simOutcome, ok bool) string {
		if !ok {
			return "-"
		}
		return exactCell(o)
	}
	fmt.Fprintf(w, "  %-*s  %-28s %s\n", width, "outcome", "yes", "no")
	for _, n := range order {
		y, yok := ys[n]
		nn, nok := ns[n]
		fmt.Fprintf(w, "  %-*s  %-28s %s\n", width, n, cell(y, yok), cell(nn, nok))
	}
	if same > 0 {
		fmt.Fprintf(w, "  (%d other outcomes are the same under both answers; --all lists them)\n", same)
	}
}

func printAdviceJSON(battle string, adv *bataille.Advice, qs []bataille.QuestionAdvice, w io.Writer) int {
	rep := adviceReport{Battle: battle, Scenario: adv.Scenario, Paths: adv.Paths, Sides: []adviceSide{}, Questions: []adviceQuestion{}}
	for _, s := range adv.Sides {
		rep.Sides = append(rep.Sides, adviceSide{Side: s.Side, Objective: s.Objective, Title: s.Title, Score: s.Score.RatString(), ScoreF: ratFloat(s.Score)})
	}
	for _, q := range qs {
		jq := adviceQuestion{Unit: q.Unit, Question: q.Ask, Side: q.Side, Fixed: q.Fixed, FixedWhere: q.FixedWhere, Asked: q.Asked.RatString(),
			Best: answerWord(q.Best), Margin: q.Margin.RatString(), Dominant: q.Dominant, Places: q.Places}
		if q.Margin.Sign() == 0 {
			jq.Best = "either"
		}
		for _, a := range []struct {
			word string
			adv  bataille.AnswerAdvice
		}{{"yes", q.Yes}, {"no", q.No}} {
			col := exactColumn(a.word, "", a.adv.Outcomes)
			jq.Answers = append(jq.Answers, adviceAnswer{Answer: a.word, Score: a.adv.Score.RatString(), ScoreF: ratFloat(a.adv.Score), Outcomes: col.Outcomes})
		}
		rep.Questions = append(rep.Questions, jq)
	}
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	if err := enc.Encode(rep); err != nil {
		return exitFail
	}
	return exitOK
}

// replayAdvice is what the replay shows at each question the run asks:
// the advisor's figures for each answer over the whole scenario, and at
// the point it is asked (its distance), the scores given it is put there.
// A scenario too large to advise is replayed without them, and says so.
func replayAdvice(mod *dsl.Module, scenario string, trace interpreter.Trace, answers *interpreter.ScriptedDecider, stderr io.Writer) func(interpreter.Event) []string {
	asks := false
	for _, ev := range trace {
		asks = asks || ev.Kind == "ask"
	}
	if !asks {
		return nil
	}
	sd, err := bataille.FindScenario(mod, scenario)
	if err != nil {
		return nil
	}
	adv, err := bataille.Advise(context.Background(), mod, sd, bataille.AdviseOptions{Answers: answers})
	if err != nil {
		fmt.Fprintf(stderr, "bataille run: the replay shows no advice: %v\n", err)
		return nil
	}
	byQuestion := map[[2]string]bataille.QuestionAdvice{}
	for _, q := range adv.Questions {
		byQuestion[[2]string{q.Unit, q.Ask}] = q
	}
	goals := map[string]string{}
	for _, s := range adv.Sides {
		goals[s.Side] = s.Objective
	}
	return func(ev interpreter.Event) []string {
		q, ok := byQuestion[[2]string{ev.Asked, ev.Ask}]
		if !ok || ev.Kind != "ask" {
			return nil
		}
		lines := []string{}
		if ev.Distance != nil {
			for _, p := range q.Places {
				if p.Distance == *ev.Distance && p.Rule == ev.Rule && p.Reach != nil {
					better := "the answers are worth the same here"
					switch p.Yes.Cmp(p.No) {
					case 1:
						better = "yes is better here"
					case -1:
						better = "no is better here"
					}
					lines = append(lines, fmt.Sprintf("Advisor, here%s: yes scores %s, no %s for %s's objective %s; %s", distanceText(p.Distance), p.Yes.FloatString(3), p.No.FloatString(3), q.Side, goals[q.Side], better))
				}
			}
		}
		head := fmt.Sprintf("Over the scenario, answered so wherever it is asked: yes scores %s, no %s", q.Yes.Score.FloatString(3), q.No.Score.FloatString(3))
		if q.Margin.Sign() == 0 {
			head += "; the answers are worth the same"
		} else {
			head += fmt.Sprintf("; %s is better by %s", answerWord(q.Best), q.Margin.FloatString(3))
		}
		lines = append(lines, head)
		for _, a := range []struct {
			word  string
			adv   bataille.AnswerAdvice
			other *bataille.ExactTally
		}{{"yes", q.Yes, q.No.Outcomes}, {"no", q.No, q.Yes.Outcomes}} {
			var parts []string
			for _, name := range a.adv.Outcomes.Names() {
				v := a.adv.Outcomes.Outcomes[name]
				if !a.adv.Outcomes.Shares[name] || !strings.HasPrefix(name, q.Unit+" ") || v.Mean.Sign() == 0 {
					continue
				}
				if o, ok := a.other.Outcomes[name]; ok && o.Mean.Cmp(v.Mean) == 0 {
					continue
				}
				parts = append(parts, fmt.Sprintf("%s %s", strings.TrimPrefix(name, q.Unit+" "), percent(v.Mean)))
			}
			if len(parts) > 0 {
				lines = append(lines, fmt.Sprintf("with %s: %s %s", a.word, q.Unit, strings.Join(parts, ", ")))
			}
		}
		if q.Fixed != nil {
			lines = append(lines, fmt.Sprintf("the scenario fixes %s", answerWord(*q.Fixed)))
		}
		return lines
	}
}
