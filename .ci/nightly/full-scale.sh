#!/usr/bin/env bash
# Nightly stage "Full scale": the scenario catalogue at NIGHTLY_PROFILE (default load) against
# NIGHTLY_TARGET, recorded into the run history and judged against the previous run on the same
# target and profile (or NIGHTLY_BASELINE) with perf.regression=NIGHTLY_REGRESSION (default fail).
# Usage: .ci/nightly/full-scale.sh [extra mvn args]
# Settings: NIGHTLY_PROFILE, NIGHTLY_TARGET, NIGHTLY_ENGINE, NIGHTLY_REMOTES, NIGHTLY_GROUPS,
# NIGHTLY_REGRESSION, NIGHTLY_HISTORY_DIR, NIGHTLY_BASELINE; credentials as PERF_*_SECRET etc.
# shellcheck source=lib.sh
source "$(dirname "$0")/lib.sh"
perf_flags full-scale
profile=${NIGHTLY_PROFILE:-load}
regression=${NIGHTLY_REGRESSION:-fail}
step "full scale: mvn verify -Pperf -Dperf.profile=$profile -Dperf.regression=$regression ${FLAGS[*]} $*"
status=0
"${MVN[@]}" verify -Pperf "${SKIP_UNIT[@]}" -Dperf.profile="$profile" \
  -Dperf.regression="$regression" "${FLAGS[@]}" "$@" || status=$?
keep_reports full-scale
exit "$status"
