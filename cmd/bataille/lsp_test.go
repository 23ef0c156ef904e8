package main

import (
	"fmt"
	"strings"
	"testing"
)

func lspFrames(bodies ...string) string {
	var b strings.Builder
	for _, body := range bodies {
		fmt.Fprintf(&b, "Content-Length: %d\r\n\r\n%s", len(body), body)
	}
	return b.String()
}

// TestLSP runs the command on a short session: the answers come framed on
// stdout, and the exit code says whether the client shut down first.
func TestLSP(t *testing.T) {
	old := lspInput
	defer func() { lspInput = old }()
	tests := []struct {
		name  string
		in    string
		code  int
		wants []string
	}{
		{"initialize, shutdown, exit", lspFrames(`{"jsonrpc":"2.0","id":1,"method":"initialize","params":{}}`,
			`{"jsonrpc":"2.0","id":2,"method":"shutdown"}`, `{"jsonrpc":"2.0","method":"exit"}`),
			exitOK, []string{`"id":1,"result":{"capabilities":`, `"serverInfo":{"name":"bataille"`, `{"jsonrpc":"2.0","id":2,"result":null}`}},
		{"exit without shutdown", lspFrames(`{"jsonrpc":"2.0","method":"exit"}`), exitFail, nil},
		{"stream cut in a frame", "Content-Length: 99\r\n\r\n{", exitFail, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			lspInput = strings.NewReader(tt.in)
			code, out, stderr := bat(t, "lsp", "--stdio")
			if code != tt.code {
				t.Fatalf("exit %d, want %d; stderr %s", code, tt.code, stderr)
			}
			for _, w := range tt.wants {
				if !strings.Contains(out, w) {
					t.Errorf("stdout lacks %s:\n%s", w, out)
				}
			}
		})
	}
	if code, _, stderr := bat(t, "lsp", "--help"); code != exitOK || !strings.Contains(stderr, "Language Server Protocol") {
		t.Errorf("lsp --help: exit %d, %s", code, stderr)
	}
}
