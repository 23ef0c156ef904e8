package browsertest

import (
	"bytes"
	"context"
	"flag"
	"fmt"
	"github.com/bataille/bataille/hex"
	"image/png"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/bataille/bataille"
	"github.com/bataille/bataille/dsl"
	"github.com/bataille/bataille/interpreter"
	"github.com/bataille/bataille/picture"
	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
)

var docs = flag.String("docs", "", "also write the README's screenshots (map.png, replay.png) to this folder")

// browser finds Chromium: $BATAILLE_CHROMIUM, else the usual names on the
// PATH. Without one the tests skip and say so; .ci/run installs it first.
func browser(t *testing.T) string {
	t.Helper()
	if p := os.Getenv("BATAILLE_CHROMIUM"); p != "" {
		return p
	}
	for _, name := range []string{"chromium", "chromium-browser", "google-chrome", "google-chrome-stable", "headless-shell"} {
		if p, err := exec.LookPath(name); err == nil {
			return p
		}
	}
	t.Skip("SKIPPED, NOT PASSED: no Chromium to drive (install Debian's chromium package, or set BATAILLE_CHROMIUM to a Chrome or Chromium binary)")
	return ""
}

// open starts a fresh headless browser with its own profile and nothing
// that reaches the network by itself.
func open(t *testing.T) context.Context {
	t.Helper()
	path := browser(t)
	opts := append(chromedp.DefaultExecAllocatorOptions[:],
		chromedp.ExecPath(path),
		chromedp.Headless,
		chromedp.NoSandbox,
		chromedp.DisableGPU,
		chromedp.Flag("disable-background-networking", true),
		chromedp.Flag("disable-component-update", true),
		chromedp.Flag("disable-sync", true),
		chromedp.NoFirstRun,
		chromedp.UserDataDir(t.TempDir()),
		chromedp.WindowSize(1400, 900),
	)
	// A bound on the whole session so that a hung browser fails the test
	// instead of the test binary; it is not a speed assertion.
	ctx, cancel := context.WithTimeout(context.Background(), 3*time.Minute)
	t.Cleanup(cancel)
	actx, acancel := chromedp.NewExecAllocator(ctx, opts...)
	t.Cleanup(acancel)
	bctx, bcancel := chromedp.NewContext(actx)
	t.Cleanup(bcancel)
	if err := chromedp.Do(bctx, chromedp.Navigate("about:blank")); err != nil {
		t.Fatalf("starting %s: %v", path, err)
	}
	return bctx
}

// run plays a bundled battle's first scenario and returns the module, the
// scene as set up and the trace.
func run(t *testing.T, battle string, seed uint64) (*dsl.Module, picture.Scene, interpreter.Trace) {
	t.Helper()
	mod, diags := bataille.LoadBundled(battle)
	if diags.HasErrors() {
		t.Fatal(diags.Err())
	}
	sd, err := bataille.FindScenario(mod, "")
	if err != nil {
		t.Fatal(err)
	}
	setup, diags := interpreter.BuildScenario(mod, sd)
	if diags.HasErrors() {
		t.Fatal(diags.Err())
	}
	eng, err := bataille.NewEngine(mod, sd.Name, interpreter.Config{Seed: seed})
	if err != nil {
		t.Fatal(err)
	}
	if err := eng.Run(context.Background()); err != nil {
		t.Fatal(err)
	}
	return mod, picture.Scene{Title: sd.Title, Module: mod, Board: setup.Board, Orders: setup.Orders}, eng.Trace()
}

// modifiedRoll finds a run with a roll that modifiers applied to (its
// Mods, read as fields), and the narration step (counting as the replay
// does, without "ok" lines) it is.
func modifiedRoll(t *testing.T) (picture.Scene, interpreter.Trace, int, interpreter.Event) {
	t.Helper()
	for _, battle := range bataille.Bundled() {
		for seed := uint64(1); seed <= 40; seed++ {
			_, s, tr := run(t, battle, seed)
			step := 0
			for _, ev := range tr {
				if ev.Kind == "ok" {
					continue
				}
				step++
				if ev.Kind == "roll" && len(ev.Mods) > 0 && movedBy(s, tr, step) {
					return s, tr, step, ev
				}
			}
		}
	}
	t.Fatal("no bundled battle rolls a modified roll after a unit moved in its first scenario over 40 seeds")
	return picture.Scene{}, nil, 0, interpreter.Event{}
}

