#!/usr/bin/env bash
# CI check of a full-scale-style run: two local remote engines (child JVMs on loopback, RMI
# without SSL on this trusted host), then the main job's gateway scenario on them with
# perf.engine=distributed in aggregate mode (the default). Checks that the run merged both
# engines' snapshots and JTLs: a summary, a per-engine table naming both, and a results.jtl with
# rows from both engines. Assumes `mvn package` ran (target/perf-suite-remote-engine.jar and the
# tests jar, whose scenario classes the engines get on their class path).
set -euo pipefail
cd "$(dirname "$0")/.."
fail() { echo "FAIL: $*" >&2; exit 1; }
MVN=(mvn -B -ntp)

# shellcheck source=.ci/loopback-engines.sh
source .ci/loopback-engines.sh
logs=$PWD/target/distributed-check
rm -rf "$logs" && mkdir -p "$logs"
engine_pids=()
cleanup() { for pid in "${engine_pids[@]}"; do kill "$pid" 2> /dev/null || true; done; wait 2> /dev/null || true; }
trap cleanup EXIT

tests_jar=$(ls "$PWD"/target/perf-suite-*-tests.jar | head -1)
start_loopback_engines 2 "$logs" 120 "$PWD" \
  -cp "$PWD/target/perf-suite-remote-engine.jar:$tests_jar" dev.perfsuite.engines.server.RemoteEngineMain \
  || fail "the engines did not start"
remotes=("${engine_remotes[@]}")
list=$(IFS=,; echo "${remotes[*]}")
echo "engines: $list"

"${MVN[@]}" verify -Pperf -Dtest=none -Dsurefire.failIfNoSpecifiedTests=false \
  -Dit.test=GatewayEchoMatrixIT -Dperf.wso2.users=4 -Dperf.wso2.sizes=1024 \
  -Dperf.engine=distributed -Dperf.remotes="$list" -Dperf.rmi.ssl=false \
  > "$logs/run.log" 2>&1 || { tail -80 "$logs/run.log"; fail "the distributed run failed"; }

grep -q "aggregate" "$logs/run.log" || { tail -60 "$logs/run.log"; fail "no aggregate-mode line"; }
# The main job left other matrix cells' directories under target/perf-results: take this run's.
dir=$(sed -n 's/^Results: //p' "$logs/run.log" | tail -1)
[ -n "$dir" ] && [ -d "$dir" ] || fail "the run printed no results directory (Results: ...)"
[ -s "$dir/summary.csv" ] || fail "$dir/summary.csv missing"
for engine in "${remotes[@]}"; do
  grep -qF "$engine" "$dir/summary.md" || fail "summary.md names no engine $engine"
  grep -qF "$engine-" "$dir/results.jtl" || fail "the merged results.jtl has no row from $engine"
done
echo "distributed aggregate run: $(($(wc -l < "$dir/results.jtl") - 1)) merged JTL rows from ${#remotes[@]} engines in $dir"
