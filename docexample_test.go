package bataille_test

import (
	"os"
	"strings"
	"testing"
)

// TestPackageDocExample: every line of the package documentation's example
// is a line of Example_packageDoc (the output aside), so the documented
// code is code that compiles and runs.
func TestPackageDocExample(t *testing.T) {
	doc, err := os.ReadFile("load.go")
	if err != nil {
		t.Fatal(err)
	}
	ex, err := os.ReadFile("example_test.go")
	if err != nil {
		t.Fatal(err)
	}
	body := string(ex[strings.Index(string(ex), "func Example_packageDoc()"):])
	body = body[:strings.Index(body, "\n}\n")]
	lines := 0
	for _, line := range strings.Split(string(doc), "\n") {
		code, ok := strings.CutPrefix(line, "//\t")
		if !ok {
			if strings.HasPrefix(line, "package ") {
				break
			}
			continue
		}
		lines++
		code = strings.ReplaceAll(code, "os.Stdout", "io.Discard")
		if !strings.Contains(body, "\t"+code) {
			t.Errorf("the package doc's line %q is not in Example_packageDoc", code)
		}
	}
	if lines < 5 {
		t.Fatalf("found %d lines of example in load.go's documentation", lines)
	}
}
