// Package visible shows text from scripts safely where it is printed: on a
// terminal, a character that could act instead of showing (an escape
// sequence that sets the window title or the clipboard, moves the cursor or
// clears a line; a carriage return; a bidi override that reorders what
// follows; a newline that starts a line of its own) is written as an escape
// a reader sees, `\x1b`, `\r`, `\u202e`, `\n`. One function decides what is
// shown so, for every command; the rest of the text is left as it is.
//
// The escapes are also JSON's: U+202E written as `\u202e` inside a JSON
// string is the same string, and the C0 characters written as `\x1b` never
// occur raw in encoding/json's output. So a stream of JSON passed through a
// Writer reads back the same.
package visible

import (
	"fmt"
	"io"
	"strings"
	"unicode"
	"unicode/utf8"
)

// Line is s for one line of a terminal: every control character (newline
// and tab included), every invisible formatting character (bidi controls,
// zero-width characters, line and paragraph separators) and every byte that
// is not UTF-8 is written as an escape.
func Line(s string) string { return escape(s, false) }

// Text is s for a terminal, keeping its newlines and tabs: for text that is
// printed whole, lines and all.
func Text(s string) string { return escape(s, true) }

// Needs reports whether Line would change s.
func Needs(s string) bool {
	for i := 0; i < len(s); {
		r, n := utf8.DecodeRuneInString(s[i:])
		if r == utf8.RuneError && n == 1 || hidden(r, false) {
			return true
		}
		i += n
	}
	return false
}

func escape(s string, keepLines bool) string {
	clean := true
	for i := 0; i < len(s); {
		r, n := utf8.DecodeRuneInString(s[i:])
		if r == utf8.RuneError && n == 1 || hidden(r, keepLines) {
			clean = false
			break
		}
		i += n
	}
	if clean {
		return s
	}
	var b strings.Builder
	for i := 0; i < len(s); {
		r, n := utf8.DecodeRuneInString(s[i:])
		switch {
		case r == utf8.RuneError && n == 1:
			fmt.Fprintf(&b, `\x%02x`, s[i])
		case !hidden(r, keepLines):
			b.WriteString(s[i : i+n])
		case r == '\n':
			b.WriteString(`\n`)
		case r == '\r':
			b.WriteString(`\r`)
		case r == '\t':
			b.WriteString(`\t`)
		case r < 0x20:
			fmt.Fprintf(&b, `\x%02x`, r)
		case r <= 0xffff:
			fmt.Fprintf(&b, `\u%04x`, r)
		default:
			fmt.Fprintf(&b, `\U%08x`, r)
		}
		i += n
	}
	return b.String()
}

// hidden reports whether r would act on a terminal, or not show.
func hidden(r rune, keepLines bool) bool {
	switch {
	case r == '\n' || r == '\t':
		return !keepLines
	case r < 0x20 || r == 0x7f:
		return true
	case r < 0x80:
		return false
	case r < 0xa0: // C1 controls, of which 0x9b opens an escape sequence
		return true
	}
	// Cf: bidi embeddings, overrides and isolates, zero-width characters,
	// the byte order mark, soft hyphen; Zl, Zp: line and paragraph
	// separators; Co: private use, which a font may draw as anything.
	return unicode.In(r, unicode.Cf, unicode.Zl, unicode.Zp, unicode.Co)
}

// Writer escapes what is written to it as Text does, for a terminal. It
// holds back the bytes of a character split between two writes until the
// next write or Flush.
type Writer struct {
	w    io.Writer
	held []byte
}

// NewWriter returns a Writer on w.
func NewWriter(w io.Writer) *Writer { return &Writer{w: w} }

// Raw is the writer under w when w is a Writer, else w itself: for output
// that is not for a terminal (a file's text as fmt prints it, an SVG) or
// that escapes its script strings itself and adds colours of its own.
func Raw(w io.Writer) io.Writer {
	if v, ok := w.(*Writer); ok {
		_ = v.Flush()
		return v.w
	}
	return w
}

func (v *Writer) Write(p []byte) (int, error) {
	n := len(p)
	if len(v.held) > 0 {
		p = append(v.held, p...)
		v.held = nil
	}
	// Keep back an incomplete character at the end.
	cut := len(p)
	for k := 1; k <= utf8.UTFMax-1 && k <= len(p); k++ {
		if c := p[len(p)-k]; utf8.RuneStart(c) {
			if c >= 0x80 && !utf8.FullRune(p[len(p)-k:]) {
				cut = len(p) - k
			}
			break
		}
	}
	v.held = append(v.held[:0], p[cut:]...)
	if _, err := io.WriteString(v.w, Text(string(p[:cut]))); err != nil {
		return 0, err
	}
	return n, nil
}

// Flush writes what is held back (escaped: it was not a whole character).
func (v *Writer) Flush() error {
	if len(v.held) == 0 {
		return nil
	}
	s := Text(string(v.held))
	v.held = nil
	_, err := io.WriteString(v.w, s)
	return err
}
