package dev.perfsuite.junit;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class ScenarioTestTest {

  @Test
  void shouldNameTheSystemAfterThePackageAnnotationOfTheScenarios() throws Exception {
    Class<?> matrix = Class.forName("dev.perfsuite.scenarios.wso2.GatewayEchoMatrixIT");
    Class<?> channel = Class.forName("dev.perfsuite.scenarios.sunbird.content.ChannelReadIT");

    assertThat(ScenarioTest.of(matrix).system()).as("wso2 package-info").isEqualTo("WSO2");
    assertThat(ScenarioTest.of(channel).system()).as("parent package's package-info")
        .isEqualTo("Sunbird");
    assertThat(ScenarioTest.of(channel).journey()).isEqualTo("Channel Read");
  }

  @Test
  void shouldNameTheSystemAfterThePackageSegmentWithoutAnnotation() throws Exception {
    Class<?> jmx = Class.forName("dev.perfsuite.scenarios.jmx.JmxPlansIT");

    assertThat(ScenarioTest.of(jmx).system()).isEqualTo("jmx");
    assertThat(ScenarioTest.of(ScenarioTestTest.class).system()).isEqualTo("junit");
  }

  @Test
  void shouldPreferTheClassAnnotation() {
    assertThat(ScenarioTest.of(Labelled.class).system()).isEqualTo("Shop");
  }

  @PerfSystem("Shop")
  private static final class Labelled {
  }
}
