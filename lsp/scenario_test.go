package lsp

import (
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"testing"
)

// A battle whose scenarios name words of its own module and of premier's,
// units placed in a scenario and in a test's set-up, and a test that
// starts from a scenario: the language server reads what each refers to
// from the checker's facts.
const factsRules = `game facts "Facts" extends premier

attribute brave "Brave"

test t.named {
  scenario s
  decide inf form_carre yes
  expect inf.formation == "line"
}
`

const factsScenarios = `scenario s "S" {
  map 6 x 6 clear
  terrain woods 0203 0204
  hexside stream 0302/0303
  unit hus "Hussars" { side: french  arm: cavalry  increments: 4  formation: column  facing: N  morale: 31  mp: 8  brave  at: 0305 }
  unit inf "Léger" { side: allied  arm: infantry  increments: 6  formation: line  facing: S  morale: 36  mp: 6  at: 0302 }
  charge hus at inf path 0304 0303
  turn 2 allied {
    form inf as carre
  }
}

test t.own {
  map 3 x 3
  unit inf "Other" { side: french  arm: infantry  increments: 4  formation: column  facing: N  morale: 30  mp: 6  at: 0202 }
  move inf path 0201
  expect inf.formation == "column"
}
`

func factsSession(t *testing.T) (ss *session, rules, scen string) {
	ss = newSession(t, map[string]string{"rules.rules": factsRules, "scenarios.rules": factsScenarios})
	rules = ss.open("rules.rules")
	scen = ss.open("scenarios.rules")
	for uri, d := range ss.published() {
		if len(d) != 0 {
			t.Fatalf("the test battle does not check: %s: %+v", uri, d)
		}
	}
	return ss, rules, scen
}

func TestScenarioDefinitions(t *testing.T) {
	ss, rules, scen := factsSession(t)
	tests := []struct {
		name, uri, needle string
		nth, shift        int
		wantFile          string // suffix of the location's path
		wantLine          string // the text the location starts
	}{
		{"map's terrain to the inherited module", scen, "clear", 0, 1, "premier.rules", `clear "Clear"`},
		{"terrain of a hex set", scen, "woods", 0, 0, "premier.rules", `woods "Woods"`},
		{"hexside", scen, "stream", 0, 2, "premier.rules", `stream "Stream"`},
		{"a unit's arm", scen, "cavalry", 0, 0, "premier.rules", `cavalry "Cavalry"`},
		{"a unit's formation", scen, "column", 0, 0, "premier.rules", `column "Column"`},
		{"an attribute to this module", scen, "brave", 0, 0, "mybattle/rules.rules", `brave "Brave"`},
		{"an order's formation", scen, "carre", 0, 0, "premier.rules", `carre "Carré"`},
		{"an order's target", scen, "inf path", 0, 0, "mybattle/scenarios.rules", `inf "Léger"`},
		{"a unit in a turn's order", scen, "inf as", 0, 0, "mybattle/scenarios.rules", `inf "Léger"`},
		// The test's own set-up places a unit of the same id: its order
		// names that one.
		{"a unit of a test's set-up", scen, "inf path 0201", 0, 0, "mybattle/scenarios.rules", `inf "Other"`},
		{"an answer in a test that starts from a scenario", rules, "inf form_carre", 0, 0, "mybattle/scenarios.rules", `inf "Léger"`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			locs, err := ss.s.definition(ss.pos(tt.uri, tt.needle, tt.nth, tt.shift))
			if err != nil {
				t.Fatal(err)
			}
			if len(locs) != 1 {
				t.Fatalf("%d definitions, want 1: %+v", len(locs), locs)
			}
			p, _ := uriToPath(locs[0].URI)
			if !strings.HasSuffix(filepath.ToSlash(p), tt.wantFile) {
				t.Fatalf("definition in %s, want %s", p, tt.wantFile)
			}
			src, rerr := os.ReadFile(p)
			if rerr != nil {
				t.Fatal(rerr)
			}
			off := newText(string(src)).offset(locs[0].Range.Start)
			if !strings.HasPrefix(string(src[off:]), tt.wantLine) {
				line, _, _ := strings.Cut(string(src[off:]), "\n")
				t.Fatalf("definition at %q, want %q", line, tt.wantLine)
			}
		})
	}
}

