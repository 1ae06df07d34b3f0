# shellcheck shell=bash
# The base image: a minimal Debian root file system (debootstrap --variant=minbase) turned into an
# image by `docker import`, since no registry is reachable. Built only when missing. The mirror is
# the one this machine's apt already uses. Sourced by .ci/docker-setup.sh.

readonly SUITE=bookworm

# The first URI this machine's apt configuration (one-line .list or deb822 .sources) gives for SUITE.
apt_mirror() {
    local f
    for f in /etc/apt/sources.list /etc/apt/sources.list.d/*.list /etc/apt/sources.list.d/*.sources; do
        [[ -f "$f" ]] || continue
        if [[ "$f" == *.sources ]]; then
            awk -v s="$1" 'BEGIN { RS = ""; FS = "\n" }
                /(^|\n)Types:[^\n]*deb([ \t\n]|$)/ && !/(^|\n)Enabled: *no/ {
                    uri = ""; ok = 0
                    for (i = 1; i <= NF; i++) {
                        n = split($i, w, /[ \t]+/)
                        if (w[1] == "URIs:") uri = w[2]
                        if (w[1] == "Suites:") for (j = 2; j <= n; j++) if (w[j] == s) ok = 1
                    }
                    if (ok && uri != "") print uri
                }' "$f"
        else
            awk -v s="$1" '$1 == "deb" { sub(/\[[^]]*\] */, ""); if ($3 == s) print $2 }' "$f"
        fi
    done | head -n 1
}

build_base_image() {   # build_base_image TAG
    if docker image inspect "$1" >/dev/null 2>&1; then
        log "$1: present"
        return
    fi
    need_root "debootstrap"
    local mirror security work
    mirror="${PERF_SUITE_DEBIAN_MIRROR:-$(apt_mirror "$SUITE")}"
    [[ -n "$mirror" ]] || die "no deb line for $SUITE in /etc/apt/sources.list{,.d/*}; set PERF_SUITE_DEBIAN_MIRROR"
    security="$(apt_mirror "$SUITE-security")"
    work="$(mktemp -d /var/tmp/perf-suite-rootfs.XXXXXX)"
    log "$1: debootstrap --variant=minbase $SUITE from $mirror (about a minute)"
    debootstrap --variant=minbase "$SUITE" "$work/rootfs" "$mirror" >"$work/debootstrap.log" 2>&1 \
        || { tail -n 30 "$work/debootstrap.log" >&2; die "debootstrap failed (log: $work/debootstrap.log)"; }
    local r="$work/rootfs"
    {
        echo "deb $mirror $SUITE main"
        echo "deb $mirror $SUITE-updates main"
        [[ -z "$security" ]] || echo "deb $security $SUITE-security main"
    } >"$r/etc/apt/sources.list"
    # Not this host's identity or caches.
    : >"$r/etc/resolv.conf"
    : >"$r/etc/hostname"
    rm -rf "$r"/var/lib/apt/lists/* "$r"/var/cache/apt/archives/*.deb "$r"/var/cache/apt/*.bin "$r"/tmp/*
    tar --numeric-owner -C "$r" -c . | docker import --change 'CMD ["bash"]' \
        --change 'ENV LANG=C.UTF-8' --message "debootstrap $SUITE $mirror" - "$1" >/dev/null
    # debootstrap leaves /proc and friends mounted when it fails half-way; never delete through them.
    if ! grep -q " $work/" /proc/mounts; then rm -rf --one-file-system "$work"; fi
    log "$1: imported"
}
