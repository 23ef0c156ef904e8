package lbdata

import (
	"fmt"
	"strconv"
	"strings"
)

// The hand-kept table from each modifier's printed name to its condition. The
// app names a modifier by the words printed beside the chart, with synonyms
// between battles ("Light Cav" and "Light Cavalry", "Fr Old Guard" and
// "French Old Guard"); each name is entered once here, for each chart that
// prints it. A name whose condition the engine cannot test has no condition
// but the reason it is not entered, which the module says in a comment.

// cond is a printed modifier's meaning: the expression it applies under, or
// why it is not entered.
type cond struct {
	expr string
	why  string
	// needs are the battle words (battleWords) the condition reads, which
	// the module then declares.
	needs []string
	// other is the reading not played, where the printed name allows two.
	other string
}

func when(expr string) cond { return cond{expr: expr} }

// whenNeeds is a condition that reads words the battle declares.
func whenNeeds(expr string, needs ...string) cond { return cond{expr: expr, needs: needs} }

// reading is a condition the printed name allows another reading of.
func reading(expr, other string) cond { return cond{expr: expr, other: other} }
func notYet(why string) cond          { return cond{why: why} }
func natIs(n string) string           { return `unit.nationality == "` + n + `"` }
func classIs(c string) string         { return `unit.class == "` + c + `"` }
func natClass(n, c string) string {
	return natIs(n) + " && " + classIs(c)
}

// casualty is "Attacker Casualty (LO-HI)": the figures in brackets are read
// as the natural d66 of the defensive fire that cost the assaulting unit
// increments (the chart prints them under "Casualty due to defensive fire",
// three brackets of the roll's lowest row, the penalty growing as the roll
// falls to 11); the other reading is that they are the Fire Combat Table's
// columns that fire was read on (11 the 5:1 column, 16 the 10:1).
func casualty(lo, hi int) cond {
	r := strconv.Itoa(lo) + "_" + strconv.Itoa(hi)
	return cond{
		expr:  `marked(attacker, "defensive_fire_` + r + `")`,
		needs: []string{"defensive_fire_loss", "defensive_fire_roll"},
		other: fmt.Sprintf("the brackets are the Fire Combat Table's columns that fire was read on (11 the 5:1 column, 16 the 10:1): fire.defensive_roll_%s marks the target when the odds column fire_combat reads is in %d..%d, not when `natural in %d..%d`", r, lo, hi, lo, hi),
	}
}

// rallySquare is "Rally Square: N hexes": the nearest Carré of the
// infantry's side stands n hexes from it.
func rallySquare(n int) cond {
	return when(`nearest(target, "friend", "carre") == ` + strconv.Itoa(n))
}

