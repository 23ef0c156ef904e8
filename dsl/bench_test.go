package dsl_test

import (
	"fmt"
	"io/fs"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/bataille/bataille/dsl"
	"github.com/bataille/bataille/stdlib"
)

// BenchmarkParseCheck parses and checks every bundled module, each battle
// with the base module it extends, as `bataille check` does. Bytes are those
// parsed, the base once per battle.
func BenchmarkParseCheck(b *testing.B) {
	modules := bundledModules(b)
	var bytes int64
	counting := func(id string) ([]*dsl.File, dsl.Diagnostics) {
		files, diags := fuzzLoader(id)
		for _, f := range files {
			bytes += int64(len(f.Src))
		}
		return files, diags
	}
	run := func() {
		for _, m := range modules {
			files, diags := dsl.ParseFS(m.fsys, ".")
			for _, f := range files {
				bytes += int64(len(f.Src))
			}
			mod, more := dsl.Check(files, stdlib.Env(), counting)
			if mod == nil {
				b.Fatalf("%s does not check: %v", m.name, append(diags, more...))
			}
		}
	}
	run()
	b.SetBytes(bytes)
	b.ResetTimer()
	for b.Loop() {
		run()
	}
}

// BenchmarkFormat formats every bundled script.
func BenchmarkFormat(b *testing.B) {
	var files []*dsl.File
	var n int64
	for _, m := range bundledModules(b) {
		fs, diags := dsl.ParseFS(m.fsys, ".")
		if diags.HasErrors() {
			b.Fatal(diags)
		}
		for _, f := range fs {
			n += int64(len(f.Src))
		}
		files = append(files, fs...)
	}
	b.SetBytes(n)
	for b.Loop() {
		for _, f := range files {
			if _, err := dsl.Format(f); err != nil {
				b.Fatal(err)
			}
		}
	}
}

// genModule writes a module of about n lines: groups of a param, a d6 table
// and a rule that reads the param and rolls the table, with a rule on one of
// the table's outcomes.
func genModule(n int) string {
	var s strings.Builder
	s.WriteString("module gen \"Generated\"\n\narm cavalry \"Cavalry\" { mounted }\n\n")
	for i := 0; strings.Count(s.String(), "\n") < n; i++ {
		fmt.Fprintf(&s, `param gen.p%d = %d cite "gen p%d"

table gen_t%d "Table %d" roll 1d6 + modifier -1..1 {
  ..2  => low
  3..4 => mid
  5..  => high
}

rule gen.r%d "Rule %d" on declare_charge cite "gen r%d" {
  when charger.arm == "cavalry" && !charger.tired
  require charger.increments >= gen.p%d %% 7 else "too weak"
  do roll(gen_t%d, modifier: 1), note("rolled")
}

rule gen.h%d on gen_t%d.high {
  do add_mp(value + 1)
}

`, i, i%50, i, i, i, i, i, i, i, i, i, i)
	}
	return s.String()
}

func benchParse(b *testing.B, lines int) {
	src := []byte(genModule(lines))
	b.SetBytes(int64(len(src)))
	for b.Loop() {
		if _, diags := dsl.Parse("gen.rules", src); diags.HasErrors() {
			b.Fatal(diags)
		}
	}
}

func benchParseCheck(b *testing.B, lines int) {
	fsys := fstest.MapFS{"gen.rules": {Data: []byte(genModule(lines))}}
	b.SetBytes(int64(len(fsys["gen.rules"].Data)))
	for b.Loop() {
		if _, diags := checkModule(fsys); diags.HasErrors() {
			b.Fatal(diags.Err())
		}
	}
}

func checkModule(fsys fs.FS) (*dsl.Module, dsl.Diagnostics) {
	files, diags := dsl.ParseFS(fsys, ".")
	if diags.HasErrors() {
		return nil, diags
	}
	return dsl.Check(files, stdlib.Env(), fuzzLoader)
}

// The same work on 500 and 5000 lines: the ratio of the times shows how the
// parser and the checker grow with a module's size.
func BenchmarkParse500Lines(b *testing.B)       { benchParse(b, 500) }
func BenchmarkParse5000Lines(b *testing.B)      { benchParse(b, 5000) }
func BenchmarkParseCheck500Lines(b *testing.B)  { benchParseCheck(b, 500) }
func BenchmarkParseCheck5000Lines(b *testing.B) { benchParseCheck(b, 5000) }

// TestGenModuleChecks keeps the generated module valid, so the benchmarks
// measure a clean check.
func TestGenModuleChecks(t *testing.T) {
	src := genModule(500)
	if n := strings.Count(src, "\n"); n < 500 || n > 530 {
		t.Errorf("generated %d lines", n)
	}
	mod, diags := checkModule(fstest.MapFS{"gen.rules": {Data: []byte(src)}})
	if mod == nil {
		t.Fatal(diags.Err())
	}
	if len(mod.Params) < 20 || len(mod.Tables) != len(mod.Params) || len(mod.Rules) != 2*len(mod.Params) {
		t.Errorf("%d params, %d tables, %d rules", len(mod.Params), len(mod.Tables), len(mod.Rules))
	}
}
