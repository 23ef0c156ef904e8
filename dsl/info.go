package dsl

import (
	"math"
	"reflect"
	"slices"
	"sort"
	"strings"

	"github.com/alecthomas/participle/v2/lexer"
)

// Info is what the checker found the names of a check's expressions to
// mean, as go/types' Info records its Uses, with the names of effect calls
// (the effect, its named arguments, the table or check it rolls), the
// words of table and chart key cells, the words of scenario lines and of
// words' properties (a terrain, a unit's formation or arm, an order's
// formation, an attribute) and a scenario's units: tools (the language
// server, explain) read it instead of resolving the names again. It covers every
// module the check compiled, the bases it checked for the chain included;
// a base handed in checked keeps its own (Module.Info).
type Info struct {
	// Uses are by file name, in source order.
	Uses map[string][]Use
}

// UseKind says what a name refers to.
type UseKind uint8

const (
	UseVar      UseKind = iota + 1 // a hook's variable, a roll's, or a let
	UseField                       // a field of a variable's value
	UseParam                       // a param, dotted over one token or more
	UseDecl                        // a table, check or chart named in an expression
	UseFunction                    // a function of the language
	UseWord                        // a string that is a vocabulary word, or a key cell's word
	UseEffect                      // an effect a `do` calls
	UseArg                         // the name of an effect's named argument
	// UseUnit is a scenario's unit: named in an order or an answer, or its
	// id where it is placed, which is a use whose Decl is its own Pos.
	UseUnit
)

var useKindNames = [...]string{"", "var", "field", "param", "decl", "function", "word", "effect", "arg", "unit"}

func (k UseKind) String() string {
	if int(k) < len(useKindNames) {
		return useKindNames[k]
	}
	return "?"
}

// Use is one name of an expression and what it refers to.
type Use struct {
	Pos  Pos // of the name's first token
	End  int // the byte offset just past the name's last token
	Kind UseKind
	// Name is the whole name: a dotted param, a variable, a field's own
	// name, a word.
	Name string
	// DeclKind is the kind of declaration a param, a decl or a word is
	// (KindParam, KindTable, KindCheck, KindChart, a vocabulary kind).
	DeclKind string
	// Decl is where that declaration is, in effect for the module: for a
	// unit, where its id is placed.
	Decl Pos
	// Owner is, for a field, the variable the chain starts with; for an
	// argument's name, the effect it is an argument of; for a unit, the
	// scenario (or the test's set-up) it is placed in.
	Owner string
	// Type is a variable's or a field's type (nil when unknown).
	Type reflect.Type
}

// At finds the use that covers the byte offset off of file.
func (in *Info) At(file string, off int) (Use, bool) {
	if in == nil {
		return Use{}, false
	}
	uses := in.Uses[file]
	i := sort.Search(len(uses), func(i int) bool { return uses[i].End > off })
	if i < len(uses) && uses[i].Pos.Offset <= off {
		return uses[i], true
	}
	return Use{}, false
}

// In lists the uses of file between the byte offsets from and to.
func (in *Info) In(file string, from, to int) []Use {
	if in == nil {
		return nil
	}
	uses := in.Uses[file]
	i := sort.Search(len(uses), func(i int) bool { return uses[i].Pos.Offset >= from })
	j := i
	for j < len(uses) && uses[j].End <= to {
		j++
	}
	return uses[i:j]
}

// Of lists the uses of a compiled expression's names.
func (in *Info) Of(p *Program) []Use {
	if p == nil {
		return nil
	}
	return in.In(p.Pos.File, p.Pos.Offset, p.Pos.Offset+len(p.Source))
}

// finish sorts each file's uses by position; a name compiled twice (a
// base's rule compiled again for a game) keeps what the last compile found.
// A Use is large: the sort moves packed keys, the offset above the index
// of the use, and the uses are then put in their order in place, each
// moved once.
func (in *Info) finish() {
	const done = 1 << 63
	var keys []uint64
	for f, uses := range in.Uses {
		keys = keys[:0]
		for i, x := range uses {
			if x.Pos.Offset < 0 || x.Pos.Offset > math.MaxUint32 || i > math.MaxUint32 {
				keys = nil
				break
			}
			keys = append(keys, uint64(x.Pos.Offset)<<32|uint64(i))
		}
		if keys == nil {
			sort.SliceStable(uses, func(i, j int) bool { return uses[i].Pos.Offset < uses[j].Pos.Offset })
		} else {
			slices.Sort(keys)
			// uses[j] takes uses[keys[j]'s index], one cycle of the
			// permutation at a time.
			for j := range keys {
				if keys[j]&done != 0 {
					continue
				}
				tmp, k := uses[j], j
				for {
					next := int(uint32(keys[k]))
					keys[k] |= done
					if next == j {
						uses[k] = tmp
						break
					}
					uses[k] = uses[next]
					k = next
				}
			}
		}
		out := uses[:0]
		for _, x := range uses {
			if n := len(out); n > 0 && out[n-1].Pos.Offset == x.Pos.Offset {
				out[n-1] = x
				continue
			}
			out = append(out, x)
		}
		in.Uses[f] = out
	}
}

