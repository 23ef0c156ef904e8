#!/bin/sh
# Runs every fuzz target of the module, one after the other, for longer than
# `go test` does (it only replays their seed corpora).
#
#   scripts/fuzz.sh                  # each target for 1m
#   FUZZ_TIME=5m scripts/fuzz.sh     # each for five minutes
#   scripts/fuzz.sh ./interpreter    # only the targets of some packages
#
# A failing input stops the script; `go test` writes it under the package's
# testdata/fuzz/, where it stays as a regression test once committed.
set -u

cd "$(dirname "$0")/.."
time=${FUZZ_TIME:-1m}
# New inputs that widen coverage are shrunk for at most this long, so that a
# target with slow runs spends its time fuzzing rather than shrinking.
minimize=${FUZZ_MINIMIZE_TIME:-5s}

if [ "$#" -eq 0 ]; then
	set -- ./...
fi

failed=0
for pkg in $(go list "$@"); do
	dir=$(go list -f '{{.Dir}}' "$pkg")
	for target in $(go test -list '^Fuzz' "$pkg" | grep '^Fuzz' || true); do
		echo "== $pkg $target ($time)"
		before=$(ls "$dir/testdata/fuzz/$target" 2>/dev/null | wc -l)
		log=$(mktemp)
		# -timeout 0: the test binary's own 10m default would stop a long
		# run before the fuzzer does.
		{
			go test "$pkg" -run '^$' -fuzz "^$target\$" -fuzztime "$time" \
				-fuzzminimizetime "$minimize" -timeout 0 2>&1
			echo $? >"$log.rc"
		} | tee "$log" | tail -n 3
		after=$(ls "$dir/testdata/fuzz/$target" 2>/dev/null | wc -l)
		if [ "$(cat "$log.rc")" -ne 0 ]; then
			if [ "$after" -eq "$before" ] && grep -q 'context deadline exceeded' "$log"; then
				# Go's fuzz coordinator can report its own deadline as a
				# failure when a worker is slow to stop on a busy machine
				# (go.dev/issue/75804). No input failed: go on.
				echo "   (ignored: the fuzzer's end-of-time race, no failing input written)"
			else
				cat "$log"
				failed=1
			fi
		fi
		rm -f "$log" "$log.rc"
		if [ "$failed" -ne 0 ]; then
			exit 1
		fi
	done
done
