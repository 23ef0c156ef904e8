package dsl

import (
	"errors"
	"strings"
	"testing"
)

// TestFormatRefusesChangedMeaning: the check Format runs on its own output
// refuses a text whose tokens or comments differ from the source's, naming
// the source's place and what would change. Each output here is one a
// broken layout could give.
func TestFormatRefusesChangedMeaning(t *testing.T) {
	src := "remove modifier carre_realization// note\n.light /* disabled:\noverride param rout.hexes = 99 //*/\n"
	tests := []struct{ name, out, want string }{
		{"comment swallowed", "remove modifier carre_realization.light // note /* disabled:\noverride param rout.hexes = 99 //*/\n",
			"f.rules:2:2: error: not formatted: the formatted text would add `override` (line 2 of the output) after `light`"},
		{"token lost", "remove modifier carre_realization // note\n/* disabled:\noverride param rout.hexes = 99 //*/\n",
			"f.rules:2:1: error: not formatted: `.` would be lost"},
		{"comment lost", "remove modifier carre_realization.light // note\n",
			"f.rules:2:8: error: not formatted: the comment /* disabled:\\noverride param rout.hexes = 99 //*/ would be lost"},
		{"comment changed", "remove modifier carre_realization.light // note\n/* disabled:\noverride param rout.hexes = 98 //*/\n",
			"would become /* disabled:\\noverride param rout.hexes = 98 //*/ (line 2 of the output)"},
		{"string changed", "param a = \"x\"\n", "f.rules:1:1: error: not formatted: `remove` would become `param`"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			err := sameMeaning("f.rules", src, tt.out)
			var de *DiagError
			if !errors.As(err, &de) || de.Diags[0].Code != "format-refused" {
				t.Fatalf("got %v, want a format-refused diagnostic", err)
			}
			if got := de.Diags[0].String(); !strings.Contains(got, tt.want) {
				t.Errorf("got  %s\nwant %s", got, tt.want)
			}
		})
	}
	if err := sameMeaning("f.rules", "do a(); b()\nparam p = \"\\x41\"", "do a(), b()\nparam p = \"A\"\n"); err != nil {
		t.Errorf("a `;` printed as `,` and a string re-quoted were refused: %v", err)
	}
}
