package stdlib

import (
	"embed"
	"io/fs"

	"github.com/bataille/bataille/dsl"
)

// trees holds the parsed trees of the base modules (dsl.EncodeTree), one
// per module, made from their text by
//
//	go test ./stdlib -run TestTrees -update
//
// A tree is read only for the very text and grammar it was made from
// (dsl.DecodeTree): where a base module or the grammar changed since, the
// module is parsed, as ever, until the trees are made again.
//
//go:embed trees/*.tree
var trees embed.FS

// ParseBase parses the base module id, as dsl.ParseFS(BaseFS, id+".rules")
// does, reading its tree from the one this package carries when that was
// made from its text: participle's parse of the base was about half of a
// cold load of a battle.
func ParseBase(id string) ([]*dsl.File, dsl.Diagnostics) {
	name := id + dsl.Ext
	if src, err := fs.ReadFile(BaseFS, name); err == nil {
		if data, err := fs.ReadFile(trees, "trees/"+id+".tree"); err == nil {
			if f, ok := dsl.DecodeTree(data, name, string(src)); ok {
				return []*dsl.File{f}, nil
			}
		}
	}
	return dsl.ParseFS(BaseFS, name)
}
