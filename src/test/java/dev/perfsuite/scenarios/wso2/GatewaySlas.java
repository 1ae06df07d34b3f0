package dev.perfsuite.scenarios.wso2;

import dev.perfsuite.profiles.LoadProfile;
import dev.perfsuite.sla.Sla;
import java.time.Duration;

/**
 * Thresholds of the WSO2 gateway scenarios: loose but real at smoke, seed 003's figures
 * otherwise.
 */
final class GatewaySlas {
  /** Smoke and full scale alike: seed 003's worst p99 was 855 ms (1000 users x 100 KiB). */
  private static final Duration P99 = Duration.ofSeconds(1);

  private GatewaySlas() {
  }

  /**
   * One cell of the echo matrix, a payload of {@code bytes}. Smoke: no errors, a sub-second
   * tail, p95 under 500 ms. Otherwise the seed's 2-CPU figures (worst p99 855 ms, no errors):
   * p99 under 1 s, p95 under 800 ms, errors under 0.1 %, and the Little's-law self-check, which
   * needs response times well above JMeter's 1 ms resolution.
   */
  static Sla echo(int bytes, LoadProfile profile) {
    Sla label = Sla.label(GatewayJourney.label(bytes));
    if (profile.isSmoke()) {
      return Sla.overall().samplesAtLeast(20).errorPercentBelow(0.001).p99Below(P99)
          .and(label.p95Below(Duration.ofMillis(500)));
    }
    return Sla.overall().samplesAtLeast(1000).errorPercentBelow(0.1).p99Below(P99)
        .littlesLawGapWithin(10)
        .and(label.p95Below(Duration.ofMillis(800)));
  }
}
