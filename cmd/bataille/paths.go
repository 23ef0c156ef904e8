package main

import (
	"path/filepath"
	"sort"
)

// splitPath turns a path on disk into an fs.FS root and a name inside it:
// the parent folder, so that a battle can extend a sibling folder.
func splitPath(p string, isDir bool) (root, name string) {
	abs, err := filepath.Abs(p)
	if err != nil {
		abs = p
	}
	return filepath.Dir(abs), filepath.Base(abs)
}

func sortStrings(s []string) { sort.Strings(s) }

// sortReports orders shard reports by their first run.
func sortReports(r []simReport) {
	sort.Slice(r, func(i, j int) bool { return r[i].From < r[j].From })
}
