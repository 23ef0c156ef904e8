//go:build unix

package bataille_test

import "syscall"

// processCPU is the CPU time the process has used, user and system, in
// nanoseconds: on a shared machine wall time per op grows with the other
// processes' load, CPU time much less so.
func processCPU() (int64, bool) {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0, false
	}
	return ru.Utime.Nano() + ru.Stime.Nano(), true
}
