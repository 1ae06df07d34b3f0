package dev.perfsuite.results;

import java.io.Serializable;
import java.nio.ByteBuffer;
import java.util.Map;
import java.util.zip.DataFormatException;
import org.HdrHistogram.Histogram;

/**
 * The cumulative statistics of one label in one phase on one engine, as sent to the controller.
 * They are enough to merge engines exactly (histogram addition, Chan's parallel formula for mean
 * and variance) without any sample crossing the network.
 *
 * @param label sampler label, or {@link LabelSummary#OVERALL}
 * @param phase the phase
 * @param histogram the response-time histogram, HdrHistogram's compressed encoding
 * @param samples samples so far
 * @param errors failed samples so far
 * @param mean mean response time, ms
 * @param squaredDeviations sum of squared deviations from the mean (Welford's M2), ms squared
 * @param min fastest response, ms ({@code Long.MAX_VALUE} with no samples)
 * @param max slowest response, ms ({@code Long.MIN_VALUE} with no samples)
 * @param firstStart epoch ms of the first sample's start
 * @param lastEnd epoch ms of the last sample's end
 * @param receivedBytes bytes received
 * @param sentBytes bytes sent
 * @param errorsByCause failed samples by cause
 * @param errorsByStatus failed samples with an HTTP status, by status
 * @param responseHistogram the response-time histogram (intended start or corrected), encoded
 * @param lateStarts requests started more than 10 ms after their intended start
 * @param maxLagMillis the largest delay between an intended and an actual start, ms
 * @param stalls samples the coordinated-omission correction filled in
 */
public record LabelSnapshot(String label, Phase phase, byte[] histogram, long samples,
    long errors, double mean, double squaredDeviations, long min, long max, long firstStart,
    long lastEnd, long receivedBytes, long sentBytes, Map<ErrorCause, Long> errorsByCause,
    Map<String, Long> errorsByStatus, byte[] responseHistogram, long lateStarts,
    long maxLagMillis, long stalls) implements Serializable {

  public LabelSnapshot {
    errorsByCause = Map.copyOf(errorsByCause);
    errorsByStatus = Map.copyOf(errorsByStatus);
  }

  /** A snapshot whose response times are its service times (no schedule, no stall). */
  public LabelSnapshot(String label, Phase phase, byte[] histogram, long samples, long errors,
      double mean, double squaredDeviations, long min, long max, long firstStart, long lastEnd,
      long receivedBytes, long sentBytes, Map<ErrorCause, Long> errorsByCause,
      Map<String, Long> errorsByStatus) {
    this(label, phase, histogram, samples, errors, mean, squaredDeviations, min, max, firstStart,
        lastEnd, receivedBytes, sentBytes, errorsByCause, errorsByStatus, histogram, 0, 0, 0);
  }

  /** The decoded response-time histogram. */
  public Histogram decodedResponse() {
    return decode(responseHistogram);
  }

  /** The summary of these statistics under {@code name} (e.g. an engine's name). */
  public LabelSummary summary(String name) {
    LabelAccumulator accumulator = new LabelAccumulator(name, phase);
    accumulator.absorb(this);
    return accumulator.summary();
  }

  /** The decoded histogram. */
  public Histogram decodedHistogram() {
    return decode(histogram);
  }

  static byte[] encode(Histogram histogram) {
    ByteBuffer buffer = ByteBuffer.allocate(histogram.getNeededByteBufferCapacity());
    int length = histogram.encodeIntoCompressedByteBuffer(buffer);
    byte[] bytes = new byte[length];
    buffer.flip();
    buffer.get(bytes);
    return bytes;
  }

  static Histogram decode(byte[] bytes) {
    try {
      Histogram histogram = Histogram.decodeFromCompressedByteBuffer(ByteBuffer.wrap(bytes), 0);
      histogram.setAutoResize(true);
      return histogram;
    } catch (DataFormatException e) {
      throw new IllegalArgumentException("corrupt histogram in an engine snapshot", e);
    }
  }
}
