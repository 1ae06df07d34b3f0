package dev.perfsuite.jmx;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** The converter's output in the project's style: explicit static imports, 100 columns. */
class GeneratedSourceTest {
  private static final String BODY = "{\\\"payload\\\":[" + "\\\"0123456789\\\",".repeat(30)
      + "\\\"end\\\"]}\\u00e9";

  @Test
  void shouldSplitALongStringLiteralIntoConcatenationsOfTheSameText() {
    String line = "          .post(\"" + BODY + "\", ContentType.APPLICATION_JSON)";
    String wrapped = GeneratedSource.wrap(line);
    assertThat(wrapped.lines()).as("lines").hasSizeGreaterThan(1)
        .allMatch(l -> l.length() <= GeneratedSource.WIDTH);
    String joined = wrapped.replaceAll("\"\\n\\s*\\+ \"", "");
    assertThat(joined).as("the concatenation spells the original line").isEqualTo(line);
    assertThat(wrapped).as("an escape is never cut").doesNotContain("\\\"\n")
        .doesNotContain("\\\n");
  }

  @Test
  void shouldWrapLongCommentsAndLeaveShortLinesAlone() {
    String comment = "          // " + "word ".repeat(40).trim();
    assertThat(GeneratedSource.wrap(comment).lines())
        .allMatch(l -> l.length() <= GeneratedSource.WIDTH && l.startsWith("          // "));
    assertThat(GeneratedSource.wrap("  short(\"x\");")).isEqualTo("  short(\"x\");");
  }

  @Test
  void shouldImportEachCalledStaticMethodByName() {
    String code = "testPlan(threadGroup(1, 1, httpSampler(\"a(b)\", \"http://x\")), helper())"
        + ".run()";
    Set<String> imports = GeneratedSource.staticImports(code,
        List.of("us.abstracta.jmeter.javadsl.JmeterDsl"), Set.of("helper"));
    assertThat(imports).as("no star import, nothing unused, nothing local")
        .containsExactly("us.abstracta.jmeter.javadsl.JmeterDsl.httpSampler",
            "us.abstracta.jmeter.javadsl.JmeterDsl.testPlan",
            "us.abstracta.jmeter.javadsl.JmeterDsl.threadGroup");
  }
}
