package dev.perfsuite.controller;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;

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
}
