package lbdata

// The hand-kept half of the transcription: for each battle, what the data
// file cannot say itself — the title's publisher and rules edition, the
// nationalities each chart heading stands for, which cavalry each Recall row
// means, and the troops its scenarios set up. The figures all come from the
// file.

// Battle is one chart file and what the converter needs to know about it.
type Battle struct {
	Name      string // the module's name and folder
	File      string // the data file, under src/data/
	Commit    string // the lb.react commit that last changed the file
	Title     string
	Publisher string
	// Edition names the rules a title follows; Classic marks Clash of Arms'
	// older editions, whose Carré chart has one column for all formations.
	Edition string
	Classic bool
	Nations []Word
	// Carre maps a heading of the Carré chart to the nationalities that roll
	// on it.
	Carre map[string][]string
	// Recall maps each row of the Recall chart to the cavalry it stands for.
	Recall []RecallRow
	// Fire maps a nationality of the fire multiples to the module's.
	Fire map[string][]string
	// Scenario is the troops of the battle's scenarios.
	Scenario Troops
	// Notes is said in the module's header, after the edition.
	Notes []string
	// Fixes are readings of a Carré column by hand, where the rule for gaps
	// and overlaps would read a slip of the data badly: by the column as
	// docs/data.md names it ("French, _, 3").
	Fixes map[string]Fix
}

// Fix is a Carré column read by hand: its rows and why.
type Fix struct{ Rows, Why string }

// Word is a declared word: an identifier and its printed title.
type Word struct{ ID, Title string }

// RecallRow is one row of a Recall chart: the nationalities and the cavalry
// classes (or class groups: light, heavy, guard) it is read for; "*" stands
// for every class of those nationalities that no other row names.
type RecallRow struct {
	Key     string
	Nats    []string
	Classes []string
}

// Troops are the units of a battle's scenarios: side A's cavalry charges side
// B's infantry, side A's heavy cavalry charges side B's light cavalry, and
// side A's infantry assaults side B's.
type Troops struct {
	SideA, SideB                  string // side names
	NatA, NatB                    string
	Hussars, HussarsClass         string // A's light cavalry
	Infantry, Infantry2, InfClass string // B's battalions
	Heavy, HeavyClass             string // A's heavy cavalry
	Light, LightClass             string // B's light cavalry
	Carre, CarreClass             string // B's battalion in Carré
	Dragoons, DragoonsClass       string // A's dragoons
	Assault, AssaultClass         string // A's battalion that assaults
	Terrain                       string // a closed terrain of the battle's map (a base word)
	Rows                          int
}

func ids(s ...string) []string { return s }

