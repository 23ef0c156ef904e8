package stdlib_test

import (
	"io/fs"
	"testing"

	"github.com/bataille/bataille/dsl"
	"github.com/bataille/bataille/stdlib"
)

// TestTrees: the tree this package carries for a base module is the one
// dsl.Parse gives for its text; a module changed since its tree was made is
// parsed, and logged here. With -update, it makes the trees again.
func TestTrees(t *testing.T) {
	names, err := fs.Glob(stdlib.BaseFS, "*"+dsl.Ext)
	if err != nil || len(names) == 0 {
		t.Fatalf("no base modules: %v", err)
	}
	if *update {
		if err := dsl.WriteTrees(stdlib.BaseFS, names, "trees"); err != nil {
			t.Fatal(err)
		}
		return
	}
	stale, err := dsl.StaleTrees(stdlib.BaseTrees(), names)
	if err != nil {
		t.Fatal(err)
	}
	if len(stale) > 0 {
		t.Errorf("%v changed since their trees were made, so loading them would parse them again (correct, but slow): run go test ./stdlib -run TestTrees -update", stale)
	}
}
