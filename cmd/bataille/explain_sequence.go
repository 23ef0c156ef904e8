package main

import (
	"fmt"
	"io"
	"strings"

	"github.com/bataille/bataille/dsl"
	"github.com/bataille/bataille/interpreter"
)

// explainSequence shows the sequence of play a battle has in force: where
// it is declared, and each phase with the engine's procedure it plays.
func explainSequence(w io.Writer, mod *dsl.Module) {
	s := mod.Sequence
	if s == nil {
		fmt.Fprintf(w, "%s declares no sequence of play: the engine plays its own order\n", mod.ID)
		return
	}
	fmt.Fprintf(w, "sequence of play in %s: %s\n", mod.ID, s.Title)
	if len(s.Cite) > 0 {
		fmt.Fprintf(w, "cites: %s\n", strings.Join(mod.Cites(s.Cite), ", "))
	}
	fmt.Fprintf(w, "declared by module %s at %s\n\n", s.Module, s.Pos)
	for i, p := range s.Phases {
		fmt.Fprintf(w, "  %d. %-20s %-15s %s\n", i+1, p.Title, p.Proc, interpreter.Procedures[p.Proc])
	}
}
