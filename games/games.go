// Package games holds the bundled battles, one folder each: a rules script
// that extends the Premier Rules base, and scenarios. They are embedded so
// the binary ships them; a folder on disk loads the same way.
package games

import (
	"embed"
	"io/fs"
	"sort"
)

//go:embed */*.rules
var embedded embed.FS

// FS is the bundled battles, a folder each.
var FS fs.FS = embedded

// Names lists the bundled battles (their folder names).
func Names() []string {
	entries, _ := fs.ReadDir(FS, ".")
	var out []string
	for _, e := range entries {
		if e.IsDir() {
			out = append(out, e.Name())
		}
	}
	sort.Strings(out)
	return out
}
