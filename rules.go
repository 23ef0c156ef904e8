package bataille

import (
	"io/fs"
	"sync"

	"github.com/bataille/bataille/dsl"
)

// Rules is a module kept in force for a long-running program (a game
// server, an editor's preview): Reload swaps in new scripts only when they
// check, so a bad edit never replaces good rules. Safe for concurrent use.
type Rules struct {
	mu   sync.RWMutex
	mod  *dsl.Module
	fsys fs.FS
	dir  string
}

// Open loads the module in dir of fsys.
func Open(fsys fs.FS, dir string) (*Rules, dsl.Diagnostics) {
	mod, diags := LoadDir(fsys, dir)
	if diags.HasErrors() {
		return nil, diags
	}
	return &Rules{mod: mod, fsys: fsys, dir: dir}, diags
}

// Module is the module in force.
func (r *Rules) Module() *dsl.Module {
	r.mu.RLock()
	defer r.mu.RUnlock()
	return r.mod
}

// Reload reads and checks the scripts again. When they have errors the
// module in force stays, and the diagnostics say why.
func (r *Rules) Reload() dsl.Diagnostics {
	mod, diags := LoadDir(r.fsys, r.dir)
	if diags.HasErrors() {
		return diags
	}
	r.mu.Lock()
	r.mod = mod
	r.mu.Unlock()
	return diags
}
