package lbdata

import (
	"fmt"
	"sort"
	"strings"
)

// battleWord is what a battle declares because one of its modifiers reads
// it: a terrain or hexside of its own map, an attribute a scenario gives the
// units it applies to, or the rules and params that keep what a condition
// reads. CITE in decl stands for the citation of the first chart that needs
// it.
type battleWord struct {
	decl string
	// rows are a terrain's fire defence rows, the first the chart prints;
	// a terrain needs one, as every terrain of the map is fired into.
	rows []string
	// fallback is the terrain of ours whose fire defence row it takes when
	// the chart prints none of rows ("" for the dwelling's).
	fallback string
}

// building is the base's dwelling as a terrain of a battle's own.
const building = `{ cost: 2  no_charge  blocks_los }`

var battleWords = map[string]battleWord{
	"spree":            {decl: `hexside spree "Spree" CITE`},
	"russbach":         {decl: `hexside russbach "Russbach" CITE`},
	"flossgraben":      {decl: `hexside flossgraben "Flossgraben" CITE`},
	"sunken_road":      {decl: `hexside sunken_road "Sunken road" CITE`},
	"chevaux_de_frise": {decl: `hexside chevaux_de_frise "Chevaux de frise" CITE`},
	"major_slope":      {decl: `hexside major_slope "Major slope (the ground rises to the hex beyond)" CITE`},
	"walled_farm":      {decl: `terrain walled_farm "Walled farm" CITE ` + building, rows: []string{"WalledFarm"}},
	"church":           {decl: `terrain church "Church" CITE ` + building, rows: []string{"Church", "Churh"}},
	"chateau":          {decl: `terrain chateau "Château" CITE ` + building, rows: []string{"Chateaux", "Chateau"}},
	"grand_ferme":      {decl: `terrain grand_ferme "Grand Ferme" CITE ` + building, rows: []string{"GrFerme"}},
	"landdamm": {decl: `// The Landdamm: the movement chart prints it +2 for infantry, +3 for
// cavalry and +4 for artillery, as it prints a stream; the movement chart's
// rule below reads it as a hex, over the clear hex's 1, for each arm, and a
// charge pays that chart's cavalry figure; the cost here, the infantry's, is
// what a rule reading hex.cost sees.
terrain landdamm "Landdamm" CITE, MOVE { cost: 3 }`, rows: []string{"Landdamm"}},

	"preserve_readiness": {decl: `attribute preserve_readiness "Preserve Readiness (a scenario gives it to the units so ordered)" CITE`},
	"general_order":      {decl: `attribute general_order "In General order (the fire chart's General column; a scenario gives it to the units so ordered)" CITE`},
	"force_march":        {decl: `attribute force_march "Force-marched this turn (a scenario gives it to the units that did)" CITE`},
	"battalion_masse":    {decl: `attribute battalion_masse "In Battalion Masse (a scenario gives it to the units so formed)" CITE`},

	"defensive_fire_loss": {decl: `// "Casualty due to defensive fire": a unit that loses increments to the
// enemy's defensive fire is marked for the rest of the turn, and its
// pre-melee check reads the mark.
rule fire.defensive_target "Defensive fire marks its target" on fire CITE {
  when defensive
  do mark(target, "under_defensive_fire")
}

rule fire.defensive_loss "A loss to defensive fire" on fire_combat.loss CITE {
  when marked(target, "under_defensive_fire")
  do mark(target, "defensive_fire_loss")
}`},
	"defensive_fire_roll": {decl: `// "Attacker Casualty (15-16)", "(13-14)" and "(11-12)": the figures in
// brackets are read as the natural roll of the defensive fire that cost the
// unit increments, and the unit is marked with the bracket for the rest of
// the turn.
rule fire.defensive_roll_15_16 "A loss to defensive fire rolled 15-16" on fire_combat.loss CITE {
  when marked(target, "under_defensive_fire") && natural in 15..16
  do mark(target, "defensive_fire_15_16")
}

rule fire.defensive_roll_13_14 "A loss to defensive fire rolled 13-14" on fire_combat.loss CITE {
  when marked(target, "under_defensive_fire") && natural in 13..14
  do mark(target, "defensive_fire_13_14")
}

rule fire.defensive_roll_11_12 "A loss to defensive fire rolled 11-12" on fire_combat.loss CITE {
  when marked(target, "under_defensive_fire") && natural in 11..12
  do mark(target, "defensive_fire_11_12")
}`},
	"rifles": {decl: `// "French adjacent to British rifles": the riflemen are a class of their
// own, which a scenario gives the rifle battalions and companies.
class rifles "Rifles" CITE { arm: infantry  light }`},
	"surprise": {decl: `// "Prussian Surprise" is printed for 9:00, 9:20 and 9:40am, a turn of twenty
// minutes apart: the lines apply at the turn the scenario plays at 9:00am and
// the two after it. The scenarios here begin at 9:00am; a scenario that
// begins at another hour is played under a module that overrides the param.
param surprise.first_turn = 1 CITE`},
}

