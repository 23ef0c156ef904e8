package dsl_test

import (
	"bytes"
	"fmt"
	"io/fs"
	"os"
	"os/exec"
	"regexp"
	"sort"
	"strings"
	"testing"
	"testing/fstest"
	"unicode/utf8"

	"github.com/bataille/bataille/dsl"
	"github.com/bataille/bataille/stdlib"
	"github.com/expr-lang/expr/builtin"
)

// The tests in this file hold each limit of dsl.Limits (and the checker's
// own bounds) at 1×, 10× and 100× its value: input that fits is accepted,
// input past the limit gets one positioned diagnostic with a stable code,
// and nothing panics or runs away.

// load parses and checks one file against the standard environment, with no
// base module to extend.
func load(t *testing.T, name, src string) dsl.Diagnostics {
	t.Helper()
	f, diags := dsl.Parse(name, []byte(src))
	if f == nil {
		return diags
	}
	_, more := dsl.Check([]*dsl.File{f}, stdlib.Env(), nil)
	return append(diags, more...)
}

// minimal is a module with just enough vocabulary for rules and scenarios.
const minimal = "module m\nterrain clear {}\narm cav { mounted }\nformation line {}\nstate good { good }\n"

var posRE = regexp.MustCompile(`^[^:]+:\d+:\d+: (error|warning): `)

// wantInside fails unless every diagnostic is printed as file:line:col and
// points inside src.
func wantInside(t *testing.T, name, src string, diags dsl.Diagnostics) {
	t.Helper()
	lines := strings.Split(src, "\n")
	for _, d := range diags {
		if !posRE.MatchString(d.String()) {
			t.Errorf("diagnostic not printed as file:line:col: %q", d.String())
		}
		if d.Pos.File != name {
			continue
		}
		if d.Pos.Line < 1 || d.Pos.Line > len(lines) || d.Pos.Col < 1 || d.Pos.Col > utf8.RuneCountInString(lines[d.Pos.Line-1])+1 {
			t.Errorf("%.120s: position outside the input", d)
		}
	}
}

// errorCodes lists the codes of the errors, in order.
func errorCodes(diags dsl.Diagnostics) []string {
	var out []string
	for _, d := range diags {
		if d.Severity == dsl.Error {
			out = append(out, d.Code)
		}
	}
	return out
}

// scale is how far past a limit an input goes: 0 for an input that just
// fits, 1, 10 or 100 for one, ten or a hundred times the limit (1 meaning
// one past it).
var scales = []int{0, 1, 10, 100}

func scaleName(k int) string {
	if k == 0 {
		return "fits"
	}
	return fmt.Sprintf("%d×", k)
}

// past gives the size of an input at a scale of a limit.
func past(limit, k int) int {
	switch k {
	case 0:
		return limit
	case 1:
		return limit + 1
	}
	return k * limit
}

// wrap breaks a long run of short pieces over lines, so that only the limit
// under test is reached.
func wrap(piece string, n, perLine int) string {
	var b strings.Builder
	for i := range n {
		b.WriteString(piece)
		if (i+1)%perLine == 0 {
			b.WriteString("\n")
		}
	}
	return b.String()
}