// carreNames: the Carré Realization modifiers. unit is the infantry, charger
// the cavalry; a positive value is worse for the infantry.
var carreNames = map[string]cond{
	"Leader":                   when("unit.leader"),
	"French Leader":            when("unit.leader && " + natIs("french")),
	"Light Cav":                when("charger.light"),
	"Light Cavalry":            when("charger.light"),
	"Lancers":                  when("charger.lancer"),
	"Morale Level":             when(`army(unit, "morale_level") >= 1`),
	"French Morale Level":      when(natIs("french") + ` && army(unit, "morale_level") >= 1`),
	"Polish Morale Level":      when(natIs("polish") + ` && army(unit, "morale_level") >= 1`),
	"Prussian Morale Level":    when(natIs("prussian") + ` && army(unit, "morale_level") >= 1`),
	"Austrian Morale Level":    when(natIs("austrian") + ` && army(unit, "morale_level") >= 1`),
	"Guard":                    when("unit.guard"),
	"Grenadier":                when(classIs("grenadier")),
	"Grenadiers":               when(classIs("grenadier")),
	"French Grenadiers":        when(natClass("french", "grenadier")),
	"Polish Grenadiers":        when(natClass("polish", "grenadier")),
	"Legere":                   when(classIs("legere")),
	"Fr Legere":                when(natClass("french", "legere")),
	"French Legere":            when(natClass("french", "legere")),
	"Jaeger":                   when(classIs("jaeger")),
	"Voltiguers":               when(classIs("voltigeur")),
	"Line":                     when(`unit.formation == "line"`),
	"In Line":                  when(`unit.formation == "line"`),
	"French Line":              when(natIs("french") + ` && unit.formation == "line"`),
	"Prussian Line":            when(natIs("prussian") + ` && unit.formation == "line"`),
	"Fusilier":                 when(classIs("fusilier")),
	"Fusiliers":                when(classIs("fusilier")),
	"KGL":                      when(natIs("kgl")),
	"LLL":                      when(natIs("lll")),
	"French Allies":            when(natIs("allies")),
	"Rheinbund":                when(natIs("rheinbund")),
	"Polish":                   when(natIs("polish")),
	"Dutch":                    when(natIs("dutch")),
	"Nassauers":                when(natIs("nassau")),
	"Neapolitan":               when(natIs("neapolitan")),
	"Croat":                    when(natIs("croat")),
	"Light Infantry":           when("unit.light"),
	"On Slope":                 when(`unit.terrain == "slope"`),
	"French 1ere Guard":        when(natClass("french", "garde_1ere")),
	"French 2e Guard":          when(natClass("french", "garde_2e")),
	"French 4e":                when(natClass("french", "quatrieme")),
	"French 4th Batt":          when(natClass("french", "quatrieme")),
	"French Jeune Guard":       when(natClass("french", "jeune_garde")),
	"Fr Young Guard":           when(natClass("french", "jeune_garde")),
	"French Young Guard":       when(natClass("french", "jeune_garde")),
	"French Vieille Guard":     when(natClass("french", "vieille_garde")),
	"Fr Old Guard":             when(natClass("french", "vieille_garde")),
	"French Old Guard":         when(natClass("french", "vieille_garde")),
	"French Guard":             when(natIs("french") + " && unit.guard"),
	"French Marin":             when(natClass("french", "marin")),
	"French Marine":            when(natClass("french", "marin")),
	"French Provisoire":        when(natClass("french", "provisoire")),
	"French Provisional":       when(natClass("french", "provisoire")),
	"French Prov Line":         when(natClass("french", "prov_ligne")),
	"French Prov Light":        when(natClass("french", "prov_legere")),
	"Prussian Grenadier":       when(natClass("prussian", "grenadier")),
	"Prussian Grenadiers":      when(natClass("prussian", "grenadier")),
	"Prussian Guard":           when(natIs("prussian") + " && unit.guard"),
	"Prussian Garde":           when(natIs("prussian") + " && unit.guard"),
	"Prussian Normal":          when(natClass("prussian", "normal")),
	"Prussian Jaeger":          when(natClass("prussian", "jaeger")),
	"Prussian Schuetzen":       when(natClass("prussian", "schuetzen")),
	"Prussian Reserve":         when(natClass("prussian", "reserve")),
	"Prussian Landwehr":        when(natClass("prussian", "landwehr")),
	"Prussian Fusilier":        when(natClass("prussian", "fusilier")),
	"Prussian Musketeer":       when(natClass("prussian", "musketeer")),
	"Russian Grenadier":        when(natClass("russian", "grenadier")),
	"Russian Guard":            when(natIs("russian") + " && unit.guard"),
	"Russian Garde":            when(natIs("russian") + " && unit.guard"),
	"Russian Jaeger":           when(natClass("russian", "jaeger")),
	"Austrian Grenz":           when(natClass("austrian", "grenz")),
	"Polish Line":              when(natClass("polish", "line_infantry")),
	"Hanovarian Landwehr":      when(natClass("hanoverian", "landwehr")),
	"Hanovarian Regulars":      when(natIs("hanoverian") + ` && unit.class != "landwehr"`),
	"Dutch Militia":            when(natClass("dutch", "militia")),
	"Belgian Line":             when(natClass("belgian", "line_infantry")),
	"Braunschweig Line":        when(natClass("brunswick", "line_infantry")),
	"Braunschweig Leib":        when(natClass("brunswick", "leib")),
	"Braunschweig Avant Garde": when(natClass("brunswick", "avant_garde")),
	"Braunschweig Light":       when(natClass("brunswick", "light_infantry")),
	"Hesse-Darmstadt Garde":    when(natIs("hessian") + " && unit.guard"),
	"Italian Guard":            when(natIs("italian") + " && unit.guard"),
}