func TestScenarioReferences(t *testing.T) {
	ss, rules, scen := factsSession(t)
	where := func(p ReferenceParams) []string {
		t.Helper()
		locs, err := ss.s.references(p)
		if err != nil {
			t.Fatal(err)
		}
		var out []string
		for _, l := range locs {
			file := "scenarios"
			if l.URI == rules {
				file = "rules"
			} else if l.URI != scen {
				file = l.URI
			}
			out = append(out, file+":"+strconv.Itoa(l.Range.Start.Line+1))
		}
		sort.Strings(out)
		return out
	}
	// Scenario s's inf: placed on line 6, the charge's target, the turn's
	// order, and the test of rules.rules that starts from s; not the other
	// inf of test t.own.
	p := ReferenceParams{TextDocumentPositionParams: ss.pos(scen, "inf path", 0, 0)}
	if got, want := strings.Join(where(p), " "), "rules:7 scenarios:7 scenarios:9"; got != want {
		t.Errorf("references of s's inf: %s, want %s", got, want)
	}
	p.Context.IncludeDeclaration = true
	if got, want := strings.Join(where(p), " "), "rules:7 scenarios:6 scenarios:7 scenarios:9"; got != want {
		t.Errorf("references of s's inf with its placing: %s, want %s", got, want)
	}
	p = ReferenceParams{TextDocumentPositionParams: ss.pos(scen, "inf path 0201", 0, 0)}
	p.Context.IncludeDeclaration = true
	if got, want := strings.Join(where(p), " "), "scenarios:15 scenarios:16"; got != want {
		t.Errorf("references of t.own's inf: %s, want %s", got, want)
	}
	// A word's references take in the scenario's lines.
	p = ReferenceParams{TextDocumentPositionParams: ss.pos(scen, "brave", 0, 0)}
	p.Context.IncludeDeclaration = true
	if got, want := strings.Join(where(p), " "), "rules:3 scenarios:5"; got != want {
		t.Errorf("references of attribute brave: %s, want %s", got, want)
	}
}

func TestScenarioHover(t *testing.T) {
	ss, rules, scen := factsSession(t)
	for _, tt := range []struct {
		name, uri, needle string
		want              []string
	}{
		{"a unit named in an order", scen, "inf as", []string{"**unit** `inf` Léger (scenario s)", "arm: infantry"}},
		{"a unit of a test's set-up", scen, "inf path 0201", []string{"**unit** `inf` Other (scenario t.own)"}},
		{"a unit answered for in another file", rules, "inf form_carre", []string{"**unit** `inf` Léger (scenario s)"}},
		{"a terrain", scen, "woods", []string{`terrain woods "Woods"`, "declared by module premier"}},
		{"an order's formation", scen, "carre", []string{`formation carre "Carré"`}},
		{"an attribute", scen, "brave", []string{`attribute brave "Brave"`, "declared by module facts"}},
	} {
		t.Run(tt.name, func(t *testing.T) {
			got := ss.hover(tt.uri, tt.needle, 0, 0)
			for _, w := range tt.want {
				if !strings.Contains(got, w) {
					t.Errorf("hover lacks %q:\n%s", w, got)
				}
			}
		})
	}
}

func TestScenarioSemanticTokens(t *testing.T) {
	ss, _, scen := factsSession(t)
	toks, err := ss.s.semanticTokens(DocumentFormattingParams{TextDocument: TextDocumentIdentifier{URI: scen}})
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(factsScenarios, "\n")
	got := map[string]map[string]bool{} // "line:text" → the types it is given
	line, col := 0, 0
	for i := 0; i < len(toks.Data); i += 5 {
		if toks.Data[i] > 0 {
			col = 0
		}
		line += toks.Data[i]
		col += toks.Data[i+1]
		k := fmt.Sprintf("%02d:%s", line+1, utf16Slice(lines[line], col, toks.Data[i+2]))
		if got[k] == nil {
			got[k] = map[string]bool{}
		}
		typ := semanticTypes[toks.Data[i+3]]
		if toks.Data[i+4]&modDeclaration != 0 {
			typ += "+declaration"
		}
		got[k][typ] = true
	}
	for k, typ := range map[string]string{
		"02:clear": "enumMember", "03:woods": "enumMember", "04:stream": "enumMember",
		"05:hus": "variable+declaration", "05:cavalry": "enumMember", "05:column": "enumMember", "05:brave": "enumMember",
		`06:"Léger"`: "string", "07:hus": "variable", "07:inf": "variable", "07:charge": "keyword",
		"09:carre": "enumMember", "15:inf": "variable+declaration", "16:inf": "variable",
	} {
		if !got[k][typ] {
			t.Errorf("%s: %v, want %q", k, got[k], typ)
		}
	}
	// Words that are none of the module's stay plain.
	for _, k := range []string{"05:french", "06:allied", "05:N"} {
		if got[k]["enumMember"] {
			t.Errorf("%s is marked a word: %v", k, got[k])
		}
	}
}
