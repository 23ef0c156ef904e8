package main

import (
	"fmt"
	"strings"

	"github.com/bataille/bataille/interpreter"
)

// playDecider answers the rules' questions in the order they are asked, as
// a player at the table does: `run --play yes,no`. The first question past
// its answers is the one to put to the player next: it is answered no so
// that the run can end, and the narration is cut where it was asked. The
// same seed and the same answers play the same steps, so the next run,
// with one more answer, goes on from there (and one fewer steps back).
type playDecider struct {
	answers []bool
	asked   int
	eng     *interpreter.Engine
	pending *interpreter.Question
	cut     int // the trace's length when the pending question was asked
}

func parsePlay(s string) ([]bool, error) {
	var out []bool
	if strings.TrimSpace(s) == "" {
		return out, nil
	}
	for _, w := range strings.Split(s, ",") {
		a, err := yesNo(strings.TrimSpace(w))
		if err != nil {
			return nil, fmt.Errorf("--play: %w", err)
		}
		out = append(out, a)
	}
	return out, nil
}

// Decide implements interpreter.Decider.
func (d *playDecider) Decide(q interpreter.Question) bool {
	i := d.asked
	d.asked++
	if i < len(d.answers) {
		return d.answers[i]
	}
	if d.pending == nil {
		d.pending = &q
		d.cut = len(d.eng.Trace())
	}
	return false
}

// trace is the narration up to the question to put next.
func (d *playDecider) trace() interpreter.Trace {
	t := d.eng.Trace()
	if d.pending != nil && d.cut <= len(t) {
		return t[:d.cut]
	}
	return t
}

// question is the event that puts the pending question.
func (d *playDecider) question() (interpreter.Event, bool) {
	q := d.pending
	if q == nil {
		return interpreter.Event{}, false
	}
	id, hex := "", ""
	if q.Unit != nil {
		id, hex = q.Unit.ID, q.Unit.Hex.String()
	}
	text := strings.TrimSpace(fmt.Sprintf("%s %s?", id, q.Ask))
	if q.Distance >= 0 && q.Acting {
		text += fmt.Sprintf(" (the charge %d hexes away)", q.Distance)
	}
	return interpreter.Event{Seq: d.cut + 1, Kind: "question", Rule: q.Rule, Hook: q.Hook, Unit: id, Hex: hex, Ask: q.Ask, Asked: id, Text: text}, true
}
