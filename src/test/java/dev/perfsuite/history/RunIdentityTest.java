package dev.perfsuite.history;

import static org.assertj.core.api.Assertions.assertThat;

import dev.perfsuite.config.PerfConfig;
import java.time.Instant;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class RunIdentityTest {

  @Test
  void shouldShowBuildTimeAndShortCommitWhenDescribed() {
    RunIdentity run = new RunIdentity("r", Instant.parse("2026-11-22T03:04:59.123Z"),
        "0123456789abcdef0123", "local", "load", "embedded", Optional.of(
            new RunIdentity.JenkinsBuild("perf-nightly", "42", "https://ci/job/42/")));

    assertThat(run.describe()).as("description").isEqualTo("#42 2026-11-22 03:04Z 01234567");
  }

  @Test
  void shouldTakeCommitAndBuildFromTheEnvironmentWhenJenkinsSetsThem() {
    RunIdentity run = RunIdentity.of("r", Instant.EPOCH, PerfConfig.of(Map.of()), Map.of(
        "GIT_COMMIT", "fedcba9876543210", "BUILD_NUMBER", "7", "JOB_NAME", "perf-nightly",
        "BUILD_URL", "https://ci/job/perf-nightly/7/"));

    assertThat(run.commit()).as("commit").isEqualTo("fedcba9876543210");
    assertThat(run.build()).as("build").contains(new RunIdentity.JenkinsBuild("perf-nightly", "7",
        "https://ci/job/perf-nightly/7/"));
    assertThat(run.target()).as("target").isEqualTo("local");
    assertThat(run.engine()).as("engine").isEqualTo("embedded");
  }

  @Test
  void shouldAskGitWhenNoCommitIsInTheEnvironment() {
    RunIdentity run = RunIdentity.of("r", Instant.EPOCH, PerfConfig.of(Map.of()), Map.of());

    assertThat(run.commit()).as("commit from git rev-parse HEAD (this is a git checkout)")
        .matches("[0-9a-f]{40}");
    assertThat(run.build()).as("no Jenkins build").isEmpty();
  }

  @Test
  void shouldCompareOnlyRunsOfTheSameTargetAndProfile() {
    RunIdentity load = Records.identity("local", "load");
    assertThat(load.comparableWith(Records.identity("local", "load"))).as("same").isTrue();
    assertThat(load.comparableWith(Records.identity("local", "smoke"))).as("profile").isFalse();
    assertThat(load.comparableWith(Records.identity("staging", "load"))).as("target").isFalse();
  }
}
