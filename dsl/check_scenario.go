package dsl

import (
	"sort"
	"strconv"
	"strings"
	"unicode/utf8"
)

func (u *unit) scenario(s *Scenario, src string) {
	pos := position(s.Pos)
	for _, old := range u.mod.Scenarios {
		if old.Name == s.Name {
			u.errorf(pos, "duplicate", "scenario %s is declared twice; the first is at %s", s.Name, old.Pos)
			return
		}
	}
	u.mod.Scenarios = append(u.mod.Scenarios, u.scenarioDef(s, src))
}

// scenarioDef reads a scenario's lines (a scenario's, or a test's set-up).
func (u *unit) scenarioDef(s *Scenario, src string) *ScenarioDef {
	pos := position(s.Pos)
	sd := &ScenarioDef{Name: s.Name, Title: s.Title, Pos: pos, Module: u.mod.ID, Src: src}
	for _, it := range s.Items {
		ipos := position(it.Pos)
		switch {
		case it.Map != nil:
			c, _ := strconv.Atoi(it.Map.Cols)
			r, _ := strconv.Atoi(it.Map.Rows)
			if c < 1 || r < 1 || c > 99 || r > 99 {
				u.errorf(ipos, "bad-map", "a map is 1 to 99 columns by 1 to 99 rows")
				continue
			}
			if sd.Cols != 0 {
				u.errorf(ipos, "bad-map", "scenario %s gives its map twice; the first is %d x %d", s.Name, sd.Cols, sd.Rows)
				continue
			}
			sd.Cols, sd.Rows, sd.DefaultTerrain = c, r, it.Map.Terrain
			if t := it.Map.Terrain; t != "" {
				// The terrain follows the rows' number, after the x.
				from := it.Map.Pos.Offset + len("map")
				if x := FindWord(src, "x", from, 200); x >= 0 {
					from = x + 1
				}
				u.wordIn(KindTerrain, t, src, position(it.Map.Pos), from)
			}
		case it.Terrain != nil:
			hs := HexSetDef{Kind: it.Terrain.Kind, Terrain: it.Terrain.Name}
			if hs.Kind == "terrain" {
				u.wordIn(KindTerrain, hs.Terrain, src, position(it.Terrain.Pos), it.Terrain.Pos.Offset+len(hs.Kind))
			}
			if hs.Kind == "terrain" && hs.Terrain == "" {
				u.errorf(ipos, "syntax", "terrain needs a name: `terrain woods 0305`")
				continue
			}
			for _, h := range it.Terrain.Hexes {
				if v, ok := u.hexSpec(h); ok {
					hs.Hexes = append(hs.Hexes, v.(HexSpec))
				}
			}
			sd.Terrain = append(sd.Terrain, hs)
		case it.Hexside != nil:
			hs := HexsideDef{Name: it.Hexside.Name, Pos: ipos}
			u.wordIn(KindHexside, hs.Name, src, position(it.Hexside.Pos), it.Hexside.Pos.Offset+len("hexside"))
			if it.Hexside.From != nil {
				if v, ok := u.hexSpec(it.Hexside.From); ok {
					h := v.(HexSpec)
					hs.From = &h
				}
				for _, d := range it.Hexside.Up {
					hs.Up = append(hs.Up, strings.ToUpper(d))
				}
			}
			for _, p := range it.Hexside.Pairs {
				a, okA := u.hexSpec(p.A)
				b, okB := u.hexSpec(p.B)
				if okA && okB {
					hs.Pairs = append(hs.Pairs, [2]HexSpec{a.(HexSpec), b.(HexSpec)})
				}
			}
			sd.Hexsides = append(sd.Hexsides, hs)
		case it.Unit != nil:
			us := &UnitSpec{ID: it.Unit.ID, Name: it.Unit.Name, Props: make(map[string]PropValue, len(it.Unit.Props)), Pos: ipos}
			if from := it.Unit.Pos.Offset + len("unit"); u.info != nil && from <= len(src) {
				if at := FindWord(src, us.ID, from, 200); at >= 0 {
					us.idAt = posAt(src, position(it.Unit.Pos), it.Unit.Pos.Offset, at)
				}
			}
			for _, p := range it.Unit.Props {
				ppos := position(p.Pos)
				prop, builtin := u.env.UnitProp(p.Key)
				if !builtin {
					u.wordAt(KindAttribute, p.Key, ppos)
				}
				for _, v := range p.Values {
					if v.Ident != nil && prop.Vocab != "" {
						u.wordAt(prop.Vocab, *v.Ident, position(v.Pos))
					}
				}
				if !builtin {
					u.readWord(KindAttribute, p.Key)
				}
				if _, isAttr := u.mod.Vocab[KindAttribute][p.Key]; isAttr {
					if !builtin {
						pv := PropValue{Pos: ppos, Values: []any{true}}
						for _, v := range p.Values {
							if x, ok := u.value(v); ok {
								pv.Values = []any{x}
							}
						}
						if _, isBool := pv.Values[0].(bool); !isBool || len(p.Values) > 1 {
							u.errorf(ppos, "bad-property", "%s is an attribute: write it alone, or `: true` / `: false`", p.Key)
						}
						us.Props[p.Key] = pv
						continue
					}
				}
				if !builtin {
					known := append(u.env.UnitPropNames(), u.names(KindAttribute)...)
					var hint any = didYouMean(p.Key, known)
					if hint.(suggestion).want == "" {
						hint = " (a unit has " + strings.Join(u.env.UnitPropNames(), ", ") + ", and the attributes the module declares with `attribute`)"
					}
					u.errorf(ppos, "unknown-property", "a unit has no property %q%s", p.Key, hint)
					continue
				}
				pv := PropValue{Pos: ppos, Values: make([]any, 0, len(p.Values))}
				for _, v := range p.Values {
					if prop.What == "hex" && v.Number != nil {
						// A map number keeps its leading zero: 0604, not 604.
						// A bad one is kept as written: CheckScenario finds
						// the same fault and says nothing more.
						spec, _ := u.hexNumber(*v.Number, position(v.Pos))
						spec.Number, spec.Pos = *v.Number, position(v.Pos)
						pv.Values = append(pv.Values, spec)
						continue
					}
					if x, ok := u.value(v); ok {
						pv.Values = append(pv.Values, x)
					}
				}
				if len(p.Values) == 0 {
					pv.Values = []any{true}
				}
				us.Props[p.Key] = pv
			}
			if st, inc := us.Props["start"], us.Props["increments"]; len(st.Values) == 1 && len(inc.Values) == 1 {
				if a, isInt := st.Values[0].(int); isInt {
					if b, isInt := inc.Values[0].(int); isInt && a < b {
						u.errorf(st.Pos, "bad-property", "unit %s has %d increments but starts with %d: start is at least its increments", us.ID, b, a)
					}
				}
			}
			sd.Units = append(sd.Units, us)
		case it.Order != nil:
			sd.Orders = append(sd.Orders, u.orderSpec(it.Order))
		case it.Decide != nil:
			sd.Decisions = append(sd.Decisions, decision(it.Decide, ipos))
		case it.Goal != nil:
			if prev, dup := sd.Goals[it.Goal.Side]; dup {
				u.errorf(ipos, "duplicate", "scenario %s names side %s's goal twice; the first is at %s", s.Name, it.Goal.Side, prev.Pos)
				continue
			}
			if sd.Goals == nil {
				sd.Goals = map[string]GoalSpec{}
			}
			sd.Goals[it.Goal.Side] = GoalSpec{Objective: it.Goal.Objective, Pos: ipos}
		case it.Turn != nil && (it.Turn.Block || (it.Turn.Number != nil && *it.Turn.Number != "1")):
			u.turnBlock(sd, it.Turn, ipos)
		case it.Turn != nil:
			if sd.Turn != "" {
				u.errorf(ipos, "duplicate-turn", "scenario %s says whose turn it is twice; the first says %s at %s", s.Name, sd.Turn, sd.TurnPos)
				continue
			}
			sd.Turn, sd.TurnPos = it.Turn.Side, ipos
		case it.Army != nil:
			u.armySet(sd, it.Army, ipos)
		case it.Seed != nil:
			n, err := strconv.ParseUint(*it.Seed, 10, 64)
			if err != nil {
				u.errorf(ipos, "bad-number", "seed %s is out of range", *it.Seed)
				continue
			}
			sd.Seed = &n
		}
	}
	u.armySides(sd)
	return sd
}

