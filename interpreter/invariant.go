package interpreter

import (
	"fmt"
	"reflect"
	"strings"

	"github.com/bataille/bataille/dsl"
)

// InvariantVars are the names an invariant's condition reads. It is
// tested after the rules of every hook the engine fires from its
// procedures, at the end of every phase, when a melee is joined and when
// a fire is aimed: the pair is bound only then.
var InvariantVars = []dsl.Var{
	v("units", reflect.TypeFor[[]*Unit](), "every unit placed, in scenario order (an eliminated one stays with 0 increments)"),
	word("phase", ProcedureWords, "the procedure of the phase being played"),
	v("phase_end", tBool, "the step is the end of a phase, once what its actions left for later is settled"),
	v("turn", tInt, "the turn being played, from 1"),
	v("hook", tString, "the hook whose rules just ran, or \"\" (a phase's end, a melee joined, a fire aimed)"),
	v("attacker", tUnit, "when a melee is joined, the unit that assaults; else nil"),
	v("defender", tUnit, "when a melee is joined, the unit assaulted; else nil"),
	v("firer", tUnit, "when a fire is aimed, the unit that fires; else nil"),
	v("target", tUnit, "when a fire is aimed, the unit fired at; else nil"),
}

// InvariantError is a broken invariant: which, where it is declared, and
// the step of the run that broke it. The trace up to that step is the
// engine's (Engine.Trace).
type InvariantError struct {
	Name, Title string
	Cite        []string
	Pos         dsl.Pos
	Turn        int
	Phase       string // the phase's title
	After       string // the step: "the rules of HOOK", "the end of the phase" …
	Step        int    // events of the trace so far
}

func (e *InvariantError) Error() string {
	title := ""
	if e.Title != "" {
		title = fmt.Sprintf(" (%s)", e.Title)
	}
	cite := ""
	if len(e.Cite) > 0 {
		cite = "; " + strings.Join(e.Cite, "; ")
	}
	step := ""
	if e.Step > 0 {
		step = fmt.Sprintf(" (trace step %d)", e.Step)
	}
	return fmt.Sprintf("%s: invariant %s%s broken in turn %d, %s, after %s%s%s", e.Pos, e.Name, title, e.Turn, e.Phase, e.After, step, cite)
}

// invariantStep is what a check of the invariants is told of the step.
type invariantStep struct {
	after            string
	hook             string
	phaseEnd         bool
	attacker, defend *Unit
	firer, target    *Unit
}

// CheckMeleeInvariants tests the module's invariants when a melee is
// joined, with the attacker and the defender bound.
func (e *Engine) CheckMeleeInvariants(attacker, defender *Unit) error {
	return e.checkInvariants(invariantStep{attacker: attacker, defend: defender})
}

// CheckFireInvariants tests the module's invariants when a fire is aimed,
// with the firer and the target bound.
func (e *Engine) CheckFireInvariants(firer, target *Unit) error {
	return e.checkInvariants(invariantStep{firer: firer, target: target})
}

// checkInvariants tests the module's invariants at a step. It costs
// nothing when the caller turned them off (Config.NoInvariants) or the
// module declares none.
func (e *Engine) checkInvariants(st invariantStep) error {
	if e.cfg.NoInvariants || len(e.Module.Invariants) == 0 {
		return nil
	}
	if e.invEnv == nil {
		e.invEnv = e.Module.ParamValues()
	}
	env := e.invEnv
	env["units"] = e.Board.Units
	env["phase"] = e.proc
	env["phase_end"] = st.phaseEnd
	env["turn"] = e.turnNo
	env["hook"] = st.hook
	env["attacker"], env["defender"] = unitOrNil(st.attacker), unitOrNil(st.defend)
	env["firer"], env["target"] = unitOrNil(st.firer), unitOrNil(st.target)
	n := int64(len(e.Board.Units) + 1)
	for _, iv := range e.Module.Invariants {
		if iv.Cond == nil {
			continue
		}
		// What the loops over the units cost: the estimate times the
		// units once for each loop nested.
		cost := int64(dsl.ProgramCost(iv.Cond))
		for range iv.Loops {
			cost *= n
		}
		if err := e.meter.spend(int(min(cost, 1<<40))); err != nil {
			return located{fmt.Errorf("%s: invariant %s: %w", iv.Cond.Pos, iv.Name, err)}
		}
		prog, err := iv.Cond.Bytecode()
		if err != nil {
			return located{fmt.Errorf("%s: invariant %s: %w", iv.Cond.Pos, iv.Name, err)}
		}
		out, err := e.machine.Run(prog, env)
		if err != nil {
			return located{fmt.Errorf("%s: invariant %s: %s", iv.Cond.Pos, iv.Name, firstLine(err.Error()))}
		}
		if ok, _ := out.(bool); !ok {
			switch {
			case st.after != "":
			case st.attacker != nil:
				st.after = "the melee of " + st.attacker.ID + " on " + st.defend.ID + " is joined"
			case st.firer != nil:
				st.after = "the fire of " + st.firer.ID + " at " + st.target.ID + " is aimed"
			default:
				st.after = "the rules of " + st.hook
			}
			phase := e.phase
			if phase == "" || e.quietPhase {
				phase = e.proc // a phase that narrated nothing has shown no title
			}
			return &InvariantError{Name: iv.Name, Title: iv.Title, Cite: e.Module.Cites(iv.Cite), Pos: iv.Pos, Turn: e.turnNo, Phase: phase, After: st.after, Step: len(e.trace)}
		}
	}
	return nil
}

// unitOrNil keeps a nil unit a nil interface, as expressions compare it.
func unitOrNil(u *Unit) any {
	if u == nil {
		return nil
	}
	return u
}
