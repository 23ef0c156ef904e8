package lsp

import (
	"bytes"
	"io"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"sort"
	"time"

	"github.com/alecthomas/participle/v2/lexer"
	"github.com/bataille/bataille"
	"github.com/bataille/bataille/dsl"
	"github.com/bataille/bataille/stdlib"
)

// overlay is the file system the checker reads: the disk under root, with
// the text of open documents in place of what is saved. It records the
// names opened, to tell which modules `extends` found on disk and which
// among the embedded ones.
type overlay struct {
	root   string
	disk   fs.FS
	docs   map[string]string // slash name under root → text
	opened map[string]bool
}

func newOverlay(root string, docs map[string]*document) *overlay {
	o := &overlay{root: root, disk: os.DirFS(root), docs: map[string]string{}, opened: map[string]bool{}}
	for p, d := range docs {
		if rel, err := filepath.Rel(root, p); err == nil && filepath.IsLocal(rel) {
			o.docs[filepath.ToSlash(rel)] = d.text.src
		}
	}
	return o
}

func (o *overlay) Open(name string) (fs.File, error) {
	o.opened[name] = true
	if src, ok := o.docs[name]; ok {
		return &memFile{Reader: bytes.NewReader([]byte(src)), name: path.Base(name), size: int64(len(src))}, nil
	}
	return o.disk.Open(name)
}

// Lstat and ReadLink make the overlay an fs.ReadLinkFS, so that the
// checker's reader sees a link on disk as a link and refuses it (and a pipe
// or a device as what it is) before opening anything: without them fs.Lstat
// falls back to Open and Stat, which follow the link and wait on a FIFO.
func (o *overlay) Lstat(name string) (fs.FileInfo, error) {
	if src, ok := o.docs[name]; ok {
		return &memFile{name: path.Base(name), size: int64(len(src))}, nil
	}
	return fs.Lstat(o.disk, name)
}

func (o *overlay) ReadLink(name string) (string, error) {
	if _, ok := o.docs[name]; ok {
		return "", &fs.PathError{Op: "readlink", Path: name, Err: fs.ErrInvalid}
	}
	return fs.ReadLink(o.disk, name)
}

var _ fs.ReadLinkFS = (*overlay)(nil)

// memFile is an open document read as a file.
type memFile struct {
	*bytes.Reader
	name string
	size int64
}

func (f *memFile) Stat() (fs.FileInfo, error) { return f, nil }
func (f *memFile) Close() error               { return nil }
func (f *memFile) Name() string               { return f.name }
func (f *memFile) Size() int64                { return f.size }
func (f *memFile) Mode() fs.FileMode          { return 0o444 }
func (f *memFile) ModTime() time.Time         { return time.Time{} }
func (f *memFile) IsDir() bool                { return false }
func (f *memFile) Sys() any                   { return nil }

var _ io.Reader = (*memFile)(nil)

// srcFile is one file of a module or of a module it extends.
type srcFile struct {
	name   string // as the checker names it
	path   string // on disk; "" for a file embedded in the binary
	module string // the module's id
	depth  int    // 0: the module checked; 1: the module it extends; …
	ast    *dsl.File
	text   *text
	toks   []lexer.Token
	// stale marks a file kept from an earlier analysis because its new
	// text does not parse: its declarations still answer lookups.
	stale bool
	occs  []occ // classified tokens, made on first use
}

// analysis is a module checked as it stands in the editor: its files and
// those of the modules it extends, the checker's diagnostics, the checked
// module when it checks, and the declarations by name.
type analysis struct {
	key    string // the folder (or single file) checked
	files  []*srcFile
	byName map[string]*srcFile
	mod    *dsl.Module
	diags  dsl.Diagnostics
	// decls lists each declaration's versions, base first, by "kind name".
	decls map[string][]*declRef
	// order is the declarations in the order of the files, for symbols.
	order []*declRef
	// infos are what the check found the names of expressions to refer
	// to: this check's, then each shared base's own.
	infos []*dsl.Info
	// lexedBefore is what the analysis of the same folder before this one
	// lexed, and lexedNow what this one did (analysis.lexed).
	lexedBefore, lexedNow map[fileText]lexedFile
}

// analyseFor checks the module the file at p belongs to: its folder,
// unless several files there have a header (a folder of separate
// examples), when the file is checked alone.
func (s *Server) analyseFor(p string) *analysis {
	a := s.analyse(filepath.Dir(p))
	for _, d := range a.diags {
		if d.Code == "duplicate-header" {
			a = s.analyse(p)
			break
		}
	}
	a.borrow(s.good[a.key])
	s.keyOf[p] = a.key
	return a
}

