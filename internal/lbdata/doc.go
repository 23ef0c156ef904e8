package lbdata

// SourceDir is the copy of the app's data files kept in the repository, from
// the repository's root: heatmiser328/lb.react src/data at 2e1536d (each file
// as its last change left it; Battles names that commit).
const SourceDir = "internal/lbdata/testdata/lb.react/src/data"

const dataIntro = `# The community chart data, checked

The bundled battles below are converted from the chart data of the lb.react
app (heatmiser328/lb.react on GitHub, ` + "`src/data/NAME.json`" + `) by
` + "`go run ./internal/lbdata/lbconvert`" + `, which also writes this page. Its
check reads every Carré column as the table plays it — each of the 36 results
of a d66 in exactly one row — and every Recall row, fire multiple and fire
defence cell; where the data leaves a result in no row (a gap), puts it in two
(an overlap), prints a range high to low, or prints a label that disagrees with
the figure the app stores, the finding is listed here with the reading the
module plays and the other, written so that it can be entered as a variant.

How a gap or an overlap is read: a result in no row belongs to the row before
it (the printed upper bound is taken as the slip); a result in two rows belongs
to the row that starts there (the later row's lower bound is taken as right).
A fire multiple is entered as its printed label where the app's stored factor
differs; a fire defence cell printed with two figures ("6/8") is entered as
the app's one stored value.

Two readings hold for every battle. The app's assault modifiers are
switches: a ticked line adds its attacker figure to the attacker's check and
its defender figure to the defender's, so "50% Losses −6/−6" and "Morale
Level 2 (−6) −6/−6" take 6 off both checks at once, whichever side is worn;
the modules apply such a line to each side's check when that side's battalion
has lost half its increments or its army is at that level. The app's
reading, both checks at once, is the condition read for either side:
` + "`attacker.losses * 2 >= attacker.start || defender.losses * 2 >= defender.start`" + `.
And the "type" each assault line carries ("attack" or "defend") is not read
by the app and is not consistent between its files ("50% losses" is
"attack" in fifteen files and "defend" in Bautzen, Hagelberg, Wagram and
Wartenburg): the conditions here read the side the printed name describes.

The movement and stacking charts (Bautzen, Hagelberg, Wartenburg) are read
so. A row names a hex's terrain, a hexside (a figure printed "+N", added to
the hex entered across it) or the road: a hex entered along a road (from a
road hex into a road hex) costs the Road row's 1/2, or the terrain's own
"(N Rd)". NA forbids the move; "Rd" allows a crossing only along a road and
"Sk" only in skirmish order. The chart's Hamlet (or, where it prints none,
Village) is the base's dwelling and its Earthworks the base's redoubt, as the
fire defence reads them; its other rows are terrain of the battle's own. A
stacking limit binds the hex a unit ends its move in, for the unit that moved,
which stands again where it began if the limit is broken; "Btn" counts units,
"Rgt" regiments, "Inc" increments, "Sk Btn" battalions every one of which in
the hex is in skirmish order (a battalion standing there may not change out
of it), two limits of one arm ("1 Rgt/18 Inc") are either-or, and the combined column ("12 Inf/1 Art", "N Art" batteries) binds
when infantry and artillery share the hex. A charge is not a move of the
movement phase: it pays the chart's cavalry figure for the terrain it enters,
the base's terrain and the battle's own alike, and no road rate, in whole
points, with what a hexside adds and what turning costs.
`

