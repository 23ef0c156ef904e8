package bataille_test

import (
	"bytes"
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/bataille/bataille"
	"github.com/bataille/bataille/internal/golden"
)

var update = flag.Bool("update", false, "rewrite the golden files under testdata")

// TestScenarioCheckGolden loads each testdata/scenario-check/*.rules module
// the way `bataille check` does, with the checks of the scenarios' boards
// (paths, hexes on the map, hexsides), and compares what it reports with
// NAME.golden (`go test . -run ScenarioCheck -update` rewrites
// them).
func TestScenarioCheckGolden(t *testing.T) {
	paths, err := filepath.Glob(filepath.Join("testdata", "scenario-check", "*.rules"))
	if err != nil || len(paths) == 0 {
		t.Fatalf("no cases: %v", err)
	}
	for _, path := range paths {
		name := filepath.Base(path)
		t.Run(strings.TrimSuffix(name, ".rules"), func(t *testing.T) {
			_, diags := bataille.LoadDir(os.DirFS(filepath.Dir(path)), name)
			if len(diags) == 0 {
				t.Fatalf("%s: nothing reported", name)
			}
			var got bytes.Buffer
			diags.Print(&got)
			golden.Check(t, strings.TrimSuffix(path, ".rules")+".golden", got.Bytes(), *update, "go test . -run ScenarioCheck -update")
		})
	}
}
