package games_test

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/bataille/bataille"
	"github.com/bataille/bataille/dsl"
)

// The Go tests that play language tests on a battle (unitset_test.go,
// firemorale_test.go, firemultiple_test.go) build their set-ups from the
// parts here: a test is a map, the side to move, units written with the
// defaults every such set-up takes, the orders and the expectations. Only
// what differs between two set-ups is written in a case, so that the
// figures a case holds are easy to read against its working.

// langTest is one `test` declaration.
type langTest struct {
	name, title string
	mapSize     string // "8 x 12" unless set
	turn        string
	units       []string // unit lines, from infantry, cavalry or unitLine
	play        []string // orders, answers and `exact`, one a line
	expect      []string // the conditions after `expect`
}

func (lt langTest) String() string {
	var b strings.Builder
	size := lt.mapSize
	if size == "" {
		size = "8 x 12"
	}
	fmt.Fprintf(&b, "test %s %q {\n  map %s clear\n", lt.name, lt.title, size)
	if lt.turn != "" {
		fmt.Fprintf(&b, "  turn %s\n", lt.turn)
	}
	for _, l := range append(append(lt.units, lt.play...), prefixed("expect ", lt.expect)...) {
		fmt.Fprintf(&b, "  %s\n", l)
	}
	b.WriteString("}\n")
	return b.String()
}

func prefixed(p string, lines []string) []string {
	out := make([]string, len(lines))
	for i, l := range lines {
		out[i] = p + l
	}
	return out
}

// langTests writes the declarations after the module text before them
// (rules made for the tests).
func langTests(before string, tests ...langTest) string {
	var b strings.Builder
	b.WriteString(before)
	for _, lt := range tests {
		b.WriteString("\n")
		b.WriteString(lt.String())
	}
	return b.String()
}

// infantry is a battalion of 6 increments in column, morale 36, melee 6;
// each prop ("class: ligne", "increments: 4") replaces the default of its
// key or is added.
func infantry(id, side, nationality, at, facing string, props ...string) string {
	return unitLine(id, side, nationality, at, facing,
		append([]string{"arm: infantry", "increments: 6", "formation: column", "morale: 36", "melee: 6"}, props...)...)
}

// cavalry is a regiment of 4 increments in column, morale 31, 8 MP, melee 6.
func cavalry(id, side, nationality, at, facing string, props ...string) string {
	return unitLine(id, side, nationality, at, facing,
		append([]string{"arm: cavalry", "increments: 4", "formation: column", "morale: 31", "mp: 8", "melee: 6"}, props...)...)
}

// unitLine writes a unit with the props given, a later prop of a key
// replacing an earlier one.
func unitLine(id, side, nationality, at, facing string, props ...string) string {
	var keys []string
	vals := map[string]string{}
	for _, p := range append([]string{"side: " + side, "nationality: " + nationality, "facing: " + facing}, props...) {
		k, v, ok := strings.Cut(p, ":")
		if !ok { // a flag such as leader
			k, v = p, ""
		}
		if _, seen := vals[k]; !seen {
			keys = append(keys, k)
		}
		vals[k] = strings.TrimSpace(v)
	}
	var b strings.Builder
	fmt.Fprintf(&b, "unit %s {", id)
	for _, k := range keys {
		if vals[k] == "" {
			fmt.Fprintf(&b, "  %s", k)
		} else {
			fmt.Fprintf(&b, "  %s: %s", k, vals[k])
		}
	}
	fmt.Fprintf(&b, "  at: %s }", at)
	return b.String()
}

// runLangTests plays the module's tests whose names start with prefix,
// reports every failure, and returns how many it played.
func runLangTests(t *testing.T, mod *dsl.Module, prefix string) int {
	t.Helper()
	n := 0
	for _, td := range mod.Tests {
		if !strings.HasPrefix(td.Name, prefix) {
			continue
		}
		n++
		res := bataille.RunTest(context.Background(), mod, td)
		for _, f := range res.Failures {
			t.Errorf("%s: %s", td.Name, f)
		}
		if res.Paths == 0 {
			t.Errorf("%s: no path played", td.Name)
		}
	}
	return n
}