// recallNames: the Recall modifiers, for the cavalry (charger).
var recallNames = map[string]cond{
	"Cav Leader": when("charger.leader"),
	"Leader":     when("charger.leader"),
	"Guard":      when("charger.guard"),
}

// standNames: the morale check of infantry charged (target) by cavalry
// (charger); a positive value helps the infantry stand.
var standNames = map[string]cond{
	"Charged in flank":      when(`hexside_to(target, charger) == "flank"`),
	"In flank":              when(`hexside_to(target, charger) == "flank"`),
	"Charged in rear":       when(`hexside_to(target, charger) == "rear"`),
	"In rear":               when(`hexside_to(target, charger) == "rear"`),
	"In Skirmish":           when(`target.formation == "skirmish"`),
	"In Line":               when(`target.formation == "line"`),
	"Disorder":              when(`target.state == "disordered"`),
	"Rout":                  when(`target.state == "routed"`),
	"Carre":                 when(`target.formation == "carre"`),
	"Lancers":               when("charger.lancer"),
	"Heavy":                 when("charger.heavy"),
	"Across stream":         when(`across(target, charger) == "stream"`),
	"Across slope":          when(`across(target, charger) == "slope"`),
	"Road Column":           when(`on_road(target) && target.formation == "column"`),
	"50% Losses":            when(halfLost("target")),
	"50% losses":            when(halfLost("target")),
	"Morale Level 1 (-3)":   when(level("target", 1)),
	"Morale Level 2 (-6)":   when(level("target", 2)),
	"Morale Level 3 (-9)":   when(level("target", 3)),
	"Battalion Masse":       whenNeeds("target.battalion_masse", "battalion_masse"),
	"Rally Square: 1 hex":   rallySquare(1),
	"Rally Square: 2 hexes": rallySquare(2),
	"Rally Square: 3 hexes": rallySquare(3),
	"Rally Square: 4 hexes": rallySquare(4),
	"Coalition Line":        when(coalition("target") + ` && target.formation == "line"`),
	"Coalition Carre":       when(coalition("target") + ` && target.formation == "carre"`),
	"Coalition Skirmish":    when(coalition("target") + ` && target.formation == "skirmish"`),
	"Coalition Disorder":    when(coalition("target") + ` && target.state == "disordered"`),
	"Coalition Rout":        when(coalition("target") + ` && target.state == "routed"`),
	"Coalition Road":        when(coalition("target") + ` && on_road(target) && target.formation == "column"`),
}

func coalition(u string) string {
	return `(` + u + `.nationality == "prussian" || ` + u + `.nationality == "saxon")`
}

