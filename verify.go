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
	// Paths is how many paths break it, Chance their chance together
	// (the players' answers count as choices, not chances: it is summed
	// over every set of answers).
	Paths  int64  `json:"paths"`
	Chance string `json:"chance"`
	// Faces and Answers replay the first path: `run --dice` and
	// `--answer` (Replay writes the command line).
	Faces   []int    `json:"dice"`
	Answers []Answer `json:"answers,omitempty"`
	chance  *big.Rat
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
				v.chance = new(big.Rat)
				found[key] = v
				rep.Broken = append(rep.Broken, v)
			}
			v.Paths++
			v.chance.Add(v.chance, p.weight)
		}
		if !p.advance() {
			break
		}
	}
	for _, v := range rep.Broken {
		v.Chance = v.chance.RatString()
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
	depth   int
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

func (p *verifyPath) next(n int) int {
	d := p.depth
	p.depth++
	switch {
	case d == len(p.choices):
		p.choices = append(p.choices, 0)
		p.counts = append(p.counts, n)
	case p.counts[d] != n && p.err == nil:
		p.err = fmt.Errorf("choice %d offered %d alternatives, and %d on an earlier play of the same path", d+1, n, p.counts[d])
	}
	return min(p.choices[d], n-1)
}

// Choose implements interpreter.Brancher.
func (p *verifyPath) Choose(alts []interpreter.Alternative) int {
	c := p.next(len(alts))
	p.faces = append(p.faces, alts[c].Faces()...)
	p.weight = new(big.Rat).Mul(p.weight, alts[c].P)
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
	if p.next(2) == 1 {
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
	p.choices, p.counts = p.choices[:min(p.depth, len(p.choices))], p.counts[:min(p.depth, len(p.counts))]
	for d := len(p.choices) - 1; d >= 0; d-- {
		if p.choices[d]+1 < p.counts[d] {
			p.choices[d]++
			p.choices, p.counts = p.choices[:d+1], p.counts[:d+1]
			return true
		}
	}
	return false
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
