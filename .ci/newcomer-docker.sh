#!/usr/bin/env bash
# A newcomer with Docker: runs the README's first scenario and the generated project's scenario
# with perf.backends=auto and no PERF_* variable, on an engine that holds only what a user could
# pull, and checks from the logs that both ran on containers.
#
#   .ci/newcomer-docker.sh      after .ci/docker-setup.sh and `mvn verify` (or package)
#
# The engine is made to look like a developer's laptop for the run, and restored on any exit:
#  - the local stand-ins of public images get the public names a user pulls (debian:bookworm,
#    the JRE, PostgreSQL, Keycloak and WireMock images pom.xml names); a public name the engine
#    already has is left alone;
#  - every perf-suite/* image (what .ci/docker-setup.sh built) is hidden: re-tagged under
#    newcomer-hidden/* and untagged, so the suite must build its own images from the library;
#  - images the runs built under perf-suite/* are removed afterwards.
# Kept on purpose (Testcontainers' own settings, not perf-suite's; no registry answers here):
# TESTCONTAINERS_RYUK_DISABLED, TESTCONTAINERS_HOST_OVERRIDE and the tiny image, which points at
# the public name debian:bookworm where a laptop would pull alpine.
# NEWCOMER_SKIP_GENERATED=1 leaves out the generated project (for a quick local try).
# NEWCOMER_FULL=1 then runs the whole catalogue (mvn verify -Pperf) and every test (mvn verify)
# the same way: the by-hand check before a release (about 40 minutes on 2 cores; not in CI);
# NEWCOMER_FULL=perf or =verify runs one of the two.
set -euo pipefail
cd "$(dirname "$0")/.."
readonly VERSIONS=target/classes/dev/perfsuite/versions.properties
readonly HIDDEN=newcomer-hidden
readonly LOGS=target/newcomer-docker
SECONDS=0
phase() { printf -- '--- [newcomer-docker %3ds] %s\n' "$SECONDS" "$*"; }
fail() { echo "newcomer-docker: FAIL: $*" >&2; exit 1; }

timeout 10 docker info >/dev/null 2>&1 || fail "no Docker engine answers (run .ci/docker-setup.sh first)"
[[ -f "$VERSIONS" ]] || fail "$VERSIONS missing: run 'mvn package -DskipTests' first"
prop() { sed -n "s/^$1=//p" "$VERSIONS"; }
mkdir -p "$LOGS"

# Built before anything is hidden: the engine may be shared, so the window stays short.
phase "mvn package -DskipTests (before hiding anything)"
mvn -B -ntp -q package -DskipTests -Dcheckstyle.skip >"$LOGS/package.log" 2>&1 \
  || { tail -40 "$LOGS/package.log"; fail "mvn package failed (log: $LOGS/package.log)"; }

hidden=()    # original perf-suite/* references, hidden for the run
public=()    # public names this script tagged
restore() {
  local status=$? ref
  phase "restoring the engine's images"
  for ref in "${public[@]}"; do docker rmi "$ref" >/dev/null || echo "WARNING: could not untag $ref" >&2; done
  # What the runs built under the suite's names (the echo image built from the library).
  for ref in $(docker images --format '{{.Repository}}:{{.Tag}}' 'perf-suite/*'); do
    docker rmi "$ref" >/dev/null || echo "WARNING: could not remove $ref" >&2
  done
  for ref in "${hidden[@]}"; do
    docker tag "$HIDDEN/${ref//\//__}" "$ref" && docker rmi "$HIDDEN/${ref//\//__}" >/dev/null \
      || echo "WARNING: could not restore $ref" >&2
  done
  phase "restored ${#hidden[@]} perf-suite images; exit status $status"
}
trap restore EXIT

