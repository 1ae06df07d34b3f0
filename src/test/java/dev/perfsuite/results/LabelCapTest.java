package dev.perfsuite.results;

import static org.assertj.core.api.Assertions.assertThat;

import dev.perfsuite.config.RunSettings;
import java.nio.file.Path;
import java.time.Duration;
import org.apache.jmeter.samplers.SampleEvent;
import org.apache.jmeter.samplers.SampleResult;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A plan whose labels carry ids runs in bounded memory: past the cap, one "other labels" row. */
class LabelCapTest {
  private static final long ORIGIN = 1_700_000_000_000L;
  private static final int LABELS = 100_000;
  private static final int CAP = 1_000;

  @TempDir
  Path dir;

  private static SampleEvent sample(String label, int i) {
    SampleResult s = SampleResult.createTestSample(ORIGIN + i / 10, ORIGIN + i / 10 + 7);
    s.setSampleLabel(label);
    s.setSuccessful(true);
    s.setResponseCode("200");
    s.setThreadName("tg 1-1");
    return new SampleEvent(s, "tg");
  }

  @Test
  void shouldKeepLabelsUnderTheCapExactAndFoldTheRestWhenAPlanHas100000Labels() {
    Runtime runtime = Runtime.getRuntime();
    System.gc();
    long before = runtime.totalMemory() - runtime.freeMemory();
    try (SampleRecorder recorder = SampleRecorder.create(dir.resolve("results.jtl"),
        Duration.ZERO, RunSettings.defaults())) {
      recorder.start(ORIGIN);
      for (int i = 0; i < LABELS; i++) {
        recorder.record(sample("GET /users/" + i, i));
        recorder.record(sample("GET /users/0", i));
      }
      System.gc();
      long heapDelta = runtime.totalMemory() - runtime.freeMemory() - before;
      System.out.printf("LabelCapTest: %d distinct labels, cap %d, heap delta %.1f MiB%n",
          LABELS, CAP, heapDelta / (double) (1 << 20));

      assertThat(recorder.summaries().stream().map(LabelSummary::label).distinct().count())
          .as("labels with statistics: the cap, 'other labels' and TOTAL").isEqualTo(CAP + 2);
      assertThat(recorder.summaries().stream()
          .filter(s -> s.label().equals("GET /users/0") && s.phase() == Phase.MEASUREMENT)
          .findFirst().orElseThrow().samples())
          .as("exact samples of a label under the cap").isEqualTo(LABELS + 1);
      assertThat(recorder.summaries().stream()
          .filter(s -> s.label().equals(LabelCap.OTHER) && s.phase() == Phase.MEASUREMENT)
          .findFirst().orElseThrow().samples())
          .as("samples of the labels past the cap").isEqualTo(LABELS - CAP);
      assertThat(recorder.summaries().stream()
          .filter(s -> s.label().equals(LabelSummary.OVERALL) && s.phase() == Phase.MEASUREMENT)
          .findFirst().orElseThrow().samples())
          .as("every sample in TOTAL").isEqualTo(2L * LABELS);
      assertThat(recorder.labelCapWarning()).as("the warning, once, with pattern and fix")
          .hasValueSatisfying(w -> assertThat(w).contains("perf.labels.max=1000")
              .contains("'GET /users/{id}'").contains("Fix:")
              .contains((LABELS - CAP) + " samples counted as 'other labels'"));
      assertThat(heapDelta).as("heap held by the statistics of 100,000 labels")
          .isLessThan(512L << 20);
    }
  }
}
