package dev.perfsuite.scenarios.sunbird.content;

import dev.perfsuite.engines.LoadPlan;
import dev.perfsuite.junit.PerfSession;
import dev.perfsuite.scenarios.sunbird.content.SunbirdSlas.SeedFigure;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The two mixes of seed 000 through the public API gateway, each with the ratio a run must achieve
 * and the seed table its SLA takes ({@link SunbirdSlas#mix(SunbirdMix,
 * dev.perfsuite.profiles.LoadProfile)}).
 */
enum SunbirdMix {
  /** SoakTest.jmx: the nine consumption APIs once per iteration (seed 000 §3). */
  SOAK_TEST(SunbirdSlas.SOAK_FIGURES),
  /** The production ratio, fifteen requests per iteration (seed 000 §5). */
  PRODUCTION_RATIO(SunbirdSlas.PRODUCTION_FIGURES);

  /** The seed's table for this mix. */
  final List<SeedFigure> figures;

  SunbirdMix(List<SeedFigure> figures) {
    this.figures = figures;
  }

  /** Samples per label per iteration. */
  Map<String, Integer> weights() {
    if (this == PRODUCTION_RATIO) {
      return SunbirdMixes.PRODUCTION_WEIGHTS;
    }
    Map<String, Integer> oneOfEach = new LinkedHashMap<>();
    SunbirdMixes.SOAK_LABELS.forEach(label -> oneOfEach.put(label, 1));
    return oneOfEach;
  }

  /** The plan at the configured profile, with the run's bearer token and telemetry body. */
  LoadPlan plan(PerfSession perf) {
    Path telemetry = TelemetryPayload.writeGzip(SunbirdMixes.dataDirectory(perf.config()));
    return this == PRODUCTION_RATIO
        ? SunbirdMixes.productionRatio(perf.service("sunbird"), SunbirdBearer.of(perf), telemetry,
            perf.config().profile())
        : SunbirdMixes.soakTest(perf.service("sunbird"), SunbirdBearer.of(perf), telemetry,
            perf.config().profile());
  }
}
