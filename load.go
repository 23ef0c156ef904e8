// Package bataille loads rule modules and battles and builds engines on
// them: the few calls a program needs to embed the rules language.
//
//	mod, diags := bataille.LoadBundled(bataille.Bundled()[0])
//	if diags.HasErrors() {
//		diags.Print(os.Stderr)
//		return
//	}
//	eng, err := bataille.NewEngine(mod, "carre_attempt", interpreter.Config{Seed: 1})
//	if err != nil {
//		return
//	}
//	err = eng.Run(ctx)
//	eng.Trace().WriteText(os.Stdout, false)
//
// Example_packageDoc in example_test.go is this example, compiled and run
// by the tests.
package bataille

import (
	"fmt"
	"io/fs"
	"path"
	"strings"
	"sync"

	"github.com/bataille/bataille/dsl"
	"github.com/bataille/bataille/games"
	"github.com/bataille/bataille/interpreter"
	// The Premier Rules' procedures, registered for every engine this
	// package builds and every module it checks, as a database/sql
	// program registers its driver.
	_ "github.com/bataille/bataille/premier"
	"github.com/bataille/bataille/stdlib"
)

// Loader finds modules by id for `extends`: the base modules of stdlib, the
// bundled battles, and folders beside the one being loaded. The id of a
// base module or a bundled battle is always that module: a folder of the
// same name beside the one being loaded (a copy someone left there, or is
// editing) does not replace it, as a bare name on the command line does
// not; the check warns of it. `extends` takes no path, so such a folder is
// extended under another id.
type Loader struct {
	// Local is where modules written by the user live, and Dir the folder
	// (or the one file) being loaded: a module extends a folder beside its
	// own by its id.
	Local fs.FS
	Dir   string
	// Play loads modules to play them, their tests unread (dsl.CheckPlay).
	Play bool
}

// sibling is the folder beside the module's own that would hold module id,
// or "" when there is none. A module loaded from one file has the file's
// folder as its own, as when its folder is loaded: a `premier/` inside that
// folder is not beside it, and does not replace the base for the file alone
// when it does not for the folder.
func (l Loader) sibling(id string) string {
	if l.Local == nil {
		return ""
	}
	own := path.Clean(l.Dir)
	if st, err := fs.Lstat(l.Local, own); err == nil && !st.IsDir() {
		own = path.Dir(own)
	}
	s := path.Join(path.Dir(own), strings.ReplaceAll(id, "_", "-"))
	if s == own || own == "." {
		return ""
	}
	if st, err := fs.Stat(l.Local, s); err == nil && st.IsDir() {
		return s
	}
	return ""
}

// bundledID reports whether id names a base module of stdlib or a bundled
// battle.
func bundledID(id string) bool {
	if _, err := fs.Stat(stdlib.BaseFS, id+dsl.Ext); err == nil {
		return true
	}
	_, err := fs.Stat(games.FS, strings.ReplaceAll(id, "_", "-"))
	return err == nil
}

// shadow is the folder beside the module's own named like the bundled
// module id, which is not the one extended, or "".
func (l Loader) shadow(id string) string {
	if l.Local == fs.FS(games.FS) || l.Local == fs.FS(stdlib.BaseFS) {
		return "" // the bundled battles' siblings are the bundled battles
	}
	return l.sibling(id)
}

// Load implements dsl.Loader.
func (l Loader) Load(id string) ([]*dsl.File, dsl.Diagnostics) {
	if bundledID(id) {
		var diags dsl.Diagnostics
		if s := l.shadow(id); s != "" {
			diags = dsl.Diagnostics{{Severity: dsl.Warning, Code: "bundled-name",
				Message: fmt.Sprintf("extends %s is the bundled %s, not the folder %s beside this one; give that folder's module another id to extend it", id, id, s)}}
		}
		var files []*dsl.File
		var more dsl.Diagnostics
		if _, err := fs.Stat(stdlib.BaseFS, id+dsl.Ext); err == nil {
			files, more = stdlib.ParseBase(id)
		} else {
			files, more = dsl.ParseFS(games.FS, strings.ReplaceAll(id, "_", "-"))
		}
		return files, append(diags, more...)
	}
	if s := l.sibling(id); s != "" {
		return dsl.ParseFS(l.Local, s)
	}
	return nil, dsl.Diagnostics{{Severity: dsl.Error, Code: "unknown-module", Pos: dsl.Pos{File: id, Line: 1, Col: 1}, Message: fmt.Sprintf("no module %q among the base modules, the bundled battles or beside %s", id, l.Dir)}}
}

// Checked implements dsl.Checked: a base module of stdlib is parsed and
// checked once per process and shared by every module that extends it
// (when a folder beside the one being loaded bears its name, Load reads it
// afresh, to warn of the folder).
func (l Loader) Checked(id string, env *dsl.Env) *dsl.Module {
	if env != stdlib.Env() {
		return nil
	}
	if l.shadow(id) != "" {
		return nil // Load warns of the folder
	}
	if _, err := fs.Stat(stdlib.BaseFS, id+dsl.Ext); err != nil {
		return nil
	}
	v, _ := sharedBases.LoadOrStore(baseKey{id, l.Play}, &sharedBase{})
	b := v.(*sharedBase)
	b.once.Do(func() {
		files, diags := stdlib.ParseBase(id)
		if diags.HasErrors() {
			return
		}
		base := Loader{Play: l.Play}
		if m, diags := base.check(files); !diags.HasErrors() {
			b.mod = m
		}
	})
	return b.mod
}

