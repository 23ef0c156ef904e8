package lsp

import (
	"net/url"
	"path/filepath"
	"runtime"
	"strings"
	"unicode"
	"unicode/utf16"
	"unicode/utf8"
)

// text is a document's content indexed by line, to convert between the
// language's positions (lines from 1, columns counted in characters, byte
// offsets) and the protocol's (lines from 0, columns in UTF-16 code units):
// "Carré" is five of both, but a character outside the Basic Multilingual
// Plane is two UTF-16 units.
type text struct {
	src   string
	lines []int // byte offset where each line starts
}

func newText(src string) *text {
	t := &text{src: src, lines: []int{0}}
	for i := 0; i < len(src); i++ {
		if src[i] == '\n' {
			t.lines = append(t.lines, i+1)
		}
	}
	return t
}

// lineEnd is the offset of the end of line i (before its newline).
func (t *text) lineEnd(i int) int {
	if i+1 < len(t.lines) {
		end := t.lines[i+1] - 1
		if end > t.lines[i] && t.src[end-1] == '\r' {
			end--
		}
		return end
	}
	return len(t.src)
}

// offset converts a protocol position into a byte offset, clamped to the
// line and the text.
func (t *text) offset(p Position) int {
	if p.Line < 0 {
		return 0
	}
	if p.Line >= len(t.lines) {
		return len(t.src)
	}
	off, end := t.lines[p.Line], t.lineEnd(p.Line)
	for units := 0; off < end && units < p.Character; {
		r, size := utf8.DecodeRuneInString(t.src[off:end])
		units += utf16Len(r)
		off += size
	}
	return off
}

// position converts a byte offset into a protocol position.
func (t *text) position(off int) Position {
	off = max(0, min(off, len(t.src)))
	line := 0
	lo, hi := 0, len(t.lines)-1
	for lo <= hi {
		mid := (lo + hi) / 2
		if t.lines[mid] <= off {
			line, lo = mid, mid+1
		} else {
			hi = mid - 1
		}
	}
	units := 0
	for _, r := range t.src[t.lines[line]:off] {
		units += utf16Len(r)
	}
	return Position{Line: line, Character: units}
}

// at converts the language's line (from 1) and column (characters, from 1)
// into a byte offset.
func (t *text) at(line, col int) int {
	if line < 1 {
		return 0
	}
	if line > len(t.lines) {
		return len(t.src)
	}
	off, end := t.lines[line-1], t.lineEnd(line-1)
	for c := 1; c < col && off < end; c++ {
		_, size := utf8.DecodeRuneInString(t.src[off:end])
		off += size
	}
	return off
}

func (t *text) rangeOf(from, to int) Range {
	return Range{Start: t.position(from), End: t.position(to)}
}

func utf16Len(r rune) int {
	if n := utf16.RuneLen(r); n > 0 {
		return n
	}
	return 1
}

// edit applies a change to the text: the whole text when r is nil.
func (t *text) edit(r *Range, with string) *text {
	if r == nil {
		return newText(with)
	}
	from, to := t.offset(r.Start), t.offset(r.End)
	if to < from {
		from, to = to, from
	}
	return newText(t.src[:from] + with + t.src[to:])
}

// wordAt returns the identifier (letters, digits, underscores) around an
// offset.
func wordAt(src string, off int) (from, to int) {
	from, to = off, off
	for from > 0 {
		r, size := utf8.DecodeLastRuneInString(src[:from])
		if !isWordRune(r) {
			break
		}
		from -= size
	}
	for to < len(src) {
		r, size := utf8.DecodeRuneInString(src[to:])
		if !isWordRune(r) {
			break
		}
		to += size
	}
	return from, to
}

func isWordRune(r rune) bool {
	return r == '_' || r >= '0' && r <= '9' || r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r > 127 && r != utf8.RuneError && (isLetter(r))
}

// uriToPath turns a file: URI into a path of this system.
func uriToPath(uri string) (string, bool) {
	u, err := url.Parse(uri)
	if err != nil || u.Scheme != "file" {
		return "", false
	}
	p := u.Path
	if runtime.GOOS == "windows" {
		p = strings.TrimPrefix(p, "/")
	}
	return filepath.FromSlash(p), true
}

// pathToURI turns an absolute path into a file: URI.
func pathToURI(p string) string {
	p = filepath.ToSlash(p)
	if !strings.HasPrefix(p, "/") {
		p = "/" + p
	}
	return (&url.URL{Scheme: "file", Path: p}).String()
}

func isLetter(r rune) bool { return unicode.IsLetter(r) || unicode.IsDigit(r) }
