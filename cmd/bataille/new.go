package main

import (
	"fmt"
	"io"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"text/tabwriter"
	"unicode"

	"github.com/bataille/bataille/dsl"
	"github.com/bataille/bataille/internal/visible"
	"github.com/spf13/pflag"
)

func init() {
	register(command{"new", "write a new battle folder that checks and runs, to start from", cmdNew})
	register(command{"scenarios", "list a battle's scenarios with their titles", cmdScenarios})
}

func cmdNew(args []string, stdout, stderr io.Writer) int {
	fs := pflag.NewFlagSet("new", pflag.ContinueOnError)
	fs.SetOutput(stderr)
	extends := fs.String("extends", "premier", "the module the battle extends: premier, a bundled battle, or a folder beside DIR (of another name than those)")
	fs.Usage = func() {
		fmt.Fprintln(stderr, "Usage: bataille new DIR [--extends GAME]\n\nWrites DIR/rules.rules (the battle's header and examples of an override,\na table, a modifier and a rule, each commented) and DIR/scenarios.rules (one\nscenario). The folder checks and runs as written:\n\n  bataille check DIR && bataille run DIR\n\nFlags:")
		fs.PrintDefaults()
	}
	if code, ok := parseArgs(fs, args, 1, 1); !ok {
		return code
	}
	dir := fs.Arg(0)
	if entries, err := os.ReadDir(dir); err == nil && len(entries) > 0 {
		fmt.Fprintf(stderr, "bataille new: %s is not empty; give a new folder\n", dir)
		return exitFail
	}
	id := moduleID(filepath.Base(filepath.Clean(dir)))
	if name := strings.ReplaceAll(id, "_", "-"); isBundled(id) || isBundled(name) {
		fmt.Fprintf(stderr, "bataille new: a battle named %s would shadow the bundled %s (a bare name %s, and a battle beside it that extends %s, find the bundled one, not this folder); give another name\n", id, name, name, id)
		return exitUsage
	}
	// --extends names a folder beside DIR, as the written extends line
	// will find it; the name of a bundled battle or the base is always
	// the bundled one, as extends reads it.
	besideDIR := filepath.Join(filepath.Dir(filepath.Clean(dir)), strings.ReplaceAll(*extends, "_", "-"))
	from := *extends
	if st, err := os.Stat(besideDIR); err == nil && st.IsDir() && !looksLikePath(*extends) && !isBundled(*extends) && !isBundled(strings.ReplaceAll(*extends, "_", "-")) {
		from = besideDIR
	}
	base := loadOrReport(from, toTest, stderr)
	if base == nil {
		return exitFail
	}
	files := map[string]string{
		"rules.rules":     fmt.Sprintf(newRules, id, titleOf(id), base.ID),
		"scenarios.rules": fmt.Sprintf(newScenarios, nationalities(base)...),
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		fmt.Fprintf(stderr, "bataille new: %v\n", err)
		return exitFail
	}
	for _, name := range []string{"rules.rules", "scenarios.rules"} {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(files[name]), 0o644); err != nil {
			fmt.Fprintf(stderr, "bataille new: %v\n", err)
			return exitFail
		}
		fmt.Fprintln(stdout, filepath.Join(dir, name))
	}
	// What new writes always checks: if it does not (a base it cannot
	// start from), it is taken back and the errors say why.
	if _, diags := loadPath(dir, toTest); diags.HasErrors() {
		diags.Print(stderr)
		for _, name := range []string{"rules.rules", "scenarios.rules"} {
			os.Remove(filepath.Join(dir, name))
		}
		os.Remove(dir)
		fmt.Fprintf(stderr, "bataille new: the battle written would not check against %s; nothing is left in %s\n", from, dir)
		return exitFail
	}
	fmt.Fprintf(stderr, "battle %s extends %s; try: bataille check %s && bataille run %s\n", id, base.ID, dir, dir)
	return exitOK
}

// nationalities gives the scenario's cavalry and battalion a nationality of
// the base, when it declares any: a battle that keys its charts by
// nationality (the published Carré and Recall charts) finds no column for a
// unit without one.
func nationalities(base *dsl.Module) []any {
	words := slices.Sorted(maps.Keys(base.Vocab[dsl.KindNationality]))
	switch len(words) {
	case 0:
		return []any{"", ""}
	case 1:
		return []any{"  nationality: " + words[0], "  nationality: " + words[0]}
	}
	return []any{"  nationality: " + words[1], "  nationality: " + words[0]}
}

