#!/usr/bin/env bash
# Nightly stage "Smoke": the scenario catalogue at smoke scale against the chosen target, to fail
# fast on a broken target or suite before the long run. Its regression verdict only warns: smoke
# runs are seconds long and judge the suite, not the system.
# Usage: .ci/nightly/smoke.sh [extra mvn args, e.g. -Dperf.groups=wso2]
# Settings: NIGHTLY_TARGET, NIGHTLY_ENGINE, NIGHTLY_REMOTES, NIGHTLY_GROUPS, NIGHTLY_HISTORY_DIR.
# shellcheck source=lib.sh
source "$(dirname "$0")/lib.sh"
perf_flags smoke
step "smoke: mvn verify -Pperf -Dperf.profile=smoke ${FLAGS[*]} $*"
status=0
"${MVN[@]}" verify -Pperf "${SKIP_UNIT[@]}" -Dperf.profile=smoke -Dperf.regression=warn \
  "${FLAGS[@]}" "$@" || status=$?
keep_reports smoke
exit "$status"
