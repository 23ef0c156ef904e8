// Package playground builds the playground: a static site where the
// bataille command runs in the browser, compiled to WebAssembly, on a
// battle folder the page holds, with an editor, the checker's diagnostics
// as you type, the map, the replay, interactive play, simulations, exact
// odds, charts and diffs. Nothing is sent anywhere once the page is loaded.
//
// Build writes the site: the page's files (web/), the command compiled with
// GOOS=js GOARCH=wasm, Go's wasm_exec.js, and the editor (CodeMirror,
// bundled from npm by esbuild in editor/). `bataille playground` calls it.
package playground

import (
	"context"
	"embed"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
)

//go:generate go run ../cmd/bataille playground -o dist

//go:embed web
var web embed.FS

// Options say where to build the site from and to.
type Options struct {
	// Out is the folder the site is written to; it is made if missing.
	Out string
	// Root is the bataille source tree (the folder of its go.mod), which the
	// WebAssembly command is built from. Empty: found from the working
	// folder up.
	Root string
	// Log receives what the build does and what it could not do; nil
	// discards it.
	Log io.Writer
}

// ModulePath is the module the playground is built from.
const ModulePath = "github.com/bataille/bataille"

// Build writes the site to opt.Out. Without npm the page falls back to a
// plain text editor and Build says so; without Go it fails.
func Build(ctx context.Context, opt Options) error {
	log := opt.Log
	if log == nil {
		log = io.Discard
	}
	root := opt.Root
	if root == "" {
		var err error
		if root, err = FindRoot("."); err != nil {
			return err
		}
	}
	// Commands run in other folders than this one: paths are made absolute.
	root, err := filepath.Abs(root)
	if err != nil {
		return err
	}
	if err := os.MkdirAll(opt.Out, 0o755); err != nil {
		return err
	}
	out, err := filepath.Abs(opt.Out)
	if err != nil {
		return err
	}
	if err := copyWeb(out); err != nil {
		return err
	}
	goBin, err := exec.LookPath("go")
	if err != nil {
		return errors.New("the playground's WebAssembly is built with Go, and no go command is on the PATH")
	}
	build := exec.CommandContext(ctx, goBin, "build", "-trimpath", "-ldflags=-s -w", "-o", filepath.Join(out, "bataille.wasm"), "./cmd/bataille")
	build.Dir = root
	build.Env = append(os.Environ(), "GOOS=js", "GOARCH=wasm", "CGO_ENABLED=0")
	if b, err := build.CombinedOutput(); err != nil {
		return fmt.Errorf("building the WebAssembly command: %v\n%s", err, b)
	}
	goroot, err := exec.CommandContext(ctx, goBin, "env", "GOROOT").Output()
	if err != nil {
		return fmt.Errorf("go env GOROOT: %v", err)
	}
	if err := copyFile(wasmExec(strings.TrimSpace(string(goroot))), filepath.Join(out, "wasm_exec.js")); err != nil {
		return fmt.Errorf("Go's wasm_exec.js: %v", err)
	}
	if err := buildEditor(ctx, filepath.Join(root, "playground", "editor"), out, log); err != nil {
		fmt.Fprintf(log, "the editor was not built (%v): the page uses a plain text editor\n", err)
	}
	return nil
}

// wasmExec is where a Go installation keeps the page's side of js/wasm:
// lib/wasm since Go 1.24, misc/wasm before.
func wasmExec(goroot string) string {
	p := filepath.Join(goroot, "lib", "wasm", "wasm_exec.js")
	if _, err := os.Stat(p); err == nil {
		return p
	}
	return filepath.Join(goroot, "misc", "wasm", "wasm_exec.js")
}

// buildEditor bundles the editor with esbuild, installing the npm packages
// package-lock.json names first when they are missing.
func buildEditor(ctx context.Context, dir, out string, log io.Writer) error {
	npm, err := exec.LookPath("npm")
	if err != nil {
		return errors.New("no npm on the PATH")
	}
	if _, err := os.Stat(filepath.Join(dir, "node_modules", ".bin", "esbuild")); err != nil {
		fmt.Fprintln(log, "installing the editor's npm packages (npm ci)")
		ci := exec.CommandContext(ctx, npm, "ci", "--no-audit", "--no-fund", "--loglevel=error")
		ci.Dir = dir
		if b, err := ci.CombinedOutput(); err != nil {
			return fmt.Errorf("npm ci: %v\n%s", err, b)
		}
	}
	esbuild := exec.CommandContext(ctx, filepath.Join(dir, "node_modules", ".bin", "esbuild"), "src/editor.js", "--bundle", "--minify", "--format=iife", "--outfile="+filepath.Join(out, "editor.js"))
	esbuild.Dir = dir
	if b, err := esbuild.CombinedOutput(); err != nil {
		return fmt.Errorf("esbuild: %v\n%s", err, b)
	}
	return nil
}

// FindRoot finds the bataille source tree from dir up: the folder whose
// go.mod declares ModulePath.
func FindRoot(dir string) (string, error) {
	abs, err := filepath.Abs(dir)
	if err != nil {
		return "", err
	}
	for d := abs; ; d = filepath.Dir(d) {
		if b, err := os.ReadFile(filepath.Join(d, "go.mod")); err == nil {
			for _, line := range strings.Split(string(b), "\n") {
				if f := strings.Fields(line); len(f) == 2 && f[0] == "module" && f[1] == ModulePath {
					return d, nil
				}
			}
		}
		if filepath.Dir(d) == d {
			return "", fmt.Errorf("the playground is built from the bataille source tree, and %s is not inside one (run it in a clone of the repository)", abs)
		}
	}
}

func copyWeb(out string) error {
	return fs.WalkDir(web, "web", func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		b, err := web.ReadFile(p)
		if err != nil {
			return err
		}
		return os.WriteFile(filepath.Join(out, strings.TrimPrefix(p, "web/")), b, 0o644)
	})
}

func copyFile(from, to string) error {
	b, err := os.ReadFile(from)
	if err != nil {
		return err
	}
	return os.WriteFile(to, b, 0o644)
}
