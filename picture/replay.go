package picture

import (
	"encoding/json"
	"errors"
	"fmt"
	"github.com/bataille/bataille/hex"
	"io"
	"math"

	"github.com/bataille/bataille/interpreter"
)

// Replay is a run to replay: the scenario as it was set up, before the
// run, and the trace the run wrote.
type Replay struct {
	Scene
	Subtitle string // e.g. the seed, shown under the title
	Trace    interpreter.Trace
	Verbose  bool // also step through the rules whose requirements merely held
	// Advice gives the lines shown at each question the run asks: what the
	// advisor (bataille advise) makes of each answer there; nil for none.
	Advice func(interpreter.Event) []string
}

// frame is the picture after one step: the units the step touches, the
// hex it happened in and the step of the latest roll, and the counters: the
// set-up's frame lists every unit's counter variant and position (U), each
// later frame only the units that changed since the frame before (D, each
// [unit, variant, x, y, hex, gone]). A replay then grows with what it
// shows, not with units times steps: a 700-unit scenario of 35 turns once
// needed more than 4 GB to write.
type frame struct {
	U    []unitAt  `json:"u,omitempty"`
	D    []delta   `json:"d,omitempty"`
	T    []int     `json:"t"`
	Hex  []float64 `json:"h,omitempty"`
	Roll int       `json:"r"`
}

// unitAt is [variant, x, y, hex, gone].
type unitAt [5]any

// delta is [unit, variant, x, y, hex, gone].
type delta [6]any

// MaxReplayBytes bounds the page ReplayHTML writes; past it, it writes
// nothing and returns an error wrapping ErrReplayTooLarge.
var MaxReplayBytes = 64 << 20

// ErrReplayTooLarge says a replay would be larger than MaxReplayBytes.
var ErrReplayTooLarge = errors.New("replay too large")

type replayData struct {
	Units    []string `json:"units"`
	Variants []string `json:"variants"`
	// Centers is the centre of every hex a unit stands on in some frame,
	// and Size the hexes' size: the page redraws the orders' arrows from
	// where their units stand at each step.
	Centers map[string][]float64 `json:"hc"`
	Size    float64              `json:"size"`
	Frames  []frame              `json:"frames"`
}

