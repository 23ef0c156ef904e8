package dsl

import (
	"crypto/sha256"
	"encoding/binary"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"sync"
	"unsafe"

	"github.com/alecthomas/participle/v2/lexer"
)

// A parsed file can be kept as bytes (EncodeTree) and read back
// (DecodeTree) far faster than participle parses its text: a program
// carries the trees of the base modules it embeds, made when they were
// last changed, and a cold load of a battle then parses only the battle.
// The bytes hold a key made of the file's name and text and of the shape
// of the tree's Go types: a tree is read back only for the very text it
// was parsed from, by the very grammar, so a changed base module, or a
// changed grammar, is parsed again.

const treeMagic = "bataille tree 1\n"

// treeKey is the key of a file's tree: its name and text, and the shape of
// the AST's types.
func treeKey(filename, src string) [sha256.Size]byte {
	h := sha256.New()
	h.Write([]byte(treeShape()))
	fmt.Fprintf(h, "\x00%s\x00%d\x00", filename, len(src))
	h.Write([]byte(src))
	var k [sha256.Size]byte
	h.Sum(k[:0])
	return k
}

// treeShape describes the AST's types, field by field, and the grammar:
// bytes written for one shape are never read as another.
var treeShape = sync.OnceValue(func() string {
	var b strings.Builder
	b.WriteString(parser.String())
	seen := map[reflect.Type]bool{}
	var describe func(t reflect.Type)
	describe = func(t reflect.Type) {
		if seen[t] {
			return
		}
		seen[t] = true
		fmt.Fprintf(&b, "\n%s %s:", t, t.Kind())
		switch t.Kind() {
		case reflect.Pointer, reflect.Slice:
			describe(t.Elem())
		case reflect.Struct:
			for i := range t.NumField() {
				f := t.Field(i)
				fmt.Fprintf(&b, " %s %s;", f.Name, f.Type)
			}
			for i := range t.NumField() {
				describe(t.Field(i).Type)
			}
		}
	}
	describe(reflect.TypeFor[File]())
	return b.String()
})

// EncodeTree returns f, parsed from its Src, as bytes DecodeTree reads.
func EncodeTree(f *File) ([]byte, error) {
	if f == nil {
		return nil, errors.New("no tree")
	}
	e := &treeEncoder{index: map[string]uint64{}}
	tree := *f
	tree.Src = ""
	if err := e.value(reflect.ValueOf(&tree).Elem()); err != nil {
		return nil, err
	}
	var body []byte
	body = binary.AppendUvarint(body, uint64(len(e.strs)))
	for _, s := range e.strs {
		body = binary.AppendUvarint(body, uint64(len(s)))
		body = append(body, s...)
	}
	body = append(body, e.buf...)
	k, sum := treeKey(f.Pos.Filename, f.Src), sha256.Sum256(body)
	out := append([]byte(treeMagic), k[:]...)
	out = append(out, sum[:]...)
	return append(out, body...), nil
}

type treeEncoder struct {
	buf   []byte
	strs  []string
	index map[string]uint64
}

func (e *treeEncoder) value(v reflect.Value) error {
	switch v.Kind() {
	case reflect.Pointer:
		if v.IsNil() {
			e.buf = append(e.buf, 0)
			return nil
		}
		e.buf = append(e.buf, 1)
		return e.value(v.Elem())
	case reflect.Slice:
		if v.IsNil() {
			e.buf = binary.AppendUvarint(e.buf, 0)
			return nil
		}
		e.buf = binary.AppendUvarint(e.buf, uint64(v.Len())+1)
		for i := range v.Len() {
			if err := e.value(v.Index(i)); err != nil {
				return err
			}
		}
	case reflect.Struct:
		for i := range v.NumField() {
			if err := e.value(v.Field(i)); err != nil {
				return err
			}
		}
	case reflect.String:
		s := v.String()
		i, ok := e.index[s]
		if !ok {
			i = uint64(len(e.strs))
			e.index[s] = i
			e.strs = append(e.strs, s)
		}
		e.buf = binary.AppendUvarint(e.buf, i)
	case reflect.Int:
		e.buf = binary.AppendVarint(e.buf, v.Int())
	case reflect.Bool:
		b := byte(0)
		if v.Bool() {
			b = 1
		}
		e.buf = append(e.buf, b)
	default:
		return fmt.Errorf("a tree holds no %s (%s)", v.Kind(), v.Type())
	}
	return nil
}

