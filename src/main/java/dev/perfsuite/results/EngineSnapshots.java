package dev.perfsuite.results;

import java.util.ArrayList;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.HdrHistogram.Histogram;

/**
 * The snapshot side of a recorder in aggregate mode.
 *
 * <p>On the controller it keeps the latest cumulative snapshot of each remote engine, merged into
 * every figure; on an engine, its own cumulative snapshot to send.
 *
 * <p>Not thread-safe: the recorder holds its own lock around every call.
 */
final class EngineSnapshots {
  private final Map<String, RecorderSnapshot> latest = new LinkedHashMap<>();

  /**
   * Keeps {@code snapshot} as its engine's latest.
   *
   * @return the engine's previous snapshot (null for its first); empty when {@code snapshot} is
   *     older than, or the same as, the one kept, which stays
   */
  Optional<Previous> keep(RecorderSnapshot snapshot) {
    RecorderSnapshot previous = latest.get(snapshot.engine());
    if (previous != null && previous.sequence() >= snapshot.sequence()) {
      return Optional.empty();
    }
    latest.put(snapshot.engine(), snapshot);
    return Optional.of(new Previous(previous));
  }

  /** An engine's snapshot before the one just kept; {@code snapshot} null for its first. */
  record Previous(RecorderSnapshot snapshot) {
  }

  /**
   * What {@code snapshot} adds since {@code previous}, one batch per label and phase that sampled.
   *
   * <p>A null {@code previous} means since the start. Service and response times stay apart.
   * Needs no lock (decoding histograms is the costly part).
   */
  static List<SampleBatch> batches(RecorderSnapshot previous, RecorderSnapshot snapshot) {
    List<SampleBatch> batches = new ArrayList<>();
    for (LabelSnapshot label : snapshot.labels()) {
      LabelSnapshot before = previous == null ? null
          : previous.label(label.label(), label.phase()).orElse(null);
      if (before != null && before.samples() == label.samples()) {
        continue;
      }
      Histogram delta = label.decodedHistogram();
      Histogram responses = label.decodedResponse();
      Map<ErrorCause, Long> causes = new EnumMap<>(ErrorCause.class);
      causes.putAll(label.errorsByCause());
      if (before != null) {
        delta.subtract(before.decodedHistogram());
        responses.subtract(before.decodedResponse());
        before.errorsByCause().forEach((c, n) -> causes.merge(c, -n, Long::sum));
      }
      causes.values().removeIf(n -> n == 0);
      batches.add(new SampleBatch(snapshot.engine(), label.label(), label.phase(), delta,
          causes, snapshot.maxActiveThreads(), responses));
    }
    return batches;
  }

  /** Adds every engine's latest figures of one label and phase to {@code merged}. */
  void addTo(LabelAccumulator merged, String label, Phase phase) {
    for (RecorderSnapshot engine : latest.values()) {
      engine.label(label, phase).ifPresent(merged::absorb);
    }
  }

  /** The highest active-thread count of {@code own} and every engine's. */
  int maxActiveThreads(int own) {
    return latest.values().stream().mapToInt(RecorderSnapshot::maxActiveThreads)
        .reduce(own, Math::max);
  }

  /** Samples the engines recorded, all labels and phases. */
  long recorded() {
    return latest.values().stream().mapToLong(RecorderSnapshot::recorded).sum();
  }

  /** The latest snapshot of every engine that sent one, by engine, as a copy. */
  Map<String, RecorderSnapshot> byEngine() {
    return new LinkedHashMap<>(latest);
  }

  /**
   * The cumulative snapshot of an engine's own statistics, to send to the controller.
   *
   * @param engine the engine's name as the controller knows it
   * @param sequence increasing per engine and run
   * @param last true at the end of the test
   * @param facts the recorder's origin, sample count, and thread counts
   * @param timeline the engine's timeline recorder
   */
  static RecorderSnapshot own(StripedStatistics statistics, String engine, long sequence,
      boolean last, Facts facts, TimelineRecorder timeline) {
    List<LabelSnapshot> labels = new ArrayList<>();
    long overall = 0;
    for (Phase phase : Phase.values()) {
      for (String label : statistics.labels()) {
        LabelSnapshot snapshot = statistics.merged(label, phase).snapshot();
        if (snapshot.samples() == 0) {
          continue;
        }
        labels.add(snapshot);
        if (snapshot.label().equals(LabelSummary.OVERALL)) {
          overall += snapshot.samples();
        }
      }
    }
    return new RecorderSnapshot(engine, sequence, last, facts.origin(), overall,
        facts.recorded(), facts.maxActiveThreads(), facts.threads(), labels,
        timeline.windowMillis(), timeline.windows());
  }

  /**
   * What the recorder knows beside its statistics when it snapshots itself.
   *
   * @param origin epoch ms from which phases are measured
   * @param recorded samples recorded, all labels and phases
   * @param maxActiveThreads highest JMeter active-thread count seen
   * @param threads distinct sampling threads seen
   */
  record Facts(long origin, long recorded, int maxActiveThreads, int threads) {
  }
}
