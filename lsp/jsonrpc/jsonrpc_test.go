package jsonrpc

import (
	"bytes"
	"encoding/json"
	"errors"
	"io"
	"strings"
	"testing"
)

func frame(body string) string {
	return "Content-Length: " + itoa(len(body)) + "\r\n\r\n" + body
}

func itoa(n int) string { b, _ := json.Marshal(n); return string(b) }

func TestRead(t *testing.T) {
	tests := []struct {
		name, in   string
		method, id string // of the first message
		err        string // of the first read, when it fails
	}{
		{"request", frame(`{"jsonrpc":"2.0","id":1,"method":"initialize","params":{}}`), "initialize", "1", ""},
		{"string id", frame(`{"jsonrpc":"2.0","id":"a","method":"x"}`), "x", `"a"`, ""},
		{"notification", frame(`{"jsonrpc":"2.0","method":"initialized","params":{}}`), "initialized", "", ""},
		{"content type and LF only", "Content-Type: application/vscode-jsonrpc; charset=utf-8\nContent-Length: 30\n\n" + `{"jsonrpc":"2.0","method":"x"}`, "x", "", ""},
		{"lower-case header", "content-length: 30\r\n\r\n" + `{"jsonrpc":"2.0","method":"x"}`, "x", "", ""},
		{"no length", "Content-Type: x\r\n\r\n{}", "", "", "no Content-Length"},
		{"bad length", "Content-Length: -3\r\n\r\n", "", "", "bad Content-Length"},
		{"huge length", "Content-Length: 999999999999\r\n\r\n", "", "", "over the limit"},
		{"no colon", "Content-Length 3\r\n\r\n", "", "", "no colon"},
		{"cut body", "Content-Length: 10\r\n\r\n{}", "", "", "cut short"},
		{"cut header", "Content-Len", "", "", "inside a header line"},
		{"cut headers", "Content-Length: 2\r\n", "", "", "inside the headers"},
		{"not json", frame(`{nope`), "", "", "bad message"},
		{"wrong version", frame(`{"jsonrpc":"1.0","id":1,"method":"x"}`), "", "", "not JSON-RPC 2.0"},
		{"object id", frame(`{"jsonrpc":"2.0","id":{},"method":"x"}`), "", "", "neither a number nor a string"},
		{"nothing", frame(`{"jsonrpc":"2.0"}`), "", "", "neither a method call nor a response"},
		{"long header", strings.Repeat("x", 2000), "", "", "longer than"},
		{"empty", "", "", "", "EOF"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			m, err := NewReader(strings.NewReader(tt.in)).Read()
			if tt.err != "" {
				if err == nil || !strings.Contains(err.Error(), tt.err) {
					t.Fatalf("got %v, want an error with %q", err, tt.err)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if m.Method != tt.method || string(m.ID) != tt.id {
				t.Fatalf("got method %q id %s, want %q %s", m.Method, m.ID, tt.method, tt.id)
			}
		})
	}
}

// A message that is not JSON-RPC is reported, and the next one is read.
func TestReadAfterParseError(t *testing.T) {
	r := NewReader(strings.NewReader(frame(`[1,2]`) + frame(`{"jsonrpc":"2.0","id":2,"method":"shutdown"}`)))
	_, err := r.Read()
	var pe *ParseError
	if !errors.As(err, &pe) {
		t.Fatalf("got %v, want a ParseError", err)
	}
	m, err := r.Read()
	if err != nil || m.Method != "shutdown" || string(m.ID) != "2" {
		t.Fatalf("got %+v, %v; want the shutdown request", m, err)
	}
	if _, err := r.Read(); err != io.EOF {
		t.Fatalf("got %v at the end, want io.EOF", err)
	}
}

func TestWriteRead(t *testing.T) {
	var buf bytes.Buffer
	w := NewWriter(&buf)
	req, _ := Request(7, "textDocument/hover", map[string]int{"line": 3})
	note, _ := Notification("exit", nil)
	resp, _ := Response(json.RawMessage("7"), nil)
	fail := ErrorResponse(json.RawMessage(`"x"`), CodeMethodNotFound, "no method %q", "y")
	for _, m := range []*Message{req, note, resp, fail} {
		if err := w.Write(m); err != nil {
			t.Fatal(err)
		}
	}
	wire := buf.String()
	if !strings.Contains(wire, `{"jsonrpc":"2.0","id":7,"result":null}`) {
		t.Errorf("a response without result must say \"result\":null; got %s", wire)
	}
	r := NewReader(&buf)
	for i, want := range []string{"textDocument/hover", "exit", "", ""} {
		m, err := r.Read()
		if err != nil {
			t.Fatalf("message %d: %v", i, err)
		}
		if m.Method != want {
			t.Errorf("message %d: method %q, want %q", i, m.Method, want)
		}
	}
	if _, err := r.Read(); err != io.EOF {
		t.Fatalf("got %v, want io.EOF", err)
	}
	if !strings.Contains(wire, `"error":{"code":-32601,"message":"no method \"y\""}`) {
		t.Errorf("error response: %s", wire)
	}
}

// FuzzRead feeds the reader any bytes: it never panics, never returns a
// message with an error, stops at a framing error, and what it reads
// survives a round trip through the writer.
func FuzzRead(f *testing.F) {
	f.Add([]byte(frame(`{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"processId":null}}`)))
	f.Add([]byte(frame(`{"jsonrpc":"2.0","method":"exit"}`) + frame(`{"jsonrpc":"2.0","id":"x","result":[1]}`)))
	f.Add([]byte("Content-Length: 5\n\n{}{}{"))
	f.Add([]byte("Content-Length: 99999999999999999999\r\n\r\n"))
	f.Add([]byte(frame(`{"jsonrpc":"2.0","id":null,"error":{"code":1,"message":"m"}}`)))
	f.Fuzz(func(t *testing.T, in []byte) {
		r := NewReader(bytes.NewReader(in))
		for range 100 {
			m, err := r.Read()
			if err != nil {
				if m != nil {
					t.Fatal("a message and an error")
				}
				var pe *ParseError
				if errors.As(err, &pe) {
					continue
				}
				return
			}
			var buf bytes.Buffer
			if err := NewWriter(&buf).Write(m); err != nil {
				t.Fatalf("cannot write back %+v: %v", m, err)
			}
			back, err := NewReader(&buf).Read()
			if err != nil {
				t.Fatalf("cannot read back %q: %v", buf.String(), err)
			}
			if back.Method != m.Method || !bytes.Equal(compact(back.ID), compact(m.ID)) {
				t.Fatalf("round trip changed %+v into %+v", m, back)
			}
		}
	})
}

func compact(b json.RawMessage) []byte {
	var buf bytes.Buffer
	if json.Compact(&buf, b) != nil {
		return b
	}
	return buf.Bytes()
}
