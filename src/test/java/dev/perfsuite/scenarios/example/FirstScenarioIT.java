package dev.perfsuite.scenarios.example;

import static dev.perfsuite.Perf.JSON;
import static dev.perfsuite.Perf.overall;
import static dev.perfsuite.Perf.plan;
import static us.abstracta.jmeter.javadsl.JmeterDsl.httpSampler;
import static us.abstracta.jmeter.javadsl.JmeterDsl.responseAssertion;

import dev.perfsuite.Perf.LoadTest;
import dev.perfsuite.Perf.Scenario;
import dev.perfsuite.Perf.Session;
import java.time.Duration;

@Scenario                                     // JUnit tag "perf": run by mvn verify -Pperf
class FirstScenarioIT {

  @LoadTest
  void shouldEchoWithinSlaAtConfiguredLoad(Session perf) {
    var echo = perf.service("echo");          // a local backend, or echo.url of perf.target
    var plan = plan("first-scenario", perf.profile(),
        httpSampler("POST echo", echo + "hello")
            .post("{\"greeting\":\"hello\"}", JSON)
            .children(responseAssertion().containsSubstrings("hello")));

    var result = perf.run(plan);              // results: target/perf-results/first-scenario/

    var sla = overall()
        .samplesAtLeast(100)
        .errorPercentBelow(0.1)
        .p99Below(Duration.ofSeconds(1));
    perf.judge(sla, result).assertPassed();   // reported; a miss fails: expected vs actual
  }
}