// armySides reports an `army` line for a side no unit of the scenario
// fights for: a misspelt side would set nothing any rule reads.
func (u *unit) armySides(sd *ScenarioDef) {
	sides := map[string]bool{}
	var names []string
	for _, us := range sd.Units {
		if pv, ok := us.Props["side"]; ok && len(pv.Values) == 1 {
			if s, isStr := pv.Values[0].(string); isStr && !sides[s] {
				sides[s] = true
				names = append(names, s)
			}
		}
	}
	for _, a := range sd.Armies {
		if !sides[a.Side] {
			u.errorf(a.Pos, "unknown-side", "no unit of scenario %s fights for side %s%s", sd.Name, a.Side, didYouMean(a.Side, names))
		}
	}
}

// armySet reads a scenario's `army SIDE { NAME: N }`: each name a word of
// the module's army vocabulary, each value a whole number within its
// word's bounds, each side given once.
func (u *unit) armySet(sd *ScenarioDef, a *ArmySet, pos Pos) {
	for _, old := range sd.Armies {
		if old.Side == a.Side {
			u.errorf(pos, "duplicate", "scenario %s gives side %s's army values twice; the first is at %s", sd.Name, a.Side, old.Pos)
			return
		}
	}
	as := &ArmySpec{Side: a.Side, Values: map[string]int{}, Pos: pos}
	for _, p := range a.Props {
		ppos := position(p.Pos)
		u.wordAt(KindArmy, p.Key, ppos)
		u.readWord(KindArmy, p.Key)
		w, ok := u.mod.Vocab[KindArmy][p.Key]
		if !ok {
			u.errorf(ppos, "unknown-army", "no army value %q is declared%s (declare it with `army %s { start: 0 }`)", p.Key, didYouMean(p.Key, u.names(KindArmy)), p.Key)
			continue
		}
		var n int
		good := len(p.Values) == 1
		if good {
			x, isNum := u.value(p.Values[0])
			n, good = x.(int)
			good = good && isNum
		}
		if !good {
			u.errorf(ppos, "bad-property", "%s takes one whole number", p.Key)
			continue
		}
		if lo, hi := w.Bounds(); n < lo || n > hi {
			u.errorf(ppos, "out-of-range", "%s is %d to %d; got %d", p.Key, lo, hi, n)
			continue
		}
		if _, twice := as.Values[p.Key]; twice {
			u.errorf(ppos, "duplicate", "%s is given twice", p.Key)
			continue
		}
		as.Values[p.Key] = n
	}
	sd.Armies = append(sd.Armies, as)
}