// assaultNames: the conditions of the pre-melee checks; each applies to both
// sides' checks with the figure of the side that checks.
var assaultNames = map[string]cond{
	"Assaulted in flank":         when(`side == "flank"`),
	"Assaulted in rear":          when(`side == "rear"`),
	"In skirmish order":          when(`defender.formation == "skirmish"`),
	"In Line":                    when(`defender.formation == "line"`),
	"In Carre":                   when(`defender.formation == "carre"`),
	"Disordered":                 when(`defender.state == "disordered"`),
	"Routed":                     when(`defender.state == "routed"`),
	"Assaulting up a slope":      when("uphill(attacker, defender)"),
	"Assaulting across a stream": when(`across(attacker, defender) == "stream"`),
	"Assaulting Earthwork":       when(`defender.terrain == "redoubt"`),
	"Road Column":                when(`on_road(defender) && defender.formation == "column"`),
	"Target <= 2 incr and Attacker >= 4 incr": when("defender.increments <= 2 && attacker.increments >= 4"),
	"Old Guard":                         when(`attacker.nationality == "french" && attacker.class == "vieille_garde"`),
	"Assaulting up a major slope":       whenNeeds(`across(attacker, defender) == "major_slope"`, "major_slope"),
	"Assaulting across Spree":           whenNeeds(`across(attacker, defender) == "spree"`, "spree"),
	"Assaulting across Russbach":        whenNeeds(`across(attacker, defender) == "russbach"`, "russbach"),
	"Assaulting across Flossgrabern":    whenNeeds(`across(attacker, defender) == "flossgraben"`, "flossgraben"),
	"Assaulting Landdamm":               whenNeeds(`defender.terrain == "landdamm"`, "landdamm"),
	"Assaulting across a sunken road":   whenNeeds(`across(attacker, defender) == "sunken_road"`, "sunken_road"),
	"Assaulting across sunken road":     whenNeeds(`across(attacker, defender) == "sunken_road"`, "sunken_road"),
	"Sunken Road/Chevaux de frise":      whenNeeds(`across(attacker, defender) == "sunken_road" || across(attacker, defender) == "chevaux_de_frise"`, "sunken_road", "chevaux_de_frise"),
	"Walled Farm/Church":                whenNeeds(`defender.terrain == "walled_farm" || defender.terrain == "church"`, "walled_farm", "church"),
	"Chateaux/Church":                   whenNeeds(`defender.terrain == "chateau" || defender.terrain == "church"`, "chateau", "church"),
	"Church":                            whenNeeds(`defender.terrain == "church"`, "church"),
	"Grand Ferme":                       whenNeeds(`defender.terrain == "grand_ferme"`, "grand_ferme"),
	"Casualty due to defensive fire":    whenNeeds(`marked(attacker, "defensive_fire_loss")`, "defensive_fire_loss"),
	"Attacker Casualty (15-16)":         casualty(15, 16),
	"Attacker Casualty (13-14)":         casualty(13, 14),
	"Attacker Casualty (11-12)":         casualty(11, 12),
	"50% Losses":                        when(halfLost("unit")),
	"50% losses":                        when(halfLost("unit")),
	"Morale Level 1 (-3)":               when(level("unit", 1)),
	"Morale Level 2 (-6)":               when(level("unit", 2)),
	"Morale Level 3 (-9)":               when(level("unit", 3)),
	"Mixed nationality stack":           when("stack_nationalities(unit) > 1"),
	"French adjacent to British rifles": whenNeeds(`attacker.nationality == "french" && count_adjacent(attacker, "enemy", "rifles") > 0`, "rifles"),
	"Prussian Surprise: 9:00am":         surprise("unit", 0),
	"Prussian Surprise: 9:20am":         surprise("unit", 1),
	"Prussian Surprise: 9:40am":         surprise("unit", 2),
}

// surprise is "Prussian Surprise" at the turn steps turns after 9:00am.
func surprise(u string, steps int) cond {
	at := "surprise.first_turn"
	if steps > 0 {
		at += " + " + strconv.Itoa(steps)
	}
	return whenNeeds(u+`.nationality == "prussian" && turn == `+at, "surprise")
}

// meleeNames: the melee multipliers, by the side they scale. A multiplier the
// base already plays (its figure the same) is named by base, with the base
// rule, param or state that plays it.
type melee struct {
	attack, defend cond
	base           string // the base's own version, when it has one
}

