#!/usr/bin/env bash
# Sourced by the CI scripts that run a scenario on remote engines on this host:
#
#   start_loopback_engines COUNT LOGDIR WAIT_SECONDS CWD JAVA_ARGS...
#
# Starts COUNT engines on free loopback ports, RMI without SSL (a trusted host), each as
#   java -Dperf.engine.work-dir=LOGDIR/engineN JAVA_ARGS --port P --rmi-port R --hostname 127.0.0.1 --no-ssl
# in CWD with its output in LOGDIR/engineN.log (LOGDIR absolute). Appends their pids to the
# caller's engine_pids (the caller kills them on exit), sets engine_remotes to their
# 127.0.0.1:PORT, and waits up to WAIT_SECONDS for each to say it is ready. An engine that exits
# or stays silent returns 1 after printing its log's tail.

free_port() {
  python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'
}

start_loopback_engines() {
  local count=$1 logs=$2 wait_seconds=$3 cwd=$4
  shift 4
  local n i port rmi first=${#engine_pids[@]}
  engine_remotes=()
  for ((n = 1; n <= count; n++)); do
    port=$(free_port)
    rmi=$(free_port)
    (cd "$cwd" && exec java -Dperf.engine.work-dir="$logs/engine$n" "$@" \
      --port "$port" --rmi-port "$rmi" --hostname 127.0.0.1 --no-ssl) > "$logs/engine$n.log" 2>&1 &
    engine_pids+=("$!")
    engine_remotes+=("127.0.0.1:$port")
  done
  for ((n = 1; n <= count; n++)); do
    for ((i = 0; i < wait_seconds; i++)); do
      grep -q "perf-suite remote engine ready on" "$logs/engine$n.log" && break
      kill -0 "${engine_pids[first + n - 1]}" 2> /dev/null || break
      sleep 1
    done
    if ! grep -q "perf-suite remote engine ready on" "$logs/engine$n.log"; then
      tail -30 "$logs/engine$n.log" >&2
      echo "engine $n did not start: it exited, or was not ready within $wait_seconds s (log: $logs/engine$n.log)" >&2
      return 1
    fi
  done
}
