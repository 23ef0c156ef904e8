package bataille

import (
	"context"
	"errors"
	"fmt"
	"maps"
	"math/big"
	"slices"
	"sort"
	"strings"

	"github.com/bataille/bataille/dsl"
	"github.com/bataille/bataille/interpreter"
)

// AdviseOptions say how the advisor plays a scenario.
type AdviseOptions struct {
	// Answers, when set, is laid over the scenario's decide lines. The
	// questions either settles are fixed: the advisor still works out what
	// their best answer would have been, but plays them as fixed.
	Answers *interpreter.ScriptedDecider
	// Goals name objectives of the module to play for, in place of each
	// side's default: an objective `for` a side scores that side, one
	// without scores every side that no other goal names.
	Goals []string
	// MaxPaths bounds the paths through the dice and the answers that are
	// played; 0 means DefaultMaxPaths.
	MaxPaths int64
	// Free leaves the scenario's decide lines out: every question but
	// those Answers settles is the advisor's. What two editions compare
	// under, best play against best play.
	Free bool
}

// Advice is the best answer to each question a scenario's rules ask, with
// the exact odds of each answer: the dice averaged, each side answering
// its own questions as well as possible for its objective (expectimax over
// every path through the dice).
type Advice struct {
	Scenario string
	// Paths is how many ways through the dice and the answers were played.
	Paths int64
	// Sides are the sides, each with the objective it plays for and its
	// expected score when every question is answered as advised.
	Sides []SideGoal
	// Best is the scenario's outcomes when every question is answered as
	// advised (and the fixed ones as fixed).
	Best *ExactTally
	// Questions are the questions the rules can ask, by unit and question.
	Questions []QuestionAdvice
}

// SideGoal is a side and what it values.
type SideGoal struct {
	Side      string
	Objective string // the objective's name
	Title     string
	Score     *big.Rat // its expected score under best play
}

// QuestionAdvice is what each answer to one question is worth.
type QuestionAdvice struct {
	Unit, Ask string
	Side      string // the side that answers it
	// Fixed is the answer the scenario (or AdviseOptions.Answers) gives,
	// nil when the advisor answers it. FixedWhere says the scenario's answer
	// depends on where the question is asked (`decide … when`): Fixed is
	// then nil.
	Fixed      *bool
	FixedWhere bool
	// Asked is the chance the question is put at all under best play.
	Asked *big.Rat
	// Yes and No are the scenario played with that answer given wherever
	// the question is asked and every other question answered as advised.
	Yes, No AnswerAdvice
	// Best is the better answer for Side; Margin its score less the
	// other's (0 when the answers are worth the same).
	Best   bool
	Margin *big.Rat
	// Situational, when the better answer is not the same at every point
	// of the play where the question is asked, is the play with each
	// point's better answer: what answering it as the play goes gives.
	Situational *AnswerAdvice
	// Places are where the rules ask it, and which answer is the better
	// one at each point of the play where it is asked.
	Places []PlaceAdvice
	// Dominant says one answer is at least as good at every point of the
	// play where the question can be asked, and better at one: a rule
	// that offers no real choice.
	Dominant bool
}

// AnswerAdvice is the play under one answer.
type AnswerAdvice struct {
	Score    *big.Rat // the expected score of the side that answers
	Outcomes *ExactTally
	// Others are the answers the other questions get in that play, where
	// it asks them: "yes", "no", or "varies" when the better answer
	// depends on the point of the play.
	Others []Taken
}

// Taken is the answer one question gets in a play.
type Taken struct {
	Unit, Ask, Answer string
}

// PlaceAdvice counts the points of the play where a rule asks a question,
// by which answer is better there for the side that answers.
type PlaceAdvice struct {
	Rule, Hook string
	// Distance is where the question is put: the hexes between the unit
	// asked and the other side of the charge (see interpreter.Question).
	Distance            int
	Points              int
	YesBetter, NoBetter int
	// Reach is the chance the question is put here when every question is
	// answered as advised; Yes and No are then the expected scores of the
	// side asked, given it is put here, under each answer (nil when the
	// advised play never puts it here).
	Reach, Yes, No *big.Rat
}

