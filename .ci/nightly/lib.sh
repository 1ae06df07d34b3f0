# shellcheck shell=bash disable=SC2034
# Shared by the nightly scripts (sourced, not run). Maps the job's NIGHTLY_* settings to -Dperf.*
# flags, skipping empty ones so that an unset parameter keeps the suite's own default.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/../.."

MVN=(mvn -B -ntp)
# The perf profile runs only the scenario classes; unit tests ran in build.sh.
SKIP_UNIT=(-Dtest=none -Dsurefire.failIfNoSpecifiedTests=false)

step() { printf '\n==> [nightly %s] %s\n' "$(date -u +%H:%M:%S)" "$*"; }

# Flags from NIGHTLY_<NAME> variables; $1 is the stage, used for the results directory.
perf_flags() {
  local stage=$1
  FLAGS=("-Dperf.results-dir=target/nightly/$stage/perf-results"
    "-Dallure.results.dir=$PWD/target/nightly/$stage/allure-results")
  [ -n "${NIGHTLY_TARGET:-}" ] && FLAGS+=("-Dperf.target=$NIGHTLY_TARGET")
  [ -n "${NIGHTLY_ENGINE:-}" ] && FLAGS+=("-Dperf.engine=$NIGHTLY_ENGINE")
  [ -n "${NIGHTLY_REMOTES:-}" ] && FLAGS+=("-Dperf.remotes=$NIGHTLY_REMOTES")
  [ -n "${NIGHTLY_GROUPS:-}" ] && FLAGS+=("-Dperf.groups=$NIGHTLY_GROUPS")
  [ -n "${NIGHTLY_HISTORY_DIR:-}" ] && FLAGS+=("-Dperf.history.dir=$NIGHTLY_HISTORY_DIR")
  [ -n "${NIGHTLY_BASELINE:-}" ] && FLAGS+=("-Dperf.baseline=$NIGHTLY_BASELINE")
  # Under Jenkins a failed scenario marks the build UNSTABLE through the junit step instead of
  # stopping the pipeline before reports and history are archived.
  [ "${NIGHTLY_IGNORE_TEST_FAILURES:-false}" = true ] && FLAGS+=(-Dmaven.test.failure.ignore=true)
  return 0
}

# Keeps the stage's test reports apart: the next stage's failsafe run replaces target/failsafe-reports.
keep_reports() {
  local stage=$1
  mkdir -p "target/nightly/$stage"
  rm -rf "target/nightly/$stage/failsafe-reports"
  if [ -d target/failsafe-reports ]; then
    cp -r target/failsafe-reports "target/nightly/$stage/failsafe-reports"
  fi
}