// checkScenarios checks what a scenario names against the module: units,
// vocabulary words and order shapes.
func (u *unit) checkScenarios() {
	for _, w := range u.mod.Vocab[KindAttribute] {
		if _, builtin := u.env.UnitProp(w.Name); builtin && w.Module == u.mod.ID {
			u.errorf(w.Pos, "duplicate", "attribute %s: a unit already has a property %s", w.Name, w.Name)
		}
	}
	for _, s := range u.mod.Scenarios {
		u.checkScenario(s)
		var ds Diagnostics
		s.Layout, ds = CheckScenario(u.mod, s)
		u.geometry = append(u.geometry, ds...)
	}
}

// reportGeometry reports what CheckScenario found in the module's own
// scenarios (a base's are its own check's). After a module that checks
// otherwise, they follow its other diagnostics, scenario by scenario in
// the order found; among other errors they are sorted in with them,
// leaving out what the checker has already said at the same place under
// the same code (a bad map number, a missing target) in its own words.
func (u *unit) reportGeometry() {
	if !u.diags.HasErrors() {
		u.checker.geometry = u.geometry
		return
	}
	said := make(map[string]bool, len(u.diags)+len(u.geometry))
	for _, d := range u.diags {
		said[d.Pos.String()+" "+d.Code] = true
	}
	for _, d := range u.geometry {
		if k := d.Pos.String() + " " + d.Code; !said[k] {
			said[k] = true
			u.diags = append(u.diags, d)
		}
	}
}

