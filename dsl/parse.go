package dsl

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path"
	"slices"
	"sort"
	"strings"
	"unicode/utf8"

	"github.com/alecthomas/participle/v2"
	"github.com/alecthomas/participle/v2/lexer"
)

var parser = participle.MustBuild[File](
	participle.Lexer(parseLexer{}),
	participle.Elide("Comment", "Whitespace"),
	participle.UseLookahead(3),
)

// eager is the grammar with a lookahead of one token, read only to place
// a syntax error: parser backtracks out of an item that fails within three
// tokens (a table row missing its `=>`) and reports the end of the list
// instead ("expected }" at the row's start); eager holds to the item it
// began and fails where the item goes wrong. Its error is taken when it
// lies further in than parser's: before that it may only have failed to
// backtrack out of something valid.
var eager = participle.MustBuild[File](
	participle.Lexer(parseLexer{}),
	participle.Elide("Comment", "Whitespace"),
	participle.UseLookahead(1),
)

// Grammar is the grammar of the language in EBNF, as participle reads it
// from the AST's struct tags (docs/grammar.md is made from it).
func Grammar() string { return parser.String() }

// Ext is the extension of rule files.
const Ext = ".rules"

// Parse parses one source file. On a syntax error it returns nil and one
// positioned diagnostic; it never panics, whatever the bytes.
func Parse(filename string, src []byte) (*File, Diagnostics) {
	text := string(src)
	if d, ok := scanLimits(filename, text); !ok {
		return nil, Diagnostics{d}
	}
	f, err := parseText(filename, text)
	if err != nil {
		return nil, Diagnostics{syntaxDiag(filename, text, err)}
	}
	f.Src = text
	if _, over := countEntries(f, Limits.Entries); over != nil {
		return nil, Diagnostics{diagAt(text, position(*over), Error, "too-many", "more than %d entries (declarations, clauses, rows, properties, scenario lines) in one file", Limits.Entries)}
	}
	return f, nil
}

// chunkBytes is about how much of a long file participle is given at a
// time (parseText); a shorter file is parsed whole.
const chunkBytes = 16 << 10

// declWords are the words a top-level declaration starts with.
var declWords = map[string]bool{
	"override": true, "placeholder": true, "param": true, "table": true, "check": true, "modifier": true,
	"chart": true, "rule": true, "remove": true, "sequence": true, "scenario": true, KindInvariant: true, KindTest: true,
	KindTerrain: true, KindFormation: true, KindArm: true, KindState: true, KindNationality: true,
	KindClass: true, KindHexside: true, KindAttribute: true, KindArmy: true,
}

// parseText parses a long file a few declarations at a time. participle
// keeps the tokens it reads in one slice that grows as it lexes, copied
// whole at every growth: for a file of 5000 lines that was a fifth of
// parsing and checking it, and the part that grew faster than the file.
// Each piece starts on a line whose first word begins a declaration,
// outside brackets, strings and comments; no declaration can take such a
// word as its next token, so the declarations are those of the whole file,
// and so are their positions, counted from the file's start (a test and a
// fuzz target hold the two to the same tree). Where a piece does not parse
// (or the guess of where a declaration starts was wrong), the whole file is
// parsed, for the same result and the same error as ever.
func parseText(filename, text string) (*File, error) {
	if starts := pieces(text, chunkBytes); len(starts) > 1 {
		if f, ok := parsePieces(filename, text, starts); ok {
			return f, nil
		}
	}
	return parser.ParseString(filename, text)
}

// piece is where a piece of a file starts: the first byte of a line.
type piece struct{ off, line int }

// pieces cuts a file into pieces of at least size bytes (the last aside),
// each starting on a line that starts a declaration outside strings,
// comments and brackets (textScan).
func pieces(src string, size int) []piece {
	out := []piece{{0, 1}}
	if len(src) < 2*size {
		return out
	}
	sc, line := newTextScan(src), 1
	for i := 0; i < len(src); i++ {
		if src[i] == '\n' {
			line++
			sc.newline()
			if sc.depth == 0 && !sc.inBlock && i+1-out[len(out)-1].off >= size && len(src)-(i+1) >= size/2 && startsDecl(src[i+1:]) {
				out = append(out, piece{i + 1, line})
			}
			continue
		}
		i, _ = sc.step(i)
	}
	return out
}

// textScan follows strings, comments and brackets through a file a byte
// at a time, for the two readers that look at a file before participle
// does: scanLimits, which holds it to the limits, and pieces, which cuts
// it where a declaration may start.
type textScan struct {
	src string
	// lastClose is where the file's last "*/" is: a "/*" opens a comment
	// only when a "*/" follows it somewhere.
	lastClose                    int
	depth                        int
	inString, inComment, inBlock bool
}

