package main

import (
	"bytes"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"strings"

	"github.com/bataille/bataille/dsl"
	"github.com/bataille/bataille/games"
	"github.com/bataille/bataille/stdlib"
	"github.com/spf13/pflag"
)

func init() {
	register(command{"fmt", "format rule files in the one canonical layout", cmdFmt})
}

const fmtUsage = `Usage: bataille fmt [-w] [-d] [PATH…]

Formats rule files in the one canonical layout: two-space indents, one
spacing for expressions, aligned "else" and "=>" columns, a blank line around
every block; comments are kept. Formatting never changes what a file means.

Each PATH is a .rules file or a folder, searched recursively for .rules files
(skipping folders named testdata or starting with "." or "_").

With a single file PATH and no flag, prints the formatted text. With several
files, a folder, or no PATH (the bundled scripts, built into the binary),
lists the files whose layout would change.

Exit 0 when all is well; 1 on a syntax error, an unreadable file, or (with
-d) a file that would change; 2 on a usage error.

Flags:`

// fmtFile is one file to format: where it is shown as, its text, and where
// to write it back ("" for the bundled scripts, which cannot be rewritten).
type fmtFile struct {
	name, disk string
	src        []byte
}

func cmdFmt(args []string, stdout, stderr io.Writer) int {
	flags := pflag.NewFlagSet("fmt", pflag.ContinueOnError)
	flags.SetOutput(stderr)
	write := flags.BoolP("write", "w", false, "rewrite the files in place")
	diff := flags.BoolP("diff", "d", false, "print a unified diff of what would change; exit 1 if anything would")
	flags.Usage = func() {
		fmt.Fprintln(stderr, fmtUsage)
		flags.PrintDefaults()
	}
	if code, ok := parseFlags(flags, args); !ok {
		return code
	}
	code := exitOK
	var files []fmtFile
	if flags.NArg() == 0 {
		if *write {
			fmt.Fprintln(stderr, "bataille fmt: -w needs paths: the bundled scripts are built into the binary; name their folders on disk (bataille fmt -w stdlib games)")
			return exitUsage
		}
		files = bundledScripts()
	}
	for _, p := range flags.Args() {
		found, err := rulesFiles(p)
		if err != nil {
			fmt.Fprintf(stderr, "bataille fmt: %v\n", err)
			code = exitFail
		}
		files = append(files, found...)
	}
	printOne := flags.NArg() == 1 && len(files) == 1 && !*write && !*diff && !isDir(flags.Arg(0))
	for _, f := range files {
		out, ok := formatFile(f, stderr)
		if !ok {
			code = exitFail
			continue
		}
		switch {
		case printOne:
			_, _ = stdout.Write(out)
			continue
		case bytes.Equal(out, f.src):
			continue
		}
		if *diff {
			writeFmtDiff(stdout, f.name, f.src, out)
			code = exitFail
		}
		if *write {
			if err := writeKeepingMode(f.disk, out); err != nil {
				fmt.Fprintf(stderr, "bataille fmt: %v\n", err)
				code = exitFail
			}
		}
		if !*diff && !*write {
			fmt.Fprintln(stdout, f.name)
		}
	}
	return code
}

// formatFile parses and formats one file, reporting what stops it.
func formatFile(f fmtFile, stderr io.Writer) ([]byte, bool) {
	parsed, diags := dsl.Parse(f.name, f.src)
	if diags.HasErrors() {
		diags.Print(stderr)
		return nil, false
	}
	out, err := dsl.Format(parsed)
	if err != nil {
		fmt.Fprintln(stderr, err)
		return nil, false
	}
	return out, true
}

// bundledScripts lists the base modules and the battles' scripts, named as
// they are in the source tree.
func bundledScripts() []fmtFile {
	var out []fmtFile
	for _, src := range []struct {
		fsys   fs.FS
		prefix string
	}{{stdlib.BaseFS, "stdlib"}, {games.FS, "games"}} {
		_ = fs.WalkDir(src.fsys, ".", func(p string, d fs.DirEntry, err error) error {
			if err != nil || d.IsDir() || !strings.HasSuffix(p, dsl.Ext) {
				return nil
			}
			if data, err := fs.ReadFile(src.fsys, p); err == nil {
				out = append(out, fmtFile{name: path.Join(src.prefix, p), src: data})
			}
			return nil
		})
	}
	return out
}

// rulesFiles reads the .rules file p, or those under the folder p.
func rulesFiles(p string) ([]fmtFile, error) {
	st, err := os.Stat(p)
	if err != nil {
		return nil, err
	}
	if !st.IsDir() {
		data, err := readScript(p)
		if err != nil {
			return nil, err
		}
		return []fmtFile{{name: p, disk: p, src: data}}, nil
	}
	var out []fmtFile
	err = filepath.WalkDir(p, func(q string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			if n := d.Name(); q != p && (n == "testdata" || strings.HasPrefix(n, ".") || strings.HasPrefix(n, "_")) {
				return filepath.SkipDir
			}
			return nil
		}
		if !strings.HasSuffix(q, dsl.Ext) {
			return nil
		}
		data, err := readScript(q)
		if err != nil {
			return err
		}
		out = append(out, fmtFile{name: q, disk: q, src: data})
		return nil
	})
	return out, err
}

// readScript reads a file on disk through the checker's bounded reader: no
// symbolic link, pipe or device, and no more than a byte past the file size
// limit (which Parse then reports).
func readScript(p string) ([]byte, error) {
	return dsl.ReadFile(os.DirFS(filepath.Dir(p)), filepath.Base(p))
}

func isDir(p string) bool {
	st, err := os.Stat(p)
	return err == nil && st.IsDir()
}

// writeKeepingMode replaces a file through a temporary file in its folder,
// so that a failed write never leaves half a file, and keeps its mode.
func writeKeepingMode(name string, data []byte) error {
	st, err := os.Stat(name)
	if err != nil {
		return err
	}
	tmp, err := os.CreateTemp(filepath.Dir(name), "."+filepath.Base(name)+".*")
	if err != nil {
		return err
	}
	_, werr := tmp.Write(data)
	cerr := tmp.Close()
	if err := firstErr(werr, cerr, os.Chmod(tmp.Name(), st.Mode().Perm())); err != nil {
		os.Remove(tmp.Name())
		return err
	}
	if err := os.Rename(tmp.Name(), name); err != nil {
		os.Remove(tmp.Name())
		return err
	}
	return nil
}

func firstErr(errs ...error) error {
	for _, e := range errs {
		if e != nil {
			return e
		}
	}
	return nil
}

// writeFmtDiff prints what formatting changes in one file as a unified diff,
// with the line differ of the diff command. A source that lacks its final
// newline shows the marker diff(1) uses.
func writeFmtDiff(w io.Writer, name string, old, formatted []byte) {
	a, b := splitLines(string(old)), splitLines(string(formatted))
	if len(old) > 0 && old[len(old)-1] != '\n' && len(a) > 0 {
		a[len(a)-1] += "\n\\ No newline at end of file"
	}
	fmt.Fprintf(w, "--- %s.orig\n+++ %s\n", name, name)
	writeLineDiff(w, a, b, 3)
}
