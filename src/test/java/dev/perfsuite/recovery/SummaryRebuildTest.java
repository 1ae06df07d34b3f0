package dev.perfsuite.recovery;

import static org.assertj.core.api.Assertions.assertThat;

import dev.perfsuite.config.RunSettings;
import dev.perfsuite.results.LabelSummary;
import dev.perfsuite.results.Phase;
import dev.perfsuite.results.ResultDirectory;
import dev.perfsuite.results.RunResult;
import dev.perfsuite.results.SampleRecorder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.apache.jmeter.samplers.SampleEvent;
import org.apache.jmeter.samplers.SampleResult;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A killed run's JTL of many labels (ids in names) rebuilds every label, in first-seen order. */
class SummaryRebuildTest {
  private static final long ORIGIN = 1_700_000_000_000L;
  private static final int LABELS = 20_000;

  @TempDir
  Path dir;

  @Test
  void shouldRebuildTwentyThousandLabelsInTheOrderTheyFirstAppear() throws Exception {
    List<String> firstSeen = new ArrayList<>();
    try (SampleRecorder recorder = SampleRecorder.create(dir.resolve(ResultDirectory.JTL),
        Duration.ZERO, RunSettings.defaults())) {
      recorder.start(ORIGIN);
      for (int i = 0; i < LABELS; i++) {
        // A scattered order, not the labels' sort order; every label's second sample comes later.
        String label = "GET /items/" + (i * 7_919L % LABELS);
        firstSeen.add(label);
        recorder.record(sample(label, i));
      }
      for (int i = LABELS - 1; i >= 0; i--) {
        recorder.record(sample(firstSeen.get(i), LABELS + i));
      }
    }
    Files.deleteIfExists(dir.resolve(ResultDirectory.RUN_PROPERTIES));
    RunResult rebuilt = SummaryRebuild.rebuild(dir, Duration.ZERO);

    assertThat(rebuilt.labels()).as("every label once, in the JTL's first-seen order")
        .containsExactlyElementsOf(firstSeen);
    assertThat(rebuilt.summaries()).as("two samples of each label, both measured")
        .filteredOn(s -> !s.label().equals(LabelSummary.OVERALL))
        .hasSize(LABELS).allSatisfy(s -> {
          assertThat(s.phase()).as(s.label()).isEqualTo(Phase.MEASUREMENT);
          assertThat(s.samples()).as(s.label()).isEqualTo(2);
        });
    assertThat(rebuilt.overall(Phase.MEASUREMENT).samples()).as("TOTAL")
        .isEqualTo(2L * LABELS);
    assertThat(Files.readAllLines(dir.resolve(ResultDirectory.SUMMARY_CSV)).stream().skip(3)
        .map(row -> row.substring(0, row.indexOf(','))).toList())
        .as("summary.csv after its header and TOTAL's two phases: one row per label, in order")
        .containsExactlyElementsOf(firstSeen);
  }

  private static SampleEvent sample(String label, int i) {
    SampleResult s = SampleResult.createTestSample(ORIGIN + i / 100, ORIGIN + i / 100 + 7);
    s.setSampleLabel(label);
    s.setSuccessful(true);
    s.setResponseCode("200");
    s.setThreadName("tg 1-1");
    return new SampleEvent(s, "tg");
  }
}