// Battles is every chart file converted, in the order of the README.
var Battles = []Battle{
	{
		Name: "albuera", File: "albuera.json", Commit: "220f742",
		Title: "La Bataille d'Albuera Espagnol", Publisher: "Clash of Arms",
		Edition: "Clash of Arms' earlier La Bataille rules (Carré by nationality and distance only)", Classic: true,
		Nations: []Word{{"french", "French"}, {"polish", "Polish (Vistula Legion)"}, {"british", "British"}, {"kgl", "King's German Legion"}, {"lll", "Loyal Lusitanian Legion"}, {"portuguese", "Portuguese"}, {"spanish", "Spanish"}},
		Carre:   map[string][]string{"French": ids("french", "polish"), "British/KGL/LLL": ids("british"), "KGL": ids("kgl"), "LLL": ids("lll"), "Portuguese": ids("portuguese"), "Spanish": ids("spanish")},
		Recall: []RecallRow{{"French", ids("french", "polish"), ids("*")}, {"British", ids("british", "kgl", "lll"), ids("*")},
			{"Portuguese", ids("portuguese"), ids("*")}, {"Spanish", ids("spanish"), ids("*")}},
		Scenario: Troops{SideA: "french", SideB: "allied", NatA: "french", NatB: "british",
			Hussars: "2e Hussards", HussarsClass: "hussars", Infantry: "1/3rd Foot (Buffs)", Infantry2: "2/48th Foot", InfClass: "line_infantry",
			Heavy: "4e Dragons", HeavyClass: "dragoons", Light: "13th Light Dragoons", LightClass: "chasseurs",
			Carre: "1/57th Foot", CarreClass: "line_infantry", Dragoons: "20e Dragons", DragoonsClass: "dragoons",
			Assault: "1/28e Léger", AssaultClass: "legere", Terrain: "woods"},
	},
	{
		Name: "aspern-essling", File: "aspern_essling.json", Commit: "220f742",
		Title: "La Bataille d'Aspern-Essling", Publisher: "Marshal Enterprises",
		Edition: "Premier Rules for La Bataille ME",
		Nations: []Word{{"french", "French"}, {"allies", "French Allies (Rheinbund)"}, {"austrian", "Austrian"}},
		Carre:   map[string][]string{"French": ids("french"), "French Allies": ids("allies"), "Austrians": ids("austrian")},
		Recall:  []RecallRow{{"French", ids("french"), ids("*")}, {"Rheinbund", ids("allies"), ids("*")}, {"Austrian", ids("austrian"), ids("*")}},
		Fire:    map[string][]string{"French": ids("french", "allies"), "Austrian": ids("austrian")},
		Scenario: Troops{SideA: "austrian", SideB: "french", NatA: "austrian", NatB: "french",
			Hussars: "Stipsicz Hussars", HussarsClass: "hussars", Infantry: "1/67e Ligne", Infantry2: "2/67e Ligne", InfClass: "ligne",
			Heavy: "Herzog Albert Kürassiere", HeavyClass: "cuirassiers", Light: "16e Chasseurs à cheval", LightClass: "chasseurs",
			Carre: "3/4e Ligne", CarreClass: "ligne", Dragoons: "Riesch Dragoner", DragoonsClass: "dragoons",
			Assault: "I/IR 15 Zach", AssaultClass: "linie", Terrain: "dwelling"},
	},
	{
		Name: "auerstaedt", File: "auerstaedt.json", Commit: "220f742",
		Title: "La Bataille d'Auerstaedt", Publisher: "Clash of Arms",
		Edition: "Clash of Arms' earlier La Bataille rules (Carré by nationality and distance only)", Classic: true,
		Nations: []Word{{"french", "French"}, {"prussian", "Prussian"}},
		Carre:   map[string][]string{"French": ids("french"), "Prussian": ids("prussian")},
		Recall:  []RecallRow{{"French", ids("french"), ids("*")}, {"Prussian", ids("prussian"), ids("*")}},
		Scenario: Troops{SideA: "prussian", SideB: "french", NatA: "prussian", NatB: "french",
			Hussars: "Blücher Hussars", HussarsClass: "hussars", Infantry: "1/85e Ligne", Infantry2: "2/85e Ligne", InfClass: "line_infantry",
			Heavy: "Quitzow Kürassiere", HeavyClass: "cuirassiers", Light: "1er Chasseurs à cheval", LightClass: "chasseurs",
			Carre: "1/25e Ligne", CarreClass: "line_infantry", Dragoons: "Königin Dragoner", DragoonsClass: "dragoons",
			Assault: "I/Prinz Heinrich", AssaultClass: "musketeer", Terrain: "dwelling"},
	},
	{
		Name: "bautzen", File: "bautzen.json", Commit: "1348702",
		Title: "La Bataille de Bautzen 1813", Publisher: "Marshal Enterprises",
		Edition: "Premier Rules for La Bataille ME",
		Nations: []Word{{"french", "French"}, {"saxon", "Saxon"}, {"rheinbund", "Rheinbund"}, {"italian", "Italian"}, {"russian", "Russian"}, {"prussian", "Prussian"}},
		Carre:   map[string][]string{"French": ids("french"), "French Allies": ids("saxon", "rheinbund", "italian"), "Russians": ids("russian"), "Prussians": ids("prussian")},
		Recall: []RecallRow{{"French", ids("french"), ids("*")}, {"French Guard", ids("french"), ids("guard")}, {"Saxon", ids("saxon"), ids("*")},
			{"Rheinbund", ids("rheinbund"), ids("*")}, {"Italienne", ids("italian"), ids("*")},
			{"Russian Light", ids("russian"), ids("*")}, {"Russian Heavy", ids("russian"), ids("heavy")}, {"Russian Guard", ids("russian"), ids("guard")},
			{"Russian Cossacks", ids("russian"), ids("cossacks")},
			{"Prussian Light", ids("prussian"), ids("*")}, {"Prussian Hussars", ids("prussian"), ids("hussars")}, {"Prussian Heavy", ids("prussian"), ids("heavy")}},
		Fire: map[string][]string{"French": ids("french", "saxon", "rheinbund", "italian"), "Russian": ids("russian"), "Prussian": ids("prussian")},
		Scenario: Troops{SideA: "allied", SideB: "french", NatA: "prussian", NatB: "french",
			Hussars: "1. Leib-Husaren", HussarsClass: "hussars", Infantry: "1/37e Léger", Infantry2: "2/37e Léger", InfClass: "legere",
			Heavy: "Ostpreußische Kürassiere", HeavyClass: "cuirassiers", Light: "10e Hussards", LightClass: "hussars",
			Carre: "3/134e Ligne", CarreClass: "ligne", Dragoons: "Brandenburg Dragoner", DragoonsClass: "dragoons",
			Assault: "I/2. Ostpreußisches", AssaultClass: "infantrie", Terrain: "dwelling"},
	},
	{
		Name: "eylau", File: "eylau.json", Commit: "220f742",
		Title: "La Bataille de Preussisch-Eylau", Publisher: "Clash of Arms",
		Edition: "Clash of Arms' earlier La Bataille rules (Carré by nationality and distance only)", Classic: true,
		Nations: []Word{{"french", "French"}, {"prussian", "Prussian"}, {"russian", "Russian"}},
		Carre:   map[string][]string{"French": ids("french"), "Prussian": ids("prussian"), "Russian": ids("russian")},
		Recall:  []RecallRow{{"French", ids("french"), ids("*")}, {"Prussian", ids("prussian"), ids("*")}, {"Russian", ids("russian"), ids("*")}},
		Scenario: Troops{SideA: "french", SideB: "allied", NatA: "french", NatB: "russian",
			Hussars: "7e Hussards", HussarsClass: "hussars", Infantry: "I/Tobolsk Musketeers", Infantry2: "II/Tobolsk Musketeers", InfClass: "line_infantry",
			Heavy: "1er Cuirassiers", HeavyClass: "cuirassiers", Light: "Soumy Hussars", LightClass: "hussars",
			Carre: "I/Pavlov Grenadiers", CarreClass: "grenadier", Dragoons: "14e Dragons", DragoonsClass: "dragoons",
			Assault: "1/14e Ligne", AssaultClass: "line_infantry", Terrain: "dwelling"},
	},
	{
		Name: "hagelberg", File: "hagelberg.json", Commit: "9f7bb5a",
		Title: "La Bataille de Hagelberg 1813", Publisher: "Marshal Enterprises",
		Edition: "Premier Rules for La Bataille ME",
		Nations: []Word{{"french", "French"}, {"rheinbund", "Rheinbund"}, {"prussian", "Prussian"}, {"russian", "Russian (Cossacks)"}},
		Carre:   map[string][]string{"French": ids("french"), "Rheinbund": ids("rheinbund"), "Prussian": ids("prussian")},
		Recall:  []RecallRow{{"French", ids("french", "rheinbund"), ids("*")}, {"Prussian Landwehr", ids("prussian"), ids("*")}, {"Russian Cossacks", ids("russian"), ids("*")}},
		Fire:    map[string][]string{"French": ids("french", "rheinbund"), "Prussian": ids("prussian")},
		Notes: []string{"The Russians of this battle are Cossacks only: the Carré chart has no Russian heading, and a Russian battalion has no column to roll on.",
			"The Recall chart's one Prussian row is the Landwehr's: every Prussian cavalry reads it."},
		Scenario: Troops{SideA: "allied", SideB: "french", NatA: "prussian", NatB: "french",
			Hussars: "3. Kurmärkisches Landwehr-Kavallerie", HussarsClass: "landwehr_cavalry", Infantry: "1/19e Ligne", Infantry2: "2/19e Ligne", InfClass: "ligne",
			Heavy: "Kurmärkische Landwehr-Kavallerie", HeavyClass: "landwehr_cavalry", Light: "Westphälische Chevaulegers", LightClass: "chasseurs",
			Carre: "II/Westphalian 6th", CarreClass: "westphalian", Dragoons: "Kosaken-Regiment Illowaiski", DragoonsClass: "cossacks",
			Assault: "I/1. Kurmärkisches Landwehr", AssaultClass: "landwehr", Terrain: "dwelling"},
	},
	{
		Name: "halle", File: "halle.json", Commit: "220f742",
		Title: "La Bataille de Halle", Publisher: "Marshal Enterprises",
		Edition: "Clash of Arms' earlier La Bataille rules as the data gives them (Carré by nationality and distance only)", Classic: true,
		Nations: []Word{{"french", "French"}, {"prussian", "Prussian"}},
		Carre:   map[string][]string{"French": ids("french"), "Prussian": ids("prussian")},
		Recall:  []RecallRow{{"French", ids("french"), ids("*")}, {"Prussian", ids("prussian"), ids("*")}},
		Fire:    map[string][]string{"French": ids("french"), "Prussian": ids("prussian")},
		Scenario: Troops{SideA: "french", SideB: "prussian", NatA: "french", NatB: "prussian",
			Hussars: "2e Hussards", HussarsClass: "hussars", Infantry: "I/Treskow", Infantry2: "II/Treskow", InfClass: "musketeer",
			Heavy: "1er Dragons", HeavyClass: "dragoons", Light: "Usedom Hussars", LightClass: "hussars",
			Carre: "Grenadier-Bataillon Hahn", CarreClass: "grenadier", Dragoons: "2e Dragons", DragoonsClass: "dragoons",
			Assault: "1/32e Ligne", AssaultClass: "ligne", Terrain: "dwelling"},
	},
	{
		Name: "leipzig", File: "leipzig.json", Commit: "220f742",
		Title: "La Bataille de Leipzig", Publisher: "Marshal Enterprises",
		Edition: "Premier Rules for La Bataille ME",
		Nations: []Word{{"french", "French"}, {"saxon", "Saxon"}, {"polish", "Polish"}, {"rheinbund", "Rheinbund"}, {"italian", "Italian"}, {"prussian", "Prussian"}, {"russian", "Russian"}, {"austrian", "Austrian"}},
		Carre:   map[string][]string{"French": ids("french"), "French Allies": ids("saxon", "polish", "rheinbund", "italian"), "Prussians": ids("prussian"), "Russians": ids("russian"), "Austrians": ids("austrian")},
		Recall: []RecallRow{{"French", ids("french"), ids("*")}, {"Sassen", ids("saxon"), ids("*")}, {"Polska", ids("polish"), ids("*")},
			{"Rheinbund", ids("rheinbund"), ids("*")}, {"Italienne", ids("italian"), ids("*")}, {"Prussian", ids("prussian"), ids("*")},
			{"Russian Light", ids("russian"), ids("*")}, {"Russian Heavy", ids("russian"), ids("heavy")}, {"Austrian", ids("austrian"), ids("*")},
			{"Guard", ids("french", "saxon", "polish", "rheinbund", "italian", "prussian", "russian", "austrian"), ids("guard")}},
		Fire: map[string][]string{"French": ids("french", "saxon", "polish", "rheinbund", "italian"), "Prussian": ids("prussian"), "Russian": ids("russian"), "Austrian": ids("austrian")},
		Scenario: Troops{SideA: "allied", SideB: "french", NatA: "austrian", NatB: "french",
			Hussars: "Erzherzog Ferdinand Hussars", HussarsClass: "hussars", Infantry: "1/22e Léger", Infantry2: "2/22e Léger", InfClass: "legere",
			Heavy: "Erzherzog Franz Kürassiere", HeavyClass: "cuirassiers", Light: "Krakus", LightClass: "uhlans",
			Carre: "3/1er Ligne", CarreClass: "ligne", Dragoons: "Erzherzog Johann Dragoner", DragoonsClass: "dragoons",
			Assault: "I/IR 49 Kerpen", AssaultClass: "linie", Terrain: "dwelling"},
	},
	{
		Name: "ligny", File: "ligny.json", Commit: "220f742",
		Title: "La Bataille de Ligny", Publisher: "Clash of Arms",
		Edition: "Clash of Arms' earlier La Bataille rules (Carré by nationality and distance only)", Classic: true,
		Nations: []Word{{"french", "French"}, {"prussian", "Prussian"}},
		Carre:   map[string][]string{"French": ids("french"), "Prussian": ids("prussian")},
		Recall:  []RecallRow{{"French", ids("french"), ids("*")}, {"Prussian", ids("prussian"), ids("*")}},
		Scenario: Troops{SideA: "french", SideB: "prussian", NatA: "french", NatB: "prussian",
			Hussars: "1er Hussards", HussarsClass: "hussars", Infantry: "I/9. Infanterie", Infantry2: "II/9. Infanterie", InfClass: "line_infantry",
			Heavy: "5e Cuirassiers", HeavyClass: "cuirassiers", Light: "Brandenburg Uhlanen", LightClass: "uhlans",
			Carre: "I/2. Westfälische Landwehr", CarreClass: "line_infantry", Dragoons: "15e Dragons", DragoonsClass: "dragoons",
			Assault: "1/30e Ligne", AssaultClass: "line_infantry", Terrain: "dwelling"},
	},
	{
		Name: "ligny-quatrebras", File: "ligny-quatrebras.json", Commit: "220f742",
		Title: "La Bataille de Ligny et Quatre Bras", Publisher: "Clash of Arms",
		Edition: "Clash of Arms' earlier La Bataille rules (Carré by nationality and distance, the French by sector)", Classic: true,
		Nations: []Word{{"french", "French"}, {"polish", "Polish (Imperial Guard lancers)"}, {"prussian", "Prussian"}, {"british", "British"}, {"kgl", "King's German Legion"},
			{"belgian", "Belgian"}, {"dutch", "Dutch"}, {"brunswick", "Braunschweig"}, {"hanoverian", "Hanoverian"}, {"nassau", "Nassau"}},
		Carre: map[string][]string{"French": ids("french", "polish"), "Prussian": ids("prussian"), "Allies": ids("british", "kgl", "belgian", "dutch", "brunswick", "hanoverian", "nassau")},
		Recall: []RecallRow{{"French", ids("french"), ids("*")}, {"Polish", ids("polish"), ids("*")}, {"Prussian", ids("prussian"), ids("*")},
			{"British", ids("british"), ids("*")}, {"KGL", ids("kgl"), ids("*")}, {"Belgian", ids("belgian"), ids("*")}, {"Dutch", ids("dutch", "nassau"), ids("*")},
			{"Braunschweig", ids("brunswick"), ids("*")}, {"Hanovarian", ids("hanoverian"), ids("*")}},
		Notes: []string{"The French columns of the Carré chart are by sector, Ligny or Quatre-Bras: `carre.quatre_bras` says which the battle is fought in (false, Ligny, unless a scenario's variant sets it).",
			"The Recall chart has no Nassau row: Nassau cavalry reads the Dutch row."},
		Scenario: Troops{SideA: "french", SideB: "allied", NatA: "french", NatB: "prussian",
			Hussars: "4e Hussards", HussarsClass: "hussars", Infantry: "I/19. Infanterie", Infantry2: "II/19. Infanterie", InfClass: "line_infantry",
			Heavy: "8e Cuirassiers", HeavyClass: "cuirassiers", Light: "6. Uhlanen", LightClass: "uhlans",
			Carre: "1/42nd Highlanders", CarreClass: "line_infantry", Dragoons: "5e Dragons", DragoonsClass: "dragoons",
			Assault: "1/1er Léger", AssaultClass: "legere", Terrain: "dwelling"},
	},
	{
		Name: "luetzen", File: "luetzen.json", Commit: "220f742",
		Title: "La Bataille de Lützen", Publisher: "Clash of Arms",
		Edition: "Clash of Arms' earlier La Bataille rules (Carré by nationality and distance only)", Classic: true,
		Nations: []Word{{"french", "French"}, {"italian", "Italian"}, {"neapolitan", "Neapolitan"}, {"croat", "Croat"}, {"hessian", "Hesse-Darmstadt"}, {"prussian", "Prussian"}, {"russian", "Russian"}},
		Carre:   map[string][]string{"French": ids("french", "italian", "neapolitan", "croat", "hessian"), "Prussian": ids("prussian"), "Russian": ids("russian")},
		Recall:  []RecallRow{{"French", ids("french", "italian", "neapolitan", "croat", "hessian"), ids("*")}, {"Prussian", ids("prussian"), ids("*")}, {"Russian", ids("russian"), ids("*")}},
		Fixes: map[string]Fix{"French, _, 3": {"11..61 => carre  62..65 => disorder  66 => rout",
			"the rout row repeats the disorder row's 62–65 and no row holds 66; the rout is read as 66 alone, as every other column of the chart that routs at all routs on 66"}},
		Scenario: Troops{SideA: "allied", SideB: "french", NatA: "prussian", NatB: "french",
			Hussars: "Brandenburg Husaren", HussarsClass: "hussars", Infantry: "1/6e Provisoire", Infantry2: "2/6e Provisoire", InfClass: "prov_ligne",
			Heavy: "Garde du Corps", HeavyClass: "cuirassiers", Light: "Chevaulegers of Hesse", LightClass: "chasseurs",
			Carre: "1/142e Ligne", CarreClass: "line_infantry", Dragoons: "Litthauen Dragoner", DragoonsClass: "dragoons",
			Assault: "I/Kolberg", AssaultClass: "line_infantry", Terrain: "dwelling"},
	},
	{
		Name: "prusse", File: "prusse.json", Commit: "220f742",
		Title: "La Bataille pour la Prusse", Publisher: "Marshal Enterprises",
		Edition: "Premier Rules for La Bataille ME",
		Nations: []Word{{"french", "French"}, {"prussian", "Prussian"}, {"saxon", "Saxon"}},
		Carre:   map[string][]string{"French": ids("french"), "Coalition": ids("prussian", "saxon")},
		Recall: []RecallRow{{"French Dragoons", ids("french"), ids("dragoons")}, {"French others", ids("french"), ids("*")},
			{"Prussian Hussar", ids("prussian"), ids("*")}, {"Prussian Dragoon", ids("prussian"), ids("dragoons")}, {"Prussian Kuirassier", ids("prussian"), ids("cuirassiers")},
			{"Saxon Heavy", ids("saxon"), ids("heavy")}, {"Saxon Light", ids("saxon"), ids("*")}},
		Notes: []string{"The Recall chart's Prussian rows are Hussar, Dragoon and Kuirassier: other Prussian cavalry reads the Hussar row."},
		Scenario: Troops{SideA: "french", SideB: "coalition", NatA: "french", NatB: "prussian",
			Hussars: "9e Hussards", HussarsClass: "hussars", Infantry: "I/Zweiffel", Infantry2: "II/Zweiffel", InfClass: "musketeer",
			Heavy: "3e Cuirassiers", HeavyClass: "cuirassiers", Light: "Pletz Hussars", LightClass: "hussars",
			Carre: "Grenadier-Bataillon Rabiel", CarreClass: "grenadier", Dragoons: "11e Dragons", DragoonsClass: "dragoons",
			Assault: "1/34e Ligne", AssaultClass: "ligne", Terrain: "dwelling"},
	},
	{
		Name: "quatrebras", File: "quatrebras.json", Commit: "220f742",
		Title: "La Bataille des Quatre Bras", Publisher: "Clash of Arms",
		Edition: "Clash of Arms' earlier La Bataille rules (Carré by nationality and distance only)", Classic: true,
		Nations: []Word{{"french", "French"}, {"polish", "Polish (Imperial Guard lancers)"}, {"british", "British"}, {"kgl", "King's German Legion"},
			{"belgian", "Belgian"}, {"dutch", "Dutch"}, {"brunswick", "Braunschweig"}, {"hanoverian", "Hanoverian"}, {"nassau", "Nassau"}},
		Carre: map[string][]string{"French": ids("french", "polish"), "Allies": ids("british", "kgl", "belgian", "dutch", "brunswick", "hanoverian", "nassau")},
		Recall: []RecallRow{{"French", ids("french"), ids("*")}, {"Polish", ids("polish"), ids("*")}, {"British", ids("british"), ids("*")}, {"KGL", ids("kgl"), ids("*")},
			{"Belgian", ids("belgian"), ids("*")}, {"Dutch", ids("dutch", "nassau"), ids("*")}, {"Braunschweig", ids("brunswick"), ids("*")}, {"Hanovarian", ids("hanoverian"), ids("*")}},
		Notes: []string{"The Recall chart has no Nassau row: Nassau cavalry reads the Dutch row."},
		Scenario: Troops{SideA: "french", SideB: "allied", NatA: "french", NatB: "british",
			Hussars: "6e Chasseurs à cheval", HussarsClass: "chasseurs", Infantry: "1/44th Foot", Infantry2: "1/92nd Highlanders", InfClass: "line_infantry",
			Heavy: "11e Cuirassiers", HeavyClass: "cuirassiers", Light: "Brunswick Hussars", LightClass: "hussars",
			Carre: "1/42nd Highlanders", CarreClass: "line_infantry", Dragoons: "5e Lanciers", DragoonsClass: "uhlans",
			Assault: "1/100e Ligne", AssaultClass: "line_infantry", Terrain: "dwelling"},
	},
	{
		Name: "raszyn", File: "raszyn.json", Commit: "220f742",
		Title: "La Bataille de Raszyn", Publisher: "Marshal Enterprises",
		Edition: "Clash of Arms' earlier La Bataille rules as the data gives them (Carré by nationality and distance only)", Classic: true,
		Nations: []Word{{"polish", "Polish"}, {"saxon", "Saxon"}, {"dutch", "Dutch"}, {"austrian", "Austrian"}, {"hungarian", "Hungarian"}},
		Carre:   map[string][]string{"Polish": ids("polish", "saxon", "dutch"), "Austrian": ids("austrian", "hungarian")},
		Recall:  []RecallRow{{"Polish", ids("polish"), ids("*")}, {"Allies", ids("saxon", "dutch"), ids("*")}, {"Austrian", ids("austrian", "hungarian"), ids("*")}},
		Fire:    map[string][]string{"Polish": ids("polish"), "Saxons": ids("saxon"), "Dutch": ids("dutch"), "Austrian": ids("austrian"), "Hungarian": ids("hungarian")},
		Scenario: Troops{SideA: "austrian", SideB: "polish", NatA: "austrian", NatB: "polish",
			Hussars: "Szekler Hussars", HussarsClass: "hussars", Infantry: "I/8th Polish Infantry", Infantry2: "II/8th Polish Infantry", InfClass: "line_infantry",
			Heavy: "Lothringen Kürassiere", HeavyClass: "cuirassiers", Light: "2nd Polish Uhlans", LightClass: "uhlans",
			Carre: "I/1st Polish Infantry", CarreClass: "line_infantry", Dragoons: "Riesch Dragoner", DragoonsClass: "dragoons",
			Assault: "I/IR 16 Vogelsang", AssaultClass: "line_infantry", Terrain: "dwelling"},
	},
	{
		Name: "schoengrabern", File: "schoengrabern.json", Commit: "220f742",
		Title: "La Bataille de Schoengrabern", Publisher: "Marshal Enterprises",
		Edition: "Premier Rules for La Bataille ME",
		Nations: []Word{{"french", "French"}, {"allies", "French Allies"}, {"russian", "Russian"}},
		Carre:   map[string][]string{"French": ids("french", "allies"), "Russian": ids("russian")},
		Recall: []RecallRow{{"French", ids("french"), ids("*")}, {"French Allies", ids("allies"), ids("*")},
			{"Russian Light", ids("russian"), ids("*")}, {"Russian Heavy", ids("russian"), ids("heavy")}},
		Fire: map[string][]string{"French": ids("french", "allies"), "Russian": ids("russian")},
		Scenario: Troops{SideA: "french", SideB: "russian", NatA: "french", NatB: "russian",
			Hussars: "9e Hussards", HussarsClass: "hussars", Infantry: "I/Azov Musketeers", Infantry2: "II/Azov Musketeers", InfClass: "musketeer",
			Heavy: "1er Carabiniers", HeavyClass: "cuirassiers", Light: "Pavlograd Hussars", LightClass: "hussars",
			Carre: "I/Kiev Grenadiers", CarreClass: "grenadier", Dragoons: "3e Dragons", DragoonsClass: "dragoons",
			Assault: "1/6e Léger", AssaultClass: "legere", Terrain: "dwelling"},
	},
	{
		Name: "talavera", File: "talavera.json", Commit: "220f742",
		Title: "La Bataille de Talavera", Publisher: "Clash of Arms",
		Edition: "Clash of Arms' earlier La Bataille rules (Carré by nationality and distance only)", Classic: true,
		Nations: []Word{{"french", "French"}, {"allies", "French Allies"}, {"polish", "Polish"}, {"dutch", "Dutch"}, {"british", "British"}, {"kgl", "King's German Legion"}, {"spanish", "Spanish"}},
		Carre:   map[string][]string{"French": ids("french"), "French Allies": ids("allies", "polish", "dutch"), "British": ids("british"), "KGL": ids("kgl"), "Spanish": ids("spanish")},
		Recall:  []RecallRow{{"French", ids("french", "allies", "polish", "dutch"), ids("*")}, {"British", ids("british", "kgl"), ids("*")}, {"Spanish", ids("spanish"), ids("*")}},
		Scenario: Troops{SideA: "french", SideB: "allied", NatA: "french", NatB: "british",
			Hussars: "10e Chasseurs à cheval", HussarsClass: "chasseurs", Infantry: "1/45th Foot", Infantry2: "2/7th Foot", InfClass: "line_infantry",
			Heavy: "1er Dragons", HeavyClass: "dragoons", Light: "23rd Light Dragoons", LightClass: "chasseurs",
			Carre: "1/61st Foot", CarreClass: "line_infantry", Dragoons: "2e Dragons", DragoonsClass: "dragoons",
			Assault: "1/24e Ligne", AssaultClass: "line_infantry", Terrain: "dwelling"},
	},
	{
		Name: "vauchamps", File: "vauchamps.json", Commit: "220f742",
		Title: "La Bataille de Vauchamps", Publisher: "Against the Odds",
		Edition: "Premier Rules for La Bataille ME, as the ATO magazine edition prints its charts",
		Nations: []Word{{"french", "French"}, {"prussian", "Prussian"}, {"russian", "Russian"}},
		Carre:   map[string][]string{"French": ids("french"), "Prussian": ids("prussian"), "Russian": ids("russian")},
		Recall:  []RecallRow{{"All", ids("french", "prussian", "russian"), ids("*")}},
		Scenario: Troops{SideA: "french", SideB: "allied", NatA: "french", NatB: "prussian",
			Hussars: "1er Chasseurs à cheval de la Garde", HussarsClass: "guard_light", Infantry: "I/Kolberg", Infantry2: "II/Kolberg", InfClass: "musketeer",
			Heavy: "Dragons de la Garde", HeavyClass: "guard_heavy", Light: "Brandenburg Husaren", LightClass: "hussars",
			Carre: "Füsilier/Kolberg", CarreClass: "fusilier", Dragoons: "16e Dragons", DragoonsClass: "dragoons",
			Assault: "1/3e Provisoire", AssaultClass: "provisoire", Terrain: "dwelling"},
	},
	{
		Name: "wagram", File: "wagram.json", Commit: "ab1f5fd",
		Title: "La Bataille de Deutsch-Wagram", Publisher: "Marshal Enterprises",
		Edition: "Premier Rules for La Bataille ME",
		Nations: []Word{{"french", "French"}, {"allies", "French Allies"}, {"austrian", "Austrian"}},
		Carre:   map[string][]string{"French": ids("french"), "French Allies": ids("allies"), "Austrians": ids("austrian")},
		Recall:  []RecallRow{{"French", ids("french"), ids("*")}, {"French Allied", ids("allies"), ids("*")}, {"Austrian", ids("austrian"), ids("*")}},
		Scenario: Troops{SideA: "austrian", SideB: "french", NatA: "austrian", NatB: "french",
			Hussars: "Kienmayer Hussars", HussarsClass: "hussars", Infantry: "1/25e Léger", Infantry2: "2/25e Léger", InfClass: "legere",
			Heavy: "Kaiser Kürassiere", HeavyClass: "cuirassiers", Light: "Saxon Prinz Clemens Chevaulegers", LightClass: "chasseurs",
			Carre: "3/8e Ligne", CarreClass: "ligne", Dragoons: "Levenehr Dragoner", DragoonsClass: "dragoons",
			Assault: "I/IR 4 Hoch-und-Deutschmeister", AssaultClass: "linie", Terrain: "dwelling"},
	},
	{
		Name: "wartenburg", File: "wartenburg.json", Commit: "2e1536d",
		Title: "Das Treffen bei Wartenburg", Publisher: "the lb.react app's author (publisher field \"Me!\")",
		Edition: "Premier Rules for La Bataille ME",
		Nations: []Word{{"french", "French"}, {"italian", "Italian"}, {"rheinbund", "Rheinbund"}, {"prussian", "Prussian"}},
		Carre:   map[string][]string{"French": ids("french", "italian"), "Rheinbund": ids("rheinbund"), "Prussian": ids("prussian")},
		Recall: []RecallRow{{"Rheinbund", ids("rheinbund", "french", "italian"), ids("*")}, {"Prussian Light", ids("prussian"), ids("*")},
			{"Prussian Heavy", ids("prussian"), ids("heavy")}, {"Prussian Landwehr", ids("prussian"), ids("landwehr_cavalry")}},
		Fire:  map[string][]string{"French": ids("french", "italian", "rheinbund"), "Prussian": ids("prussian")},
		Notes: []string{"The Recall chart has no French row: the French and Italian cavalry read the Rheinbund row, the only one of their side."},
		Scenario: Troops{SideA: "allied", SideB: "french", NatA: "prussian", NatB: "french",
			Hussars: "2. Leib-Husaren", HussarsClass: "hussars", Infantry: "I/Württemberg 7th", Infantry2: "II/Württemberg 7th", InfClass: "linie",
			Heavy: "Brandenburg Kürassiere", HeavyClass: "cuirassiers", Light: "Württemberg Jäger zu Pferde", LightClass: "chasseurs",
			Carre: "I/Italian 1st Line", CarreClass: "italienne", Dragoons: "Litthauen Dragoner", DragoonsClass: "dragoons",
			Assault: "I/Leib-Regiment", AssaultClass: "linie", Terrain: "woods"},
	},
}
