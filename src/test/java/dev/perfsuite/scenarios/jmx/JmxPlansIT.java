package dev.perfsuite.scenarios.jmx;

import dev.perfsuite.config.JmxSettings;
import dev.perfsuite.jmx.JmxPlans;
import dev.perfsuite.jmx.JmxRun;
import dev.perfsuite.junit.PerfScenario;
import dev.perfsuite.junit.PerfSession;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.TestFactory;

/**
 * Existing JMeter plans as scenarios: one dynamic test per file, named after it, for
 * {@code -Dperf.jmx=a.jmx,b.jmx} or, when unset, every plan under {@code src/test/resources/jmx}.
 * Each runs like a Java scenario (results under {@code target/perf-results/<file name>/}, Allure,
 * history, regression verdict) and must meet its SLA sidecar or the default.
 */
@PerfScenario
@Tag("jmx")
class JmxPlansIT {

  @TestFactory
  Stream<DynamicTest> shouldMeetItsSla(PerfSession perf) {
    return JmxPlans.selected(JmxSettings.fromThisJvm()).stream()
        .map(jmx -> DynamicTest.dynamicTest(jmx.getFileName().toString(), jmx.toUri(),
            () -> JmxRun.run(perf, jmx)));
  }
}
