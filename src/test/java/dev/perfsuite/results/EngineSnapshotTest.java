package dev.perfsuite.results;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.perfsuite.config.RunSettings;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.apache.jmeter.samplers.SampleEvent;
import org.apache.jmeter.samplers.SampleResult;
import org.assertj.core.groups.Tuple;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Engine snapshots (aggregate mode): merging two engines' snapshots on the controller gives the
 * same statistics as one recorder fed both sample streams, and repeated or older snapshots change
 * nothing.
 */
class EngineSnapshotTest {
  private static final int LABELS_MAX = RunSettings.defaults().labelsMax();
  private static final long ORIGIN = 1_700_000_000_000L;

  @TempDir
  Path dir;

  private static SampleEvent sample(String label, long start, long elapsed, boolean ok,
      String thread) {
    SampleResult s = SampleResult.createTestSample(start, start + elapsed);
    s.setSampleLabel(label);
    s.setSuccessful(ok);
    s.setResponseCode(ok ? "200" : "503");
    s.setThreadName(thread);
    s.setAllThreads(4);
    s.setBytes(100L + elapsed);
    s.setSentBytes(50);
    return new SampleEvent(s, "tg");
  }

  private static List<SampleEvent> stream(String engine, long seed, int n) {
    Random random = new Random(seed);
    List<SampleEvent> events = new ArrayList<>();
    for (int i = 0; i < n; i++) {
      long start = ORIGIN + random.nextInt(20_000);
      long elapsed = (long) Math.abs(random.nextGaussian() * 300) + random.nextInt(5);
      if (random.nextInt(50) == 0) {
        elapsed += 5_000 + random.nextInt(20_000);
      }
      events.add(sample(random.nextBoolean() ? "read" : "write", start, elapsed,
          random.nextInt(30) != 0, engine + "-tg 1-" + (i % 3)));
    }
    return events;
  }

  private SampleRecorder recorder(String name) {
    SampleRecorder recorder = SampleRecorder.create(dir.resolve(name + ".jtl"),
        Duration.ofSeconds(5), RunSettings.defaults());
    recorder.start(ORIGIN);
    return recorder;
  }

