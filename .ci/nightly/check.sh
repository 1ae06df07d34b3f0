#!/usr/bin/env bash
# CI check of the nightly job without Jenkins: the scripts parse, every script the Jenkinsfile
# calls exists, and smoke.sh then full-scale.sh (both at smoke scale on one small gateway row)
# write JTL, summaries, verdict, trend chart and a history whose second run has a baseline.
# Then the regression sensitivity sweep runs with its assertion.
# Assumes the project is built (CI ran mvn verify before). About 3-4 minutes.
set -euo pipefail
cd "$(dirname "$0")/../.."
fail() { echo "FAIL: $*" >&2; exit 1; }

echo "==> scripts parse"
for script in .ci/nightly/*.sh; do
  bash -n "$script" || fail "$script does not parse"
done
command -v shellcheck > /dev/null \
  || fail "shellcheck is not installed (apt-get install shellcheck; .ci/run installs it)"
shellcheck -x -P .ci/nightly -S warning .ci/nightly/*.sh

echo "==> every script the Jenkinsfile calls exists and is executable"
called=$(grep -o "\.ci/nightly/[a-z-]*\.sh" Jenkinsfile | sort -u)
[ -n "$called" ] || fail "the Jenkinsfile calls no .ci/nightly script"
for script in $called; do
  [ -x "$script" ] || fail "the Jenkinsfile calls $script, which is missing or not executable"
done
for stage in "Build and unit tests" "Smoke" "Full scale"; do
  grep -q "stage('$stage')" Jenkinsfile || fail "the Jenkinsfile has no stage '$stage'"
done
for step in "cron(" "junit " "allure " "archiveArtifacts" "copyArtifacts" "withCredentials"; do
  grep -qF "$step" Jenkinsfile || fail "the Jenkinsfile has no $step"
done

history=target/nightly-check/history
rm -rf target/nightly-check target/nightly
export NIGHTLY_HISTORY_DIR=$history NIGHTLY_GROUPS=wso2
tiny=(-Dperf.wso2.users=2 -Dperf.wso2.sizes=50)

echo "==> smoke.sh"
.ci/nightly/smoke.sh "${tiny[@]}"
echo "==> full-scale.sh at smoke scale (NIGHTLY_PROFILE=smoke)"
NIGHTLY_PROFILE=smoke NIGHTLY_REGRESSION=warn .ci/nightly/full-scale.sh "${tiny[@]}"

echo "==> outputs"
for stage in smoke full-scale; do
  ls target/nightly/$stage/failsafe-reports/*.xml > /dev/null 2>&1 \
    || fail "no test reports kept for stage $stage"
  ls target/nightly/$stage/allure-results/*-result.json > /dev/null 2>&1 \
    || fail "no Allure results for stage $stage (the Jenkinsfile's allure step reads them)"
  runs=$(find "target/nightly/$stage/perf-results" -name results.jtl -printf '%h\n' | sort)
  [ -n "$runs" ] || fail "stage $stage wrote no JTL"
  for run in $runs; do
    for file in summary.csv run.properties regression.md regression.html trend.png; do
      [ -s "$run/$file" ] || fail "$run/$file is missing or empty"
    done
  done
done
files=$(find "$history" -name '*.csv' | sort)
[ -n "$files" ] || fail "no history written under $history"
for file in $files; do
  runs=$(tail -n +2 "$file" | cut -d, -f1 | sort -u | wc -l)
  [ "$runs" -eq 2 ] || fail "$file holds $runs runs, expected 2 (smoke.sh and full-scale.sh)"
done
verdict=$(find target/nightly/full-scale/perf-results -name regression.md | sort | sed -n 1p)
grep -q "| Label | Metric | Baseline | Current |" "$verdict" \
  || fail "the second run has no verdict table against the first: $(cat "$verdict")"

echo "==> regression sensitivity sweep (RegressionVerdictIT, about 2 minutes)"
# 3 base runs at 5 ms, then 8 ms and 10 ms against them: asserts that 5 -> 10 ms is caught with
# the run-to-run rule of 3 previous runs in force; 5 -> 8 ms is printed (docs/nightly.md "How sensitive").
mvn -B -ntp -q verify -Dhistory.sweep=true \
  -Dit.test='RegressionVerdictIT#shouldCatchTheLargestSweptRegressionWhenJudgedAgainstThreeBaselines' \
  -Dtest=none -Dsurefire.failIfNoSpecifiedTests=false -Dfailsafe.failIfNoSpecifiedTests=false \
  || fail "the sensitivity sweep did not catch 5 -> 10 ms against 3 base runs"
echo "nightly check passed: $(echo "$files" | wc -l) scenario history file(s), verdict in $verdict"
