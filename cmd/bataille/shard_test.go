package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// TestMain lets a test start this binary as the bataille command, so that
// shards can run as separate processes with their own environment.
func TestMain(m *testing.M) {
	if os.Getenv("BATAILLE_TEST_AS_COMMAND") == "1" {
		os.Exit(run(os.Args[1:], os.Stdout, os.Stderr))
	}
	os.Exit(m.Run())
}

func TestResolveShard(t *testing.T) {
	for _, c := range []struct {
		shard string
		env   map[string]string
		want  string // "" with err set
		err   string
	}{
		{"", nil, "", ""},
		{"2/3", map[string]string{"JOB_COMPLETION_INDEX": "0"}, "2/3", ""},
		{"auto/4", map[string]string{"JOB_COMPLETION_INDEX": "0"}, "1/4", ""},
		{"auto/4", map[string]string{"JOB_COMPLETION_INDEX": "3"}, "4/4", ""},
		{"auto/4", map[string]string{"JOB_COMPLETION_INDEX": "4"}, "", "outside 0..3"},
		{"auto", map[string]string{"JOB_COMPLETION_INDEX": "1"}, "", "give --shard auto/N"},
		{"auto/4", map[string]string{"JOB_COMPLETION_INDEX": "x"}, "", "not a whole number"},
		{"auto", map[string]string{"SLURM_ARRAY_TASK_ID": "7", "SLURM_ARRAY_TASK_MIN": "5", "SLURM_ARRAY_TASK_COUNT": "4"}, "3/4", ""},
		{"auto", map[string]string{"SLURM_ARRAY_TASK_ID": "0", "SLURM_ARRAY_TASK_COUNT": "2"}, "1/2", ""},
		{"auto", map[string]string{"SLURM_ARRAY_TASK_ID": "20", "SLURM_ARRAY_TASK_MIN": "0", "SLURM_ARRAY_TASK_STEP": "10", "SLURM_ARRAY_TASK_COUNT": "4"}, "3/4", ""},
		{"auto", map[string]string{"SLURM_ARRAY_TASK_ID": "15", "SLURM_ARRAY_TASK_MIN": "0", "SLURM_ARRAY_TASK_STEP": "10", "SLURM_ARRAY_TASK_COUNT": "4"}, "", "not on the array's steps"},
		{"auto/3", map[string]string{"SLURM_ARRAY_TASK_ID": "1", "SLURM_ARRAY_TASK_COUNT": "4"}, "", "has 4 tasks, not 3"},
		{"auto/3", map[string]string{"SLURM_ARRAY_TASK_ID": "2"}, "3/3", ""},
		{"auto", map[string]string{"SLURM_ARRAY_TASK_ID": "2"}, "", "SLURM_ARRAY_TASK_COUNT is not set"},
		{"auto/2", map[string]string{"SLURM_ARRAY_TASK_ID": "1", "JOB_COMPLETION_INDEX": "1"}, "", "both"},
		{"auto/2", nil, "", "neither"},
		{"auto/0", map[string]string{"JOB_COMPLETION_INDEX": "0"}, "", "N ≥ 1"},
		{"automatic", nil, "automatic", ""}, // not ours: shardRange reports it
	} {
		got, err := resolveShard(c.shard, func(k string) string { return c.env[k] })
		switch {
		case c.err != "" && (err == nil || !strings.Contains(err.Error(), c.err)):
			t.Errorf("%q %v: error %v, want one saying %q", c.shard, c.env, err, c.err)
		case c.err == "" && (err != nil || got != c.want):
			t.Errorf("%q %v: %q, %v; want %q", c.shard, c.env, got, err, c.want)
		}
	}
}

