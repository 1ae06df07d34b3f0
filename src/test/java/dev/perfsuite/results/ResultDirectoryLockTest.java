package dev.perfsuite.results;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A run directory is taken by one run at a time, given back when the run ends. */
class ResultDirectoryLockTest {
  @TempDir
  Path dir;

  @Test
  void shouldRefuseASecondRunOfTheScenarioUntilTheFirstEnds() {
    try (ResultDirectory.Lock first = ResultDirectory.lock(dir, "echo")) {
      assertThatThrownBy(() -> ResultDirectory.lock(dir, "echo"))
          .as("the same scenario on the same results directory")
          .isInstanceOf(IllegalStateException.class)
          .hasMessageContaining(dir.resolve("echo") + " is in use by another run in this JVM")
          .hasMessageContaining("perf.results-dir=" + dir)
          .hasMessageContaining("Fix: ");
      try (ResultDirectory.Lock other = ResultDirectory.lock(dir, "checkout")) {
        assertThat(other).as("another scenario beside it").isNotNull();
      }
    }
    try (ResultDirectory.Lock again = ResultDirectory.lock(dir, "echo")) {
      assertThat(again).as("the scenario once the first run ended").isNotNull();
    }
  }
}