var meleeNames = map[string]melee{
	"Assault in flank":       {attack: when(`side == "flank"`)},
	"Assault in rear":        {attack: when(`side == "rear"`)},
	"Skirmish order":         {attack: when(`attacker.formation == "skirmish"`), defend: when(`defender.formation == "skirmish"`)},
	"Skirmish":               {defend: when(`defender.formation == "skirmish"`)},
	"Disordered":             {base: "the disordered state's melee factor"},
	"Disorder":               {base: "the disordered state's melee factor"},
	"Charge 3 straight":      {base: "melee.straight"},
	"Inf vs Carre":           {base: "melee.infantry_carre"},
	"Cav vs Carre":           {base: "melee.cavalry_carre"},
	"Heavy vs Light":         {attack: when(`attacker.heavy && defender.arm == "cavalry" && defender.light`)},
	"Tired":                  {attack: when("attacker.tired && !attacker.exhausted"), defend: when("defender.tired && !defender.exhausted")},
	"Exhausted":              {attack: when("attacker.exhausted"), defend: when("defender.exhausted")},
	"Cav Tired":              {defend: when(`defender.arm == "cavalry" && defender.tired && !defender.exhausted`)},
	"Cav Exhausted":          {defend: when(`defender.arm == "cavalry" && defender.exhausted`)},
	"Cav w/o Recall":         {attack: when(`attacker.arm == "cavalry" && marked(attacker, "no_recall")`)},
	"Across stream":          {attack: when(`crossing == "stream"`)},
	"Earthwork":              {attack: when(`defender.terrain == "redoubt"`)},
	"Lancers in Line":        {attack: when(`attacker.lancer && defender.formation == "line"`)},
	"Heavy Cav in Line":      {attack: when(`attacker.heavy && attacker.formation == "line"`), defend: when(`defender.heavy && defender.formation == "line"`)},
	"Cav in Skirmish":        {attack: when(`attacker.arm == "cavalry" && attacker.formation == "skirmish"`)},
	"Road march":             {defend: when(`on_road(defender) && defender.formation == "column"`)},
	"Road Order":             {defend: when(`on_road(defender) && defender.formation == "column"`)},
	"Limbered Artillery":     {defend: when(`defender.formation == "limbered"`)},
	"Preserve Readiness":     {attack: whenNeeds("attacker.preserve_readiness", "preserve_readiness"), defend: whenNeeds("defender.preserve_readiness", "preserve_readiness")},
	"Cav Preserve Readiness": {defend: whenNeeds(`defender.arm == "cavalry" && defender.preserve_readiness`, "preserve_readiness")},
	"Cav in General":         {attack: whenNeeds(`attacker.arm == "cavalry" && attacker.general_order`, "general_order"), defend: whenNeeds(`defender.arm == "cavalry" && defender.general_order`, "general_order")},
	// The chart does not say whose town: the hex fought for, the defender's.
	"Coalition Inf/Towns": {
		attack: reading(coalition("attacker")+` && attacker.arm == "infantry" && defender.terrain == "dwelling"`,
			"the coalition infantry's own hex is the town: `"+coalition("attacker")+` && attacker.arm == "infantry" && attacker.terrain == "dwelling"`+"`"),
		defend: reading(coalition("defender")+` && defender.arm == "infantry" && defender.terrain == "dwelling"`,
			"the town is the attacker's hex: `"+coalition("defender")+` && defender.arm == "infantry" && attacker.terrain == "dwelling"`+"`"),
	},
	// "Routed" and "Cav Routed" are written by the converter: which arms
	// "Routed" covers depends on whether the battle prints "Cav Routed".
}

// moraleNames: the battle's own morale-check modifiers (the base's morale
// check, for unit).
var moraleNames = map[string]cond{
	"Disorder":                       when(`unit.state == "disordered"`),
	"Rout":                           when(`unit.state == "routed"`),
	"Road Col":                       when(`on_road(unit) && unit.formation == "column"`),
	"Prussian Not in Line/Sk/Sq":     when(natIs("prussian") + ` && unit.formation != "line" && unit.formation != "skirmish" && unit.formation != "carre"`),
	"50% Losses":                     when(halfLost("unit")),
	"Force March":                    whenNeeds("unit.force_march", "force_march"),
	"Landdamm":                       whenNeeds(`unit.terrain == "landdamm"`, "landdamm"),
	"Disorder pass thru":             when(`passed_by(unit, "disordered")`),
	"Rout pass thru":                 when(`passed_by(unit, "routed")`),
	"Russians and Prussians stacked": when(`stacked_with(unit, "russian") && stacked_with(unit, "prussian")`),
	"Prussian Surprise: 9:00am":      surprise("unit", 0),
	"Prussian Surprise: 9:20am":      surprise("unit", 1),
	"Prussian Surprise: 9:40am":      surprise("unit", 2),
}

