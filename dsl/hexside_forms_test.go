package dsl_test

import (
	"fmt"
	"strings"
	"testing"
	"testing/fstest"
)

// TestHexsideForms: a hexside line takes its hexes as map numbers or as
// axial coordinates in either form, pairs or a hex and the sides that rise
// from it; the form is told past the hex, so `(1,2)/(1,3)` is a pair, not
// a failed `(1,2) up`. Each formats to itself and checks the same.
func TestHexsideForms(t *testing.T) {
	for _, tc := range []struct {
		line  string
		pairs string // "a/b ..." as the check read them
		up    string // "from: dirs"
	}{
		{"hexside stream 0102/0103", "0102/0103", ""},
		{"hexside stream (1,2)/(1,3)", "(1,2)/(1,3)", ""},
		{"hexside stream 0102/0103 (1,3)/(1,4)", "0102/0103 (1,3)/(1,4)", ""},
		{"hexside stream (2,2)/0204", "(2,2)/0204", ""},
		{"hexside slope 0302 up N ne", "", "0302: N NE"},
		{"hexside slope (3,2) up SW", "", "(3,2): SW"},
	} {
		t.Run(tc.line, func(t *testing.T) {
			src := fmt.Sprintf("module m \"M\"\n\nterrain clear\nhexside stream\nhexside slope\n\nscenario s {\n  map 8 x 8 clear\n  %s\n}\n", tc.line)
			mod := checkSrc(t, src)
			hs := mod.Scenarios[0].Hexsides
			if len(hs) != 1 {
				t.Fatalf("%d hexside lines", len(hs))
			}
			var pairs []string
			for _, p := range hs[0].Pairs {
				pairs = append(pairs, hexText(p[0].Number, p[0].Axial, p[0].Q, p[0].R)+"/"+hexText(p[1].Number, p[1].Axial, p[1].Q, p[1].R))
			}
			up := ""
			if f := hs[0].From; f != nil {
				up = hexText(f.Number, f.Axial, f.Q, f.R) + ": " + strings.Join(hs[0].Up, " ")
			}
			if got := strings.Join(pairs, " "); got != tc.pairs || up != tc.up {
				t.Errorf("pairs %q, up %q; want %q, %q", got, up, tc.pairs, tc.up)
			}
			formatKeepsModule(t, fstest.MapFS{"m.rules": {Data: []byte(src)}})
		})
	}
}

func hexText(number string, axial bool, q, r int) string {
	if axial {
		return fmt.Sprintf("(%d,%d)", q, r)
	}
	return number
}