func newTextScan(src string) textScan {
	return textScan{src: src, lastClose: strings.LastIndex(src, "*/")}
}

// newline ends strings and line comments, which end with the line; block
// comments do not.
func (s *textScan) newline() { s.inString, s.inComment = false, false }

// step reads the byte at i, which is not a newline. It returns where it
// stopped (a two-byte mark is read whole) and whether it opened a bracket.
// A stray closing bracket never lowers the depth below zero, so it cannot
// hide the openings after it.
func (s *textScan) step(i int) (int, bool) {
	src, c := s.src, s.src[i]
	switch {
	case s.inBlock:
		if c == '*' && i+1 < len(src) && src[i+1] == '/' {
			s.inBlock = false
			i++
		}
	case s.inComment:
	case s.inString:
		if c == '\\' && i+1 < len(src) && src[i+1] != '\n' {
			i++
		} else if c == '"' {
			s.inString = false
		}
	case c == '"':
		s.inString = true
	case c == '/' && i+1 < len(src) && src[i+1] == '/':
		s.inComment = true
	case c == '/' && i+1 < len(src) && src[i+1] == '*' && s.lastClose >= i+2:
		s.inBlock = true
		i++
	case c == '(' || c == '[' || c == '{':
		s.depth++
		return i, true
	case c == ')' || c == ']' || c == '}':
		s.depth = max(s.depth-1, 0)
	}
	return i, false
}

// startsDecl reports whether a line's first word starts a declaration.
func startsDecl(line string) bool {
	line = strings.TrimLeft(line, " \t\r")
	n := identLen(line)
	return n > 0 && declWords[line[:n]]
}

// parsePieces parses each piece on its own, with positions counted from the
// file's start, and joins their declarations. It reports false when a piece
// does not parse, or holds a header after the first.
func parsePieces(filename, text string, starts []piece) (*File, bool) {
	var f *File
	for i, p := range starts {
		end := len(text)
		if i+1 < len(starts) {
			end = starts[i+1].off
		}
		// The piece's lexer reads the file up to the piece's end, from
		// the piece's start.
		sc := &scanner{src: text[:end], pos: lexer.Position{Filename: filename, Offset: p.off, Line: p.line, Column: 1}, forParser: true}
		peek, err := lexer.Upgrade(sc)
		if err != nil {
			return nil, false
		}
		part, err := parser.ParseFromLexer(peek)
		if err != nil || i > 0 && part.Header != nil {
			return nil, false
		}
		switch {
		case f == nil || f.Header == nil && len(f.Decls) == 0:
			// The file starts with the first piece that holds
			// anything but spaces and comments: its position is the
			// file's first token's.
			f = part
		default:
			f.Decls = append(f.Decls, part.Decls...)
		}
	}
	return f, true
}

// countEntries counts the entries of a file: declarations, rule clauses and
// effect calls, table columns and rows, properties and scenario lines. The
// checker's work grows with their number, some of it with its square, so
// it is bounded. It stops at the first entry past limit and returns where
// that entry is.
func countEntries(f *File, limit int) (int, *lexer.Position) {
	n := 0
	var over *lexer.Position
	add := func(p lexer.Position, k int) {
		n += k
		if n > limit && over == nil {
			over = &p
		}
	}
	for _, d := range f.Decls {
		if over != nil {
			break
		}
		add(d.Pos, 1)
		if k := d.kindOf(); k != nil && k.entries != nil {
			k.entries(d, add)
		}
	}
	return n, over
}

// checkEntries bounds the entries of a whole module, which may span many
// files each within the limit.
func checkEntries(files []*File) Diagnostics {
	left := Limits.Entries
	for _, f := range files {
		n, over := countEntries(f, left)
		if over != nil {
			return Diagnostics{diagAt(f.Src, position(*over), Error, "too-many", "more than %d entries (declarations, clauses, rows, properties, scenario lines) in one module", Limits.Entries)}
		}
		left -= n
	}
	return nil
}

