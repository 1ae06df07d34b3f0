#!/usr/bin/env bash
# Builds perf-suite/toxiproxy:<version> from source: go-installs Toxiproxy's server from the Go
# module proxy into a cache directory (about a minute the first time, nothing on later calls),
# then builds the image FROM the locally built perf-suite/debian:bookworm.
#
# Usage: docker/toxiproxy/build.sh [--rebuild]
# Environment:
#   TOXIPROXY_VERSION  Toxiproxy release to build, without 'v' (required; .ci/docker/images.sh
#                      passes toxiproxy.version from versions.properties, declared in pom.xml)
#   TOXIPROXY_CACHE    where GOPATH and the built binary are kept (default ~/.cache/perf-suite/toxiproxy)
#   BASE_IMAGE         base image (default perf-suite/debian:bookworm)
# Prints the image name on its last line.
set -Eeuo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
version="${TOXIPROXY_VERSION:?set TOXIPROXY_VERSION (pom.xml toxiproxy.version)}"
cache="${TOXIPROXY_CACHE:-${HOME}/.cache/perf-suite/toxiproxy}"
base="${BASE_IMAGE:-perf-suite/debian:bookworm}"
image="perf-suite/toxiproxy:${version}"
rebuild=0
[[ "${1:-}" == --rebuild ]] && rebuild=1

log() { printf '[toxiproxy] %s\n' "$*" >&2; }
die() { printf '[toxiproxy] ERROR: %s\n' "$*" >&2; exit 1; }

command -v docker >/dev/null || die "docker CLI not found"
if [[ $rebuild -eq 0 ]] && docker image inspect "$image" >/dev/null 2>&1; then
    log "$image is present (--rebuild to build it again)"
    echo "$image"
    exit 0
fi
docker image inspect "$base" >/dev/null 2>&1 \
    || die "base image $base is missing: build it first (.ci/docker-setup.sh)"

binary="$cache/v${version}/toxiproxy-server"
if [[ ! -x "$binary" ]]; then
    command -v go >/dev/null || die "go not found: install Go (1.22 or later) to build Toxiproxy"
    mkdir -p "$cache/v${version}"
    log "go install github.com/Shopify/toxiproxy/v2/cmd/server@v${version} (about a minute)"
    # Static binary: the base image's libc must not matter.
    GOPATH="$cache/gopath" GOBIN="$cache/v${version}" CGO_ENABLED=0 GOFLAGS=-modcacherw \
        go install "github.com/Shopify/toxiproxy/v2/cmd/server@v${version}"
    mv "$cache/v${version}/server" "$binary"
fi

context="$(mktemp -d)"
trap 'rm -rf "$context"' EXIT
mkdir -p "$context/bin"
cp "$here/Dockerfile" "$context/"
cp "$binary" "$context/bin/toxiproxy-server"
log "docker build -t $image (FROM $base)"
DOCKER_BUILDKIT="${DOCKER_BUILDKIT:-0}" docker build --pull=false -q \
    --build-arg "BASE_IMAGE=$base" -t "$image" "$context" >&2
echo "$image"
