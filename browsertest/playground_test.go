package browsertest

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/bataille/bataille"
	"github.com/bataille/bataille/playground"
	"github.com/chromedp/chromedp"
)

// site builds the playground once for the tests of this package and serves
// it on a loopback port. BATAILLE_PLAYGROUND names a site already built
// (bataille playground -o DIR), to skip the build while working on a test.
func site(t *testing.T) string {
	t.Helper()
	dir := os.Getenv("BATAILLE_PLAYGROUND")
	if dir == "" {
		dir = t.TempDir()
		ctx, cancel := context.WithTimeout(context.Background(), 10*time.Minute)
		defer cancel()
		var log strings.Builder
		if err := playground.Build(ctx, playground.Options{Out: dir, Root: "..", Log: &log}); err != nil {
			t.Fatalf("building the playground: %v\n%s", err, log.String())
		}
		if strings.Contains(log.String(), "not built") {
			t.Fatalf("the playground's editor was not built:\n%s", log.String())
		}
	}
	srv := httptest.NewServer(http.FileServer(http.Dir(dir)))
	t.Cleanup(srv.Close)
	if st, err := os.Stat(filepath.Join(dir, "bataille.wasm")); err == nil {
		t.Logf("bataille.wasm: %.1f MB", float64(st.Size())/1e6)
	}
	return srv.URL + "/"
}

// waitJS polls a JavaScript condition in the page until it holds.
func waitJS(ctx context.Context, t *testing.T, cond, what string) {
	t.Helper()
	if _, err := chromedp.Run(ctx, chromedp.Poll[bool](cond, chromedp.WithPollingTimeout(90*time.Second))); err != nil {
		out, _ := chromedp.Run(ctx, chromedp.Evaluate[string](`document.getElementById("output").textContent + "\n" + document.getElementById("status").textContent + "\n" + document.getElementById("diagnostics").innerText`))
		t.Fatalf("waiting for %s: %v\npage says:\n%s", what, err, out)
	}
}

func evalJS[T any](ctx context.Context, t *testing.T, js string) T {
	t.Helper()
	v, err := chromedp.Run(ctx, chromedp.Evaluate[T](js))
	if err != nil {
		t.Fatalf("%s: %v", js, err)
	}
	return v
}

func click(ctx context.Context, t *testing.T, id string) {
	t.Helper()
	if err := chromedp.Do(ctx, chromedp.Click(chromedp.CSS("#"+id))); err != nil {
		t.Fatalf("clicking #%s: %v", id, err)
	}
}

// consoleErrors collects what the page and its workers log as errors.
func consoleErrors(ctx context.Context) *[]string {
	var errs []string
	go func() {
		for m, err := range chromedp.Console(ctx) {
			if err != nil {
				return
			}
			if m.Type == chromedp.ConsoleError || m.IsException() {
				errs = append(errs, m.String())
			}
		}
	}()
	return &errs
}