// analyse checks the folder or file key with the open documents' text.
func (s *Server) analyse(key string) *analysis {
	root := filepath.Dir(key)
	name := filepath.Base(key)
	ov := newOverlay(root, s.docs)
	rp := s.reparse[key]
	if rp == nil {
		rp = &dsl.Reparser{}
		if s.reparse == nil {
			s.reparse = map[string]*dsl.Reparser{}
		}
		s.reparse[key] = rp
	}
	files, diags := rp.ParseFS(ov, name)
	a := &analysis{key: key, byName: map[string]*srcFile{}, decls: map[string][]*declRef{}}
	if prev := s.results[key]; prev != nil {
		a.lexedBefore = prev.lexedNow
	}
	for _, f := range files {
		a.add(f, filepath.Join(root, filepath.FromSlash(f.Pos.Filename)), "", 0)
	}
	// A file that does not parse (or is too big, or not text) still gets
	// its tokens, for highlighting, and its diagnostic.
	for _, d := range diags {
		if _, ok := a.byName[d.Pos.File]; !ok {
			// The checker's bounded reader: this once read a link to
			// /dev/zero or a 4 GB file whole, and waited on a FIFO.
			if src, err := dsl.ReadFile(ov, d.Pos.File); err == nil {
				a.addText(d.Pos.File, filepath.Join(root, filepath.FromSlash(d.Pos.File)), string(src))
			}
		}
	}
	type loaded struct {
		files []*dsl.File
		local bool
	}
	var loads []loaded
	loader := bataille.Loader{Local: ov, Dir: name}
	load := func(id string) ([]*dsl.File, dsl.Diagnostics) {
		clear(ov.opened)
		fs, ds := loader.Load(id)
		local := false
		for _, f := range fs {
			local = local || ov.opened[f.Pos.Filename]
		}
		loads = append(loads, loaded{fs, local})
		return fs, ds
	}
	// The base modules of stdlib are checked once per process and shared;
	// their files are still offered, for hover and definitions in them.
	checked := func(id string, env *dsl.Env) *dsl.Module {
		m := loader.Checked(id, env)
		for b := m; b != nil; b = b.Base {
			loads = append(loads, loaded{b.Files, false})
			a.infos = append(a.infos, b.Info)
		}
		return m
	}
	// What the last check of the folder that checked compiled serves this
	// one where an expression means the same: a keystroke changes few.
	var prev *dsl.Module
	if g := s.good[key]; g != nil {
		prev = g.mod
	}
	info := &dsl.Info{}
	a.infos = append(a.infos, info)
	mod, more := dsl.CheckInfo(files, stdlib.Env(), load, checked, prev, info)
	if !diags.HasErrors() {
		diags = append(diags, more...)
	}
	if diags.HasErrors() {
		mod = nil
	}
	a.mod, a.diags = mod, diags
	for i, l := range loads {
		for _, f := range l.files {
			disk := ""
			if l.local {
				disk = filepath.Join(root, filepath.FromSlash(f.Pos.Filename))
			}
			a.add(f, disk, "", i+1)
		}
	}
	a.index()
	return a
}

func (a *analysis) add(f *dsl.File, disk, module string, depth int) {
	if _, dup := a.byName[f.Pos.Filename]; dup {
		return
	}
	l := a.lexed(f.Pos.Filename, f.Src)
	sf := &srcFile{name: f.Pos.Filename, path: disk, depth: depth, ast: f, text: l.text, toks: l.toks}
	a.files = append(a.files, sf)
	a.byName[sf.name] = sf
}

func (a *analysis) addText(name, disk, src string) {
	l := a.lexed(name, src)
	sf := &srcFile{name: name, path: disk, text: l.text, toks: l.toks}
	a.files = append(a.files, sf)
	a.byName[name] = sf
}

// lexedFile is a file's text indexed by line and its tokens, neither of
// which is changed once made.
type lexedFile struct {
	text *text
	toks []lexer.Token
}

// fileText is a file's name and text, the key of what was lexed.
type fileText struct{ name, src string }

// lexed returns a file's text and tokens, from the analysis of the same
// folder before this one where the file's text is the same: a keystroke
// changes one file, and the others (the base module's, a battle's other
// files) were lexed for the keystroke before.
func (a *analysis) lexed(name, src string) lexedFile {
	k := fileText{name, src}
	if l, ok := a.lexedNow[k]; ok {
		return l
	}
	l, ok := a.lexedBefore[k]
	if !ok {
		// The file's version before, where there is one, says about
		// how many tokens to make room for: growing the slice by copies
		// was a fifth of a keystroke.
		room := len(src)/4 + 16
		for before, l := range a.lexedBefore {
			if before.name == name {
				room = len(l.toks) + len(l.toks)/16 + 16
			}
		}
		l = lexedFile{text: newText(src), toks: lex(name, src, room)}
	}
	if a.lexedNow == nil {
		a.lexedNow = map[fileText]lexedFile{}
	}
	a.lexedNow[k] = l
	return l
}

// lex returns a file's tokens, as far as they can be read.
func lex(name, src string, room int) []lexer.Token {
	lx, err := dsl.Lexer.LexString(name, src)
	if err != nil {
		return nil
	}
	out := make([]lexer.Token, 0, room)
	for {
		t, err := lx.Next()
		if err != nil || t.EOF() {
			return out
		}
		out = append(out, t)
	}
}

