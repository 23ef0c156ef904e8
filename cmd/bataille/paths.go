package main

import (
	"path/filepath"
	"sort"
)

// splitPath turns a path on disk into an fs.FS root and a name inside it:
// for a folder, its parent, so that a battle can extend a sibling folder;
// for a file, its folder's parent (the name is folder/file), so that the
// file's module finds the same siblings as its folder does.
func splitPath(p string, isDir bool) (root, name string) {
	abs, err := filepath.Abs(p)
	if err != nil {
		abs = p
	}
	if !isDir {
		folder := filepath.Dir(abs)
		if up := filepath.Dir(folder); up != folder {
			return up, filepath.ToSlash(filepath.Join(filepath.Base(folder), filepath.Base(abs)))
		}
	}
	return filepath.Dir(abs), filepath.Base(abs)
}

func sortStrings(s []string) { sort.Strings(s) }

// sortReports orders shard reports by their first run.
func sortReports(r []simReport) {
	sort.Slice(r, func(i, j int) bool { return r[i].From < r[j].From })
}