phase "public names for the local stand-ins"
for pair in "$(prop image.local.base)=debian:bookworm" "$(prop image.local.jre)=$(prop image.jre)" \
    "$(prop image.local.postgres)=$(prop image.postgres)" \
    "$(prop image.local.keycloak)=$(prop image.keycloak)" \
    "$(prop image.local.wiremock)=$(prop image.wiremock)" \
    "$(prop image.local.toxiproxy)=$(prop image.toxiproxy)"; do
  local_ref=${pair%%=*} public_ref=${pair#*=}
  if docker image inspect "$public_ref" >/dev/null 2>&1; then
    echo "    $public_ref: on the engine already, left as it is"
  elif docker image inspect "$local_ref" >/dev/null 2>&1; then
    docker tag "$local_ref" "$public_ref"
    public+=("$public_ref")
    echo "    $public_ref <- $local_ref"
  else
    fail "$local_ref is missing: run .ci/docker-setup.sh first"
  fi
done

phase "hiding every perf-suite/* image"
for ref in $(docker images --format '{{.Repository}}:{{.Tag}}' 'perf-suite/*'); do
  docker tag "$ref" "$HIDDEN/${ref//\//__}"
  hidden+=("$ref")
  docker rmi "$ref" >/dev/null
done
echo "    hidden: ${hidden[*]}"
left=$(docker images --format '{{.Repository}}:{{.Tag}}' 'perf-suite/*')
[[ -z "$left" ]] || fail "still visible: $left"

# A newcomer's shell: no PERF_* at all; Testcontainers' tiny image is a public name.
for name in $(env | sed -n 's/^\(PERF_[A-Za-z0-9_]*\)=.*/\1/p'); do unset "$name"; done
export TESTCONTAINERS_TINYIMAGE_CONTAINER_IMAGE=debian:bookworm

# The lines that show the containers path ran; the echo image must come from the public JRE.
built="Echo backend image perf-suite/echo-backend:[0-9a-f]{16} (built from|built earlier from) $(prop image.jre)"
on_containers() {   # on_containers LOG WHAT
  grep -m1 -F "Backends: testcontainers (perf.backends=auto and a Docker engine answers)" "$1" \
    || { tail -60 "$1"; fail "$2 did not run on Testcontainers (log: $1)"; }
  if grep -m1 -F "Backends: embedded" "$1"; then fail "$2 fell back to embedded backends (log: $1)"; fi
}

# The README's command; unit tests and Checkstyle left out (the main build ran them).
phase "the README's first scenario: mvn -B -ntp verify -Pperf -Dit.test=FirstScenarioIT"
log=$LOGS/first-scenario.log
mvn -B -ntp verify -Pperf -Dit.test=FirstScenarioIT -Dtest=none -Dsurefire.failIfNoSpecifiedTests=false \
  -Dcheckstyle.skip \
  >"$log" 2>&1 || { tail -80 "$log"; fail "FirstScenarioIT did not pass (log: $log)"; }
grep -E "Tests run: 1, Failures: 0, Errors: 0, Skipped: 0" "$log" | tail -1
on_containers "$log" "FirstScenarioIT"
grep -m1 -E "$built" "$log" || { tail -60 "$log"; fail "no echo image built from $(prop image.jre) (log: $log)"; }

if [[ "${NEWCOMER_SKIP_GENERATED:-0}" != 1 ]]; then
  phase "the generated project's scenario: GENERATED_PROJECT_BACKENDS=auto .ci/generated-project.sh"
  log=$LOGS/generated-project.log
  GENERATED_PROJECT_BACKENDS=auto bash .ci/generated-project.sh >"$log" 2>&1 \
    || { tail -80 "$log"; fail "the generated project's run failed (log: $log)"; }
  grep -m1 -F "provider: Backends: testcontainers (perf.backends=auto and a Docker engine answers)" "$log" \
    || { tail -40 "$log"; fail "the generated project did not run on Testcontainers (log: $log)"; }
fi
full=${NEWCOMER_FULL:-0}
if [[ "$full" == 1 || "$full" == perf ]]; then
  phase "the whole catalogue: mvn -B -ntp verify -Pperf"
  log=$LOGS/perf.log
  mvn -B -ntp verify -Pperf >"$log" 2>&1 || { tail -80 "$log"; fail "mvn verify -Pperf failed (log: $log)"; }
  grep -E "Tests run: [0-9]+, Failures: 0, Errors: 0, Skipped: [0-9]+$" "$log" | tail -1
  on_containers "$log" "mvn verify -Pperf"
  echo "    runs on Testcontainers: $(grep -c -F "Backends: testcontainers" "$log")"
fi
if [[ "$full" == 1 || "$full" == verify ]]; then
  phase "every test: mvn -B -ntp verify"
  log=$LOGS/verify.log
  mvn -B -ntp verify >"$log" 2>&1 || { tail -80 "$log"; fail "mvn verify failed (log: $log)"; }
  grep -E "Tests run: [0-9]+, Failures: 0, Errors: 0, Skipped: [0-9]+$" "$log" | tail -2
  # Some tests choose the embedded provider on purpose; the rest must have reached Docker.
  grep -m1 -F "Backends: testcontainers" "$log" >/dev/null || fail "mvn verify never ran on Testcontainers (log: $log)"
  echo "    runs on Testcontainers: $(grep -c -F "Backends: testcontainers" "$log"), on embedded: $(grep -c -F "Backends: embedded" "$log")"
fi
phase "a newcomer with Docker runs on containers built from public images"