// ErrNoObjective is wrapped by Advise's error when a side has no
// objective to play for, or more than one and no goal says which.
var ErrNoObjective = errors.New("no objective")

// Advise works out the best answer to every question a scenario's rules
// can ask, with each answer's exact outcomes. It plays every path through
// the dice and the answers, as Exact plays the dice, and then, from the
// end of the play back, averages the rolls and gives each question the
// answer that serves its side's objective best.
func Advise(ctx context.Context, mod *dsl.Module, sd *dsl.ScenarioDef, opt AdviseOptions) (*Advice, error) {
	budget := opt.MaxPaths
	if budget <= 0 {
		budget = DefaultMaxPaths
	}
	a, err := newAdvisor(mod, sd, opt)
	if err != nil {
		return nil, err
	}
	if err := a.grow(ctx, budget); err != nil {
		return nil, err
	}
	return a.advise(sd.Name), nil
}

// advisor holds the tree of a scenario's play: rolls and questions as
// nodes, the ends of the play as leaves.
type advisor struct {
	r       *Runner
	keys    *tallyKeys
	ch      *chooser
	sides   []string
	goals   []*dsl.ObjectiveDef // by side
	root    *node
	nodes   int
	all     []*node // by id
	paths   int64
	qs      map[qkey]*qinfo
	qorder  []qkey
	fixedBy *interpreter.ScriptedDecider
}

type qkey struct{ unit, ask string }

type qinfo struct {
	key        qkey
	side       string
	rule, hook string
	// fixed is the answer the scenario gives at the first point it settles
	// the question, fixedAt how many points it settles, fixedVaries that
	// its answer is not the same at all of them (a decide line's condition).
	fixed       *bool
	fixedAt     int
	fixedVaries bool
}

// node is a roll (p holds its alternatives' chances), a question (q set;
// kids[0] is yes, kids[1] no), or the end of a play (end set).
type node struct {
	id    int
	q     *qinfo
	fixed *bool  // the answer the scenario gives here, if it settles it
	dist  int    // where it is asked: Question.Distance
	rule  string // for a question: the rule that asks it
	hook  string
	p     []*big.Rat
	kids  []*node
	end   *ending
}

type ending struct {
	scores []*big.Rat // by side
	outs   []endOutcome
}

type endOutcome struct {
	o     outcome
	v     int64
	share bool
}

func newAdvisor(mod *dsl.Module, sd *dsl.ScenarioDef, opt AdviseOptions) (*advisor, error) {
	setup, diags := interpreter.BuildScenario(mod, sd)
	if diags.HasErrors() {
		return nil, diags.Err()
	}
	fixed := setup.Decider
	if opt.Free {
		fixed = &interpreter.ScriptedDecider{Answers: map[[2]string]bool{}}
	}
	if opt.Answers != nil {
		fixed = opt.Answers.Under(fixed)
	}
	ch := &chooser{fixed: fixed}
	dice := interpreter.NewSeededDice(0)
	cfg := interpreter.Config{Dice: dice, Decider: ch, NoTrace: true, Effects: defaultEffects(), Brancher: ch}
	e := interpreter.New(mod, setup.Board, setup.Orders, cfg)
	e.SetPhasing(setup.Turn)
	e.SetTurns(setup.Turns)
	r := &Runner{Engine: e, dice: dice}
	sideSet := map[string]bool{}
	for _, u := range setup.Board.Units {
		r.start = append(r.start, *u)
		sideSet[u.Side] = true
	}
	a := &advisor{r: r, keys: newTallyKeys(r), ch: ch, qs: map[qkey]*qinfo{}, fixedBy: fixed}
	for s := range sideSet {
		a.sides = append(a.sides, s)
	}
	sort.Strings(a.sides)
	goals, err := objectives(mod, sd, a.sides, opt.Goals)
	if err != nil {
		return nil, err
	}
	a.goals = goals
	return a, nil
}

