#!/usr/bin/env bash
# A consumer's class path equals this build's: installs the jar with its published (flattened)
# POM, resolves a throw-away project that depends on nothing but dev.perfsuite:perf-suite, and
# fails on any compile or runtime artifact whose version differs from what this repository
# resolves, or that only one side has. A consumer does not inherit dependencyManagement, so a
# managed version the published POM forgot (Jackson, commons-io, Netty) shows up here.
#
#   .ci/consumer-classpath.sh      after `mvn verify` or `mvn package` (needs target/*.jar and
#                                  target/flattened-pom.xml)
#
# It runs on a Maven local repository that starts empty (CONSUMER_REPO, default
# target/consumer-m2, removed first): every plugin and POM it needs is resolved here, online, so a
# plugin that only an earlier step (or a developer's old ~/.m2) had fetched cannot hide. The jar
# goes into that repository, not into ~/.m2. POMs only, no jars but the plugins': about a minute
# on a fresh machine.
set -euo pipefail

cd "$(dirname "$0")/.."
readonly POM=target/flattened-pom.xml
t0=$SECONDS
die() { echo "consumer-classpath: FAIL: $*" >&2; exit 1; }

[[ -f "$POM" ]] || die "$POM missing: run 'mvn package -DskipTests' first"
version="$(sed -n 's:^  <version>\(.*\)</version>$:\1:p' "$POM" | head -n 1)"
plugin="$(sed -n 's:.*<dependency-plugin.version>\(.*\)</dependency-plugin.version>.*:\1:p' pom.xml)"
jar="target/perf-suite-$version.jar"
[[ -n "$version" && -n "$plugin" ]] || die "cannot read the version or dependency-plugin.version"
[[ -f "$jar" ]] || die "$jar missing: run 'mvn package -DskipTests' first"

work="$(mktemp -d /tmp/perf-suite-consumer.XXXXXX)"
trap 'rm -rf "$work"' EXIT
# Copies of the inputs, so that a build beside this one (CI runs it in the background while the
# next step rebuilds target/) cannot change them under it; CONSUMER_READY, if set, is touched once
# they are taken.
cp "$jar" "$work/perf-suite.jar"
cp "$POM" "$work/published-pom.xml"
jar="$work/perf-suite.jar"
if [[ -n "${CONSUMER_READY:-}" ]]; then touch "$CONSUMER_READY"; fi
repo_local="${CONSUMER_REPO:-$PWD/target/consumer-m2}"
rm -rf "$repo_local"
MVN=(mvn -B -ntp -q "-Dmaven.repo.local=$repo_local")
TREE="org.apache.maven.plugins:maven-dependency-plugin:$plugin:tree"

# What a consumer's `mvn install` or a registry would give it: the jar and the flattened POM.
"${MVN[@]}" install:install-file -Dfile="$jar" -DpomFile="$work/published-pom.xml" >"$work/install.log" 2>&1 \
  || { cat "$work/install.log" >&2; die "install:install-file failed"; }

cat >"$work/pom.xml" <<EOF
<project xmlns="http://maven.apache.org/POM/4.0.0">
  <modelVersion>4.0.0</modelVersion>
  <groupId>example</groupId>
  <artifactId>consumer</artifactId>
  <version>1</version>
  <dependencies>
    <dependency>
      <groupId>dev.perfsuite</groupId>
      <artifactId>perf-suite</artifactId>
      <version>$version</version>
    </dependency>
  </dependencies>
</project>
EOF

# "group:artifact:type[:classifier] version scope" per resolved node of SCOPE's tree.
# dependency:tree, not :list: it reads POMs only, so a difference shows even where a jar of the
# wrong version was never downloaded.
tree() {   # tree POM_DIR SCOPE OUT
  "${MVN[@]}" -f "$1/pom.xml" "$TREE" -Dscope="$2" -DoutputFile="$3.raw" >"$3.log" 2>&1 \
    || { cat "$3.log" >&2; die "dependency:tree failed in $1"; }
  sed 's/^[|+\\ -]*//' "$3.raw" | awk 'NR > 1 && NF {
         n = split($1, p, ":")
         key = p[1] ":" p[2] ":" p[3]; for (i = 4; i < n - 1; i++) key = key ":" p[i]
         print key, p[n - 1], p[n]
       }' | grep -v '^dev\.perfsuite:perf-suite:' | sort -u >"$3"
}
tree . test "$work/repo"
tree "$work" runtime "$work/consumer"

# Expected: this build's version of every artifact its compile/runtime tree has or the consumer
# got. The second set matters where a test-scope declaration here (a newer version for the tests)
# hides a runtime dependency the consumer still receives, in the version its parent asked for.
awk '$3 != "test" { print $1 }' "$work/repo" >"$work/keys"
awk '{ print $1 }' "$work/consumer" >>"$work/keys"
awk 'NR == FNR { want[$1]; next } $1 in want { print $1, $2 }' "$work/keys" "$work/repo" \
  | sort -u >"$work/expected"
awk '{ print $1, $2 }' "$work/consumer" | sort -u >"$work/got"
repo_count=$(wc -l <"$work/expected")
[[ "$repo_count" -gt 50 ]] || die "only $repo_count artifacts listed for this repository: parsing broke"
if ! diff -u --label "this repository ($repo_count artifacts)" --label "a consumer of perf-suite $version" \
    "$work/expected" "$work/got" >"$work/diff"; then
  cat "$work/diff" >&2
  die "a consumer resolves other versions than this repository (- here, + the consumer). Fix: declare each
differing artifact as a direct dependency in pom.xml (a consumer ignores this pom's dependencyManagement)"
fi
echo "consumer-classpath: a consumer of perf-suite $version resolves the same $repo_count compile and runtime artifacts as this repository ($((SECONDS - t0)) s, from an empty local repository)"
