package dev.perfsuite.scenarios.sunbird.content;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Collections;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The production-ratio sequence keeps the seed's ratio in every iteration and every prefix. */
class SunbirdMixesTest {

  @Test
  void shouldHoldEveryApiExactlyItsWeightPerIteration() {
    List<String> sequence = SunbirdMixes.productionSequence();

    assertThat(sequence).as("seed 000 §5: 15 requests per iteration").hasSize(15);
    SunbirdMixes.PRODUCTION_WEIGHTS.forEach((label, weight) ->
        assertThat(Collections.frequency(sequence, label)).as(label).isEqualTo(weight));
  }

  @Test
  void shouldStayWithinOneRequestOfTheRatioAfterAnyPrefixWhenIterationIsCut() {
    List<String> sequence = SunbirdMixes.productionSequence();
    for (int n = 0; n <= sequence.size(); n++) {
      List<String> prefix = sequence.subList(0, n);
      for (Map.Entry<String, Integer> weight : SunbirdMixes.PRODUCTION_WEIGHTS.entrySet()) {
        double deviation = Collections.frequency(prefix, weight.getKey())
            - n * weight.getValue() / 15.0;
        assertThat(Math.abs(deviation)).as("%s after %d requests", weight.getKey(), n)
            .isLessThan(1.0);
      }
    }
  }

  @Test
  void shouldSpreadContentReadsAcrossTheIteration() {
    assertThat(SunbirdMixes.productionSequence()).as("smooth weighted round-robin order")
        .containsExactly("ContentRead", "SendTelemetry", "CompositeSearch", "ContentHierarchy",
            "ContentRead", "DialAssemble", "DialSearch", "SendTelemetry", "FormRead",
            "ContentRead", "OrgSearch", "TenantInfo", "CompositeSearch", "SendTelemetry",
            "ContentRead");
  }

  @Test
  void shouldRunSoakTestSamplersInReferenceOrder() {
    assertThat(SunbirdMixes.SOAK_LABELS).as("SoakTest.jmx").containsExactly("ContentHierarchy",
        "ContentRead", "DialSearch", "FormRead", "OrgSearch", "DeviceRegister", "SendTelemetry",
        "PageAssemble", "TenantInfo");
  }
}
