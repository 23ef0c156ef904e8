package games_test

import (
	"io/fs"
	"testing"

	"github.com/bataille/bataille/dsl"
	"github.com/bataille/bataille/games"
)

// TestTrees: the tree games.FS carries for a battle's file is the one
// dsl.Parse gives for its text; a file changed since its tree was made is
// parsed, and logged here. With -update, it makes the trees again.
func TestTrees(t *testing.T) {
	names, err := fs.Glob(games.FS, "*/*"+dsl.Ext)
	if err != nil || len(names) < 20 {
		t.Fatalf("%d battle files: %v", len(names), err)
	}
	if *update {
		if err := dsl.WriteTrees(games.FS, names, "trees"); err != nil {
			t.Fatal(err)
		}
		return
	}
	tfs, ok := games.FS.(dsl.TreeFS)
	if !ok {
		t.Fatal("games.FS carries no trees")
	}
	stale, err := dsl.StaleTrees(tfs, names)
	if err != nil {
		t.Fatal(err)
	}
	if len(stale) > 0 {
		t.Errorf("%v changed since their trees were made, so loading them would parse them again (correct, but slow): run go test ./games -run TestTrees -update", stale)
	}
}
