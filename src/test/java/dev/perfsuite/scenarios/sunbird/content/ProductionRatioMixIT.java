package dev.perfsuite.scenarios.sunbird.content;

import dev.perfsuite.junit.PerfScenario;
import dev.perfsuite.junit.PerfSession;
import dev.perfsuite.results.RunResult;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * Sunbird's APIs in the ratio seen in production (seed 000 §5): per iteration CompositeSearch 2,
 * ContentHierarchy 1, ContentRead 4, DialAssemble 1, DialSearch 1, FormRead 1, OrgSearch 1,
 * SendTelemetry 3 and TenantInfo 1, as a fixed sequence of fifteen gateway requests
 * ({@link SunbirdMixes#productionSequence()}); the run checks the achieved sample counts against
 * the ratio within {@code 2 x users} ({@link AchievedMix}).
 *
 * <p>The seed publishes the table but not its script. The requests are SoakTest.jmx's (gateway
 * paths and bodies); DialAssemble is the "DIAL Code Consumption" page assemble (PageAssemble.jmx
 * names its sampler DialAssemble); CompositeSearch is {@code POST /api/composite/v1/search} with
 * the body of the repository's composite-search.jmx, the only composite search script there is.
 *
 * <p>Smoke: the configured smoke profile against the local stubs; no errors, every label sampled
 * with p95 under 500 ms, ratio within 8 requests per label.
 *
 * <p>Full scale (any other {@code perf.profile}, used as configured): the seed ran 600 threads for
 * 58 minutes, 420,000 samples for a weight of 1 (700 loops of 15), 122.09 req/s per weight;
 * thresholds are its per-API mean, p95, p99 and throughput scaled to the configured users
 * ({@link SunbirdSlas#PRODUCTION_FIGURES}). Reproduce it with
 * {@code -Dperf.profile=load -Dperf.threads=600 -Dperf.iterations=700 -Dperf.target=NAME}, or timed
 * with {@code -Dperf.threads=600 -Dperf.hold=57m}; {@code targets/NAME.properties} sets
 * {@code sunbird.url} to the gateway and {@code keycloak.url} for the token.
 */
@PerfScenario
@Tag("sunbird")
class ProductionRatioMixIT {

  @Test
  void shouldKeepProductionRatioWithinSlaAtConfiguredLoad(PerfSession perf) {
    SunbirdMix mix = SunbirdMix.PRODUCTION_RATIO;
    RunResult result = perf.run(mix.plan(perf));

    AchievedMix.assertRatio(result, mix.weights());
    perf.judge(SunbirdSlas.mix(mix, perf.config().profile()), result).assertPassed();
  }
}
