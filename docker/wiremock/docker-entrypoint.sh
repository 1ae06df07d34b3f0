#!/usr/bin/env bash
# Entrypoint of perf-suite/wiremock, compatible with the official wiremock/wiremock one:
#   (no args) | --opt ...   run WireMock with these options (+ $WIREMOCK_OPTIONS)
#   anything else           exec'd as is (e.g. bash)
set -euo pipefail

has_opt() {   # has_opt --name ARGS...: is --name or --name=... among ARGS?
    local o="$1" a; shift
    for a in "$@"; do [[ "$a" == "$o" || "$a" == "$o="* ]] && return 0; done
    return 1
}

if [[ $# -eq 0 || "${1:0:1}" == - ]]; then
    # JAVA_OPTS, WIREMOCK_OPTIONS: space-separated words, as in the official image.
    read -r -a jopts <<<"${JAVA_OPTS:-}"
    read -r -a wopts <<<"${WIREMOCK_OPTIONS:-}"
    opts=("$@" "${wopts[@]}")
    defaults=()
    has_opt --port "${opts[@]}" || defaults+=(--port 8080)
    has_opt --root-dir "${opts[@]}" || defaults+=(--root-dir /home/wiremock)
    # -cp (not -jar) so that jars in /var/wiremock/extensions are found, as in the official
    # image; the jar manifest's Add-Exports only applies with -jar, so repeat it here
    # (WireMock generates TLS certificates with sun.security.x509).
    set -- java "${jopts[@]}" --add-exports=java.base/sun.security.x509=ALL-UNNAMED \
        -cp '/var/wiremock/lib/*:/var/wiremock/extensions/*' wiremock.Run "${defaults[@]}" "${opts[@]}"
fi

# -e uid=N: run as that uid (the root dir is handed over to it), as in the official image.
if [[ -n "${uid:-}" ]]; then
    chown -R "$uid:$uid" /home/wiremock
    set -- setpriv --reuid="$uid" --regid="$uid" --clear-groups "$@"
fi

exec "$@"