// check checks a module's files, reading its tests unless l.Play.
func (l Loader) check(files []*dsl.File) (*dsl.Module, dsl.Diagnostics) {
	if l.Play {
		return dsl.CheckPlay(files, stdlib.Env(), l.Load, l.Checked)
	}
	return dsl.CheckWith(files, stdlib.Env(), l.Load, l.Checked)
}

// sharedBases holds the base modules of stdlib, checked once: their text is
// part of the program and never changes. A base read to play is kept apart
// from the same base read whole, so that a process that only plays never
// reads the base's tests.
var sharedBases sync.Map // baseKey → *sharedBase

type baseKey struct {
	id   string
	play bool
}

type sharedBase struct {
	once sync.Once
	mod  *dsl.Module
}

// LoadDir parses and checks the module in a folder (or one file) of fsys,
// its tests with it.
func LoadDir(fsys fs.FS, dir string) (*dsl.Module, dsl.Diagnostics) {
	return Loader{Local: fsys, Dir: dir}.LoadDir()
}

// LoadDirToPlay is LoadDir for a program that plays the module and never
// tests it: the tests' set-ups and expectations are not read
// (dsl.CheckPlay), and a cold load is a quarter faster.
func LoadDirToPlay(fsys fs.FS, dir string) (*dsl.Module, dsl.Diagnostics) {
	return Loader{Local: fsys, Dir: dir, Play: true}.LoadDir()
}

// LoadDir parses and checks the module in l.Dir of l.Local.
func (l Loader) LoadDir() (*dsl.Module, dsl.Diagnostics) {
	files, diags := dsl.ParseFS(l.Local, l.Dir)
	if diags.HasErrors() {
		return nil, diags
	}
	// The checker checks the scenarios' boards too, so that one check
	// reports a bad `turn` and a bad `facing` of the same scenario at once.
	mod, more := l.check(files)
	return mod, append(diags, more...)
}

// LoadBundled loads a bundled battle by folder name, or a base module by id,
// its tests with it.
func LoadBundled(name string) (*dsl.Module, dsl.Diagnostics) {
	return loadBundled(name, false)
}

// LoadBundledToPlay is LoadBundled without the tests, as LoadDirToPlay.
func LoadBundledToPlay(name string) (*dsl.Module, dsl.Diagnostics) {
	return loadBundled(name, true)
}

func loadBundled(name string, play bool) (*dsl.Module, dsl.Diagnostics) {
	if _, err := fs.Stat(games.FS, name); err == nil {
		return Loader{Local: games.FS, Dir: name, Play: play}.LoadDir()
	}
	if _, err := fs.Stat(stdlib.BaseFS, name+dsl.Ext); err == nil {
		return Loader{Local: stdlib.BaseFS, Dir: name + dsl.Ext, Play: play}.LoadDir()
	}
	return nil, dsl.Diagnostics{{Severity: dsl.Error, Code: "unknown-module", Pos: dsl.Pos{File: name},
		Message: fmt.Sprintf("no bundled battle %q (have %s)%s", name, strings.Join(games.Names(), ", "), dsl.DidYouMean(name, games.Names()))}}
}

// Bundled lists the bundled battles.
func Bundled() []string { return games.Names() }

// NewEngine builds an engine on one of the module's scenarios (the first when
// name is empty). The scenario's decisions answer the rules' questions unless
// cfg has a Decider. A *interpreter.ScriptedDecider in cfg is laid over
// them instead: its answers win, the scenario's fill the rest, and its
// Default answers anything else. The scenario's seed is used unless cfg has
// Dice or a Seed.
func NewEngine(mod *dsl.Module, name string, cfg interpreter.Config) (*interpreter.Engine, error) {
	sd, err := FindScenario(mod, name)
	if err != nil {
		return nil, err
	}
	setup, diags := interpreter.BuildScenario(mod, sd)
	if diags.HasErrors() {
		return nil, diags.Err()
	}
	switch d := cfg.Decider.(type) {
	case nil:
		cfg.Decider = setup.Decider
	case *interpreter.ScriptedDecider:
		cfg.Decider = d.Under(setup.Decider)
	}
	if cfg.Dice == nil && cfg.Seed == 0 && setup.Seed != nil {
		cfg.Seed = *setup.Seed
	}
	if cfg.Effects == nil {
		cfg.Effects = defaultEffects()
	}
	e := interpreter.New(mod, setup.Board, setup.Orders, cfg)
	e.SetPhasing(setup.Turn)
	e.SetTurns(setup.Turns)
	return e, nil
}

// FindScenario finds a scenario by name, or the module's first.
func FindScenario(mod *dsl.Module, name string) (*dsl.ScenarioDef, error) {
	all := mod.AllScenarios()
	if name == "" {
		if len(all) == 0 {
			return nil, fmt.Errorf("module %s has no scenario", mod.ID)
		}
		return all[0], nil
	}
	if sd, ok := mod.Scenario(name); ok {
		return sd, nil
	}
	var names []string
	for _, s := range all {
		names = append(names, s.Name)
	}
	return nil, fmt.Errorf("module %s has no scenario %q (it has: %s)", mod.ID, name, strings.Join(names, ", "))
}

func defaultEffects() map[string]interpreter.EffectFunc { return stdlib.EffectFuncs() }

// Effects is the standard effect vocabulary, for interpreter.Config when a
// program builds its engine itself.
func Effects() map[string]interpreter.EffectFunc { return stdlib.EffectFuncs() }
