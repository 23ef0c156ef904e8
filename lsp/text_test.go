package lsp

import (
	"testing"
	"unicode/utf8"
)

func TestTextPositions(t *testing.T) {
	src := "ab\nCarré x\r\n🐎y\n"
	txt := newText(src)
	tests := []struct {
		off       int
		line, col int // protocol: from 0, UTF-16
		dLine     int // the language's: from 1, characters
		dCol      int
	}{
		{0, 0, 0, 1, 1},
		{2, 0, 2, 1, 3},
		{3, 1, 0, 2, 1},
		{3 + len("Carré"), 1, 5, 2, 6},
		{3 + len("Carré x"), 1, 7, 2, 8},
		{3 + len("Carré x\r\n"), 2, 0, 3, 1},
		{3 + len("Carré x\r\n🐎"), 2, 2, 3, 2},
		{len(src), 3, 0, 4, 1},
	}
	for _, tt := range tests {
		if got := txt.position(tt.off); got != (Position{tt.line, tt.col}) {
			t.Errorf("position(%d) = %+v, want %d:%d", tt.off, got, tt.line, tt.col)
		}
		if got := txt.offset(Position{tt.line, tt.col}); got != tt.off {
			t.Errorf("offset(%d:%d) = %d, want %d", tt.line, tt.col, got, tt.off)
		}
		if got := txt.at(tt.dLine, tt.dCol); got != tt.off {
			t.Errorf("at(%d:%d) = %d, want %d", tt.dLine, tt.dCol, got, tt.off)
		}
	}
	// Out of range positions are clamped to the line or the text.
	if got := txt.offset(Position{0, 99}); got != 2 {
		t.Errorf("past the end of a line: %d, want 2", got)
	}
	if got := txt.offset(Position{1, 99}); got != 3+len("Carré x") {
		t.Errorf("past the end of a CRLF line: %d", got)
	}
	if got := txt.offset(Position{99, 0}); got != len(src) {
		t.Errorf("past the last line: %d", got)
	}
	if got := txt.edit(&Range{Start: Position{1, 0}, End: Position{1, 5}}, "Ligne").src; got != "ab\nLigne x\r\n🐎y\n" {
		t.Errorf("edit: %q", got)
	}
}

// FuzzTextPositions: for any text, a position made from an offset at a
// character boundary leads back to that offset, and any position leads to
// an offset inside the text.
func FuzzTextPositions(f *testing.F) {
	f.Add("Carré\n🐎x\r\ny", 3, 1, 2)
	f.Add("", 0, 0, 0)
	f.Fuzz(func(t *testing.T, src string, off, line, col int) {
		txt := newText(src)
		if o := txt.offset(Position{line, col}); o < 0 || o > len(src) {
			t.Fatalf("offset %d outside the text", o)
		}
		if off < 0 || off > len(src) || !utf8.ValidString(src) {
			return
		}
		for off > 0 && off < len(src) && !utf8.RuneStart(src[off]) {
			off--
		}
		p := txt.position(off)
		back := txt.offset(p)
		// A CR before a LF is not on the line as the protocol counts it.
		if back != off && !(off < len(src) && src[off] == '\n' && off > 0 && src[off-1] == '\r') {
			t.Fatalf("offset %d → %+v → %d in %q", off, p, back, src)
		}
	})
}
