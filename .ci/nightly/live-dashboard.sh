#!/usr/bin/env bash
# Nightly stage "Live dashboard": Debian's Prometheus (installed here when missing) scrapes, every
# second on loopback, a distributed run on two engines in network namespaces (.ci/netns-hosts.sh;
# needs root, ip and iptables, else that variant is skipped) and a local run; every panel of
# docs/dashboards/perf-suite.json must return data and histogram_quantile(0.99) of the service and
# response series must lie within one bucket of the suite's exact p99s (PrometheusDashboardIT, in a
# JVM of its own: RMI's callback address must be found towards the namespaces). About 30-40 s of test,
# 46-69 s with Maven; .ci/run runs it too, after the nightly check.
# Usage: .ci/nightly/live-dashboard.sh [extra mvn args]
# shellcheck source=lib.sh
source "$(dirname "$0")/lib.sh"
step "live dashboard: Prometheus scrapes a distributed and a local run (PrometheusDashboardIT)"
if ! command -v prometheus > /dev/null; then
  { DEBIAN_FRONTEND=noninteractive apt-get install -y -q prometheus \
      || { apt-get update -q && DEBIAN_FRONTEND=noninteractive apt-get install -y -q prometheus; }; } \
    > target/prometheus-install.log 2>&1 || { tail -20 target/prometheus-install.log; exit 1; }
fi
prometheus --version 2>&1 | sed -n 1p
"${MVN[@]}" verify "${SKIP_UNIT[@]}" -Dit.test=PrometheusDashboardIT -Dit.excludedGroups=perf "$@"