// A morale level is the army's: the base's `army morale_level`, which a
// scenario or a battle's rules set, 0 while the army is whole, then 1, 2, 3.
// A chart that prints a level's figure for a nationality applies it to that
// nationality's units at their army's level; Vauchamps prints the French
// Guard's apart from the French, so the French rows are the line's and the
// Guard's rows its own (the Guard at the French army's level).
func init() {
	for i, n := range []string{"Morale Level 1 (-3)", "Morale Level 2 (-6)", "Morale Level 3 (-9)"} {
		moraleNames[n] = when(level("unit", i+1))
	}
	for i := 1; i <= 3; i++ {
		l := strconv.Itoa(i)
		moraleNames["Prussian Morale Level "+l] = when(natIs("prussian") + " && " + level("unit", i))
		moraleNames["Russian Morale Level "+l] = when(natIs("russian") + " && " + level("unit", i))
		moraleNames["French Morale Level "+l] = when(natIs("french") + " && !unit.guard && " + level("unit", i))
		moraleNames["French Guard Morale Level "+l] = when(natIs("french") + " && unit.guard && " + level("unit", i))
	}
}

// halfLost is "50% Losses": the unit has lost half its starting increments
// or more.
func halfLost(u string) string { return u + ".losses * 2 >= " + u + ".start" }

// level is the unit's army at morale level n.
func level(u string, n int) string {
	return `army(` + u + `, "morale_level") == ` + strconv.Itoa(n)
}

// classInfo is an infantry type of the fire charts or one a modifier names:
// its identifier, title and flags.
type classInfo struct{ id, title, flags string }

// classNames maps a type as the fire charts print it to its class. A type
// not listed is its name in lower case with underscores.
var classNames = map[string]classInfo{
	"Ligne":            {"ligne", "Ligne", ""},
	"Legere":           {"legere", "Légère", "light"},
	"Marin":            {"marin", "Marins", ""},
	"Gd Nat":           {"garde_nationale", "Garde Nationale", ""},
	"Gd Nat Lt":        {"garde_nationale_legere", "Garde Nationale (light)", "light"},
	"Prov. Ligne":      {"prov_ligne", "Provisoire de ligne", ""},
	"Prov. Legere":     {"prov_legere", "Provisoire légère", "light"},
	"Provisoire":       {"provisoire", "Provisoire", ""},
	"Jeune Garde T/V":  {"jeune_garde", "Jeune Garde (tirailleurs, voltigeurs)", "guard"},
	"Jeuene Garde":     {"jeune_garde", "Jeune Garde", "guard"},
	"Fusilier G/C":     {"fusilier_garde", "Fusiliers de la Garde (grenadiers, chasseurs)", "guard"},
	"Vielle Garde G/C": {"vieille_garde", "Vieille Garde (grenadiers, chasseurs)", "guard"},
	"Vieille Garde":    {"vieille_garde", "Vieille Garde", "guard"},
	"1ere Tiraillier":  {"garde_1ere_tirailleur", "1ere Tirailleurs de la Garde", "guard"},
	"1ere Fusilier":    {"garde_1ere_fusilier", "1ere Fusiliers de la Garde", "guard"},
	"2e Vielle Garde":  {"garde_2e", "2e Vieille Garde", "guard"},
	"Italien":          {"italienne", "Italian infantry", ""},
	"Italienne":        {"italienne", "Italian infantry", ""},
	"Leggio":           {"leggera", "Italian light infantry", "light"},
	"Rheinbund":        {"rheinbund_inf", "Rheinbund infantry", ""},
	"Foreign":          {"foreign", "Foreign regiments", ""},
	"Velites":          {"velites", "Vélites", "guard"},
	"Polska":           {"polska", "Polish infantry", ""},
	"Linie":            {"linie", "Linie", ""},
	"Leicht":           {"leicht", "Leichte", "light"},
	"Grenadier":        {"grenadier", "Grenadiers", ""},
	"Jaeger":           {"jaeger", "Jäger", "light"},
	"Guard":            {"guard_inf", "Guard infantry", "guard"},
	"Gd Jaeger":        {"gd_jaeger", "Guard Jäger", "guard  light"},
	"Guard Jaeger":     {"gd_jaeger", "Guard Jäger", "guard  light"},
	"Gd Leicht":        {"gd_leicht", "Guard light infantry", "guard  light"},
	"Infantrie":        {"infantrie", "Infantry", ""},
	"Fusilier":         {"fusilier", "Fusiliers", "light"},
	"Normal":           {"normal", "Normal infantry", ""},
	"Fus Gd":           {"fus_gd", "Guard Fusiliers", "guard  light"},
	"Schuetzen":        {"schuetzen", "Schützen", "light"},
	"Shutzen":          {"schuetzen", "Schützen", "light"},
	"Reserve":          {"reserve", "Reserve infantry", ""},
	"Musketeer":        {"musketeer", "Musketeers", ""},
	"Grenz":            {"grenz", "Grenzer", "light"},
	"Karl's Legion":    {"karls_legion", "Erzherzog Karl Legion", ""},
	"Freiwilliger":     {"freiwilliger", "Freiwillige", ""},
	"Landwehr":         {"landwehr", "Landwehr", ""},
	"Saxon Jager":      {"saxon_jaeger", "Saxon Jäger", "light"},
	"Saxon Line":       {"saxon_line", "Saxon line infantry", ""},
	"Westphalian":      {"westphalian", "Westphalian infantry", ""},
	"Elbe":             {"elbe", "Elbe infantry", ""},
	"Hessian":          {"hessian_inf", "Hessian infantry", ""},
	"Baden":            {"baden", "Baden infantry", ""},
	"Bavarians":        {"bavarian", "Bavarian infantry", ""},
	"Line":             {"line_infantry", "Line infantry", ""},
	"Dragoon":          {"dragoon_foot", "Dragoons (on foot)", ""},
	"Artillery":        {"artillery_fire", "Artillery", ""},
}

