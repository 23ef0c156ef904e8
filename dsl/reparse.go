package dsl

import (
	"io/fs"
	"reflect"
	"sync"

	"github.com/alecthomas/participle/v2/lexer"
)

// Reparser parses files that change a little at a time, as an editor's
// buffer does at each keystroke: it cuts a file before each of its
// declarations (pieces) and parses again only the pieces whose text it
// has not parsed in the file's version before; the others are taken from
// that version, moved to where they now stand. participle's parse is most
// of what a keystroke costs, and a keystroke changes one piece.
//
// The tree is the one Parse gives: a piece's tree depends only on its text
// and where it starts (a piece starts a line, outside strings, comments and
// brackets), and the pieces of a file parse to the whole file's tree
// (TestPiecesParseAsTheWhole, FuzzParsePieces); where a piece does not
// parse, the whole file is parsed, for Parse's error. The zero value is
// ready; a Reparser may be used by one goroutine at a time.
type Reparser struct {
	mu sync.Mutex
	// files holds, by file name, the pieces of the version parsed last.
	files map[string]map[string]parsedPiece
	// parsed counts the pieces the last Parse gave participle, for tests.
	parsed int
}

// parsedPiece is a piece's declarations and where the piece started when
// they were parsed.
type parsedPiece struct {
	decls     []*Decl
	off, line int
}

// Parse is dsl.Parse, reusing what the version of the file parsed before
// holds.
func (r *Reparser) Parse(filename string, src []byte) (*File, Diagnostics) {
	r.mu.Lock()
	defer r.mu.Unlock()
	text := string(src)
	if d, ok := scanLimits(filename, text); !ok {
		return nil, Diagnostics{d}
	}
	before := r.files[filename]
	f, now, parsed := reparsePieces(filename, text, before)
	r.parsed = parsed
	if f == nil {
		var err error
		if f, err = parser.ParseString(filename, text); err != nil {
			return nil, Diagnostics{syntaxDiag(filename, text, err)}
		}
	}
	f.Src = text
	if _, over := countEntries(f, Limits.Entries); over != nil {
		return nil, Diagnostics{diagAt(text, position(*over), Error, "too-many", "more than %d entries (declarations, clauses, rows, properties, scenario lines) in one file", Limits.Entries)}
	}
	if now != nil {
		if r.files == nil {
			r.files = map[string]map[string]parsedPiece{}
		}
		r.files[filename] = now
	}
	return f, nil
}

// ParseFS is dsl.ParseFS through r.
func (r *Reparser) ParseFS(fsys fs.FS, dir string) ([]*File, Diagnostics) {
	return parseFS(fsys, dir, r.Parse)
}

// reparsePieces parses text piece by piece, as parsePieces does, taking
// the pieces before holds. It returns nil when a piece does not parse (or
// a header stands after the first piece), the pieces it now holds, and how
// many it parsed.
func reparsePieces(filename, text string, before map[string]parsedPiece) (_ *File, _ map[string]parsedPiece, parsed int) {
	starts := pieces(text, 1)
	now := make(map[string]parsedPiece, len(starts))
	var f *File
	for i, p := range starts {
		end := len(text)
		if i+1 < len(starts) {
			end = starts[i+1].off
		}
		body := text[p.off:end]
		var part *File
		if old, ok := before[body]; ok && p.off > 0 {
			part = &File{Decls: shiftDecls(old.decls, p.off-old.off, p.line-old.line)}
			if len(part.Decls) > 0 {
				// As participle sets it: the first token's position.
				part.Pos = part.Decls[0].Pos
			}
		} else {
			parsed++
			sc := &scanner{src: text[:end], pos: lexer.Position{Filename: filename, Offset: p.off, Line: p.line, Column: 1}, forParser: true}
			peek, err := lexer.Upgrade(sc)
			if err != nil {
				return nil, nil, parsed
			}
			if part, err = parser.ParseFromLexer(peek); err != nil {
				return nil, nil, parsed
			}
		}
		if i > 0 && part.Header != nil {
			return nil, nil, parsed
		}
		if p.off > 0 {
			now[body] = parsedPiece{decls: part.Decls, off: p.off, line: p.line}
		}
		switch {
		case f == nil || f.Header == nil && len(f.Decls) == 0:
			// As in parsePieces: the file's position is its first
			// token's.
			f = part
		default:
			f.Decls = append(f.Decls, part.Decls...)
		}
	}
	return f, now, parsed
}

// shiftDecls returns decls moved by off bytes and lines lines: copies of
// every node that holds a position, the strings shared. A piece starts a
// line, so its columns do not move.
func shiftDecls(decls []*Decl, off, lines int) []*Decl {
	if off == 0 && lines == 0 {
		return decls
	}
	out := make([]*Decl, len(decls))
	s := shifter{off: off, lines: lines}
	for i, d := range decls {
		out[i] = s.copy(reflect.ValueOf(d)).Interface().(*Decl)
	}
	return out
}

type shifter struct{ off, lines int }

var (
	positionType = reflect.TypeFor[lexer.Position]()
	tokensType   = reflect.TypeFor[[]lexer.Token]()
)

// copy returns a copy of the tree v (a pointer, a slice or a struct) with
// its positions moved. Strings, and pointers to them, are shared: nothing
// changes them.
func (s shifter) copy(v reflect.Value) reflect.Value {
	switch v.Kind() {
	case reflect.Pointer:
		if v.IsNil() || v.Elem().Kind() != reflect.Struct {
			return v
		}
		n := reflect.New(v.Type().Elem())
		n.Elem().Set(v.Elem())
		s.fields(n.Elem())
		return n
	case reflect.Slice:
		if v.IsNil() {
			return v
		}
		if v.Type() == tokensType {
			toks := append([]lexer.Token(nil), v.Interface().([]lexer.Token)...)
			for i := range toks {
				s.move(&toks[i].Pos)
			}
			return reflect.ValueOf(toks)
		}
		switch v.Type().Elem().Kind() {
		case reflect.Pointer, reflect.Struct:
		default:
			return v
		}
		n := reflect.MakeSlice(v.Type(), v.Len(), v.Len())
		for i := range v.Len() {
			n.Index(i).Set(s.copy(v.Index(i)))
		}
		return n
	case reflect.Struct:
		n := reflect.New(v.Type()).Elem()
		n.Set(v)
		s.fields(n)
		return n
	}
	return v
}

// fields moves the positions of the struct v, which is settable, and
// copies the nodes it points to.
func (s shifter) fields(v reflect.Value) {
	for i := range v.NumField() {
		f := v.Field(i)
		switch {
		case f.Type() == positionType:
			s.move(f.Addr().Interface().(*lexer.Position))
		case f.Kind() == reflect.Pointer, f.Kind() == reflect.Slice, f.Kind() == reflect.Struct:
			f.Set(s.copy(f))
		}
	}
}

func (s shifter) move(p *lexer.Position) {
	p.Offset += s.off
	p.Line += s.lines
}
