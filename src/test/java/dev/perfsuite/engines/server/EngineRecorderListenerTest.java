package dev.perfsuite.engines.server;

import static org.assertj.core.api.Assertions.assertThat;

import dev.perfsuite.config.AmbientFlags;
import dev.perfsuite.config.RunSettings;
import dev.perfsuite.engines.SnapshotSink;
import dev.perfsuite.results.JtlRows;
import dev.perfsuite.results.LabelSnapshot;
import dev.perfsuite.results.LabelSummary;
import dev.perfsuite.results.Phase;
import dev.perfsuite.results.RecorderSnapshot;
import java.io.BufferedReader;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import org.apache.jmeter.samplers.SampleEvent;
import org.apache.jmeter.samplers.SampleResult;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A remote engine's recorder records with the settings the controller sent in the plan, not
 * with its own JVM's keys; only where the JTL goes is the engine's own.
 */
class EngineRecorderListenerTest {
  private static final String ENGINE = "127.0.0.1:1099";

  @TempDir
  Path work;

  @Test
  void shouldRecordWithTheControllersSettingsWhenTheEnginesJvmSaysOtherwise() throws Exception {
    RunSettings controller = RunSettings.of(Map.of("perf.jtl", "errors", "perf.jtl.compress",
        "true", "perf.labels.max", "1", "perf.warm-up.origin", "first-sample"));
    EngineRecorderListener.Settings sent = overTheWire(new EngineRecorderListener.Settings(
        "run-1", Duration.ofSeconds(1), Duration.ofHours(1), Duration.ofSeconds(1), false,
        Duration.ZERO, controller));
    List<RecorderSnapshot> snapshots = new CopyOnWriteArrayList<>();
    SnapshotSink sink = new SnapshotSink() {
      @Override
      public void snapshot(String token, RecorderSnapshot snapshot) {
        snapshots.add(snapshot);
      }

      @Override
      public void jtl(String token, String engine, long offset, byte[] chunk, boolean last) {
        // Not asked for: the JTL stays on the engine.
      }
    };
    EngineRecorderListener.Element element = (EngineRecorderListener.Element)
        new EngineRecorderListener(() -> sink, sent).buildTestElement();
    long firstStart = System.currentTimeMillis() + 60_000;

    AmbientFlags.with(Map.of("perf.jtl", "all", "perf.jtl.compress", "false",
        "perf.labels.max", "1000", "perf.warm-up.origin", "test-start",
        "perf.engine.work-dir", work.toString()), () -> {
          element.testStarted(ENGINE);
          element.sampleOccurred(sample("read", firstStart, true));
          element.sampleOccurred(sample("write", firstStart + 10, true));
          element.sampleOccurred(sample("read", firstStart + 20, false));
          element.testEnded(ENGINE);
          return null;
        });

    RecorderSnapshot last = snapshots.get(snapshots.size() - 1);
    assertThat(last.last()).as("the final snapshot").isTrue();
    // A minute after the test's start, inside a second of the first sample: warm-up only when
    // the window opens at the first sample.
    assertThat(last.label(LabelSummary.OVERALL, Phase.WARM_UP).map(LabelSnapshot::samples))
        .as("warm-up from the first sample (perf.warm-up.origin)").contains(3L);
    assertThat(last.label(LabelSummary.OVERALL, Phase.MEASUREMENT).map(LabelSnapshot::samples))
        .as("nothing measured").isEmpty();
    assertThat(last.labels()).extracting(LabelSnapshot::label).as("labels past perf.labels.max")
        .contains("read", "other labels").doesNotContain("write");
    Path jtl = EngineRecorderListener.jtlOf(work, "run-1", ENGINE);
    assertThat(jtl.resolveSibling(jtl.getFileName() + ".gz")).as("gzipped (perf.jtl.compress)")
        .exists();
    assertThat(jtl).as("no plain JTL").doesNotExist();
    assertThat(rows(jtl.resolveSibling(jtl.getFileName() + ".gz")))
        .as("only the error row (perf.jtl=errors)").hasSize(1)
        .allMatch(row -> row.contains(",read,503,"));
  }

  /** What the engine reads out of the plan: the settings serialized, as RMI sends them. */
  private static EngineRecorderListener.Settings overTheWire(
      EngineRecorderListener.Settings settings) throws IOException, ClassNotFoundException {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    try (ObjectOutputStream out = new ObjectOutputStream(bytes)) {
      out.writeObject(settings);
    }
    try (ObjectInputStream in = new ObjectInputStream(
        new ByteArrayInputStream(bytes.toByteArray()))) {
      return (EngineRecorderListener.Settings) in.readObject();
    }
  }

  private static SampleEvent sample(String label, long start, boolean ok) {
    SampleResult s = SampleResult.createTestSample(start, start + 5);
    s.setSampleLabel(label);
    s.setSuccessful(ok);
    s.setResponseCode(ok ? "200" : "503");
    s.setThreadName("tg 1-1");
    s.setAllThreads(1);
    return new SampleEvent(s, "tg");
  }

  private static List<String> rows(Path jtl) throws IOException {
    try (BufferedReader reader = JtlRows.reader(jtl)) {
      return reader.lines().skip(1).toList();
    }
  }
}
