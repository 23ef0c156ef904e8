package bataille

import (
	"fmt"
	"io/fs"
	"sync"
	"sync/atomic"

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
	// started numbers each Reload as it begins reading; applied is the
	// number of the reload whose module is in force.
	started atomic.Uint64
	applied uint64
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
// module in force stays, and the diagnostics say why. Reloads apply in the
// order they began reading: one that finishes after a later one has
// applied newer scripts is refused as stale (code "stale-reload"), so a
// slow reload of older files never reinstalls them.
func (r *Rules) Reload() dsl.Diagnostics {
	n := r.started.Add(1)
	mod, diags := LoadDir(r.fsys, r.dir)
	if diags.HasErrors() {
		return diags
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	if n < r.applied {
		return append(diags, dsl.Diagnostic{Severity: dsl.Error, Code: "stale-reload", Pos: dsl.Pos{File: r.dir},
			Message: fmt.Sprintf("reload %d read the scripts before reload %d, which is in force; not applied", n, r.applied)})
	}
	r.mod, r.applied = mod, n
	return diags
}
