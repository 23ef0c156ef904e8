package dsl

import (
	"fmt"
	"io"
	"sort"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/bataille/bataille/internal/visible"
)

// Pos is a place in a source file; Line and Col are 1-based, Col counts
// characters (the language has "Carré").
type Pos struct {
	File   string `json:"file"`
	Line   int    `json:"line"`
	Col    int    `json:"col"`
	Offset int    `json:"-"`
}

// String writes `file:line:col`, or the file alone for a diagnostic about
// a whole file or path (Line 0): no made-up position.
func (p Pos) String() string {
	if p.Line == 0 {
		return p.File
	}
	return fmt.Sprintf("%s:%d:%d", p.File, p.Line, p.Col)
}

// Severity says whether a diagnostic stops the module from loading.
type Severity string

const (
	Error   Severity = "error"
	Warning Severity = "warning"
)

// Diagnostic is one problem found in a module. Code is stable ("table-gap",
// "unknown-name") so tools and tests can match on it.
type Diagnostic struct {
	Severity Severity `json:"severity"`
	Code     string   `json:"code"`
	Pos      Pos      `json:"pos"`
	// End is where the span the diagnostic is about ends: just after the
	// token at Pos, or after the misspelt name its fix replaces. It is zero
	// for a diagnostic about a whole file or path.
	End     Pos    `json:"end,omitzero"`
	Message string `json:"message"`
	// Source is the line of text the diagnostic points into, or, for a
	// line longer than MaxSourceBytes, an excerpt of it around Pos marked
	// with "…" at each end it cuts; SourceCol is then the column of Pos in
	// the excerpt (zero when Source is the whole line).
	Source    string `json:"source,omitempty"`
	SourceCol int    `json:"sourceCol,omitempty"`
	// Fixes are edits that would resolve it, for an editor to offer: a
	// misspelt name replaced by the one meant, `override` inserted.
	Fixes []Fix `json:"fixes,omitempty"`
}

// Fix is one edit that resolves a diagnostic: the text of Range replaced
// by NewText (inserted, when the range is empty).
type Fix struct {
	Title   string `json:"title"`
	Range   Span   `json:"range"`
	NewText string `json:"newText"`
}

// Span is the text from Start up to End, in one file.
type Span struct {
	Start Pos `json:"start"`
	End   Pos `json:"end"`
}

// SetFile names the file the diagnostic is in, in its position, its end
// and its fixes alike (a tool that shows paths as the user gave them).
func (d *Diagnostic) SetFile(file string) {
	d.Pos.File = file
	if d.End != (Pos{}) {
		d.End.File = file
	}
	for i := range d.Fixes {
		d.Fixes[i].Range.Start.File, d.Fixes[i].Range.End.File = file, file
	}
}

// MaxSourceBytes is the longest source line a diagnostic quotes whole: a
// file of 1 MiB lines once printed each line in full with its error.
const MaxSourceBytes = 200

func (d Diagnostic) String() string {
	return fmt.Sprintf("%s: %s: %s [%s]", d.Pos, d.Severity, d.Message, d.Code)
}

// Diagnostics is a plain slice, never an error itself: an empty one returned
// as error would not be nil. Use Err.
type Diagnostics []Diagnostic

// HasErrors reports whether any diagnostic is an error.
func (ds Diagnostics) HasErrors() bool {
	for _, d := range ds {
		if d.Severity == Error {
			return true
		}
	}
	return false
}

// Err returns nil when there is no error, or an error listing them all.
func (ds Diagnostics) Err() error {
	if !ds.HasErrors() {
		return nil
	}
	return &DiagError{Diags: ds}
}

// DiagError carries the diagnostics of a failed parse or check.
type DiagError struct{ Diags Diagnostics }

func (e *DiagError) Error() string {
	var b strings.Builder
	n := 0
	for _, d := range e.Diags {
		if d.Severity != Error {
			continue
		}
		if n > 0 {
			b.WriteString("\n")
		}
		b.WriteString(d.String())
		n++
	}
	return b.String()
}