// dataByHand lists what the data of the three battles written by hand
// holds that a script had to read one way of two: the same check, made by
// hand, each finding where its script's comment records the reading.
const dataByHand = `
## The battles written by hand

Friedland, Danzig and Austerlitz 1805 are entered by hand from the same
app's data; their scripts record each reading below where it is played, and
the tests play their Carré and Recall cells against a second transcription
typed by hand (` + "`games/testdata/published`" + `).

### La Bataille de Friedland (` + "`friedland`" + `)

Marshal Enterprises; Premier Rules for La Bataille ME. Source: ` + "`src/data/friedland.json`" + ` at 220f742.

- fire multiples, Russian Guard in Carré: the label prints x4, the app stores 3. Played: the label, ×4. Other reading: ` + "`russian, guard, carre => 3`" + `.
- Carré modifiers, "Morale Level +3" prints one figure for every level. Played: +3 at every level from 1. Other reading: +3 a level, ` + "`3 * army(unit, \"morale_level\")`" + `.
- assault modifiers, a Saxon battalion in line meets both "In Line" and "Sassen In Line". Played: both. Other reading: "Sassen In Line" alone, ` + "`&& defender.class != \"sassen\"`" + ` in pre_melee.line.

### Le Siège de Danzig 1807 (` + "`danzig`" + `)

Marshal Enterprises; Premier Rules for La Bataille ME. Source: ` + "`src/data/danzig.json`" + ` at 2e1536d.

- Carré Realization Table, French, column, 2: Carré 11–43 and Disorder 34–54 overlap on 34–43. Played: Carré 11–33, Disorder 34–54, as the disorder row and the 1813 files built on this one (Hagelberg, Wartenburg) have it. Other reading: the app's first row winning, ` + "`11..43 => carre  44..54 => disorder`" + `.
- Carré Realization Table, the file holds two tables under the one key ` + "`charge.carre`" + `; a JSON reader, the app's too, keeps the second, and we take from the first only the Russian columns the second lacks. The first table's Prussian column, column, 1 reads Carré 11–31 against Disorder 23–44, which overlap on 23–31. Played: the second table's Prussian column (Carré 11–31, Disorder 32–52, Rout 53–66). Other reading: the first table's, first row winning, ` + "`column prussian, column, 1 { 11..31 => carre  32..44 => disorder  45..66 => rout }`" + `.
- Carré Realization Table, the chart prints both a Rheinbund column and a Rheinbund +4 modifier. Played: both. Other reading: the column alone, ` + "`remove modifier carre_realization.rheinbund`" + `.
- Recall, the Cossack row is 2–6, where Austerlitz and Hagelberg print 5–6. Played: Danzig's 2–6. Other reading: ` + "`column russian, cossack { 1..4 => fail  5..6 => recall }`" + `.
- fire multiples, the app stores factors that differ from the printed labels (Reserve line and Carré 4, Frei Korps line and Carré 3 and skirmish 5, Prussian Musketeer line 3, Fusilier skirmish 4, Depot Fusilier line 3, Carré 3 and skirmish 4). Played: the labels. Other reading: the stored factors.

### La Bataille d'Austerlitz 1805 (` + "`austerlitz1805`" + `)

Marshal Enterprises; Premier Rules for La Bataille ME (July 2016). Source: ` + "`src/data/austerlitz.json`" + ` at 220f742.

- Carré Realization Table, Austrian, line, 4: Disorder is stored as 65–64, a reversed range, so the app finds no row for 65 or 66. Played: 65–66 Disorder, as the French line at 4 has it. Other reading: ` + "`65..66 => no_result`" + `, an outcome no rule acts on.
- Carré modifiers, "Russian Ldr (-6)" is stored with the value 0. Played: the −6 its label prints, the French leader's figure. Other reading: ` + "`remove modifier carre_realization.russian_leader`" + `.
- Carré modifiers, "French Allies +2" names a nationality the box's Carré chart has no columns for. Played: not entered. Other reading: a variant that adds the allies' columns and ` + "`{ 2 when unit.nationality == \"allies\" }`" + `.
- fire multiples, Russian Guard in Carré: the label prints x4, the app stores 3. Played: the label, ×4. Other reading: ` + "`russian, guard, carre => 3`" + `.
- fire defence, Hamlet, skirmish: the label prints 14, the app stores 12. Played: the label, 14. Other reading: ` + "`dwelling, skirmish => 12`" + `.
`

const dataBerlin = `
## La Bataille de Berlin 1813 (` + "`berlin1813`" + `)

Marshal Enterprises, 2021; Premier Rules for La Bataille ME. No public chart
data was found, so its Carré, Recall and fire defence charts stay declared
` + "`placeholder`" + ` (` + "`bataille explain berlin1813 placeholders`" + ` lists
them). Where we looked:

- The lb.react app: no Berlin, Gross-Beeren, Dennewitz or Luckau data in any
  file of its history; its nearest files are Hagelberg and Wartenburg, bundled
  above, and nothing ties either to the Berlin box.
- The publisher's flip-book of the game (FlippingBook, user-khs2gwr.cld.bz,
  "La-Bataille-de-Berlin-1813"), searched through the web pages corpus for its
  Carré Realization Table, Recall chart, Carré modifiers and fire defence: the
  pages found hold the Premier Rules (July 2021) and parts of the special rules
  (morale recovery of the Würzburg and Saxon troops, reaction and opportunity
  charges, morale levels, the Dennewitz victory conditions), but no page with
  a Carré, Recall or fire defence chart. The same publisher's flip-book of La
  Bataille pour la Prusse prints its Carré Realization Table as text, so the
  Berlin charts may be on pages the corpus does not hold, or printed as
  pictures.
- The documentation corpus: nothing on the game.
`