// ReplayHTML writes one self-contained page that replays a run: the map
// with its counters beside the cited trace, stepped with buttons or the
// arrow keys (a #step=N address opens at step N, and a changed one, typed
// or followed as a link, goes there). Each step moves the counters, redraws
// the ones that changed, draws the orders' arrows from where their units
// stand then (a charge's path from the hex it has reached), lights the
// units it touches and the hex it happened in, and draws its roll. Steps are the narration's
// lines: the rules whose requirements merely held are left out unless
// Verbose, as in the narration.
func ReplayHTML(w io.Writer, r Replay) error {
	m := newMapper(r.Module, r.Board)
	m.crop(actionHexes(r), 2.2)
	p := newPlayer(r.Board.Units)
	data := replayData{Centers: map[string][]float64{}, Size: Size}
	for _, v := range p.views {
		data.Units = append(data.Units, v.ID)
	}
	variants := map[string]int{}
	var shown []unitAt // each unit as the frame before left it
	size := 0          // bytes of the page so far, about
	snapshot := func(touched []int, at string, roll int) frame {
		f := frame{T: touched, Roll: roll}
		if f.T == nil {
			f.T = []int{}
		}
		stacks := stackIndex(p.views)
		first := shown == nil
		for i, v := range p.views {
			svg := m.counter(v)
			k, ok := variants[svg]
			if !ok {
				k = len(data.Variants)
				variants[svg] = k
				data.Variants = append(data.Variants, svg)
				size += len(svg) + 4
			}
			x, y := m.unitOrigin(v, stacks[i])
			gone := 0
			if v.Increments <= 0 {
				gone = 1
			}
			u := unitAt{k, round2(x), round2(y), v.Hex.String(), gone}
			if _, seen := data.Centers[u[3].(string)]; !seen {
				cx, cy := v.Hex.Center(Size)
				data.Centers[u[3].(string)] = []float64{round2(cx), round2(cy)}
			}
			switch {
			case first:
				f.U = append(f.U, u)
				shown = append(shown, u)
			case u != shown[i]:
				f.D = append(f.D, delta{i, u[0], u[1], u[2], u[3], u[4]})
				shown[i] = u
			}
		}
		size += 32 + 8*len(f.T) + 48*(len(f.U)+len(f.D))
		if h, err := hex.Parse(at); err == nil && at != "" {
			x, y := h.Center(Size)
			f.Hex = []float64{round2(x), round2(y)}
		}
		return f
	}
	data.Frames = append(data.Frames, snapshot(nil, "", 0))

	var trace, rolls builder
	step, lastRoll := 0, 0
	for _, ev := range r.Trace {
		if total := size + trace.Len() + rolls.Len(); total > MaxReplayBytes {
			return fmt.Errorf("%w: past %d bytes at step %d of %d (picture.MaxReplayBytes): replay a shorter scenario, or read the run as text or --json", ErrReplayTooLarge, MaxReplayBytes, step, len(r.Trace))
		}
		p.apply(ev)
		if ev.Kind == "ok" && !r.Verbose {
			continue
		}
		step++
		if ev.Kind == "roll" {
			lastRoll = step
			rolls.WriteString(rollSection(r.Module, step, ev))
			rolls.WriteByte('\n')
		}
		data.Frames = append(data.Frames, snapshot(p.touched(ev), ev.Hex, lastRoll))
		var advice []string
		if r.Advice != nil && ev.Kind == "ask" {
			advice = r.Advice(ev)
		}
		trace.WriteString(traceLine(step, ev, advice))
		trace.WriteByte('\n')
	}

	js, err := json.Marshal(data)
	if err != nil {
		return err
	}
	var b builder
	b.pageStart(r.Title, "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n", replayStyle)
	b.WriteString("<header>\n")
	b.f("<h1>%s</h1>\n", esc(r.Title))
	if r.Subtitle != "" {
		b.f("<p class=\"sub\">%s</p>\n", esc(r.Subtitle))
	}
	b.f(`<nav class="controls"><button id="first" title="first step (Home)">«</button><button id="prev" title="step back (←)">◀</button><span id="stepno">0 / %d</span><button id="next" title="step forward (→)">▶</button><button id="last" title="last step (End)">»</button><button id="zoomout" title="zoom out (−)">−</button><button id="zoomin" title="zoom in (+)">+</button><span class="hint">← → step · Home End · + −</span></nav>`+"\n", step)
	b.WriteString("</header>\n<main>\n<div id=\"mapbox\">\n")
	m.open(&b, "") // the page's header has the title
	m.ordersLayer(&b, r.Orders)
	b.f(`<polygon id="focus" points="%s" transform="translate(0 0)" style="display:none"/>`+"\n", hexPoints(hex.Hex{}))
	b.WriteString(`<g id="units">`)
	for i, v := range p.views {
		f0 := data.Frames[0].U[i]
		b.f(`<g class="unit" id="u-%s" data-unit="%s" data-hex="%s" data-v="%d" transform="translate(%s %s)">`, esc(v.ID), esc(v.ID), f0[3], f0[0], num(f0[1].(float64)), num(f0[2].(float64)))
		b.WriteString(data.Variants[f0[0].(int)])
		b.WriteString(`</g>`)
	}
	b.WriteString("</g>\n</svg>\n</div>\n<aside id=\"side\">\n<div id=\"rollbox\"><p class=\"noroll\">No roll yet.</p>\n")
	b.WriteString(rolls.String())
	b.WriteString("</div>\n<ol id=\"trace\">\n<li class=\"start current\" data-step=\"0\">Set-up: the scenario's units and orders</li>\n")
	b.WriteString(trace.String())
	b.WriteString("</ol>\n</aside>\n</main>\n<script type=\"application/json\" id=\"replay-data\">")
	b.Write(js)
	b.WriteString("</script>\n")
	b.WriteString(replayScript)
	return b.pageEnd(w)
}

// actionHexes are the hexes a run touches: where the units stand, the
// orders' paths and every hex of the trace.
func actionHexes(r Replay) []hex.Hex {
	var out []hex.Hex
	for _, u := range r.Board.Units {
		out = append(out, u.Hex)
		if u.Hex2 != nil {
			out = append(out, *u.Hex2)
		}
	}
	for _, o := range r.Orders {
		out = append(out, o.Path...)
	}
	for _, ev := range r.Trace {
		if h, err := hex.Parse(ev.Hex); err == nil {
			out = append(out, h)
		}
	}
	return out
}

