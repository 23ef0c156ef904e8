package bataille_test

import (
	"fmt"
	"io/fs"
	"sync"
	"testing"
	"testing/fstest"

	"github.com/bataille/bataille"
	"github.com/bataille/bataille/dsl"
)

// gatedFS serves a folder whose one file changes; while hold is set, the
// next read of it waits, having taken the text then in place, until
// release is closed.
type gatedFS struct {
	mu      sync.Mutex
	text    string
	hold    bool
	inside  chan struct{}
	release chan struct{}
}

func (g *gatedFS) snapshot(name string) (fstest.MapFS, bool) {
	g.mu.Lock()
	defer g.mu.Unlock()
	held := g.hold && name == "r.rules"
	if held {
		g.hold = false
	}
	return fstest.MapFS{"r.rules": {Data: []byte(g.text)}}, held
}

func (g *gatedFS) Open(name string) (fs.File, error) {
	m, held := g.snapshot(name)
	if held {
		close(g.inside)
		<-g.release
	}
	return m.Open(name)
}

func (g *gatedFS) ReadDir(name string) ([]fs.DirEntry, error) {
	m, _ := g.snapshot(name)
	return fs.ReadDir(m, name)
}

func moduleP(t *testing.T, m *dsl.Module) string {
	t.Helper()
	p, ok := m.Params["p"]
	if !ok {
		t.Fatal("no param p")
	}
	return fmt.Sprint(p.Value)
}

// TestReloadInOrder: a reload that read older files and finishes after a
// later reload has applied newer ones is refused, and the newer module
// stays in force.
func TestReloadInOrder(t *testing.T) {
	g := &gatedFS{text: "module m\nparam p = 1\n", inside: make(chan struct{}), release: make(chan struct{})}
	r, diags := bataille.Open(g, ".")
	if diags.HasErrors() {
		t.Fatal(diags)
	}
	g.mu.Lock()
	g.text, g.hold = "module m\nparam p = 2\n", true
	g.mu.Unlock()
	slow := make(chan dsl.Diagnostics)
	go func() { slow <- r.Reload() }() // begins reading, then waits
	<-g.inside
	g.mu.Lock()
	g.text = "module m\nparam p = 3\n"
	g.mu.Unlock()
	if diags := r.Reload(); diags.HasErrors() {
		t.Fatal(diags)
	}
	if got := moduleP(t, r.Module()); got != "3" {
		t.Fatalf("after the fast reload p = %s, want 3", got)
	}
	close(g.release)
	late := <-slow
	if !hasDiag(late, "stale-reload", "not applied") {
		t.Errorf("the slow reload gave %v; want stale-reload", late)
	}
	if got := moduleP(t, r.Module()); got != "3" {
		t.Errorf("the slow reload reinstalled older files: p = %s", got)
	}
}
