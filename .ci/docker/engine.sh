# shellcheck shell=bash
# The Docker engine: Debian's docker.io installed and dockerd started when no engine answers,
# stopped again by --stop. Sourced by .ci/docker-setup.sh (which defines log, die, STATE_DIR).

readonly DOCKER_SOCK=/var/run/docker.sock
readonly PID_FILE="$STATE_DIR/dockerd.pid"
readonly DOCKERD_LOG="${PERF_SUITE_DOCKERD_LOG:-/var/log/perf-suite-dockerd.log}"
readonly DOCKER_WAIT="${PERF_SUITE_DOCKER_WAIT:-60}"

docker_ok() { timeout 10 docker info >/dev/null 2>&1; }
need_root() { [[ $(id -u) -eq 0 ]] || die "$1 needs root (or prepare Docker yourself and rerun)"; }

# pid of the live dockerd recorded in FILE, or failure.
dockerd_pid() {
    local pid
    pid="$(tr -dc '0-9' <"$1" 2>/dev/null)" || return 1
    [[ -n "$pid" && "$(cat "/proc/$pid/comm" 2>/dev/null)" == dockerd ]] && echo "$pid"
}

install_packages() {
    local pkgs=() cmd
    for cmd in dockerd:docker.io debootstrap:debootstrap; do
        command -v "${cmd%%:*}" >/dev/null || pkgs+=("${cmd#*:}")
    done
    [[ ${#pkgs[@]} -gt 0 ]] || return 0
    need_root "apt-get install ${pkgs[*]}"
    log "apt-get install ${pkgs[*]}"
    { apt-get update -q && DEBIAN_FRONTEND=noninteractive apt-get install -y -q \
        --no-install-recommends "${pkgs[@]}"; } >"$STATE_DIR/apt.log" 2>&1 \
        || { tail -n 30 "$STATE_DIR/apt.log" >&2; die "apt-get failed (log: $STATE_DIR/apt.log)"; }
}

# dockerd programs NAT rules with iptables: use the legacy backend where nft fails (nested
# kernels), and run without iptables (no outbound network in builds) where neither works.
iptables_flags() {
    iptables -t nat -S >/dev/null 2>&1 && return
    if iptables-legacy -t nat -S >/dev/null 2>&1; then
        update-alternatives --set iptables /usr/sbin/iptables-legacy >/dev/null 2>&1 || true
        update-alternatives --set ip6tables /usr/sbin/ip6tables-legacy >/dev/null 2>&1 || true
        iptables -t nat -S >/dev/null 2>&1 && { log "iptables: switched to the legacy backend"; return; }
    fi
    log "WARNING: iptables unusable: --iptables=false (containers get no outbound network)" >&2
    echo --iptables=false
}

# The outer network may have an MTU below docker0's 1500; downloads in builds stall without this.
mtu_flag() {
    local dev mtu
    dev="$(ip -o route show default 2>/dev/null | awk '{for (i = 1; i < NF; i++) if ($i == "dev") print $(i + 1)}' | head -n 1)"
    mtu="$(cat "/sys/class/net/$dev/mtu" 2>/dev/null)" || return 0
    [[ "$mtu" -lt 1500 ]] && echo "--mtu=$mtu"
    return 0
}

# overlay2 unless a previous run fell back to vfs (its images live there) or overlay fails.
storage_driver() {
    if [[ -n "${PERF_SUITE_DOCKER_STORAGE_DRIVER:-}" ]]; then echo "$PERF_SUITE_DOCKER_STORAGE_DRIVER"
    elif [[ -d /var/lib/docker/vfs/dir && ! -d /var/lib/docker/overlay2/l ]]; then echo vfs
    else echo overlay2; fi
}

# Starts dockerd detached (its own session outlives this script) and waits until it answers.
launch_dockerd() {
    local flags=(--storage-driver="$1" --host="unix://$DOCKER_SOCK" --pidfile=/var/run/docker.pid)
    shift
    flags+=("$@")
    log "dockerd ${flags[*]} (log: $DOCKERD_LOG)"
    printf '\n===== %s dockerd %s\n' "$(date -Is)" "${flags[*]}" >>"$DOCKERD_LOG"
    # fd 9 is the setup lock: dockerd must not inherit it, or later runs would wait on it forever.
    ( exec 9>&-; cd / && exec setsid nohup dockerd "${flags[@]}" </dev/null >>"$DOCKERD_LOG" 2>&1 ) &
    local waited pid
    for ((waited = 0; waited < DOCKER_WAIT; waited++)); do
        if docker_ok && pid="$(dockerd_pid /var/run/docker.pid)"; then
            echo "$pid" >"$PID_FILE"
            log "dockerd answers after ${waited}s (pid $pid)"
            return 0
        fi
        sleep 1
    done
    grep -v module=grpc "$DOCKERD_LOG" | tail -n 15 >&2
    pid="$(dockerd_pid /var/run/docker.pid)" && kill -TERM "$pid" && sleep 5
    return 1
}

start_engine() {
    install_packages
    if docker_ok; then
        log "engine answers: $(docker version --format 'server {{.Server.Version}}'), driver $(docker info --format '{{.Driver}}')"
        return
    fi
    need_root "starting dockerd"
    local extra driver
    read -ra extra <<<"$(iptables_flags) $(mtu_flag)"
    driver="$(storage_driver)"
    launch_dockerd "$driver" "${extra[@]}" && return
    [[ "$driver" == overlay2 ]] || die "dockerd did not start; see $DOCKERD_LOG"
    log "overlay2 failed; retrying with vfs (slower, bigger, works everywhere)"
    launch_dockerd vfs "${extra[@]}" || die "dockerd did not start with vfs either; see $DOCKERD_LOG"
}

# Removes Testcontainers-labelled containers and stops the dockerd this script started; nothing else.
stop_engine() {
    local ids pid
    if docker_ok; then
        ids="$(docker ps -aq --filter label=org.testcontainers=true)"
        # shellcheck disable=SC2086 # one word per container id
        [[ -z "$ids" ]] || docker rm -f -v $ids >/dev/null || log "WARNING: some containers remain"
    fi
    if ! pid="$(dockerd_pid "$PID_FILE")"; then
        rm -f "$PID_FILE"
        log "no dockerd started by this script is running; nothing to stop"
        return
    fi
    log "stopping dockerd pid $pid"
    kill -TERM "$pid"
    for _ in $(seq 30); do [[ -d "/proc/$pid" ]] || break; sleep 1; done
    [[ ! -d "/proc/$pid" ]] || { log "SIGKILL dockerd $pid"; kill -KILL "$pid" 2>/dev/null || true; }
    rm -f "$PID_FILE"
}