func TestLimits(t *testing.T) {
	L := dsl.Limits
	tests := []struct {
		name  string
		limit int
		gen   func(n int) string // an input of size n for this limit
		want  map[int]string     // the error code at each scale; "" for none
	}{
		{
			name: "file bytes", limit: L.FileBytes,
			gen: func(n int) string {
				head := minimal
				line := "// " + strings.Repeat("x", 76) + "\n"
				body := strings.Repeat(line, (n-len(head))/len(line))
				rest := n - len(head) - len(body)
				return head + body + "//" + strings.Repeat("x", max(0, rest-2))
			},
			want: map[int]string{0: "", 1: "too-large", 10: "too-large", 100: "too-large"},
		},
		{
			name: "line bytes", limit: L.LineBytes,
			gen: func(n int) string {
				return minimal + "// " + strings.Repeat("é", (n-3)/2) + strings.Repeat("x", (n-3)%2) + "\n"
			},
			want: map[int]string{0: "", 1: "line-too-long", 10: "line-too-long", 100: "line-too-long"},
		},
		{
			// A rule's brace is one level; the condition's brackets the rest.
			name: "depth in a rule condition", limit: L.Depth,
			gen: func(n int) string {
				return minimal + "rule r on turn_end {\n when " + wrap("(", n-1, 50) + "true" + wrap(")", n-1, 50) + "\n}\n"
			},
			want: map[int]string{0: "", 1: "too-deep", 10: "too-deep", 100: "too-deep"},
		},
		{
			// A column's condition nests inside the table's brace.
			name: "depth in a table", limit: L.Depth,
			gen: func(n int) string {
				return minimal + "table t roll d6 {\n column when " + wrap("(", n-1, 50) + "true" + wrap(")", n-1, 50) + "\n { 1..6 => a }\n}\n"
			},
			want: map[int]string{0: "", 1: "too-deep", 10: "too-deep", 100: "too-deep"},
		},
		{
			// Scenario syntax nests only a unit's braces and a hex's
			// parentheses; deeper is a syntax error, and past the limit
			// the pre-scan rejects it before the parser sees it.
			name: "depth in a scenario", limit: L.Depth,
			gen: func(n int) string {
				return minimal + "scenario s {\n map 5 x 5 clear\n unit u { side: a arm: cav increments: 1 formation: line at: " + wrap("(", n-2, 50) + "1,1" + wrap(")", n-2, 50) + " }\n}\n"
			},
			want: map[int]string{0: "syntax", 1: "too-deep", 10: "too-deep", 100: "too-deep"},
		},
		{
			name: "expression tokens", limit: L.ExprTokens,
			gen: func(n int) string {
				// "true" then (n-1)/2 times "&& true", with spaces and
				// comments that do not count.
				return minimal + "rule r on turn_end {\n when true /* c */" + wrap(" && true", (n-1)/2, 100) + "\n}\n"
			},
			want: map[int]string{0: "", 1: "too-long", 10: "too-long", 100: "too-long"},
		},
		{
			// A terrain, a scenario and its map line, then road lines.
			name: "entries in a file", limit: L.Entries,
			gen: func(n int) string {
				return "module m\nterrain clear {}\nscenario s {\n map 1 x 1 clear\n" + strings.Repeat(" road 0101\n", n-3) + "}\n"
			},
			// A hundred times the entries do not fit in a file.
			want: map[int]string{0: "", 1: "too-many", 10: "too-many", 100: "too-large"},
		},
	}
	for _, tt := range tests {
		for _, k := range scales {
			t.Run(tt.name+"/"+scaleName(k), func(t *testing.T) {
				n := past(tt.limit, k)
				src := tt.gen(n)
				diags := load(t, "t.rules", src)
				wantInside(t, "t.rules", src, diags)
				codes := errorCodes(diags)
				want := tt.want[k]
				switch {
				case want == "" && len(codes) > 0:
					t.Fatalf("input of size %d (limit %d) rejected: %.300s", n, tt.limit, diags[0])
				case want != "" && (len(codes) == 0 || codes[0] != want):
					t.Fatalf("input of size %d (limit %d): got errors %v, want %s first\n%.300v", n, tt.limit, codes, want, diags)
				}
			})
		}
	}
}

// TestLimitsPastLimitPositions pins where each too-… error points: at the
// byte that crosses the limit, or at the start of the expression.
func TestLimitsPastLimitPositions(t *testing.T) {
	L := dsl.Limits
	deep := minimal + "rule r on turn_end {\n when " + strings.Repeat("(", L.Depth) + "true" + strings.Repeat(")", L.Depth) + "\n}\n"
	long := minimal + strings.Repeat("x", L.LineBytes+1) + "\n"
	toks := minimal + "rule r on turn_end {\n  when true" + wrap(" && true", L.ExprTokens/2, 100) + "\n}\n"
	tests := []struct {
		name, src string
		want      string
	}{
		{"too deep", deep, fmt.Sprintf("t.rules:7:%d: error: brackets nest deeper than %d [too-deep]", 6+L.Depth, L.Depth)},
		{"line too long", long, fmt.Sprintf("t.rules:6:%d: error: line is longer than %d bytes [line-too-long]", L.LineBytes+1, L.LineBytes)},
		{"too long", toks, fmt.Sprintf("t.rules:7:8: error: expression has %d tokens; at most %d [too-long]", 1+L.ExprTokens, L.ExprTokens)},
	}
	for _, tt := range tests {
		diags := load(t, "t.rules", tt.src)
		if len(diags) == 0 || diags[0].String() != tt.want {
			t.Errorf("%s: got %v\nwant %s", tt.name, diags, tt.want)
		}
	}
}