// moraleChecks are the checks that measure a roll against a unit's
// morale: a unit without one would pass them all.
func (u *unit) moraleChecks() []string { return moraleChecks(u.mod) }

func moraleChecks(m *Module) []string {
	var out []string
	for _, name := range sortedKeys(m.Checks) {
		if c := m.Checks[name]; c.Threshold != nil && strings.Contains(c.Threshold.Source, ".morale") {
			out = append(out, name)
		}
	}
	return out
}

// checkScenario checks one scenario (or a test's set-up) against the module.
func (u *unit) checkScenario(s *ScenarioDef) {
	moraleChecks := u.moraleChecks()
	{
		if s.Cols == 0 {
			u.errorf(s.Pos, "bad-map", "scenario %s has no `map COLS x ROWS` line", s.Name)
		}
		if s.DefaultTerrain != "" {
			u.word(KindTerrain, s.DefaultTerrain, s.Pos)
		}
		for _, hs := range s.Terrain {
			if hs.Kind == "terrain" && len(hs.Hexes) > 0 {
				u.word(KindTerrain, hs.Terrain, hs.Hexes[0].Pos)
			}
		}
		for _, hs := range s.Hexsides {
			u.word(KindHexside, hs.Name, hs.Pos)
		}
		u.checkGoals(s)
		ids := map[string]bool{}
		for _, us := range s.Units {
			if ids[us.ID] {
				u.errorf(us.Pos, "duplicate", "unit %s is placed twice", us.ID)
			}
			ids[us.ID] = true
			for _, key := range sortedKeys(us.Props) {
				prop, _ := u.env.UnitProp(key)
				if prop.Vocab == "" {
					continue
				}
				pv := us.Props[key]
				if len(pv.Values) != 1 {
					u.errorf(pv.Pos, "bad-property", "%s takes one word", key)
					continue
				}
				if w, isWord := pv.Values[0].(string); isWord {
					u.word(prop.Vocab, w, pv.Pos)
				}
			}
			var missing []string
			for name, p := range u.env.UnitProps {
				if _, given := us.Props[name]; p.Required && !given {
					missing = append(missing, name)
				}
			}
			sort.Strings(missing)
			for _, need := range missing {
				u.errorf(us.Pos, "missing-property", "unit %s needs %s", us.ID, need)
			}
			if _, ok := us.Props["morale"]; !ok && len(moraleChecks) > 0 {
				u.warnf(us.Pos, "no-morale", "unit %s has no morale, so its morale checks (%s) measure the roll against 0 and it never fails one; give it `morale: N` as its counter prints", us.ID, strings.Join(moraleChecks, ", "))
			}
		}
		sides := map[string]bool{}
		for _, us := range s.Units {
			if pv, ok := us.Props["side"]; ok && len(pv.Values) == 1 {
				if w, isWord := pv.Values[0].(string); isWord {
					sides[w] = true
				}
			}
		}
		turns := append([]*TurnSpec{{Side: s.Turn, Pos: s.TurnPos}}, s.Turns...)
		for _, t := range turns {
			if t.Side != "" && len(sides) > 0 && !sides[t.Side] {
				u.errorf(t.Pos, "unknown-side", "turn %s: no unit fights for %s (sides: %s)%s", t.Side, t.Side, strings.Join(sortedKeys(sides), ", "), didYouMean(t.Side, sortedKeys(sides)))
			}
		}
		u.checkMP(s)
		u.recordUnits(s.Name, s.Units, true, s.AllOrders(), s.Decisions)
		for _, o := range s.AllOrders() {
			k := u.env.Order(o.Kind)
			if k == nil {
				var hint any = u.orderSuggestion(o.Kind)
				if hint.(suggestion).want == "" {
					hint = " (the orders are " + strings.Join(u.env.OrderNames(), ", ") + ")"
				}
				u.errorf(o.Pos, "unknown-order", "unknown order %q%s", o.Kind, hint)
				continue
			}
			if o.Unit == "" {
				u.errorf(o.Pos, "bad-order", "%s needs the unit it is given to: `%s UNIT …`", o.Kind, o.Kind)
				continue
			}
			u.unitRef(ids, o.Unit, o.Pos)
			if k.Target {
				if o.Target == "" {
					u.errorf(o.Pos, "bad-order", "%s needs a target: `%s %s at UNIT`", o.Kind, o.Kind, o.Unit)
				} else {
					u.unitRef(ids, o.Target, o.Pos)
				}
			}
			if k.Path && len(o.Path) == 0 {
				u.errorf(o.Pos, "bad-order", "%s needs a path: `path 0609 0608 …`", o.Kind)
			}
			if k.Formation && o.Formation == "" {
				u.errorf(o.Pos, "bad-order", "%s needs a formation: `%s %s as carre`", o.Kind, o.Kind, o.Unit)
			}
			if o.Formation != "" {
				u.word(KindFormation, o.Formation, o.Pos)
			}
		}
		asked := u.questions()
		for _, d := range s.Decisions {
			u.unitRef(ids, d.Unit, d.Pos)
			if d.when != nil {
				d.When = u.compile(d.when, decideEnv, true)
			}
			if !asked[d.Question] {
				u.warnf(d.Pos, "unknown-question", "no rule of this module asks %q, so this answer is never read here%s", d.Question, didYouMean(d.Question, sortedKeys(asked)))
			}
		}
	}
}

