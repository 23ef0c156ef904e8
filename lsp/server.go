package lsp

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"sort"

	"github.com/bataille/bataille/dsl"
	"github.com/bataille/bataille/lsp/jsonrpc"
)

// Options configure a server; the zero value works.
type Options struct {
	// Version is reported to the client in serverInfo.
	Version string
	// CacheDir is where the modules built into the binary (premier, the
	// bundled battles) are written out, so that an editor can open them
	// when a definition is there. Empty: the user's cache directory.
	CacheDir string
	// Log, when set, receives a line for each request that fails.
	Log io.Writer
}

// ErrNoShutdown is returned by Serve when the client sent exit without
// shutdown first; the protocol asks the process to exit with code 1.
var ErrNoShutdown = errors.New("lsp: exit before shutdown")

// document is a file open in the editor.
type document struct {
	uri     string
	path    string
	version int
	text    *text
}

// Server is one language server session.
type Server struct {
	opts    Options
	out     *jsonrpc.Writer
	docs    map[string]*document // by path
	results map[string]*analysis // by the folder or file checked
	good    map[string]*analysis // the last analysis that checked, by key
	shown   map[string][]string  // key → URIs given diagnostics
	keyOf   map[string]string    // path → the folder or file checked for it
	fixes   map[string][]fix     // URI → quick fixes of its diagnostics
	// reparse parses each folder's files again at each change, keeping
	// the declarations whose text did not change, by the folder or file
	// checked.
	reparse map[string]*dsl.Reparser
	state   int
}

const (
	stateNew = iota
	stateRunning
	stateShutDown
)

// Serve runs the protocol on r and w until the client exits or r ends.
func Serve(ctx context.Context, r io.Reader, w io.Writer, opts Options) error {
	s := newServer(w, opts)
	in := jsonrpc.NewReader(r)
	for {
		if err := ctx.Err(); err != nil {
			return err
		}
		msg, err := in.Read()
		var pe *jsonrpc.ParseError
		switch {
		case errors.As(err, &pe):
			if err := s.out.Write(jsonrpc.ErrorResponse(nil, jsonrpc.CodeParseError, "%v", pe.Err)); err != nil {
				return err
			}
			continue
		case err == io.EOF:
			return nil
		case err != nil:
			return err
		}
		if msg.Method == "exit" {
			if s.state != stateShutDown {
				return ErrNoShutdown
			}
			return nil
		}
		if msg.Method == "" {
			continue // a response to a request we never send
		}
		result, rerr := s.handle(msg)
		if !msg.IsRequest() {
			if rerr != nil {
				s.logf("%s: %s", msg.Method, rerr.Message)
			}
			continue
		}
		var resp *jsonrpc.Message
		if rerr != nil {
			s.logf("%s: %s", msg.Method, rerr.Message)
			resp = &jsonrpc.Message{ID: msg.ID, Error: rerr}
		} else if resp, err = jsonrpc.Response(msg.ID, result); err != nil {
			resp = jsonrpc.ErrorResponse(msg.ID, jsonrpc.CodeInternalError, "%v", err)
		}
		if err := s.out.Write(resp); err != nil {
			return err
		}
	}
}

func newServer(w io.Writer, opts Options) *Server {
	return &Server{opts: opts, out: jsonrpc.NewWriter(w), docs: map[string]*document{}, results: map[string]*analysis{},
		good: map[string]*analysis{}, keyOf: map[string]string{}, shown: map[string][]string{}, fixes: map[string][]fix{}}
}

func (s *Server) logf(format string, args ...any) {
	if s.opts.Log != nil {
		fmt.Fprintf(s.opts.Log, format+"\n", args...)
	}
}

func rpcErr(code int, format string, args ...any) *jsonrpc.Error {
	return &jsonrpc.Error{Code: code, Message: fmt.Sprintf(format, args...)}
}