func syntaxDiag(filename, src string, err error) Diagnostic {
	pos := Pos{File: filename, Line: 1, Col: 1}
	msg := err.Error()
	var perr participle.Error
	var hint suggestion
	if errors.As(err, &perr) {
		// A misspelt word that starts a line is said at that word; else
		// the eager parse may place the error further in.
		if hint = misspeltLineWord(src, perr); hint.want == "" {
			var deeper participle.Error
			if _, e := eager.ParseString(filename, src); errors.As(e, &deeper) && deeper.Position().Offset > perr.Position().Offset {
				perr, hint = deeper, misspeltLineWord(src, deeper)
			}
		}
		p := perr.Position()
		pos = Pos{File: filename, Line: p.Line, Col: p.Column, Offset: p.Offset}
		msg = perr.Message()
	}
	if pos.Line < 1 {
		pos.Line, pos.Col = 1, 1
	}
	// The hint, an argument, also makes the fix that changes the word.
	return diagAt(src, pos, Error, "syntax", "%s%s", strings.TrimSuffix(msg, "."), hint)
}

// misspeltLineWord is a did-you-mean for an error at a word that starts
// its line and is none of the language's: most often one of them
// misspelt, a clause, a declaration or a scenario line.
func misspeltLineWord(src string, err error) suggestion {
	var u *participle.UnexpectedTokenError
	if !errors.As(err, &u) || u.Unexpected.Type != tokIdent || !startsLine(src, u.Unexpected.Pos.Offset) {
		return suggestion{}
	}
	if _, known := slices.BinarySearch(lineWords, u.Unexpected.Value); known {
		return suggestion{} // the word is right; what follows it is not
	}
	return didYouMean(u.Unexpected.Value, lineWords)
}

// lineWords are the words a line of a module may start with.
var lineWords = func() []string {
	words := append([]string{}, keywords...)
	for w := range declWords {
		words = append(words, w)
	}
	words = append(words, scenarioWords...)
	// A test's own lines, and those inside a check, a sequence, a table,
	// and the header's.
	words = append(words, "dice", "exact", "pass", "phase", "column", "cell", "objective", "module", "game")
	slices.Sort(words)
	return slices.Compact(words)
}()

// startsLine reports whether only spaces come before offset on its line.
func startsLine(src string, offset int) bool {
	if offset < 0 || offset > len(src) {
		return false
	}
	start := strings.LastIndexByte(src[:offset], '\n') + 1
	return strings.TrimSpace(src[start:offset]) == ""
}

// Limits bound what the parser and checker will take, so that no input can
// exhaust the stack, the memory or the time of the program reading it:
// participle has no recursion cap of its own, and expr counts no brackets.
var Limits = struct {
	FileBytes  int // largest file
	LineBytes  int // longest line
	Depth      int // deepest nesting of brackets and braces
	ExprTokens int // longest expression (checked in Check)
	Entries    int // declarations, clauses, rows, scenario lines and properties in one file, and in one module (checked in Check)
	Errors     int // errors a check reports before it gives up
	Cost       int // estimated cost of running one rule, choosing one table's column or one check's threshold (cost.go)
	Extends    int // modules in an `extends` chain, the module itself included
	ChainBytes int // bytes of all the files of a module and the modules it extends, and of one folder's .rules files
	Files      int // .rules files in one folder
}{FileBytes: 1 << 20, LineBytes: 4096, Depth: 64, ExprTokens: 512, Entries: 8192, Errors: 100, Cost: 1_000_000,
	Extends: 8, ChainBytes: 2 << 20, Files: 256}

// scanLimits rejects, before parsing, input that would be too big or too
// deep to parse safely. It reads brackets the way the lexer does: those in
// strings and comments do not count, and a "/*" with no "*/" after it is
// no comment. A stray closing bracket never lowers the depth below zero, so
// it cannot hide the openings after it.
func scanLimits(filename, src string) (Diagnostic, bool) {
	at := func(off int, code, format string, args ...any) (Diagnostic, bool) {
		line := 1 + strings.Count(src[:off], "\n")
		start := strings.LastIndexByte(src[:off], '\n') + 1
		col := 1 + utf8.RuneCountInString(src[start:off])
		return diagAt(src, Pos{File: filename, Line: line, Col: col, Offset: off}, Error, code, format, args...), false
	}
	if len(src) > Limits.FileBytes {
		return at(Limits.FileBytes, "too-large", "file is larger than %d bytes", Limits.FileBytes)
	}
	if !utf8.ValidString(src) {
		for i := 0; i < len(src); {
			r, size := utf8.DecodeRuneInString(src[i:])
			if r == utf8.RuneError && size == 1 {
				return at(i, "bad-encoding", "file is not valid UTF-8")
			}
			i += size
		}
	}
	sc, lineStart := newTextScan(src), 0
	for i := 0; i < len(src); i++ {
		if src[i] == '\n' {
			if i-lineStart > Limits.LineBytes {
				return at(lineStart+Limits.LineBytes, "line-too-long", "line is longer than %d bytes", Limits.LineBytes)
			}
			lineStart = i + 1
			sc.newline()
			continue
		}
		var opened bool
		if i, opened = sc.step(i); opened && sc.depth > Limits.Depth {
			return at(i, "too-deep", "brackets nest deeper than %d", Limits.Depth)
		}
	}
	if len(src)-lineStart > Limits.LineBytes {
		return at(lineStart+Limits.LineBytes, "line-too-long", "line is longer than %d bytes", Limits.LineBytes)
	}
	return Diagnostic{}, true
}