// scenarioWords are the keywords a scenario's lines begin with, besides
// the orders' words.
var scenarioWords = []string{"map", "terrain", "road", "hexside", "unit", "decide", "goal", "turn", "army", "seed"}

// orderSuggestion is the order kind an unknown one was meant to be, or,
// when none is near, the keyword of a scenario's lines (a misspelt one
// reads as an order: `trun a`), held closer, for a word that is none is
// more often a new name than a typo.
func (u *unit) orderSuggestion(kind string) suggestion {
	if s := didYouMean(kind, u.env.OrderNames()); s.want != "" {
		return s
	}
	s := didYouMean(kind, scenarioWords)
	if s.want != "" && editDistance(strings.ToLower(kind), s.want) > 1+utf8.RuneCountInString(kind)/4 {
		s.want = ""
	}
	return s
}

func (u *unit) word(kind, name string, pos Pos) {
	u.readWord(kind, name)
	if _, ok := u.mod.Vocab[kind][name]; !ok {
		u.errorf(pos, "unknown-"+kind, "unknown %s %q%s", kind, name, didYouMean(name, u.names(kind)))
	}
}

// readWord notes, while a test is checked, a word its set-up reads of
// the module (a test that reads none a game changed keeps its base's
// check: touchesTest).
func (u *unit) readWord(kind, name string) {
	if u.reading != nil {
		*u.reading = append(*u.reading, wordRef{kind: kind, name: name})
	}
}

func (u *unit) unitRef(ids map[string]bool, id string, pos Pos) {
	if !ids[id] {
		known := make([]string, 0, len(ids))
		for k := range ids {
			known = append(known, k)
		}
		sort.Strings(known)
		u.errorf(pos, "unknown-unit", "no unit %q in this scenario%s", id, didYouMean(id, known))
	}
}

func sortedKeys[V any](m map[string]V) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

// questions lists what the module's rules ask players (`ask "form_carre"`).
func (u *unit) questions() map[string]bool { return questions(u.mod) }

func questions(m *Module) map[string]bool {
	out := map[string]bool{}
	for _, r := range m.Rules {
		for _, c := range r.Clauses {
			if c.Kind == ClauseAsk {
				out[c.Question] = true
			}
		}
	}
	return out
}