func round2(f float64) float64 {
	f = math.Round(f*100) / 100
	if f == 0 {
		return 0
	}
	return f
}

// traceLine is one step of the narration, as `bataille run` prints it.
func traceLine(step int, ev interpreter.Event, advice []string) string {
	var b builder
	b.f(`<li data-step="%d" data-seq="%d" class="k-%s"`, step, ev.Seq, esc(ev.Kind))
	if ev.Unit != "" {
		b.f(` data-unit="%s"`, esc(ev.Unit))
	}
	b.WriteString(">")
	if ev.Kind == "phase" {
		b.f(`<span class="phase">%s</span></li>`, esc(ev.Text))
		return b.String()
	}
	switch ev.Kind {
	case "rule", "ok":
		b.WriteString(`<span class="mark">§</span> `)
	case "blocked":
		b.WriteString(`<span class="mark">✗</span> `)
	case "roll":
		b.WriteString(`<span class="mark">⚄</span> `)
	}
	b.f(`<span class="text">%s</span>`, esc(ev.Text))
	if ev.Dice != "" {
		b.f(` <span class="dice">[%s]</span>`, esc(ev.Dice))
	}
	if ev.Rule != "" && (ev.Kind == "rule" || ev.Kind == "ok" || ev.Kind == "blocked" || ev.Kind == "roll") {
		b.f(` <span class="cite">(%s`, esc(ev.Rule))
		if ev.Cite != "" {
			b.f(`; %s`, esc(ev.Cite))
		}
		b.WriteString(`)</span>`)
	}
	if ev.State != "" {
		b.f(` <span class="state">→ %s</span>`, esc(ev.State))
	}
	if len(advice) > 0 {
		b.WriteString(`<div class="advice">`)
		for _, line := range advice {
			b.f(`<p>%s</p>`, esc(line))
		}
		b.WriteString(`</div>`)
	}
	b.WriteString("</li>")
	return b.String()
}

const replayStyle = `<style>
*{box-sizing:border-box}
body{margin:0;font-family:"DejaVu Sans",Arial,sans-serif;background:#f4f1e8;color:#222;display:flex;flex-direction:column;height:100vh}
header{display:flex;align-items:center;gap:18px;padding:8px 14px;background:#2b2b2b;color:#f4f1e8;flex:none}
header h1{font-size:16px;margin:0;white-space:nowrap;overflow:hidden;text-overflow:ellipsis;min-width:0;flex:0 1 auto}
header .sub{margin:0;font-size:12px;color:#cfc8b0;white-space:nowrap}
.controls{display:flex;align-items:center;gap:6px;flex:none}
.controls button{font-size:15px;padding:3px 10px;border:1px solid #777;background:#444;color:#fff;border-radius:3px;cursor:pointer}
.controls button:hover{background:#666}
#stepno{min-width:70px;text-align:center;font-variant-numeric:tabular-nums}
.hint{font-size:11px;color:#aaa;white-space:nowrap}
main{display:grid;grid-template-columns:minmax(0,1fr) 520px;flex:1;min-height:0}
#mapbox{overflow:auto;padding:6px;text-align:center}
#mapbox svg.map{height:100%;width:auto;max-width:100%}
#side{display:flex;flex-direction:column;border-left:1px solid #bbb;min-height:0}
#rollbox{padding:8px 12px;border-bottom:1px solid #bbb;background:#fff;min-height:150px}
#rollbox h3{margin:0 0 4px;font-size:14px}
#rollbox p{margin:2px 0;font-size:12px}
#rollbox .cite{color:#666;font-size:11px}
#rollbox .roll.earlier{opacity:0.6}
table.sum{border-collapse:collapse;font-size:12px;margin:4px 0}
table.sum td{padding:1px 8px 1px 0}
table.sum td.n{text-align:right;font-variant-numeric:tabular-nums}
table.sum tr.result td,table.sum tr.outcome td{font-weight:bold;border-top:1px solid #999}
table.sum tr.mod td{color:#8a3b00}
table.sum tr.held td{color:#555;font-style:italic}
.ph{color:#999;font-size:10px}
svg.strip text{font-size:9px;text-anchor:middle}
svg.strip .seg rect{stroke:#fff;stroke-width:0.5}
svg.strip .seg.read rect{stroke:#1b1b1b;stroke-width:2}
svg.strip .mark.result path{fill:#b71c1c}
svg.strip .mark.natural path{fill:#9e9e9e}
svg.strip .mark text{font-size:10px;font-weight:bold}
#trace{list-style:none;margin:0;padding:6px 0;overflow:auto;flex:1;font-size:12px}
#trace li{padding:2px 10px 2px 14px;cursor:pointer;border-left:4px solid transparent}
#trace li:hover{background:#ebe5d3}
#trace li.current{background:#fff3b0;border-left-color:#e65100}
#trace .advice{margin:3px 0 3px 12px;padding:3px 8px;border-left:3px solid #1565c0;background:#eef3fb;color:#123}
#trace .advice p{margin:1px 0}
#trace li.future{color:#999}
#trace li.k-ok{color:#777;font-size:11px}
#trace .phase{font-weight:bold;text-transform:uppercase;font-size:11px;letter-spacing:0.05em}
#trace .mark{color:#8a3b00}
#trace .dice{color:#1a237e}
#trace .cite{color:#777;font-size:11px}
#trace .state{color:#2e7d32}
#focus{fill:#ffeb3b;fill-opacity:0.35;stroke:#e65100;stroke-width:2.5;pointer-events:none}
.unit{transition:transform 0.3s ease}
.unit.touched .body{stroke:#ffeb3b;stroke-width:3.5}
.unit.gone{opacity:0.25}
</style>
`

