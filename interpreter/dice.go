package interpreter

import (
	"fmt"
	"math/rand/v2"

	"github.com/bataille/bataille/dsl"
)

// Dice gives die results. The engine rolls through it only, so a seed fixes
// every roll, and tests can queue the faces they want.
type Dice interface {
	// Die rolls one die with the given number of sides.
	Die(sides int) int
}

// SeededDice rolls from a PCG generator: the same seed, the same rolls.
type SeededDice struct {
	pcg *rand.PCG
	r   *rand.Rand
}

// NewSeededDice makes dice from a seed.
func NewSeededDice(seed uint64) *SeededDice {
	pcg := rand.NewPCG(seed, seed^0x9e3779b97f4a7c15)
	return &SeededDice{pcg: pcg, r: rand.New(pcg)}
}

// Reseed restarts the dice from another seed without allocating: the same
// dice as NewSeededDice(seed) gives.
func (d *SeededDice) Reseed(seed uint64) {
	d.pcg.Seed(seed, seed^0x9e3779b97f4a7c15)
}

// Die implements Dice.
func (d *SeededDice) Die(sides int) int { return 1 + d.r.IntN(sides) }

// FixedDice returns the faces it was given, in order; tests use it to drive
// the engine down one path. When the faces run out the resolution fails with
// ErrDiceExhausted.
type FixedDice struct {
	Faces []int
	next  int
}

// NewFixedDice queues faces. A d66 takes two faces: tens, then units.
func NewFixedDice(faces ...int) *FixedDice { return &FixedDice{Faces: faces} }

// ErrDiceExhausted is returned when fixed dice have no faces left.
var ErrDiceExhausted = fmt.Errorf("fixed dice ran out of faces")

type diceExhausted struct{}

// Die implements Dice.
func (d *FixedDice) Die(sides int) int {
	if d.next >= len(d.Faces) {
		panic(diceExhausted{})
	}
	v := d.Faces[d.next]
	d.next++
	return max(1, min(sides, v))
}

// Left reports how many faces are still queued.
func (d *FixedDice) Left() int { return len(d.Faces) - d.next }

// rollDice rolls a dsl dice spec: d66 reads two dice as tens and units.
func rollDice(d Dice, spec dsl.Dice) int {
	if spec.D66 {
		return 10*d.Die(6) + d.Die(6)
	}
	total := 0
	for range spec.N {
		total += d.Die(spec.Sides)
	}
	return total
}