// objectives finds the objective each side plays for: a goal for it, else
// a goal for any side, else the scenario's goal line for it, else the
// module's one objective for it, else the one its param advise.objective
// names (the base's "strength").
func objectives(mod *dsl.Module, sd *dsl.ScenarioDef, sides, goals []string) ([]*dsl.ObjectiveDef, error) {
	var chosen []*dsl.ObjectiveDef
	for _, g := range goals {
		o, ok := mod.Objectives[g]
		if !ok {
			names := slices.Sorted(maps.Keys(mod.Objectives))
			return nil, fmt.Errorf("%w %q in module %s%s (it has %s)", ErrNoObjective, g, mod.ID, dsl.DidYouMean(g, names), strings.Join(names, ", "))
		}
		chosen = append(chosen, o)
	}
	var declared []*dsl.ObjectiveDef
	for _, name := range slices.Sorted(maps.Keys(mod.Objectives)) {
		declared = append(declared, mod.Objectives[name])
	}
	one := func(list []*dsl.ObjectiveDef, side, scope, what string) (*dsl.ObjectiveDef, error) {
		var found []string
		var o *dsl.ObjectiveDef
		for _, x := range list {
			if x.For == scope {
				o = x
				found = append(found, x.Name)
			}
		}
		if len(found) > 1 {
			return nil, fmt.Errorf("%w for side %s: %s %s; name one with --goal", ErrNoObjective, side, strings.Join(found, " and "), what)
		}
		return o, nil
	}
	out := make([]*dsl.ObjectiveDef, len(sides))
	for i, side := range sides {
		o, err := one(chosen, side, side, "are goals for it")
		if err == nil && o == nil {
			o, err = one(chosen, side, "", "are goals for every side")
		}
		if g, ok := sd.Goals[side]; err == nil && o == nil && ok {
			if o = mod.Objectives[g.Objective]; o == nil {
				return nil, fmt.Errorf("%w: %s: scenario %s names objective %q for side %s, which module %s does not declare", ErrNoObjective, g.Pos, sd.Name, g.Objective, side, mod.ID)
			}
		}
		if err == nil && o == nil {
			o, err = one(declared, side, side, "are declared for it")
		}
		if err != nil {
			return nil, err
		}
		if o == nil {
			p, ok := mod.Params[DefaultObjectiveParam]
			name, isName := "", false
			if ok {
				name, isName = p.Value.(string)
			}
			if !isName {
				return nil, fmt.Errorf("%w for side %s in module %s: declare one (`objective NAME \"Title\" for %s { … }`) or name one with param %s", ErrNoObjective, side, mod.ID, side, DefaultObjectiveParam)
			}
			def, ok := mod.Objectives[name]
			if !ok || def.For != "" && def.For != side {
				return nil, fmt.Errorf("%w: param %s names %q, which is not an objective for side %s of module %s", ErrNoObjective, DefaultObjectiveParam, name, side, mod.ID)
			}
			o = def
		}
		out[i] = o
	}
	return out, nil
}

// DefaultObjectiveParam names the param that names the objective a side
// plays for when nothing else says which.
const DefaultObjectiveParam = "advise.objective"

// chooser plays one path through the dice and the answers: the choices
// given, then the first alternative (or "yes") at every step after them.
// It records what each step was.
type chooser struct {
	fixed   *interpreter.ScriptedDecider
	choices []int
	steps   []step
	depth   int
}

type step struct {
	q    *interpreter.Question // a question; nil for a roll
	alts []interpreter.Alternative
}

func (c *chooser) next() int {
	d := c.depth
	c.depth++
	if d < len(c.choices) {
		return c.choices[d]
	}
	c.choices = append(c.choices, 0)
	return 0
}