// checkMP makes sure a unit that is ordered to move, charge or change
// formation (which it pays for from its allowance) has movement points: its
// own `mp:` or its arm's declared `mp`. A unit without either would move
// with none and stop at its first hex, which reads as a rule when it is a
// hole in the scenario.
func (u *unit) checkMP(s *ScenarioDef) {
	moving := map[string]*OrderSpec{}
	for _, o := range s.AllOrders() {
		if k := u.env.Order(o.Kind); k != nil && k.SpendsMP && moving[o.Unit] == nil {
			moving[o.Unit] = o
		}
	}
	for _, us := range s.Units {
		o := moving[us.ID]
		if o == nil {
			continue
		}
		if _, ok := us.Props["mp"]; ok {
			continue
		}
		arm := ""
		if pv, ok := us.Props["arm"]; ok && len(pv.Values) == 1 {
			arm, _ = pv.Values[0].(string)
		}
		w, ok := u.mod.Vocab[KindArm][arm]
		if !ok {
			continue // the arm is reported unknown or missing
		}
		if _, has := w.Props["mp"]; has {
			continue
		}
		u.errorf(us.Pos, "missing-mp", "unit %s has no mp and arm %s declares no default, yet it is ordered to %s at %s: give it `mp: N`, or declare `mp: N` on arm %s", us.ID, arm, o.Kind, o.Pos, arm)
	}
}

func (u *unit) orderSpec(o *Order) *OrderSpec {
	os := &OrderSpec{Kind: o.Kind, Pos: position(o.Pos)}
	if o.Unit != nil {
		os.Unit, os.unitAt = o.Unit.Name, position(o.Unit.Pos)
	}
	if o.Target != nil {
		os.Target, os.targetAt = o.Target.Name, position(o.Target.Pos)
	}
	if o.Formation != nil {
		os.Formation = o.Formation.Name
		u.wordAt(KindFormation, o.Formation.Name, position(o.Formation.Pos))
	}
	if o.Step != nil {
		os.Step, _ = strconv.Atoi(*o.Step)
	}
	for _, h := range o.Path {
		if v, ok := u.hexSpec(h); ok {
			os.Path = append(os.Path, v.(HexSpec))
		}
	}
	return os
}

// turnBlock reads `turn N SIDE { … }`: a turn after the first, numbered in
// order. The first turn is the top level's orders and `turn` line; a
// scenario with neither starts its blocks at 1.
func (u *unit) turnBlock(sd *ScenarioDef, t *TurnItem, pos Pos) {
	want := 1
	if n := len(sd.Turns); n > 0 {
		want = sd.Turns[n-1].Number + 1
	} else if sd.Turn != "" || len(sd.Orders) > 0 {
		want = 2
	}
	n := want
	if t.Number == nil {
		u.errorf(pos, "bad-turn", "a turn of its own orders needs its number: `turn %d %s { … }`", want, t.Side)
	} else if got, err := strconv.Atoi(*t.Number); err != nil || got != want {
		u.errorf(pos, "bad-turn", "turn %s comes where turn %d is due: turns run on from 1 without a gap (the orders at the top level are turn 1)", *t.Number, want)
	}
	ts := &TurnSpec{Number: n, Side: t.Side, Pos: pos}
	for _, line := range t.Body {
		switch {
		case line.Order != nil:
			ts.Orders = append(ts.Orders, u.orderSpec(line.Order))
		case line.Decide != nil:
			d := line.Decide
			sd.Decisions = append(sd.Decisions, decision(d, position(line.Pos)))
		}
	}
	sd.Turns = append(sd.Turns, ts)
}

// decision reads a decide line.
func decision(d *Decide, pos Pos) *DecisionSpec {
	ds := &DecisionSpec{Unit: d.Unit.Name, Question: d.Question, Answer: d.Answer == "yes", Pos: pos, unitAt: position(d.Unit.Pos)}
	if d.When != nil {
		ds.when = (*Expr)(d.When)
	}
	return ds
}

// decideEnv is what a decide line's condition may read.
var decideEnv = func() vars {
	env := vars{}
	for _, v := range DecideVars {
		env[v.Name] = v.Type
	}
	return env
}()
