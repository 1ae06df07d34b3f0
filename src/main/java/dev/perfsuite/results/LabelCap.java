package dev.perfsuite.results;

import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicReference;
import java.util.concurrent.atomic.LongAdder;
import java.util.regex.Pattern;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Keeps the number of labels with statistics of their own bounded ({@code perf.labels.max}, default
 * 1,000). The first labels seen keep theirs, every later one counts as {@value #OTHER}.
 *
 * <p>A label carrying an id ({@code GET /users/123}) would otherwise make one set of histograms
 * per id: 100,000 ids, 100,000 sets. The first label past the cap is warned about once, with the
 * pattern it follows (digits as {@code {id}}) and the fix. The live metrics fold their labels
 * with a cap of their own, so their meters stop at the same labels.
 */
public final class LabelCap {
  /** The row that holds the samples of every label past the cap. */
  public static final String OTHER = "other labels";
  private static final Logger LOG = LoggerFactory.getLogger(LabelCap.class);
  private static final Pattern UUID = Pattern.compile(
      "[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}");
  private static final Pattern DIGITS = Pattern.compile("\\d+");

  private final int max;
  private final boolean warns;
  private final Set<String> kept = ConcurrentHashMap.newKeySet();
  private final LongAdder folded = new LongAdder();
  private final AtomicReference<String> warning = new AtomicReference<>();

  private LabelCap(int max, boolean warns) {
    this.max = max;
    this.warns = warns;
  }

  /**
   * A cap of {@code max} labels (the run's {@code perf.labels.max}); only a warning cap logs,
   * once, when it is reached.
   */
  public static LabelCap of(int max, boolean warns) {
    return new LabelCap(max, warns);
  }

  /** The label {@code label} is counted under: itself, or {@value #OTHER} past the cap. */
  public String of(String label) {
    if (kept.contains(label)) {
      return label;
    }
    synchronized (kept) {
      if (kept.size() < max) {
        kept.add(label);
        return label;
      }
    }
    folded.increment();
    if (warns && warning.get() == null && warning.compareAndSet(null, text(label))) {
      LOG.warn(warning.get());
    }
    return OTHER;
  }

  /** The warning given when the cap was reached, with the samples folded so far; or empty. */
  public Optional<String> warning() {
    return Optional.ofNullable(warning.get())
        .map(w -> w + " (" + folded.sum() + " samples counted as '" + OTHER + "')");
  }

  private String text(String label) {
    return "more than perf.labels.max=" + max + " distinct labels: '" + label
        + "' and later new labels count as '" + OTHER + "'; they look like '" + pattern(label)
        + "'. Fix: give the sampler a name without the id (the HTTP sampler's name, or a "
        + "transaction name around it), or raise -Dperf.labels.max";
  }

  /** The label with its ids replaced: digits and UUIDs become {@code {id}}. */
  static String pattern(String label) {
    return DIGITS.matcher(UUID.matcher(label).replaceAll("{id}")).replaceAll("{id}");
  }
}