// DecodeTree reads the tree of the file named filename with text src from
// bytes EncodeTree wrote. It reports false, and returns nil, unless the
// bytes were written for this name and text by this grammar, hold the
// checksum of what they hold, and are read whole; it never panics,
// whatever the bytes.
func DecodeTree(data []byte, filename, src string) (*File, bool) {
	if !strings.HasPrefix(string(data[:min(len(data), len(treeMagic))]), treeMagic) {
		return nil, false
	}
	data = data[len(treeMagic):]
	k := treeKey(filename, src)
	if len(data) < 2*len(k) || string(data[:len(k)]) != string(k[:]) {
		return nil, false
	}
	if sum := sha256.Sum256(data[2*len(k):]); string(data[len(k):2*len(k)]) != string(sum[:]) {
		return nil, false
	}
	decode, nodeTypes := decodeFile()
	d := &treeDecoder{data: data[2*len(k):], maxDepth: 4*Limits.Depth + 64, blocks: make([]nodeBlock, nodeTypes)}
	// The strings are cut from one copy of the bytes.
	all := string(d.data)
	n, ok := d.uvarint()
	if !ok || n > uint64(len(d.data)) {
		return nil, false
	}
	d.strs = make([]string, n)
	for i := range d.strs {
		l, ok := d.uvarint()
		if !ok || l > uint64(len(d.data)) {
			return nil, false
		}
		at := len(all) - len(d.data)
		d.strs[i] = all[at : at+int(l)]
		d.data = d.data[l:]
	}
	f := &File{}
	if !decode(d, unsafe.Pointer(f), 0) || len(d.data) != 0 {
		return nil, false
	}
	f.Src = src
	return f, true
}

type treeDecoder struct {
	data     []byte
	strs     []string
	maxDepth int
	blocks   []nodeBlock // by nodeAlloc.id
}

// decodeFile is the decoder of a File, and how many types of node it
// allocates.
var decodeFile = sync.OnceValues(func() (decodeFn, int) {
	fn := decoderFor(reflect.TypeFor[File]())
	decodersMu.Lock()
	defer decodersMu.Unlock()
	return fn, len(allocs)
})

// position and tokens read what value would, without reflection: every
// node has a position, and expressions are kept as tokens.
func (d *treeDecoder) position(p *lexer.Position) bool {
	var ok bool
	if p.Filename, ok = d.string(); !ok {
		return false
	}
	for _, n := range []*int{&p.Offset, &p.Line, &p.Column} {
		if *n, ok = d.int(); !ok {
			return false
		}
	}
	return true
}

func (d *treeDecoder) tokens(v *[]lexer.Token) bool {
	n, ok := d.uvarint()
	if !ok || n > uint64(len(d.data))+1 {
		return false
	}
	if n == 0 {
		return true
	}
	toks := make([]lexer.Token, n-1)
	for i := range toks {
		t := &toks[i]
		typ, ok := d.int()
		if !ok {
			return false
		}
		t.Type = lexer.TokenType(typ)
		if t.Value, ok = d.string(); !ok || !d.position(&t.Pos) {
			return false
		}
	}
	*v = toks
	return true
}

func (d *treeDecoder) string() (string, bool) {
	i, ok := d.uvarint()
	if !ok || i >= uint64(len(d.strs)) {
		return "", false
	}
	return d.strs[i], true
}

func (d *treeDecoder) int() (int, bool) {
	n, k := binary.Varint(d.data)
	if k <= 0 {
		return 0, false
	}
	d.data = d.data[k:]
	return int(n), true
}

func (d *treeDecoder) uvarint() (uint64, bool) {
	n, k := binary.Uvarint(d.data)
	if k <= 0 {
		return 0, false
	}
	d.data = d.data[k:]
	return n, true
}

// A tree is read by decoders made once per AST type (decoderFor): each
// writes what it reads straight into the node's memory, at its fields'
// offsets, instead of going through reflect.Value for every field, and
// the nodes of one type are cut from blocks allocated a few dozen at a
// time (the tree's nodes live and die together, with the module).