// Sort orders diagnostics by file, line and column, for stable output.
func (ds Diagnostics) Sort() {
	sort.SliceStable(ds, func(i, j int) bool {
		a, b := ds[i].Pos, ds[j].Pos
		if a.File != b.File {
			return a.File < b.File
		}
		if a.Line != b.Line {
			return a.Line < b.Line
		}
		return a.Col < b.Col
	})
}

// Print writes each diagnostic as `file:line:col: error: message [code]`,
// then the source line and a caret under the column.
func (ds Diagnostics) Print(w io.Writer) {
	for _, d := range ds {
		// A message quotes names and strings of the script, and the
		// source line is the script's: both are shown, not acted on.
		fmt.Fprintln(w, visible.Line(d.String()))
		if d.Source == "" {
			continue
		}
		line := strings.ReplaceAll(d.Source, "\t", " ")
		col := d.Pos.Col - 1
		if d.SourceCol > 0 {
			col = d.SourceCol - 1
		}
		// The caret stands under the same character once the line is
		// escaped: count what the part before it takes.
		at := 0
		for ; col > 0 && at < len(line); col-- {
			_, n := utf8.DecodeRuneInString(line[at:])
			at += n
		}
		before := utf8.RuneCountInString(visible.Line(line[:at]))
		fmt.Fprintf(w, "    %s\n", visible.Line(line))
		fmt.Fprintf(w, "    %s^\n", strings.Repeat(" ", before))
	}
}

// sourceLine returns line n (1-based) of src, without its newline.
func sourceLine(src string, n int) string {
	for i := 1; i < n; i++ {
		j := strings.IndexByte(src, '\n')
		if j < 0 {
			return ""
		}
		src = src[j+1:]
	}
	if j := strings.IndexByte(src, '\n'); j >= 0 {
		src = src[:j]
	}
	return strings.TrimRight(src, "\r")
}

// diagAt builds a diagnostic at pos in a file whose text is src: its span
// is the token at pos, and a did-you-mean among the arguments (a
// suggestion) gives it the fix that replaces the name where it is written,
// at or a little after pos (an override's name after its keyword, a word
// inside its quotes), else earlier on pos's line.
func diagAt(src string, pos Pos, sev Severity, code, format string, args ...any) Diagnostic {
	d := Diagnostic{Severity: sev, Code: code, Pos: pos, Message: fmt.Sprintf(format, args...)}
	d.Source, d.SourceCol = excerptAt(sourceLine(src, pos.Line), pos.Col)
	if pos.Line <= 0 {
		return d
	}
	off, ok := offsetAt(src, pos.Line, pos.Col)
	if !ok {
		return d
	}
	end := tokenEnd(src, off)
	for _, a := range args {
		s, isHint := a.(suggestion)
		if !isHint || s.want == "" {
			continue
		}
		from, fromPos := off, pos
		at := FindWord(src, s.wrong, off, maxFixReach)
		if at < 0 {
			// A name written before the position it is reported at, on
			// its line (a scenario's terrain word, reported at its first
			// hex).
			from = strings.LastIndexByte(src[:off], '\n') + 1
			fromPos = Pos{File: pos.File, Line: pos.Line, Col: 1, Offset: from}
			at = FindWord(src, s.wrong, from, off-from)
		}
		if at >= 0 {
			to := at + len(s.wrong)
			d.Fixes = append(d.Fixes, Fix{Title: fmt.Sprintf("Change %q to %q", s.wrong, s.want),
				Range: Span{posAt(src, fromPos, from, at), posAt(src, fromPos, from, to)}, NewText: s.want})
			end = max(end, to)
		}
	}
	d.End = posAt(src, pos, off, end)
	return d
}

// maxFixReach is how far after a diagnostic's position the name it is
// about is looked for.
const maxFixReach = 400

