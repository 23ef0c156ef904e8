package bataille_test

import (
	"bytes"
	"context"
	"sync"
	"testing"

	"github.com/bataille/bataille"
	"github.com/bataille/bataille/interpreter"
)

// TestSharedBaseAndClosures loads the bundled battles from several
// goroutines at once, as a language server or a sweep over variants does:
// they share the base module, checked once, and each battle's compiled
// expressions. Every goroutine must play the same traces. Run it with -race.
func TestSharedBaseAndClosures(t *testing.T) {
	play := func() (string, error) {
		var b bytes.Buffer
		for _, name := range bataille.Bundled() {
			mod, diags := bataille.LoadBundled(name)
			if diags.HasErrors() {
				return "", diags.Err()
			}
			for _, sd := range mod.AllScenarios() {
				e, err := bataille.NewEngine(mod, sd.Name, interpreter.Config{Seed: 7})
				if err != nil {
					return "", err
				}
				if err := e.Run(context.Background()); err != nil {
					b.WriteString(err.Error())
				}
				e.Trace().WriteText(&b, true)
			}
		}
		return b.String(), nil
	}
	var wg sync.WaitGroup
	out := make([]string, 4)
	errs := make([]error, 4)
	for i := range out {
		wg.Add(1)
		go func() {
			defer wg.Done()
			out[i], errs[i] = play()
		}()
	}
	wg.Wait()
	for i := range out {
		if errs[i] != nil {
			t.Fatal(errs[i])
		}
		if out[i] != out[0] {
			t.Fatalf("goroutine %d played differently", i)
		}
	}
	if out[0] == "" {
		t.Fatal("nothing played")
	}
}
