package visible

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"
)

func TestLine(t *testing.T) {
	for _, c := range []struct{ in, line, text string }{
		{"Carré → 3 § ✗ “x” …", "Carré → 3 § ✗ “x” …", "Carré → 3 § ✗ “x” …"},
		{"title\x1b]0;owned\x07", `title\x1b]0;owned\x07`, `title\x1b]0;owned\x07`},
		{"clip\x1b]52;c;ZXZpbA==\x1b\\", `clip\x1b]52;c;ZXZpbA==\x1b\`, `clip\x1b]52;c;ZXZpbA==\x1b\`},
		{"5\x1b[1A\x1b[2K50", `5\x1b[1A\x1b[2K50`, `5\x1b[1A\x1b[2K50`},
		{"p40\n# Approved", `p40\n# Approved`, "p40\n# Approved"},
		{"a\rb\tc", `a\rb\tc`, "a\\rb\tc"},
		{"abc\u202edcba", `abc\u202edcba`, `abc\u202edcba`},
		{"\u2066x\u2069\u200b\ufeff\u2028", `\u2066x\u2069\u200b\ufeff\u2028`, `\u2066x\u2069\u200b\ufeff\u2028`},
		{"c1\u009b31m del\x7f", `c1\u009b31m del\u007f`, `c1\u009b31m del\u007f`},
		{"bad \xff\xfe", `bad \xff\xfe`, `bad \xff\xfe`},
		{"tag \U000E0041", `tag \U000e0041`, `tag \U000e0041`},
	} {
		if got := Line(c.in); got != c.line {
			t.Errorf("Line(%q) = %q, want %q", c.in, got, c.line)
		}
		if got := Text(c.in); got != c.text {
			t.Errorf("Text(%q) = %q, want %q", c.in, got, c.text)
		}
		if Needs(c.in) != (c.line != c.in) {
			t.Errorf("Needs(%q) = %v", c.in, Needs(c.in))
		}
	}
}

// TestWriter: a character split over two writes is written whole; JSON
// passed through reads back the same.
func TestWriter(t *testing.T) {
	var b bytes.Buffer
	w := NewWriter(&b)
	s := "é\u202e\x1b→"
	for i := 0; i < len(s); i++ {
		if _, err := w.Write([]byte{s[i]}); err != nil {
			t.Fatal(err)
		}
	}
	if err := w.Flush(); err != nil {
		t.Fatal(err)
	}
	if got, want := b.String(), `é\u202e\x1b→`; got != want {
		t.Errorf("got %q, want %q", got, want)
	}
	b.Reset()
	in := map[string]string{"cite": "p40\u202e\x1b[2K\u0085\u2028 é"}
	if err := json.NewEncoder(w).Encode(in); err != nil {
		t.Fatal(err)
	}
	_ = w.Flush()
	if strings.ContainsRune(b.String(), '\u202e') {
		t.Errorf("a bidi override passed: %q", b.String())
	}
	var out map[string]string
	if err := json.Unmarshal(b.Bytes(), &out); err != nil || out["cite"] != in["cite"] {
		t.Errorf("JSON read back as %q (%v) from %s", out["cite"], err, b.String())
	}
	if Raw(w) != &b || Raw(&b) != &b {
		t.Error("Raw does not give the writer underneath")
	}
}
