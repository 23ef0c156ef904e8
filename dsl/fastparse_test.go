package dsl

import (
	"bytes"
	"crypto/sha256"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
)

// fastParseGrammar is the SHA-256 of the grammar (Grammar()) fastParse was
// written from. A change to ast.go's tags changes it: make the same change
// in fastparse.go, then put the new sum here.
const fastParseGrammar = "2cf7172c1c79063de846b47dfbc4779adfe1cc6bcdd31fb62fddc8e09505a1d2"

func TestFastParseGrammar(t *testing.T) {
	if got := fmt.Sprintf("%x", sha256.Sum256([]byte(Grammar()))); got != fastParseGrammar {
		t.Fatalf("the grammar changed (sum %s): fastparse.go follows the old one; change it the same way, then pin the new sum in fastParseGrammar", got)
	}
}

// sameAsParticiple parses src with fastParse and with participle (the whole
// file at once). Wherever either gives a tree, the other must give the same
// one. It reports whether participle parsed it.
func sameAsParticiple(t *testing.T, name, src string) bool {
	t.Helper()
	fast, ok := fastParse(name, src)
	slow, err := parser.ParseString(name, src)
	switch {
	case ok && err != nil:
		t.Fatalf("%s: the hand parser reads a file participle refuses (%v)", name, err)
	case !ok && err == nil:
		t.Fatalf("%s: participle reads a file the hand parser refuses", name)
	case ok && !reflect.DeepEqual(fast, slow):
		t.Fatalf("%s: the hand parser and participle give different trees\nhand:       %s\nparticiple: %s", name, dump(fast), dump(slow))
	}
	return err == nil
}

// dump shows a tree, for the first difference to be found by eye.
func dump(f *File) string {
	var b strings.Builder
	for _, d := range f.Decls {
		fmt.Fprintf(&b, "%+v\n", *d)
	}
	return b.String()
}

