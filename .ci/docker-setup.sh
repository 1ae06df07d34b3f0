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
#
# ECHO_JAR defaults to target/perf-suite-echo.jar (relative to the repository root).
#
# Options:
#   --stop         remove Testcontainers-labelled containers and stop the dockerd
#                  this script started (by its recorded pid); nothing else.
#   --skip-echo    only steps 1-3 (engine + base/JRE images); no jar needed.
#   --no-smoke     skip step 5.
#   -h, --help     this text.
#
# Environment overrides:
#   PERF_SUITE_DOCKER_WAIT            seconds to wait for dockerd (default 60)
#   PERF_SUITE_DOCKER_STORAGE_DRIVER  force a storage driver (default: overlay2, falls back to vfs)
#   PERF_SUITE_DEBIAN_MIRROR          mirror for debootstrap (default: taken from /etc/apt/sources*)
#   PERF_SUITE_DOCKERD_LOG            dockerd log file (default /var/log/perf-suite-dockerd.log)
set -euo pipefail

SCRIPT_DIR="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
REPO_ROOT="$(cd "$SCRIPT_DIR/.." && pwd)"
readonly SCRIPT_DIR REPO_ROOT

readonly BASE_IMAGE="perf-suite/debian:bookworm"
readonly JRE_IMAGE="perf-suite/jre:17"
readonly ECHO_IMAGE="perf-suite/echo-backend:latest"
readonly ECHO_PORT=8688
readonly ECHO_READY_LINE="Echo backend listening on port"
readonly SUITE="bookworm"

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
        step_end "already installed ($(dockerd --version 2>/dev/null | head -1))"
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
    step_end "installed ${pkgs[*]} ($(dockerd --version | head -1))"
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
    done 2>/dev/null | head -n 1
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
    step_end "built ($(docker run --rm "$JRE_IMAGE" java -version 2>&1 | head -1))"
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
    local hostport; hostport="$(docker port "$SMOKE_CONTAINER" "$ECHO_PORT/tcp" | head -n 1)"
    local code; code="$(curl -s -o /dev/null -w '%{http_code}' --max-time 10 -X POST --data 'ping' "http://$hostport/" || true)"
    [[ "$code" != 000 && -n "$code" ]] || die "no HTTP answer from the echo container at $hostport (port publishing broken?)"
    docker rm -f "$SMOKE_CONTAINER" >/dev/null; SMOKE_CONTAINER=""
    step_end "ready line seen, HTTP $code from http://$hostport/"
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
    log "timings:"
    local t; for t in "${TIMINGS[@]}"; do printf '    %s\n' "$t"; done
    log "total ${SECONDS}s. Environment for the Testcontainers tests (also in $ENV_FILE):"
    sed 's/^/    /' "$ENV_FILE"
}

main() {
    local mode=setup skip_echo=0 smoke=1 jar=""
    while [[ $# -gt 0 ]]; do
        case "$1" in
            --stop) mode=stop ;;
            --skip-echo) skip_echo=1 ;;
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

    take_lock
    install_packages
    start_docker
    build_base_image
    build_jre_image
    if [[ $skip_echo -eq 0 ]]; then
        build_echo_image "$jar"
        if [[ $smoke -eq 1 ]]; then smoke_test; fi
    fi
    print_summary
}

main "$@"