// TestPlayground drives the playground as a modder would: load a bundled
// battle, type an error and see it at its line, fix it, run and step the
// replay, play a charge answering its question and step back, read an
// exact figure, and open a share link in a fresh page.
func TestPlayground(t *testing.T) {
	url := site(t)
	ctx := open(t)
	errs := consoleErrors(ctx)
	if err := chromedp.Do(ctx, chromedp.Navigate(url)); err != nil {
		t.Fatal(err)
	}
	waitJS(ctx, t, `document.body.dataset.ready === "1" && document.getElementById("status").textContent === "checks"`, "the playground to load friedland and check it")
	if got := evalJS[string](ctx, t, `document.getElementById("battle").value`); got != "friedland" {
		t.Fatalf("battle %q, want friedland", got)
	}
	if n := evalJS[int](ctx, t, `document.querySelectorAll(".cm-editor").length`); n == 0 {
		t.Fatal("no CodeMirror editor on the page")
	}

	// An error typed on line 2 of rules.rules: a misspelt param.
	click(ctx, t, `files button[data-file="rules.rules"]`)
	typed := "override param rout.hexs = 8\n"
	// The line after the header, which may be wrapped over several lines.
	line := evalJS[int](ctx, t, `(() => { const lines = playground.state.files["rules.rules"].split("\n"); let i = lines.findIndex(l => /^game /.test(l)); while (lines[i + 1].trim() !== "") i++; return i + 2; })()`)
	if err := chromedp.Do(ctx,
		chromedp.Evaluate[chromedp.Void](fmt.Sprintf(`playground.editors()["rules.rules"].goTo(%d, 1)`, line)),
		chromedp.KeyEvent(typed),
	); err != nil {
		t.Fatal(err)
	}
	waitJS(ctx, t, fmt.Sprintf(`[...document.querySelectorAll("#diagnostics li.error")].some(li => li.textContent.startsWith("rules.rules:%d:") && li.textContent.includes('did you mean "rout.hexes"'))`, line), "the diagnostic at the typed line")
	waitJS(ctx, t, `document.querySelectorAll('[data-file="rules.rules"] .cm-lintRange-error').length > 0`, "the error underlined in the editor")
	// Fixed by hand: the param spelt as the base has it.
	if err := chromedp.Do(ctx, chromedp.Evaluate[chromedp.Void](`(() => { const e = playground.editors()["rules.rules"]; e.set(e.get().replace("rout.hexs", "rout.hexes")); })()`)); err != nil {
		t.Fatal(err)
	}
	waitJS(ctx, t, `document.getElementById("status").textContent === "checks" && document.querySelectorAll("#diagnostics li").length === 0`, "the fixed folder to check")

	// Run, and step the replay in its frame.
	if err := chromedp.Do(ctx, chromedp.SetValue(chromedp.CSS("#scenario"), "carre_attempt")); err != nil {
		t.Fatal(err)
	}
	click(ctx, t, "run")
	// The counter is in the page before the script below it has wired the
	// buttons; the script's first show() marks the body with data-step.
	waitJS(ctx, t, `(() => { const d = document.getElementById("frame").contentDocument; return !!(d && d.getElementById("stepno") && d.body && d.body.hasAttribute("data-step")); })()`, "the replay in its frame, its script run")
	step := func() string {
		return evalJS[string](ctx, t, `document.getElementById("frame").contentDocument.getElementById("stepno").textContent`)
	}
	before := step()
	_ = evalJS[bool](ctx, t, `(document.getElementById("frame").contentDocument.getElementById("next").click(), true)`)
	_ = evalJS[bool](ctx, t, `(document.getElementById("frame").contentDocument.getElementById("next").click(), true)`)
	if after := step(); !strings.HasPrefix(before, "0 /") || !strings.HasPrefix(after, "2 /") {
		t.Errorf("stepping the replay: %q then %q, want 0 / … then 2 / …", before, after)
	}

	// Play: the Carré question, answered yes, then stepped back.
	click(ctx, t, "play")
	waitJS(ctx, t, `document.getElementById("question").textContent.startsWith("The rules ask: inf form_carre?")`, "the first question")
	first := evalJS[string](ctx, t, `document.getElementById("question").textContent`)
	firstOut := evalJS[string](ctx, t, `document.getElementById("output").textContent`)
	click(ctx, t, "yes")
	waitJS(ctx, t, `playground.state.answers.length === 1 && document.getElementById("output").textContent !== `+jsString(firstOut), "the play after yes")
	afterYes := evalJS[string](ctx, t, `document.getElementById("output").textContent`)
	if !strings.Contains(afterYes, "Carré Realization Table") {
		t.Errorf("after yes the narration has no Carré roll:\n%s", afterYes)
	}
	click(ctx, t, "back")
	waitJS(ctx, t, `playground.state.answers.length === 0 && document.getElementById("output").textContent === `+jsString(firstOut), "the play stepped back")
	if got := evalJS[string](ctx, t, `document.getElementById("question").textContent`); got != first {
		t.Errorf("stepped back to %q, want %q", got, first)
	}

	// Exact odds, as the command line gives them.
	mod, diags := bataille.LoadBundled("friedland")
	if diags.HasErrors() {
		t.Fatal(diags.Err())
	}
	sd, _ := bataille.FindScenario(mod, "carre_attempt")
	x, err := bataille.Exact(context.Background(), mod, sd, bataille.ExactOptions{})
	if err != nil {
		t.Fatal(err)
	}
	want := x.Outcomes["inf in carre"].Mean.RatString()
	click(ctx, t, "exact")
	waitJS(ctx, t, `document.getElementById("output").textContent.includes("exact, over every path")`, "the exact odds")
	exact := evalJS[string](ctx, t, `document.getElementById("output").textContent`)
	if !regexp.MustCompile(`inf in carre\s+[0-9.]+% = ` + regexp.QuoteMeta(want) + `\b`).MatchString(exact) {
		t.Errorf("the page's exact odds lack inf in carre = %s:\n%s", want, exact)
	}

	// Ten thousand runs in the page, once every worker is loaded: the time
	// is logged, not asserted.
	if _, err := chromedp.Run(ctx, chromedp.Evaluate[bool](`playground.warm().then(() => true)`, chromedp.EvalAwaitPromise)); err != nil {
		t.Fatal(err)
	}
	click(ctx, t, "simulate")
	waitJS(ctx, t, `/s in this page\)/.test(document.getElementById("output").textContent) && document.getElementById("output").textContent.includes("-n 10000")`, "the simulation")
	sim := evalJS[string](ctx, t, `document.getElementById("output").textContent`)
	if m := regexp.MustCompile(`\(([0-9.]+) s in this page\)`).FindStringSubmatch(sim); m != nil {
		t.Logf("simulate friedland carre_attempt -n 10000 in Chromium: %s s", m[1])
	}
	if !strings.Contains(sim, "inf in carre") {
		t.Errorf("the simulation printed no outcomes:\n%s", sim)
	}

	// A share link, opened in a fresh page, holds the same files.
	if err := chromedp.Do(ctx, chromedp.Evaluate[chromedp.Void](`(() => { const e = playground.editors()["scenarios.rules"]; e.set("// my variant\n" + e.get()); })()`)); err != nil {
		t.Fatal(err)
	}
	click(ctx, t, "share")
	waitJS(ctx, t, `location.hash.startsWith("#s=")`, "the share link")
	link := evalJS[string](ctx, t, `location.href`)
	files := evalJS[map[string]string](ctx, t, `playground.state.files`)
	fresh, cancel := chromedp.NewContext(ctx)
	defer cancel()
	if err := chromedp.Do(fresh, chromedp.Navigate(link)); err != nil {
		t.Fatal(err)
	}
	waitJS(fresh, t, `document.body.dataset.ready === "1"`, "the shared page")
	got := evalJS[map[string]string](fresh, t, `playground.state.files`)
	gj, _ := json.Marshal(got)
	fj, _ := json.Marshal(files)
	if string(gj) != string(fj) || !strings.HasPrefix(got["scenarios.rules"], "// my variant\n") {
		t.Errorf("the shared page has other files: %d files, want %d", len(got), len(files))
	}
	if *docs != "" {
		if err := chromedp.Do(ctx, chromedp.Click(chromedp.CSS("#run")), chromedp.Sleep(3*time.Second)); err == nil {
			if png, err := chromedp.Run(ctx, chromedp.CaptureScreenshot()); err == nil {
				_ = os.WriteFile(filepath.Join(*docs, "playground.png"), png, 0o644)
			}
		}
	}
	if len(*errs) > 0 {
		t.Errorf("the page logged errors: %s", strings.Join(*errs, "; "))
	}
}

func jsString(s string) string {
	b, _ := json.Marshal(s)
	return string(b)
}