// TestExprNodes reaches expr's node limit, which the token limit normally
// keeps out of reach, by lifting the token limit for the test.
func TestExprNodes(t *testing.T) {
	saved := dsl.Limits.ExprTokens
	dsl.Limits.ExprTokens = 1 << 30
	defer func() { dsl.Limits.ExprTokens = saved }()
	for _, k := range scales {
		t.Run(scaleName(k), func(t *testing.T) {
			// "1 + 1 + … + 1 > 0" with n ones has 2n+1 nodes.
			n := (past(dsl.MaxExprNodes, k) - 1) / 2
			src := minimal + "rule r on turn_end {\n when 1" + wrap(" + 1", n-1, 200) + " > 0\n}\n"
			diags := load(t, "t.rules", src)
			wantInside(t, "t.rules", src, diags)
			if k == 0 {
				if diags.HasErrors() {
					t.Fatalf("%d nodes rejected: %.200v", 2*n+1, diags)
				}
				return
			}
			if !diags.HasErrors() || diags[0].Code != "expr" || !strings.Contains(diags[0].Message, "nodes") {
				t.Fatalf("%d nodes: got %.300v, want an expr error about nodes", 2*n+1, diags)
			}
		})
	}
}

// TestEntriesInModule spreads entries over two files, each within the limit,
// whose sum is not.
func TestEntriesInModule(t *testing.T) {
	half := dsl.Limits.Entries/2 + 1
	fsys := fstest.MapFS{
		"a.rules": {Data: []byte(minimal + "scenario a {\n map 1 x 1 clear\n" + strings.Repeat(" turn a\n", half) + "}\n")},
		"b.rules": {Data: []byte("scenario b {\n map 1 x 1 clear\n" + strings.Repeat(" turn a\n", half) + "}\n")},
	}
	files, diags := dsl.ParseFS(fsys, ".")
	if diags.HasErrors() {
		t.Fatalf("each file fits, yet: %v", diags)
	}
	_, diags = dsl.Check(files, stdlib.Env(), nil)
	if len(diags) != 1 || diags[0].Code != "too-many" || !strings.Contains(diags[0].Message, "one module") || diags[0].Pos.File != "b.rules" {
		t.Fatalf("got %v, want one too-many error in b.rules", diags)
	}
}

// TestErrorCap: a check stops after Limits.Errors errors, so that a file of
// mistakes cannot make it search for spellings without end.
func TestErrorCap(t *testing.T) {
	limit := dsl.Limits.Errors
	for _, k := range scales {
		t.Run(scaleName(k), func(t *testing.T) {
			n := past(limit, k)
			if k == 0 {
				n = limit - 1
			}
			// halt takes one argument: each one past it is an error.
			src := minimal + "rule r on turn_end {\n do halt(\"a\"" + wrap(", \"x\"", n, 100) + ")\n}\n"
			diags := load(t, "t.rules", src)
			wantInside(t, "t.rules", src, diags)
			codes := errorCodes(diags)
			if n < limit {
				if len(codes) != n || codes[len(codes)-1] == "too-many-errors" {
					t.Fatalf("%d errors: got %d diagnostics, want all of them", n, len(codes))
				}
				return
			}
			if len(codes) != limit+1 || codes[limit] != "too-many-errors" {
				t.Fatalf("%d errors: got %d (%v…), want %d then too-many-errors", n, len(codes), codes[:min(3, len(codes))], limit)
			}
		})
	}
}