// ParseFS parses every .rules file of a folder in fsys (or the one file dir
// names), in name order, listed by ListScripts: the folder is bounded
// before any file is read. The bytes read are counted as they are read,
// for a file that grows after it was listed, and past Limits.Errors errors
// (parse errors included) it stops reading.
func ParseFS(fsys fs.FS, dir string) ([]*File, Diagnostics) {
	return parseFS(fsys, dir, Parse)
}

// parseFS is ParseFS with the parse of each file given (Reparser.ParseFS).
func parseFS(fsys fs.FS, dir string, parse func(string, []byte) (*File, Diagnostics)) ([]*File, Diagnostics) {
	at := func(name, code, format string, args ...any) Diagnostics {
		return Diagnostics{{Severity: Error, Code: code, Pos: Pos{File: name, Line: 1, Col: 1}, Message: fmt.Sprintf(format, args...)}}
	}
	names, diags := ListScripts(fsys, dir)
	var files []*File
	read, errs := 0, len(diags)
	for i, name := range names {
		if errs >= Limits.Errors {
			diags = append(diags, at(name, "too-many-errors", "too many errors (%d); %d more files are not read", errs, len(names)-i)...)
			break
		}
		src, err := readLimited(fsys, name)
		if err != nil {
			diags = append(diags, at(name, "read", "%s", readErr(err))...)
			errs++
			continue
		}
		if read += len(src); read > Limits.ChainBytes {
			diags = append(diags, at(name, "too-large", "the folder's %s files are more than %d bytes together (dsl.Limits.ChainBytes)", Ext, Limits.ChainBytes)...)
			break
		}
		if tf, ok := fsys.(TreeFS); ok {
			if f, ok := DecodeTree(tf.Tree(name), name, string(src)); ok {
				files = append(files, f)
				continue
			}
		}
		f, ds := parse(name, src)
		diags = append(diags, ds...)
		for _, d := range ds {
			if d.Severity == Error {
				errs++
			}
		}
		if f != nil {
			files = append(files, f)
		}
	}
	if len(names) == 0 && len(diags) == 0 {
		diags = append(diags, at(dir, "read", "no %s files here", Ext)...)
	}
	return files, diags
}

// ListScripts lists the .rules files of a folder in fsys (or the one file
// dir names), in name order, bounded before any is read: at most
// Limits.Files of them, of at most Limits.ChainBytes together as the folder
// lists them (a module's files count toward its chain anyway), and a file
// listed past Limits.FileBytes is left out with a diagnostic of its own (a
// 4 GB sparse file takes no room on disk). A folder past a bound gives no
// names and one diagnostic, at the folder. Links and other files that are
// not regular are listed: ReadFile refuses them, by name.
func ListScripts(fsys fs.FS, dir string) ([]string, Diagnostics) {
	at := func(name, code, format string, args ...any) Diagnostics {
		return Diagnostics{{Severity: Error, Code: code, Pos: Pos{File: name, Line: 1, Col: 1}, Message: fmt.Sprintf(format, args...)}}
	}
	if isLink(fsys, dir) {
		return nil, at(dir, "read", "cannot read: a symbolic link; only regular files and folders are read")
	}
	if st, err := fs.Lstat(fsys, dir); err == nil && !st.IsDir() {
		if st.Mode().IsRegular() && st.Size() > int64(Limits.FileBytes) {
			return nil, at(dir, "too-large", "file is %d bytes, larger than %d; not read (dsl.Limits.FileBytes)", st.Size(), Limits.FileBytes)
		}
		return []string{dir}, nil
	}
	entries, err := fs.ReadDir(fsys, dir)
	if err != nil {
		return nil, at(dir, "read", "%s", readErr(err))
	}
	var names []string
	var tooBig Diagnostics
	var listed int64
	for _, e := range entries {
		if e.IsDir() || !strings.HasSuffix(e.Name(), Ext) {
			continue
		}
		name := path.Join(dir, e.Name())
		if info, err := e.Info(); err == nil && info.Mode().IsRegular() {
			if info.Size() > int64(Limits.FileBytes) {
				tooBig = append(tooBig, at(name, "too-large", "file is %d bytes, larger than %d; not read (dsl.Limits.FileBytes)", info.Size(), Limits.FileBytes)...)
				continue
			}
			listed += info.Size()
		}
		names = append(names, name)
	}
	if n := len(names) + len(tooBig); n > Limits.Files {
		return nil, at(dir, "too-many", "the folder holds %d %s files; at most %d are read (dsl.Limits.Files)", n, Ext, Limits.Files)
	}
	if listed > int64(Limits.ChainBytes) {
		return nil, at(dir, "too-large", "the folder's %s files are %d bytes together; at most %d are read (dsl.Limits.ChainBytes)", Ext, listed, Limits.ChainBytes)
	}
	sort.Strings(names)
	return names, tooBig
}

