package main

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"strings"

	"github.com/bataille/bataille/dsl"
	"github.com/bataille/bataille/games"
	"github.com/bataille/bataille/internal/visible"
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
		found, diags := rulesFiles(p)
		if diags.HasErrors() {
			// What cannot be formatted is named, and the rest goes on.
			diags.Print(stderr)
			code = exitFail
		}
		files = append(files, found...)
	}
	printOne := flags.NArg() == 1 && len(files) == 1 && !*write && !*diff && !isDir(flags.Arg(0))
	for _, f := range files {
		if f.disk != "" {
			// Read when its turn comes: one file in memory at a time.
			data, err := readScript(f.disk)
			if err != nil {
				fmt.Fprintf(stderr, "bataille fmt: %s: %v; skipped\n", f.name, readErrText(err))
				code = exitFail
				continue
			}
			f.src = data
		}
		out, ok := formatFile(f, stderr)
		if !ok {
			code = exitFail
			continue
		}
		switch {
		case printOne:
			// The file's text as it will be saved, byte for byte.
			_, _ = visible.Raw(stdout).Write(out)
			continue
		case bytes.Equal(out, f.src):
			continue
		}
		if *diff {
			writeFmtDiff(stdout, f.name, f.src, out)
			code = exitFail
		}
		if *write {
			if err := writeInPlace(f.disk, f.src, out); err != nil {
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

// rulesFiles lists the .rules file p, or those under the folder p, to be
// read one at a time. Each folder is listed by the checker's bounded
// lister (dsl.ListScripts): a folder past its bounds, or a file too large,
// is named in the diagnostics and left out, and the walk goes on.
func rulesFiles(p string) ([]fmtFile, dsl.Diagnostics) {
	fail := func(name, why string) dsl.Diagnostics {
		return dsl.Diagnostics{{Severity: dsl.Error, Code: "read", Pos: dsl.Pos{File: name}, Message: why}}
	}
	lst, err := os.Lstat(p)
	switch {
	case err != nil:
		return nil, fail(p, "cannot read: "+readErrText(err))
	case lst.Mode()&fs.ModeSymlink != 0:
		return nil, fail(p, "cannot read: a symbolic link; only regular files and folders are formatted")
	case !lst.IsDir():
		return []fmtFile{{name: p, disk: p}}, nil
	}
	var out []fmtFile
	var diags dsl.Diagnostics
	_ = filepath.WalkDir(p, func(q string, d fs.DirEntry, err error) error {
		if err != nil {
			diags = append(diags, fail(q, "cannot read: "+readErrText(err)+"; skipped")...)
			return nil
		}
		if !d.IsDir() {
			return nil
		}
		if n := d.Name(); q != p && (n == "testdata" || strings.HasPrefix(n, ".") || strings.HasPrefix(n, "_")) {
			return filepath.SkipDir
		}
		names, ds := dsl.ListScripts(os.DirFS(q), ".")
		for _, d := range ds {
			d.SetFile(filepath.Join(q, filepath.FromSlash(d.Pos.File)))
			diags = append(diags, d)
		}
		for _, n := range names {
			name := filepath.Join(q, filepath.FromSlash(n))
			out = append(out, fmtFile{name: name, disk: name})
		}
		return nil
	})
	return out, diags
}

// readErrText is an error of the file system without the path it repeats.
func readErrText(err error) string {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		return pe.Err.Error()
	}
	return err.Error()
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

// writeInPlace rewrites a file in place, as gofmt -w does, so that it stays
// the same file: its mode (setgid included), its owner, its hard links and
// any ACL stay as they were, and a file the user may not write (a read-only
// one) is refused rather than replaced. Replacing it by a renamed temporary
// file, as fmt did, dropped all of these. The file must still be the one
// read (same inode, same text); its old text is kept in a backup beside it
// until the new one is written, and left there, named, if that fails.
func writeInPlace(name string, old, data []byte) error {
	lst, err := os.Lstat(name)
	if err != nil {
		return err
	}
	if !lst.Mode().IsRegular() {
		return fmt.Errorf("%s: no longer a regular file; not rewritten", name)
	}
	f, err := os.OpenFile(name, os.O_RDWR, 0)
	if err != nil {
		return fmt.Errorf("%s: %s; not rewritten", name, readErrText(err))
	}
	defer f.Close()
	st, err := f.Stat()
	if err != nil {
		return err
	}
	if !os.SameFile(lst, st) {
		return fmt.Errorf("%s: changed while being opened; not rewritten", name)
	}
	now, err := dsl.ReadFileLimit(os.DirFS(filepath.Dir(name)), filepath.Base(name), int64(len(old))+1)
	if err != nil || !bytes.Equal(now, old) {
		return fmt.Errorf("%s: changed since it was read; not rewritten", name)
	}
	bak, err := os.CreateTemp(filepath.Dir(name), "."+filepath.Base(name)+".*.bak")
	if err != nil {
		return fmt.Errorf("%s: cannot write a backup beside it (%s); not rewritten", name, readErrText(err))
	}
	_, werr := bak.Write(old)
	if err := firstErr(werr, bak.Sync(), bak.Close()); err != nil {
		os.Remove(bak.Name())
		return fmt.Errorf("%s: cannot write a backup beside it (%s); not rewritten", name, readErrText(err))
	}
	_, werr = f.WriteAt(data, 0)
	if err := firstErr(werr, f.Truncate(int64(len(data))), f.Sync()); err != nil {
		return fmt.Errorf("%s: %s while rewriting it; its old text is in %s", name, readErrText(err), bak.Name())
	}
	return os.Remove(bak.Name())
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
