package dev.perfsuite.results;

import java.io.Serializable;
import java.util.List;
import java.util.Optional;

/**
 * Everything one engine's recorder aggregated so far, sent to the controller every
 * {@code perf.remotes.snapshot-interval} and once more at the end.
 *
 * <p>Cumulative, so idempotent: a lost snapshot costs nothing, the one with the highest
 * {@code sequence} wins. Its arrival is also the engine's heartbeat.
 *
 * @param engine the engine as the controller names it ({@code host:port})
 * @param sequence 1, 2, ... per engine and run
 * @param last true for the snapshot sent when the engine's test ended
 * @param origin epoch ms the engine measures phases from
 * @param samples samples recorded, transaction parents excluded (what the engine reports sent)
 * @param recorded samples recorded including transaction parents (its JTL's lines)
 * @param maxActiveThreads highest JMeter active-thread count seen on the engine
 * @param threads distinct sampling threads seen on the engine
 * @param labels per label and phase statistics, {@link LabelSummary#OVERALL} included
 * @param windowMillis width of the timeline windows
 * @param timeline the engine's timeline windows so far
 */
public record RecorderSnapshot(String engine, long sequence, boolean last, long origin,
    long samples, long recorded, int maxActiveThreads, int threads, List<LabelSnapshot> labels,
    long windowMillis, List<WindowSnapshot> timeline) implements Serializable {

  public RecorderSnapshot {
    labels = List.copyOf(labels);
    timeline = List.copyOf(timeline);
  }

  /** The snapshot of one label and phase, if the engine sampled it. */
  public Optional<LabelSnapshot> label(String label, Phase phase) {
    return labels.stream().filter(l -> l.label().equals(label) && l.phase() == phase)
        .findFirst();
  }
}
