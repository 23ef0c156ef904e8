package bataille_test

import (
	"bytes"
	"context"
	"os"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/bataille/bataille"
	"github.com/bataille/bataille/interpreter"
)

// docBlock is a fenced block of a markdown file: its info string and text.
type docBlock struct {
	info, text string
	line       int
}

// fencedBlocks reads the ``` blocks of a markdown text.
func fencedBlocks(md string) []docBlock {
	var out []docBlock
	var cur *docBlock
	var b strings.Builder
	for i, line := range strings.Split(md, "\n") {
		if strings.HasPrefix(line, "```") {
			if cur == nil {
				cur = &docBlock{info: strings.TrimSpace(strings.TrimPrefix(line, "```")), line: i + 1}
				b.Reset()
				continue
			}
			cur.text = b.String()
			out = append(out, *cur)
			cur = nil
			continue
		}
		if cur != nil {
			b.WriteString(line + "\n")
		}
	}
	return out
}

// TestScenarioDocExamples checks every `rules` example of docs/scenarios.md
// as a battle folder and plays each of its scenarios; a `rules error`
// example must fail, reporting each line of the block that follows it.
func TestScenarioDocExamples(t *testing.T) { checkDocExamples(t, "docs/scenarios.md", 5) }

// TestChartDocExamples does the same for docs/charts.md.
func TestChartDocExamples(t *testing.T) { checkDocExamples(t, "docs/charts.md", 5) }

func checkDocExamples(t *testing.T, doc string, least int) {
	md, err := os.ReadFile(doc)
	if err != nil {
		t.Fatal(err)
	}
	blocks := fencedBlocks(string(md))
	examples := 0
	for i, blk := range blocks {
		if blk.info != "rules" && blk.info != "rules error" {
			continue
		}
		examples++
		fsys := fstest.MapFS{"scenarios.rules": {Data: []byte(blk.text)}}
		mod, diags := bataille.LoadDir(fsys, "scenarios.rules")
		var printed bytes.Buffer
		diags.Print(&printed)
		if blk.info == "rules error" {
			if !diags.HasErrors() || i+1 >= len(blocks) {
				t.Errorf(doc+":%d: the mistakes example checks clean", blk.line)
				continue
			}
			for _, want := range strings.Split(strings.TrimSpace(blocks[i+1].text), "\n") {
				if !strings.Contains(printed.String(), want) {
					t.Errorf(doc+":%d: check does not report\n  %s\nit reports:\n%s", blocks[i+1].line, want, printed.String())
				}
			}
			continue
		}
		if len(diags) > 0 {
			t.Errorf(doc+":%d: the example does not check clean:\n%s", blk.line, printed.String())
			continue
		}
		if len(mod.Scenarios) == 0 && strings.Contains(blk.text, "scenario ") {
			t.Errorf(doc+":%d: no scenario read", blk.line)
		}
		for _, sd := range mod.Scenarios {
			eng, err := bataille.NewEngine(mod, sd.Name, interpreter.Config{Seed: 1})
			if err != nil {
				t.Errorf(doc+":%d: %s: %v", blk.line, sd.Name, err)
				continue
			}
			if err := eng.Run(context.Background()); err != nil || len(eng.Trace()) == 0 {
				t.Errorf(doc+":%d: %s plays with error %v and %d steps", blk.line, sd.Name, err, len(eng.Trace()))
			}
		}
	}
	if examples < least {
		t.Errorf("%s has %d examples", doc, examples)
	}
}
