// Package jsonrpc reads and writes JSON-RPC 2.0 messages framed the way the
// Language Server Protocol frames them: header lines, a blank line, then
// Content-Length bytes of JSON. It is the protocol layer of package lsp,
// kept apart so that it can be fuzzed on its own.
//
//	r := jsonrpc.NewReader(os.Stdin)
//	w := jsonrpc.NewWriter(os.Stdout)
//	msg, err := r.Read()
//	err = w.Write(jsonrpc.Response(msg.ID, result))
package jsonrpc

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"
	"sync"
)

// Error codes of JSON-RPC and the LSP.
const (
	CodeParseError     = -32700
	CodeInvalidRequest = -32600
	CodeMethodNotFound = -32601
	CodeInvalidParams  = -32602
	CodeInternalError  = -32603
	// CodeServerNotInitialized answers a request sent before initialize.
	CodeServerNotInitialized = -32002
	// CodeRequestCancelled answers a request the client cancelled.
	CodeRequestCancelled = -32800
)

// Limits bound what a reader takes, so that a peer cannot make it allocate
// without end: a header line, the number of header lines and a body.
var Limits = struct {
	HeaderLine, Headers, Body int
}{HeaderLine: 1024, Headers: 16, Body: 64 << 20}

// Message is a request (ID and Method), a notification (Method, no ID) or a
// response (ID, and Result or Error).
type Message struct {
	ID     json.RawMessage // nil for a notification
	Method string
	Params json.RawMessage
	Result json.RawMessage
	Error  *Error
}

// IsRequest reports whether the message asks for an answer.
func (m *Message) IsRequest() bool { return m.Method != "" && m.ID != nil }

// IsNotification reports whether the message is a method call without an ID.
func (m *Message) IsNotification() bool { return m.Method != "" && m.ID == nil }

// Error is a JSON-RPC error object.
type Error struct {
	Code    int    `json:"code"`
	Message string `json:"message"`
}

func (e *Error) Error() string { return fmt.Sprintf("jsonrpc error %d: %s", e.Code, e.Message) }

type wire struct {
	JSONRPC string          `json:"jsonrpc"`
	ID      json.RawMessage `json:"id,omitempty"`
	Method  string          `json:"method,omitempty"`
	Params  json.RawMessage `json:"params,omitempty"`
	Result  json.RawMessage `json:"result,omitempty"`
	Error   *Error          `json:"error,omitempty"`
}

// MarshalJSON writes the message with "jsonrpc": "2.0"; a response without
// an error always carries "result", null when there is none.
func (m *Message) MarshalJSON() ([]byte, error) {
	w := wire{JSONRPC: "2.0", ID: m.ID, Method: m.Method, Params: m.Params, Result: m.Result, Error: m.Error}
	isResponse := m.Method == ""
	if isResponse && w.ID == nil {
		w.ID = json.RawMessage("null")
	}
	if isResponse && m.Error == nil && len(w.Result) == 0 {
		w.Result = json.RawMessage("null")
	}
	return marshal(w)
}

// marshal is json.Marshal without HTML escaping, so that a peer's raw JSON
// (a request id "&" above all) goes back byte for byte, not as "\u0026":
// a client may compare the ids it sent with those it gets as text.
func marshal(v any) ([]byte, error) {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		return nil, err
	}
	return bytes.TrimSuffix(b.Bytes(), []byte("\n")), nil
}

// UnmarshalJSON reads a message and checks that it is one: version 2.0, an
// id that is a number, a string or null, and a method or a response's result
// or error.
func (m *Message) UnmarshalJSON(b []byte) error {
	var w wire
	if err := json.Unmarshal(b, &w); err != nil {
		return err
	}
	if w.JSONRPC != "2.0" {
		return errors.New(`not JSON-RPC 2.0: "jsonrpc" is not "2.0"`)
	}
	if w.ID != nil {
		switch c := bytes.TrimSpace(w.ID); {
		case len(c) == 0:
			return errors.New("empty id")
		case c[0] == '"', c[0] == '-', c[0] >= '0' && c[0] <= '9':
		case string(c) == "null":
			if w.Method != "" {
				return errors.New("a request's id may not be null")
			}
		default:
			return fmt.Errorf("id %s is neither a number nor a string", c)
		}
	}
	if w.Method == "" && w.ID == nil {
		return errors.New("neither a method call nor a response")
	}
	*m = Message{ID: w.ID, Method: w.Method, Params: w.Params, Result: w.Result, Error: w.Error}
	return nil
}

// Request builds a request.
func Request(id int, method string, params any) (*Message, error) {
	p, err := json.Marshal(params)
	if err != nil {
		return nil, err
	}
	return &Message{ID: json.RawMessage(strconv.Itoa(id)), Method: method, Params: p}, nil
}

