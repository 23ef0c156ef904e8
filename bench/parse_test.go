package bench

import (
	"bytes"
	"fmt"
	"testing"

	"github.com/bataille/bataille"
	"github.com/bataille/bataille/dsl"
	"github.com/bataille/bataille/games"
	"github.com/bataille/bataille/stdlib"
)

// lineWriter counts the lines it has written, so a generator can stop at a
// size without rescanning what it wrote.
type lineWriter struct {
	bytes.Buffer
	lines int
}

func (w *lineWriter) printf(format string, args ...any) {
	n := w.Len()
	fmt.Fprintf(w, format, args...)
	w.lines += bytes.Count(w.Bytes()[n:], []byte{'\n'})
}

// battleModule writes a standalone module of at least the given number of
// lines, shaped like a battle's special rules: a header of vocabulary, then
// one "division" after another, each with its own terrain, formation,
// parameters, a two-way d66 table read on the charge's approach, a morale
// check with its outcome rules, and rules on several hooks that use lets,
// questions and effects. Every division is distinct, so the checker resolves
// and compiles each name and expression anew.
func battleModule(lines int) []byte {
	w := &lineWriter{}
	w.printf(`module generated "A generated battle" edition "benchmark"

arm infantry "Infantry" { fire: 1 }
arm cavalry "Cavalry" { mounted }
state good "Good order" { good }
state disordered "Disordered" { fire: 0.5  melee: 0.5 }
state routed "Routed" { routed  fire: 0 }
terrain clear "Clear" { cost: 1 }
formation line "Line" { fronts: 2  zdi: front  arms: infantry }
formation column "Column" { fronts: 1  zdi: front  arms: infantry, cavalry }
`)
	for d := 1; w.lines < lines; d++ {
		w.printf(`
// ---- Division %[1]d ----
terrain marsh%[1]d "Marsh %[1]d" { cost: %[2]d  no_charge }
formation wedge%[1]d "Wedge %[1]d" { fronts: 3  zdi: front  arms: cavalry  change_cost: %[2]d }
param div%[1]d.window = %[3]d cite "division %[1]d, p%[1]d"
param div%[1]d.steady = -%[2]d
param div%[1]d.trample = %[2]d

table div%[1]d_stand "Division %[1]d stand" roll d66 + modifier -6..6 cite "division %[1]d" {
  column "in line, far" when unit.formation == "line" && distance > %[2]d {
    11..3%[2]d => hold
    3%[4]d..54 => waver
    55..66 => break
  }
  column "close" {
    11..25 => hold
    26..46 => waver
    51..66 => break
  }
}

check div%[1]d_nerve "Division %[1]d nerve" roll d66 + modifier -12..12 {
  pass above unit.morale + %[2]d
}

rule div%[1]d.approach "Division %[1]d braces" on charge_approach cite "division %[1]d" {
  when unit.arm == "infantry" && unit.state == "good" && distance <= div%[1]d.window
  when is_target && !marked(unit, "braced%[1]d")
  ask "brace"
  let mod = (unit.leader ? div%[1]d.steady : 0) + (charger.light ? 1 : 0) - (unit.guard ? 2 : 0)
  do mark(unit, "braced%[1]d"), roll(div%[1]d_stand, modifier: mod, unit: unit)
}

rule div%[1]d.hold on div%[1]d_stand.hold {
  do check(div%[1]d_nerve, unit, modifier: div%[1]d.steady)
}

rule div%[1]d.waver on div%[1]d_stand.waver {
  do set_state(unit, "disordered")
}

rule div%[1]d.break on div%[1]d_stand.break {
  when is_target
  do rout(unit, hexes: %[3]d, from: charger)
}

rule div%[1]d.nerve_fail on div%[1]d_nerve.fail {
  do set_state(unit, "disordered"), note("division %[1]d wavers")
}

rule div%[1]d.enter "Division %[1]d ground" on charge_enter {
  require !hex.no_charge || step > %[2]d else "the marsh of division %[1]d stops the charge"
  when turns > 0 && charger.increments < %[3]d
  do add_cost(turns + div%[1]d.trample %% 2)
}

rule div%[1]d.contact on charge_contact {
  when target.state == "routed" && mp_spent >= div%[1]d.trample
  do lose(target, int(mp_spent / div%[1]d.trample))
}
`, d, d%3+1, d%5+2, d%3+2)
	}
	return w.Bytes()
}

