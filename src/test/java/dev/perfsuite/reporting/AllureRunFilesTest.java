package dev.perfsuite.reporting;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Run-level Allure files: environment and categories always, executor only under Jenkins. */
class AllureRunFilesTest {

  @Test
  void shouldWriteEnvironmentCategoriesAndJenkinsExecutor() throws IOException {
    Path dir = AllureReport.resultsDirectory();
    Files.deleteIfExists(dir.resolve("executor.json"));

    AllureReport.runLevel(Map.of("target", "local", "engine", "embedded"),
        Map.of("BUILD_NUMBER", "42", "JOB_NAME", "perf-nightly",
            "BUILD_URL", "http://jenkins.local/job/perf-nightly/42/"));

    assertThat(Files.readString(dir.resolve("environment.properties")))
        .contains("target=local", "engine=embedded");
    assertThat(Files.readString(dir.resolve("categories.json")))
        .contains("SLA breach", "Generator saturation", "Backend or infrastructure failure");
    assertThat(Files.readString(dir.resolve("executor.json"))).as("executor under Jenkins")
        .contains("\"type\": \"jenkins\"", "\"buildOrder\": 42",
            "\"buildName\": \"perf-nightly #42\"");
  }

  @Test
  void shouldWriteNoExecutorOutsideJenkins() throws IOException {
    Path dir = AllureReport.resultsDirectory();
    Files.deleteIfExists(dir.resolve("executor.json"));

    AllureReport.runLevel(Map.of("target", "local"), Map.of("HOME", "/root"));

    assertThat(dir.resolve("executor.json")).doesNotExist();
  }
}