// readLimited reads a rule file through ReadFile.
func readLimited(fsys fs.FS, name string) ([]byte, error) { return ReadFile(fsys, name) }

// ReadFile is the one way the commands read a script: a regular file, never
// a symbolic link (a link in a battle folder could show any file of the
// machine as a diagnostic's source line), a pipe or a device (which might
// never end, or never answer), and no more than one byte past
// Limits.FileBytes of it, for Parse to report as too large: a huge file is
// never loaded whole. The file opened is compared with the one looked at,
// so a link put in its place between the two is refused too.
func ReadFile(fsys fs.FS, name string) ([]byte, error) {
	return ReadFileLimit(fsys, name, int64(Limits.FileBytes)+1)
}

// ReadFileLimit is ReadFile with its own bound: it reads at most limit bytes.
func ReadFileLimit(fsys fs.FS, name string, limit int64) ([]byte, error) {
	lst, err := fs.Lstat(fsys, name)
	if err != nil {
		return nil, err
	}
	if lst.Mode()&fs.ModeSymlink != 0 {
		return nil, &fs.PathError{Op: "read", Path: name, Err: errors.New("a symbolic link; only regular files are read")}
	}
	if !lst.Mode().IsRegular() {
		return nil, &fs.PathError{Op: "read", Path: name, Err: errors.New("not a regular file")}
	}
	f, err := fsys.Open(name)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	st, err := f.Stat()
	if err != nil {
		return nil, err
	}
	if !st.Mode().IsRegular() || (lst.Sys() != nil && st.Sys() != nil && !os.SameFile(lst, st)) {
		return nil, &fs.PathError{Op: "read", Path: name, Err: errors.New("changed while being opened")}
	}
	// Read into a buffer of the file's size, and a byte more to see its
	// end, rather than one io.ReadAll grows from 512 bytes by copies.
	size := limit
	if n := st.Size(); n >= 0 && n < limit {
		size = n + 1
	}
	return readAll(io.LimitReader(f, limit), size)
}

// readAll is io.ReadAll starting with room for size bytes.
func readAll(r io.Reader, size int64) ([]byte, error) {
	b := make([]byte, 0, size)
	for {
		n, err := r.Read(b[len(b):cap(b)])
		b = b[:len(b)+n]
		if err != nil {
			if err == io.EOF {
				err = nil
			}
			return b, err
		}
		if len(b) == cap(b) {
			b = append(b, 0)[:len(b)]
		}
	}
}

// isLink reports whether name is a symbolic link in fsys.
func isLink(fsys fs.FS, name string) bool {
	st, err := fs.Lstat(fsys, name)
	return err == nil && st.Mode()&fs.ModeSymlink != 0
}

func readErr(err error) string {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		return fmt.Sprintf("cannot read: %v", pe.Err)
	}
	return err.Error()
}

// position converts a participle position into ours.
func position(p lexer.Position) Pos {
	return Pos{File: p.Filename, Line: p.Line, Col: p.Column, Offset: p.Offset}
}

// Text returns the source text of an expression exactly as written.
func (e *Expr) Text(src string) string {
	if e == nil || len(e.Tokens) == 0 {
		return ""
	}
	first, last := e.Tokens[0], e.Tokens[len(e.Tokens)-1]
	end := last.Pos.Offset + tokenLen(src, last)
	if first.Pos.Offset < 0 || end > len(src) || first.Pos.Offset > end {
		return ""
	}
	return src[first.Pos.Offset:end]
}

// tokenLen is the length in the source of a token, whose Value may have been
// unquoted.
func tokenLen(src string, t lexer.Token) int {
	off := t.Pos.Offset
	if off >= len(src) || src[off] != '"' {
		return len(t.Value)
	}
	for i := off + 1; i < len(src); i++ {
		switch src[i] {
		case '\\':
			i++
		case '"':
			return i + 1 - off
		}
	}
	return len(src) - off
}