// TestNumbersAndDice: numbers, dice and modifiers out of range are check
// errors at their place; no roll is enumerated before its bounds are known.
func TestNumbersAndDice(t *testing.T) {
	tests := []struct {
		line string
		code string
		col  int
	}{
		{"param x = 99999999999999999999999", "bad-number", 11},
		{"param x = 1000000001", "bad-number", 11},
		{"param x = -99999999999999999999.5", "bad-number", 11},
		{"param x = 1000000000", "", 0},
		{"param x = 0d6", "bad-dice", 11},
		{"param x = 1000d6", "bad-dice", 11},
		{"param x = d0", "bad-dice", 11},
		{"param x = 3d1000000", "bad-dice", 11},
		{"param x = 99999999999999999999d6", "bad-dice", 11},
		{"table t roll 0d6 { 1.. => a }", "bad-dice", 9},
		{"table t roll 1000d6 { 1.. => a }", "bad-dice", 9},
		{"table t roll d0 { 1.. => a }", "bad-dice", 9},
		{"table t roll 3d1000000 { 1.. => a }", "bad-dice", 9},
		{"table t roll 10d100 + modifier -100..100 { -90.. => a }", "", 0},
		{"table t roll d6 + modifier -1000000..1000000 { ..0 => a 1.. => b }", "bad-modifier", 28},
		{"table t roll d66 + modifier -101..0 { ..66 => a }", "bad-modifier", 29},
		{"table t roll d6 + modifier 0.. { 1.. => a }", "unbounded-modifier", 28},
		{"table t roll d6 { 1..99999999999999999999 => a }", "bad-number", 19},
		{"scenario s { map 99999999999999999999 x 1 clear }", "bad-map", 14},
		{"scenario s { map 0 x 5 clear }", "bad-map", 14},
		{"scenario s { map 1 x 1 clear seed 99999999999999999999999 }", "bad-number", 30},
	}
	for _, tt := range tests {
		src := minimal + tt.line + "\n"
		diags := load(t, "t.rules", src)
		wantInside(t, "t.rules", src, diags)
		if tt.code == "" {
			if diags.HasErrors() {
				t.Errorf("%s: rejected: %v", tt.line, diags)
			}
			continue
		}
		found := false
		for _, d := range diags {
			found = found || (d.Code == tt.code && d.Pos.Line == 6 && d.Pos.Col == tt.col)
		}
		if !found {
			t.Errorf("%s: got %v, want %s at 6:%d", tt.line, diags, tt.code, tt.col)
		}
	}
}

// TestParseDiceBounds: ParseDice accepts 1 to 10 dice of 2 to 100 sides,
// and d66.
func TestParseDiceBounds(t *testing.T) {
	good := []string{"d6", "1d6", "2d6", "d66", "10d100", "d2", "10d2"}
	bad := []string{"", "d", "6", "0d6", "11d6", "1000d6", "d0", "d1", "1d101", "3d1000000", "-1d6", "1d-6", "99999999999999999999d6", "1d99999999999999999999", "xd6", "d6x"}
	for _, s := range good {
		if _, err := dsl.ParseDice(s); err != nil {
			t.Errorf("ParseDice(%q): %v", s, err)
		}
	}
	for _, s := range bad {
		if d, err := dsl.ParseDice(s); err == nil {
			t.Errorf("ParseDice(%q) = %v, want an error", s, d)
		}
	}
}

// TestReachable compares RollSpec.Reachable with trying every natural result
// and every modifier, for all dice and modifier bounds within the limits.
func TestReachable(t *testing.T) {
	var dice []dsl.Dice
	for _, s := range []string{"d6", "2d6", "3d6", "d66", "10d100", "d2", "4d20"} {
		d, err := dsl.ParseDice(s)
		if err != nil {
			t.Fatal(err)
		}
		dice = append(dice, d)
	}
	bounds := [][2]int{{0, 0}, {-1, 1}, {-6, 6}, {-18, 18}, {-100, 100}, {-100, -40}, {40, 100}, {3, 3}, {-36, -36}}
	for _, d := range dice {
		for _, b := range bounds {
			for _, hasMod := range []bool{false, true} {
				spec := dsl.RollSpec{Dice: d, HasModifier: hasMod, ModLo: b[0], ModHi: b[1]}
				seen := map[int]bool{}
				for _, r := range d.Results() {
					lo, hi := 0, 0
					if hasMod {
						lo, hi = b[0], b[1]
					}
					for m := lo; m <= hi; m++ {
						seen[d.Modify(r, m)] = true
					}
				}
				got := spec.Reachable()
				if len(got) != len(seen) {
					t.Fatalf("%s: %d results, want %d", spec, len(got), len(seen))
				}
				for i, v := range got {
					if !seen[v] || (i > 0 && got[i-1] >= v) {
						t.Fatalf("%s: result %d unexpected or out of order in %v", spec, v, got)
					}
				}
			}
		}
	}
}

// allowed are the expr built-ins scripts keep: pure functions whose result is
// no bigger than their arguments.
var allowed = map[string]bool{
	"abs": true, "ceil": true, "floor": true, "round": true, "int": true, "float": true,
	"max": true, "min": true, "len": true, "type": true,
	"trim": true, "trimPrefix": true, "trimSuffix": true, "upper": true, "lower": true,
	"hasPrefix": true, "hasSuffix": true, "indexOf": true, "lastIndexOf": true,
}

