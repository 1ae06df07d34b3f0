#!/usr/bin/env bash
# A team's own perf project, from the outside (issue 32; docs/your-project.md): installs the
# library and the archetype into the local Maven repository, generates a project into a temporary
# folder, checks that nothing in it points back into this repository, and runs its scenario with
# `mvn verify -Pperf` on embedded backends (no Docker).
#
# Reuses target/perf-suite-<version>.jar when it is newer than every source and the POM (after
# .ci/run's `mvn verify`); otherwise builds it. Keeps the generated project with
# GENERATED_PROJECT_KEEP=1 (its path is printed).
set -euo pipefail
cd "$(dirname "$0")/.."
repo=$(pwd -P)
MVN=(mvn -B -ntp)
# Each phase prints the seconds since the start: CI's budget is tight (docs/your-project.md).
phase() { printf -- '--- [%3ds] %s\n' "$SECONDS" "$*"; }
SECONDS=0

version=$(sed -n 's:^  <version>\(.*\)</version>$:\1:p' pom.xml | head -1)
archetype_version=$(sed -n 's:^  <version>\(.*\)</version>$:\1:p' archetype/pom.xml | head -1)
if [ "$version" != "$archetype_version" ]; then
  echo "FAIL: archetype/pom.xml is $archetype_version, the library is $version: give both one version" >&2
  exit 1
fi

work=$(mktemp -d "${TMPDIR:-/tmp}/perf-suite-generated.XXXXXX")
if [ "${GENERATED_PROJECT_KEEP:-0}" = 1 ]; then
  echo "generated project kept under $work"
else
  trap 'rm -rf "$work"' EXIT
fi

phase "library dev.perfsuite:perf-suite:$version into the local repository"
jar="target/perf-suite-$version.jar"
if [ -f "$jar" ] && [ -z "$(find pom.xml src/main -newer "$jar" -print -quit)" ]; then
  # The jar .ci/run's build made, with this POM: no second build.
  (cd "$work" && "${MVN[@]}" -q install:install-file -Dfile="$repo/$jar" -DpomFile="$repo/pom.xml") \
    > "$work/library-install.log" 2>&1 || { tail -40 "$work/library-install.log"; exit 1; }
  echo "installed the built $jar"
else
  "${MVN[@]}" -q install -DskipTests -Dcheckstyle.skip > "$work/library-install.log" 2>&1 \
    || { tail -40 "$work/library-install.log"; exit 1; }
  echo "built and installed $jar"
fi

phase "archetype dev.perfsuite:perf-suite-archetype:$version"
"${MVN[@]}" -q -f archetype/pom.xml install > "$work/archetype-install.log" 2>&1 \
  || { tail -40 "$work/archetype-install.log"; exit 1; }

phase "generate orders-perf into $work"
archetype_plugin=$(sed -n 's:^ *<archetype.version>\(.*\)</archetype.version>$:\1:p' archetype/pom.xml)
(cd "$work" && "${MVN[@]}" -q "org.apache.maven.plugins:maven-archetype-plugin:$archetype_plugin:generate" \
  -DinteractiveMode=false -DarchetypeGroupId=dev.perfsuite \
  -DarchetypeArtifactId=perf-suite-archetype -DarchetypeVersion="$version" \
  -DgroupId=com.example.orders -DartifactId=orders-perf -Dversion=1.0.0-SNAPSHOT \
  -Dpackage=com.example.orders.perf -DserviceName=orders) > "$work/generate.log" 2>&1 \
  || { tail -40 "$work/generate.log"; exit 1; }
project="$work/orders-perf"
find "$project" -type f | sed "s:^$project/:  :" | sort

phase "the generated project stands alone"
# No path into this checkout, no parent or system-scoped jar, no Velocity left unfilled.
if grep -rnIE -e "$repo" -e '\.\./' -e '<relativePath>|<parent>|systemPath|file:/' \
    -e '\$\{(package|serviceName|perfSuiteVersion|groupId|artifactId)\}' "$project"; then
  echo "FAIL: the generated project reaches outside itself or kept a template variable (above)" >&2
  exit 1
fi
grep -q "<version>$version</version>\|<perf-suite.version>$version</perf-suite.version>" \
  "$project/pom.xml" || { echo "FAIL: the generated pom does not pin perf-suite $version" >&2; exit 1; }
echo "no path into $repo, perf-suite $version pinned"

phase "mvn verify -Pperf in the generated project (embedded backends)"
log="$work/verify.log"
(cd "$project" && PERF_BACKENDS=embedded "${MVN[@]}" verify -Pperf) > "$log" 2>&1 \
  || { tail -80 "$log"; echo "FAIL: the generated project's scenario did not pass" >&2; exit 1; }
grep -E "Tests run: 1, Failures: 0, Errors: 0, Skipped: 0" "$log" | tail -1
for expected in "$project/target/perf-results/first-scenario/verdict.json" \
    "$project/target/perf-results/first-scenario/summary.md"; do
  [ -s "$expected" ] || { echo "FAIL: no ${expected#"$project"/}" >&2; tail -60 "$log"; exit 1; }
done
grep -m1 -i "embedded" "$log" || true
sed -n '1,12p' "$project/target/perf-results/first-scenario/summary.md"
phase "the generated project's scenario passed"
