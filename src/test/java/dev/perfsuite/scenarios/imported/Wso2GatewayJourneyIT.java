package dev.perfsuite.scenarios.imported;

import static us.abstracta.jmeter.javadsl.JmeterDsl.constantTimer;
import static us.abstracta.jmeter.javadsl.JmeterDsl.httpSampler;
import static us.abstracta.jmeter.javadsl.JmeterDsl.responseAssertion;
import static us.abstracta.jmeter.javadsl.JmeterDsl.testPlan;
import static us.abstracta.jmeter.javadsl.JmeterDsl.threadGroup;
import static us.abstracta.jmeter.javadsl.JmeterDsl.vars;

import dev.perfsuite.jmx.ImportedPlan;
import dev.perfsuite.jmx.JmxPlans;
import dev.perfsuite.junit.PerfScenario;
import dev.perfsuite.junit.PerfSession;
import dev.perfsuite.results.RunResult;
import dev.perfsuite.sla.Sla;
import java.time.Duration;
import org.apache.http.entity.ContentType;
import org.junit.jupiter.api.Test;
import us.abstracta.jmeter.javadsl.core.DslTestPlan;

/**
 * Converted by jmx2java (jmeter-java-dsl's DslCodeGenerator) from
 * {@code wso2-gateway-journey.jmx}.
 * Review the plan, then tighten the SLA stub.
 *
 * <p>Conversion note: 1 value(s) with 127.0.0.1:9 now read
 * ${__P(gateway.host/.port/.protocol/.url)}, filled by the run's service lookup (or
 * -Dperf.jmx.props.gateway.*)
 */
@PerfScenario
class Wso2GatewayJourneyIT {
  static final String SCENARIO = "wso2-gateway-journey";

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
        .and(Sla.label("POST echo 1KiB").samplesAtLeast(1));
  }

  /** The plan as jmeter-java-dsl's code generator wrote it. */
  static DslTestPlan dslPlan() {
    return testPlan(
      vars()
        .set("wso2Token1", "token-1")
        .set("wso2Token2", "token-2"),
      threadGroup("wso2-gateway-2u-1KiB", 2, Duration.ofSeconds(9),
        constantTimer(Duration.ofMillis(100)),
        httpSampler("POST echo 1KiB", "${__P(gateway.protocol,http)}://${__P(gateway.host)}"
            + ":${__P(gateway.port)}/echo/1.0.0")
          .post("{\"size\":\"1024B\",\"payload\":[\"0123456789\",\"ABCDEFGHIJ\",\"KLMNOPQRST\","
              + "\"UVWXYZabcd\",\"efghijklmn\",\"opqrstuvwx\",\"yz01234567\",\"89ABCDEFGH\","
              + "\"IJKLMNOPQR\",\"STUVWXYZab\",\"cdefghijkl\",\"mnopqrstuv\",\"wxyz012345\","
              + "\"6789ABCDEF\",\"GHIJKLMNOP\",\"QRSTUVWXYZ\",\"abcdefghij\",\"klmnopqrst\","
              + "\"uvwxyz0123\",\"456789ABCD\",\"EFGHIJKLMN\",\"OPQRSTUVWX\",\"YZabcdefgh\","
              + "\"ijklmnopqr\",\"stuvwxyz01\",\"23456789AB\",\"CDEFGHIJKL\",\"MNOPQRSTUV\","
              + "\"WXYZabcdef\",\"ghijklmnop\",\"qrstuvwxyz\",\"0123456789\",\"ABCDEFGHIJ\","
              + "\"KLMNOPQRST\",\"UVWXYZabcd\",\"efghijklmn\",\"opqrstuvwx\",\"yz01234567\","
              + "\"89ABCDEFGH\",\"IJKLMNOPQR\",\"STUVWXYZab\",\"cdefghijkl\",\"mnopqrstuv\","
              + "\"wxyz012345\",\"6789ABCDEF\",\"GHIJKLMNOP\",\"QRSTUVWXYZ\",\"abcdefghij\","
              + "\"klmnopqrst\",\"uvwxyz0123\",\"456789ABCD\",\"EFGHIJKLMN\",\"OPQRSTUVWX\","
              + "\"YZabcdefgh\",\"ijklmnopqr\",\"stuvwxyz01\",\"23456789AB\",\"CDEFGHIJKL\","
              + "\"MNOPQRSTUV\",\"WXYZabcdef\",\"ghijklmnop\",\"qrstuvwxyz\",\"0123456789\","
              + "\"ABCDEFGHIJ\",\"KLMNOPQRST\",\"UVWXYZabcd\",\"efghijklmn\",\"opqrstuvwx\","
              + "\"yz01234567\",\"89ABCDEFGH\",\"IJKLMNOPQR\",\"STUVWXYZab\",\"cdefghijkl\","
              + "\"mnopqrstuv\",\"wxyz012345\",\"6789ABCDEF\",\"GHIJK\"]}", ContentType.create(
              "application/json"))
          .header("Authorization", "Bearer ${__V(wso2Token${__threadNum})}")
          .children(
            responseAssertion()
              .containsSubstrings("\"size\":\"1024B\"")
          )
      )
  );
  }
}