// handle runs one request or notification. A panic in a feature becomes an
// internal error for that request, never the end of the session.
func (s *Server) handle(msg *jsonrpc.Message) (result any, rerr *jsonrpc.Error) {
	defer func() {
		if r := recover(); r != nil {
			result, rerr = nil, rpcErr(jsonrpc.CodeInternalError, "%s: %v", msg.Method, r)
		}
	}()
	switch {
	case msg.Method == "initialize":
		return s.initialize(msg.Params)
	case s.state == stateNew:
		return nil, rpcErr(jsonrpc.CodeServerNotInitialized, "initialize first")
	case msg.Method == "shutdown":
		s.state = stateShutDown
		return nil, nil
	case s.state == stateShutDown && msg.IsRequest():
		return nil, rpcErr(jsonrpc.CodeInvalidRequest, "the server is shut down")
	}
	h, ok := handlers[msg.Method]
	if !ok {
		if msg.IsNotification() {
			return nil, nil // $/cancelRequest, $/setTrace, workspace notifications …
		}
		return nil, rpcErr(jsonrpc.CodeMethodNotFound, "no method %q", msg.Method)
	}
	return h(s, msg.Params)
}

type handler func(s *Server, params json.RawMessage) (any, *jsonrpc.Error)

var handlers map[string]handler

func init() {
	handlers = map[string]handler{
		"initialized":                      func(*Server, json.RawMessage) (any, *jsonrpc.Error) { return nil, nil },
		"textDocument/didOpen":             withParams((*Server).didOpen),
		"textDocument/didChange":           withParams((*Server).didChange),
		"textDocument/didSave":             withParams((*Server).didSave),
		"textDocument/didClose":            withParams((*Server).didClose),
		"workspace/didChangeWatchedFiles":  withParams((*Server).filesChanged),
		"textDocument/codeAction":          withParams((*Server).codeAction),
		"textDocument/hover":               withParams((*Server).hover),
		"textDocument/definition":          withParams((*Server).definition),
		"textDocument/references":          withParams((*Server).references),
		"textDocument/completion":          withParams((*Server).completion),
		"textDocument/signatureHelp":       withParams((*Server).signatureHelp),
		"textDocument/formatting":          withParams((*Server).formatting),
		"textDocument/documentSymbol":      withParams((*Server).documentSymbol),
		"textDocument/semanticTokens/full": withParams((*Server).semanticTokens),
	}
}

// withParams decodes a method's params into its parameter type.
func withParams[P any, R any](f func(*Server, P) (R, *jsonrpc.Error)) handler {
	return func(s *Server, raw json.RawMessage) (any, *jsonrpc.Error) {
		var p P
		if len(raw) > 0 {
			if err := json.Unmarshal(raw, &p); err != nil {
				return nil, rpcErr(jsonrpc.CodeInvalidParams, "%v", err)
			}
		}
		return f(s, p)
	}
}

func (s *Server) initialize(raw json.RawMessage) (any, *jsonrpc.Error) {
	var p InitializeParams
	if len(raw) > 0 {
		if err := json.Unmarshal(raw, &p); err != nil {
			return nil, rpcErr(jsonrpc.CodeInvalidParams, "%v", err)
		}
	}
	s.state = stateRunning
	return InitializeResult{
		Capabilities: map[string]any{
			"positionEncoding":           "utf-16",
			"textDocumentSync":           map[string]any{"openClose": true, "change": 2, "save": map[string]any{"includeText": false}},
			"hoverProvider":              true,
			"definitionProvider":         true,
			"referencesProvider":         true,
			"completionProvider":         map[string]any{"triggerCharacters": []string{".", "\"", "(", " "}},
			"codeActionProvider":         map[string]any{"codeActionKinds": []string{"quickfix"}},
			"signatureHelpProvider":      map[string]any{"triggerCharacters": []string{"(", ","}},
			"documentFormattingProvider": true,
			"documentSymbolProvider":     true,
			"semanticTokensProvider": map[string]any{
				"legend": map[string]any{"tokenTypes": semanticTypes, "tokenModifiers": semanticModifiers},
				"full":   true,
			},
		},
		ServerInfo: ServerInfo{Name: "bataille", Version: s.opts.Version},
	}, nil
}

func (s *Server) didOpen(p DidOpenTextDocumentParams) (any, *jsonrpc.Error) {
	path, ok := uriToPath(p.TextDocument.URI)
	if !ok {
		return nil, rpcErr(jsonrpc.CodeInvalidParams, "not a file URI: %s", p.TextDocument.URI)
	}
	s.docs[path] = &document{uri: p.TextDocument.URI, path: path, version: p.TextDocument.Version, text: newText(p.TextDocument.Text)}
	return nil, s.refresh(path)
}

