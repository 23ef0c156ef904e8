//go:build !(js && wasm)

package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"time"

	"github.com/bataille/bataille/playground"
	"github.com/spf13/pflag"
)

func init() {
	register(command{"playground", "build the playground, bataille in a web page, and serve it on this machine or write it to a folder", cmdPlayground})
}

func cmdPlayground(args []string, stdout, stderr io.Writer) int {
	fs := pflag.NewFlagSet("playground", pflag.ContinueOnError)
	fs.SetOutput(stderr)
	out := fs.StringP("out", "o", "", "write the site to this folder (to put on any static host) instead of serving it")
	addr := fs.String("addr", "127.0.0.1:8080", "serve the site on this loopback address (port 0: any free one)")
	fs.Usage = func() {
		fmt.Fprintln(stderr, `Usage: bataille playground [-o DIR] [--addr 127.0.0.1:PORT]

Builds the playground, a static site where the bataille command runs in the
browser, compiled to WebAssembly: an editor with the checker's diagnostics
as you type, the map, the replay, interactive play, simulations, exact odds,
charts and diffs, and a share link that holds the whole folder. It is built
from the source tree (run it in a clone of the repository) with Go, and with
npm for the editor (without npm the page has a plain text editor).

Without -o it serves the site on --addr and prints the address to open.`)
		fs.PrintDefaults()
	}
	if code, ok := parseArgs(fs, args, 0, 0); !ok {
		return code
	}
	dir := *out
	if dir == "" {
		tmp, err := os.MkdirTemp("", "bataille-playground-")
		if err != nil {
			fmt.Fprintf(stderr, "bataille playground: %v\n", err)
			return exitFail
		}
		defer os.RemoveAll(tmp)
		dir = tmp
	}
	ctx, stop := interruptContext()
	defer stop()
	fmt.Fprintln(stderr, "building the playground (the WebAssembly command and the editor)…")
	if err := playground.Build(ctx, playground.Options{Out: dir, Log: stderr}); err != nil {
		fmt.Fprintf(stderr, "bataille playground: %v\n", err)
		return exitFail
	}
	if *out != "" {
		size := int64(0)
		if st, err := os.Stat(filepath.Join(dir, "bataille.wasm")); err == nil {
			size = st.Size()
		}
		fmt.Fprintf(stdout, "wrote the playground to %s (bataille.wasm %.1f MB); serve the folder from any static host\n", dir, float64(size)/1e6)
		return exitOK
	}
	host, _, err := net.SplitHostPort(*addr)
	if ip := net.ParseIP(host); err != nil || host != "localhost" && (ip == nil || !ip.IsLoopback()) {
		fmt.Fprintf(stderr, "bataille playground: --addr %s: serve on a loopback address (127.0.0.1:PORT); to publish the site, write it with -o and use a static host\n", *addr)
		return exitUsage
	}
	ln, err := net.Listen("tcp", *addr)
	if err != nil {
		fmt.Fprintf(stderr, "bataille playground: %v\n", err)
		return exitFail
	}
	srv := &http.Server{Handler: http.FileServer(http.Dir(dir)), ReadHeaderTimeout: 10 * time.Second}
	fmt.Fprintf(stdout, "the playground is at http://%s/ (Ctrl-C stops it)\n", ln.Addr())
	go func() {
		<-ctx.Done()
		shut, cancel := context.WithTimeout(context.Background(), 2*time.Second)
		defer cancel()
		_ = srv.Shutdown(shut)
	}()
	if err := srv.Serve(ln); err != nil && !errors.Is(err, http.ErrServerClosed) {
		fmt.Fprintf(stderr, "bataille playground: %v\n", err)
		return exitFail
	}
	return exitOK
}
