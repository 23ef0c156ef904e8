// Package golden compares output with a file kept in the repository, and
// rewrites the file when a test runs with -update.
package golden

import (
	"bytes"
	"os"
	"testing"
)

// Check compares got with the file at path; with update it first writes got
// there. hint tells the reader how to regenerate the file.
func Check(t *testing.T, path string, got []byte, update bool, hint string) {
	t.Helper()
	if update {
		if err := os.WriteFile(path, got, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got, want) {
		t.Errorf("%s is out of date: %s", path, hint)
	}
}