func (in *Info) add(x Use) {
	if in.Uses == nil {
		in.Uses = map[string][]Use{}
	}
	uses := in.Uses[x.Pos.File]
	if uses == nil {
		uses = make([]Use, 0, 64)
	}
	in.Uses[x.Pos.File] = append(uses, x)
}

func isDot(t lexer.Token) bool {
	return t.Type == tokOp && (t.Value == "." || t.Value == "?.")
}

// record writes what the names of an expression's tokens refer to, read
// the way compile gives them to expr: a name of env, else the longest
// dotted prefix that is a param, else a table, check or chart; a name
// called is a function of the language or a chart; a string is a word.
func (u *unit) record(toks []lexer.Token, env vars) {
	in := u.info
	if in == nil {
		return
	}
	for i := 0; i < len(toks); i++ {
		t := toks[i]
		if t.Type == tokString {
			if w := u.wordNamed(t.Value); w != nil {
				in.add(Use{Pos: position(t.Pos), End: t.Pos.Offset + len(t.Value) + 2, Kind: UseWord, Name: t.Value, DeclKind: w.Kind, Decl: w.Pos})
			}
			continue
		}
		if t.Type != tokIdent || i > 0 && isDot(toks[i-1]) {
			continue
		}
		n := 1
		for j := i + 1; j+1 < len(toks) && isDot(toks[j]) && toks[j+1].Type == tokIdent; j += 2 {
			n++
		}
		next := i + 2*n - 1
		called := next < len(toks) && toks[next].Value == "("
		u.recordChain(toks[i:next], n, called, env)
		i = next - 1
	}
}

// recordChain records a chain a.b.c of n names, toks holding the names
// and the dots between them.
func (u *unit) recordChain(toks []lexer.Token, n int, called bool, env vars) {
	in := u.info
	head := toks[0]
	end := func(k int) int { t := toks[2*k-2]; return t.Pos.Offset + len(t.Value) }
	if n == 1 && called {
		if fn := u.functionNamed(head.Value); fn != nil {
			in.add(Use{Pos: position(head.Pos), End: end(1), Kind: UseFunction, Name: head.Value})
		} else if c := u.mod.Charts[head.Value]; c != nil {
			in.add(Use{Pos: position(head.Pos), End: end(1), Kind: UseDecl, Name: head.Value, DeclKind: KindChart, Decl: c.Pos})
		}
		return
	}
	if t, ok := env[head.Value]; ok {
		in.add(Use{Pos: position(head.Pos), End: end(1), Kind: UseVar, Name: head.Value, Type: t})
		for k := 2; k <= n; k++ {
			part := toks[2*k-2]
			ft, ok := FieldType(t, part.Value)
			if _, isFlag := u.env.Flag(t, part.Value); !ok && isFlag {
				ft, ok = reflect.TypeFor[bool](), true // a flag a procedure declares, read as a field
			}
			if !ok {
				break
			}
			in.add(Use{Pos: position(part.Pos), End: end(k), Kind: UseField, Name: part.Value, Owner: head.Value, Type: ft})
			t = ft
		}
		return
	}
	var b strings.Builder
	for k := n; k >= 1; k-- {
		b.Reset()
		for j := 0; j < k; j++ {
			if j > 0 {
				b.WriteByte('.')
			}
			b.WriteString(toks[2*j].Value)
		}
		if p := u.mod.Params[b.String()]; p != nil {
			in.add(Use{Pos: position(head.Pos), End: end(k), Kind: UseParam, Name: p.Name, DeclKind: KindParam, Decl: p.Pos})
			return
		}
	}
	if n > 1 {
		return
	}
	x := Use{Pos: position(head.Pos), End: end(1), Kind: UseDecl, Name: head.Value}
	if t := u.mod.Tables[head.Value]; t != nil {
		x.DeclKind, x.Decl = KindTable, t.Pos
	} else if c := u.mod.Checks[head.Value]; c != nil {
		x.DeclKind, x.Decl = KindCheck, c.Pos
	} else if c := u.mod.Charts[head.Value]; c != nil {
		x.DeclKind, x.Decl = KindChart, c.Pos
	} else {
		return
	}
	in.add(x)
}

// wordNamed finds the word called name, the vocabulary kinds taken in
// their order.
func (u *unit) wordNamed(name string) *VocabDef {
	for _, k := range vocabKinds {
		if w := u.mod.Vocab[k][name]; w != nil {
			return w
		}
	}
	return nil
}

func (u *unit) functionNamed(name string) *Function {
	for _, fn := range u.env.Functions {
		if fn.Name == name {
			return fn
		}
	}
	return nil
}

// FieldType finds the type of the field an expression calls name on a
// value of type t.
func FieldType(t reflect.Type, name string) (reflect.Type, bool) {
	for t != nil && t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	if t == nil || t.Kind() != reflect.Struct {
		return nil, false
	}
	for i := 0; i < t.NumField(); i++ {
		f := t.Field(i)
		if !f.IsExported() {
			continue
		}
		tag := f.Tag.Get("expr")
		if tag == "-" {
			continue
		}
		if tag == name || tag == "" && f.Name == name {
			return f.Type, true
		}
	}
	return nil, false
}

