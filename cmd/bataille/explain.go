package main

import (
	"fmt"
	"io"
	"sort"
	"strings"

	"github.com/bataille/bataille/dsl"
	"github.com/bataille/bataille/internal/visible"
	"github.com/spf13/pflag"
)

func init() {
	register(command{"explain", "show a rule, param, table or word as a battle has it, and where each part comes from", cmdExplain})
}

func cmdExplain(args []string, stdout, stderr io.Writer) int {
	fs := pflag.NewFlagSet("explain", pflag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.Usage = func() {
		fmt.Fprintf(stderr, `Usage: bataille explain GAME|DIR NAME [--svg FILE] [--html FILE]

Shows the declaration NAME (a rule, param, table, check, modifier, chart,
word, objective, invariant, constraint or test; each of them, when kinds
share the name) as it is in force in the battle after extends and overrides:
its text, the module and line each version comes from, its citation, and the
hooks it runs on (for a param or table: the rules that read or roll it).
NAME may also be a hook (charge_contact, recall.fail): what it is, the names
its expressions read, and the rules that run on it, in order. A table or
check lists its named modifiers and where each comes from; the NAME
%s
A table or chart is also shown as the grid it is printed as: a column per
column it declares, labelled by its keys, and rows by the roll.
`, wrap(`"placeholders" lists every figure the battle plays that is a placeholder, "sequence" the phases of its turn, and `+listNames()+` list what can be explained.`, 76))
		fs.PrintDefaults()
	}
	svgOut := fs.String("svg", "", "for a table: also draw it as its chart is printed, to this SVG file")
	htmlOut := fs.String("html", "", "for a table: also draw it as its chart is printed, to this HTML page")
	mod, code := parseGame(fs, args, 2, 2, stderr)
	if mod == nil {
		return code
	}
	name := fs.Arg(1)
	if name == "placeholders" {
		explainPlaceholders(stdout, mod)
		return exitOK
	}
	if name == "sequence" {
		explainSequence(stdout, mod)
		return exitOK
	}
	if kinds, ok := listable[name]; ok {
		explainList(stdout, mod, name, kinds)
		return exitOK
	}
	if *svgOut != "" || *htmlOut != "" {
		t, ok := mod.Tables[name]
		if !ok {
			fmt.Fprintf(stderr, "bataille explain: --svg and --html draw a table; %s has no table %q%s\n", mod.ID, name, dsl.DidYouMean(name, sortedNames(mod.Tables)))
			return exitFail
		}
		if code := writePrinted(printedOf(mod, t, 0), *svgOut, *htmlOut, stderr, "explain"); code != exitOK {
			return code
		}
	}
	found := explain(stdout, mod, name) || explainHook(stdout, mod, name)
	if !found {
		fmt.Fprintf(stderr, "bataille explain: %s has no declaration or hook %q%s\n", mod.ID, name, dsl.DidYouMean(name, append(allNames(mod), hookNames(mod)...)))
		return exitFail
	}
	return exitOK
}

// decl is one version of a declaration in the chain of modules.
type decl struct {
	kind, module string
	pos          dsl.Pos
	override     bool
	cite         []string
}

// versions finds every module in the extends chain that declares name
// itself (not by inheritance) as a declaration of kind, base first.
func versions(mod *dsl.Module, decls map[*dsl.Module][]dsl.DeclRef, kind, name string) (out []decl) {
	for m := mod; m != nil; m = m.Base {
		for _, ref := range decls[m] {
			if ref.Kind == kind && ref.Name == name && ref.Module == m.ID {
				out = append([]decl{{ref.Kind, m.ID, ref.Pos, ref.Override, ref.Cite}}, out...)
				break
			}
		}
	}
	return out
}

// explain shows every declaration of that name in force, of whatever kind
// (a test may share its name with the rule it tests), in the order of
// dsl's declaration table.
func explain(w io.Writer, mod *dsl.Module, name string) bool {
	decls := map[*dsl.Module][]dsl.DeclRef{}
	for m := mod; m != nil; m = m.Base {
		decls[m] = m.AllDecls()
	}
	found := false
	for _, k := range dsl.DeclKinds() {
		chain := versions(mod, decls, k.Kind, name)
		if len(chain) == 0 {
			continue
		}
		if found {
			fmt.Fprintln(w)
		}
		found = true
		explainDecl(w, mod, k.Kind, name, chain)
	}
	return found
}

// explainDecl shows one declaration in force: its versions down the chain,
// then what its kind adds (a rule's hook, a table's grid, a param's
// readers).
func explainDecl(w io.Writer, mod *dsl.Module, kind, name string, chain []decl) {
	eff := chain[len(chain)-1]
	fmt.Fprintf(w, "%s %s in %s\n", kind, name, mod.ID)
	if ref, ok := mod.Lookup(kind, name); ok && ref.Placeholder {
		fmt.Fprintln(w, "PLACEHOLDER: its figures are invented, not published")
	}
	if len(eff.cite) > 0 {
		fmt.Fprintf(w, "cites: %s\n", visible.Line(mod.CiteLine(eff.cite)))
	}
	for i, d := range chain {
		what := "declared"
		if d.override {
			what = "overridden"
		}
		state := "replaced by what follows"
		if i == len(chain)-1 {
			state = "in force"
		}
		fmt.Fprintf(w, "\n%s by module %s at %s (%s):\n", what, d.module, d.pos, state)
		fmt.Fprintln(w, indent(declText(mod, d.pos)))
	}
	switch kind {
	case "rule":
		for _, r := range mod.Rules {
			if r.ID == name {
				fmt.Fprintf(w, "\nruns on hook %s", r.Hook)
				if h, ok := mod.Env.Hooks[r.Hook]; ok {
					fmt.Fprintf(w, ": %s", h.Doc)
				} else {
					fmt.Fprintf(w, " (an outcome of a roll)")
				}
				fmt.Fprintln(w)
			}
		}
	case "chart":
		explainKeys(w, mod.Charts[name].Keys)
		explainChartGrid(w, mod.Charts[name])
	case "param", "table", "check":
		if kind == "table" {
			explainKeys(w, mod.Tables[name].Keys)
			explainGrid(w, mod.Tables[name])
			explainModifiers(w, mod, mod.Tables[name].Modifiers)
		}
		if kind == "check" {
			explainModifiers(w, mod, mod.Checks[name].Modifiers)
		}
		users := readers(mod, name, kind)
		if len(users) == 0 {
			fmt.Fprintf(w, "\nno rule uses it\n")
		} else {
			fmt.Fprintf(w, "\nused by: %s\n", strings.Join(users, ", "))
		}
	}
}

// explainKeys lists what a keyed table's columns are chosen by.
func explainKeys(w io.Writer, keys []*dsl.KeyDef) {
	if len(keys) == 0 {
		return
	}
	fmt.Fprintln(w, "\ncolumns chosen by:")
	for _, k := range keys {
		vals := make([]string, 0)
		for _, v := range k.Values() {
			vals = append(vals, fmt.Sprint(v))
		}
		fmt.Fprintf(w, "  %-24s %s\n", k.Source, strings.Join(vals, " | "))
	}
}

// explainModifiers lists a roll's named modifiers, in the order they are
// summed, each with the module it comes from.
func explainModifiers(w io.Writer, mod *dsl.Module, mods []*dsl.ModifierDef) {
	if len(mods) == 0 {
		return
	}
	fmt.Fprintln(w, "\nmodifiers, summed when their condition holds:")
	for _, m := range mods {
		value := m.Value.Source
		if m.When != nil {
			value += " when " + m.When.Source
		}
		fmt.Fprintf(w, "  %-34s %-22s %s (module %s, %s)", m.Name, visible.Line(m.Label()), value, m.Module, m.Pos)
		if m.Placeholder {
			fmt.Fprint(w, " PLACEHOLDER")
		}
		if len(m.Cite) > 0 {
			fmt.Fprintf(w, " [%s]", visible.Line(mod.CiteLine(m.Cite)))
		}
		fmt.Fprintln(w)
	}
}

// readers lists the rules that read a param or roll a table or check: a
// param named in one of their expressions (by what the checker found the
// names to be, so that g.bonus is not read by g.bonus_max), a table or
// check an effect rolls, an outcome hook of one.
func readers(mod *dsl.Module, name, kind string) []string {
	reads := func(p *dsl.Program) bool {
		for _, u := range mod.Info.Of(p) {
			if u.Name == name && u.DeclKind == kind {
				return true
			}
		}
		return false
	}
	var out []string
	for _, r := range mod.Rules {
		uses := strings.HasPrefix(r.Hook, name+".")
		for _, c := range r.Clauses {
			uses = uses || reads(c.Cond) || reads(c.Of)
			for _, call := range c.Calls {
				for _, a := range call.Args {
					if a != nil && (a.Ref == name || reads(a.Prog)) {
						uses = true
					}
				}
			}
		}
		if uses {
			out = append(out, fmt.Sprintf("%s (on %s)", r.ID, r.Hook))
		}
	}
	return out
}

// declText is the source of the declaration at pos, whole: from pos to
// where the parser saw the declaration end, however its header wraps.
func declText(mod *dsl.Module, pos dsl.Pos) string {
	for m := mod; m != nil; m = m.Base {
		for _, f := range m.Files {
			if f.Pos.Filename != pos.File {
				continue
			}
			for _, d := range f.Decls {
				if d.Pos.Offset <= pos.Offset && pos.Offset < d.EndPos.Offset && d.EndPos.Offset <= len(f.Src) {
					return trimTrailingComments(f.Src[pos.Offset:d.EndPos.Offset])
				}
			}
		}
	}
	return ""
}

// trimTrailingComments drops the blank and comment lines the parser counts
// into a declaration's end: they belong to what follows.
func trimTrailingComments(s string) string {
	lines := strings.Split(s, "\n")
	for len(lines) > 1 {
		last := strings.TrimSpace(lines[len(lines)-1])
		if last != "" && !strings.HasPrefix(last, "//") {
			break
		}
		lines = lines[:len(lines)-1]
	}
	return strings.TrimRight(strings.Join(lines, "\n"), " \t\r")
}

// explainPlaceholders lists the declarations in force whose figures are
// invented, not published.
func explainPlaceholders(w io.Writer, mod *dsl.Module) {
	ps := mod.Placeholders()
	if len(ps) == 0 {
		fmt.Fprintf(w, "%s plays no placeholder: every figure it declares cites its source\n", mod.ID)
		return
	}
	fmt.Fprintf(w, "%s plays %d placeholder(s), figures invented until the published ones are entered:\n", mod.ID, len(ps))
	for _, p := range ps {
		fmt.Fprintf(w, "  %-9s %-36s module %s, %s\n", p.Kind, p.Name, p.Module, p.Pos)
	}
}

// notePlaceholders tells, on standard error, that a battle plays figures
// that are placeholders, so that nobody reads its outcomes as the
// published game's.
func notePlaceholders(w io.Writer, mod *dsl.Module) {
	ps := mod.Placeholders()
	if len(ps) == 0 {
		return
	}
	fmt.Fprintf(w, "note: %s plays %d placeholder(s), figures invented until the published ones are entered: %s (bataille explain %s placeholders)\n",
		mod.ID, len(ps), mod.PlaceholderSummary(), mod.ID)
}

func indent(s string) string {
	return "    " + strings.ReplaceAll(s, "\n", "\n    ")
}

func allNames(mod *dsl.Module) []string {
	var out []string
	for _, ref := range mod.AllDecls() {
		out = append(out, ref.Name)
	}
	sort.Strings(out)
	return out
}

// explainHook shows a hook: its doc, its variables and its rules in order.
func explainHook(w io.Writer, mod *dsl.Module, name string) bool {
	h, builtin := mod.Env.Hooks[name]
	rules := mod.Hooks[name]
	if !builtin && len(rules) == 0 {
		if !isOutcomeHook(mod, name) {
			return false
		}
	}
	fmt.Fprintf(w, "hook %s in %s\n", name, mod.ID)
	if builtin {
		fmt.Fprintf(w, "%s\n\nexpressions read:\n", h.Doc)
		for _, v := range h.Vars {
			fmt.Fprintf(w, "  %-16s %s\n", v.Name, v.Doc)
		}
	} else {
		fmt.Fprintln(w, "an outcome hook: its rules read the names of the hook that rolled, and roll, natural, modifier, result, value")
	}
	if len(rules) == 0 {
		fmt.Fprintln(w, "\nno rule runs on it")
		return true
	}
	fmt.Fprintln(w, "\nrules, in the order they run:")
	for _, r := range rules {
		fmt.Fprintf(w, "  %-28s %s (module %s, %s)", r.ID, visible.Line(r.Title), r.Module, r.Pos)
		if len(r.Cite) > 0 {
			fmt.Fprintf(w, " [%s]", visible.Line(mod.CiteLine(r.Cite)))
		}
		fmt.Fprintln(w)
	}
	return true
}

func isOutcomeHook(mod *dsl.Module, name string) bool {
	for _, h := range hookNames(mod) {
		if h == name {
			return true
		}
	}
	return false
}

// hookNames lists every hook a rule of the module may run on.
func hookNames(mod *dsl.Module) []string {
	out := mod.Env.HookNames()
	for name, t := range mod.Tables {
		for _, o := range t.Outcomes {
			out = append(out, name+"."+o)
		}
		out = append(out, name+"."+dsl.RolledOutcome)
	}
	for name := range mod.Checks {
		out = append(out, name+".pass", name+".fail")
	}
	sort.Strings(out)
	return out
}