// Notification builds a notification.
func Notification(method string, params any) (*Message, error) {
	p, err := json.Marshal(params)
	if err != nil {
		return nil, err
	}
	return &Message{Method: method, Params: p}, nil
}

// Response builds the answer to the request with the given id.
func Response(id json.RawMessage, result any) (*Message, error) {
	r, err := json.Marshal(result)
	if err != nil {
		return nil, err
	}
	return &Message{ID: id, Result: r}, nil
}

// ErrorResponse builds an error answer.
func ErrorResponse(id json.RawMessage, code int, format string, args ...any) *Message {
	return &Message{ID: id, Error: &Error{Code: code, Message: fmt.Sprintf(format, args...)}}
}

// FramingError says the stream cannot be read on: a header is malformed or a
// body is cut short. A reader that returns one has lost its place.
type FramingError struct{ Msg string }

func (e *FramingError) Error() string { return "jsonrpc: " + e.Msg }

// ParseError says one message's body is not a JSON-RPC message. The frame
// was whole, so the reader can go on to the next.
type ParseError struct {
	Err error
}

func (e *ParseError) Error() string { return "jsonrpc: bad message: " + e.Err.Error() }
func (e *ParseError) Unwrap() error { return e.Err }

// Reader reads framed messages.
type Reader struct {
	r *bufio.Reader
}

// NewReader reads messages from r.
func NewReader(r io.Reader) *Reader { return &Reader{r: bufio.NewReader(r)} }

// Read returns the next message. At the end of the stream between messages
// it returns io.EOF; a *ParseError leaves the reader at the next message; any
// other error ends the stream.
func (r *Reader) Read() (*Message, error) {
	body, err := r.frame()
	if err != nil {
		return nil, err
	}
	var m Message
	if err := json.Unmarshal(body, &m); err != nil {
		return nil, &ParseError{Err: err}
	}
	return &m, nil
}

// frame reads the headers and returns the body they announce.
func (r *Reader) frame() ([]byte, error) {
	length := -1
	for n := 0; ; n++ {
		line, err := r.line()
		if err != nil {
			if err == io.EOF && n == 0 {
				return nil, io.EOF
			}
			if err == io.EOF {
				return nil, &FramingError{"stream ends inside the headers"}
			}
			return nil, err
		}
		if line == "" {
			break
		}
		if n >= Limits.Headers {
			return nil, &FramingError{fmt.Sprintf("more than %d header lines", Limits.Headers)}
		}
		key, value, ok := strings.Cut(line, ":")
		if !ok {
			return nil, &FramingError{fmt.Sprintf("header %q has no colon", line)}
		}
		if strings.EqualFold(strings.TrimSpace(key), "Content-Length") {
			v, err := strconv.Atoi(strings.TrimSpace(value))
			if err != nil || v < 0 {
				return nil, &FramingError{fmt.Sprintf("bad Content-Length %q", strings.TrimSpace(value))}
			}
			if v > Limits.Body {
				return nil, &FramingError{fmt.Sprintf("Content-Length %d is over the limit of %d bytes", v, Limits.Body)}
			}
			length = v
		}
	}
	if length < 0 {
		return nil, &FramingError{"no Content-Length header"}
	}
	body := make([]byte, length)
	if _, err := io.ReadFull(r.r, body); err != nil {
		return nil, &FramingError{fmt.Sprintf("body cut short: %v", err)}
	}
	return body, nil
}

// line reads one header line without its CRLF (a bare LF is accepted).
func (r *Reader) line() (string, error) {
	var b []byte
	for {
		c, err := r.r.ReadByte()
		if err != nil {
			if err == io.EOF && len(b) > 0 {
				return "", &FramingError{"stream ends inside a header line"}
			}
			return "", err
		}
		if c == '\n' {
			return strings.TrimSuffix(string(b), "\r"), nil
		}
		if len(b) >= Limits.HeaderLine {
			return "", &FramingError{fmt.Sprintf("header line longer than %d bytes", Limits.HeaderLine)}
		}
		b = append(b, c)
	}
}

// Writer writes framed messages; it is safe for concurrent use.
type Writer struct {
	mu sync.Mutex
	w  io.Writer
}

// NewWriter writes messages to w.
func NewWriter(w io.Writer) *Writer { return &Writer{w: w} }

// Write sends one message.
func (w *Writer) Write(m *Message) error {
	body, err := marshal(m)
	if err != nil {
		return err
	}
	w.mu.Lock()
	defer w.mu.Unlock()
	if _, err := fmt.Fprintf(w.w, "Content-Length: %d\r\n\r\n", len(body)); err != nil {
		return err
	}
	_, err = w.w.Write(body)
	return err
}
