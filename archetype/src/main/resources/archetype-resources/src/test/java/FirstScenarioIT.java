package ${package};

import static us.abstracta.jmeter.javadsl.JmeterDsl.httpSampler;
import static us.abstracta.jmeter.javadsl.JmeterDsl.responseAssertion;

import dev.perfsuite.engines.LoadPlan;
import dev.perfsuite.junit.PerfScenario;
import dev.perfsuite.junit.PerfSession;
import dev.perfsuite.results.RunResult;
import dev.perfsuite.sla.Sla;
import java.net.URI;
import java.time.Duration;
import org.apache.http.entity.ContentType;
import org.junit.jupiter.api.Test;

/**
 * The first scenario: one POST to the {@code ${serviceName}} service under the configured profile
 * (smoke by default: 4 users, 8 s hold, 2 s warm-up), judged by a loose SLA. Locally the
 * embedded echo backend stands in for the service ({@link SystemUnderTest}); with
 * {@code -Dperf.target=staging} the load goes to {@code ${serviceName}.url} of
 * {@code src/test/resources/targets/staging.properties}.
 */
@PerfScenario
class FirstScenarioIT {

  @Test
  void shouldAnswerWithinSlaAtConfiguredLoad(PerfSession perf) {
    URI service = perf.service("${serviceName}");
    LoadPlan plan = LoadPlan.of("first-scenario", perf.config().profile(),
        httpSampler("POST ${serviceName}", service + "hello")
            .post("{\"greeting\":\"hello\"}", ContentType.APPLICATION_JSON)
            .children(responseAssertion().containsSubstrings("hello")));

    RunResult result = perf.run(plan);        // target/perf-results/first-scenario/

    Sla sla = Sla.overall()
        .samplesAtLeast(100)
        .errorPercentBelow(0.1)
        .p99Below(Duration.ofSeconds(1));
    perf.judge(sla, result).assertPassed();   // a miss fails the test: expected vs actual
  }
}
