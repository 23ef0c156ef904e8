package main

import (
	"fmt"
	"strconv"
	"strings"
)

// resolveShard turns the --shard value into I/N. Besides a literal I/N it
// takes "auto" and "auto/N": the index then comes from the batch scheduler
// that started the process, so that one command line serves every task of
// a Kubernetes Indexed Job or a Slurm job array:
//
//   - Kubernetes sets JOB_COMPLETION_INDEX (0, 1, … completions-1) and does
//     not tell the pod how many completions there are: say N (auto/N).
//   - Slurm sets SLURM_ARRAY_TASK_ID and, for the array, SLURM_ARRAY_TASK_MIN,
//     SLURM_ARRAY_TASK_COUNT and SLURM_ARRAY_TASK_STEP; the shard is the
//     task's place in the array, whatever ids it was given (--array=5-8 or
//     --array=0-30:10), and N, when not given, is the array's size.
//
// Being started by both, or by neither, is an error: a sweep that silently
// played the whole range on every task would be counted many times over.
func resolveShard(shard string, getenv func(string) string) (string, error) {
	rest, auto := strings.CutPrefix(shard, "auto")
	if !auto || (rest != "" && !strings.HasPrefix(rest, "/")) {
		return shard, nil
	}
	n := 0
	if rest != "" {
		v, err := strconv.Atoi(rest[1:])
		if err != nil || v < 1 {
			return "", fmt.Errorf("--shard auto/N wants a whole number of shards N ≥ 1; got %q", shard)
		}
		n = v
	}
	k8s, slurm := getenv("JOB_COMPLETION_INDEX"), getenv("SLURM_ARRAY_TASK_ID")
	envInt := func(name string) (int, error) {
		v, err := strconv.Atoi(strings.TrimSpace(getenv(name)))
		if err != nil {
			return 0, fmt.Errorf("--shard %s: %s=%q is not a whole number", shard, name, getenv(name))
		}
		return v, nil
	}
	var index int // from 0
	switch {
	case k8s != "" && slurm != "":
		return "", fmt.Errorf("--shard %s: both JOB_COMPLETION_INDEX (Kubernetes) and SLURM_ARRAY_TASK_ID (Slurm) are set; give --shard I/N", shard)
	case k8s != "":
		i, err := envInt("JOB_COMPLETION_INDEX")
		if err != nil {
			return "", err
		}
		if n == 0 {
			return "", fmt.Errorf("--shard auto: a Kubernetes Indexed Job does not tell its pods how many completions it has; give --shard auto/N with N the Job's completions")
		}
		index = i
	case slurm != "":
		id, err := envInt("SLURM_ARRAY_TASK_ID")
		if err != nil {
			return "", err
		}
		lo, step := 0, 1
		if getenv("SLURM_ARRAY_TASK_MIN") != "" {
			if lo, err = envInt("SLURM_ARRAY_TASK_MIN"); err != nil {
				return "", err
			}
		}
		if getenv("SLURM_ARRAY_TASK_STEP") != "" {
			if step, err = envInt("SLURM_ARRAY_TASK_STEP"); err != nil {
				return "", err
			}
		}
		if step < 1 || (id-lo)%step != 0 {
			return "", fmt.Errorf("--shard %s: task %d is not on the array's steps (min %d, step %d)", shard, id, lo, step)
		}
		index = (id - lo) / step
		if getenv("SLURM_ARRAY_TASK_COUNT") != "" {
			count, err := envInt("SLURM_ARRAY_TASK_COUNT")
			if err != nil {
				return "", err
			}
			if n != 0 && n != count {
				return "", fmt.Errorf("--shard %s: the Slurm array has %d tasks, not %d", shard, count, n)
			}
			n = count
		}
		if n == 0 {
			return "", fmt.Errorf("--shard auto: SLURM_ARRAY_TASK_COUNT is not set; give --shard auto/N")
		}
	default:
		return "", fmt.Errorf("--shard %s: neither JOB_COMPLETION_INDEX (Kubernetes Indexed Job) nor SLURM_ARRAY_TASK_ID (Slurm array) is set; give --shard I/N", shard)
	}
	if index < 0 || index >= n {
		return "", fmt.Errorf("--shard %s: task index %d is outside 0..%d", shard, index, n-1)
	}
	return fmt.Sprintf("%d/%d", index+1, n), nil
}