// Choose implements interpreter.Brancher.
func (c *chooser) Choose(alts []interpreter.Alternative) int {
	i := c.next()
	c.steps = append(c.steps, step{alts: alts})
	if i >= len(alts) {
		return 0 // the play is not the one recorded: grow reports it
	}
	return i
}

// Decide implements interpreter.Decider: yes is the first answer.
func (c *chooser) Decide(q interpreter.Question) bool {
	i := c.next()
	c.steps = append(c.steps, step{q: &q})
	return i == 0
}

// grow plays every path and builds the tree.
func (a *advisor) grow(ctx context.Context, budget int64) error {
	a.root = nil
	a.ch.choices = a.ch.choices[:0]
	for {
		if err := ctx.Err(); err != nil {
			return err
		}
		if a.paths >= budget {
			return fmt.Errorf("%w: more than %d paths through the dice and the answers", ErrTreeTooLarge, budget)
		}
		a.ch.steps, a.ch.depth = a.ch.steps[:0], 0
		a.r.Engine.Rewind(nil)
		if err := a.r.Engine.Run(ctx); err != nil {
			return fmt.Errorf("path %s: %w", a.describe(), err)
		}
		if err := a.add(); err != nil {
			return fmt.Errorf("path %s: %w", a.describe(), err)
		}
		a.paths++
		if !a.advance() {
			return nil
		}
	}
}

// advance moves to the next path: the last step with an alternative left
// takes it.
func (a *advisor) advance() bool {
	c := a.ch
	for d := len(c.steps) - 1; d >= 0; d-- {
		n := 2
		if c.steps[d].q == nil {
			n = len(c.steps[d].alts)
		}
		if c.choices[d]+1 < n {
			c.choices[d]++
			c.choices = c.choices[:d+1]
			return true
		}
	}
	return false
}

func (a *advisor) describe() string {
	var parts []string
	for i, s := range a.ch.steps {
		c := a.ch.choices[i]
		switch {
		case s.q != nil:
			ans := "yes"
			if c != 0 {
				ans = "no"
			}
			parts = append(parts, fmt.Sprintf("%s %s? %s", unitID(s.q.Unit), s.q.Ask, ans))
		case c < len(s.alts):
			parts = append(parts, s.alts[c].What)
		}
	}
	if len(parts) == 0 {
		return "(no rolls)"
	}
	return strings.Join(parts, ", ")
}

func unitID(u *interpreter.Unit) string {
	if u == nil {
		return ""
	}
	return u.ID
}

// add puts the path just played into the tree, with its end.
func (a *advisor) add() error {
	at := &a.root
	for d, s := range a.ch.steps {
		c := a.ch.choices[d]
		if *at == nil {
			*at = a.newNode(s)
		}
		n := *at
		if n.end != nil || (n.q == nil) != (s.q == nil) || len(n.kids) != a.width(s) {
			return fmt.Errorf("step %d is not what an earlier play of the same path made it: the play depends on more than the dice and the answers", d+1)
		}
		if c >= len(n.kids) {
			return fmt.Errorf("step %d offers %d alternatives, fewer than the path takes", d+1, len(n.kids))
		}
		at = &n.kids[c]
	}
	if *at != nil {
		return fmt.Errorf("the play ended where an earlier play of the same path went on")
	}
	end, err := a.ending()
	if err != nil {
		return err
	}
	*at = &node{id: a.nodes, end: end}
	a.all = append(a.all, *at)
	a.nodes++
	return nil
}

func (a *advisor) width(s step) int {
	if s.q != nil {
		return 2
	}
	return len(s.alts)
}

