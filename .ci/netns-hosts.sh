#!/usr/bin/env bash
# Network namespaces as hosts for the distributed tests (NetworkHostsIT): a switch namespace
# holding a bridge, one namespace per host on it, and a veth from the root namespace (where the
# controller runs) to the bridge. Every address is in the /24 given to `up`, inside namespaces
# this script created; the root namespace gets only NET.1 on its own veth. Needs root, ip and
# iptables. The bridge sits in its own namespace because br_netfilter sends bridged frames
# through the FORWARD chain of the bridge's namespace, which Docker sets to DROP in the root one.
#
#   netns-hosts.sh up PREFIX NET HOSTS    e.g. up pf123 10.213.7 3: hosts h1..h3 = NET.11..NET.13
#   netns-hosts.sh loss PREFIX HOST PROB  drop PROB (0.01 = 1 %) of packets in and out of HOST
#   netns-hosts.sh cut PREFIX HOST        drop every packet of HOST's link (a partition)
#   netns-hosts.sh mend PREFIX HOST       undo cut
#   netns-hosts.sh down PREFIX            delete every namespace and link of PREFIX (idempotent)
#   netns-hosts.sh check                  exit 0 when this machine can run the above
#   netns-hosts.sh install                CI: install iproute2 and iptables if missing, then check
set -euo pipefail

usage() { sed -n '2,16p' "$0" >&2; exit 2; }
[ $# -ge 1 ] || usage
command=$1
shift

link() { echo "$1$2"; }

case "$command" in
  check)
    [ "$(id -u)" = 0 ] || { echo "not root" >&2; exit 1; }
    command -v ip > /dev/null || { echo "no ip (apt-get install iproute2)" >&2; exit 1; }
    command -v iptables > /dev/null || { echo "no iptables (apt-get install iptables)" >&2; exit 1; }
    probe="pfchk$$"
    trap 'ip netns del "$probe" 2> /dev/null || true' EXIT
    ip netns add "$probe"
    ip netns exec "$probe" iptables -A INPUT -m statistic --mode random --probability 0.01 \
      -j DROP
    ;;
  install)
    for tool in ip:iproute2 iptables:iptables; do
      if ! command -v "${tool%%:*}" > /dev/null; then
        { DEBIAN_FRONTEND=noninteractive apt-get install -y -q "${tool#*:}" \
            || { apt-get update -q && DEBIAN_FRONTEND=noninteractive apt-get install -y -q \
              "${tool#*:}"; }; } > /tmp/netns-apt.log 2>&1 \
          || { tail -20 /tmp/netns-apt.log; exit 1; }
      fi
    done
    "$0" check
    echo "network namespaces, veth, bridge and iptables statistic: available (NetworkHostsIT)"
    ;;
  up)
    [ $# -eq 3 ] || usage
    prefix=$1 net=$2 hosts=$3
    ip netns add "$prefix-sw"
    ip -n "$prefix-sw" link set lo up
    ip -n "$prefix-sw" link add br0 type bridge
    ip -n "$prefix-sw" link set br0 up
    ip link add "$(link "$prefix" r)" type veth peer name rootport netns "$prefix-sw"
    ip -n "$prefix-sw" link set rootport master br0 up
    ip addr add "$net.1/24" dev "$(link "$prefix" r)"
    ip link set "$(link "$prefix" r)" up
    for i in $(seq 1 "$hosts"); do
      ns="$prefix-h$i"
      ip netns add "$ns"
      ip -n "$ns" link set lo up
      ip -n "$prefix-sw" link add "port$i" type veth peer name eth0 netns "$ns"
      ip -n "$prefix-sw" link set "port$i" master br0 up
      ip -n "$ns" addr add "$net.$((10 + i))/24" dev eth0
      ip -n "$ns" link set eth0 up
    done
    ;;
  loss)
    [ $# -eq 3 ] || usage
    ns="$1-$2" probability=$3
    ip netns exec "$ns" iptables -A INPUT -i eth0 -m statistic --mode random \
      --probability "$probability" -j DROP
    ip netns exec "$ns" iptables -A OUTPUT -o eth0 -m statistic --mode random \
      --probability "$probability" -j DROP
    ;;
  cut)
    [ $# -eq 2 ] || usage
    ip netns exec "$1-$2" iptables -I INPUT 1 -i eth0 -j DROP
    ip netns exec "$1-$2" iptables -I OUTPUT 1 -o eth0 -j DROP
    ;;
  mend)
    [ $# -eq 2 ] || usage
    ip netns exec "$1-$2" iptables -D INPUT -i eth0 -j DROP
    ip netns exec "$1-$2" iptables -D OUTPUT -o eth0 -j DROP
    ;;
  down)
    [ $# -eq 1 ] || usage
    prefix=$1
    for ns in $(ip netns list | awk '{print $1}'); do
      case "$ns" in
        "$prefix"-*) ip netns del "$ns" ;;
      esac
    done
    # Deleting the switch namespace removes the root veth's peer, hence the veth; in case not:
    ip link del "$(link "$prefix" r)" 2> /dev/null || true
    ;;
  *) usage ;;
esac