// offsetAt is the byte offset of line and col (1-based, col in
// characters) in src; false when src has no such place.
func offsetAt(src string, line, col int) (int, bool) {
	off := 0
	for l := 1; l < line; l++ {
		i := strings.IndexByte(src[off:], '\n')
		if i < 0 {
			return 0, false
		}
		off += i + 1
	}
	for c := 1; c < col; c++ {
		if off >= len(src) || src[off] == '\n' {
			return 0, false
		}
		_, n := utf8.DecodeRuneInString(src[off:])
		off += n
	}
	return off, true
}

// posAt is the position of byte offset to, counted on from p at offset
// from (to >= from).
func posAt(src string, p Pos, from, to int) Pos {
	p.Offset = to
	for _, r := range src[from:to] {
		if r == '\n' {
			p.Line++
			p.Col = 1
		} else {
			p.Col++
		}
	}
	return p
}

// tokenEnd is the end of the token at off: a word (dotted names whole), a
// quoted string, or else the rest of the line; one character at least.
func tokenEnd(src string, off int) int {
	if off >= len(src) {
		return len(src)
	}
	if end := wordEnd(src, off); end > off {
		for end < len(src)-1 && src[end] == '.' && wordEnd(src, end+1) > end+1 {
			end = wordEnd(src, end+1)
		}
		return end
	}
	if src[off] == '"' {
		for i := off + 1; i < len(src) && src[i] != '\n'; i++ {
			switch src[i] {
			case '\\':
				i++
			case '"':
				return i + 1
			}
		}
	}
	end := off
	for end < len(src) && src[end] != '\n' && src[end] != '\r' {
		end++
	}
	if end == off {
		_, n := utf8.DecodeRuneInString(src[off:])
		end = off + n
	}
	return end
}

// wordEnd is the end of the word that starts at off (off itself when none
// does).
func wordEnd(src string, off int) int {
	end := off
	for end < len(src) {
		r, n := utf8.DecodeRuneInString(src[end:])
		if !isWordRune(r) {
			break
		}
		end += n
	}
	return end
}

func isWordRune(r rune) bool {
	return r == '_' || unicode.IsLetter(r) || unicode.IsDigit(r)
}

// FindWord finds name as a whole word (not inside a longer name of
// letters, digits and underscores) at or after byte offset off, within
// limit bytes: the offset, or -1 when it is not there. The language server
// finds a declaration's name in its source with it, as the fixes here do.
func FindWord(src, name string, off, limit int) int {
	if name == "" {
		return -1
	}
	end := min(len(src), off+limit)
	for i := off; i < end; {
		j := strings.Index(src[i:end], name)
		if j < 0 {
			return -1
		}
		at := i + j
		before, _ := utf8.DecodeLastRuneInString(src[:at])
		after, _ := utf8.DecodeRuneInString(src[at+len(name):])
		if (at == 0 || !isWordRune(before)) && (at+len(name) >= len(src) || !isWordRune(after)) {
			return at
		}
		i = at + 1
	}
	return -1
}

// excerptAt cuts a line longer than MaxSourceBytes to at most that many
// bytes of it around column col (1-based, in characters), and says where
// col falls in the excerpt; a shorter line is returned whole, with 0.
func excerptAt(line string, col int) (string, int) {
	if len(line) <= MaxSourceBytes {
		return line, 0
	}
	runes := []rune(line)
	c := min(max(col-1, 0), len(runes))
	// Start a third of the way back, then take what fits.
	start := max(c-MaxSourceBytes/3, 0)
	for start > 0 && len(string(runes[start:c])) > MaxSourceBytes/3 {
		start++
	}
	end, size := start, 0
	for end < len(runes) {
		n := utf8.RuneLen(runes[end])
		if n < 0 {
			n = 3
		}
		if size+n > MaxSourceBytes {
			break
		}
		size += n
		end++
	}
	out, at := string(runes[start:end]), c-start+1
	if start > 0 {
		out, at = "…"+out, at+1
	}
	if end < len(runes) {
		out += "…"
	}
	return out, at
}
