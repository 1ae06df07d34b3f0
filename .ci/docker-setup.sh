#!/usr/bin/env bash
# Prepares a local Docker engine and every image the tests use, on a machine without a container
# registry, and writes the Testcontainers environment.
#
#   .ci/docker-setup.sh [--rebuild] [ECHO_JAR]   set up (idempotent; run `mvn package -DskipTests` first)
#   .ci/docker-setup.sh --public                 only the engine and the stand-ins of public images
#                                                (needs `mvn process-resources` only: CI runs it
#                                                beside the build, the rest after it)
#   .ci/docker-setup.sh --stop                   remove Testcontainers containers, stop our dockerd
#
# 1. engine      (.ci/docker/engine.sh)      docker.io from apt and dockerd, if no engine answers
# 2. base image  (.ci/docker/base-image.sh)  debootstrap + docker import, if missing
# 3. images      (.ci/docker/images.sh)      docker build of every target/docker/<name>/ that Maven
#                                            staged; Docker's cache rebuilds only what changed
# 4. $ENV_FILE   DOCKER_HOST, Ryuk off, the tiny image, and the PERF_*_IMAGE names
#
# ECHO_JAR (default target/perf-suite-echo.jar) is linked into the echo image's context. Names and
# versions come from target/classes/dev/perfsuite/versions.properties (pom.xml's properties).
# --rebuild builds every image without the cache (not the base image: `docker rmi` it for that).
# Environment: PERF_SUITE_DOCKER_WAIT (s, 60), PERF_SUITE_DOCKER_STORAGE_DRIVER (overlay2, falls
# back to vfs), PERF_SUITE_DEBIAN_MIRROR (default: this machine's apt sources),
# PERF_SUITE_DOCKERD_LOG (/var/log/perf-suite-dockerd.log).
# shellcheck source-path=SCRIPTDIR
set -euo pipefail

REPO_ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
readonly REPO_ROOT
readonly CONTEXTS="$REPO_ROOT/target/docker"
readonly VERSIONS="$REPO_ROOT/target/classes/dev/perfsuite/versions.properties"
readonly STATE_DIR=/var/run/perf-suite-docker
readonly ENV_FILE="$STATE_DIR/testcontainers.env"
T0=$SECONDS

log() { printf '[docker-setup +%4ds] %s\n' "$((SECONDS - T0))" "$*"; }
die() { printf '[docker-setup +%4ds] ERROR: %s\n' "$((SECONDS - T0))" "$*" >&2; exit 1; }
declare -A PROPS=()
load_props() {
    [[ -f "$VERSIONS" && -d "$CONTEXTS" ]] \
        || die "$VERSIONS or $CONTEXTS/ missing: run 'mvn package -DskipTests' first"
    ! grep -qF "\${" "$VERSIONS" || die "$VERSIONS is not filtered: run 'mvn package -DskipTests'"
    local k v
    while IFS='=' read -r k v; do [[ "$k" == \#* || -z "$k" ]] || PROPS[$k]="$v"; done <"$VERSIONS"
}
prop() { echo "${PROPS[$1]:-${2:-}}"; }   # prop KEY [DEFAULT]: a value of versions.properties

# shellcheck source=docker/engine.sh
source "$REPO_ROOT/.ci/docker/engine.sh"
# shellcheck source=docker/base-image.sh
source "$REPO_ROOT/.ci/docker/base-image.sh"
# shellcheck source=docker/images.sh
source "$REPO_ROOT/.ci/docker/images.sh"

write_env() {
    local var img
    {
        echo "export DOCKER_HOST=unix://$DOCKER_SOCK"
        # No registry: the Ryuk image cannot be pulled, and the tiny image is our base image.
        echo "export TESTCONTAINERS_RYUK_DISABLED=true"
        echo "export TESTCONTAINERS_TINYIMAGE_CONTAINER_IMAGE=$(prop image.local.base)"
        # Mapped ports through localhost, not the docker0 gateway.
        echo "export TESTCONTAINERS_HOST_OVERRIDE=localhost"
        # perf.postgres.image, perf.keycloak.image, perf.stubs.image: the local stand-ins.
        for var in POSTGRES=postgres KEYCLOAK=keycloak STUBS=wiremock; do
            img="$(prop "image.local.${var#*=}")"
            if docker image inspect "$img" >/dev/null 2>&1; then echo "export PERF_${var%=*}_IMAGE=$img"; fi
        done
    } >"$ENV_FILE.new"
    mv "$ENV_FILE.new" "$ENV_FILE"   # whole, for whoever sources it meanwhile
    sed 's/^/    /' "$ENV_FILE"
}

main() {
    local stop=0 rebuild=0 public_only=0 jar="$REPO_ROOT/target/perf-suite-echo.jar"
    while [[ $# -gt 0 ]]; do
        case "$1" in
            --stop) stop=1 ;;
            --rebuild) rebuild=1 ;;
            --public) public_only=1 ;;
            -h|--help) sed -n '2,/^set -euo/{/^set -euo/d;s/^# \{0,1\}//;p}' "$0"; exit 0 ;;
            -*) die "unknown option $1 (see --help)" ;;
            *) jar="$(realpath "$1")" ;;
        esac
        shift
    done
    mkdir -p "$STATE_DIR"
    # One run at a time on this machine; a second one waits.
    exec 9>"$STATE_DIR/setup.lock"
    flock -w 900 9 || die "timed out waiting for $STATE_DIR/setup.lock"
    if [[ $stop -eq 1 ]]; then stop_engine; return; fi

    load_props
    if [[ $public_only -eq 0 ]]; then
        [[ -f "$jar" ]] || die "echo jar not found: $jar (mvn package -DskipTests builds it)"
        ln -f "$jar" "$CONTEXTS/echo-backend/perf-suite-echo.jar" 2>/dev/null \
            || cp "$jar" "$CONTEXTS/echo-backend/perf-suite-echo.jar"
    fi
    start_engine
    build_base_image "$(prop image.local.base)"
    build_images "$rebuild" "$public_only"
    docker images --filter 'reference=perf-suite/*' | sed 's/^/    /'
    log "done; environment for the tests in $ENV_FILE:"
    write_env
}

main "$@"
