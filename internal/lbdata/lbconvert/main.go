// Command lbconvert converts the lb.react app's chart data into the bundled
// battles' modules and writes docs/data.md, the findings of its check of the
// data. Run it from the repository's root:
//
//	go run ./internal/lbdata/lbconvert [-src DIR]
//
// or go generate ./games, which runs it the same way.
//
// DIR holds the app's src/data files (by default the copy kept in
// internal/lbdata/testdata); a corrected or newer copy is converted the same
// way.
package main

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"sort"

	"github.com/bataille/bataille/internal/lbdata"
)

func main() {
	src := flag.String("src", "", "the folder holding lb.react's src/data files (default: the copy under -root, "+lbdata.SourceDir+")")
	root := flag.String("root", ".", "the repository's root, where games/ and docs/ are")
	flag.Parse()
	if *src == "" {
		*src = filepath.Join(*root, lbdata.SourceDir)
	}
	files, err := lbdata.Generate(*src)
	if err != nil {
		fmt.Fprintln(os.Stderr, "lbconvert:", err)
		os.Exit(1)
	}
	var paths []string
	for p := range files {
		paths = append(paths, p)
	}
	sort.Strings(paths)
	for _, p := range paths {
		full := filepath.Join(*root, p)
		if err := os.MkdirAll(filepath.Dir(full), 0o755); err != nil {
			fmt.Fprintln(os.Stderr, "lbconvert:", err)
			os.Exit(1)
		}
		if err := os.WriteFile(full, []byte(files[p]), 0o644); err != nil {
			fmt.Fprintln(os.Stderr, "lbconvert:", err)
			os.Exit(1)
		}
	}
}
