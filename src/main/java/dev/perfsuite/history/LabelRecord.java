package dev.perfsuite.history;

import java.nio.ByteBuffer;
import java.time.Duration;
import java.util.Base64;
import java.util.List;
import java.util.zip.DataFormatException;
import org.HdrHistogram.Histogram;

/**
 * One label's measurement phase in one run, as the history keeps it.
 *
 * @param label sampler label, or {@code TOTAL} for all samplers
 * @param samples measurement-phase samples
 * @param errors failed samples among them
 * @param p50Millis median response time, ms (-1 with no samples)
 * @param p90Millis 90th percentile, ms
 * @param p95Millis 95th percentile, ms
 * @param p99Millis 99th percentile, ms
 * @param maxMillis slowest sample, ms
 * @param meanMillis mean response time, ms
 * @param throughput samples per second over the phase's span
 * @param windows the phase cut into the run's timeline windows, in time order; what the
 *     run-to-run noise test compares
 * @param histogram the phase's exact response-time HdrHistogram (ms, 3 significant digits),
 *     compressed and base64-encoded; empty when the run left no JTL to read it from
 */
public record LabelRecord(String label, long samples, long errors, long p50Millis, long p90Millis,
    long p95Millis, long p99Millis, long maxMillis, double meanMillis, double throughput,
    List<Window> windows, String histogram) {

  public LabelRecord {
    windows = List.copyOf(windows);
  }

  /**
   * One timeline window of the measurement phase.
   *
   * @param samples samples that started in the window
   * @param errors failed samples among them
   * @param p95Millis the window's 95th percentile, ms
   * @param p99Millis the window's 99th percentile, ms
   */
  public record Window(long samples, long errors, long p95Millis, long p99Millis) {

    /** Samples per second over a window of {@code width}. */
    double throughput(Duration width) {
      return samples * 1000.0 / width.toMillis();
    }

    /** Failed samples in percent, 0 for an empty window. */
    double errorPercent() {
      return samples == 0 ? 0 : errors * 100.0 / samples;
    }
  }

  /** Failed samples in percent of all samples, 0 when there were none. */
  public double errorPercent() {
    return samples == 0 ? 0 : errors * 100.0 / samples;
  }

  /** The exact measurement-phase histogram, decoded; empty when none was recorded. */
  public Histogram decodedHistogram() {
    if (histogram.isEmpty()) {
      return new Histogram(3);
    }
    try {
      return Histogram.decodeFromCompressedByteBuffer(
          ByteBuffer.wrap(Base64.getDecoder().decode(histogram)), 0);
    } catch (DataFormatException | IllegalArgumentException e) {
      throw new IllegalStateException("history record of label '" + label
          + "' holds a corrupt histogram: " + e.getMessage(), e);
    }
  }

  /** A histogram compressed and base64-encoded, as {@link #histogram()} holds it. */
  static String encode(Histogram histogram) {
    if (histogram.getTotalCount() == 0) {
      return "";
    }
    ByteBuffer buffer = ByteBuffer.allocate(histogram.getNeededByteBufferCapacity());
    int length = histogram.encodeIntoCompressedByteBuffer(buffer, 9);
    byte[] bytes = new byte[length];
    buffer.flip();
    buffer.get(bytes);
    return Base64.getEncoder().encodeToString(bytes);
  }
}
