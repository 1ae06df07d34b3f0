package dev.perfsuite.engines.remote;

import static org.assertj.core.api.Assertions.assertThat;

import dev.perfsuite.config.RunSettings;
import dev.perfsuite.results.RecorderSnapshot;
import dev.perfsuite.results.SampleRecorder;
import dev.perfsuite.results.TimelineRecorder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import org.apache.jmeter.samplers.SampleEvent;
import org.apache.jmeter.samplers.SampleResult;
import org.apache.jmeter.util.JMeterUtils;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import us.abstracta.jmeter.javadsl.core.engines.JmeterEnvironment;

/** The controller merges only what carries its run's token: a forged snapshot changes nothing. */
class SnapshotIntakeTest {
  private static final String RUN = "the-runs-token";
  private static final String ENGINE = "127.0.0.1:1099";
  private static final long ORIGIN = 1_700_000_000_000L;

  @TempDir
  Path dir;

  @BeforeAll
  static void jmeter() throws Exception {
    new JmeterEnvironment();
    JMeterUtils.setProperty("server.rmi.ssl.disable", "true");
  }

  @Test
  void shouldMergeNoSnapshotWithAWrongOrMissingToken() throws Exception {
    try (SampleRecorder controller = recorder("controller")) {
      SnapshotIntake intake = new SnapshotIntake(0, controller, dir.resolve("engines"), RUN);
      try {
        intake.snapshot("another-token", forged(ENGINE));
        intake.snapshot(null, forged("10.0.0.9:1099"));

        assertThat(controller.sampleCount()).as("samples merged from forged snapshots")
            .isZero();
        assertThat(intake.snapshotsByEngine()).as("engines the intake knows").isEmpty();
        assertThat(intake.heartbeat(ENGINE)).as("a forged snapshot is no heartbeat").isEmpty();
        assertThat(intake.ended(ENGINE)).as("a forged final snapshot ends no engine").isFalse();
        assertThat(intake.refused()).as("snapshots dropped and counted").isEqualTo(2);

        intake.snapshot(RUN, forged(ENGINE));
        assertThat(controller.sampleCount()).as("the same snapshot with the run's token")
            .isEqualTo(1);
        assertThat(intake.ended(ENGINE)).as("its final snapshot counts").isTrue();
      } finally {
        intake.close();
      }
    }
  }

  @Test
  void shouldStoreNoJtlChunkWithoutTheRunsToken() throws Exception {
    try (SampleRecorder controller = recorder("controller")) {
      SnapshotIntake intake = new SnapshotIntake(0, controller, dir.resolve("engines"), RUN);
      try {
        byte[] chunk = "forged,row\n".getBytes(StandardCharsets.UTF_8);
        intake.jtl("another-token", ENGINE, 0, chunk, true);

        assertThat(Files.exists(intake.jtlOf(ENGINE))).as("a JTL written by a forger").isFalse();
        assertThat(intake.jtlReceived(ENGINE)).as("the engine's JTL counted as received")
            .isFalse();
        assertThat(intake.refused()).as("chunks dropped and counted").isEqualTo(1);
      } finally {
        intake.close();
      }
    }
  }

  /** A final snapshot of one successful sample, as an engine would send it. */
  private RecorderSnapshot forged(String engine) {
    try (SampleRecorder recorder = recorder("engine-" + engine.hashCode())) {
      TimelineRecorder timeline = TimelineRecorder.every(Duration.ofSeconds(1), 100);
      recorder.observe(timeline);
      SampleResult sample = SampleResult.createTestSample(ORIGIN, ORIGIN + 5);
      sample.setSampleLabel("login");
      sample.setSuccessful(true);
      sample.setResponseCode("200");
      sample.setThreadName(engine + "-tg 1-1");
      recorder.record(new SampleEvent(sample, "tg"));
      return recorder.snapshot(engine, 1, true, 1, timeline);
    }
  }

  private SampleRecorder recorder(String name) {
    SampleRecorder recorder = SampleRecorder.create(dir.resolve(name + ".jtl"), Duration.ZERO,
        RunSettings.defaults());
    recorder.start(ORIGIN);
    return recorder;
  }
}
