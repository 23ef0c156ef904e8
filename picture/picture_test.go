package picture

import (
	"bytes"
	"context"
	"encoding/json"
	"encoding/xml"
	"errors"
	"flag"
	"fmt"
	"github.com/bataille/bataille/hex"
	"io"
	"math"
	"os"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/bataille/bataille"
	"github.com/bataille/bataille/dsl"
	"github.com/bataille/bataille/internal/golden"
	"github.com/bataille/bataille/interpreter"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata")

// sketch loads the test battle in testdata, which has something of
// everything a map draws.
func sketch(t testing.TB) *dsl.Module {
	t.Helper()
	mod, diags := bataille.LoadDir(os.DirFS("testdata"), "sketch")
	if diags.HasErrors() {
		t.Fatal(diags.Err())
	}
	return mod
}

func scene(t testing.TB, mod *dsl.Module, name string) Scene {
	t.Helper()
	sd, err := bataille.FindScenario(mod, name)
	if err != nil {
		t.Fatal(err)
	}
	setup, diags := interpreter.BuildScenario(mod, sd)
	if diags.HasErrors() {
		t.Fatal(diags.Err())
	}
	return Scene{Title: sd.Title, Module: mod, Board: setup.Board, Orders: setup.Orders}
}

// element is an XML element with its attributes and children, enough to
// look a picture over.
type element struct {
	Name     string
	Attr     map[string]string
	Children []*element
	Text     string
}

func parseXML(t *testing.T, data []byte) *element {
	t.Helper()
	dec := xml.NewDecoder(bytes.NewReader(data))
	dec.Strict = true
	var stack []*element
	var root *element
	for {
		tok, err := dec.Token()
		if err == io.EOF {
			break
		}
		if err != nil {
			t.Fatalf("not well-formed XML: %v", err)
		}
		switch tok := tok.(type) {
		case xml.StartElement:
			e := &element{Name: tok.Name.Local, Attr: map[string]string{}}
			for _, a := range tok.Attr {
				e.Attr[a.Name.Local] = a.Value
			}
			if len(stack) > 0 {
				p := stack[len(stack)-1]
				p.Children = append(p.Children, e)
			} else {
				root = e
			}
			stack = append(stack, e)
		case xml.EndElement:
			stack = stack[:len(stack)-1]
		case xml.CharData:
			if len(stack) > 0 {
				stack[len(stack)-1].Text += string(tok)
			}
		}
	}
	if root == nil {
		t.Fatal("no root element")
	}
	return root
}

// find lists the elements under e (e included) that match.
func (e *element) find(match func(*element) bool) []*element {
	var out []*element
	if match(e) {
		out = append(out, e)
	}
	for _, c := range e.Children {
		out = append(out, c.find(match)...)
	}
	return out
}

func hasClass(e *element, class string) bool {
	for _, c := range strings.Fields(e.Attr["class"]) {
		if c == class {
			return true
		}
	}
	return false
}

var translateRE = regexp.MustCompile(`^translate\((-?[\d.]+) (-?[\d.]+)\)$`)

func translate(t *testing.T, s string) (float64, float64) {
	t.Helper()
	m := translateRE.FindStringSubmatch(s)
	if m == nil {
		t.Fatalf("transform %q is not a translate", s)
	}
	x, _ := strconv.ParseFloat(m[1], 64)
	y, _ := strconv.ParseFloat(m[2], 64)
	return x, y
}

// checkMap checks a map's structure against the board and orders it was
// drawn from: every map hex once with its number, one counter per unit at
// the centre of its hex as the hex math puts it, each charge or move path
// through the centres of its hexes.
func checkMap(t *testing.T, s Scene, svg []byte) {
	t.Helper()
	root := parseXML(t, svg)
	if root.Name != "svg" {
		t.Fatalf("root element %s, want svg", root.Name)
	}
	hexes := root.find(func(e *element) bool { return e.Name == "polygon" && hasClass(e, "hex") })
	if want := s.Board.Cols * s.Board.Rows; len(hexes) != want {
		t.Errorf("%d hexes drawn, want %d", len(hexes), want)
	}
	numbers := map[string]bool{}
	for _, e := range root.find(func(e *element) bool { return hasClass(e, "num") }) {
		numbers[e.Text] = true
	}
	for c := 1; c <= s.Board.Cols; c++ {
		for r := 1; r <= s.Board.Rows; r++ {
			if n := fmt.Sprintf("%02d%02d", c, r); !numbers[n] {
				t.Errorf("map number %s not drawn", n)
			}
		}
	}
	counters := root.find(func(e *element) bool { return e.Name == "g" && hasClass(e, "unit") })
	byID := map[string]*element{}
	for _, c := range counters {
		if byID[c.Attr["data-unit"]] != nil {
			t.Errorf("unit %s drawn twice", c.Attr["data-unit"])
		}
		byID[c.Attr["data-unit"]] = c
	}
	if len(counters) != len(s.Board.Units) {
		t.Errorf("%d counters for %d units", len(counters), len(s.Board.Units))
	}
	inHex := map[hex.Hex]int{}
	for _, u := range s.Board.Units {
		inHex[u.Hex]++
	}
	for _, u := range s.Board.Units {
		c := byID[u.ID]
		if c == nil {
			t.Errorf("unit %s has no counter", u.ID)
			continue
		}
		x, y := u.Hex.Center(Size)
		if u.Hex2 != nil {
			x2, y2 := u.Hex2.Center(Size)
			x, y = (x+x2)/2, (y+y2)/2
		}
		gx, gy := translate(t, c.Attr["transform"])
		if inHex[u.Hex] > 1 {
			// A stack's counters are set apart, within the hex.
			if math.Hypot(gx-x, gy-y) > Size/2 {
				t.Errorf("stacked unit %s at (%.2f, %.2f), outside %s", u.ID, gx, gy, u.Hex)
			}
		} else if fmt.Sprintf("%.2f %.2f", gx, gy) != fmt.Sprintf("%.2f %.2f", x, y) {
			t.Errorf("unit %s at (%.2f, %.2f), want the centre of %s (%.2f, %.2f)", u.ID, gx, gy, u.Hex, x, y)
		}
		if c.Attr["data-hex"] != u.Hex.String() {
			t.Errorf("unit %s data-hex %s, want %s", u.ID, c.Attr["data-hex"], u.Hex)
		}
		inner := c.find(func(e *element) bool { return hasClass(e, "counter") })
		if len(inner) != 1 || inner[0].Attr["data-formation"] != u.Formation || inner[0].Attr["data-facing"] != u.Facing.String() {
			t.Errorf("unit %s counter does not show formation %s facing %s", u.ID, u.Formation, u.Facing)
		}
	}
	// Each feature along a hexside is a line between the two corners the
	// hex math gives that hexside.
	sides := map[string]*element{}
	for _, e := range root.find(func(e *element) bool { return e.Name == "line" && hasClass(e, "hs") }) {
		sides[e.Attr["data-hexside"]] = e
	}
	if len(sides) != len(s.Board.Hexsides) {
		t.Errorf("%d hexsides drawn, the board has %d", len(sides), len(s.Board.Hexsides))
	}
	for k := range s.Board.Hexsides {
		e := sides[k.String()]
		if e == nil {
			t.Errorf("hexside %s not drawn", k)
			continue
		}
		dir, _ := hex.DirectionTo(k.A, k.B)
		x1, y1, x2, y2 := k.A.HexsideEnds(Size, dir)
		if got, want := e.Attr["x1"]+","+e.Attr["y1"]+" "+e.Attr["x2"]+","+e.Attr["y2"], points(x1, y1, x2, y2); got != want {
			t.Errorf("hexside %s drawn %s, want %s", k, got, want)
		}
	}
	paths := root.find(func(e *element) bool {
		return e.Name == "polyline" && (hasClass(e, "o-charge") || hasClass(e, "o-move"))
	})
	var want []string
	for _, o := range s.Orders {
		if (o.Kind != "charge" && o.Kind != "move") || len(o.Path) == 0 {
			continue
		}
		x, y := o.Unit.Hex.Center(Size)
		pts := []string{num(x) + "," + num(y)}
		for _, h := range o.Path {
			x, y := h.Center(Size)
			pts = append(pts, num(x)+","+num(y))
		}
		want = append(want, o.Unit.ID+": "+strings.Join(pts, " "))
	}
	var got []string
	for _, p := range paths {
		got = append(got, p.Attr["data-unit"]+": "+p.Attr["points"])
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("paths drawn:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

func TestMapSketchGolden(t *testing.T) {
	mod := sketch(t)
	s := scene(t, mod, "everything")
	var a, b bytes.Buffer
	if err := MapSVG(&a, s); err != nil {
		t.Fatal(err)
	}
	if err := MapSVG(&b, s); err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(a.Bytes(), b.Bytes()) {
		t.Fatal("two drawings of the same scenario differ")
	}
	checkMap(t, s, a.Bytes())
	root := parseXML(t, a.Bytes())
	// What this scenario has of everything must show.
	count := func(match func(*element) bool) int { return len(root.find(match)) }
	checks := []struct {
		what string
		n    int
		want int
	}{
		{"closed hexes hatched (2 woods, 1 redoubt)", count(func(e *element) bool { return e.Name == "polygon" && hasClass(e, "closed") }), 3},
		{"road segments", count(func(e *element) bool { return e.Name == "line" && hasClass(e, "road") }), 4},
		{"Carré squares", count(func(e *element) bool { return hasClass(e, "carre") }), 1},
		{"leader stars", count(func(e *element) bool { return hasClass(e, "leader") }), 1},
		{"Guard counters", count(func(e *element) bool { return hasClass(e, "guard") }), 1},
		{"fire arrows", count(func(e *element) bool { return hasClass(e, "o-fire") }), 1},
		{"assault arrows", count(func(e *element) bool { return hasClass(e, "o-assault") }), 1},
		{"formation changes", count(func(e *element) bool { return hasClass(e, "o-form") }), 1},
		{"hexside features (2 stream, 2 slope, 1 hedge)", count(func(e *element) bool { return hasClass(e, "hs") }), 5},
		{"slope hachures (4 a side)", count(func(e *element) bool { return hasClass(e, "hachure") }), 8},
		{"fronts drawn (all but the Carré)", count(func(e *element) bool { return hasClass(e, "front") }), 5},
	}
	for _, c := range checks {
		if c.n != c.want {
			t.Errorf("%s: %d, want %d", c.what, c.n, c.want)
		}
	}
	golden.Check(t, "testdata/sketch.svg", a.Bytes(), *update, "go test ./picture -run TestMapSketchGolden -update")
}

// TestMapEveryBundledScenario draws every scenario of every bundled battle
// and checks the picture parses and stands where the hex math says.
func TestMapEveryBundledScenario(t *testing.T) {
	for _, name := range bataille.Bundled() {
		mod, diags := bataille.LoadBundled(name)
		if diags.HasErrors() {
			t.Fatal(diags.Err())
		}
		for _, sd := range mod.AllScenarios() {
			t.Run(name+"/"+sd.Name, func(t *testing.T) {
				s := scene(t, mod, sd.Name)
				var buf bytes.Buffer
				if err := MapSVG(&buf, s); err != nil {
					t.Fatal(err)
				}
				checkMap(t, s, buf.Bytes())
			})
		}
	}
}

// play runs a scenario and returns the scene as set up, the engine after
// the run and its trace.
func play(t *testing.T, mod *dsl.Module, scenario string, seed uint64) (Scene, *interpreter.Engine) {
	t.Helper()
	s := scene(t, mod, scenario)
	eng, err := bataille.NewEngine(mod, scenario, interpreter.Config{Seed: seed})
	if err != nil {
		t.Fatal(err)
	}
	if err := eng.Run(context.Background()); err != nil {
		t.Fatal(err)
	}
	return s, eng
}

// TestReplayEndsWhereTheEngineDid: following the trace from the set-up
// leaves every counter where the engine left its unit, in the same
// formation, state, increments and facing, for every bundled scenario and
// the sketch (which has a two-hex line, a move and a formation change) over
// several seeds. This is what makes the replay's counters trustworthy.
func TestReplayEndsWhereTheEngineDid(t *testing.T) {
	mods := map[string]*dsl.Module{"sketch": sketch(t)}
	names := append(bataille.Bundled(), "sketch")
	for _, name := range names {
		mod := mods[name]
		if mod == nil {
			var diags dsl.Diagnostics
			if mod, diags = bataille.LoadBundled(name); diags.HasErrors() {
				t.Fatal(diags.Err())
			}
		}
		for _, sd := range mod.AllScenarios() {
			for seed := uint64(1); seed <= 12; seed++ {
				s, eng := play(t, mod, sd.Name, seed)
				p := newPlayer(s.Board.Units)
				for _, ev := range eng.Trace() {
					p.apply(ev)
				}
				for _, u := range eng.Board.Units {
					got := p.views[p.index[u.ID]]
					want := viewOf(u)
					want.Name, got.Name = "", ""
					hex2 := func(v unitView) string {
						if v.Hex2 == nil {
							return "-"
						}
						return v.Hex2.String()
					}
					if fmt.Sprint(got.Hex, hex2(got), got.Facing, got.Formation, got.State, got.Increments, got.Tired, got.Exhausted) !=
						fmt.Sprint(want.Hex, hex2(want), want.Facing, want.Formation, want.State, want.Increments, want.Tired, want.Exhausted) {
						t.Errorf("%s/%s seed %d: replay leaves %s as %s, the engine as %s", name, sd.Name, seed, u.ID, describeView(got), describeView(want))
					}
				}
			}
		}
	}
}

func replayOf(t *testing.T, mod *dsl.Module, scenario string, seed uint64) ([]byte, interpreter.Trace) {
	t.Helper()
	s, eng := play(t, mod, scenario, seed)
	var buf bytes.Buffer
	if err := ReplayHTML(&buf, Replay{Scene: s, Subtitle: "seed " + strconv.FormatUint(seed, 10), Trace: eng.Trace()}); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes(), eng.Trace()
}

var dataRE = regexp.MustCompile(`(?s)<script type="application/json" id="replay-data">(.*?)</script>`)

// TestReplayPage: the same run gives the same page byte for byte; the page
// fetches nothing; it has a frame per narration line plus the set-up, one
// counter per unit, and a drawn roll per roll.
func TestReplayPage(t *testing.T) {
	mod := sketch(t)
	a, tr := replayOf(t, mod, "everything", 5)
	b, _ := replayOf(t, mod, "everything", 5)
	if !bytes.Equal(a, b) {
		t.Fatal("two replays of the same run differ")
	}
	page := string(a)
	for _, bad := range []string{"http://", "https://", " src=", "<link", "@import"} {
		if bad == "http://" {
			page = strings.ReplaceAll(page, `xmlns="http://www.w3.org/2000/svg"`, "")
		}
		if strings.Contains(page, bad) {
			t.Errorf("the page refers outside itself: %q", bad)
		}
	}
	m := dataRE.FindStringSubmatch(string(a))
	if m == nil {
		t.Fatal("no replay data")
	}
	var data replayData
	if err := json.Unmarshal([]byte(m[1]), &data); err != nil {
		t.Fatal(err)
	}
	steps, rolls := 0, 0
	for _, ev := range tr {
		if ev.Kind != "ok" {
			steps++
		}
		if ev.Kind == "roll" {
			rolls++
		}
	}
	if len(data.Frames) != steps+1 {
		t.Errorf("%d frames for %d steps", len(data.Frames), steps)
	}
	if got := strings.Count(string(a), `<li data-step=`); got != steps {
		t.Errorf("%d trace lines for %d steps", got, steps)
	}
	if got := strings.Count(string(a), `<section class="roll"`); got != rolls || rolls == 0 {
		t.Errorf("%d rolls drawn for %d rolls", got, rolls)
	}
	if len(data.Frames[0].U) != len(data.Units) {
		t.Fatalf("the set-up's frame has %d units, want %d", len(data.Frames[0].U), len(data.Units))
	}
	// Later frames list only the counters that changed.
	state := map[int]string{}
	for k, u := range data.Frames[0].U {
		state[k] = fmt.Sprint(u)
	}
	changes := 0
	for i, f := range data.Frames[1:] {
		if f.U != nil {
			t.Fatalf("frame %d repeats every unit", i+1)
		}
		for _, d := range f.D {
			k := int(d[0].(float64))
			now := fmt.Sprint(unitAt{d[1], d[2], d[3], d[4], d[5]})
			if k < 0 || k >= len(data.Units) || state[k] == now {
				t.Fatalf("frame %d: change %v to unit %d changes nothing", i+1, d, k)
			}
			state[k] = now
			changes++
		}
	}
	if changes == 0 {
		t.Error("no counter ever changes")
	}
	if got := strings.Count(string(a), `<g class="unit" id="u-`); got != len(data.Units) {
		t.Errorf("%d counters for %d units", got, len(data.Units))
	}
}

// TestRollDrawsModifiers: a modified roll shows its natural roll, each
// modifier and the result, and marks the row read on the column's strip.
func TestRollDrawsModifiers(t *testing.T) {
	for _, name := range bataille.Bundled() {
		mod, _ := bataille.LoadBundled(name)
		for seed := uint64(1); seed <= 40; seed++ {
			_, eng := play(t, mod, "", seed)
			for _, ev := range eng.Trace() {
				if ev.Kind != "roll" || len(ev.Mods) == 0 {
					continue
				}
				sec := rollSection(mod, 1, ev)
				root := parseXML(t, []byte(sec))
				mods := root.find(func(e *element) bool { return e.Name == "tr" && hasClass(e, "mod") })
				if len(mods) != len(ev.Mods) || len(mods) == 0 {
					t.Errorf("%s: %d modifier rows, want %d", ev.Dice, len(mods), len(ev.Mods))
				}
				for i, m := range ev.Mods {
					if i < len(mods) && !strings.Contains(mods[i].Children[0].Text, m.Title) {
						t.Errorf("%s: modifier row %d reads %q, want %q", ev.Dice, i, mods[i].Children[0].Text, m.Title)
					}
				}
				read := root.find(func(e *element) bool { return e.Name == "g" && hasClass(e, "read") })
				if _, isTable := mod.Tables[ev.Table]; isTable && len(read) != 1 {
					t.Errorf("%s: %d rows lit on the strip, want 1:\n%s", ev.Text, len(read), sec)
				}
				return
			}
		}
	}
	t.Skip("no modified roll in the bundled battles' first scenarios over 40 seeds")
}

func TestChartGolden(t *testing.T) {
	c := Chart{
		Title:  "Scenario test",
		Series: []string{"first", "second"},
		Groups: []Group{
			{Name: "a routed", Share: true, Bars: []Bar{{Mean: 0.25, Lo: 0.2, Hi: 0.3}, {Mean: 0.5, Lo: 0.45, Hi: 0.55}}},
			{Name: "a in carre", Share: true, Bars: []Bar{{Mean: 1, Lo: 0.99, Hi: 1}, {Missing: true}}},
			{Name: "b increments lost", Bars: []Bar{{Mean: 1.5, Lo: 1.2, Hi: 1.8}, {Mean: 0.7, Lo: 0.5, Hi: 0.9}}},
		},
	}
	var buf bytes.Buffer
	if err := ChartSVG(&buf, c); err != nil {
		t.Fatal(err)
	}
	root := parseXML(t, buf.Bytes())
	bars := root.find(func(e *element) bool { return e.Name == "rect" && hasClass(e, "bar") })
	if len(bars) != 5 {
		t.Errorf("%d bars, want 5 (one missing)", len(bars))
	}
	// A share of 0.5 fills half the scale; the means' scale tops at 2.
	full := chartW - valueW - labelW
	if w := bars[1].Attr["width"]; w != num(full*0.5) {
		t.Errorf("a 50%% bar is %s wide, want %s", w, num(full*0.5))
	}
	if w := bars[3].Attr["width"]; w != num(full*1.5/2) {
		t.Errorf("a mean of 1.5 on a scale to 2 is %s wide, want %s", w, num(full*0.75))
	}
	golden.Check(t, "testdata/chart.svg", buf.Bytes(), *update, "go test ./picture -run TestChartGolden -update")
	var page bytes.Buffer
	if err := ChartHTML(&page, c); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(page.String(), buf.String()) {
		t.Error("the HTML page does not hold the SVG chart")
	}
}

func TestNiceMax(t *testing.T) {
	for _, tt := range []struct{ in, want float64 }{{0, 1}, {0.7, 1}, {1, 1}, {1.2, 2}, {3, 5}, {6.1, 10}, {17, 20}} {
		if got := niceMax(tt.in); got != tt.want {
			t.Errorf("niceMax(%v) = %v, want %v", tt.in, got, tt.want)
		}
	}
}

// TestCounterInitials: an arm or a state with a non-ASCII initial draws its
// first letter, not the first byte of it ("\ufffd" once showed on the
// counter).
func TestCounterInitials(t *testing.T) {
	mod, diags := bataille.LoadDir(fstest.MapFS{"m.rules": {Data: []byte(`game m "M" extends premier
nationality french "French"
arm éclaireur "Éclaireurs"
state ébranlé "Ébranlé"
scenario s "S" {
  map 3 x 3 clear
  unit u "U" { side: french  nationality: french  arm: éclaireur  increments: 4  formation: line  facing: N  morale: 30  state: ébranlé  at: 0202 }
}
`)}}, ".")
	if diags.HasErrors() {
		t.Fatal(diags.Err())
	}
	var b bytes.Buffer
	if err := MapSVG(&b, scene(t, mod, "s")); err != nil {
		t.Fatal(err)
	}
	svg := b.String()
	if strings.Contains(svg, "\ufffd") || !strings.Contains(svg, `font-size="9" text-anchor="middle">É</text>`) || !strings.Contains(svg, `y="-11">É</text>`) {
		t.Errorf("initials not drawn as É:\n%s", svg)
	}
	for in, want := range map[string]string{"éclaireur": "É", "lancers": "L", "": "?", "\xff": "?", "ıx": "I"} {
		if got := initial(in); got != want {
			t.Errorf("initial(%q) = %q, want %q", in, got, want)
		}
	}
}

// TestReplayBudget: a replay past MaxReplayBytes is refused, saying so,
// before it is written.
func TestReplayBudget(t *testing.T) {
	mod := sketch(t)
	s, eng := play(t, mod, "everything", 5)
	old := MaxReplayBytes
	MaxReplayBytes = 2000
	defer func() { MaxReplayBytes = old }()
	var buf bytes.Buffer
	err := ReplayHTML(&buf, Replay{Scene: s, Trace: eng.Trace()})
	if !errors.Is(err, ErrReplayTooLarge) || !strings.Contains(err.Error(), "past 2000 bytes at step") || buf.Len() != 0 {
		t.Fatalf("got %v and %d bytes; want ErrReplayTooLarge and nothing written", err, buf.Len())
	}
}

// TestReadsFieldsNotNarration: a roll is drawn and a counter moved from
// the event's fields alone. With the narration blanked (Text, Dice and
// State), every roll's section and every unit's counter at the end are the
// same as with it; and with the fields blanked, the roll's numbers are
// gone, so the section is drawn from them.
func TestReadsFieldsNotNarration(t *testing.T) {
	rolls, checks, held := 0, 0, 0
	for _, name := range bataille.Bundled() {
		mod, _ := bataille.LoadBundled(name)
		for seed := uint64(1); seed <= 6; seed++ {
			s, eng := play(t, mod, "", seed)
			p, q := newPlayer(s.Board.Units), newPlayer(s.Board.Units)
			for _, ev := range eng.Trace() {
				bare := ev
				bare.Text, bare.Dice, bare.State = "", "", ""
				p.apply(ev)
				q.apply(bare)
				if ev.Kind != "roll" {
					continue
				}
				rolls++
				if ev.Roll.Threshold != nil {
					checks++
				}
				if ev.Roll.Held() {
					held++
				}
				if a, b := rollSection(mod, 1, ev), rollSection(mod, 1, bare); a != b {
					t.Fatalf("%s seed %d: the roll %q is drawn from its narration:\n%s\n%s", name, seed, ev.Dice, a, b)
				}
				noFields := ev
				noFields.Roll = interpreter.Roll{}
				if a, b := rollSection(mod, 1, ev), rollSection(mod, 1, noFields); a == b || !strings.Contains(a, `class="natural"`) {
					t.Fatalf("%s seed %d: the roll %q is drawn without its numbers:\n%s", name, seed, ev.Dice, a)
				}
			}
			for i := range p.views {
				if fmt.Sprint(p.views[i]) != fmt.Sprint(q.views[i]) {
					t.Errorf("%s seed %d: %s ends as %s from the trace, %s from its fields", name, seed, p.views[i].ID, describeView(p.views[i]), describeView(q.views[i]))
				}
			}
		}
	}
	if rolls == 0 || checks == 0 {
		t.Fatalf("%d rolls, %d of them checks: the test reads nothing", rolls, checks)
	}
	t.Logf("%d rolls, %d checks, %d held by their bounds", rolls, checks, held)
}