func (a *advisor) newNode(s step) *node {
	n := &node{id: a.nodes, kids: make([]*node, a.width(s))}
	a.all = append(a.all, n)
	a.nodes++
	if s.q == nil {
		for _, alt := range s.alts {
			n.p = append(n.p, alt.P)
		}
		return n
	}
	k := qkey{unitID(s.q.Unit), s.q.Ask}
	qi, ok := a.qs[k]
	if !ok {
		qi = &qinfo{key: k, rule: s.q.Rule, hook: s.q.Hook}
		if s.q.Unit != nil {
			qi.side = s.q.Unit.Side
		}
		a.qs[k] = qi
		a.qorder = append(a.qorder, k)
	}
	n.q, n.rule, n.hook, n.dist = qi, s.q.Rule, s.q.Hook, s.q.Distance
	if ans, fixed := a.fixedBy.Fixed(*s.q); fixed {
		n.fixed = &ans
		qi.fixedAt++
		if qi.fixed == nil {
			qi.fixed = &ans
		} else if *qi.fixed != ans {
			qi.fixedVaries = true
		}
	}
	return n
}

// ending scores the end of the play for every side and records its
// outcomes.
func (a *advisor) ending() (*ending, error) {
	end := &ending{scores: make([]*big.Rat, len(a.sides))}
	for i, side := range a.sides {
		v, err := a.r.Engine.Score(a.goals[i], side)
		if err != nil {
			return nil, err
		}
		r := new(big.Rat)
		if r.SetFloat64(v) == nil {
			return nil, fmt.Errorf("objective %s scores %v for %s, not a finite number", a.goals[i].Name, v, side)
		}
		end.scores[i] = r
	}
	a.keys.each(a.r, &endSink{end})
	return end, nil
}

type endSink struct{ e *ending }

func (s *endSink) share(o outcome, yes bool) {
	s.e.outs = append(s.e.outs, endOutcome{o: o, share: true, v: b2i(yes)})
}

func (s *endSink) value(o outcome, v int64) {
	s.e.outs = append(s.e.outs, endOutcome{o: o, v: v})
}

func b2i(b bool) int64 {
	if b {
		return 1
	}
	return 0
}

// policy says how a pass answers: fixed questions as fixed, one question
// forced when force is set (or, with free, answered for the best at each
// point even when fixed), the rest for the best.
type policy struct {
	force  *qkey
	answer bool
	free   bool
}

// pass is the tree solved under a policy: each node's expected scores and
// the answer taken at each question.
type pass struct {
	a      *advisor
	pol    policy
	scores [][]*big.Rat // by node id, by side
	yes    []bool       // by node id, for questions: the answer taken
}

func (a *advisor) solve(pol policy) *pass {
	p := &pass{a: a, pol: pol, scores: make([][]*big.Rat, a.nodes), yes: make([]bool, a.nodes)}
	p.value(a.root)
	return p
}

func (p *pass) sideOf(q *qinfo) int {
	return sort.SearchStrings(p.a.sides, q.side)
}

func (p *pass) value(n *node) []*big.Rat {
	if s := p.scores[n.id]; s != nil {
		return s
	}
	var out []*big.Rat
	switch {
	case n.end != nil:
		out = n.end.scores
	case n.q != nil:
		y, no := p.value(n.kids[0]), p.value(n.kids[1])
		take := p.better(n, y, no)
		p.yes[n.id] = take
		if take {
			out = y
		} else {
			out = no
		}
	default:
		out = make([]*big.Rat, len(p.a.sides))
		for i := range out {
			out[i] = new(big.Rat)
		}
		var t big.Rat
		for k, kid := range n.kids {
			v := p.value(kid)
			for i := range out {
				out[i].Add(out[i], t.Mul(n.p[k], v[i]))
			}
		}
	}
	p.scores[n.id] = out
	return out
}

// better is the answer the pass gives a question: forced, fixed, or the
// one that scores higher for the side asked (no, the answer nothing asks
// for, when they score the same).
func (p *pass) better(n *node, yes, no []*big.Rat) bool {
	switch {
	case p.pol.force != nil && *p.pol.force == n.q.key && !p.pol.free:
		return p.pol.answer
	case n.fixed != nil && (p.pol.force == nil || *p.pol.force != n.q.key):
		return *n.fixed
	}
	s := p.sideOf(n.q)
	if s >= len(p.a.sides) || p.a.sides[s] != n.q.side {
		return false // a question no side answers: no unit asked
	}
	return yes[s].Cmp(no[s]) > 0
}