// extraClasses are infantry classes the modifiers name that no fire chart
// prints: each is declared in a battle whose conditions name it.
var extraClasses = map[string]classInfo{
	"voltigeur":      {"voltigeur", "Voltigeurs", "light"},
	"garde_1ere":     {"garde_1ere", "1ere Garde", "guard"},
	"garde_2e":       {"garde_2e", "2e Garde", "guard"},
	"quatrieme":      {"quatrieme", "4e bataillons", ""},
	"jeune_garde":    {"jeune_garde", "Jeune Garde", "guard"},
	"vieille_garde":  {"vieille_garde", "Vieille Garde", "guard"},
	"marin":          {"marin", "Marins", ""},
	"provisoire":     {"provisoire", "Provisoire", ""},
	"prov_ligne":     {"prov_ligne", "Provisoire de ligne", ""},
	"prov_legere":    {"prov_legere", "Provisoire légère", "light"},
	"grenadier":      {"grenadier", "Grenadiers", ""},
	"legere":         {"legere", "Légère", "light"},
	"jaeger":         {"jaeger", "Jäger", "light"},
	"fusilier":       {"fusilier", "Fusiliers", "light"},
	"normal":         {"normal", "Normal infantry", ""},
	"schuetzen":      {"schuetzen", "Schützen", "light"},
	"reserve":        {"reserve", "Reserve infantry", ""},
	"landwehr":       {"landwehr", "Landwehr", ""},
	"musketeer":      {"musketeer", "Musketeers", ""},
	"grenz":          {"grenz", "Grenzer", "light"},
	"line_infantry":  {"line_infantry", "Line infantry", ""},
	"militia":        {"militia", "Militia", ""},
	"leib":           {"leib", "Leib battalion", ""},
	"avant_garde":    {"avant_garde", "Avant-Garde", "light"},
	"light_infantry": {"light_infantry", "Light infantry", "light"},
	"ligne":          {"ligne", "Ligne", ""},
	"linie":          {"linie", "Linie", ""},
	"guard_inf":      {"guard_inf", "Guard infantry", "guard"},
	"infantrie":      {"infantrie", "Infantry", ""},
	"westphalian":    {"westphalian", "Westphalian infantry", ""},
	"italienne":      {"italienne", "Italian infantry", ""},
}