// TestNoWayOut: a script reads no clock, file, network or environment, and
// calls no Go method of the engine's values. Every expr built-in but the
// pure ones above is unknown to a script, so a new one in a later expr is
// forbidden until someone decides otherwise.
func TestNoWayOut(t *testing.T) {
	cond := func(c string) string {
		return minimal + "rule r on turn_end {\n when " + c + "\n}\n"
	}
	// Calls that reach outside, or that would: each must be a check error
	// on the rule's line.
	outside := []string{
		`now() != nil`,
		`date("2020-01-01") != nil`,
		`duration("1h") != nil`,
		`timezone("UTC") != nil`,
		`now().Unix() > 0`,
		`env("HOME") != ""`,
		`getenv("HOME") != ""`,
		`readFile("/etc/passwd") != ""`,
		`os.Getenv("HOME") != ""`,
		`http.Get("http://example.com") != nil`,
		`rand() > 0`,
		`random(6) > 0`,
		`$env.os != nil`,
		// Methods of the engine's values: the first would place a unit
		// behind the rules' back, the others read what scripts may not.
		`unit.Board().Place(unit) == nil`,
		`unit.Board() != nil`,
		`unit.Marked("x")`,
		`unit.Board().Module().Param("x") != nil`,
		`len(unit.Board().Units) > 0`,
		`unit?.Board() != nil`,
		`$env.unit.Board() != nil`,
		// Hidden fields.
		`unit.Hex != nil`,
		`unit.Marks != nil`,
		`unit.board != nil`,
	}
	var names []string
	for name := range allowed {
		names = append(names, name)
	}
	sort.Strings(names)
	if got := dsl.Builtins(); strings.Join(got, " ") != strings.Join(names, " ") {
		t.Errorf("dsl.Builtins() = %v, want %v", got, names)
	}
	for _, name := range builtin.Names {
		if !allowed[name] {
			outside = append(outside, name+"() != nil")
		}
	}
	for _, c := range outside {
		src := cond(c)
		diags := load(t, "t.rules", src)
		wantInside(t, "t.rules", src, diags)
		if !diags.HasErrors() || diags[0].Pos.Line != 7 {
			t.Errorf("%s: got %v, want a check error on line 7", c, diags)
		}
	}
	// A forbidden built-in reads as an unknown name, and a method as no
	// function of the language.
	for c, want := range map[string]string{
		`now() != nil`:                           `unknown name "now"`,
		`repeat("x", 1000000) != ""`:             `unknown name "repeat"`,
		`all(1..1000, all(1..1000, # > 0))`:      `all is not a function of the language`,
		`reduce(1..100, #acc + #acc, "x") != ""`: `reduce is not a function of the language`,
		`unit.Board() != nil`:                    `Board is not a function of the language`,
	} {
		diags := load(t, "t.rules", cond(c))
		if len(diags) == 0 || !strings.Contains(diags[0].Message, want) {
			t.Errorf("%s: got %v, want %q", c, diags, want)
		}
	}
	// The pure built-ins stay, with the language's functions.
	for _, c := range []string{
		`abs(-1) == 1 && floor(1.5) == 1.0 && ceil(1.5) == 2.0 && round(1.4) == 1.0`,
		`int("3") == 3 && float(1) == 1.0 && max(1, 2) == 2 && min(1, 2) == 1 && len("ab") == 2`,
		`upper(unit.side) != lower(unit.side) || trim(" a ") == "a"`,
		`hasPrefix(unit.id, "a") || hasSuffix(unit.id, "b") || indexOf(unit.id, "c") > lastIndexOf(unit.id, "d")`,
		`type(unit.increments) == "int" && marked(unit, "x") == false`,
	} {
		if diags := load(t, "t.rules", cond(c)); diags.HasErrors() {
			t.Errorf("%s: %v", c, diags)
		}
	}
}

// TestSpellingHelpStaysCheap: suggestions still come for short names, not
// for names too long to be typos, and a module of many similar long names
// checks (the cost is bounded by the error cap and the length skip).
func TestSpellingHelpStaysCheap(t *testing.T) {
	diags := load(t, "t.rules", minimal+"rule r on turn_end {\n when unit.incremnts > 0\n}\n")
	if len(diags) != 1 || !strings.Contains(diags[0].Message, `did you mean "increments"?`) {
		t.Errorf("got %v, want a suggestion", diags)
	}
	long := strings.Repeat("x", 40)
	diags = load(t, "t.rules", minimal+"param "+long+"a = 1\nrule r on turn_end {\n when "+long+"b > 0\n}\n")
	if len(diags) != 1 || strings.Contains(diags[0].Message, "did you mean") {
		t.Errorf("got %v, want no suggestion for a 41-letter name", diags)
	}
	var b strings.Builder
	b.WriteString(minimal)
	name := strings.Repeat("y", 27)
	for i := range 3000 {
		fmt.Fprintf(&b, "param %s%04d = 1\n", name, i)
	}
	for i := range 3000 {
		fmt.Fprintf(&b, "remove param %s%04dz\n", name, i)
	}
	diags = load(t, "t.rules", b.String())
	if codes := errorCodes(diags); len(codes) != dsl.Limits.Errors+1 || !strings.Contains(diags[0].Message, "did you mean") {
		t.Errorf("got %d errors, want %d with suggestions", len(codes), dsl.Limits.Errors+1)
	}
}

