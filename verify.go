package bataille

import (
	"context"
	"errors"
	"fmt"
	"math/big"
	"runtime"
	"sort"
	"strconv"
	"strings"
	"sync"

	"github.com/bataille/bataille/dsl"
	"github.com/bataille/bataille/interpreter"
)

// VerifyOptions say how far Verify looks.
type VerifyOptions struct {
	// MaxPaths bounds the paths played for one scenario; 0 means
	// DefaultVerifyPaths. A scenario with more fails with
	// ErrTreeTooLarge rather than claim what it did not prove.
	MaxPaths int64
	Workers  int // scenarios played at once; 0: one per CPU
}

// DefaultVerifyPaths is the budget of paths per scenario when
// VerifyOptions gives none.
const DefaultVerifyPaths = 1_000_000

// VerifyReport is what Verify found in one scenario.
type VerifyReport struct {
	Scenario string `json:"scenario"`
	// Paths is how many plays were made: one for every way the dice and
	// the players' answers can go (a roll branches on what it decides).
	Paths int64 `json:"paths"`
	// Broken lists each invariant some path breaks, and each other error
	// a path meets, in the order first found.
	Broken []*Violation `json:"broken,omitempty"`
}

// Violation is an invariant some paths break (or another error they
// meet): the first path found, to replay, and how likely such paths are.
type Violation struct {
	// Invariant names it; "" for an error that is not an invariant's.
	Invariant string `json:"invariant,omitempty"`
	Title     string `json:"title,omitempty"`
	Message   string `json:"message"`
	// Paths is how many paths break it. Chance is how likely the dice
	// make it when every player answers the way that breaks it most: the
	// players' answers are choices, not chances, so at each question the
	// likelier answer is taken, never the two added (a chance is at most
	// 1 whatever the number of paths).
	Paths  int64  `json:"paths"`
	Chance string `json:"chance"`
	// Faces and Answers replay the first path: `run --dice` and
	// `--answer` (Replay writes the command line).
	Faces   []int    `json:"dice"`
	Answers []Answer `json:"answers,omitempty"`
	tally   *chanceTally
}

// Answer is one answer a path gives to a rule's question.
type Answer struct {
	Unit     string `json:"unit"`
	Question string `json:"question"`
	Yes      bool   `json:"yes"`
}

// Replay is the command line that plays the violation's first path.
func (v *Violation) Replay(game, scenario string) string {
	var b strings.Builder
	fmt.Fprintf(&b, "bataille run %s %s", game, scenario)
	if len(v.Faces) > 0 {
		parts := make([]string, len(v.Faces))
		for i, f := range v.Faces {
			parts[i] = strconv.Itoa(f)
		}
		b.WriteString(" --dice " + strings.Join(parts, ","))
	} else {
		b.WriteString(" --dice none")
	}
	for _, a := range v.Answers {
		ans := "no"
		if a.Yes {
			ans = "yes"
		}
		fmt.Fprintf(&b, " --answer %s:%s=%s", a.Unit, a.Question, ans)
	}
	return b.String()
}

// Verify plays each scenario down every path through the dice and every
// answer to every question its rules ask, with the module's invariants
// on, and reports each invariant a path breaks. A question is answered
// once per unit on a path, as `run --answer` answers it: the scenario's
// answer first, then the other.
func Verify(ctx context.Context, mod *dsl.Module, scenarios []*dsl.ScenarioDef, opt VerifyOptions) ([]*VerifyReport, error) {
	workers := opt.Workers
	if workers <= 0 {
		workers = runtime.GOMAXPROCS(0)
	}
	out := make([]*VerifyReport, len(scenarios))
	errs := make([]error, len(scenarios))
	var wg sync.WaitGroup
	next := make(chan int)
	for range min(workers, len(scenarios)) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range next {
				out[i], errs[i] = verifyScenario(ctx, mod, scenarios[i], opt)
			}
		}()
	}
	for i := range scenarios {
		next <- i
	}
	close(next)
	wg.Wait()
	for i, err := range errs {
		if err != nil {
			return nil, fmt.Errorf("scenario %s: %w", scenarios[i].Name, err)
		}
	}
	return out, nil
}

