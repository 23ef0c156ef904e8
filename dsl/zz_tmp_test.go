package dsl_test

import (
	"testing"
	"testing/fstest"
)

func TestZZ(t *testing.T) {
	for _, style := range []string{" /* c */ ", " // c\n"} {
		for _, m := range bundledModules(t) {
			commented := fstest.MapFS{}
			for name, f := range m.fsys {
				commented[name] = &fstest.MapFile{Data: []byte(commentAfterEachToken(t, string(f.Data), style))}
			}
			mod, d := checkFS(commented)
			t.Logf("%s %q clean=%v %v", m.name, style, mod != nil, diagCodes(d))
			if m.name == "games/berlin1813" {
				t.Logf("%s", formatSrc(t, "rules.rules", commented["rules.rules"].Data)[:600])
			}
		}
	}
}
