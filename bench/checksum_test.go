package bench

import (
	"sync"

	"github.com/bataille/bataille/dsl"
)

var ref struct {
	once sync.Once
	sum  uint64
	err  error
}

// reference is the engine's checksum over the seeds, computed once.
func reference(mod *dsl.Module, sds []*dsl.ScenarioDef) (uint64, error) {
	ref.once.Do(func() {
		c, err := newMix("engine", mod, sds, newCharger)
		if err != nil {
			ref.err = err
			return
		}
		ref.sum, ref.err = checksum(c, seeds)
	})
	return ref.sum, ref.err
}
