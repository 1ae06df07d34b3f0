package dev.perfsuite.history;

import static org.assertj.core.api.Assertions.assertThat;

import dev.perfsuite.config.RunSettings;
import dev.perfsuite.config.settings.JtlContent;
import dev.perfsuite.results.LabelSummary;
import dev.perfsuite.results.ResultDirectory;
import dev.perfsuite.results.RunResult;
import dev.perfsuite.results.SampleRecorder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.apache.jmeter.samplers.SampleEvent;
import org.apache.jmeter.samplers.SampleResult;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The history folds labels past perf.labels.max into "other labels", as the summary does. */
class RunRecordLabelCapTest {
  private static final long ORIGIN = 1_700_000_000_000L;
  private static final int CAP = 5;
  private static final int LABELS = 300;

  @TempDir
  Path dir;

  @Test
  void shouldGiveTheLabelsPastTheCapOneHistogramUnderOtherLabels() throws Exception {
    List<LabelSummary> summaries;
    try (SampleRecorder recorder = SampleRecorder.create(dir.resolve(ResultDirectory.JTL),
        Duration.ZERO, RunSettings.of(Map.of("perf.labels.max", Integer.toString(CAP))))) {
      recorder.start(ORIGIN);
      for (int i = 0; i < LABELS; i++) {
        recorder.record(sample("GET /users/" + i, i, 5 + i % 40));
      }
      summaries = recorder.summaries();
    }
    Files.writeString(dir.resolve(ResultDirectory.RUN_PROPERTIES),
        "originMillis=" + ORIGIN + "\nwarmUpMillis=0\n");
    RunResult result = new RunResult("ids", 1, Duration.ZERO, Duration.ZERO, summaries,
        List.of(), dir, Optional.empty());

    RunRecord record = RunRecord.of(result, Records.identity("local", "smoke"), JtlContent.ALL);

    assertThat(record.labels()).as("TOTAL, the cap's labels and other labels")
        .extracting(LabelRecord::label).hasSize(CAP + 2)
        .startsWith(LabelSummary.OVERALL, "GET /users/0").endsWith("other labels");
    LabelRecord other = record.label("other labels").orElseThrow();
    assertThat(other.samples()).as("samples past the cap in the summary")
        .isEqualTo(LABELS - CAP);
    assertThat(other.decodedHistogram().getTotalCount())
        .as("the history's histogram of other labels holds those samples")
        .isEqualTo(LABELS - CAP);
    assertThat(other.decodedHistogram().getMaxValue()).as("slowest sample past the cap, ms")
        .isEqualTo(other.maxMillis());
    assertThat(record.overall().orElseThrow().decodedHistogram().getTotalCount())
        .as("every sample in TOTAL").isEqualTo(LABELS);
  }

  private static SampleEvent sample(String label, int i, long millis) {
    SampleResult s = SampleResult.createTestSample(ORIGIN + 10 + i, ORIGIN + 10 + i + millis);
    s.setSampleLabel(label);
    s.setSuccessful(true);
    s.setResponseCode("200");
    s.setThreadName("tg 1-1");
    return new SampleEvent(s, "tg");
  }
}