func verifyScenario(ctx context.Context, mod *dsl.Module, sd *dsl.ScenarioDef, opt VerifyOptions) (*VerifyReport, error) {
	budget := opt.MaxPaths
	if budget <= 0 {
		budget = DefaultVerifyPaths
	}
	setup, diags := interpreter.BuildScenario(mod, sd)
	if diags.HasErrors() {
		return nil, diags.Err()
	}
	p := &verifyPath{scenario: setup.Decider, answers: map[[2]string]bool{}}
	cfg := interpreter.Config{Dice: interpreter.NewSeededDice(0), Decider: p, NoTrace: true, Effects: defaultEffects(), Brancher: p}
	e := interpreter.New(mod, setup.Board, setup.Orders, cfg)
	e.SetPhasing(setup.Turn)
	e.SetTurns(setup.Turns)
	rep := &VerifyReport{Scenario: sd.Name}
	found := map[string]*Violation{}
	for {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		if rep.Paths >= budget {
			return nil, fmt.Errorf("%w: more than %d", ErrTreeTooLarge, budget)
		}
		p.start()
		e.Rewind(nil)
		err := e.Run(ctx)
		if err == nil {
			err = p.err
		}
		rep.Paths++
		var broke *Violation
		if err != nil {
			if ctx.Err() != nil {
				return nil, ctx.Err()
			}
			v := violationOf(err)
			key := v.Invariant
			if key == "" {
				key = "error: " + v.Message
			}
			if old, ok := found[key]; ok {
				v = old
			} else {
				v.Faces = append([]int(nil), p.faces...)
				for _, k := range p.order {
					v.Answers = append(v.Answers, Answer{Unit: k[0], Question: k[1], Yes: p.answers[k]})
				}
				v.tally = &chanceTally{}
				found[key] = v
				rep.Broken = append(rep.Broken, v)
			}
			v.Paths++
			broke = v
		}
		leaf, branch := p.depth, p.branchPoint()
		for _, v := range rep.Broken {
			v.tally.path(p, leaf, v == broke, branch)
		}
		if !p.advance() {
			break
		}
	}
	for _, v := range rep.Broken {
		v.Chance = v.tally.root.RatString()
	}
	return rep, nil
}

// violationOf reads a failed path's error.
func violationOf(err error) *Violation {
	var ie *interpreter.InvariantError
	if errors.As(err, &ie) {
		return &Violation{Invariant: ie.Name, Title: ie.Title, Message: ie.Error()}
	}
	return &Violation{Message: err.Error()}
}

// verifyPath is one path through the dice and the answers: each roll and
// each first question to a unit is a choice, taken from the path and
// extended with the first alternative; the paths are walked depth first.
// It is the engine's Brancher and its Decider.
type verifyPath struct {
	choices []int // the alternative taken at each choice
	counts  []int // how many each offered
	// asked tells a question from a roll at each choice, and chance is
	// the chance of the alternative taken there (1 for an answer).
	asked  []bool
	chance []*big.Rat
	depth  int
	// What the play so far gave: the faces of its rolls, its answers in
	// the order asked, and its chance (rolls only).
	faces    []int
	answers  map[[2]string]bool
	order    [][2]string
	weight   *big.Rat
	scenario interpreter.Decider
	// fixedAnswers takes the scenario's answers without trying the
	// others (a test's exact odds).
	fixedAnswers bool
	err          error
}

func (p *verifyPath) start() {
	p.depth, p.err = 0, nil
	p.faces = p.faces[:0]
	clear(p.answers)
	p.order = p.order[:0]
	p.weight = big.NewRat(1, 1)
}

func (p *verifyPath) next(n int, asked bool) int {
	d := p.depth
	p.depth++
	switch {
	case d == len(p.choices):
		p.choices = append(p.choices, 0)
		p.counts = append(p.counts, n)
		p.asked = append(p.asked, asked)
		p.chance = append(p.chance, ratOne)
	case p.counts[d] != n && p.err == nil:
		p.err = fmt.Errorf("choice %d offered %d alternatives, and %d on an earlier play of the same path", d+1, n, p.counts[d])
	}
	return min(p.choices[d], n-1)
}