func (s *Server) didChange(p DidChangeTextDocumentParams) (any, *jsonrpc.Error) {
	d, err := s.doc(p.TextDocument.URI)
	if err != nil {
		return nil, err
	}
	for _, c := range p.ContentChanges {
		d.text = d.text.edit(c.Range, c.Text)
	}
	d.version = p.TextDocument.Version
	return nil, s.refresh(d.path)
}

func (s *Server) didSave(p DidSaveTextDocumentParams) (any, *jsonrpc.Error) {
	d, err := s.doc(p.TextDocument.URI)
	if err != nil {
		return nil, err
	}
	if p.Text != nil {
		d.text = newText(*p.Text)
	}
	return nil, s.refresh(d.path)
}

func (s *Server) didClose(p DidCloseTextDocumentParams) (any, *jsonrpc.Error) {
	d, err := s.doc(p.TextDocument.URI)
	if err != nil {
		return nil, err
	}
	delete(s.docs, d.path)
	// What is on disk now stands for the file: check it again.
	return nil, s.refresh(d.path)
}

// filesChanged checks the open documents again when files change on disk
// (a sibling saved by another program, a base folder edited): their
// modules may read them.
func (s *Server) filesChanged(json.RawMessage) (any, *jsonrpc.Error) {
	paths := make([]string, 0, len(s.docs))
	for p := range s.docs {
		paths = append(paths, p)
	}
	sort.Strings(paths)
	done := map[string]bool{}
	for _, p := range paths {
		if key := s.keyOf[p]; key != "" && done[key] {
			continue
		}
		if err := s.refresh(p); err != nil {
			return nil, err
		}
		done[s.keyOf[p]] = true
	}
	return nil, nil
}

func (s *Server) doc(uri string) (*document, *jsonrpc.Error) {
	p, ok := uriToPath(uri)
	if !ok {
		return nil, rpcErr(jsonrpc.CodeInvalidParams, "not a file URI: %s", uri)
	}
	d, ok := s.docs[p]
	if !ok {
		return nil, rpcErr(jsonrpc.CodeInvalidParams, "document not open: %s", uri)
	}
	return d, nil
}

// refresh checks the module the file at p belongs to and publishes the
// diagnostics of each of its files.
func (s *Server) refresh(p string) *jsonrpc.Error {
	a := s.analyseFor(p)
	key := a.key
	s.results[key] = a
	if a.mod != nil {
		s.good[key] = a
	}
	byURI := map[string][]Diagnostic{}
	fixes := map[string][]fix{}
	for _, f := range a.files {
		if f.depth == 0 && f.path != "" && !f.stale {
			byURI[pathToURI(f.path)] = []Diagnostic{}
		}
	}
	// An error about a file the server could not read (a link, a FIFO, a
	// folder past its bounds) has no text to point into: it is shown on the
	// first line of the file being edited, naming the file it is about.
	var here *srcFile
	for _, f := range a.files {
		if f.path == p {
			here = f
		}
	}
	if d, open := s.docs[p]; here == nil && open {
		here = &srcFile{name: filepath.Base(p), path: p, text: d.text}
		byURI[pathToURI(p)] = []Diagnostic{}
	}
	seen := map[string]bool{}
	for _, d := range dedupe(a.diags) {
		f := a.byName[d.Pos.File]
		if f == nil && here != nil && d.Severity == dsl.Error {
			d.Message = d.Pos.File + ": " + d.Message
			d.Pos.Line, d.Pos.Col = 1, 1
			d.End, d.Fixes = dsl.Pos{}, nil // they are of the other file
			f = here
		}
		if f == nil || f.path == "" {
			continue
		}
		ld, fx := s.convert(f, d)
		uri := pathToURI(f.path)
		// The checker may say one thing twice from two places (a rule's
		// when clauses are also compiled joined): once per span is enough.
		k := fmt.Sprintf("%s %v %s %s", uri, ld.Range, ld.Code, ld.Message)
		if seen[k] {
			continue
		}
		seen[k] = true
		byURI[uri] = append(byURI[uri], ld)
		fixes[uri] = append(fixes[uri], fx...)
	}
	// Files given diagnostics before and not now are cleared.
	for _, uri := range s.shown[key] {
		if _, ok := byURI[uri]; !ok {
			byURI[uri] = []Diagnostic{}
		}
	}
	uris := make([]string, 0, len(byURI))
	for uri := range byURI {
		uris = append(uris, uri)
	}
	sort.Strings(uris)
	s.shown[key] = nil
	for _, uri := range uris {
		params := PublishDiagnosticsParams{URI: uri, Diagnostics: byURI[uri]}
		if p, ok := uriToPath(uri); ok {
			if d, open := s.docs[p]; open {
				v := d.version
				params.Version = &v
			}
		}
		s.fixes[uri] = fixes[uri]
		if len(byURI[uri]) > 0 {
			s.shown[key] = append(s.shown[key], uri)
		}
		msg, err := jsonrpc.Notification("textDocument/publishDiagnostics", params)
		if err == nil {
			err = s.out.Write(msg)
		}
		if err != nil {
			return rpcErr(jsonrpc.CodeInternalError, "%v", err)
		}
	}
	return nil
}

