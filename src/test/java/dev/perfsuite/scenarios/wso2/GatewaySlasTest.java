package dev.perfsuite.scenarios.wso2;

import static org.assertj.core.api.Assertions.assertThat;

import dev.perfsuite.profiles.Profiles;
import dev.perfsuite.scenarios.SlaFixtures;
import dev.perfsuite.sla.Metric;
import dev.perfsuite.sla.Sla;
import dev.perfsuite.sla.Threshold;
import org.junit.jupiter.api.Test;

/** The gateway SLA: local bounds at smoke, seed 003's 2-CPU figures at any other profile. */
class GatewaySlasTest {

  @Test
  void shouldDecideOnEveryThresholdAtSmokeAndAtTheMatrixProfile() {
    for (int bytes : new int[] {50, 1024, 10240, 102400}) {
      SlaFixtures.assertEveryThresholdDecides(GatewaySlas.echo(bytes, Profiles.smoke()),
          bytes + " B at smoke");
      SlaFixtures.assertEveryThresholdDecides(GatewaySlas.echo(bytes, Profiles.load()),
          bytes + " B at load");
    }
  }

  @Test
  void shouldFailWhenP99AboveOneSecond() {
    Sla sla = GatewaySlas.echo(1024, Profiles.load());
    Threshold p99 = new Threshold("TOTAL", Metric.P99, 1000);

    assertThat(sla.thresholds()).as("seed 003 at full scale").containsExactly(
        new Threshold("TOTAL", Metric.SAMPLES, 1000),
        new Threshold("TOTAL", Metric.ERROR_PERCENT, 0.1), p99,
        new Threshold("TOTAL", Metric.LITTLES_LAW_GAP, 10),
        new Threshold(GatewayJourney.label(1024), Metric.P95, 800));
    assertThat(sla.evaluate(SlaFixtures.missing(sla, p99)).passed())
        .as("p99 above 1 s at full scale").isFalse();
  }

  @Test
  void shouldDemandNoErrorsAndAHalfSecondP95AtSmoke() {
    assertThat(GatewaySlas.echo(50, Profiles.smoke()).thresholds()).as("smoke").containsExactly(
        new Threshold("TOTAL", Metric.SAMPLES, 20),
        new Threshold("TOTAL", Metric.ERROR_PERCENT, 0.001),
        new Threshold("TOTAL", Metric.P99, 1000),
        new Threshold(GatewayJourney.label(50), Metric.P95, 500));
  }
}