// recordCall records an effect call's effect and the names of its named
// arguments.
func (u *unit) recordCall(call *Call, eff *Effect) {
	if u.info == nil {
		return
	}
	u.info.add(Use{Pos: position(call.Pos), End: call.Pos.Offset + len(call.Name), Kind: UseEffect, Name: call.Name})
	for _, a := range call.Args {
		if a.Name != "" {
			u.info.add(Use{Pos: position(a.Pos), End: a.Pos.Offset + len(a.Name), Kind: UseArg, Name: a.Name, Owner: eff.Name})
		}
	}
}

// recordRef records the table or check an effect's argument names.
func (u *unit) recordRef(tok lexer.Token, kind string) {
	if u.info == nil {
		return
	}
	var at Pos
	switch kind {
	case KindTable:
		if t := u.mod.Tables[tok.Value]; t != nil {
			at = t.Pos
		}
	case KindCheck:
		if c := u.mod.Checks[tok.Value]; c != nil {
			at = c.Pos
		}
	}
	if at.Line > 0 {
		u.info.add(Use{Pos: position(tok.Pos), End: tok.Pos.Offset + len(tok.Value), Kind: UseDecl, Name: tok.Value, DeclKind: kind, Decl: at})
	}
}

// recordAlts records the words of a key's alternatives that are words of
// the key's vocabulary (a key of words it lists itself has none).
func (u *unit) recordAlts(alts []*Alt, k *KeyDef) {
	if u.info == nil || k == nil || k.Vocab == "" {
		return
	}
	for _, a := range alts {
		if a.Word == nil {
			continue
		}
		if w := u.mod.Vocab[k.Vocab][*a.Word]; w != nil {
			u.info.add(Use{Pos: position(a.Pos), End: a.Pos.Offset + len(*a.Word), Kind: UseWord, Name: w.Name, DeclKind: w.Kind, Decl: w.Pos})
		}
	}
}

// recordCells records the words of key cells, each against its key.
func (u *unit) recordCells(cells []*KeyCell, keys []*KeyDef) {
	for i, c := range cells {
		if i < len(keys) {
			u.recordAlts(c.Alts, keys[i])
		}
	}
}

// wordRef is a bare word of a scenario line or of a word's property that
// names a word of kind: it is resolved once every declaration of the
// module is in (a word may be declared below the line that names it, or
// removed), by recordWords.
type wordRef struct {
	kind, name string
	pos        Pos
}

// wordAt notes the word name of kind written at pos.
func (u *unit) wordAt(kind, name string, pos Pos) {
	if u.info != nil && name != "" && pos.Line > 0 {
		u.words = append(u.words, wordRef{kind, name, pos})
	}
}

// wordIn notes the word name of kind that follows byte offset from of src
// (a name the grammar keeps as a string, without its position), counting
// its position on from p, which is at or before from.
func (u *unit) wordIn(kind, name, src string, p Pos, from int) {
	if u.info == nil || from < p.Offset || from > len(src) {
		return
	}
	if at := FindWord(src, name, from, 200); at >= 0 {
		u.wordAt(kind, name, posAt(src, p, p.Offset, at))
	}
}

// recordWords records the words noted that are words of the module.
func (u *unit) recordWords() {
	for _, w := range u.words {
		if d := u.mod.Vocab[w.kind][w.name]; d != nil {
			u.info.add(Use{Pos: w.pos, End: w.pos.Offset + len(w.name), Kind: UseWord, Name: w.name, DeclKind: d.Kind, Decl: d.Pos})
		}
	}
	u.words = nil
}

// recordUnits records a scenario's units: each placed (a use of itself)
// when defs is set, and each named by an order or an answer.
func (u *unit) recordUnits(owner string, units []*UnitSpec, defs bool, orders []*OrderSpec, decisions []*DecisionSpec) {
	if u.info == nil {
		return
	}
	placed := make(map[string]Pos, len(units))
	for _, us := range units {
		if us.idAt.Line == 0 {
			continue
		}
		if _, twice := placed[us.ID]; !twice {
			placed[us.ID] = us.idAt
		}
		if defs {
			u.info.add(Use{Pos: us.idAt, End: us.idAt.Offset + len(us.ID), Kind: UseUnit, Name: us.ID, Decl: us.idAt, Owner: owner})
		}
	}
	named := func(id string, at Pos) {
		if d, ok := placed[id]; ok && at.Line > 0 {
			u.info.add(Use{Pos: at, End: at.Offset + len(id), Kind: UseUnit, Name: id, Decl: d, Owner: owner})
		}
	}
	for _, o := range orders {
		named(o.Unit, o.unitAt)
		named(o.Target, o.targetAt)
	}
	for _, d := range decisions {
		named(d.Unit, d.unitAt)
	}
}
