package dev.perfsuite.results;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A recorder's own per-label, per-phase statistics, in a few striped accumulators so that
 * recording does not serialise users.
 *
 * <p>A user takes its thread's stripe's lock (uncontended unless two threads share a stripe);
 * a read merges the stripes exactly (histogram addition, Chan's formula). Transaction-controller
 * samples get their own label but stay out of {@link LabelSummary#OVERALL}, which would
 * otherwise count their children twice.
 */
final class StripedStatistics {
  private static final int STRIPES = Math.max(2, Math.min(8,
      Runtime.getRuntime().availableProcessors()));

  private final Stripe[] stripes = new Stripe[STRIPES];
  private final Map<String, Integer> labelOrder = new ConcurrentHashMap<>();
  private final AtomicInteger labelSequence = new AtomicInteger();

  StripedStatistics() {
    for (int i = 0; i < STRIPES; i++) {
      stripes[i] = new Stripe();
    }
  }

  /** Adds one sample in the calling thread's stripe; called from every sampling thread. */
  void add(String label, Phase phase, boolean transaction, SampleTiming timing, long received,
      long sent, ErrorCause cause, String status) {
    note(label);
    Stripe stripe = stripes[(int) (Thread.currentThread().getId() % STRIPES)];
    synchronized (stripe) {
      stripe.accumulator(label, phase).add(timing, received, sent, cause, status);
      if (!transaction) {
        stripe.accumulator(LabelSummary.OVERALL, phase).add(timing, received, sent, cause,
            status);
      }
    }
  }

  /** Places {@code label} in the label order if it is new (an engine's label, say). */
  void note(String label) {
    labelOrder.computeIfAbsent(label, l -> labelSequence.getAndIncrement());
  }

  /** Labels in the order they were first noted, {@link LabelSummary#OVERALL} first. */
  List<String> labels() {
    List<String> order = new ArrayList<>();
    order.add(LabelSummary.OVERALL);
    labelOrder.entrySet().stream().sorted(Map.Entry.comparingByValue()).map(Map.Entry::getKey)
        .filter(l -> !l.equals(LabelSummary.OVERALL)).forEach(order::add);
    return order;
  }

  /** Every stripe's samples of one label and phase merged into a new accumulator. */
  LabelAccumulator merged(String label, Phase phase) {
    LabelAccumulator merged = new LabelAccumulator(label, phase);
    for (Stripe stripe : stripes) {
      stripe.addTo(merged, label, phase);
    }
    return merged;
  }

  /** One lock's share of the accumulators. */
  private static final class Stripe {
    private final Map<String, LabelAccumulator> warmUp = new LinkedHashMap<>();
    private final Map<String, LabelAccumulator> measurement = new LinkedHashMap<>();

    LabelAccumulator accumulator(String label, Phase phase) {
      return (phase == Phase.WARM_UP ? warmUp : measurement)
          .computeIfAbsent(label, l -> new LabelAccumulator(l, phase));
    }

    synchronized void addTo(LabelAccumulator merged, String label, Phase phase) {
      LabelAccumulator own = (phase == Phase.WARM_UP ? warmUp : measurement).get(label);
      if (own != null) {
        merged.absorb(own);
      }
    }
  }
}
