package dev.perfsuite.reporting;

import static org.assertj.core.api.Assertions.assertThat;

import dev.perfsuite.engines.RunContext;
import dev.perfsuite.profiles.Profiles;
import dev.perfsuite.results.ErrorCause;
import dev.perfsuite.results.Phase;
import dev.perfsuite.results.SampleObserver;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import org.apache.jmeter.samplers.SampleResult;
import org.junit.jupiter.api.Test;

/** Progress lines carry what an operator watches, as plain lines off a terminal. */
class ProgressReporterTest {

  @Test
  void shouldPrintElapsedEtaThreadsThroughputP95AndErrorsAsPlainLines() throws Exception {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    PrintStream out = new PrintStream(bytes, true, StandardCharsets.UTF_8);
    ProgressReporter reporter = ProgressReporter.plainLines(Duration.ofMillis(200), out);
    RunContext run = new RunContext("progress-test", "run-1", Profiles.smoke(), Path.of("target"),
        1);
    SampleObserver observer = reporter.runStarting(run);
    observer.started(System.currentTimeMillis());
    for (int i = 0; i < 100; i++) {
      SampleResult sample = SampleResult.createTestSample(System.currentTimeMillis(),
          System.currentTimeMillis() + (i < 90 ? 10 : 300));
      sample.setAllThreads(4);
      observer.sample(sample, Phase.MEASUREMENT, i % 10 == 0 ? ErrorCause.HTTP_STATUS : null,
          false);
    }
    Thread.sleep(500);
    reporter.runEnded(run, null);

    String text = bytes.toString(StandardCharsets.UTF_8);
    assertThat(text).as("progress output").contains("[progress] progress-test 00:00:00/00:00:09")
        .contains("ETA 00:00:0").contains("threads 4").contains("req/s")
        .contains("p95 300 ms (last 200ms)").contains("errors 10 (10.00%)").doesNotContain("\r");
  }
}
