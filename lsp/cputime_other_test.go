//go:build !unix

package lsp

func processCPU() (int64, bool) { return 0, false }