// cavalryClasses are declared in every battle: the cavalry the Carré,
// Recall, stand and melee charts ask about (light, heavy, lancers, Cossacks,
// Guard, Landwehr).
var cavalryClasses = []classInfo{
	{"hussars", "Hussars", "light"},
	{"chasseurs", "Chasseurs à cheval, light dragoons, chevaulegers", "light"},
	{"uhlans", "Uhlans and lancers", "light  lancer"},
	{"cossacks", "Cossacks", "light  cossack"},
	{"landwehr_cavalry", "Landwehr cavalry", "light"},
	{"dragoons", "Dragoons", "heavy"},
	{"cuirassiers", "Cuirassiers and carabiniers", "heavy"},
	{"guard_light", "Guard light cavalry", "light  guard"},
	{"guard_heavy", "Guard heavy cavalry", "heavy  guard"},
}

// classGroups are the words a Recall row may give for several classes.
var classGroups = map[string][]string{
	"light":            {"hussars", "chasseurs", "uhlans"},
	"heavy":            {"dragoons", "cuirassiers"},
	"guard":            {"guard_light", "guard_heavy"},
	"cossacks":         {"cossacks"},
	"hussars":          {"hussars"},
	"dragoons":         {"dragoons"},
	"cuirassiers":      {"cuirassiers"},
	"landwehr_cavalry": {"landwehr_cavalry"},
}

// modID is a modifier's identifier: its printed name as one, but for the
// names the hand-written battles spell their own way ("50% Losses" is
// half_losses, "Morale Level 2 (-6)" morale_level_2).
func modID(name string) string {
	if strings.EqualFold(name, "50% Losses") {
		return "half_losses"
	}
	if i := strings.Index(name, " ("); i > 0 && strings.HasPrefix(name, "Morale Level ") {
		return slug(name[:i])
	}
	return slug(name)
}

// slug is a printed name as an identifier.
func slug(s string) string {
	s = strings.NewReplacer("é", "e", "è", "e", "ü", "ue", "ö", "oe", "ä", "ae", "β", "ss", "ß", "ss", "'", "").Replace(strings.ToLower(s))
	var b strings.Builder
	under := false
	for _, r := range s {
		if (r >= 'a' && r <= 'z') || (r >= '0' && r <= '9') {
			if under && b.Len() > 0 {
				b.WriteByte('_')
			}
			under = false
			b.WriteRune(r)
		} else {
			under = true
		}
	}
	out := b.String()
	if out == "" || (out[0] >= '0' && out[0] <= '9') {
		out = "n" + out
	}
	return out
}

// fireMoraleTypes are the types the chart of morale checks on fire losses
// prints that are not a class of the fire multiples (classNames), as the
// target of the fire: an arm, a class of another spelling, several classes,
// or a battle's own reading (BATTLE:Type).
var fireMoraleTypes = map[string]string{
	"Cavalrie":         `target.arm == "cavalry"`,
	"Kavalrie":         `target.arm == "cavalry"`,
	"Artillerie":       `target.arm == "artillery"`,
	"Cohort":           `target.class == "garde_nationale" || target.class == "garde_nationale_legere"`,
	"Prov Ligne":       `target.class == "prov_ligne"`,
	"Prov Legere":      `target.class == "prov_legere"`,
	"Juene Garde":      `target.class == "jeune_garde"`,
	"Fusilier Garde":   `target.class == "fusilier_garde"`,
	"Vieille Garde":    `target.class == "vieille_garde"`,
	"Italine":          `target.class == "italienne"`,
	"French Foreign":   `target.class == "foreign"`,
	"Guard Inf":        `target.class == "guard_inf"`,
	"Garde":            `target.class == "guard_inf"`,
	"Rheinbund Linie":  `target.nationality == "rheinbund" && target.class == "linie"`,
	"Rheinbund Leicht": `target.nationality == "rheinbund" && target.class == "leicht"`,
	// Hagelberg's Rheinbund battalions are of their own types (Saxon,
	// Westphalian, Elbe), and its Prussians print one infantry line.
	"hagelberg:Rheinbund": `target.nationality == "rheinbund" && target.arm == "infantry"`,
	"hagelberg:Infantrie": `target.arm == "infantry"`,
}
