package dev.perfsuite.recovery;

import static org.assertj.core.api.Assertions.assertThat;

import dev.perfsuite.config.RunSettings;
import dev.perfsuite.results.LabelCap;
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
import java.util.Map;
import org.apache.jmeter.samplers.SampleEvent;
import org.apache.jmeter.samplers.SampleResult;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A killed run's JTL of many labels (ids in names) rebuilds its labels in first-seen order, capped
 * as the recorder caps them ({@code perf.labels.max}).
 */
class SummaryRebuildTest {
  private static final long ORIGIN = 1_700_000_000_000L;
  private static final int LABELS = 20_000;

  @TempDir
  Path dir;

  @Test
  void shouldRebuildTwentyThousandLabelsInTheOrderTheyFirstAppear() throws Exception {
    List<String> firstSeen = writeJtl();
    RunResult rebuilt = SummaryRebuild.rebuild(dir, Duration.ZERO, LABELS);

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

  @Test
  void shouldFoldLabelsPastPerfLabelsMaxAsTheRecorderDoes() throws Exception {
    List<String> firstSeen = writeJtl();
    int max = RunSettings.defaults().labelsMax();

    RunResult rebuilt = SummaryRebuild.rebuild(dir, Duration.ZERO);

    List<String> expected = new ArrayList<>(firstSeen.subList(0, max));
    expected.add(LabelCap.OTHER);
    assertThat(rebuilt.labels()).as("the first perf.labels.max=%d labels, then '%s'", max,
        LabelCap.OTHER).containsExactlyElementsOf(expected);
    assertThat(rebuilt.summary(LabelCap.OTHER, Phase.MEASUREMENT)).as("the folded labels' row")
        .hasValueSatisfying(s -> assertThat(s.samples()).isEqualTo(2L * (LABELS - max)));
    assertThat(rebuilt.overall(Phase.MEASUREMENT).samples()).as("TOTAL counts every sample")
        .isEqualTo(2L * LABELS);
    assertThat(Files.readAllLines(dir.resolve(ResultDirectory.SUMMARY_CSV))).as("summary.csv")
        .hasSize(3 + max + 1);
    assertThat(rebuilt.warnings()).as("the cap named, with its fix")
        .anySatisfy(w -> assertThat(w).contains("more than perf.labels.max=" + max,
            "raise -Dperf.labels.max"));
  }

  /** A JTL of {@value #LABELS} labels, two samples each; returns them in first-seen order. */
  private List<String> writeJtl() throws Exception {
    List<String> firstSeen = new ArrayList<>();
    try (SampleRecorder recorder = SampleRecorder.create(dir.resolve(ResultDirectory.JTL),
        Duration.ZERO, RunSettings.of(Map.of("perf.labels.max", String.valueOf(LABELS))))) {
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
    return firstSeen;
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
