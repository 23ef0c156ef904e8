package interpreter

import (
	"encoding/json"
	"fmt"
	"io"
	"strings"

	"github.com/bataille/bataille/hex"
	"github.com/bataille/bataille/internal/visible"
)

// Event is one step of a resolution: what happened, where, by which rule of
// which page, with which dice.
type Event struct {
	Seq   int    `json:"seq"`
	Phase string `json:"phase"`
	Kind  string `json:"kind"` // phase, move, rule, blocked, roll, ask, effect, note, end
	Hook  string `json:"hook,omitempty"`
	Rule  string `json:"rule,omitempty"`
	Cite  string `json:"cite,omitempty"`
	Unit  string `json:"unit,omitempty"`
	Hex   string `json:"hex,omitempty"`
	Dice  string `json:"dice,omitempty"`
	Table string `json:"table,omitempty"`
	Row   string `json:"row,omitempty"`
	// Column is the column a table was read on: its title, or a keyed
	// column's cells ("french, line, 1..2").
	Column  string `json:"column,omitempty"`
	Outcome string `json:"outcome,omitempty"`
	Effect  string `json:"effect,omitempty"`
	// Mods are the modifiers a roll added, by name, in the order applied.
	Mods  []Mod  `json:"mods,omitempty"`
	Text  string `json:"text"`
	State string `json:"state,omitempty"` // the unit after the step
	// Ask and Asked are, on an ask event, the question and the unit it is
	// put to (Unit is the unit the hook is about).
	Ask   string `json:"ask,omitempty"`
	Asked string `json:"asked,omitempty"`
	// Distance is, on an ask event during an action, the hexes between the
	// unit asked and the other side of the action (Question.Distance).
	Distance *int `json:"distance,omitempty"`
	// Roll is, on a roll event, what Dice says as numbers.
	Roll Roll `json:"roll,omitzero"`
	// After is the unit (Unit) as the step left it, field by field: what
	// State says, and its facing and second hex, which State does not. A
	// move has it without a State, so that the narration is unchanged.
	After UnitState `json:"after,omitzero"`
	// Units are the other units the step names besides Unit (and Asked),
	// by ID, in the order its text names them: the target an order names,
	// the unit a retreat goes away from.
	Units []string `json:"units,omitempty"`
	// Answer is, on an ask event, the answer given: "yes" or "no".
	Answer string `json:"answer,omitempty"`
	// MP is, on a step of an action that starts it, spends its movement
	// points or gains some, the acting unit's points spent so far and left
	// after the step (the units of a stack that move with it have none).
	MP *MP `json:"mp,omitempty"`
}

// MP is the movement points an action has spent and has left.
type MP struct {
	Spent int `json:"spent"`
	Left  int `json:"left"`
}

// Roll is a roll as numbers: the dice thrown, their natural value, the
// modifiers (Event.Mods) added up and as the roll's bounds held them, and
// the result read, the natural value so modified.
type Roll struct {
	Dice    string `json:"dice"` // "d66", "2d6"
	Natural int    `json:"natural"`
	// Sum is the modifiers added up; Modifier is what was added, Sum held
	// within the bounds the roll declares.
	Sum      int `json:"sum"`
	Modifier int `json:"modifier"`
	Result   int `json:"result"`
	// Column is the index of the column a table was read on, in the
	// table's Columns (Event.Column is its name).
	Column int `json:"columnIndex"`
	// Threshold is, on a check, the figure the result was held against.
	Threshold *int `json:"threshold,omitempty"`
}

// Held reports whether the roll's bounds changed the modifiers' sum.
func (r Roll) Held() bool { return r.Sum != r.Modifier }

// UnitState is a unit as a step of the trace left it.
type UnitState struct {
	ID         string        `json:"id"`
	Increments int           `json:"increments"`
	Formation  string        `json:"formation"`
	State      string        `json:"state"` // its morale state
	Hex        hex.Hex       `json:"hex"`
	Hex2       *hex.Hex      `json:"hex2,omitempty"` // a two-hex line's second hex
	Facing     hex.Direction `json:"facing"`
	Tired      bool          `json:"tired,omitempty"`
	Exhausted  bool          `json:"exhausted,omitempty"`
}

// StateOf is the state of u, for the trace. The unit's Hex2 is never
// changed in place (MoveTo makes a new one), so it is shared, not copied.
func StateOf(u *Unit) UnitState {
	return UnitState{ID: u.ID, Increments: u.Increments, Formation: u.Formation, State: u.State,
		Hex: u.Hex, Hex2: u.Hex2, Facing: u.Facing, Tired: u.Tired, Exhausted: u.Exhausted}
}

// Mod is one modifier of a roll: a declared modifier, or the modifier a
// rule gave the roll.
type Mod struct {
	Name        string `json:"name"`
	Title       string `json:"title"`
	Value       int    `json:"value"`
	Cite        string `json:"cite,omitempty"`
	Placeholder bool   `json:"placeholder,omitempty"`
}

// Trace is the ordered events of a run.
type Trace []Event

// WriteJSON writes one JSON object per line.
func (t Trace) WriteJSON(w io.Writer) error {
	enc := json.NewEncoder(w)
	for _, ev := range t {
		if err := enc.Encode(ev); err != nil {
			return err
		}
	}
	return nil
}

// WriteText writes the trace as a referee's narration, each ruling with its
// citation. Rules whose requirements merely held (kind "ok") are left out
// unless verbose.
func (t Trace) WriteText(w io.Writer, verbose bool) error {
	for _, ev := range t {
		if ev.Kind == "ok" && !verbose {
			continue
		}
		var b strings.Builder
		switch ev.Kind {
		case "phase":
			fmt.Fprintf(&b, "== %s", ev.Text)
		default:
			b.WriteString("   ")
			switch ev.Kind {
			case "rule", "ok":
				b.WriteString("§ ")
			case "blocked":
				b.WriteString("✗ ")
			default:
				b.WriteString("  ")
			}
			b.WriteString(ev.Text)
			if ev.Dice != "" {
				fmt.Fprintf(&b, " [%s]", ev.Dice)
			}
			if ev.Rule != "" && (ev.Kind == "rule" || ev.Kind == "ok" || ev.Kind == "blocked" || ev.Kind == "roll") {
				fmt.Fprintf(&b, "  (%s", ev.Rule)
				if ev.Cite != "" {
					fmt.Fprintf(&b, "; %s", ev.Cite)
				}
				b.WriteString(")")
			}
			if ev.State != "" {
				fmt.Fprintf(&b, " → %s", ev.State)
			}
		}
		// One event, one line: a newline or an escape sequence in a
		// script's text is shown, not acted on.
		if _, err := io.WriteString(w, visible.Line(b.String())+"\n"); err != nil {
			return err
		}
	}
	return nil
}

// Describe is the state of a unit in a few words, for the narration (the
// trace's State); tools read Event.After, which it is written from.
func Describe(s UnitState) string {
	var parts []string
	parts = append(parts, fmt.Sprintf("%s %d inc %s %s at %s", s.ID, s.Increments, s.Formation, s.State, s.Hex))
	if s.Tired {
		parts = append(parts, "tired")
	}
	if s.Exhausted {
		parts = append(parts, "exhausted")
	}
	return strings.Join(parts, ", ")
}