// noExtends loads nothing: the generated module stands alone.
func noExtends(id string) ([]*dsl.File, dsl.Diagnostics) {
	return nil, dsl.Diagnostics{{Severity: dsl.Error, Code: "unknown-module", Pos: dsl.Pos{File: id, Line: 1, Col: 1}, Message: "the generated module extends nothing"}}
}

func parseCheck(src []byte) (*dsl.Module, dsl.Diagnostics) {
	f, diags := dsl.Parse("generated.rules", src)
	if diags.HasErrors() {
		return nil, diags
	}
	mod, more := dsl.Check([]*dsl.File{f}, stdlib.Env(), noExtends)
	return mod, append(diags, more...)
}

func TestBattleModuleChecks(t *testing.T) {
	for _, lines := range []int{500, 5000} {
		src := battleModule(lines)
		n := bytes.Count(src, []byte{'\n'})
		if n < lines || n > lines+lines/10+60 {
			t.Errorf("asked for %d lines, got %d", lines, n)
		}
		mod, diags := parseCheck(src)
		if diags.HasErrors() || mod == nil {
			t.Fatalf("%d lines: %v", lines, diags.Err())
		}
		if len(diags) > 0 {
			t.Errorf("%d lines: warnings: %v", lines, diags)
		}
		divisions := len(mod.Tables)
		if divisions < lines/80 || len(mod.Rules) != 7*divisions || len(mod.Checks) != divisions {
			t.Errorf("%d lines: %d tables, %d checks, %d rules", lines, divisions, len(mod.Checks), len(mod.Rules))
		}
	}
}

func benchParseCheck(b *testing.B, lines int) {
	src := battleModule(lines)
	b.SetBytes(int64(len(src)))
	b.ReportAllocs()
	cpu0, ok := processCPU()
	for b.Loop() {
		if mod, diags := parseCheck(src); mod == nil || diags.HasErrors() {
			b.Fatal(diags.Err())
		}
	}
	reportCPU(b, cpu0, ok)
}

// Parse and check a module of about 500 and 5000 lines; the ratio of the
// two shows how the front end grows with a module's size.
func BenchmarkParseCheck500(b *testing.B)  { benchParseCheck(b, 500) }
func BenchmarkParseCheck5000(b *testing.B) { benchParseCheck(b, 5000) }

// BenchmarkLoadBattle loads each bundled battle as a program does the first
// time (cold: the modules it extends read and checked too, its scenarios'
// boards with them, as bataille.LoadBundledToPlay does for run, simulate
// or odds; cold-tests: its tests read too, as bataille.LoadBundled does for
// check and test) and as a long-lived one does after (warm: the base
// checked once per process and shared, the tests read). Cold or
// warm, the embedded files are read from the trees games.FS and stdlib
// carry (dsl.TreeFS), and parsed only where a file changed since its tree
// was made; BenchmarkParseCheck measures the parse.
func BenchmarkLoadBattle(b *testing.B) {
	for _, name := range bataille.Bundled() {
		for _, cold := range []struct {
			name  string
			check func([]*dsl.File) (*dsl.Module, dsl.Diagnostics)
		}{
			{"cold", func(files []*dsl.File) (*dsl.Module, dsl.Diagnostics) {
				return dsl.CheckPlay(files, stdlib.Env(), bataille.Loader{Play: true}.Load, nil)
			}},
			{"cold-tests", func(files []*dsl.File) (*dsl.Module, dsl.Diagnostics) {
				return dsl.Check(files, stdlib.Env(), bataille.Loader{}.Load)
			}},
		} {
			b.Run(name+"/"+cold.name, func(b *testing.B) {
				b.ReportAllocs()
				cpu0, ok := processCPU()
				for b.Loop() {
					files, diags := dsl.ParseFS(games.FS, name)
					if diags.HasErrors() {
						b.Fatal(diags.Err())
					}
					// The check lays out the scenarios' boards too.
					if mod, diags := cold.check(files); mod == nil || diags.HasErrors() {
						b.Fatal(diags.Err())
					}
				}
				reportCPU(b, cpu0, ok)
			})
		}
		b.Run(name+"/warm", func(b *testing.B) {
			b.ReportAllocs()
			cpu0, ok := processCPU()
			for b.Loop() {
				if mod, diags := bataille.LoadBundled(name); mod == nil || diags.HasErrors() {
					b.Fatal(diags.Err())
				}
			}
			reportCPU(b, cpu0, ok)
		})
	}
}
