//go:build !unix

package bataille_test

func processCPU() (int64, bool) { return 0, false }
