package dev.perfsuite.scenarios;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.platform.engine.discovery.DiscoverySelectors.selectClass;

import dev.perfsuite.scenarios.ScenarioLauncher.ClassOutcome;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Disabled;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.platform.launcher.core.LauncherDiscoveryRequestBuilder;
import org.junit.platform.launcher.core.LauncherFactory;

class ScenarioLauncherTest {
  @TempDir
  Path dir;

  @Test
  void shouldFailTheChildRunWhenATestIsAbortedEvenIfOthersPassed() {
    assertThat(ScenarioLauncher.passed(0, 1, 5)).as("one aborted, five passed").isFalse();
    assertThat(ScenarioLauncher.passed(1, 0, 5)).as("one failed").isFalse();
    assertThat(ScenarioLauncher.passed(0, 0, 0)).as("nothing ran").isFalse();
    assertThat(ScenarioLauncher.passed(0, 0, 5)).as("all passed").isTrue();
  }

  @Test
  void shouldReportAbortedAndSkippedTestsPerClass() throws Exception {
    ScenarioLauncher.PerClass perClass = new ScenarioLauncher.PerClass();
    LauncherFactory.create().execute(LauncherDiscoveryRequestBuilder.request()
        .selectors(selectClass(Fixture.class)).build(), perClass);
    Path report = dir.resolve("report.csv");
    perClass.write(report);

    List<ClassOutcome> outcomes = ClassOutcome.read(report);
    assertThat(outcomes).as("one line for the fixture class")
        .containsExactly(new ClassOutcome(Fixture.class.getName(), 1, 0, 1, 1));
  }

  /** Run only through the launcher above (surefire skips nested classes). */
  static class Fixture {
    @Test
    void passes() {
    }

    @Test
    void isAborted() {
      Assumptions.assumeTrue(false, "backend not reachable");
    }

    @Test
    @Disabled("skipped on purpose")
    void isSkipped() {
    }
  }
}
