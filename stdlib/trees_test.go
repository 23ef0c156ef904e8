package stdlib_test

import (
	"io/fs"
	"os"
	"path"
	"reflect"
	"strings"
	"testing"

	"github.com/bataille/bataille/dsl"
	"github.com/bataille/bataille/stdlib"
)

// TestTrees: the tree this package carries for each base module is the one
// dsl.Parse gives for its text. With -update, it makes them.
func TestTrees(t *testing.T) {
	names, err := fs.Glob(stdlib.BaseFS, "*"+dsl.Ext)
	if err != nil || len(names) == 0 {
		t.Fatalf("no base modules: %v", err)
	}
	for _, name := range names {
		id := strings.TrimSuffix(name, dsl.Ext)
		files, diags := dsl.ParseFS(stdlib.BaseFS, name)
		if diags.HasErrors() || len(files) != 1 {
			t.Fatalf("%s: %v", name, diags.Err())
		}
		treeFile := path.Join("trees", id+".tree")
		if *update {
			data, err := dsl.EncodeTree(files[0])
			if err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(treeFile, data, 0o644); err != nil {
				t.Fatal(err)
			}
			continue
		}
		data, err := os.ReadFile(treeFile)
		if err != nil {
			t.Errorf("%s: no tree: run go test ./stdlib -run TestTrees -update", name)
			continue
		}
		got, ok := dsl.DecodeTree(data, name, files[0].Src)
		if !ok {
			// The module changed since its tree was made: it is parsed,
			// as ever, until the tree is made again.
			t.Logf("%s: its tree was made from another text or grammar; loading it parses it: run go test ./stdlib -run TestTrees -update", name)
			continue
		}
		if !reflect.DeepEqual(got, files[0]) {
			t.Errorf("%s: the tree it carries differs from its parse", name)
		}
		parsed, diags := stdlib.ParseBase(id)
		if diags.HasErrors() || len(parsed) != 1 || !reflect.DeepEqual(parsed[0], files[0]) {
			t.Errorf("%s: ParseBase differs from its parse: %v", name, diags.Err())
		}
	}
}