const replayScript = `<script>
(function(){
"use strict";
var D=JSON.parse(document.getElementById("replay-data").textContent);
var units=D.units.map(function(id){return document.getElementById("u-"+id);});
var lines=Array.prototype.slice.call(document.querySelectorAll("#trace li[data-step]"));
var rolls=Array.prototype.slice.call(document.querySelectorAll("#rollbox .roll"));
var noroll=document.querySelector("#rollbox .noroll");
var focus=document.getElementById("focus");
var stepno=document.getElementById("stepno");
var last=D.frames.length-1, cur=-1, S=[];
// The orders' arrows as the set-up drew them: each is redrawn from where
// its unit (and its target) stands at the step shown.
var orders=Array.prototype.slice.call(document.querySelectorAll("#orders [data-unit]")).map(function(el){
  var o={el:el,k:D.units.indexOf(el.getAttribute("data-unit")),t:D.units.indexOf(el.getAttribute("data-target")||"")};
  if(el.tagName==="polyline"){o.pts=el.getAttribute("points").trim().split(/\s+/).map(function(p){return p.split(",").map(Number);});}
  else if(el.tagName==="line"){o.end=[+el.getAttribute("x2"),+el.getAttribute("y2")];}
  return o;
});
function near(a,b){return Math.abs(a[0]-b[0])<0.5&&Math.abs(a[1]-b[1])<0.5;}
function drawOrders(){
  orders.forEach(function(o){
    var a=S[o.k];
    if(!a)return;
    var c=D.hc[a[3]];
    if(!c)return;
    o.el.style.display=a[4]===1?"none":"";
    if(o.pts){
      // A path is drawn on from the hex of it the unit has reached.
      var j=-1;
      o.pts.forEach(function(p,n){if(n>0&&near(p,c))j=n;});
      var rest=o.pts.slice(j>0?j+1:1);
      o.el.setAttribute("points",[c].concat(rest).map(function(p){return p[0]+","+p[1];}).join(" "));
    }else if(o.end){
      var e=o.t>=0&&S[o.t]&&D.hc[S[o.t][3]]?D.hc[S[o.t][3]]:o.end;
      var x1=c[0],y1=c[1],x2=e[0],y2=e[1],l=Math.hypot(x2-x1,y2-y1),d=D.size*0.55;
      if(l>2*d){var ux=(x2-x1)/l,uy=(y2-y1)/l;x1+=ux*d;y1+=uy*d;x2-=ux*d;y2-=uy*d;}
      o.el.setAttribute("x1",x1.toFixed(2));o.el.setAttribute("y1",y1.toFixed(2));
      o.el.setAttribute("x2",x2.toFixed(2));o.el.setAttribute("y2",y2.toFixed(2));
    }else{
      o.el.setAttribute("x",c[0]);o.el.setAttribute("y",(c[1]+D.size*0.78).toFixed(2));
    }
  });
}
// S is each unit's counter at frame cur: the set-up's, then each frame's
// changes applied in turn (going back starts again from the set-up).
function seek(i){
  var j=cur+1;
  if(cur<0||i<cur){S=D.frames[0].u.map(function(a){return a.slice();});j=1;}
  for(;j<=i;j++){(D.frames[j].d||[]).forEach(function(c){S[c[0]]=c.slice(1);});}
}
function show(i){
  i=Math.max(0,Math.min(last,i|0));
  if(i===cur)return;
  seek(i);
  cur=i;
  var f=D.frames[i];
  S.forEach(function(a,k){
    var g=units[k];
    if(g.getAttribute("data-v")!==String(a[0])){g.innerHTML=D.variants[a[0]];g.setAttribute("data-v",String(a[0]));}
    g.setAttribute("transform","translate("+a[1]+" "+a[2]+")");
    g.style.transform="translate("+a[1]+"px,"+a[2]+"px)";
    g.setAttribute("data-hex",a[3]);
    g.classList.toggle("gone",a[4]===1);
    g.classList.toggle("touched",f.t.indexOf(k)>=0);
  });
  drawOrders();
  if(f.h){focus.style.display="";focus.setAttribute("transform","translate("+f.h[0]+" "+f.h[1]+")");}
  else{focus.style.display="none";}
  var line=null;
  lines.forEach(function(l){
    var s=+l.getAttribute("data-step");
    l.classList.toggle("current",s===i);
    l.classList.toggle("future",s>i);
    if(s===i)line=l;
  });
  if(line&&line.scrollIntoView)line.scrollIntoView({block:"nearest"});
  if(typeof zoom!=="undefined"&&zoom>1&&f.h&&focus.scrollIntoView)focus.scrollIntoView({block:"nearest",inline:"nearest"});
  rolls.forEach(function(r){
    var s=+r.getAttribute("data-step");
    r.hidden=(s!==f.r||f.r===0);
    r.classList.toggle("earlier",s!==i);
  });
  noroll.hidden=f.r!==0;
  stepno.textContent=i+" / "+last;
  document.body.setAttribute("data-step",String(i));
  if(history.replaceState)history.replaceState(null,"","#step="+i);
}
var zoom=1, mapsvg=document.querySelector("#mapbox svg.map");
function setZoom(z){
  zoom=Math.max(1,Math.min(4,z));
  mapsvg.style.height=(100*zoom)+"%";
  mapsvg.style.maxWidth=zoom>1?"none":"100%";
  if(zoom>1&&focus.style.display!=="none"&&focus.scrollIntoView)focus.scrollIntoView({block:"center",inline:"center"});
}
function go(d){show(cur+d);}
document.getElementById("first").onclick=function(){show(0);};
document.getElementById("prev").onclick=function(){go(-1);};
document.getElementById("next").onclick=function(){go(1);};
document.getElementById("last").onclick=function(){show(last);};
document.getElementById("zoomin").onclick=function(){setZoom(zoom*1.5);};
document.getElementById("zoomout").onclick=function(){setZoom(zoom/1.5);};
lines.forEach(function(l){l.onclick=function(){show(+l.getAttribute("data-step"));};});
document.addEventListener("keydown",function(e){
  if(e.key==="ArrowRight"||e.key==="ArrowDown"){go(1);e.preventDefault();}
  else if(e.key==="ArrowLeft"||e.key==="ArrowUp"){go(-1);e.preventDefault();}
  else if(e.key==="Home"){show(0);e.preventDefault();}
  else if(e.key==="End"){show(last);e.preventDefault();}
  else if(e.key==="+"||e.key==="="){setZoom(zoom*1.5);e.preventDefault();}
  else if(e.key==="-"){setZoom(zoom/1.5);e.preventDefault();}
});
function fromHash(){var m=/step=(\d+)/.exec(location.hash);return m?+m[1]:null;}
// A #step= changed in the open page (typed, or a link followed) goes there.
window.addEventListener("hashchange",function(){var i=fromHash();if(i!==null)show(i);});
var h=fromHash();
show(h===null?0:h);
})();
</script>
`
