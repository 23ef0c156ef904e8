package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestMergeRefusesForgedShards: --merge checks each shard report before it
// adds it up, and refuses with a message on stderr (with --json too, where
// it once exited 1 printing nothing): figures no run could give, and shards
// that played different scripts.
func TestMergeRefusesForgedShards(t *testing.T) {
	dir := t.TempDir()
	shard := func(name, game, which string) string {
		t.Helper()
		code, out, stderr := bat(t, "simulate", game, "-n", "20", "--json", "--shard", which)
		if code != exitOK {
			t.Fatalf("shard %s: exit %d\n%s", which, code, stderr)
		}
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte(out), 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	one, two := shard("1.json", battle, "1/2"), shard("2.json", battle, "2/2")
	if code, _, stderr := bat(t, "simulate", "--merge", one, two); code != exitOK {
		t.Fatalf("the honest shards do not merge: %s", stderr)
	}
	// The same battle with one figure changed, as a second version of it.
	edited := filepath.Join(t.TempDir(), "edited")
	if err := os.Mkdir(edited, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(edited, "rules.rules"), []byte("game edited \"Edited\" extends "+battle+"\noverride param charge.bonus_mp = 6\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	editedOne := func() string {
		// Rename the column as the honest one's: only the scripts differ.
		p := shard("e.json", edited, "2/2")
		data, _ := os.ReadFile(p)
		var r simReport
		if err := json.Unmarshal(data, &r); err != nil {
			t.Fatal(err)
		}
		honest := readReport(t, one)
		r.Columns[0].Rules, r.Columns[0].Title = honest.Columns[0].Rules, honest.Columns[0].Title
		return writeReport(t, filepath.Join(dir, "e2.json"), r)
	}()
	forge := func(name string, change func(*simReport)) string {
		r := readReport(t, two)
		change(&r)
		return writeReport(t, filepath.Join(dir, name), r)
	}
	firstShare := func(r *simReport) *simOutcome {
		for i := range r.Columns[0].Outcomes {
			if r.Columns[0].Outcomes[i].Share {
				return &r.Columns[0].Outcomes[i]
			}
		}
		t.Fatal("no share")
		return nil
	}
	for _, c := range []struct {
		name, file, want string
	}{
		{"a share of 516%", forge("share.json", func(r *simReport) { o := firstShare(r); o.Sum = 516 * o.N / 100 }), "cannot be"},
		{"a negative count", forge("neg.json", func(r *simReport) { firstShare(r).N = -5 }), "is counted -5 times in 10 runs"},
		{"more runs than the slice", forge("runs.json", func(r *simReport) { r.Columns[0].Runs = 1 << 40 }), "played 1099511627776 runs, not the 10"},
		{"a slice outside the sweep", forge("slice.json", func(r *simReport) { r.To = 40 }), "runs 10..40 of a sweep of 20 cannot be"},
		{"overflowing sums", forge("big.json", func(r *simReport) {
			for i := range r.Columns[0].Outcomes {
				if o := &r.Columns[0].Outcomes[i]; !o.Share && o.N > 0 {
					o.Sum = 1 << 62
					o.SumSq.Hi = 1 << 62
					return
				}
			}
			t.Skip("no counted outcome")
		}), "is past ±1,000,000,000 a run"},
		{"different scripts", editedOne, "played different scripts of"},
	} {
		for _, asJSON := range []bool{false, true} {
			args := []string{"simulate", "--merge", one, c.file}
			if asJSON {
				args = append(args, "--json")
			}
			code, out, stderr := bat(t, args...)
			if code != exitFail || !strings.Contains(stderr, c.want) || out != "" {
				t.Errorf("%s (json %v): exit %d, stdout %q, stderr %q; want exit 1 and %q on stderr", c.name, asJSON, code, out, stderr, c.want)
			}
		}
	}
}

func readReport(t *testing.T, p string) simReport {
	t.Helper()
	data, err := os.ReadFile(p)
	if err != nil {
		t.Fatal(err)
	}
	var r simReport
	if err := json.Unmarshal(data, &r); err != nil {
		t.Fatal(err)
	}
	return r
}

func writeReport(t *testing.T, p string, r simReport) string {
	t.Helper()
	data, err := json.Marshal(r)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(p, data, 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}
