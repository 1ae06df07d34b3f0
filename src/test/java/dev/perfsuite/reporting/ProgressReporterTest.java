package dev.perfsuite.reporting;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;
import static org.hamcrest.Matchers.hasSize;

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
import java.time.Instant;
import java.time.InstantSource;
import java.util.List;
import java.util.concurrent.atomic.AtomicReference;
import org.apache.jmeter.samplers.SampleResult;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Progress lines carry what an operator watches, as plain lines off a terminal. The test drives
 * the reporter's clock; only the printer thread's look at it is awaited.
 */
class ProgressReporterTest {
  private static final Instant START = Instant.parse("2026-01-05T10:00:00Z");
  private static final Duration INTERVAL = Duration.ofMillis(200);

  private final AtomicReference<Instant> now = new AtomicReference<>(START);
  private final ByteArrayOutputStream bytes = new ByteArrayOutputStream();
  private final RunContext run = new RunContext("progress-test", "run-1", Profiles.smoke(),
      Path.of("target"), 1);
  private ProgressReporter reporter;
  private SampleObserver observer;

  @BeforeEach
  void startRun() {
    reporter = ProgressReporter.plainLines(INTERVAL,
        new PrintStream(bytes, true, StandardCharsets.UTF_8), now::get);
    observer = reporter.runStarting(run);
    observer.started(START.toEpochMilli());
  }

  @AfterEach
  void endRun() {
    reporter.runEnded(run, null);
  }

  @Test
  void shouldPrintElapsedEtaThreadsThroughputP95AndErrorsAsPlainLines() {
    sampleHundredWithTenErrors();
    now.set(START.plusSeconds(5));

    assertThat(awaitLines(1)).as("one progress line five seconds into a 9 s plan").containsExactly(
        "[progress] progress-test 00:00:05/00:00:09 ( 56%) ETA 00:00:04 | measuring | threads 4"
            + " | 20.0 req/s | p95 300 ms (last 200ms) | errors 10 (10.00%)");
  }

  @Test
  void shouldReportAQuietIntervalAsNoThroughputAndNoP95AndOverrunPastThePlan() {
    sampleHundredWithTenErrors();
    now.set(START.plusSeconds(5));
    awaitLines(1);
    now.set(START.plusSeconds(10));

    assertThat(awaitLines(2).get(1)).as("the interval after the samples, past the 9 s plan")
        .isEqualTo("[progress] progress-test 00:00:10/00:00:09 (100%) ETA overrun | measuring"
            + " | threads 4 | 0.0 req/s | p95 - ms (last 200ms) | errors 10 (10.00%)");
  }

  @Test
  void shouldMeasureThroughputOverTheTimeThatPassedOnTheClock() {
    sampleHundredWithTenErrors();
    now.set(START.plus(INTERVAL));

    assertThat(awaitLines(1)).as("100 samples in one 200 ms interval")
        .singleElement().asString().contains("| 500.0 req/s |");
  }

  private void sampleHundredWithTenErrors() {
    for (int i = 0; i < 100; i++) {
      SampleResult sample = SampleResult.createTestSample(1_000, 1_000 + (i < 90 ? 10 : 300));
      sample.setAllThreads(4);
      observer.sample(sample, Phase.MEASUREMENT, i % 10 == 0 ? ErrorCause.HTTP_STATUS : null,
          false);
    }
  }

  /** Waits until the printer thread has written {@code count} whole lines; returns them. */
  private List<String> awaitLines(int count) {
    return await().atMost(Duration.ofSeconds(10)).until(this::wholeLines, hasSize(count));
  }

  private List<String> wholeLines() {
    String text = bytes.toString(StandardCharsets.UTF_8);
    String whole = text.substring(0, text.lastIndexOf('\n') + 1);
    return whole.lines().toList();
  }

  @Test
  void shouldTimeProductionRunsOnAClockThatOnlyMovesForward() {
    InstantSource clock = ProgressReporter.monotonic();
    Instant first = clock.instant();
    Instant second = clock.instant();

    assertThat(second).as("a later reading").isAfterOrEqualTo(first);
    assertThat(Duration.between(first, Instant.now()).abs())
        .as("distance from the wall clock at start").isLessThan(Duration.ofSeconds(5));
  }
}