// moduleID makes a module id from a folder name: letters, digits and
// underscores, starting with a letter.
func moduleID(name string) string {
	var b strings.Builder
	for _, r := range strings.ToLower(name) {
		switch {
		case r < unicode.MaxASCII && (unicode.IsLetter(r) || unicode.IsDigit(r)):
			b.WriteRune(r)
		case b.Len() > 0:
			b.WriteByte('_')
		}
	}
	id := strings.Trim(b.String(), "_")
	if id == "" || !unicode.IsLetter(rune(id[0])) {
		id = "battle_" + id
	}
	return strings.TrimSuffix(id, "_")
}

func titleOf(id string) string {
	return "La Bataille de " + strings.ToUpper(id[:1]) + strings.ReplaceAll(id[1:], "_", " ")
}

func cmdScenarios(args []string, stdout, stderr io.Writer) int {
	fs := pflag.NewFlagSet("scenarios", pflag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.Usage = func() {
		fmt.Fprintln(stderr, "Usage: bataille scenarios GAME|DIR\n\nLists the scenarios a battle can play (its own and those of the modules it\nextends), each with its title; the first is the one run plays by default.")
		fs.PrintDefaults()
	}
	mod, code := parseGame(fs, args, 1, 1, stderr)
	if mod == nil {
		return code
	}
	all := mod.AllScenarios()
	if len(all) == 0 {
		fmt.Fprintf(stderr, "%s has no scenario\n", mod.ID)
		return exitOK
	}
	tw := tabwriter.NewWriter(stdout, 0, 0, 3, ' ', 0)
	for _, sd := range all {
		fmt.Fprintf(tw, "%s\t%s\n", sd.Name, visible.Line(sd.Title))
	}
	tw.Flush()
	return exitOK
}

// newRules is the rules file of a new battle: its id, title and base.
const newRules = `// The rules of a new battle. It starts as its base plays and changes what
// its own pages say; each change names the page it comes from.
//
//   bataille check .         every error at once, with line and column
//   bataille explain . NAME  a declaration as this battle has it, and where from
//   bataille run .           plays the first scenario, each ruling cited

game %s "%s" extends %s

// An override changes a declaration of the module extended. The word
// override is required, so that a misspelt name is an error rather than a
// new declaration nobody reads.
override param rout.hexes = 8 cite "My battle p40"

// A table states its roll, and the checker proves that every result lands
// in exactly one row. Rolling it runs the rules on recall.recall or
// recall.fail, so the outcome names are those the base's rules read.
override table recall "Recall Chart" roll 1d6 + modifier 0..1 cite "My battle special rules" {
  1..3 => recall
  4..7 => fail
}

// A modifier adds to a roll when its condition holds, within the roll's
// declared bounds; the narration shows each by its title
// ("d66 41, Veterans +3 → 44"). It reads the names the roll's hook offers,
// and unit for the unit that checks.
modifier stand.veterans "Veterans" cite "My battle p41" { 3 when unit.guard }

// A rule runs on a hook (bataille explain . charge_contact lists its names):
// when selects, require blocks with a message, do changes the game.
rule contact.announce "The charge strikes home" on charge_contact cite "My battle p41" {
  when target.arm == "infantry"
  do note(charger.id + " strikes " + target.id)
}
`

// newScenarios is the scenario file of a new battle: one scenario that the
// base modules can play.
const newScenarios = `// The battle's scenarios: a map, units and orders. bataille scenarios .
// lists them; bataille run . NAME plays one.

// Hussars charge a battalion across open ground and over a stream; the
// battalion tries Carré when they come within reach.
scenario first_charge "Hussars charge a battalion over a stream" {
  map 12 x 12 clear
  turn allied
  hexside stream 0608/0607
  terrain woods 0904 0905
  unit hus "Hussars" { side: allied%s  arm: cavalry  increments: 4  formation: column  facing: N  morale: 31  mp: 8  melee: 6  at: 0610 }
  unit inf "Battalion" { side: french%s  arm: infantry  increments: 6  formation: line  facing: S  morale: 36  melee: 6  at: 0604 }
  charge hus at inf path 0609 0608 0607 0606 0605
  decide inf form_carre yes
}
`
