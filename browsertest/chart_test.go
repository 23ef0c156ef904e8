package browsertest

import (
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
)

// buildBataille builds the command once for a test, from this checkout.
func buildBataille(t *testing.T) string {
	t.Helper()
	bin := filepath.Join(t.TempDir(), "bataille")
	// Built in the library's own module, with its own dependencies.
	cmd := exec.Command("go", "build", "-o", bin, "./cmd/bataille")
	cmd.Dir = ".."
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	return bin
}

// chartFit is what the page says of a printed chart: its columns, the keys
// each is labelled with, and every text that reaches past its column or
// past the picture.
type chartFit struct {
	Columns  int        `json:"columns"`
	Labels   [][]string `json:"labels"`
	Spill    []string   `json:"spill"`
	Outside  []string   `json:"outside"`
	Overlaps []string   `json:"overlaps"`
	Bands    int        `json:"bands"`
}

// readChart measures the chart in the page (an <svg class="printed">,
// alone or in the HTML page): a column's key labels, bands and odds must
// lie inside the column's cells (a little slack for anti-aliasing), no two
// columns' labels may overlap, and nothing may reach past the picture.
const readChart = `(() => {
  const svg = document.querySelector("svg.printed");
  const box = svg.getBoundingClientRect();
  const out = {columns: 0, labels: [], spill: [], outside: [], overlaps: [], bands: 0};
  const keyBoxes = [];
  svg.querySelectorAll("g.column").forEach(g => {
    out.columns++;
    const cells = [...g.querySelectorAll("rect.cell")].map(r => r.getBoundingClientRect());
    out.bands += cells.length;
    const left = Math.min(...cells.map(r => r.left)), right = Math.max(...cells.map(r => r.right));
    const labels = [];
    g.querySelectorAll("text").forEach(tx => {
      const r = tx.getBoundingClientRect();
      if (tx.classList.contains("key")) { labels.push(tx.textContent); keyBoxes.push([g.dataset.column, tx.textContent, r]); }
      if (r.left < left - 2 || r.right > right + 2) out.spill.push(g.dataset.column + ": " + tx.textContent + " [" + r.left.toFixed(1) + ", " + r.right.toFixed(1) + "] past [" + left.toFixed(1) + ", " + right.toFixed(1) + "]");
    });
    out.labels.push(labels);
  });
  svg.querySelectorAll("text").forEach(tx => {
    const r = tx.getBoundingClientRect();
    if (r.left < box.left - 1 || r.right > box.right + 1 || r.top < box.top - 1 || r.bottom > box.bottom + 1) out.outside.push(tx.textContent);
  });
  for (let i = 0; i < keyBoxes.length; i++) for (let j = i + 1; j < keyBoxes.length; j++) {
    const [ca, ta, a] = keyBoxes[i], [cb, tb, b] = keyBoxes[j];
    if (ca !== cb && a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom) out.overlaps.push(ta + " / " + tb);
  }
  return out;
})()`

// TestPrintedChartInBrowser draws Friedland's Carré Realization Table as
// the printed chart (bataille chart … --svg and --html) in Chromium: every
// one of its 14 columns is there, labelled by its keys, and no label,
// band or odds line spills out of its column or out of the picture.
func TestPrintedChartInBrowser(t *testing.T) {
	ctx := open(t)
	bin := buildBataille(t)
	dir := t.TempDir()
	svgFile, htmlFile := filepath.Join(dir, "chart.svg"), filepath.Join(dir, "chart.html")
	out, err := exec.Command(bin, "chart", "friedland", "carre_realization", "--svg", svgFile, "--html", htmlFile).CombinedOutput()
	if err != nil {
		t.Fatalf("bataille chart: %v\n%s", err, out)
	}
	for _, file := range []string{svgFile, htmlFile} {
		t.Run(filepath.Ext(file)[1:], func(t *testing.T) {
			if err := chromedp.Do(ctx, chromedp.Navigate("file://"+file), chromedp.WaitReady(chromedp.CSS("svg.printed"))); err != nil {
				t.Fatal(err)
			}
			fit, err := chromedp.Run(ctx, chromedp.Evaluate[chartFit](readChart))
			if err != nil {
				t.Fatal(err)
			}
			if fit.Columns != 14 {
				t.Errorf("%d columns drawn, want Friedland's 14", fit.Columns)
			}
			for i, l := range fit.Labels {
				if len(l) < 3 {
					t.Errorf("column %d is labelled %q: want its nationality, formation and distance", i, l)
				}
			}
			if len(fit.Labels) > 0 && !strings.Contains(strings.Join(fit.Labels[0], " "), "french") {
				t.Errorf("the first column is labelled %q, want the French", fit.Labels[0])
			}
			if fit.Bands < 14 {
				t.Errorf("%d bands drawn", fit.Bands)
			}
			for _, s := range fit.Spill {
				t.Errorf("text spills out of its column: %s", s)
			}
			for _, s := range fit.Outside {
				t.Errorf("text past the picture's edge: %q", s)
			}
			for _, s := range fit.Overlaps {
				t.Errorf("two columns' labels overlap: %s", s)
			}
			notBlank(t, screenshot(t, ctx))
			t.Logf("%d columns, %d bands, first labelled %q", fit.Columns, fit.Bands, fit.Labels[0])
		})
	}
	if *docs != "" {
		writeSVGShot(t, ctx, "chart", svgFile)
	}
}
