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

// otherScenarios are played besides scenarioName and its variants.
var otherScenarios = []string{"cavalry_melee"}

// seeds is how many runs every implementation must match before timing.
const seeds = 10000

var loaded struct {
	once sync.Once
	mod  *dsl.Module
	sd   *dsl.ScenarioDef
	all  []*dsl.ScenarioDef
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
		all, err := withVariants(sd)
		if err != nil {
			loaded.err = err
			return
		}
		for _, name := range otherScenarios {
			other, err := bataille.FindScenario(mod, name)
			if err != nil {
				loaded.err = err
				return
			}
			all = append(all, other)
		}
		loaded.mod, loaded.sd, loaded.all = mod, sd, all
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

// loadAll is the battle and every set-up the bench plays, in the order
// seeds take them: the scenario, its variants, the other scenarios.
func loadAll(tb testing.TB) (*dsl.Module, []*dsl.ScenarioDef) {
	tb.Helper()
	mod, _ := load(tb)
	return mod, loaded.all
}