// movedBy says some unit stands elsewhere than at its set-up by step n, so
// that the test sees a counter move (a Carré may be tried at the charge's
// start, before the cavalry has moved).
func movedBy(s picture.Scene, tr interpreter.Trace, n int) bool {
	for _, u := range s.Board.Units {
		if hexAt(s, tr, u.ID, n) != u.Hex.String() {
			return true
		}
	}
	return false
}

// hexAt is where the trace last put a unit by narration step n (the hex of
// its latest event), or its set-up hex.
func hexAt(s picture.Scene, tr interpreter.Trace, unit string, n int) string {
	u, _ := s.Board.Unit(unit)
	hex := u.Hex.String()
	step := 0
	for _, ev := range tr {
		if ev.Kind != "ok" {
			step++
		}
		if step > n {
			break
		}
		if ev.Unit == unit && ev.Hex != "" {
			hex = ev.Hex
		}
	}
	return hex
}

type pageState struct {
	Step      string            `json:"step"`
	StepNo    string            `json:"stepno"`
	Current   []string          `json:"current"`
	Hex       map[string]string `json:"hex"`
	Transform map[string]string `json:"transform"`
	Touched   []string          `json:"touched"`
	Roll      string            `json:"roll"`
	RollTable string            `json:"rollTable"`
	Mods      []string          `json:"mods"`
	Left      map[string]float64
}

const readState = `(() => {
  const units = {}, tr = {}, left = {};
  document.querySelectorAll("g.unit").forEach(g => {
    units[g.dataset.unit] = g.getAttribute("data-hex");
    tr[g.dataset.unit] = g.getAttribute("transform");
    left[g.dataset.unit] = g.getBoundingClientRect().left;
  });
  const roll = [...document.querySelectorAll("#rollbox .roll")].find(r => !r.hidden);
  return {
    step: document.body.dataset.step,
    stepno: document.getElementById("stepno").textContent,
    current: [...document.querySelectorAll("#trace li.current")].map(l => l.dataset.seq || "start"),
    touched: [...document.querySelectorAll("g.unit.touched")].map(g => g.dataset.unit),
    hex: units, transform: tr, Left: left,
    roll: roll ? roll.dataset.step : "",
    rollTable: roll ? roll.dataset.table : "",
    mods: roll ? [...roll.querySelectorAll("tr.mod")].map(r => r.textContent) : [],
  };
})()`

