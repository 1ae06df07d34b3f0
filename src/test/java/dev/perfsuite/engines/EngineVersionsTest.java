package dev.perfsuite.engines;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import org.junit.jupiter.api.Test;

class EngineVersionsTest {
  private static final Map<String, String> CONTROLLER = Map.of(EngineVersions.SUITE, "1.4.0",
      EngineVersions.JMETER, "5.6.3", EngineVersions.JAVA, "17.0.15");

  @Test
  void shouldAcceptAnEngineOnAnotherJava() {
    Map<String, String> java25 = Map.of(EngineVersions.SUITE, "1.4.0", EngineVersions.JMETER,
        "5.6.3", EngineVersions.JAVA, "25.0.1");

    assertThat(EngineVersions.mismatch("10.0.0.5:1099", java25, CONTROLLER))
        .as("a Java 25 engine under a Java 17 controller").isEmpty();
  }

  @Test
  void shouldRefuseAnEngineOfAnotherSuiteVersionNamingBoth() {
    Map<String, String> older = Map.of(EngineVersions.SUITE, "1.3.0", EngineVersions.JMETER,
        "5.6.3", EngineVersions.JAVA, "17.0.15");

    assertThat(EngineVersions.mismatch("10.0.0.5:1099", older, CONTROLLER))
        .as("an engine of an older suite").get().asString()
        .contains("10.0.0.5:1099", "perf-suite 1.3.0", "(the controller: 1.4.0)", "Fix:");
  }

  @Test
  void shouldRefuseAnEngineThatDoesNotSayItsJmeterVersion() {
    Map<String, String> partial = Map.of(EngineVersions.SUITE, "1.4.0");

    assertThat(EngineVersions.mismatch("10.0.0.5:1099", partial, CONTROLLER))
        .as("an engine that names no JMeter version").get().asString()
        .contains("jmeter unknown (the controller: 5.6.3)");
  }

  @Test
  void shouldKnowThisJvmsVersions() {
    assertThat(EngineVersions.OF_THIS_JVM).as("this JVM's versions")
        .containsEntry(EngineVersions.JMETER, "5.6.3")
        .containsEntry(EngineVersions.JAVA, System.getProperty("java.version"))
        .containsKey(EngineVersions.SUITE);
  }
}
