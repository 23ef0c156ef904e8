package lsp

import (
	"os"
	"regexp"
	"sort"
	"testing"
)

// TestTextMateKeywords keeps the editor grammar in step with the parser:
// every word the grammar of the language has is highlighted by the
// TextMate grammar of editors/vscode (whose own tests, run by .ci/run with
// vscode-tmgrammar-test, say how).
func TestTextMateKeywords(t *testing.T) {
	src, err := os.ReadFile("../editors/vscode/syntaxes/bataille.tmLanguage.json")
	if err != nil {
		t.Fatal(err)
	}
	plain := map[string]bool{
		"x": true, // `map 12 x 12`: left plain, a common one-letter name
	}
	var missing []string
	for w := range grammarWords {
		if plain[w] {
			continue
		}
		if !regexp.MustCompile(`[(|]` + w + `[)|]`).Match(src) {
			missing = append(missing, w)
		}
	}
	sort.Strings(missing)
	if len(missing) > 0 {
		t.Errorf("the TextMate grammar does not highlight these words of the language: %v", missing)
	}
}