// decodeFn reads one value of its type into the memory at p. depth bounds
// the nesting, as Limits.Depth bounds the parser's.
type decodeFn func(d *treeDecoder, p unsafe.Pointer, depth int) bool

// typeDecoder is a type's decoder; fn is set once the type's decoder is
// made, so that a recursive type refers to its own.
type typeDecoder struct{ fn decodeFn }

var (
	decodersMu sync.Mutex
	decoders   = map[reflect.Type]*typeDecoder{}
)

// decoderFor returns the decoder of values of type t.
func decoderFor(t reflect.Type) decodeFn {
	decodersMu.Lock()
	defer decodersMu.Unlock()
	td := buildDecoder(t)
	return func(d *treeDecoder, p unsafe.Pointer, depth int) bool { return td.fn(d, p, depth) }
}

// buildDecoder makes t's decoder and those of the types it holds, with
// decodersMu held.
func buildDecoder(t reflect.Type) *typeDecoder {
	if td, ok := decoders[t]; ok {
		return td
	}
	td := &typeDecoder{}
	decoders[t] = td
	switch {
	case t == tokensType:
		td.fn = func(d *treeDecoder, p unsafe.Pointer, depth int) bool {
			return depth <= d.maxDepth && d.tokens((*[]lexer.Token)(p))
		}
	case t == positionType:
		td.fn = func(d *treeDecoder, p unsafe.Pointer, depth int) bool {
			return depth <= d.maxDepth && d.position((*lexer.Position)(p))
		}
	case t.Kind() == reflect.Pointer:
		elem := buildDecoder(t.Elem())
		a := newAlloc(t.Elem())
		td.fn = func(d *treeDecoder, p unsafe.Pointer, depth int) bool {
			if depth > d.maxDepth || len(d.data) == 0 || d.data[0] > 1 {
				return false
			}
			present := d.data[0] == 1
			d.data = d.data[1:]
			if !present {
				return true
			}
			n := d.alloc(a)
			if !elem.fn(d, n, depth+1) {
				return false
			}
			*(*unsafe.Pointer)(p) = n
			return true
		}
	case t.Kind() == reflect.Slice:
		elem := buildDecoder(t.Elem())
		size := t.Elem().Size()
		td.fn = func(d *treeDecoder, p unsafe.Pointer, depth int) bool {
			if depth > d.maxDepth {
				return false
			}
			n, ok := d.uvarint()
			if !ok || n > uint64(len(d.data))+1 {
				// Every element takes a byte at least.
				return false
			}
			if n == 0 {
				return true
			}
			s := reflect.MakeSlice(t, int(n-1), int(n-1))
			base := s.UnsafePointer()
			for i := range uintptr(n - 1) {
				if !elem.fn(d, unsafe.Add(base, i*size), depth+1) {
					return false
				}
			}
			reflect.NewAt(t, p).Elem().Set(s)
			return true
		}
	case t.Kind() == reflect.Struct:
		type field struct {
			off uintptr
			td  *typeDecoder
		}
		fields := make([]field, t.NumField())
		for i := range fields {
			f := t.Field(i)
			fields[i] = field{f.Offset, buildDecoder(f.Type)}
		}
		td.fn = func(d *treeDecoder, p unsafe.Pointer, depth int) bool {
			if depth > d.maxDepth {
				return false
			}
			for _, f := range fields {
				if !f.td.fn(d, unsafe.Add(p, f.off), depth+1) {
					return false
				}
			}
			return true
		}
	case t.Kind() == reflect.String:
		td.fn = func(d *treeDecoder, p unsafe.Pointer, depth int) bool {
			s, ok := d.string()
			if !ok || depth > d.maxDepth {
				return false
			}
			*(*string)(p) = s
			return true
		}
	case t.Kind() == reflect.Int:
		td.fn = func(d *treeDecoder, p unsafe.Pointer, depth int) bool {
			n, ok := d.int()
			if !ok || depth > d.maxDepth {
				return false
			}
			*(*int)(p) = n
			return true
		}
	case t.Kind() == reflect.Bool:
		td.fn = func(d *treeDecoder, p unsafe.Pointer, depth int) bool {
			if depth > d.maxDepth || len(d.data) == 0 || d.data[0] > 1 {
				return false
			}
			*(*bool)(p) = d.data[0] == 1
			d.data = d.data[1:]
			return true
		}
	default:
		// EncodeTree writes no such value: no bytes hold one.
		td.fn = func(*treeDecoder, unsafe.Pointer, int) bool { return false }
	}
	return td
}

