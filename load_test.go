package bataille_test

import (
	"strings"
	"testing"
	"testing/fstest"

	"github.com/bataille/bataille"
)

// TestExtendsBundledNotShadowed: a module that extends a bundled battle or
// the base by its id gets the bundled one, even with a folder of that name
// beside its own (a copy left there, an impostor); the check warns of the
// folder at the extends. A folder of any other id beside it is extended.
func TestExtendsBundledNotShadowed(t *testing.T) {
	fsys := fstest.MapFS{
		"berlin1813/rules.rules": {Data: []byte("game berlin1813 \"Impostor\" extends premier\noverride param rout.hexes = 99 cite \"impostor\"\n")},
		"premier/rules.rules":    {Data: []byte("module premier \"Fake base\"\nparam fake = 1\n")},
		"mine/rules.rules":       {Data: []byte("game mine \"Mine\" extends berlin1813\n")},
		"base/rules.rules":       {Data: []byte("game mine \"Mine\" extends premier\n")},
		"friend/rules.rules":     {Data: []byte("game friend \"Friend\" extends berlin1813\noverride param rout.hexes = 7 cite \"friend\"\n")},
		"other/rules.rules":      {Data: []byte("game other \"Other\" extends friend\n")},
	}
	for _, tc := range []struct {
		dir, base, warn string
		hexes           int
	}{
		{"mine", "berlin1813", "berlin1813", 10},
		{"base", "premier", "premier", 10},
		{"other", "friend", "", 7},
	} {
		mod, diags := bataille.LoadDir(fsys, tc.dir)
		if diags.HasErrors() {
			t.Fatalf("%s: %v", tc.dir, diags)
		}
		if mod.Base == nil || mod.Base.ID != tc.base || strings.Contains(mod.Base.Title, "Impostor") || strings.Contains(mod.Base.Title, "Fake") {
			t.Errorf("%s extends %v, want the bundled %s", tc.dir, mod.Base, tc.base)
		}
		if p, _ := mod.Param("rout.hexes"); p == nil || p.Value != tc.hexes {
			t.Errorf("%s: rout.hexes = %v, want %v", tc.dir, p, tc.hexes)
		}
		warned := ""
		for _, d := range diags {
			if d.Code == "bundled-name" {
				warned = d.String()
			}
		}
		switch {
		case tc.warn == "" && warned != "":
			t.Errorf("%s: a warning for a folder it extends: %s", tc.dir, warned)
		case tc.warn != "" && (!strings.Contains(warned, "extends "+tc.warn+" is the bundled") || !strings.Contains(warned, tc.dir+"/rules.rules:1:")):
			t.Errorf("%s: want the bundled-name warning at its extends, got %q", tc.dir, warned)
		}
	}
}
