//go:build js && wasm

package main

import (
	"bytes"
	"io/fs"
	"syscall/js"

	"github.com/bataille/bataille/games"
)

// In a web page (the playground) the command is a function of the page:
// batailleRun(args) runs one command line, as the shell would, on the
// files the page holds in its in-memory file system, and resolves to
// {code, stdout, stderr}. Each command runs on a goroutine of its own, so
// that a command that waits on its workers does not block the page's
// event loop, which the Go runtime needs to go on.
func main() {
	js.Global().Set("batailleRun", js.FuncOf(func(this js.Value, argv []js.Value) any {
		var args []string
		if len(argv) > 0 {
			for i := range argv[0].Length() {
				args = append(args, argv[0].Index(i).String())
			}
		}
		promise := js.Global().Get("Promise")
		return promise.New(js.FuncOf(func(this js.Value, cb []js.Value) any {
			resolve := cb[0]
			go func() {
				var out, errb bytes.Buffer
				code := run(args, &out, &errb)
				res := js.Global().Get("Object").New()
				res.Set("code", code)
				res.Set("stdout", out.String())
				res.Set("stderr", errb.String())
				resolve.Invoke(res)
			}()
			return nil
		}))
	}))
	js.Global().Set("batailleBundled", js.FuncOf(func(this js.Value, argv []js.Value) any {
		return bundledFiles()
	}))
	if ready := js.Global().Get("onBatailleReady"); ready.Type() == js.TypeFunction {
		ready.Invoke()
	}
	select {}
}

// bundledFiles is every bundled battle's files, for the page to start from:
// {battle: {file: text}}.
func bundledFiles() any {
	out := map[string]any{}
	for _, name := range games.Names() {
		files := map[string]any{}
		entries, _ := fs.ReadDir(games.FS, name)
		for _, e := range entries {
			if b, err := fs.ReadFile(games.FS, name+"/"+e.Name()); err == nil && !e.IsDir() {
				files[e.Name()] = string(b)
			}
		}
		out[name] = files
	}
	return out
}
