package picture

import (
	"fmt"
	"html"
	"io"
	"math"
	"strconv"
	"strings"
)

// Size is the size of a drawn hex, centre to corner, in SVG units.
const Size = 32.0

// num writes a coordinate with at most two decimals and never "-0", so that
// the same picture is the same text on every machine.
func num(f float64) string {
	f = math.Round(f*100) / 100
	if f == 0 {
		f = 0
	}
	return strconv.FormatFloat(f, 'f', -1, 64)
}

// esc escapes text for SVG and HTML alike.
func esc(s string) string { return html.EscapeString(s) }

// builder collects markup.
type builder struct{ strings.Builder }

func (b *builder) f(format string, args ...any) { fmt.Fprintf(b, format, args...) }

// pageStart begins a self-contained HTML page: its title and the head's
// other lines (a style sheet), up to the opening of its body.
func (b *builder) pageStart(title string, head ...string) {
	b.WriteString("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n")
	b.f("<title>%s</title>\n", esc(title))
	for _, h := range head {
		b.WriteString(h)
	}
	b.WriteString("</head>\n<body>\n")
}

// pageEnd closes the page begun with pageStart and writes it to w.
func (b *builder) pageEnd(w io.Writer) error {
	b.WriteString("</body>\n</html>\n")
	_, err := io.WriteString(w, b.String())
	return err
}

// pictureBody is the body's style on the pages that show one picture.
const pictureBody = `body{margin:16px;font-family:"DejaVu Sans",Arial,sans-serif;background:#fbf8ef;color:#222}`

// points formats a list of x,y pairs for a polygon or polyline.
func points(xy ...float64) string {
	var sb strings.Builder
	for i := 0; i+1 < len(xy); i += 2 {
		if i > 0 {
			sb.WriteByte(' ')
		}
		sb.WriteString(num(xy[i]))
		sb.WriteByte(',')
		sb.WriteString(num(xy[i+1]))
	}
	return sb.String()
}

// palette gives sides and series their colours, in order of appearance.
var palette = []string{"#2f5597", "#b22222", "#2e7d32", "#7b3fa0", "#c77c00", "#4a4a4a", "#00838f", "#8d6e63"}

func colour(i int) string { return palette[i%len(palette)] }
