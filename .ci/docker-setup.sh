#!/usr/bin/env bash
# Prepare a local Docker engine and the images the perf-suite tests need, on a
# machine WITHOUT access to a container registry (everything is built locally).
#
#   .ci/docker-setup.sh [options] [ECHO_JAR]     set up (idempotent)
#   .ci/docker-setup.sh --stop                   tear down what this script started
#
# Set-up steps:
#   1. install docker.io + debootstrap (apt) if missing; start dockerd if
#      `docker info` does not answer; wait for it (bounded).
#   2. perf-suite/debian:bookworm      debootstrap --variant=minbase + docker import  (only if missing)
#   3. perf-suite/jre:17               docker/jre/Dockerfile                         (only if missing)
#   4. perf-suite/echo-backend:latest  docker/echo-backend/Dockerfile + ECHO_JAR     (always rebuilt)
#   5. smoke test: run the echo image with a port published on 127.0.0.1, curl it.
#   5b. perf-suite/remote-engine:latest  docker/remote-engine/Dockerfile + target/perf-suite-remote-engine.jar,
#      target/remote-engine-lib/ and target/perf-suite-*-tests.jar (always rebuilt when they exist;
#      skipped with a warning when Maven has not built them); check: the launcher's --help.
#   6. backend images, each built only if missing or its recipe (docker/<name>/*) changed,
#      each followed by a bounded smoke check:
#      perf-suite/postgres:15        docker/postgres  (Debian's postgresql-15)   check: ready line x2,
#                                                       pg_isready, password login over TCP
#      perf-suite/keycloak:26.7.3    docker/keycloak  + keycloak-quarkus-dist zip  check: kc.sh --version
#      perf-suite/wiremock:3.13.1    docker/wiremock  + wiremock-standalone jar    check: GET /__admin/mappings
#   7. write the Testcontainers environment (and the PERF_*_IMAGE names) to the env file.
#
# ECHO_JAR defaults to target/perf-suite-echo.jar (relative to the repository root). The
# Keycloak zip and the WireMock jar default to target/backends/keycloak-quarkus-dist-26.7.3.zip
# and target/backends/wiremock-standalone-3.13.1.jar; Maven copies them there
# (`mvn -q generate-resources`, or `mvn -q package -DskipTests` as .ci/run does). They
# are only needed when their image has to be built.
#
# Options:
#   --stop               remove Testcontainers-labelled containers and stop the dockerd
#                        this script started (by its recorded pid); nothing else.
#   --skip-echo          no echo image (steps 4-5); no jar needed.
#   --skip-remote-engine no remote-engine image (step 5b).
#   --skip-backends      no postgres/keycloak/wiremock images (step 6).
#   --rebuild            rebuild the postgres/keycloak/wiremock images even if they are
#                        up to date (base and JRE images: `docker rmi` them to rebuild).
#   --keycloak-zip PATH  Keycloak distribution zip (env PERF_SUITE_KEYCLOAK_ZIP).
#   --wiremock-jar PATH  WireMock standalone jar (env PERF_SUITE_WIREMOCK_JAR).
#   --check-keycloak     also start Keycloak (start-dev) and wait for /health/ready on the
#                        management port (~30 s; bounded by PERF_SUITE_KEYCLOAK_WAIT, 180).
#   --no-smoke           skip the smoke tests/checks of steps 5 and 6.
#   -h, --help           this text.
#
# Environment overrides:
#   PERF_SUITE_DOCKER_WAIT            seconds to wait for dockerd (default 60)
#   PERF_SUITE_DOCKER_STORAGE_DRIVER  force a storage driver (default: overlay2, falls back to vfs)
#   PERF_SUITE_DEBIAN_MIRROR          mirror for debootstrap (default: taken from /etc/apt/sources*)
#   PERF_SUITE_DOCKERD_LOG            dockerd log file (default /var/log/perf-suite-dockerd.log)
#   PERF_SUITE_KEYCLOAK_ZIP           Keycloak dist zip   (default target/backends/keycloak-quarkus-dist-26.7.3.zip)
#   PERF_SUITE_WIREMOCK_JAR           WireMock jar        (default target/backends/wiremock-standalone-3.13.1.jar)
#   PERF_SUITE_KEYCLOAK_WAIT          seconds --check-keycloak waits for /health/ready (default 180)
set -euo pipefail

SCRIPT_DIR="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
REPO_ROOT="$(cd "$SCRIPT_DIR/.." && pwd)"
readonly SCRIPT_DIR REPO_ROOT

readonly BASE_IMAGE="perf-suite/debian:bookworm"
readonly JRE_IMAGE="perf-suite/jre:17"
readonly ECHO_IMAGE="perf-suite/echo-backend:latest"
readonly ECHO_PORT=8688
readonly ECHO_READY_LINE="Echo backend listening on port"
readonly REMOTE_ENGINE_IMAGE="perf-suite/remote-engine:latest"
readonly SUITE="bookworm"

readonly KEYCLOAK_VERSION="26.7.3"
readonly WIREMOCK_VERSION="3.13.1"
readonly POSTGRES_IMAGE="perf-suite/postgres:15"
readonly KEYCLOAK_IMAGE="perf-suite/keycloak:$KEYCLOAK_VERSION"
readonly WIREMOCK_IMAGE="perf-suite/wiremock:$WIREMOCK_VERSION"
readonly BACKENDS_DIR="$REPO_ROOT/target/backends"
readonly KEYCLOAK_ZIP_NAME="keycloak-quarkus-dist-$KEYCLOAK_VERSION.zip"
readonly WIREMOCK_JAR_NAME="wiremock-standalone-$WIREMOCK_VERSION.jar"
readonly KEYCLOAK_WAIT="${PERF_SUITE_KEYCLOAK_WAIT:-180}"
# Image label holding a hash of docker/<name>/* (+ version): a changed recipe triggers a rebuild.
readonly RECIPE_LABEL="dev.perfsuite.recipe"
# Label of the throw-away unpack stage in docker/keycloak/Dockerfile (pruned after a build).
readonly KEYCLOAK_STAGE_LABEL="dev.perfsuite.stage=keycloak-unpack"

readonly STATE_DIR="/var/run/perf-suite-docker"
readonly PID_FILE="$STATE_DIR/dockerd.pid"
readonly ENV_FILE="$STATE_DIR/testcontainers.env"
readonly DOCKERD_LOG="${PERF_SUITE_DOCKERD_LOG:-/var/log/perf-suite-dockerd.log}"
readonly DOCKER_WAIT="${PERF_SUITE_DOCKER_WAIT:-60}"
readonly DOCKER_SOCK="/var/run/docker.sock"
readonly SMOKE_LABEL="dev.perfsuite.docker-setup=smoke"

