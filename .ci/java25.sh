#!/usr/bin/env bash
# Users on virtual threads, on the Java 25 JDK beside the default 17: the users
# package's tests and ITs, with perf.users.threads=virtual (the JDK's scheduler) and a JFR check
# that no user pins a carrier thread; UsersIT runs each user's own state on the HTTP client's
# event loops too (perf.users.threads=loop), LoopCarriersTest where requests leave. Compiled
# under Java 25 with release 17 (the jar stays Java 17).
set -euo pipefail
cd "$(dirname "$0")/.."

printf '\n==> Users on virtual threads on Java 25: .ci/java25.sh\n'
JDK25=${PERF_JAVA25_HOME:-/usr/lib/jvm/temurin-25-jdk-amd64}
if [ ! -x "$JDK25/bin/java" ]; then
  echo "java25: no Java 25 JDK at $JDK25 (set PERF_JAVA25_HOME)" >&2
  exit 1
fi
"$JDK25/bin/java" -version 2>&1 | sed -n 1p

JAVA_HOME=$JDK25 PERF_USERS_THREADS=virtual mvn -B -ntp verify \
  -Dtest='UserThreadFactoryTest,TimetableTest,UserThreadsTest,ThreadGroupsTest,LoopCarriersTest' \
  -Dit.test='UsersIT,VirtualUsersPinningIT,OpenModelIT' \
  -Dsurefire.failIfNoSpecifiedTests=false -Dfailsafe.failIfNoSpecifiedTests=false
# LoopCarriersTest skips itself below Java 24: here, on Java 25, none of its cases may skip.
report=target/surefire-reports/TEST-dev.perfsuite.http.LoopCarriersTest.xml
grep -q 'skipped="0"' "$report" \
  || { grep -o '<testsuite [^>]*' "$report"; echo "FAIL: LoopCarriersTest skipped cases on Java 25" >&2; exit 1; }
echo "LoopCarriersTest ran every case on Java 25"
