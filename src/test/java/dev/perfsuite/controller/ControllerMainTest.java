package dev.perfsuite.controller;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The controller entry point's options: what runs, where results go, and what it refuses. */
class ControllerMainTest {

  @Test
  void shouldSelectClassesAndPackagesRepeatedOrCommaSeparated() {
    ControllerMain.Selection selection = ControllerMain.Selection.parse("--scenario", "a.B,a.C",
        "--scenario", "d.E", "--package", "f.g", "--results", "/results");

    assertThat(selection.classes()).as("classes").containsExactly("a.B", "a.C", "d.E");
    assertThat(selection.packages()).as("packages").containsExactly("f.g");
    assertThat(selection.results()).as("results folder").isEqualTo(Path.of("/results"));
    assertThat(selection.selectors()).as("one JUnit selector each").hasSize(4);
  }

  @Test
  void shouldRefuseToRunNothingAndNameTheFix() {
    assertThatThrownBy(() -> ControllerMain.Selection.parse("--results", "out"))
        .hasMessageContaining("nothing to run").hasMessageContaining("--scenario CLASS");
  }

  @Test
  void shouldNameAnUnknownOptionOrAMissingValue() {
    assertThatThrownBy(() -> ControllerMain.Selection.parse("--scenarios", "a.B"))
        .hasMessageContaining("unknown option '--scenarios'");
    assertThatThrownBy(() -> ControllerMain.Selection.parse("--scenario"))
        .hasMessageContaining("--scenario needs a value");
  }

  @Test
  void shouldFailAPackageOfNoScenarioNamingItAndThePackagesNearIt(@TempDir Path dir)
      throws Exception {
    int status = ControllerMain.run(ControllerMain.Selection.parse("--package",
        "dev.perfsuite.scenarios.sunbrid", "--results", dir.toString()));

    assertThat(status).as("exit status of a selection that runs nothing").isOne();
    assertThat(Files.readString(dir.resolve(ControllerMain.SUMMARY)))
        .as("the controller's summary names the selection and what exists")
        .contains("--package dev.perfsuite.scenarios.sunbrid selects no scenario")
        .contains("Scenario packages near it: ")
        .contains("dev.perfsuite.scenarios.sunbird");
  }
}