// TestReplayInBrowser opens a replay in headless Chromium, presses the
// right arrow up to a modified roll, and reads from the page where the
// counters stand, which trace line is lit and what the roll shows; then
// steps back, and checks the screenshot is a picture.
func TestReplayInBrowser(t *testing.T) {
	ctx := open(t)
	s, tr, n, roll := modifiedRoll(t)
	openReplay(t, ctx, picture.Replay{Scene: s, Trace: tr}, "")
	start := state(t, ctx)
	presses := make([]chromedp.Action[chromedp.Void], n)
	for i := range presses {
		presses[i] = chromedp.KeyEvent(kb.ArrowRight)
	}
	if err := chromedp.Do(ctx, presses...); err != nil {
		t.Fatal(err)
	}
	at := state(t, ctx)
	if err := chromedp.Do(ctx, chromedp.KeyEvent(kb.ArrowLeft)); err != nil {
		t.Fatal(err)
	}
	back := state(t, ctx)
	if start.Step != "0" || len(start.Current) != 1 || start.Current[0] != "start" {
		t.Errorf("the page opens at step %s with %v lit, want the set-up", start.Step, start.Current)
	}
	if at.Step != fmt.Sprint(n) || !strings.HasPrefix(at.StepNo, fmt.Sprintf("%d / ", n)) {
		t.Errorf("after %d presses the page is at step %s (%q)", n, at.Step, at.StepNo)
	}
	if len(at.Current) != 1 || at.Current[0] != fmt.Sprint(roll.Seq) {
		t.Errorf("trace lines lit %v, want the roll's (seq %d)", at.Current, roll.Seq)
	}
	// Every counter stands where the trace last put its unit, at the centre
	// of that hex as the hex math computes it; a counter stacked on another
	// is set off a little, within its hex.
	moved := ""
	stack := map[string]int{}
	for _, u := range s.Board.Units {
		want := hexAt(s, tr, u.ID, n)
		if at.Hex[u.ID] != want {
			t.Errorf("counter %s shows hex %s at step %d, want %s", u.ID, at.Hex[u.ID], n, want)
		}
		h, err := hex.Parse(want)
		if err != nil {
			t.Fatal(err)
		}
		x, y := h.Center(picture.Size)
		var gx, gy float64
		if _, err := fmt.Sscanf(at.Transform[u.ID], "translate(%g %g)", &gx, &gy); err != nil {
			t.Errorf("counter %s transform %q: %v", u.ID, at.Transform[u.ID], err)
		}
		dx, dy := gx-x, gy-y
		if stack[want] == 0 && u.Hex2 == nil && (abs(dx) > 0.01 || abs(dy) > 0.01) {
			t.Errorf("counter %s at (%g, %g), want the centre of %s (%.2f, %.2f)", u.ID, gx, gy, want, x, y)
		} else if dx*dx+dy*dy > picture.Size*picture.Size {
			t.Errorf("stacked counter %s at (%g, %g), outside %s", u.ID, gx, gy, want)
		}
		stack[want]++
		if want != u.Hex.String() {
			moved = u.ID
		}
	}
	// The browser drew the moved counter elsewhere than at the start.
	if moved != "" && start.Left[moved] == at.Left[moved] && start.Hex[moved] == at.Hex[moved] {
		t.Errorf("counter %s did not move on the screen", moved)
	}
	if moved == "" {
		t.Errorf("no counter moved by step %d", n)
	}
	if len(at.Touched) == 0 || !contains(at.Touched, roll.Unit) {
		t.Errorf("units lit %v, want the roll's unit %s among them", at.Touched, roll.Unit)
	}
	if at.Roll != fmt.Sprint(n) || at.RollTable != roll.Table {
		t.Errorf("roll shown: step %q table %q, want step %d table %s", at.Roll, at.RollTable, n, roll.Table)
	}
	if len(at.Mods) == 0 {
		t.Errorf("the roll %s [%s] shows no modifier", roll.Text, roll.Dice)
	}
	for _, m := range at.Mods {
		if !strings.ContainsAny(m, "+−") {
			t.Errorf("modifier row %q has no signed value", m)
		}
	}
	if back.Step != fmt.Sprint(n-1) || len(back.Current) != 1 || back.Current[0] == fmt.Sprint(roll.Seq) {
		t.Errorf("the left arrow went to step %s with %v lit, want step %d", back.Step, back.Current, n-1)
	}
	// "+" zooms the map in: it draws wider than the fitted map.
	before, err := chromedp.Run(ctx, chromedp.Evaluate[float64](`document.querySelector("#mapbox svg.map").getBoundingClientRect().width`))
	if err != nil {
		t.Fatal(err)
	}
	if err := chromedp.Do(ctx, chromedp.KeyEvent("+")); err != nil {
		t.Fatal(err)
	}
	after, err := chromedp.Run(ctx, chromedp.Evaluate[float64](`document.querySelector("#mapbox svg.map").getBoundingClientRect().width`))
	if err != nil {
		t.Fatal(err)
	}
	if after < before*1.4 {
		t.Errorf("zooming in drew the map %.0f px wide, from %.0f", after, before)
	}
	if err := chromedp.Do(ctx, chromedp.KeyEvent("-")); err != nil {
		t.Fatal(err)
	}
	t.Logf("after %d presses: step %q, lit line seq %v, counters at %v, units lit %v, roll %s shows %q", n, at.StepNo, at.Current, at.Hex, at.Touched, at.RollTable, at.Mods)
	shot := screenshot(t, ctx)
	notBlank(t, shot)
	if *docs != "" {
		// The README's picture: the Austerlitz demo run at its second
		// Carré roll, as `bataille run austerlitz1805 --seed 3 --html` draws it.
		writeDocShot(t, ctx, "austerlitz1805", 3)
	}
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

func abs(x float64) float64 {
	if x < 0 {
		return -x
	}
	return x
}

func screenshot(t *testing.T, ctx context.Context) []byte {
	t.Helper()
	buf, err := chromedp.Run(ctx, chromedp.CaptureScreenshot())
	if err != nil {
		t.Fatal(err)
	}
	return buf
}

// state reads the page: its step, the lit trace line, each counter's hex,
// transform and place on the screen, and the roll shown.
func state(t *testing.T, ctx context.Context) pageState {
	t.Helper()
	st, err := chromedp.Run(ctx, chromedp.Evaluate[pageState](readState))
	if err != nil {
		t.Fatal(err)
	}
	return st
}

// notBlank decodes a screenshot and checks it is a picture: many colours,
// and much of it not the page's background.
func notBlank(t *testing.T, shot []byte) {
	t.Helper()
	img, err := png.Decode(bytes.NewReader(shot))
	if err != nil {
		t.Fatalf("screenshot is not a PNG: %v", err)
	}
	b := img.Bounds()
	colours := map[[3]uint32]int{}
	for y := b.Min.Y; y < b.Max.Y; y += 2 {
		for x := b.Min.X; x < b.Max.X; x += 2 {
			r, g, bl, _ := img.At(x, y).RGBA()
			colours[[3]uint32{r >> 8, g >> 8, bl >> 8}]++
		}
	}
	total, most := 0, 0
	for _, n := range colours {
		total += n
		most = max(most, n)
	}
	if len(colours) < 50 || float64(most) > 0.9*float64(total) {
		t.Errorf("screenshot %dx%d looks blank: %d colours, the commonest covers %d of %d samples", b.Dx(), b.Dy(), len(colours), most, total)
	}
}

// TestMapInBrowser renders the map of every scenario of every bundled
// battle in Chromium and checks the browser draws each unit's counter with
// a box of its own, and a picture that is not blank.
func TestMapInBrowser(t *testing.T) {
	ctx := open(t)
	for _, battle := range bataille.Bundled() {
		mod, diags := bataille.LoadBundled(battle)
		if diags.HasErrors() {
			t.Fatal(diags.Err())
		}
		for _, sd := range mod.AllScenarios() {
			setup, diags := interpreter.BuildScenario(mod, sd)
			if diags.HasErrors() {
				t.Fatal(diags.Err())
			}
			var svg bytes.Buffer
			if err := picture.MapSVG(&svg, picture.Scene{Title: sd.Title, Module: mod, Board: setup.Board, Orders: setup.Orders}); err != nil {
				t.Fatal(err)
			}
			file := filepath.Join(t.TempDir(), "map.svg")
			if err := os.WriteFile(file, svg.Bytes(), 0o644); err != nil {
				t.Fatal(err)
			}
			if err := chromedp.Do(ctx, chromedp.Navigate("file://"+file)); err != nil {
				t.Fatal(err)
			}
			sizes, err := chromedp.Run(ctx, chromedp.Evaluate[map[string]float64](`(() => {
			  const out = {};
			  document.querySelectorAll("g.unit").forEach(g => { const r = g.getBoundingClientRect(); out[g.dataset.unit] = r.width * r.height; });
			  return out;
			})()`))
			if err != nil {
				t.Fatal(err)
			}
			if len(sizes) != len(setup.Board.Units) {
				t.Errorf("%s/%s: the browser drew %d counters for %d units", battle, sd.Name, len(sizes), len(setup.Board.Units))
			}
			for _, u := range setup.Board.Units {
				if sizes[u.ID] < 100 {
					t.Errorf("%s/%s: counter %s renders %v square pixels", battle, sd.Name, u.ID, sizes[u.ID])
				}
			}
			notBlank(t, screenshot(t, ctx))
		}
	}
	if *docs != "" {
		mod, diags := bataille.LoadBundled("berlin1813")
		if diags.HasErrors() {
			t.Fatal(diags.Err())
		}
		writeMapShot(t, ctx, mod, "carre_attempt")
	}
}

// writeDocShot writes docs/replay.png: the README's replay, part way.
func writeDocShot(t *testing.T, ctx context.Context, battle string, seed uint64) {
	t.Helper()
	mod, diags := bataille.LoadBundled(battle)
	if diags.HasErrors() {
		t.Fatal(diags.Err())
	}
	sd, _ := bataille.FindScenario(mod, "")
	setup, _ := interpreter.BuildScenario(mod, sd)
	eng, err := bataille.NewEngine(mod, sd.Name, interpreter.Config{Seed: seed})
	if err != nil {
		t.Fatal(err)
	}
	_ = eng.Run(context.Background())
	title := mod.Title + " — " + sd.Title
	var page bytes.Buffer
	if err := picture.ReplayHTML(&page, picture.Replay{Scene: picture.Scene{Title: title, Module: mod, Board: setup.Board, Orders: setup.Orders},
		Subtitle: fmt.Sprintf("bataille run %s --seed %d", mod.ID, seed), Trace: eng.Trace()}); err != nil {
		t.Fatal(err)
	}
	// The step of the second roll: the Carré attempt of the charged battalion.
	step, rolls, at := 0, 0, 0
	for _, ev := range eng.Trace() {
		if ev.Kind == "ok" {
			continue
		}
		step++
		if ev.Kind == "roll" {
			if rolls++; rolls == 2 && at == 0 {
				at = step
			}
		}
	}
	file := filepath.Join(t.TempDir(), "replay.html")
	if err := os.WriteFile(file, page.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	// The counters glide between hexes; a moment lets them land.
	if err := chromedp.Do(ctx, chromedp.EmulateViewport(1400, 860), chromedp.Navigate(fmt.Sprintf("file://%s#step=%d", file, at)),
		chromedp.WaitVisible(chromedp.CSS("#stepno")), chromedp.Sleep(500*time.Millisecond)); err != nil {
		t.Fatal(err)
	}
	shot := screenshot(t, ctx)
	notBlank(t, shot)
	if err := os.WriteFile(filepath.Join(*docs, "replay.png"), shot, 0o644); err != nil {
		t.Fatal(err)
	}
}

// writeMapShot writes docs/map.png: the README's map, whole.
func writeMapShot(t *testing.T, ctx context.Context, mod *dsl.Module, scenario string) {
	t.Helper()
	sd, err := bataille.FindScenario(mod, scenario)
	if err != nil {
		t.Fatal(err)
	}
	setup, _ := interpreter.BuildScenario(mod, sd)
	var svg bytes.Buffer
	if err := picture.MapSVG(&svg, picture.Scene{Title: mod.Title + " — " + sd.Title, Module: mod, Board: setup.Board, Orders: setup.Orders}); err != nil {
		t.Fatal(err)
	}
	file := filepath.Join(t.TempDir(), "map.svg")
	if err := os.WriteFile(file, svg.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	writeSVGShot(t, ctx, "map", file)
}

// openReplay writes a replay page to a file and opens it in the browser,
// at fragment ("#step=N", or "" for the set-up), once its step counter is
// drawn.
func openReplay(t *testing.T, ctx context.Context, r picture.Replay, fragment string) {
	t.Helper()
	var page bytes.Buffer
	if err := picture.ReplayHTML(&page, r); err != nil {
		t.Fatal(err)
	}
	file := filepath.Join(t.TempDir(), "replay.html")
	if err := os.WriteFile(file, page.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := chromedp.Do(ctx, chromedp.Navigate("file://"+file+fragment), chromedp.WaitVisible(chromedp.CSS("#stepno"))); err != nil {
		t.Fatal(err)
	}
}

// writeSVGShot opens an SVG file at the size it declares and writes its
// screenshot to the docs folder as NAME.png (map.png, chart.png).
func writeSVGShot(t *testing.T, ctx context.Context, name, file string) {
	t.Helper()
	if err := chromedp.Do(ctx, chromedp.Navigate("file://"+file)); err != nil {
		t.Fatal(err)
	}
	size, err := chromedp.Run(ctx, chromedp.Evaluate[[]float64](`[document.documentElement.width.baseVal.value, document.documentElement.height.baseVal.value]`))
	if err != nil || len(size) != 2 {
		t.Fatalf("%s size %v: %v", name, size, err)
	}
	if err := chromedp.Do(ctx, chromedp.EmulateViewport(int64(size[0]), int64(size[1])), chromedp.Navigate("file://"+file)); err != nil {
		t.Fatal(err)
	}
	shot := screenshot(t, ctx)
	notBlank(t, shot)
	if err := os.WriteFile(filepath.Join(*docs, name+".png"), shot, 0o644); err != nil {
		t.Fatal(err)
	}
}