// outcomes is the scenario's outcomes under the pass's answers: each end
// of the play it reaches, weighted by the chance of reaching it.
func (p *pass) outcomes() *ExactTally {
	t := newExactTally()
	w := &weighted{t: t}
	for id, prob := range p.reach() {
		n := p.a.all[id]
		if prob == nil || n.end == nil {
			continue
		}
		w.p = prob
		t.Paths++
		t.Total.Add(t.Total, prob)
		for _, o := range n.end.outs {
			if o.share {
				w.share(o.o, o.v != 0)
			} else {
				w.value(o.o, o.v)
			}
		}
	}
	return t
}

// taken lists the answers the pass gives the questions other than skip at
// the points of the play it reaches.
func (p *pass) taken(skip qkey) []Taken {
	got := map[qkey]string{}
	for id, prob := range p.reach() {
		n := p.a.all[id]
		if prob == nil || n.q == nil || n.q.key == skip {
			continue
		}
		ans := "no"
		if p.yes[n.id] {
			ans = "yes"
		}
		if was, ok := got[n.q.key]; ok && was != ans {
			ans = "varies"
		}
		got[n.q.key] = ans
	}
	var out []Taken
	for _, k := range p.a.qorder {
		if ans, ok := got[k]; ok {
			out = append(out, Taken{Unit: k.unit, Ask: k.ask, Answer: ans})
		}
	}
	return out
}

// asked is the chance the pass puts question k.
func (p *pass) asked(k qkey) *big.Rat {
	memo := map[int]*big.Rat{}
	var at func(n *node) *big.Rat
	at = func(n *node) *big.Rat {
		if v, ok := memo[n.id]; ok {
			return v
		}
		var out *big.Rat
		switch {
		case n.end != nil:
			out = new(big.Rat)
		case n.q != nil && n.q.key == k:
			out = big.NewRat(1, 1)
		case n.q != nil:
			if p.yes[n.id] {
				out = at(n.kids[0])
			} else {
				out = at(n.kids[1])
			}
		default:
			out = new(big.Rat)
			for i, kid := range n.kids {
				out.Add(out, new(big.Rat).Mul(n.p[i], at(kid)))
			}
		}
		memo[n.id] = out
		return out
	}
	return at(p.a.root)
}

func (a *advisor) advise(scenario string) *Advice {
	best := a.solve(policy{})
	adv := &Advice{Scenario: scenario, Paths: a.paths, Best: best.outcomes()}
	rootScores := best.value(a.root)
	for i, side := range a.sides {
		adv.Sides = append(adv.Sides, SideGoal{Side: side, Objective: a.goals[i].Name, Title: a.goals[i].Title, Score: rootScores[i]})
	}
	for _, k := range a.qorder {
		qi := a.qs[k]
		qa := QuestionAdvice{Unit: k.unit, Ask: k.ask, Side: qi.side, Asked: best.asked(k)}
		if qi.fixedVaries {
			qa.FixedWhere = true
		} else {
			qa.Fixed = qi.fixed
		}
		s := best.sideOf(qi)
		known := s < len(a.sides) && a.sides[s] == qi.side
		for _, ans := range []bool{true, false} {
			kk := k
			p := a.solve(policy{force: &kk, answer: ans})
			aa := AnswerAdvice{Score: new(big.Rat), Outcomes: p.outcomes(), Others: p.taken(k)}
			if known {
				aa.Score = p.value(a.root)[s]
			}
			if ans {
				qa.Yes = aa
			} else {
				qa.No = aa
			}
		}
		cmp := qa.Yes.Score.Cmp(qa.No.Score)
		qa.Best = cmp > 0
		qa.Margin = new(big.Rat).Sub(qa.Yes.Score, qa.No.Score)
		if cmp < 0 {
			qa.Margin.Neg(qa.Margin)
		}
		// Each point compared with the rest of the play answered for the
		// best, this question's later points included, fixed or not.
		kk := k
		free := a.solve(policy{force: &kk, free: true})
		qa.Places, qa.Dominant = a.places(free, qi, s, known)
		varies := false
		y, n := 0, 0
		for _, pl := range qa.Places {
			y += pl.YesBetter
			n += pl.NoBetter
		}
		varies = y > 0 && n > 0
		if varies {
			sa := &AnswerAdvice{Score: new(big.Rat), Outcomes: free.outcomes()}
			if known {
				sa.Score = free.value(a.root)[s]
			}
			qa.Situational = sa
		}
		adv.Questions = append(adv.Questions, qa)
	}
	return adv
}

