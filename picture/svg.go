package picture

import (
	"fmt"
	"html"
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
