package dev.perfsuite.results;

import static org.assertj.core.api.Assertions.assertThat;

import dev.perfsuite.config.settings.JtlContent;
import dev.perfsuite.config.settings.WarmUpOrigin;
import dev.perfsuite.sla.Sla;
import dev.perfsuite.sla.SlaVerdict;
import java.io.FilterOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import org.apache.jmeter.samplers.SampleEvent;
import org.apache.jmeter.samplers.SampleResult;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A disk that fills during the run: the JTL stops at a whole row, the statistics stay exact, and
 * the verdict fails on "results incomplete" with a message, not a stack trace.
 */
class FullDiskTest {
  private static final long ORIGIN = 1_700_000_000_000L;
  private static final int SAMPLES = 18_000;

  @TempDir
  Path dir;

  /** Lets {@code room} bytes through, then fails as a full file system does. */
  static final class FullDisk extends FilterOutputStream {
    private long room;

    FullDisk(OutputStream out, long room) {
      super(out);
      this.room = room;
    }

    @Override
    public void write(byte[] b, int off, int len) throws IOException {
      int fits = (int) Math.min(len, room);
      out.write(b, off, fits);
      room -= fits;
      if (fits < len) {
        throw new IOException("No space left on device");
      }
    }

    @Override
    public void write(int b) throws IOException {
      write(new byte[] {(byte) b}, 0, 1);
    }
  }

  private static SampleEvent sample(int i) {
    SampleResult s = SampleResult.createTestSample(ORIGIN + i, ORIGIN + i + 5 + i % 40);
    s.setSampleLabel("GET /users");
    s.setSuccessful(true);
    s.setResponseCode("200");
    s.setThreadName("tg 1-" + i % 3);
    return new SampleEvent(s, "tg");
  }

  @Test
  void shouldKeepExactStatisticsAndFailTheVerdictNamingTheRowWhenTheDiskFills()
      throws Exception {
    Path jtl = dir.resolve("results.jtl");
    JtlWriter writer = new JtlWriter(jtl, JtlContent.ALL,
        file -> new FullDisk(Files.newOutputStream(file), 200_000));
    List<LabelSummary> summaries;
    String incomplete;
    try (SampleRecorder recorder = SampleRecorder.create(writer, Duration.ZERO,
        WarmUpOrigin.TEST_START)) {
      recorder.start(ORIGIN);
      for (int i = 0; i < SAMPLES; i++) {
        recorder.record(sample(i));
        if (i % 2_000 == 0) {
          recorder.flush();
        }
      }
      recorder.flush();
      summaries = recorder.summaries();
      incomplete = recorder.jtlIncomplete().orElseThrow();
    }

    long rows = Files.readAllLines(jtl).size() - 1;
    assertThat(incomplete).as("what the verdict says")
        .startsWith("results incomplete: JTL truncated at row " + rows + " of " + SAMPLES
            + " (No space left on device")
        .contains("Fix: free space in " + dir.toAbsolutePath());
    assertThat(rows).as("whole rows kept before the disk filled").isBetween(100L, 17_000L);
    assertThat(Files.readString(jtl)).as("the file ends on a whole row").endsWith("\n");
    RunResult result = new RunResult("full-disk", 3, Duration.ZERO, Duration.ZERO, summaries,
        List.of(incomplete), dir, Optional.empty());
    assertThat(result.overall(Phase.MEASUREMENT).samples())
        .as("samples counted from memory, all of them").isEqualTo(SAMPLES);
    SlaVerdict verdict = Sla.overall().errorPercentBelow(1).evaluate(result);
    assertThat(verdict.passed()).as("verdict of a run with a truncated JTL").isFalse();
    assertThat(verdict.headline() + "\n" + verdict.table()).as("the failure message")
        .contains("results complete").contains("JTL truncated at row " + rows + " of " + SAMPLES);
  }
}