// repoSources reads every .rules file of the repository and every .rules
// file inside a txtar archive of its test data.
func repoSources(t testing.TB) map[string]string {
	out := map[string]string{}
	err := filepath.WalkDir("..", func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		switch {
		case strings.HasSuffix(p, Ext):
			b, err := os.ReadFile(p)
			if err != nil {
				return err
			}
			out[p] = string(b)
		case strings.HasSuffix(p, ".txtar"):
			b, err := os.ReadFile(p)
			if err != nil {
				return err
			}
			for name, data := range txtarRules(b) {
				out[p+"/"+name] = data
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if len(out) < 100 {
		t.Fatalf("only %d sources", len(out))
	}
	return out
}

// txtarRules returns the .rules files of a txtar archive.
func txtarRules(b []byte) map[string]string {
	out := map[string]string{}
	name := ""
	var cur bytes.Buffer
	flush := func() {
		if strings.HasSuffix(name, Ext) {
			out[name] = cur.String()
		}
		cur.Reset()
	}
	for _, line := range bytes.SplitAfter(b, []byte("\n")) {
		s := strings.TrimRight(string(line), "\r\n")
		if strings.HasPrefix(s, "-- ") && strings.HasSuffix(s, " --") && len(s) >= 7 {
			flush()
			name = strings.TrimSpace(s[3 : len(s)-3])
			continue
		}
		cur.Write(line)
	}
	flush()
	return out
}

// fastParseCases are inputs where participle backtracks, stops at its
// lookahead, or reads a token's text where its type would surprise.
var fastParseCases = []string{
	"",
	"// only a comment\n",
	"module m \"M\" edition \"2\" extends a-b-c cite \"x\", \"y\"\n",
	"module m edition 3\n",
	"game g extends\nparam a = 1\n",
	"param a.b.c = -3 cite \"p\"\nparam b = \"s\"\nparam c = d66\nparam d = word\nparam e = (1, -2)\nparam f = (-1, 2\n",
	"param a = - 3\nparam b = -\n",
	"terrain t \"T\" cite \"c\" { cost: 1, 2  flag  arms: a, b }\nformation f { }\narm a\n",
	"terrain t { cost: }\n",
	"terrain t { a b c\n",
	"table t \"T\" roll d66 + modifier -6..6 by unit.arm only a | b | 1..3 | -2 | _, distance cite \"c\" {\n 11..25 => a 1 2\n 26 => b -1\n ..3 => c\n 4.. => d 1\n => e\n column \"x\" when a > 1 { 11..66 => a }\n column a | b, _ { 1 => x }\n column { }\n column when { }\n}\n",
	"table t roll 2d6 + x { }\n",
	"table t roll 2d6 + modifier { 2..12 => a }\n",
	"check c \"C\" roll d66 cite \"x\" { pass above unit.morale + 1 }\n",
	"modifier a.b \"M\" cite \"c\" { -6 when unit.leader }\nmodifier c { 1 }\n",
	"chart c \"C\" by terrain only a | b, formation cite \"x\" { a, line => 2  b | _, _ => -1 }\n",
	"objective o \"O\" for french cite \"c\" { 1 when unit.side == \"french\" }\nobjective p { 2 }\n",
	"rule a.b \"R\" on c.d cite \"x\" {\n  require a > 1 else \"no\"\n  when (a + [b, c]) > 1\n  let x = f(a, b)\n  ask \"q\" of unit\n  ask \"r\"\n  do f(a, n: 1), g(); h(x: [1, 2])\n}\n",
	"rule r on h { when (] }\n",
	"rule r on h { when ( }\n",
	"rule r on h { do f(a: ) }\n",
	"rule r on h { do f(a b) }\n",
	"rule r on h { do f(a, ) }\n",
	"remove rule a.b\nremove terrain t\n",
	"sequence \"S\" cite \"x\" { phase a \"A\" phase b }\n",
	"invariant a.b \"I\" cite \"c\" { all(units, .increments >= 0) }\n",
	"test t.u \"T\" cite \"c\" {\n scenario s\n dice 1 2 3\n exact\n map 4 x 4 clear\n expect refused \"r\"\n expect allowed \"s\"\n expect chance(a > 1) == 1/2\n expect chance(a) >= 1\n expect chance(a) + 1 > 2\n expect refused == 1\n expect a.formation == \"line\"\n}\n",
	"test t { dice }\n",
	"scenario s \"S\" {\n map 20 x 15 clear\n map 3 x 3\n unit a \"A\" { side: french  at: 0405 }\n terrain woods 0305 (1, -2) 0306\n road 0401 0402\n hexside stream 0605/0606 0606/0706\n hexside slope 0605 up N ne\n hexside x (1,2)/(2,2)\n charge hussars at inf1 as line step 1 path 0609 0608\n move a path 0405\n form a as carre\n fire a at b\n assault a at b\n decide a form_carre yes\n decide a \"q\" no\n decide a q when distance <= 2\n  && x\n goal russian unbroken\n turn french\n turn 2 russian { move a path 0101 decide a q yes }\n turn 3 a { }\n army russian { morale_level: 2 }\n seed 42\n}\n",
	"scenario s { map 3 x 3 unit a { } }\n",
	"scenario s { hexside h 0101 up }\n",
	"scenario s { turn 2 { } }\n",
	"scenario s { charge a path }\n",
	"override placeholder rule r on h { }\nplaceholder table t roll d6 { 1..6 => a }\n",
	"\"rule\" r on h { }\n",
	"rule r on h \"{\" }\n",
	"param a = 1 2\n",
	"module m\nmodule n\n",
	"scenario s { decide a q when (1,\n 2) }\n",
	"scenario s { decide a q when f(1\n }\n",
}

// TestFastParseSameTree: on every file of the repository and the cases
// above, the hand parser and participle give the same tree, or both refuse.
func TestFastParseSameTree(t *testing.T) {
	parsed := 0
	for name, src := range repoSources(t) {
		if _, ok := scanLimits(name, src); !ok {
			continue
		}
		if sameAsParticiple(t, name, src) {
			parsed++
		}
	}
	if parsed < 100 {
		t.Errorf("only %d files parse", parsed)
	}
	both := 0
	for i, src := range fastParseCases {
		if sameAsParticiple(t, fmt.Sprintf("case%d.rules", i), src) {
			both++
		}
	}
	if both < len(fastParseCases)/2 || both == len(fastParseCases) {
		t.Errorf("%d of %d cases parse: the cases should hold both good and bad input", both, len(fastParseCases))
	}
}

// FuzzFastParse: on any input within the limits, the hand parser and
// participle give the same tree or both refuse it.
func FuzzFastParse(f *testing.F) {
	for _, src := range repoSources(f) {
		f.Add(src)
	}
	for _, src := range fastParseCases {
		f.Add(src)
	}
	f.Fuzz(func(t *testing.T, src string) {
		if _, ok := scanLimits("f.rules", src); !ok {
			return
		}
		sameAsParticiple(t, "f.rules", src)
	})
}