// TestShardsAsProcesses plays a sweep as a batch scheduler would: each shard
// a process of its own that finds its index in the environment (as a
// Kubernetes Indexed Job's pods and a Slurm array's tasks do), then merges
// their reports. The merge equals the sweep played in one process.
func TestShardsAsProcesses(t *testing.T) {
	exe, err := os.Executable()
	if err != nil {
		t.Skip(err)
	}
	dir := t.TempDir()
	args := []string{"simulate", battle, "-n", "900", "--seed", "5", "--json", "--workers", "1"}
	code, one, stderr := bat(t, args...)
	if code != exitOK {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	for _, sched := range []struct {
		name  string
		shard string
		env   func(i int) []string
	}{
		{"kubernetes", "auto/3", func(i int) []string { return []string{"JOB_COMPLETION_INDEX=" + strconv.Itoa(i)} }},
		{"slurm", "auto", func(i int) []string {
			return []string{"SLURM_ARRAY_TASK_ID=" + strconv.Itoa(10+i), "SLURM_ARRAY_TASK_MIN=10", "SLURM_ARRAY_TASK_COUNT=3"}
		}},
	} {
		var files []string
		for i := range 3 {
			cmd := exec.Command(exe, append(args, "--shard", sched.shard)...)
			cmd.Env = append(os.Environ(), "BATAILLE_TEST_AS_COMMAND=1")
			cmd.Env = append(cmd.Env, sched.env(i)...)
			out, err := cmd.Output()
			if err != nil {
				t.Fatalf("%s shard %d: %v", sched.name, i, err)
			}
			f := filepath.Join(dir, sched.name+strconv.Itoa(i)+".json")
			if err := os.WriteFile(f, out, 0o644); err != nil {
				t.Fatal(err)
			}
			files = append(files, f)
		}
		code, merged, stderr := bat(t, append([]string{"simulate", "--merge", "--json"}, files...)...)
		if code != exitOK {
			t.Fatalf("%s: merge: exit %d: %s", sched.name, code, stderr)
		}
		if merged != one {
			t.Errorf("%s: merged shards differ from one run:\n%.300s\nvs\n%.300s", sched.name, merged, one)
		}
	}
}

// TestExactShardsAsProcesses splits an exact exploration over processes of
// a bataille built here, as a Kubernetes Indexed Job would (each finds its
// index in JOB_COMPLETION_INDEX), and merges their reports: the merge is the
// exploration played in one process, to the last digit. A shard missing or
// given twice is refused.
func TestExactShardsAsProcesses(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the command")
	}
	dir := t.TempDir()
	exe := filepath.Join(dir, "bataille")
	if out, err := exec.Command("go", "build", "-o", exe, ".").CombinedOutput(); err != nil {
		t.Skipf("go build: %v\n%s", err, out)
	}
	args := []string{"simulate", "berlin1813", "assault_carre", "--exact", "--json", "--marks"}
	whole, err := exec.Command(exe, args...).Output()
	if err != nil {
		t.Fatal(err)
	}
	var files []string
	for i := range 3 {
		cmd := exec.Command(exe, append(args, "--shard", "auto/3")...)
		cmd.Env = append(os.Environ(), "JOB_COMPLETION_INDEX="+strconv.Itoa(i))
		out, err := cmd.Output()
		if err != nil {
			t.Fatalf("shard %d: %v", i, err)
		}
		if !strings.Contains(string(out), `"total"`) {
			t.Fatalf("shard %d's report holds no chance:\n%.300s", i, out)
		}
		f := filepath.Join(dir, "shard"+strconv.Itoa(i)+".json")
		if err := os.WriteFile(f, out, 0o644); err != nil {
			t.Fatal(err)
		}
		files = append(files, f)
	}
	merged, err := exec.Command(exe, append([]string{"simulate", "--merge", "--json", "--marks"}, files...)...).Output()
	if err != nil {
		t.Fatal(err)
	}
	if string(merged) != string(whole) {
		t.Errorf("merged exact shards differ from one exploration:\n%.400s\nvs\n%.400s", merged, whole)
	}
	for _, bad := range [][]string{files[:2], {files[0], files[1], files[1]}} {
		cmd := exec.Command(exe, append([]string{"simulate", "--merge"}, bad...)...)
		out, err := cmd.CombinedOutput()
		if err == nil || !strings.Contains(string(out), "shard") {
			t.Errorf("merge of %d files of 3 shards: %v\n%s", len(bad), err, out)
		}
	}
}