// borrow takes, from an earlier analysis that checked, the files this one
// could not parse and the modules it could not load because of them, so
// that completion, hover and definition keep working while a file is
// being typed into.
func (a *analysis) borrow(g *analysis) {
	broken := false
	for _, f := range a.files {
		broken = broken || f.ast == nil
	}
	if !broken || g == nil {
		return
	}
	for _, f := range g.files {
		if cur := a.byName[f.name]; cur != nil && cur.ast != nil {
			continue
		}
		old := *f
		old.stale, old.occs = true, nil
		a.files = append(a.files, &old)
	}
	a.decls, a.order = map[string][]*declRef{}, nil
	a.index()
}

// fileFor finds the analysed file at a path on disk.
func (a *analysis) fileFor(p string) *srcFile {
	for _, f := range a.files {
		if f.path == p && !f.stale {
			return f
		}
	}
	return nil
}

// declRef is one version of a declaration: where it is written and what it
// names.
type declRef struct {
	kind, name string
	file       *srcFile
	decl       *dsl.Decl
	node       any // the *dsl.Param, *dsl.Table, … the Decl holds
	nameFrom   int // byte offsets of the name in the file
	nameTo     int
	from, to   int // the declaration's extent
	override   bool
	remove     bool
}

func (d *declRef) key() string { return d.kind + " " + d.name }

// index lists the declarations of every file, base modules first, so that
// each name's versions come in the order they apply.
func (a *analysis) index() {
	maxDepth := 0
	for _, f := range a.files {
		maxDepth = max(maxDepth, f.depth)
	}
	for depth := maxDepth; depth >= 0; depth-- {
		for _, f := range a.files {
			if f.depth != depth || f.ast == nil {
				continue
			}
			if f.ast.Header != nil {
				for _, g := range a.files {
					if g.depth == depth {
						g.module = f.ast.Header.ID
					}
				}
			}
			for i, d := range f.ast.Decls {
				next := len(f.text.src)
				if i+1 < len(f.ast.Decls) {
					next = f.ast.Decls[i+1].Pos.Offset
				}
				r := declOf(f, d, next)
				if r == nil {
					continue
				}
				a.decls[r.key()] = append(a.decls[r.key()], r)
				a.order = append(a.order, r)
			}
		}
	}
}

// declOf describes a declaration, by what dsl's declaration table says
// it names (dsl.Decl.Name): a column or cell edit is a version of the table
// or chart it changes.
func declOf(f *srcFile, d *dsl.Decl, next int) *declRef {
	n, ok := d.Name()
	if !ok {
		return nil
	}
	r := &declRef{kind: n.Kind, name: n.Name, file: f, decl: d, node: n.Node, override: d.Override, remove: n.Remove, from: d.Pos.Offset}
	// The extent runs to the last token before the next declaration.
	r.to = r.from
	first := sort.Search(len(f.toks), func(i int) bool { return f.toks[i].Pos.Offset >= r.from })
	for _, t := range f.toks[first:] {
		if t.Pos.Offset >= next {
			break
		}
		if t.Pos.Offset >= r.from && !blank(t) {
			r.to = t.Pos.Offset + len(t.Value)
		}
	}
	start := n.Pos.Offset
	if at := dsl.FindWord(f.text.src, r.name, start+1, max(0, r.to-start)); at >= 0 {
		r.nameFrom, r.nameTo = at, at+len(r.name)
	} else {
		r.nameFrom, r.nameTo = start, start
	}
	return r
}

var (
	tokComment    = dsl.Lexer.Symbols()["Comment"]
	tokWhitespace = dsl.Lexer.Symbols()["Whitespace"]
	tokString     = dsl.Lexer.Symbols()["String"]
	tokIdent      = dsl.Lexer.Symbols()["Ident"]
	tokKeyword    = dsl.Lexer.Symbols()["Keyword"]
	tokNumber     = dsl.Lexer.Symbols()["Number"]
	tokDice       = dsl.Lexer.Symbols()["Dice"]
	tokOp         = dsl.Lexer.Symbols()["Op"]
	tokPunct      = dsl.Lexer.Symbols()["Punct"]
)

func blank(t lexer.Token) bool { return t.Type == tokComment || t.Type == tokWhitespace }

// versions returns the versions of a declaration, base first.
func (a *analysis) versions(kind, name string) []*declRef { return a.decls[kind+" "+name] }

// effective is the version in force, or nil when it is removed or unknown.
func (a *analysis) effective(kind, name string) *declRef {
	vs := a.versions(kind, name)
	if len(vs) == 0 || vs[len(vs)-1].remove {
		return nil
	}
	return vs[len(vs)-1]
}

// declAt finds the declaration of a file whose extent holds off.
func (a *analysis) declAt(f *srcFile, off int) *declRef {
	var found *declRef
	for _, r := range a.order {
		if r.file == f && r.from <= off && off <= r.to {
			found = r
		}
	}
	return found
}

// lookup finds the declaration in force called name of the first of
// kinds that has one.
func (a *analysis) lookup(name string, kinds ...string) *declRef {
	for _, k := range kinds {
		if r := a.effective(k, name); r != nil {
			return r
		}
	}
	return nil
}
