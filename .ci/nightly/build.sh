#!/usr/bin/env bash
# Nightly stage "Build and unit tests": compile, run the unit tests (*Test), package the jars.
# Usage: .ci/nightly/build.sh [extra mvn args]
# shellcheck source=lib.sh
source "$(dirname "$0")/lib.sh"
step "build and unit tests"
"${MVN[@]}" clean package "$@"
