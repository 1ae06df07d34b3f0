package dev.perfsuite.architecture;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * Every warning of the main code goes through the suite's loggers, so that {@code perf.log}
 * governs it (docs/architecture.md, "Warnings"): a warning built by hand with a
 * {@code "WARNING"} prefix and printed on {@code System.out} or {@code System.err} would escape it.
 */
class WarningsTest {
  /** A print whose arguments, up to the end of the statement, hold a WARNING literal. */
  private static final Pattern PRINTED_WARNING = Pattern.compile(
      "System\\.(out|err)\\.(print|println|printf|format)\\([^;]*\"[^\"]*WARNING");
  /** A string literal that starts with WARNING: a warning's prefix written by hand. */
  private static final Pattern WARNING_LITERAL = Pattern.compile("\"WARNING");

  @Test
  void shouldPrintNoWarningByHand() {
    assertThat(OneHelperPerJobTest.sources(List.of(OneHelperPerJobTest.MAIN),
        text -> PRINTED_WARNING.matcher(text).find()))
        .as("main sources printing a WARNING line on System.out/err").isEmpty();
  }

  @Test
  void shouldBuildNoWarningPrefixByHandInMainCode() {
    // The one literal left marks a JMX plan's notes the user must act on (reports show the
    // mark; JmxRun logs such a note as a warning, without it).
    assertThat(OneHelperPerJobTest.sources(List.of(OneHelperPerJobTest.MAIN),
        text -> WARNING_LITERAL.matcher(text).find()))
        .as("main sources with a string starting with WARNING")
        .containsExactly("dev/perfsuite/jmx/ImportedPlan.java");
  }
}