// deepInputs are inputs nested far deeper than the stack can take, some
// hiding their brackets from a careless pre-scan: closers in a block
// comment, a quote in a block comment, an unterminated block comment, stray
// closers. Each nests 480,000 deep and fits in the file limit.
func deepInputs() map[string]string {
	opens := strings.Repeat(strings.Repeat("(", 4000)+"\n", 120)
	closes := strings.Repeat(strings.Repeat(")", 4000)+"\n", 120)
	head := minimal + "rule r on turn_end {\n when "
	return map[string]string{
		"plain":              head + opens,
		"closers in comment": head + "/*\n" + closes + "*/\n" + opens,
		"quote in comment":   head + "/* \" */ " + opens,
		"open comment":       head + "/* never closed\n" + opens,
		"stray closers":      head + closes + opens,
		"escaped newline":    head + "\"a\\\n" + opens,
		"in a scenario":      minimal + "scenario s { map 5 x 5 clear unit u { at: " + opens,
		"in a table":         minimal + "table t roll d6 { column when " + strings.ReplaceAll(opens, "(", "["),
	}
}

// TestDeepNestingRejectedBeforeParsing runs the parser on deepInputs in a
// child process: if the pre-scan ever let one through, participle would die
// of a stack overflow no recover can catch, and the child's death fails this
// test instead of killing the test binary.
func TestDeepNestingRejectedBeforeParsing(t *testing.T) {
	if os.Getenv("DSL_DEEP_CHILD") == "1" {
		for name, src := range deepInputs() {
			_, diags := dsl.Parse("deep.rules", []byte(src))
			code := ""
			if len(diags) > 0 {
				code = diags[0].Code
			}
			fmt.Printf("%s\t%s\n", name, code)
		}
		return
	}
	cmd := exec.Command(os.Args[0], "-test.run=^TestDeepNestingRejectedBeforeParsing$")
	cmd.Env = append(os.Environ(), "DSL_DEEP_CHILD=1")
	var out, errb bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errb
	if err := cmd.Run(); err != nil {
		t.Fatalf("child died: %v\n%.2000s", err, errb.String())
	}
	got := map[string]string{}
	for _, line := range strings.Split(out.String(), "\n") {
		if name, code, ok := strings.Cut(line, "\t"); ok {
			got[name] = code
		}
	}
	for name := range deepInputs() {
		if got[name] != "too-deep" {
			t.Errorf("%s: got %q, want too-deep", name, got[name])
		}
	}
}

// TestParseFSReadsBounded: a folder's files are read no further than one
// byte past the size limit, and pipes and devices named like rule files are
// refused without being read.
func TestParseFSReadsBounded(t *testing.T) {
	big := bytes.Repeat([]byte("// x\n"), 100*dsl.Limits.FileBytes/5)
	fsys := fstest.MapFS{
		"a.rules":    {Data: []byte(minimal)},
		"big.rules":  {Data: big},
		"pipe.rules": {Mode: fs.ModeNamedPipe},
		"dev.rules":  {Mode: fs.ModeDevice | fs.ModeCharDevice},
	}
	files, diags := dsl.ParseFS(fsys, ".")
	if len(files) != 1 {
		t.Errorf("parsed %d files, want only a.rules", len(files))
	}
	got := map[string]string{}
	for _, d := range diags {
		got[d.Pos.File] = d.Code + ": " + d.Message
	}
	want := map[string]string{
		"big.rules":  "too-large: file is 104857600 bytes, larger than 1048576; not read",
		"pipe.rules": "read: cannot read: not a regular file",
		"dev.rules":  "read: cannot read: not a regular file",
	}
	for file, prefix := range want {
		if !strings.HasPrefix(got[file], prefix) {
			t.Errorf("%s: got %q, want %q…", file, got[file], prefix)
		}
	}
}
