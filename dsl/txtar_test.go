package dsl_test

import (
	"bytes"
	"strings"
)

// archive is a txtar file: a comment, then files, each introduced by a
// `-- name --` line. It holds a test case: its inputs and expected outputs.
type archive struct {
	Comment []byte
	Files   []archiveFile
}

type archiveFile struct {
	Name string
	Data []byte
}

// parseArchive reads the txtar format. A file's data runs to the next marker
// line; every line keeps its newline.
func parseArchive(data []byte) *archive {
	a := &archive{}
	cur := &a.Comment
	for len(data) > 0 {
		line := data
		if i := bytes.IndexByte(data, '\n'); i >= 0 {
			line, data = data[:i+1], data[i+1:]
		} else {
			data = nil
		}
		if name, ok := marker(line); ok {
			a.Files = append(a.Files, archiveFile{Name: name})
			cur = &a.Files[len(a.Files)-1].Data
			continue
		}
		*cur = append(*cur, line...)
	}
	return a
}

// marker reads a `-- name --` line.
func marker(line []byte) (string, bool) {
	s := strings.TrimRight(string(line), "\r\n")
	if !strings.HasPrefix(s, "-- ") || !strings.HasSuffix(s, " --") || len(s) < 7 {
		return "", false
	}
	name := strings.TrimSpace(s[3 : len(s)-3])
	return name, name != ""
}

// Format writes the archive back; a file's data gets a final newline if it
// lacks one, so that the next marker starts a line.
func (a *archive) Format() []byte {
	var b bytes.Buffer
	b.Write(a.Comment)
	for _, f := range a.Files {
		b.WriteString("-- " + f.Name + " --\n")
		b.Write(f.Data)
		if len(f.Data) > 0 && f.Data[len(f.Data)-1] != '\n' {
			b.WriteByte('\n')
		}
	}
	return b.Bytes()
}

// Get returns a file's data and whether the archive has it.
func (a *archive) Get(name string) ([]byte, bool) {
	for _, f := range a.Files {
		if f.Name == name {
			return f.Data, true
		}
	}
	return nil, false
}

// Set replaces a file's data, adding the file if it is missing.
func (a *archive) Set(name string, data []byte) {
	for i := range a.Files {
		if a.Files[i].Name == name {
			a.Files[i].Data = data
			return
		}
	}
	a.Files = append(a.Files, archiveFile{Name: name, Data: data})
}
