//go:build unix

package main

import (
	"encoding/json"
	"strings"
	"syscall"
	"testing"
)

// TestSimulateInterrupted sends the test process a real SIGINT once a long
// simulation has finished some runs: the command stops its workers, prints
// what it has marked partial and exits 130.
func TestSimulateInterrupted(t *testing.T) {
	started := make(chan struct{})
	once := false
	simProgress = func() {
		if !once {
			once = true
			close(started)
		}
	}
	defer func() { simProgress = func() {} }()
	go func() {
		<-started
		_ = syscall.Kill(syscall.Getpid(), syscall.SIGINT)
	}()
	code, out, stderr := bat(t, "simulate", battle, "-n", "100000000", "--workers", "1", "--json")
	if code != exitInterrupted {
		t.Fatalf("exit %d, want %d; stderr:\n%s", code, exitInterrupted, stderr)
	}
	if !strings.Contains(stderr, "partial") {
		t.Errorf("stderr does not say the result is partial:\n%s", stderr)
	}
	var rep simReport
	if err := json.Unmarshal([]byte(out), &rep); err != nil {
		t.Fatalf("the partial report is not JSON: %v\n%s", err, out)
	}
	if !rep.Partial || len(rep.Columns) != 1 || rep.Columns[0].Runs < 1 || rep.Columns[0].Runs >= 100000000 {
		t.Errorf("report: partial %v, columns %d, want a partial column of some runs", rep.Partial, len(rep.Columns))
	}
}
