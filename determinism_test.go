package bataille_test

import (
	"bytes"
	"context"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"sync"
	"testing"

	"github.com/bataille/bataille"
	"github.com/bataille/bataille/dsl"
	"github.com/bataille/bataille/interpreter"
)

// TestOneAnswerPerInput checks and plays every bundled battle, every module
// under testdata and every case of the hostile corpus many times, some at
// once in goroutines, and compares what each printed byte for byte: the
// diagnostics, and for each scenario and seed the trace or the error. No
// decision of the checker or the engine may depend on Go's map order.
func TestOneAnswerPerInput(t *testing.T) {
	type input struct {
		name string
		fsys fs.FS
		dir  string
	}
	var inputs []input
	for _, b := range engineBattles() {
		inputs = append(inputs, input{"bundled " + b, nil, b})
	}
	for _, dir := range []string{"games/testdata/clauses", "interpreter/testdata"} {
		entries, err := os.ReadDir(dir)
		if err != nil {
			t.Fatal(err)
		}
		for _, e := range entries {
			inputs = append(inputs, input{dir + "/" + e.Name(), os.DirFS(dir), e.Name()})
		}
	}
	archives, _ := filepath.Glob("testdata/hostile/*.txtar")
	for _, a := range archives {
		data, err := os.ReadFile(a)
		if err != nil {
			t.Fatal(err)
		}
		_, files := readHostile(data)
		inputs = append(inputs, input{a, files, "."})
	}
	if len(inputs) < 20 {
		t.Fatalf("only %d inputs", len(inputs))
	}
	for _, in := range inputs {
		t.Run(in.name, func(t *testing.T) {
			once := func() string {
				var b bytes.Buffer
				var mod *dsl.Module
				var diags dsl.Diagnostics
				if in.fsys != nil {
					mod, diags = bataille.LoadDir(in.fsys, in.dir)
				} else {
					mod, diags = bataille.LoadBundled(in.dir)
				}
				diags.Print(&b)
				if mod == nil {
					return b.String()
				}
				for _, sd := range mod.AllScenarios() {
					for seed := uint64(1); seed <= 3; seed++ {
						e, err := bataille.NewEngine(mod, sd.Name, interpreter.Config{Seed: seed})
						if err != nil {
							fmt.Fprintln(&b, err)
							continue
						}
						fmt.Fprintf(&b, "%s seed %d: %v\n", sd.Name, seed, e.Run(context.Background()))
						_ = e.Trace().WriteJSON(&b)
					}
				}
				return b.String()
			}
			want := once()
			const times = 8
			got := make([]string, times)
			var wg sync.WaitGroup
			for i := range times {
				if i%2 == 0 {
					got[i] = once()
					continue
				}
				wg.Add(1)
				go func() { defer wg.Done(); got[i] = once() }()
			}
			wg.Wait()
			for i, g := range got {
				if g != want {
					t.Fatalf("time %d printed something else than the first (%d bytes against %d)", i+2, len(g), len(want))
				}
			}
		})
	}
}
