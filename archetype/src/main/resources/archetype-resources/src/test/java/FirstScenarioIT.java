package ${package};

import static dev.perfsuite.Perf.JSON;
import static dev.perfsuite.Perf.overall;
import static dev.perfsuite.Perf.plan;
import static us.abstracta.jmeter.javadsl.JmeterDsl.httpSampler;
import static us.abstracta.jmeter.javadsl.JmeterDsl.responseAssertion;

import dev.perfsuite.Perf.LoadTest;
import dev.perfsuite.Perf.Scenario;
import dev.perfsuite.Perf.Session;
import java.time.Duration;

/**
 * The first scenario: one POST to the {@code ${serviceName}} service under the configured profile
 * (smoke by default: 4 users, 8 s hold, 2 s warm-up), judged by a loose SLA. Locally the
 * embedded echo backend stands in for the service ({@link SystemUnderTest}); with
 * {@code -Dperf.target=staging} the load goes to {@code ${serviceName}.url} of
 * {@code src/test/resources/targets/staging.properties}. Its imports are the suite's front door
 * ({@code dev.perfsuite.Perf}) and jmeter-java-dsl's {@code JmeterDsl}.
 */
@Scenario
class FirstScenarioIT {

  @LoadTest
  void shouldAnswerWithinSlaAtConfiguredLoad(Session perf) {
    var service = perf.service("${serviceName}");
    var plan = plan("first-scenario", perf.profile(),
        httpSampler("POST ${serviceName}", service + "hello")
            .post("{\"greeting\":\"hello\"}", JSON)
            .children(responseAssertion().containsSubstrings("hello")));

    var result = perf.run(plan);              // target/perf-results/first-scenario/

    var sla = overall()
        .samplesAtLeast(100)
        .errorPercentBelow(0.1)
        .p99Below(Duration.ofSeconds(1));
    perf.judge(sla, result).assertPassed();   // a miss fails the test: expected vs actual
  }
}
