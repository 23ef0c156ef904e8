package stdlib

import (
	"embed"
	"io/fs"

	"github.com/bataille/bataille/dsl"
)

// treeFiles holds the parsed trees of the base modules (dsl.EncodeTree),
// made from their text by
//
//	go test ./stdlib -run TestTrees -update
//
// A tree is read only for the very text and grammar it was made from
// (dsl.DecodeTree): where a base module or the grammar changed since, the
// module is parsed, as ever, until the trees are made again.
//
//go:generate go test -run TestTrees -update .
//go:embed trees
var treeFiles embed.FS

// baseTrees is BaseFS with the trees of its files.
var baseTrees = func() dsl.TreeFS {
	trees, _ := fs.Sub(treeFiles, "trees")
	return dsl.WithTrees(BaseFS, trees)
}()

// ParseBase parses the base module id, as dsl.ParseFS(BaseFS, id+".rules")
// does, reading its tree from the one this package carries where that was
// made from its text: participle's parse of the base was about half of a
// cold load of a battle.
func ParseBase(id string) ([]*dsl.File, dsl.Diagnostics) {
	return dsl.ParseFS(baseTrees, id+dsl.Ext)
}

// BaseTrees is BaseFS carrying the trees of its files, for the test that
// keeps them.
func BaseTrees() dsl.TreeFS { return baseTrees }