# Legacy builder: deterministic with the Debian engine (20.10) and a CLI that may
# lack the buildx plugin. Users may override (DOCKER_BUILDKIT=1) if buildx exists.
export DOCKER_BUILDKIT="${DOCKER_BUILDKIT:-0}"
export DEBIAN_FRONTEND=noninteractive

T0=$SECONDS
TIMINGS=()
CLEANUP_DIRS=()
SMOKE_CONTAINER=""

log()  { printf '[docker-setup +%4ds] %s\n' "$((SECONDS - T0))" "$*"; }
warn() { printf '[docker-setup +%4ds] WARNING: %s\n' "$((SECONDS - T0))" "$*" >&2; }
die()  { printf '[docker-setup +%4ds] ERROR: %s\n' "$((SECONDS - T0))" "$*" >&2; exit 1; }

STEP_NAME=""; STEP_T0=0
step_begin() { STEP_NAME="$1"; STEP_T0=$SECONDS; log "==> $STEP_NAME"; }
step_end()   {
    local d=$((SECONDS - STEP_T0))
    log "<== $STEP_NAME: ${1:-done} (${d}s)"
    TIMINGS+=("$(printf '%-42s %4ds  %s' "$STEP_NAME" "$d" "${1:-done}")")
}

# Remove a temp dir we created. Never crosses file systems and refuses to touch
# a tree that still has something mounted inside (debootstrap mounts /proc etc.).
safe_rmdir() {
    local d="$1" m
    [[ -n "$d" && -d "$d" && "$d" == /*/perf-suite-* ]] || return 0
    awk -v p="$d/" 'index($2, p) == 1 { print $2 }' /proc/mounts | sort -r | while read -r m; do
        umount -l "$m" 2>/dev/null || true
    done
    if awk -v p="$d/" 'index($2, p) == 1 { found = 1 } END { exit !found }' /proc/mounts; then
        warn "not removing $d: something is still mounted inside it"
        return 0
    fi
    rm -rf --one-file-system "$d"
}

on_exit() {
    local rc=$?
    if [[ -n "$SMOKE_CONTAINER" ]]; then
        docker rm -f "$SMOKE_CONTAINER" >/dev/null 2>&1 || true
    fi
    local d
    for d in "${CLEANUP_DIRS[@]}"; do safe_rmdir "$d"; done
    if [[ $rc -ne 0 ]]; then
        printf '[docker-setup +%4ds] FAILED (exit %d)\n' "$((SECONDS - T0))" "$rc" >&2
    fi
}
trap on_exit EXIT

usage() { sed -n '2,/^set -euo/{/^set -euo/d;s/^# \{0,1\}//;p}' "${BASH_SOURCE[0]}"; }

docker_ok() { timeout 10 docker info >/dev/null 2>&1; }
image_exists() { docker image inspect "$1" >/dev/null 2>&1; }

need_root() {
    [[ $(id -u) -eq 0 ]] || die "$1 needs root (run as root, or prepare Docker yourself and rerun)"
}

# Serialise concurrent runs (several engineers / CI jobs on one machine).
take_lock() {
    mkdir -p "$STATE_DIR"
    exec 9>"$STATE_DIR/setup.lock"
    if ! flock -n 9; then
        log "another docker-setup run holds $STATE_DIR/setup.lock; waiting (max 900s)"
        flock -w 900 9 || die "timed out waiting for $STATE_DIR/setup.lock"
    fi
}

# pid of a live dockerd recorded in FILE, or nothing.
live_dockerd_pid() {
    local f="$1" pid
    [[ -s "$f" ]] || return 1
    pid="$(tr -dc '0-9' <"$f")"
    [[ -n "$pid" && -r "/proc/$pid/comm" && "$(cat "/proc/$pid/comm")" == dockerd ]] || return 1
    echo "$pid"
}

# ---------------------------------------------------------------- step 1 ----
install_packages() {
    step_begin "install docker.io + debootstrap"
    local pkgs=()
    command -v dockerd >/dev/null 2>&1 || pkgs+=(docker.io)
    command -v debootstrap >/dev/null 2>&1 || pkgs+=(debootstrap)
    command -v curl >/dev/null 2>&1 || pkgs+=(curl)
    if [[ ${#pkgs[@]} -eq 0 ]]; then
        step_end "already installed ($(dockerd --version 2>/dev/null | sed -n 1p))"
        return
    fi
    need_root "installing ${pkgs[*]}"
    log "apt-get install ${pkgs[*]}"
    local aptlog; aptlog="$(mktemp /tmp/perf-suite-apt.XXXXXX.log)"
    if ! { apt-get update -q && apt-get install -y -q --no-install-recommends "${pkgs[@]}"; } >"$aptlog" 2>&1; then
        tail -n 30 "$aptlog" >&2
        die "apt-get failed (full log: $aptlog)"
    fi
    rm -f "$aptlog"
    command -v dockerd >/dev/null 2>&1 || die "dockerd still missing after installing docker.io"
    step_end "installed ${pkgs[*]} ($(dockerd --version | sed -n 1p))"
}

# dockerd (20.10) programs NAT/port-forwarding rules with `iptables`. Make sure
# the selected backend (nft or legacy) works in this (nested) kernel.
check_iptables() {
    if iptables -t nat -S >/dev/null 2>&1; then
        echo ok; return
    fi
    if command -v iptables-legacy >/dev/null 2>&1 && iptables-legacy -t nat -S >/dev/null 2>&1 \
        && command -v update-alternatives >/dev/null 2>&1; then
        update-alternatives --set iptables /usr/sbin/iptables-legacy >/dev/null 2>&1 || true
        update-alternatives --set ip6tables /usr/sbin/ip6tables-legacy >/dev/null 2>&1 || true
        if iptables -t nat -S >/dev/null 2>&1; then echo legacy; return; fi
    fi
    echo none
}

# Can this kernel mount overlayfs on the file system that holds /var/lib/docker?
overlay_supported() {
    mkdir -p /var/lib/docker
    local p; p="$(mktemp -d /var/lib/docker/perf-suite-overlay-probe.XXXXXX)"
    mkdir -p "$p/l" "$p/u" "$p/w" "$p/m"
    local ok=1
    if mount -t overlay overlay -o "lowerdir=$p/l,upperdir=$p/u,workdir=$p/w" "$p/m" 2>/dev/null; then
        touch "$p/m/x" 2>/dev/null && ok=0
        umount "$p/m" 2>/dev/null || umount -l "$p/m" 2>/dev/null || true
    fi
    safe_rmdir "$p"
    return $ok
}

choose_storage_driver() {
    if [[ -n "${PERF_SUITE_DOCKER_STORAGE_DRIVER:-}" ]]; then
        echo "$PERF_SUITE_DOCKER_STORAGE_DRIVER"; return
    fi
    # Keep the driver a previous run fell back to, or its images would vanish.
    if [[ -d /var/lib/docker/vfs/dir && ! -d /var/lib/docker/overlay2/l ]]; then
        echo vfs; return
    fi
    if overlay_supported; then echo overlay2; else echo vfs; fi
}

default_route_mtu() {
    local dev
    dev="$(ip -o route show default 2>/dev/null | awk '{for (i = 1; i < NF; i++) if ($i == "dev") { print $(i + 1); exit }}')"
    [[ -n "$dev" && -r "/sys/class/net/$dev/mtu" ]] && cat "/sys/class/net/$dev/mtu"
}

# Launch dockerd detached (own session, so it outlives this script and the CI
# step's process group) and wait until `docker info` answers or it dies.
launch_dockerd() {
    local driver="$1"; shift
    local flags=(--storage-driver="$driver" --host="unix://$DOCKER_SOCK" --pidfile=/var/run/docker.pid "$@")
    log "starting: dockerd ${flags[*]}  (log: $DOCKERD_LOG)"
    mkdir -p "$(dirname "$DOCKERD_LOG")" "$STATE_DIR"
    printf '\n===== %s docker-setup: dockerd %s\n' "$(date -Is)" "${flags[*]}" >>"$DOCKERD_LOG"
    # fd 9 is our lock: dockerd must not inherit it, or later runs would block on it.
    ( exec 9>&-; cd / && exec setsid nohup dockerd "${flags[@]}" </dev/null >>"$DOCKERD_LOG" 2>&1 ) &
    local launcher=$! waited=0 pid=""
    while (( waited < DOCKER_WAIT )); do
        if docker_ok; then
            pid="$(live_dockerd_pid /var/run/docker.pid || true)"
            [[ -n "$pid" ]] || die "dockerd answers but /var/run/docker.pid holds no live dockerd"
            echo "$pid" >"$PID_FILE"
            echo "$driver ${flags[*]}" >"$STATE_DIR/dockerd.flags"
            log "dockerd is up after ${waited}s (pid $pid, recorded in $PID_FILE)"
            return 0
        fi
        # Gone already? (setsid may have forked; then only docker.pid tells.)
        if ! kill -0 "$launcher" 2>/dev/null && ! live_dockerd_pid /var/run/docker.pid >/dev/null; then
            break
        fi
        sleep 1; waited=$((waited + 1))
    done
    warn "dockerd (storage driver $driver) did not answer within ${waited}s; last log lines:"
    tail -n 200 "$DOCKERD_LOG" 2>/dev/null | grep -v 'module=grpc' | tail -n 15 >&2 || true
    pid="$(live_dockerd_pid /var/run/docker.pid || true)"
    if [[ -n "$pid" ]]; then kill -TERM "$pid" 2>/dev/null || true; fi
    kill -TERM "$launcher" 2>/dev/null || true
    local _; for _ in $(seq 1 15); do
        live_dockerd_pid /var/run/docker.pid >/dev/null || break; sleep 1
    done
    return 1
}

start_docker() {
    step_begin "start dockerd"
    if docker_ok; then
        step_end "already answering ($(docker version --format 'server {{.Server.Version}}' 2>/dev/null), driver $(docker info --format '{{.Driver}}' 2>/dev/null))"
        return
    fi
    local pid
    if pid="$(live_dockerd_pid /var/run/docker.pid)"; then
        log "a dockerd (pid $pid) is running but not answering yet; waiting up to ${DOCKER_WAIT}s"
        local _; for _ in $(seq 1 "$DOCKER_WAIT"); do docker_ok && break; sleep 1; done
        docker_ok || { tail -n 200 "$DOCKERD_LOG" 2>/dev/null | grep -v 'module=grpc' | tail -n 15 >&2 || true; die "dockerd pid $pid does not answer on $DOCKER_SOCK"; }
        step_end "existing dockerd pid $pid answered"
        return
    fi
    need_root "starting dockerd"

    local extra=()
    case "$(check_iptables)" in
        ok)     ;;
        legacy) log "iptables-nft unusable here; switched the iptables alternative to iptables-legacy" ;;
        none)   warn "iptables unusable: starting dockerd with --iptables=false (published ports still work on localhost via docker-proxy, but containers get NO outbound network, so 'apt-get' inside docker build will fail)"
                extra+=(--iptables=false) ;;
    esac
    # The outer network may have a smaller MTU than docker0's default 1500
    # (here eth0 is 1400); match it so large downloads in containers do not stall.
    local mtu; mtu="$(default_route_mtu || true)"
    if [[ -n "$mtu" && "$mtu" -lt 1500 ]]; then extra+=(--mtu="$mtu"); fi

    local driver; driver="$(choose_storage_driver)"
    if ! launch_dockerd "$driver" "${extra[@]}"; then
        if [[ "$driver" == overlay2 && -z "${PERF_SUITE_DOCKER_STORAGE_DRIVER:-}" ]]; then
            warn "retrying with --storage-driver=vfs (slower, uses more disk, but works everywhere)"
            driver=vfs
            launch_dockerd vfs "${extra[@]}" || die "dockerd did not start with vfs either; see $DOCKERD_LOG"
        else
            die "dockerd did not start; see $DOCKERD_LOG"
        fi
    fi
    step_end "dockerd $(docker version --format '{{.Server.Version}}' 2>/dev/null), storage driver $driver"
}

# ---------------------------------------------------------------- step 2 ----
# Mirror for debootstrap: the first bookworm entry in this machine's apt sources
# (those are known to be reachable), else deb.debian.org.
apt_uri_for_suite() {
    local suite="$1" f
    for f in /etc/apt/sources.list /etc/apt/sources.list.d/*.list /etc/apt/sources.list.d/*.sources; do
        [[ -f "$f" ]] || continue
        case "$f" in
            *.sources)
                awk -v s="$suite" '
                    BEGIN { RS = ""; FS = "\n" }
                    {
                        uri = ""; ok = 0; deb = 0; en = 1
                        for (i = 1; i <= NF; i++) {
                            if ($i ~ /^[ \t]*#/) continue
                            if ($i ~ /^Types:/ && $i ~ /[ \t]deb([ \t]|$)/) deb = 1
                            if ($i ~ /^URIs:/) { split($i, a, /[ \t]+/); uri = a[2] }
                            if ($i ~ /^Suites:/) { n = split($i, a, /[ \t]+/); for (j = 2; j <= n; j++) if (a[j] == s) ok = 1 }
                            if ($i ~ /^Enabled:[ \t]*no/) en = 0
                        }
                        if (deb && ok && en && uri != "") { print uri; exit }
                    }' "$f" ;;
            *)
                awk -v s="$suite" '$1 == "deb" {
                        i = 2; if ($2 ~ /^\[/) { while (i <= NF && $i !~ /\]$/) i++; i++ }
                        if ($(i + 1) == s) { print $i; exit }
                    }' "$f" ;;
        esac
    done 2>/dev/null | sed -n 1p
}

build_base_image() {
    step_begin "base image $BASE_IMAGE"
    if image_exists "$BASE_IMAGE"; then
        step_end "reused existing image"
        return
    fi
    need_root "debootstrap"
    local mirror security
    mirror="${PERF_SUITE_DEBIAN_MIRROR:-$(apt_uri_for_suite "$SUITE")}"
    mirror="${mirror:-http://deb.debian.org/debian}"
    security="$(apt_uri_for_suite "$SUITE-security")"
    local work; work="$(mktemp -d /var/tmp/perf-suite-rootfs.XXXXXX)"
    CLEANUP_DIRS+=("$work")
    log "debootstrap --variant=minbase $SUITE from $mirror (takes ~30-60s)"
    if ! debootstrap --variant=minbase "$SUITE" "$work/rootfs" "$mirror" >"$work/debootstrap.log" 2>&1; then
        tail -n 30 "$work/debootstrap.log" >&2
        [[ -f "$work/rootfs/debootstrap/debootstrap.log" ]] && tail -n 30 "$work/rootfs/debootstrap/debootstrap.log" >&2
        die "debootstrap failed"
    fi
    local r="$work/rootfs"
    # Same suites as a regular Debian image: release, updates, security.
    {
        echo "deb $mirror $SUITE main"
        echo "deb $mirror $SUITE-updates main"
        [[ -n "$security" ]] && echo "deb $security $SUITE-security main"
    } >"$r/etc/apt/sources.list"
    # Do not bake in this host's identity / caches.
    : >"$r/etc/resolv.conf"; : >"$r/etc/hostname"
    rm -rf "$r"/var/lib/apt/lists/* "$r"/var/cache/apt/archives/*.deb "$r"/var/cache/apt/*.bin "$r"/tmp/* "$r"/var/log/*.log
    log "docker import -> $BASE_IMAGE ($(du -sh "$r" | cut -f1) rootfs)"
    tar --numeric-owner -C "$r" -c . \
        | docker import --change 'CMD ["bash"]' --change 'ENV LANG=C.UTF-8' \
            --message "debootstrap --variant=minbase $SUITE $mirror" - "$BASE_IMAGE" >/dev/null
    safe_rmdir "$work"
    docker run --rm "$BASE_IMAGE" true || die "a container from $BASE_IMAGE does not run"
    step_end "built ($(docker image inspect -f '{{.Size}}' "$BASE_IMAGE" | awk '{printf "%.0f MB", $1/1e6}'))"
}

# ------------------------------------------------------------- steps 3+4 ----
docker_build() {   # docker_build LOGNAME ARGS...   (prints Step lines, full log on failure)
    local name="$1"; shift
    local blog; blog="$(mktemp "/tmp/perf-suite-build-$name.XXXXXX.log")"
    if ! docker build "$@" >"$blog" 2>&1; then
        tail -n 40 "$blog" >&2
        die "docker build of $name failed (full log: $blog)"
    fi
    sed -n 's/^\(Step [0-9]*\/[0-9]* : \)/    \1/p' "$blog"
    rm -f "$blog"
}

build_jre_image() {
    step_begin "JRE image $JRE_IMAGE"
    if image_exists "$JRE_IMAGE"; then
        step_end "reused existing image"
        return
    fi
    [[ -f "$REPO_ROOT/docker/jre/Dockerfile" ]] || die "missing $REPO_ROOT/docker/jre/Dockerfile"
    log "docker build (apt-get install openjdk-17-jre-headless; ~1-2 min)"
    docker_build jre --pull=false --build-arg "BASE_IMAGE=$BASE_IMAGE" -t "$JRE_IMAGE" "$REPO_ROOT/docker/jre"
    step_end "built ($(docker run --rm "$JRE_IMAGE" java -version 2>&1 | sed -n 1p))"
}

build_echo_image() {
    local jar="$1"
    step_begin "echo image $ECHO_IMAGE"
    [[ -f "$jar" ]] || die "echo jar not found: $jar (build it first, e.g. 'mvn -q package', or pass its path as first argument; --skip-echo skips this step)"
    [[ -f "$REPO_ROOT/docker/echo-backend/Dockerfile" ]] || die "missing $REPO_ROOT/docker/echo-backend/Dockerfile"
    local ctx; ctx="$(mktemp -d /tmp/perf-suite-echo-ctx.XXXXXX)"
    CLEANUP_DIRS+=("$ctx")
    cp "$jar" "$ctx/perf-suite-echo.jar"
    cp "$REPO_ROOT/docker/echo-backend/Dockerfile" "$ctx/Dockerfile"
    local old; old="$(docker image inspect -f '{{.Id}}' "$ECHO_IMAGE" 2>/dev/null || true)"
    log "docker build with $jar ($(stat -c %s "$jar") bytes)"
    docker_build echo --pull=false --build-arg "BASE_IMAGE=$JRE_IMAGE" -t "$ECHO_IMAGE" "$ctx"
    safe_rmdir "$ctx"
    local new; new="$(docker image inspect -f '{{.Id}}' "$ECHO_IMAGE")"
    if [[ -n "$old" && "$old" != "$new" ]]; then
        docker rmi "$old" >/dev/null 2>&1 || true   # drop the superseded (now dangling) image
    fi
    step_end "built ${new:7:12}"
}

# --------------------------------------------------------------- step 5b ----
# The JMeter remote engine: launcher jar + its lib directory + the scenarios' test classes.
build_remote_engine_image() {
    step_begin "remote-engine image $REMOTE_ENGINE_IMAGE"
    local target="$REPO_ROOT/target" tests
    tests="$(find "$target" -maxdepth 1 -name 'perf-suite-*-tests.jar' -print -quit 2>/dev/null || true)"
    if [[ ! -f "$target/perf-suite-remote-engine.jar" || ! -d "$target/remote-engine-lib" || -z "$tests" ]]; then
        warn "skipping $REMOTE_ENGINE_IMAGE: build target/perf-suite-remote-engine.jar, target/remote-engine-lib/ and the tests jar first (mvn package -DskipTests)"
        step_end "skipped (artifacts missing)"
        return
    fi
    [[ -f "$REPO_ROOT/docker/remote-engine/Dockerfile" ]] || die "missing $REPO_ROOT/docker/remote-engine/Dockerfile"
    local ctx; ctx="$(mktemp -d /tmp/perf-suite-remote-engine-ctx.XXXXXX)"
    CLEANUP_DIRS+=("$ctx")
    cp "$target/perf-suite-remote-engine.jar" "$tests" "$REPO_ROOT/docker/remote-engine/Dockerfile" "$ctx/"
    cp -r "$target/remote-engine-lib" "$ctx/remote-engine-lib"
    local old; old="$(docker image inspect -f '{{.Id}}' "$REMOTE_ENGINE_IMAGE" 2>/dev/null || true)"
    log "docker build with $(ls "$ctx/remote-engine-lib" | wc -l) library jars ($(du -sh "$ctx" | cut -f1))"
    docker_build remote-engine --pull=false --build-arg "BASE_IMAGE=$JRE_IMAGE" -t "$REMOTE_ENGINE_IMAGE" "$ctx"
    safe_rmdir "$ctx"
    local new; new="$(docker image inspect -f '{{.Id}}' "$REMOTE_ENGINE_IMAGE")"
    if [[ -n "$old" && "$old" != "$new" ]]; then
        docker rmi "$old" >/dev/null 2>&1 || true
    fi
    local out
    out="$(timeout 60 docker run --rm --label "$SMOKE_LABEL" "$REMOTE_ENGINE_IMAGE" --help 2>&1)" \
        || { printf '%s\n' "$out" | tail -n 20 >&2; die "$REMOTE_ENGINE_IMAGE --help failed"; }
    grep -q 'perf-suite-remote-engine.jar' <<<"$out" || { printf '%s\n' "$out" >&2; die "$REMOTE_ENGINE_IMAGE --help printed no usage"; }
    step_end "built ${new:7:12}, --help ok"
}

# ---------------------------------------------------------------- step 5 ----
# Same path Testcontainers uses: random host port on a published container port,
# reached from here via localhost.
smoke_test() {
    step_begin "smoke test (echo via published port)"
    SMOKE_CONTAINER="$(docker run -d --label "$SMOKE_LABEL" -p "127.0.0.1::$ECHO_PORT" "$ECHO_IMAGE")"
    local _ ready=0
    for _ in $(seq 1 60); do
        if docker logs "$SMOKE_CONTAINER" 2>&1 | grep -q "$ECHO_READY_LINE"; then ready=1; break; fi
        [[ "$(docker inspect -f '{{.State.Running}}' "$SMOKE_CONTAINER")" == true ]] || break
        sleep 0.5
    done
    if [[ $ready -ne 1 ]]; then
        docker logs "$SMOKE_CONTAINER" 2>&1 | tail -n 20 >&2
        die "echo container never printed '$ECHO_READY_LINE'"
    fi
    local hostport; hostport="$(docker port "$SMOKE_CONTAINER" "$ECHO_PORT/tcp" | sed -n 1p)"
    local code; code="$(curl -s -o /dev/null -w '%{http_code}' --max-time 10 -X POST --data 'ping' "http://$hostport/" || true)"
    [[ "$code" != 000 && -n "$code" ]] || die "no HTTP answer from the echo container at $hostport (port publishing broken?)"
    docker rm -f "$SMOKE_CONTAINER" >/dev/null; SMOKE_CONTAINER=""
    step_end "ready line seen, HTTP $code from http://$hostport/"
}

# ---------------------------------------------------------------- step 6 ----
# Backend images (postgres / keycloak / wiremock). Each is built only when missing, when
# --rebuild is given, or when its recipe (the files in docker/<name>/ plus the version)
# no longer matches the hash recorded in the image's RECIPE_LABEL.
recipe_hash() {   # recipe_hash NAME VERSION
    local dir="$REPO_ROOT/docker/$1" f
    {
        printf 'version %s\n' "$2"
        while IFS= read -r f; do
            printf 'file %s\n' "${f#"$dir"/}"; cat "$f"
        done < <(find "$dir" -type f ! -name README.md | LC_ALL=C sort)
    } | sha256sum | cut -c1-16
}

# Why IMAGE must be built (prints the reason), or nothing (return 1) if it is up to date.
build_reason() {   # build_reason IMAGE HASH FORCE
    local have
    if ! image_exists "$1"; then echo "missing"; return 0; fi
    if [[ "$3" -eq 1 ]]; then echo "--rebuild"; return 0; fi
    have="$(docker image inspect -f "{{index .Config.Labels \"$RECIPE_LABEL\"}}" "$1" 2>/dev/null || true)"
    if [[ "$have" != "$2" ]]; then echo "recipe changed (${have:-unlabelled} -> $2)"; return 0; fi
    return 1
}

# --rebuild means from scratch: do not reuse the legacy builder's cached layers (apt).
cache_flags() { if [[ "$1" == --rebuild ]]; then echo --no-cache; else echo --no-cache=false; fi; }

image_size() { docker image inspect -f '{{.Size}}' "$1" | awk '{printf "%.0f MB", $1/1e6}'; }

# Tag IMAGE from the build and drop the image it replaced (fails harmlessly while in use).
drop_superseded() {   # drop_superseded IMAGE OLD_ID
    local new; new="$(docker image inspect -f '{{.Id}}' "$1")"
    if [[ -n "$2" && "$2" != "$new" ]]; then
        docker rmi "$2" >/dev/null 2>&1 \
            || log "the previous $1 (${2:7:12}) is still used by a container; left it (later: docker rmi ${2:7:12})"
    fi
}

# Resolve an artifact path: explicit (option/env; relative to $PWD) or the Maven default.
resolve_artifact() {   # resolve_artifact GIVEN DEFAULT
    local p="${1:-$2}"
    [[ "$p" == /* ]] || p="$PWD/$p"
    echo "$p"
}

artifact_missing() {   # artifact_missing WHAT PATH NAME_GLOB OPTION
    local others
    others="$(find "$BACKENDS_DIR" -maxdepth 1 -name "$3" -printf '%f ' 2>/dev/null || true)"
    die "$1 not found: $2
    It is needed to build the image. Create it with Maven from $REPO_ROOT:
        mvn -q generate-resources        (or: mvn -q package -DskipTests, as .ci/run does)
    which copies it into target/backends/, or pass $4 PATH.${others:+
    target/backends/ holds: $others(the image tag pins the version named above)}"
}

# Copy (hard-link if possible) FILE into DIR as NAME.
stage_file() {   # stage_file FILE DIR NAME
    ln "$1" "$2/$3" 2>/dev/null || cp "$1" "$2/$3"
}

build_postgres_image() {
    local force="$1"
    step_begin "postgres image $POSTGRES_IMAGE"
    local dir="$REPO_ROOT/docker/postgres"
    [[ -f "$dir/Dockerfile" && -f "$dir/docker-entrypoint.sh" ]] || die "missing $dir/Dockerfile or docker-entrypoint.sh"
    local hash reason
    hash="$(recipe_hash postgres 15)"
    if ! reason="$(build_reason "$POSTGRES_IMAGE" "$hash" "$force")"; then
        step_end "reused existing image ($(image_size "$POSTGRES_IMAGE"))"
        return
    fi
    local old; old="$(docker image inspect -f '{{.Id}}' "$POSTGRES_IMAGE" 2>/dev/null || true)"
    log "building ($reason): apt-get install postgresql-15; ~30-60 s"
    docker_build postgres "$(cache_flags "$reason")" --pull=false --build-arg "BASE_IMAGE=$BASE_IMAGE" \
        --label "$RECIPE_LABEL=$hash" -t "$POSTGRES_IMAGE" "$dir"
    drop_superseded "$POSTGRES_IMAGE" "$old"
    step_end "built ($reason; $(image_size "$POSTGRES_IMAGE"))"
}

build_keycloak_image() {
    local force="$1" zip="$2"
    step_begin "keycloak image $KEYCLOAK_IMAGE"
    local dir="$REPO_ROOT/docker/keycloak"
    [[ -f "$dir/Dockerfile" ]] || die "missing $dir/Dockerfile"
    local hash reason
    hash="$(recipe_hash keycloak "$KEYCLOAK_VERSION")"
    if ! reason="$(build_reason "$KEYCLOAK_IMAGE" "$hash" "$force")"; then
        step_end "reused existing image ($(image_size "$KEYCLOAK_IMAGE"))"
        return
    fi
    [[ -f "$zip" ]] || artifact_missing "Keycloak distribution" "$zip" 'keycloak-quarkus-dist-*.zip' --keycloak-zip
    local ctx; ctx="$(mktemp -d /tmp/perf-suite-keycloak-ctx.XXXXXX)"
    CLEANUP_DIRS+=("$ctx")
    cp "$dir/Dockerfile" "$ctx/Dockerfile"
    stage_file "$zip" "$ctx" keycloak-quarkus-dist.zip
    local old; old="$(docker image inspect -f '{{.Id}}' "$KEYCLOAK_IMAGE" 2>/dev/null || true)"
    log "building ($reason) from $zip ($(du -h "$zip" | cut -f1)); ~15-60 s"
    docker_build keycloak "$(cache_flags "$reason")" --pull=false --build-arg "BASE_IMAGE=$JRE_IMAGE" \
        --build-arg "KEYCLOAK_VERSION=$KEYCLOAK_VERSION" \
        --label "$RECIPE_LABEL=$hash" -t "$KEYCLOAK_IMAGE" "$ctx"
    safe_rmdir "$ctx"
    # The unpack stage (zip + unzip, ~800 MB) is left behind as an untagged image: drop it.
    docker image prune -f --filter "label=$KEYCLOAK_STAGE_LABEL" >/dev/null 2>&1 || true
    drop_superseded "$KEYCLOAK_IMAGE" "$old"
    step_end "built ($reason; $(image_size "$KEYCLOAK_IMAGE"))"
}

build_wiremock_image() {
    local force="$1" jar="$2"
    step_begin "wiremock image $WIREMOCK_IMAGE"
    local dir="$REPO_ROOT/docker/wiremock"
    [[ -f "$dir/Dockerfile" && -f "$dir/docker-entrypoint.sh" ]] || die "missing $dir/Dockerfile or docker-entrypoint.sh"
    local hash reason
    hash="$(recipe_hash wiremock "$WIREMOCK_VERSION")"
    if ! reason="$(build_reason "$WIREMOCK_IMAGE" "$hash" "$force")"; then
        step_end "reused existing image ($(image_size "$WIREMOCK_IMAGE"))"
        return
    fi
    [[ -f "$jar" ]] || artifact_missing "WireMock standalone jar" "$jar" 'wiremock-standalone-*.jar' --wiremock-jar
    local ctx; ctx="$(mktemp -d /tmp/perf-suite-wiremock-ctx.XXXXXX)"
    CLEANUP_DIRS+=("$ctx")
    cp "$dir/Dockerfile" "$dir/docker-entrypoint.sh" "$ctx/"
    stage_file "$jar" "$ctx" wiremock-standalone.jar
    local old; old="$(docker image inspect -f '{{.Id}}' "$WIREMOCK_IMAGE" 2>/dev/null || true)"
    log "building ($reason) from $jar ($(du -h "$jar" | cut -f1))"
    docker_build wiremock "$(cache_flags "$reason")" --pull=false --build-arg "BASE_IMAGE=$JRE_IMAGE" \
        --build-arg "WIREMOCK_VERSION=$WIREMOCK_VERSION" \
        --label "$RECIPE_LABEL=$hash" -t "$WIREMOCK_IMAGE" "$ctx"
    safe_rmdir "$ctx"
    drop_superseded "$WIREMOCK_IMAGE" "$old"
    step_end "built ($reason; $(image_size "$WIREMOCK_IMAGE"))"
}

# Fail before the slow steps if an image has to be built but its artifact is missing.
preflight_backends() {   # preflight_backends FORCE ZIP JAR
    local reason
    if reason="$(build_reason "$KEYCLOAK_IMAGE" "$(recipe_hash keycloak "$KEYCLOAK_VERSION")" "$1")" && [[ ! -f "$2" ]]; then
        log "$KEYCLOAK_IMAGE must be built ($reason)"
        artifact_missing "Keycloak distribution" "$2" 'keycloak-quarkus-dist-*.zip' --keycloak-zip
    fi
    if reason="$(build_reason "$WIREMOCK_IMAGE" "$(recipe_hash wiremock "$WIREMOCK_VERSION")" "$1")" && [[ ! -f "$3" ]]; then
        log "$WIREMOCK_IMAGE must be built ($reason)"
        artifact_missing "WireMock standalone jar" "$3" 'wiremock-standalone-*.jar' --wiremock-jar
    fi
}

# --------------------------------------------------------- step 6 checks ----
smoke_start() {   # smoke_start DOCKER_RUN_ARGS...  (sets SMOKE_CONTAINER; removed on exit)
    SMOKE_CONTAINER="$(docker run -d --label "$SMOKE_LABEL" "$@")"
}
smoke_stop() { docker rm -f -v "$SMOKE_CONTAINER" >/dev/null 2>&1 || true; SMOKE_CONTAINER=""; }
smoke_fail() {   # smoke_fail MESSAGE: show the container's log tail, then die
    docker logs --tail 25 "$SMOKE_CONTAINER" 2>&1 | sed 's/^/    | /' >&2 || true
    die "$1"
}
smoke_running() { [[ "$(docker inspect -f '{{.State.Running}}' "$SMOKE_CONTAINER" 2>/dev/null)" == true ]]; }
smoke_ip() { docker inspect -f '{{range .NetworkSettings.Networks}}{{.IPAddress}}{{end}}' "$SMOKE_CONTAINER" | awk '{print $1}'; }
http_code() { curl -s -o /dev/null -w '%{http_code}' --max-time 5 "$1" 2>/dev/null || true; }

# What Testcontainers' PostgreSQLContainer does: env, `postgres -c fsync=off`, and wait
# for the ready line twice (temporary init server, then the real one).
smoke_postgres() {
    step_begin "smoke check postgres"
    local t=$SECONDS
    smoke_start -e POSTGRES_PASSWORD=smoke -e POSTGRES_USER=smoke -e POSTGRES_DB=smokedb \
        -p 127.0.0.1::5432 "$POSTGRES_IMAGE" postgres -c fsync=off
    local n=0 _
    for _ in $(seq 1 60); do
        n="$(docker logs "$SMOKE_CONTAINER" 2>&1 | grep -c 'database system is ready to accept connections' || true)"
        [[ "$n" -ge 2 ]] && break
        smoke_running || break
        sleep 0.5
    done
    [[ "$n" -ge 2 ]] || smoke_fail "postgres logged 'ready to accept connections' $n time(s) within 30 s, expected 2"
    local ready_s=$((SECONDS - t))
    docker exec "$SMOKE_CONTAINER" pg_isready -q -h 127.0.0.1 -p 5432 \
        || smoke_fail "pg_isready (TCP) failed inside the container"
    # Remote login (the container's own address, not loopback): the scram-sha-256 hba rule.
    local ip; ip="$(smoke_ip)"
    local out
    out="$(docker exec -e PGPASSWORD=smoke "$SMOKE_CONTAINER" \
        psql -h "$ip" -U smoke -d smokedb -Atc 'SHOW fsync' 2>&1)" \
        || smoke_fail "password login over TCP failed: $out"
    [[ "$out" == off ]] || smoke_fail "server arguments not applied: fsync=$out"
    if docker exec -e PGPASSWORD=wrong "$SMOKE_CONTAINER" psql -h "$ip" -U smoke -d smokedb -Atc 'SELECT 1' >/dev/null 2>&1; then
        smoke_fail "a wrong password was accepted over TCP"
    fi
    local hostport; hostport="$(docker port "$SMOKE_CONTAINER" 5432/tcp | sed -n 1p)"
    # shellcheck disable=SC2016   # expanded by the inner bash
    timeout 5 bash -c 'exec 3<>"/dev/tcp/${1%:*}/${1##*:}"' _ "$hostport" 2>/dev/null \
        || smoke_fail "published port $hostport does not accept connections"
    smoke_stop
    step_end "ready line x2 after ${ready_s}s, pg_isready ok, scram login ok, $hostport open"
}

smoke_wiremock() {
    step_begin "smoke check wiremock"
    local t=$SECONDS
    smoke_start -p 127.0.0.1::8080 "$WIREMOCK_IMAGE" --verbose --global-response-templating
    local hostport="" code="" _
    for _ in $(seq 1 60); do
        hostport="$(docker port "$SMOKE_CONTAINER" 8080/tcp 2>/dev/null | sed -n 1p)"
        if [[ -n "$hostport" ]]; then
            code="$(http_code "http://$hostport/__admin/mappings")"
            [[ "$code" == 200 ]] && break
        fi
        smoke_running || break
        sleep 0.5
    done
    [[ "$code" == 200 ]] || smoke_fail "GET http://$hostport/__admin/mappings answered '${code:-nothing}', expected 200"
    local version; version="$(docker logs "$SMOKE_CONTAINER" 2>&1 | awk '$1 == "version:" {print $2; exit}')"
    [[ "$version" == "$WIREMOCK_VERSION" ]] || smoke_fail "banner shows version '${version:-none}', expected $WIREMOCK_VERSION"
    smoke_stop
    step_end "HTTP 200 from http://$hostport/__admin/mappings after $((SECONDS - t))s (banner: $version)"
}

smoke_keycloak_version() {
    step_begin "smoke check keycloak (kc.sh --version)"
    local out
    out="$(timeout 60 docker run --rm --label "$SMOKE_LABEL" --entrypoint /opt/keycloak/bin/kc.sh "$KEYCLOAK_IMAGE" --version 2>&1)" \
        || { printf '%s\n' "$out" | tail -n 20 >&2; die "kc.sh --version failed in $KEYCLOAK_IMAGE"; }
    grep -q "^Keycloak $KEYCLOAK_VERSION\$" <<<"$out" \
        || { printf '%s\n' "$out" >&2; die "kc.sh --version does not print 'Keycloak $KEYCLOAK_VERSION'"; }
    step_end "$(head -n 1 <<<"$out"), $(grep -m1 '^JVM:' <<<"$out" | cut -d' ' -f2)"
}

# What testcontainers-keycloak does: command start-dev, KC_HEALTH_ENABLED, wait for
# /health/ready on the management port 9000; then check the HTTP port answers too.
check_keycloak_start() {
    step_begin "check keycloak (start-dev, --check-keycloak)"
    local t=$SECONDS
    smoke_start -e KC_HEALTH_ENABLED=true -e KC_BOOTSTRAP_ADMIN_USERNAME=admin \
        -e KC_BOOTSTRAP_ADMIN_PASSWORD=admin \
        -p 127.0.0.1::8080 -p 127.0.0.1::9000 "$KEYCLOAK_IMAGE" start-dev
    local mgmt http code=""
    mgmt="$(docker port "$SMOKE_CONTAINER" 9000/tcp | sed -n 1p)"
    http="$(docker port "$SMOKE_CONTAINER" 8080/tcp | sed -n 1p)"
    log "waiting (max ${KEYCLOAK_WAIT}s) for http://$mgmt/health/ready"
    while (( SECONDS - t < KEYCLOAK_WAIT )); do
        code="$(http_code "http://$mgmt/health/ready")"
        [[ "$code" == 200 ]] && break
        smoke_running || smoke_fail "the Keycloak container exited"
        sleep 1
    done
    [[ "$code" == 200 ]] || smoke_fail "/health/ready answered '${code:-nothing}' after ${KEYCLOAK_WAIT}s"
    local ready_s=$((SECONDS - t)) listening
    listening="$(docker logs "$SMOKE_CONTAINER" 2>&1 | grep -o 'Listening on: [^ ]*' | head -n 1 || true)"
    [[ -n "$listening" ]] || smoke_fail "no 'Listening on:' line in the log"
    code="$(http_code "http://$http/realms/master/.well-known/openid-configuration")"
    [[ "$code" == 200 ]] || smoke_fail "OIDC discovery on the published HTTP port answered '${code:-nothing}'"
    smoke_stop
    step_end "ready after ${ready_s}s (${listening%.}), discovery HTTP 200 via $http"
}

# ------------------------------------------------------------------ stop ----
do_stop() {
    take_lock
    step_begin "stop"
    if docker_ok; then
        local ids
        ids="$(docker ps -aq --filter label=org.testcontainers=true; docker ps -aq --filter "label=$SMOKE_LABEL")"
        if [[ -n "$ids" ]]; then
            log "removing $(wc -w <<<"$ids") leftover Testcontainers/smoke container(s)"
            # shellcheck disable=SC2086
            docker rm -f -v $ids >/dev/null || warn "could not remove some containers"
        fi
    fi
    local pid
    if ! pid="$(live_dockerd_pid "$PID_FILE")"; then
        rm -f "$PID_FILE"
        if pgrep -x dockerd >/dev/null 2>&1; then
            step_end "no dockerd started by this script is running; left the other dockerd (pid $(pgrep -x dockerd | tr '\n' ' ')) alone"
        else
            step_end "no dockerd running"
        fi
        return
    fi
    log "stopping dockerd pid $pid (SIGTERM, stops its containers and its containerd)"
    kill -TERM "$pid"
    local _; for _ in $(seq 1 30); do [[ -d "/proc/$pid" ]] || break; sleep 1; done
    if [[ -d "/proc/$pid" ]]; then
        warn "dockerd pid $pid still alive after 30s; SIGKILL"
        kill -KILL "$pid" 2>/dev/null || true; sleep 1
    fi
    rm -f "$PID_FILE"
    step_end "dockerd pid $pid stopped"
}

# ------------------------------------------------------------------ main ----
print_summary() {
    log "images:"
    docker images --filter 'reference=perf-suite/*' | sed 's/^/    /' 
    mkdir -p "$STATE_DIR"
    cat >"$ENV_FILE" <<EOF
export DOCKER_HOST=unix://$DOCKER_SOCK
export TESTCONTAINERS_RYUK_DISABLED=true
export TESTCONTAINERS_TINYIMAGE_CONTAINER_IMAGE=$BASE_IMAGE
export TESTCONTAINERS_HOST_OVERRIDE=localhost
EOF
    # Image names for the Java side (keys perf.postgres.image / perf.keycloak.image /
    # perf.stubs.image); only for images that exist, so a missing one keeps its default.
    local var img
    for var in PERF_POSTGRES_IMAGE="$POSTGRES_IMAGE" PERF_KEYCLOAK_IMAGE="$KEYCLOAK_IMAGE" PERF_STUBS_IMAGE="$WIREMOCK_IMAGE"; do
        img="${var#*=}"
        if image_exists "$img"; then echo "export $var" >>"$ENV_FILE"; fi
    done
    log "timings:"
    local t; for t in "${TIMINGS[@]}"; do printf '    %s\n' "$t"; done
    log "total ${SECONDS}s. Environment for the Testcontainers tests (also in $ENV_FILE):"
    sed 's/^/    /' "$ENV_FILE"
}

main() {
    local mode=setup skip_echo=0 skip_remote=0 smoke=1 jar="" backends=1 rebuild=0 check_kc=0
    local kc_zip="${PERF_SUITE_KEYCLOAK_ZIP:-}" wm_jar="${PERF_SUITE_WIREMOCK_JAR:-}"
    while [[ $# -gt 0 ]]; do
        case "$1" in
            --stop) mode=stop ;;
            --skip-echo) skip_echo=1 ;;
            --skip-remote-engine) skip_remote=1 ;;
            --skip-backends) backends=0 ;;
            --rebuild) rebuild=1 ;;
            --check-keycloak) check_kc=1 ;;
            --keycloak-zip|--wiremock-jar)
                [[ $# -ge 2 && -n "$2" ]] || die "$1 needs a path"
                if [[ "$1" == --keycloak-zip ]]; then kc_zip="$2"; else wm_jar="$2"; fi
                shift ;;
            --keycloak-zip=*) kc_zip="${1#*=}" ;;
            --wiremock-jar=*) wm_jar="${1#*=}" ;;
            --no-smoke) smoke=0 ;;
            -h|--help) usage; exit 0 ;;
            -*) die "unknown option $1 (see --help)" ;;
            *) [[ -z "$jar" ]] || die "only one jar path expected"; jar="$1" ;;
        esac
        shift
    done
    if [[ "$mode" == stop ]]; then do_stop; return; fi

    if [[ -z "$jar" ]]; then
        jar="$REPO_ROOT/target/perf-suite-echo.jar"
    elif [[ "$jar" != /* ]]; then
        jar="$PWD/$jar"
    fi
    if [[ $skip_echo -eq 0 && ! -f "$jar" ]]; then   # fail fast, before the slow steps
        die "echo jar not found: $jar (build it first, pass its path, or use --skip-echo)"
    fi

    kc_zip="$(resolve_artifact "$kc_zip" "$BACKENDS_DIR/$KEYCLOAK_ZIP_NAME")"
    wm_jar="$(resolve_artifact "$wm_jar" "$BACKENDS_DIR/$WIREMOCK_JAR_NAME")"
    if [[ $backends -eq 0 && ( $check_kc -eq 1 || $rebuild -eq 1 ) ]]; then
        die "--check-keycloak / --rebuild concern the backend images; they do not go with --skip-backends"
    fi

    take_lock
    install_packages
    start_docker
    if [[ $backends -eq 1 ]]; then preflight_backends "$rebuild" "$kc_zip" "$wm_jar"; fi
    build_base_image
    build_jre_image
    if [[ $skip_echo -eq 0 ]]; then
        build_echo_image "$jar"
        if [[ $smoke -eq 1 ]]; then smoke_test; fi
    fi
    if [[ $skip_remote -eq 0 ]]; then build_remote_engine_image; fi
    if [[ $backends -eq 1 ]]; then
        build_postgres_image "$rebuild"
        if [[ $smoke -eq 1 ]]; then smoke_postgres; fi
        build_keycloak_image "$rebuild" "$kc_zip"
        if [[ $smoke -eq 1 ]]; then smoke_keycloak_version; fi
        if [[ $check_kc -eq 1 ]]; then check_keycloak_start; fi
        build_wiremock_image "$rebuild" "$wm_jar"
        if [[ $smoke -eq 1 ]]; then smoke_wiremock; fi
    fi
    print_summary
}

main "$@"
