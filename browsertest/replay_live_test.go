package browsertest

import (
	"fmt"
	"math"
	"testing"
	"time"

	"github.com/bataille/bataille/hex"
	"github.com/bataille/bataille/picture"
	"github.com/chromedp/chromedp"
)

// orderArrow is one order's arrow as the page draws it at a step.
type orderArrow struct {
	Unit  string    `json:"unit"`
	Tag   string    `json:"tag"`
	Hex   string    `json:"hex"`
	From  []float64 `json:"from"`
	Shown bool      `json:"shown"`
}

const readOrders = `[...document.querySelectorAll("#orders [data-unit]")].map(el => {
  const g = document.getElementById("u-" + el.dataset.unit);
  let from;
  if (el.tagName === "polyline") from = el.getAttribute("points").trim().split(/\s+/)[0].split(",").map(Number);
  else if (el.tagName === "line") from = [+el.getAttribute("x1"), +el.getAttribute("y1")];
  else from = [+el.getAttribute("x"), +el.getAttribute("y")];
  return {unit: el.dataset.unit, tag: el.tagName, hex: g ? g.getAttribute("data-hex") : "", from: from, shown: el.style.display !== "none"};
})`

// TestReplayFollowsStepAndOrders opens a replay at its set-up, then
// changes #step= in the open page, as a reader typing in the address bar
// or following a link would: the page goes to that step without loading
// again. There every order's arrow starts from where its unit stands at
// that step, not where it stood at the set-up.
func TestReplayFollowsStepAndOrders(t *testing.T) {
	ctx := open(t)
	s, tr, n, _ := modifiedRoll(t)
	openReplay(t, ctx, picture.Replay{Scene: s, Trace: tr}, "#step=0")
	at0 := evalJS[[]orderArrow](ctx, t, readOrders)
	evalJS[bool](ctx, t, `window.sameLoad = true`)
	evalJS[string](ctx, t, fmt.Sprintf(`location.hash = "#step=%d"`, n))
	if _, err := chromedp.Run(ctx, chromedp.Poll[bool](fmt.Sprintf(`document.body.dataset.step === "%d"`, n), chromedp.WithPollingTimeout(20*time.Second))); err != nil {
		t.Fatalf("after #step=%d the page is at step %s: %v", n, evalJS[string](ctx, t, `document.body.dataset.step`), err)
	}
	if !evalJS[bool](ctx, t, `window.sameLoad === true`) {
		t.Error("the page loaded again instead of stepping")
	}
	st := state(t, ctx)
	for _, u := range s.Board.Units {
		if want := hexAt(s, tr, u.ID, n); st.Hex[u.ID] != want {
			t.Errorf("after #step=%d counter %s shows %s, want %s", n, u.ID, st.Hex[u.ID], want)
		}
	}
	arrows := evalJS[[]orderArrow](ctx, t, readOrders)
	if len(arrows) == 0 || len(arrows) != len(at0) {
		t.Fatalf("%d order arrows at step %d, %d at the set-up", len(arrows), n, len(at0))
	}
	moved := 0
	for i, a := range arrows {
		if !a.Shown {
			continue
		}
		h, err := hex.Parse(a.Hex)
		if err != nil {
			t.Fatalf("order of %s: counter at %q: %v", a.Unit, a.Hex, err)
		}
		x, y := h.Center(picture.Size)
		d := math.Hypot(a.From[0]-x, a.From[1]-y)
		switch a.Tag {
		case "polyline": // a path starts at the unit's hex
			if d > 0.05 {
				t.Errorf("%s's path starts at %v, %.1f from the centre of %s where it stands", a.Unit, a.From, d, a.Hex)
			}
		case "line": // a fire or assault arrow starts just off the counter
			if d > picture.Size*0.56 {
				t.Errorf("%s's arrow starts at %v, %.1f from the centre of %s where it stands", a.Unit, a.From, d, a.Hex)
			}
		}
		if a.Hex != at0[i].Hex && (a.From[0] != at0[i].From[0] || a.From[1] != at0[i].From[1]) {
			moved++
		}
	}
	if moved == 0 {
		t.Errorf("no ordered unit moved by step %d, so nothing shows the arrows follow: %v", n, arrows)
	}
	// And back: #step=0 draws them from the set-up again.
	evalJS[string](ctx, t, `location.hash = "#step=0"`)
	if _, err := chromedp.Run(ctx, chromedp.Poll[bool](`document.body.dataset.step === "0"`, chromedp.WithPollingTimeout(20*time.Second))); err != nil {
		t.Fatal(err)
	}
	back := evalJS[[]orderArrow](ctx, t, readOrders)
	for i := range back {
		if fmt.Sprint(back[i].From) != fmt.Sprint(at0[i].From) {
			t.Errorf("back at the set-up, %s's arrow starts at %v, want %v", back[i].Unit, back[i].From, at0[i].From)
		}
	}
	t.Logf("#step=%d followed live; %d of %d arrows moved with their units", n, moved, len(arrows))
}

// TestReplayRollLabelsFit shows every roll of a few replays in turn and
// measures its strip's labels ("rolled 12", the result) in Chromium: each
// lies inside its strip, so none is clipped at the strip's ends.
func TestReplayRollLabelsFit(t *testing.T) {
	ctx := open(t)
	checked := 0
	for _, battle := range []string{"friedland", "austerlitz1805", "berlin1813"} {
		for seed := uint64(1); seed <= 4; seed++ {
			_, s, tr := run(t, battle, seed)
			openReplay(t, ctx, picture.Replay{Scene: s, Trace: tr}, "")
			labels := evalJS[[]map[string]any](ctx, t, `(() => {
			  const out = [];
			  document.querySelectorAll("#rollbox .roll").forEach(r => {
			    const was = r.hidden; r.hidden = false;
			    r.querySelectorAll("svg.strip").forEach(svg => {
			      const b = svg.getBoundingClientRect();
			      svg.querySelectorAll(".mark text").forEach(tx => {
			        const x = tx.getBoundingClientRect();
			        out.push({step: r.dataset.step, text: tx.textContent, inside: x.width > 0 && x.left >= b.left - 0.5 && x.right <= b.right + 0.5 && x.top >= b.top - 0.5 && x.bottom <= b.bottom + 0.5,
			                  left: x.left - b.left, right: b.right - x.right});
			      });
			    });
			    r.hidden = was;
			  });
			  return out;
			})()`)
			for _, l := range labels {
				checked++
				if l["inside"] != true {
					t.Errorf("%s seed %d, roll at step %v: label %q is clipped by its strip (%.1f px from its left end, %.1f from its right)", battle, seed, l["step"], l["text"], l["left"], l["right"])
				}
			}
		}
	}
	if checked == 0 {
		t.Fatal("no roll label to measure")
	}
	t.Logf("%d roll labels measured, each inside its strip", checked)
}