// places counts, at every point of the play where a question is asked,
// which answer is better there for the side asked, the rest of the play
// answered as advised. The answer is dominant when it is never worse and
// better somewhere.
func (a *advisor) places(best *pass, qi *qinfo, s int, known bool) ([]PlaceAdvice, bool) {
	type place struct {
		rule, hook string
		dist       int
	}
	byPlace := map[place]*PlaceAdvice{}
	var order []place
	seen := map[int]bool{}
	reach := best.reach()
	var walk func(n *node)
	walk = func(n *node) {
		if n == nil || n.end != nil || seen[n.id] {
			return
		}
		seen[n.id] = true
		if n.q == qi {
			key := place{n.rule, n.hook, n.dist}
			pl := byPlace[key]
			if pl == nil {
				pl = &PlaceAdvice{Rule: n.rule, Hook: n.hook, Distance: n.dist}
				byPlace[key] = pl
				order = append(order, key)
			}
			pl.Points++
			if known {
				y, no := best.value(n.kids[0])[s], best.value(n.kids[1])[s]
				switch y.Cmp(no) {
				case 1:
					pl.YesBetter++
				case -1:
					pl.NoBetter++
				}
				if r := reach[n.id]; r != nil && r.Sign() > 0 {
					if pl.Reach == nil {
						pl.Reach, pl.Yes, pl.No = new(big.Rat), new(big.Rat), new(big.Rat)
					}
					pl.Reach.Add(pl.Reach, r)
					pl.Yes.Add(pl.Yes, new(big.Rat).Mul(r, y))
					pl.No.Add(pl.No, new(big.Rat).Mul(r, no))
				}
			}
		}
		for _, kid := range n.kids {
			walk(kid)
		}
	}
	walk(a.root)
	sort.SliceStable(order, func(i, j int) bool {
		if order[i].rule != order[j].rule || order[i].hook != order[j].hook {
			return false
		}
		return order[i].dist > order[j].dist
	})
	var out []PlaceAdvice
	yes, no := 0, 0
	for _, k := range order {
		pl := byPlace[k]
		yes += pl.YesBetter
		no += pl.NoBetter
		if pl.Reach != nil {
			// From sums weighted by the chance of each point to the expected
			// score given the question is put here.
			pl.Yes.Quo(pl.Yes, pl.Reach)
			pl.No.Quo(pl.No, pl.Reach)
		}
		out = append(out, *pl)
	}
	return out, (yes > 0) != (no > 0)
}

// reach is the chance of reaching each node of the tree under the pass's
// answers, by node id (nil: not reached).
func (p *pass) reach() []*big.Rat {
	out := make([]*big.Rat, p.a.nodes)
	var walk func(n *node, prob *big.Rat)
	walk = func(n *node, prob *big.Rat) {
		if prob.Sign() == 0 {
			return
		}
		out[n.id] = prob
		switch {
		case n.end != nil:
		case n.q != nil:
			if p.yes[n.id] {
				walk(n.kids[0], prob)
			} else {
				walk(n.kids[1], prob)
			}
		default:
			for i, kid := range n.kids {
				walk(kid, new(big.Rat).Mul(prob, n.p[i]))
			}
		}
	}
	walk(p.a.root, big.NewRat(1, 1))
	return out
}
