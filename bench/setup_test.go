package bench

import (
	"os"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/bataille/bataille"
	"github.com/bataille/bataille/dsl"
)

// The battle is named in testdata/battle.txt rather than here: the Go files
// of the project name no battle. It must be one of bataille.Bundled().
const scenarioName = "carre_attempt"

// seeds is how many runs every implementation must match before timing.
const seeds = 10000

var loaded struct {
	once sync.Once
	mod  *dsl.Module
	sd   *dsl.ScenarioDef
	err  error
}

// load loads the bundled battle and its scenario once per test binary.
func load(tb testing.TB) (*dsl.Module, *dsl.ScenarioDef) {
	tb.Helper()
	loaded.once.Do(func() {
		raw, err := os.ReadFile("testdata/battle.txt")
		if err != nil {
			loaded.err = err
			return
		}
		name := strings.TrimSpace(string(raw))
		if !slices.Contains(bataille.Bundled(), name) {
			loaded.err = &notBundled{name}
			return
		}
		mod, diags := bataille.LoadBundled(name)
		if diags.HasErrors() {
			loaded.err = diags.Err()
			return
		}
		sd, err := bataille.FindScenario(mod, scenarioName)
		if err != nil {
			loaded.err = err
			return
		}
		loaded.mod, loaded.sd = mod, sd
	})
	if loaded.err != nil {
		tb.Fatal(loaded.err)
	}
	return loaded.mod, loaded.sd
}

type notBundled struct{ name string }

func (e *notBundled) Error() string {
	return "testdata/battle.txt names " + e.name + ", which is not among the bundled battles " + strings.Join(bataille.Bundled(), ", ")
}