// dedupe drops a diagnostic reported twice.
func dedupe(ds dsl.Diagnostics) dsl.Diagnostics {
	seen := map[string]bool{}
	var out dsl.Diagnostics
	for _, d := range ds {
		if k := d.String(); !seen[k] {
			seen[k] = true
			out = append(out, d)
		}
	}
	return out
}

// at finds the analysis and file of an open document, and the byte offset
// of a position in it. When the module does not check, the declarations of
// the last analysis that did stand in for the ones the checker could not
// give.
func (s *Server) at(uri string, pos Position) (*analysis, *srcFile, int, *jsonrpc.Error) {
	d, err := s.doc(uri)
	if err != nil {
		return nil, nil, 0, err
	}
	a := s.results[s.keyOf[d.path]]
	if a == nil {
		a = s.analyseFor(d.path)
		s.results[a.key] = a
	}
	f := a.fileFor(d.path)
	if f == nil {
		// Not read with its folder (a name without the extension): the
		// text alone, with no declarations, still answers.
		f = &srcFile{name: filepath.Base(d.path), path: d.path, text: d.text, toks: lex(d.path, d.text.src, len(d.text.src)/4+16)}
	}
	return a, f, f.text.offset(pos), nil
}

// checked returns the checked module of an analysis, or of the last one of
// its folder that checked.
func (s *Server) checked(a *analysis) *dsl.Module {
	if a.mod != nil {
		return a.mod
	}
	if g := s.good[a.key]; g != nil {
		return g.mod
	}
	return nil
}

// location gives the protocol location of a span of a file, writing out an
// embedded file first so that the editor can open it.
func (s *Server) location(f *srcFile, from, to int) (Location, bool) {
	p := f.path
	if p == "" {
		var err error
		if p, err = s.writeEmbedded(f); err != nil {
			s.logf("cannot write %s for the editor: %v", f.name, err)
			return Location{}, false
		}
	}
	return Location{URI: pathToURI(p), Range: f.text.rangeOf(from, to)}, true
}

// writeEmbedded writes a file built into the binary under the cache
// directory, read-only, and returns its path.
func (s *Server) writeEmbedded(f *srcFile) (string, error) {
	dir := s.opts.CacheDir
	if dir == "" {
		base, err := os.UserCacheDir()
		if err != nil {
			return "", err
		}
		dir = filepath.Join(base, "bataille", "lsp")
	}
	p := filepath.Join(dir, "embedded", filepath.FromSlash(f.name))
	if old, err := os.ReadFile(p); err == nil && string(old) == f.text.src {
		return p, nil
	}
	if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
		return "", err
	}
	_ = os.Chmod(p, 0o644)
	if err := os.WriteFile(p, []byte(f.text.src), 0o444); err != nil {
		return "", err
	}
	return p, nil
}

func (s *Server) formatting(p DocumentFormattingParams) ([]TextEdit, *jsonrpc.Error) {
	d, err := s.doc(p.TextDocument.URI)
	if err != nil {
		return nil, err
	}
	f, diags := dsl.Parse(filepath.Base(d.path), []byte(d.text.src))
	if diags.HasErrors() {
		return nil, rpcErr(jsonrpc.CodeInvalidParams, "cannot format: %s", diags[0])
	}
	out, ferr := dsl.Format(f)
	if ferr != nil {
		return nil, rpcErr(jsonrpc.CodeInternalError, "cannot format: %v", ferr)
	}
	if string(out) == d.text.src {
		return []TextEdit{}, nil
	}
	return []TextEdit{{Range: d.text.rangeOf(0, len(d.text.src)), NewText: string(out)}}, nil
}
