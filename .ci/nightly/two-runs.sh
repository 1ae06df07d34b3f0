#!/usr/bin/env bash
# Nightly check "two runs at once": two separate Maven runs of a scenario with embedded
# Keycloak, PostgreSQL and echo, started at the same time on this machine, must both pass with
# results of their own. Each run works in its own copy of the built project (Maven's target/ is
# one per checkout); they share what two jobs on one agent share: ~/.m2, the Keycloak
# distribution in perf.cache-dir, the machine's ports and temp directory, and one run history
# (both append to the same scenario file).
# Usage: .ci/nightly/two-runs.sh [scenario IT class, default GenerateTokenIT]
# Assumes the project is built (mvn package or verify ran before). A few minutes.
# shellcheck source=lib.sh
source "$(dirname "$0")/lib.sh"
scenario=${1:-GenerateTokenIT}
work=target/nightly/two-runs
history="$PWD/$work/history"
rm -rf "$work"
mkdir -p "$work"
step "two runs at once: $scenario twice, embedded backends"
pids=()
for run in a b; do
  copy="$work/$run/project"
  mkdir -p "$copy"
  # The built project without earlier results: target/classes and test-classes come along.
  tar --exclude=./target/nightly --exclude=./target/perf-results --exclude=./.git -cf - . \
    | tar -xf - -C "$copy"
  (cd "$copy" && "${MVN[@]}" verify -Pperf "${SKIP_UNIT[@]}" -Dit.test="$scenario" \
    -Dperf.profile=smoke -Dperf.backends=embedded -Dperf.regression=warn \
    -Dperf.history.dir="$history" > "../mvn.log" 2>&1) &
  pids+=("$!")
done
status=0
for i in 0 1; do
  wait "${pids[$i]}" || { status=1; echo "FAIL: run $i failed; see $work/*/mvn.log" >&2; }
done
for run in a b; do
  summaries=$(find "$work/$run/project/target/perf-results" -name summary.csv 2>/dev/null | wc -l)
  if [ "$summaries" -eq 0 ]; then
    echo "FAIL: run $run left no summary.csv of its own" >&2
    status=1
  else
    echo "run $run: $summaries summary file(s) in $work/$run/project/target/perf-results"
  fi
done
runs=$(cat "$history"/*.csv 2>/dev/null | grep -v '^run,' | cut -d, -f1 | sort -u | wc -l)
if [ "$runs" -ne 2 ]; then
  echo "FAIL: the shared history holds $runs runs, not 2" >&2
  status=1
fi
# The copies are large; their logs and results stay for the report.
[ "$status" -eq 0 ] && rm -rf "$work"/a/project/target/classes "$work"/b/project/target/classes
exit "$status"
