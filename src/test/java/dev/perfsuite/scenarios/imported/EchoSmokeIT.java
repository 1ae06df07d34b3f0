package dev.perfsuite.scenarios.imported;

import static us.abstracta.jmeter.javadsl.JmeterDsl.constantTimer;
import static us.abstracta.jmeter.javadsl.JmeterDsl.httpCache;
import static us.abstracta.jmeter.javadsl.JmeterDsl.httpCookies;
import static us.abstracta.jmeter.javadsl.JmeterDsl.httpDefaults;
import static us.abstracta.jmeter.javadsl.JmeterDsl.httpSampler;
import static us.abstracta.jmeter.javadsl.JmeterDsl.responseAssertion;
import static us.abstracta.jmeter.javadsl.JmeterDsl.testPlan;
import static us.abstracta.jmeter.javadsl.JmeterDsl.threadGroup;

import dev.perfsuite.jmx.ImportedPlan;
import dev.perfsuite.jmx.JmxPlans;
import dev.perfsuite.junit.PerfScenario;
import dev.perfsuite.junit.PerfSession;
import dev.perfsuite.results.RunResult;
import dev.perfsuite.sla.Sla;
import java.time.Duration;
import org.apache.jmeter.protocol.http.util.HTTPConstants;
import org.junit.jupiter.api.Test;
import us.abstracta.jmeter.javadsl.core.DslTestPlan;

/**
 * Converted by jmx2java (jmeter-java-dsl's DslCodeGenerator) from
 * {@code src/test/resources/jmx/echo-smoke.jmx}.
 * Review the plan, then tighten the SLA stub.
 *
 * <p>Conversion note: thread group 'Echo users': hold = duration ${__P(echo.seconds,8)} - ramp-up 1
 * (JMeter's duration includes the ramp-up)
 */
@PerfScenario
class EchoSmokeIT {
  // Not "echo-smoke": JmxPlansIT runs the JMX itself under that name in the same main job, and
  // the two runs must not share a results directory or a history.
  static final String SCENARIO = "echo-smoke-java";

  @Test
  void shouldMeetItsSla(PerfSession perf) {
    ImportedPlan imported = importedPlan(perf);
    // Its plugin functions and perf.jmx.classpath jars are JMeter's within this call only.
    RunResult result = imported.withClassLoader(() -> perf.run(imported.plan()));
    perf.judge(sla(), result).assertPassed();
  }

  /**
   * The plan below as the suite runs it: its own thread groups, or the configured profile
   * with {@code -Dperf.jmx.load=profile}; warm-up from {@code perf.warm-up}.
   */
  static ImportedPlan importedPlan(PerfSession perf) {
    return JmxPlans.fromDsl(SCENARIO, dslPlan(), perf);
  }

  /** SLA stub: every label measured and no errors; add percentiles and throughput per label. */
  static Sla sla() {
    return Sla.overall().errorPercentBelow(1.0)
        .and(Sla.label("POST echo").samplesAtLeast(1));
  }

  /** The plan as jmeter-java-dsl's code generator wrote it. */
  static DslTestPlan dslPlan() {
    return testPlan()
      .tearDownOnlyAfterMainThreadsDone()
      .children(
        httpDefaults()
          .url("http://${__P(gateway.host,127.0.0.1)}:${__P(gateway.port)}")
          .followRedirects(false),
        httpCache()
          .disable(),
        httpCookies()
          .disable(),
        threadGroup("Echo users")
          .rampToAndHold("${__P(echo.threads,2)}", "1", "${__intSum(${__P(echo.seconds,8)},-1)}")
          .children(
            constantTimer(Duration.ofMillis(50)),
            httpSampler("POST echo", "/echo")
              .method(HTTPConstants.POST)
              .body("{\"item\":\"echo-smoke\",\"thread\":\"${__threadNum}\"}")
              .children(
                responseAssertion("Echoed")
                  .containsSubstrings("echo-smoke")
              )
          )
      );
  }
}