  @Test
  void shouldEqualOneRecorderFedBothStreamsWhenTwoEnginesSnapshotsAreMerged() {
    List<SampleEvent> a = stream("127.0.0.1:1", 1, 4000);
    List<SampleEvent> b = stream("127.0.0.1:2", 2, 2500);
    try (SampleRecorder engineA = recorder("a"); SampleRecorder engineB = recorder("b");
        SampleRecorder both = recorder("both");
        SampleRecorder controller = SampleRecorder.create(dir.resolve("c.jtl"),
            Duration.ofSeconds(5), RunSettings.defaults())) {
      TimelineRecorder timelineA = TimelineRecorder.every(Duration.ofSeconds(1), LABELS_MAX);
      TimelineRecorder timelineB = TimelineRecorder.every(Duration.ofSeconds(1), LABELS_MAX);
      engineA.observe(timelineA);
      engineB.observe(timelineB);
      a.forEach(engineA::record);
      b.forEach(engineB::record);
      a.forEach(both::record);
      b.forEach(both::record);
      TimelineRecorder controllerTimeline = TimelineRecorder.every(Duration.ofSeconds(1),
          LABELS_MAX);
      controller.observe(controllerTimeline);

      controller.absorb(engineA.snapshot("127.0.0.1:1", 1, false, 3, timelineA));
      controller.absorb(engineB.snapshot("127.0.0.1:2", 1, true, 3, timelineB));

      List<LabelSummary> expected = both.summaries();
      List<LabelSummary> merged = controller.summaries();
      assertThat(merged).extracting(LabelSummary::label, LabelSummary::phase)
          .containsExactlyInAnyOrderElementsOf(expected.stream()
              .map(s -> Tuple.tuple(s.label(), s.phase())).toList());
      for (LabelSummary want : expected) {
        LabelSummary got = merged.stream().filter(s -> s.label().equals(want.label())
            && s.phase() == want.phase()).findFirst().orElseThrow();
        String what = want.label() + "/" + want.phase();
        assertThat(got.samples()).as("samples %s", what).isEqualTo(want.samples());
        assertThat(got.errors()).as("errors %s", what).isEqualTo(want.errors());
        LatencyStats g = got.latency();
        LatencyStats w = want.latency();
        assertThat(List.of(g.min(), g.max(), g.p50(), g.p75(), g.p90(), g.p95(), g.p98(), g.p99(),
            g.p999())).as("exact order statistics %s", what).isEqualTo(List.of(w.min(), w.max(),
            w.p50(), w.p75(), w.p90(), w.p95(), w.p98(), w.p99(), w.p999()));
        assertThat(g.mean()).as("mean %s (Chan)", what).isCloseTo(w.mean(), within(1e-9));
        assertThat(g.stdDev()).as("std dev %s (Chan)", what).isCloseTo(w.stdDev(), within(1e-6));
        assertThat(got.throughput()).as("throughput %s", what).isEqualTo(want.throughput());
        assertThat(got.errorsByCause()).as("causes %s", what).isEqualTo(want.errorsByCause());
        assertThat(got.errorsByStatus()).as("statuses %s", what)
            .isEqualTo(want.errorsByStatus());
        assertThat(got.receivedKBps()).as("received %s", what).isEqualTo(want.receivedKBps());
      }
      assertThat(controller.histogram("read", Phase.MEASUREMENT))
          .as("merged histogram").isEqualTo(both.histogram("read", Phase.MEASUREMENT));
      assertThat(controller.sampleCount()).as("samples counted").isEqualTo(6500);
      assertThat(controller.origin()).as("origin from the engines").isEqualTo(ORIGIN);

      TimelineRecorder bothTimeline = TimelineRecorder.every(Duration.ofSeconds(1), LABELS_MAX);
      bothTimeline.started(ORIGIN);
      a.forEach(e -> bothTimeline.sample(e.getResult(), phaseOf(e), null, false));
      b.forEach(e -> bothTimeline.sample(e.getResult(), phaseOf(e), null, false));
      assertThat(controllerTimeline.timeline().of(LabelSummary.OVERALL))
          .extracting(TimelinePoint::offset, TimelinePoint::samples, TimelinePoint::p99Millis)
          .as("merged timeline").isEqualTo(bothTimeline.timeline().of(LabelSummary.OVERALL).stream()
              .map(p -> Tuple.tuple(p.offset(), p.samples(),
                  p.p99Millis())).toList());
    }
  }

  private static Phase phaseOf(SampleEvent e) {
    return e.getResult().getStartTime() - ORIGIN < 5000 ? Phase.WARM_UP : Phase.MEASUREMENT;
  }

  @Test
  void shouldFeedObserversOnlyTheNewSamplesAndIgnoreStaleSnapshots() {
    List<SampleEvent> a = stream("127.0.0.1:1", 3, 1000);
    try (SampleRecorder engine = recorder("e");
        SampleRecorder controller = SampleRecorder.create(dir.resolve("c.jtl"),
            Duration.ofSeconds(5), RunSettings.defaults())) {
      TimelineRecorder timeline = TimelineRecorder.every(Duration.ofSeconds(1), LABELS_MAX);
      long[] seen = new long[1];
      controller.observe(new SampleObserver() {
        @Override
        public void sample(SampleResult result, Phase phase, ErrorCause cause,
            boolean transaction, SampleTiming timing) {
          throw new AssertionError("aggregate mode passes no single sample");
        }

        @Override
        public void batch(SampleBatch batch) {
          if (batch.overall()) {
            seen[0] += batch.samples();
          }
        }
      });
      a.subList(0, 400).forEach(engine::record);
      RecorderSnapshot first = engine.snapshot("e", 1, false, 3, timeline);
      a.subList(400, 1000).forEach(engine::record);
      RecorderSnapshot second = engine.snapshot("e", 2, true, 3, timeline);

      controller.absorb(first);
      controller.absorb(second);
      controller.absorb(first);
      controller.absorb(second);

      assertThat(seen[0]).as("samples passed to observers, each once").isEqualTo(1000);
      assertThat(controller.summaries().stream().filter(s -> s.label().equals(LabelSummary.OVERALL))
          .mapToLong(LabelSummary::samples).sum()).as("latest snapshot wins").isEqualTo(1000);
      assertThat(second.samples()).as("samples sent").isEqualTo(1000);
    }
  }
}
