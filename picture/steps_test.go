package picture

import (
	"fmt"
	"testing"

	"github.com/bataille/bataille/interpreter"
)

// TestTouchedReadsTheFields: the units a step lights are its Unit, the
// unit asked and its Units, read from those fields: a unit its words name
// and no field does is not lit, and a unit a field names is, whatever the
// words say.
func TestTouchedReadsTheFields(t *testing.T) {
	p := newPlayer([]*interpreter.Unit{{ID: "hus"}, {ID: "inf"}, {ID: "inf2"}, {ID: "art"}})
	for _, tc := range []struct {
		name string
		ev   interpreter.Event
		want string
	}{
		{"the unit alone", interpreter.Event{Unit: "inf", Text: "inf is routed"}, "[1]"},
		{"words name others, no field does", interpreter.Event{Unit: "hus", Text: "hus charges inf beside inf2"}, "[0]"},
		{"units named", interpreter.Event{Unit: "hus", Units: []string{"inf"}, Text: "hus charges its target"}, "[0 1]"},
		{"board order", interpreter.Event{Unit: "art", Units: []string{"inf2", "hus"}, Text: "a stack melees"}, "[0 2 3]"},
		{"the unit asked", interpreter.Event{Kind: "ask", Unit: "hus", Asked: "inf2", Text: "form_carre? yes"}, "[0 2]"},
		{"no unit", interpreter.Event{Kind: "phase", Text: "hus inf"}, "[]"},
		{"an id not on the board", interpreter.Event{Unit: "hus", Units: []string{"ghost"}}, "[0]"},
	} {
		if got := fmt.Sprint(p.touched(tc.ev)); got != tc.want {
			t.Errorf("%s: touched %s, want %s", tc.name, got, tc.want)
		}
	}
}
