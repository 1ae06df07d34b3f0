#!/usr/bin/env bash
# Users on virtual threads, on the Java 25 JDK beside the default 17: the users
# package's tests and ITs, with perf.users.threads=virtual (the JDK's scheduler) and a JFR check
# that no user pins a carrier thread; then the same users carried by the HTTP client's event
# loops (perf.users.threads=loop), with the client's equality and connection ITs. Compiled under
# Java 25 with release 17 (the jar stays Java 17).
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
  -Dtest='UserThreadFactoryTest,TimetableTest,UserThreadsTest,ThreadGroupsTest' \
  -Dit.test='UsersIT,VirtualUsersPinningIT,OpenModelIT' \
  -Dsurefire.failIfNoSpecifiedTests=false -Dfailsafe.failIfNoSpecifiedTests=false

printf '\n==> Users on the HTTP client event loops on Java 25 (perf.users.threads=loop)\n'
JAVA_HOME=$JDK25 PERF_USERS_THREADS=loop mvn -B -ntp verify -Dcheckstyle.skip \
  -Dtest='LoopCarriersTest,UserThreadFactoryTest' \
  -Dit.test='UsersIT,VirtualUsersPinningIT,HttpClientEqualityIT,ConnectionModesIT' \
  -Dsurefire.failIfNoSpecifiedTests=false -Dfailsafe.failIfNoSpecifiedTests=false
