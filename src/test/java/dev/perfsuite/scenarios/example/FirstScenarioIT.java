package dev.perfsuite.scenarios.example;

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
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * The README's first scenario, compiled and run in the main job so the snippet cannot rot: the
 * lines between the markers are the README's Java block, character for character
 * ({@code ReadmeTest} fails when they differ). One POST against the generic echo backend under
 * the configured profile (smoke: 4 users, 8 s hold, 2 s warm-up), judged by a loose smoke SLA.
 */
// README first scenario: begin
@PerfScenario                       // JUnit tag "perf": run by mvn verify -Pperf
@Tag("example")
class FirstScenarioIT {

  @Test
  void shouldEchoWithinSlaAtConfiguredLoad(PerfSession perf) {
    URI echo = perf.service("echo");          // a local backend, or echo.url of perf.target
    LoadPlan plan = LoadPlan.of("first-scenario", perf.config().profile(),
        httpSampler("POST echo", echo + "hello")
            .post("{\"greeting\":\"hello\"}", ContentType.APPLICATION_JSON)
            .children(responseAssertion().containsSubstrings("hello")));

    RunResult result = perf.run(plan);        // results: target/perf-results/first-scenario/

    Sla sla = Sla.overall()
        .samplesAtLeast(100)
        .errorPercentBelow(0.1)
        .p99Below(Duration.ofSeconds(1));
    perf.judge(sla, result).assertPassed();   // reported; a miss fails: expected vs actual
  }
}
// README first scenario: end
