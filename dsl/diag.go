package dsl

import (
	"fmt"
	"io"
	"sort"
	"strings"
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
	Message  string   `json:"message"`
	// Source is the line of text the diagnostic points into, or, for a
	// line longer than MaxSourceBytes, an excerpt of it around Pos marked
	// with "…" at each end it cuts; SourceCol is then the column of Pos in
	// the excerpt (zero when Source is the whole line).
	Source    string `json:"source,omitempty"`
	SourceCol int    `json:"sourceCol,omitempty"`
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

// diagAt builds a diagnostic at pos in a file whose text is src.
func diagAt(src string, pos Pos, sev Severity, code, format string, args ...any) Diagnostic {
	d := Diagnostic{Severity: sev, Code: code, Pos: pos, Message: fmt.Sprintf(format, args...)}
	d.Source, d.SourceCol = excerptAt(sourceLine(src, pos.Line), pos.Col)
	return d
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