// nodeAlloc hands out zeroed nodes of one type, cut from blocks.
type nodeAlloc struct {
	slice reflect.Type // a slice of the nodes: its backing array is a block
	size  uintptr
	id    int // the index of its block in treeDecoder.blocks
}

// allocs are the node types a tree holds, with decodersMu held.
var allocs []*nodeAlloc

// newAlloc returns the allocator of nodes of type t, with decodersMu held.
func newAlloc(t reflect.Type) *nodeAlloc {
	a := &nodeAlloc{slice: reflect.SliceOf(t), size: t.Size(), id: len(allocs)}
	allocs = append(allocs, a)
	return a
}

// maxBlock is how many nodes of a type one allocation makes at most: a
// decoder's blocks of a type double from one, so a type a tree holds few
// of costs little room.
const maxBlock = 64

// nodeBlock is what is left of the block a decoder cuts a type's nodes
// from.
type nodeBlock struct {
	next unsafe.Pointer
	left int
	size int // the nodes of the last block made
}

// alloc returns a new zeroed node of a's type.
func (d *treeDecoder) alloc(a *nodeAlloc) unsafe.Pointer {
	b := &d.blocks[a.id]
	if b.left == 0 {
		b.size = min(max(2*b.size, 1), maxBlock)
		b.next, b.left = reflect.MakeSlice(a.slice, b.size, b.size).UnsafePointer(), b.size
	}
	n := b.next
	b.left--
	if b.left > 0 {
		b.next = unsafe.Add(n, a.size)
	}
	return n
}

// TreeFS is a file system that carries the trees of some of its files
// (EncodeTree): ParseFS reads a file's tree from it, where it has one made
// from the file's text, instead of parsing the text.
type TreeFS interface {
	fs.FS
	// Tree returns the bytes EncodeTree wrote for the file, or nil.
	Tree(name string) []byte
}

// WithTrees returns fsys carrying the trees in trees: the tree of the file
// a/b.rules is trees' a/b.rules.tree.
func WithTrees(fsys, trees fs.FS) TreeFS { return treeFS{fsys, trees} }

type treeFS struct {
	fs.FS
	trees fs.FS
}

func (t treeFS) Tree(name string) []byte {
	b, err := fs.ReadFile(t.trees, name+".tree")
	if err != nil {
		return nil
	}
	return b
}

// WriteTrees writes into dir the tree of each of the named files of fsys,
// at its name plus ".tree" (WithTrees), for the files that parse.
func WriteTrees(fsys fs.FS, names []string, dir string) error {
	for _, name := range names {
		src, err := ReadFile(fsys, name)
		if err != nil {
			return err
		}
		f, diags := Parse(name, src)
		if diags.HasErrors() {
			continue
		}
		data, err := EncodeTree(f)
		if err != nil {
			return err
		}
		out := filepath.Join(dir, filepath.FromSlash(name)+".tree")
		if err := os.MkdirAll(filepath.Dir(out), 0o755); err != nil {
			return err
		}
		if err := os.WriteFile(out, data, 0o644); err != nil {
			return err
		}
	}
	return nil
}

// StaleTrees lists the named files of fsys whose tree is missing or was
// made from another text or grammar (WriteTrees makes them again), and
// fails where a tree that is read differs from the file's parse.
func StaleTrees(fsys TreeFS, names []string) ([]string, error) {
	var stale []string
	for _, name := range names {
		src, err := ReadFile(fsys, name)
		if err != nil {
			return nil, err
		}
		want, diags := Parse(name, src)
		got, ok := DecodeTree(fsys.Tree(name), name, string(src))
		switch {
		case !ok && diags.HasErrors():
		case !ok:
			stale = append(stale, name)
		case !reflect.DeepEqual(got, want):
			return nil, fmt.Errorf("%s: the tree carried differs from the parse", name)
		}
	}
	return stale, nil
}