// need records that the module declares a battle word, with the citation
// of the chart that reads it.
func (c *conv) need(cite string, ids ...string) error {
	for _, id := range ids {
		if _, ok := c.vocab[id]; !ok {
			return fmt.Errorf("condition needs %q, which battleWords does not declare", id)
		}
		if _, ok := c.needs[id]; !ok {
			c.needs[id] = cite
		}
	}
	return nil
}

// needed lists the battle words the module declares, of one kind ("terrain",
// "hexside", "attribute", or "" for rules and params), in name order.
func (c *conv) needed(kind string) []string {
	var out []string
	for id := range c.needs {
		// the kind of the first line that is not a comment
		d := c.vocab[id].decl
		for strings.HasPrefix(d, "//") {
			d = d[strings.IndexByte(d, '\n')+1:]
		}
		k := ""
		for _, p := range []string{"terrain", "hexside", "attribute", "class"} {
			if strings.HasPrefix(d, p+" ") {
				k = p
			}
		}
		if k == kind {
			out = append(out, id)
		}
	}
	sort.Strings(out)
	return out
}

// battleDecls writes the battle words the module declares.
func (c *conv) battleDecls(w *strings.Builder) {
	if len(c.needs) == 0 {
		return
	}
	w.WriteString("// ---- Terrain, hexsides, attributes and marks the modifiers read ---------------\n")
	if _, ok := c.data.Path("maneuver", "terrain"); ok {
		w.WriteString("// Declared because a modifier or the movement chart below names them. A\n// building of the battle's own moves and blocks as the base's dwelling; a\n// terrain of the movement chart costs, in a charge, the cavalry's figure, and\n// takes no charge where it prints NA for cavalry; a hexside costs what the\n// movement chart adds for each arm; an attribute is given by a scenario to the\n// units it applies to.\n\n")
	} else {
		w.WriteString("// Declared because a modifier below names them. A building of the battle's\n// own moves and blocks as the base's dwelling; a hexside of its own costs\n// nothing more to cross than its hex (the movement chart's words are not\n// entered); an attribute is given by a scenario to the units it applies to.\n\n")
	}
	for _, kind := range []string{"class", "terrain", "hexside", "attribute"} {
		ids := c.needed(kind)
		for _, id := range ids {
			d := strings.Replace(c.vocab[id].decl, "CITE", c.needs[id], 1)
			if props := c.hexsideProps[id]; props != "" && kind == "hexside" {
				d += " { " + props + " }"
			}
			d = strings.Replace(d, "MOVE", strings.TrimPrefix(c.cite("movement costs", "maneuver.terrain"), "cite "), 1)
			w.WriteString(d + "\n")
		}
		if len(ids) > 0 {
			w.WriteString("\n")
		}
	}
	for _, id := range c.needed("") {
		w.WriteString(strings.ReplaceAll(c.vocab[id].decl, "CITE", c.needs[id]) + "\n\n")
	}
}