var ratOne = big.NewRat(1, 1)

// Choose implements interpreter.Brancher.
func (p *verifyPath) Choose(alts []interpreter.Alternative) int {
	d := p.depth
	c := p.next(len(alts), false)
	p.faces = append(p.faces, alts[c].Faces()...)
	p.weight = new(big.Rat).Mul(p.weight, alts[c].P)
	p.chance[d] = new(big.Rat).Set(alts[c].P)
	return c
}

// Decide implements interpreter.Decider.
func (p *verifyPath) Decide(q interpreter.Question) bool {
	id := ""
	if q.Unit != nil {
		id = q.Unit.ID
	}
	key := [2]string{id, q.Ask}
	if a, ok := p.answers[key]; ok {
		return a
	}
	a := p.scenario.Decide(q)
	if p.fixedAnswers {
		return a
	}
	if p.next(2, true) == 1 {
		a = !a
	}
	p.answers[key] = a
	p.order = append(p.order, key)
	return a
}

// advance moves to the next path; false when every path was played.
func (p *verifyPath) advance() bool {
	// A play that stopped early (a broken invariant) made fewer choices
	// than the path held: what it did not reach is not a path of its own.
	d := p.branchPoint()
	if d < 0 {
		return false
	}
	p.choices[d]++
	p.choices, p.counts, p.asked, p.chance = p.choices[:d+1], p.counts[:d+1], p.asked[:d+1], p.chance[:d+1]
	return true
}

// branchPoint is the choice the next path takes another alternative at:
// the deepest the play just ended reached that has one left, or -1 when
// every path was played. The plays share the choices above it.
func (p *verifyPath) branchPoint() int {
	for d := min(p.depth, len(p.choices)) - 1; d >= 0; d-- {
		if p.choices[d]+1 < p.counts[d] {
			return d
		}
	}
	return -1
}

// chanceTally adds up, path by path in the order advance walks them, the
// chance that a set of paths is played when the dice fall as they will
// and the players answer as they please: an expectimax over the tree of
// choices, each roll's alternatives weighted by their chance and added,
// each question's answers the greater taken. acc[d] holds what the
// alternatives already walked at choice d of the current path give.
type chanceTally struct {
	acc  []*big.Rat // nil for none
	root *big.Rat
}

// path takes in the play just ended, leaf choices deep, which is in the set
// when in; the next play takes another alternative at choice branch (-1:
// there is none). The choices below the branch are then complete and fold
// into it; with none, everything folds into the root.
func (t *chanceTally) path(p *verifyPath, leaf int, in bool, branch int) {
	for len(t.acc) < leaf {
		t.acc = append(t.acc, nil)
	}
	var cur *big.Rat
	if in {
		cur = ratOne
	}
	stop := branch
	for d := leaf - 1; d >= stop && d >= 0; d-- {
		v := t.acc[d]
		if cur != nil {
			if p.asked[d] {
				if v == nil || cur.Cmp(v) > 0 {
					v = cur
				}
			} else {
				w := new(big.Rat).Mul(cur, p.chance[d])
				if v != nil {
					w.Add(w, v)
				}
				v = w
			}
		}
		if d == stop {
			t.acc[d] = v
			break
		}
		t.acc[d], cur = nil, v
	}
	t.acc = t.acc[:min(len(t.acc), max(stop+1, 0))]
	if branch < 0 {
		t.root = cur
		if leaf == 0 || t.root == nil {
			t.root = new(big.Rat)
			if in && leaf == 0 {
				t.root.SetInt64(1)
			}
		}
	}
}

// SortViolations orders a report's findings: invariants by name, then
// other errors.
func SortViolations(vs []*Violation) {
	sort.SliceStable(vs, func(i, j int) bool {
		a, b := vs[i], vs[j]
		if (a.Invariant == "") != (b.Invariant == "") {
			return a.Invariant != ""
		}
		return a.Invariant < b.Invariant
	})
}
