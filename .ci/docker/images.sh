# shellcheck shell=bash
# The images: one `docker build` per build context Maven staged in target/docker/<name>/ (Dockerfile
# with names and versions filled in, plus the jars and zips it COPYs), tagged with
# image.local.<name> from versions.properties. Docker's layer cache decides what is rebuilt. A
# folder docker/<name>/ with its own build.sh is built by that script instead. Sourced by
# .ci/docker-setup.sh (which defines log, die, prop, REPO_ROOT, CONTEXTS).

# Legacy builder: the Debian engine (20.10) may come without the buildx plugin.
export DOCKER_BUILDKIT="${DOCKER_BUILDKIT:-0}"

build_context() {   # build_context NAME TAG [docker build options...]
    local name="$1" tag="$2" blog t=$SECONDS
    shift 2
    blog="$(mktemp "/tmp/perf-suite-build-$name.XXXXXX")"
    docker build --pull=false "$@" -t "$tag" "$CONTEXTS/$name" >"$blog" 2>&1 \
        || { tail -n 40 "$blog" >&2; die "docker build of $tag failed (log: $blog)"; }
    log "$tag: $(grep -c '^Step ' "$blog") steps, $(grep -c 'Using cache' "$blog") from cache, $((SECONDS - t))s"
    rm -f "$blog"
}

# The Java 25 runtime: Debian 12 packages none, and a JDK without jmods cannot jlink, so the
# machine's JDK 25 is copied into the context (once: a later run reuses it; hard links where the
# file system allows). No JDK 25, no image (the Java 25 engine tests say so).
build_jre25() {   # build_jre25 [docker build options...]; returns 1 where no JDK 25 is installed
    local jdk="${PERF_SUITE_JAVA25_HOME:-/usr/lib/jvm/temurin-25-jdk-amd64}" out="$CONTEXTS/jre25/jre"
    if [[ ! -x "$jdk/bin/java" ]] || ! "$jdk/bin/java" -version 2>&1 | grep -q '"25'; then
        log "jre25: no JDK 25 at $jdk (set PERF_SUITE_JAVA25_HOME): no Java 25 images"
        return 1
    fi
    if [[ ! -x "$out/bin/java" ]]; then
        rm -rf "$out"
        cp -al "$jdk" "$out" 2>/dev/null || { rm -rf "$out"; cp -a "$jdk" "$out"; } \
            || die "copying $jdk failed"
        rm -rf "$out/include" "$out/man" "$out/lib/src.zip"
    fi
    build_context jre25 "$(prop image.local.jre25)" "$@"
}

# The images built from the project's own jars (mvn package); --public skips them.
readonly PROJECT_IMAGES=" echo-backend remote-engine controller "

build_images() {   # build_images REBUILD(0|1) [PUBLIC_ONLY(0|1)]
    local rebuild="$1" public_only="${2:-0}" opts=() dir name
    [[ "$rebuild" -eq 0 ]] || opts=(--no-cache)
    # The JRE first: the other images build FROM it.
    build_context jre "$(prop image.local.jre)" "${opts[@]}"
    local java25=0
    if build_jre25 "${opts[@]}"; then java25=1; fi
    for dir in "$CONTEXTS"/*/ "$REPO_ROOT"/docker/*/; do
        name="$(basename "$dir")"
        if [[ "$public_only" -eq 1 && "$PROJECT_IMAGES" == *" $name "* ]]; then continue; fi
        if [[ -f "$REPO_ROOT/docker/$name/build.sh" ]]; then
            [[ "$dir" == "$REPO_ROOT"/docker/* ]] || continue
            log "$name: docker/$name/build.sh"
            BASE_IMAGE="$(prop image.local.base)" TOXIPROXY_VERSION="$(prop toxiproxy.version)" bash "$REPO_ROOT/docker/$name/build.sh" \
                ${opts:+--rebuild} >/dev/null || die "docker/$name/build.sh failed"
        elif [[ "$dir" == "$CONTEXTS"/* && "$name" != jre && "$name" != jre25 && -f "$dir/Dockerfile" ]]; then
            build_context "$name" "$(prop "image.local.$name" "perf-suite/$name:latest")" "${opts[@]}"
        fi
    done
    # The engine again on Java 25: same context, the other runtime (the chart's java: 25).
    if [[ "$java25" -eq 1 && "$public_only" -eq 0 && -f "$CONTEXTS/remote-engine/Dockerfile" ]]; then
        build_context remote-engine "$(prop image.local.remote-engine-java25)" "${opts[@]}" \
            --build-arg "BASE_IMAGE=$(prop image.local.jre25)"
    fi
}
