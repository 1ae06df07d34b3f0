package dev.perfsuite.results;

import java.util.stream.LongStream;
import org.apache.jmeter.samplers.SampleResult;

/**
 * When one sample started, ended and was meant to start, as the recorder judges it.
 *
 * @param startMillis epoch ms the request was sent
 * @param endMillis epoch ms the response ended
 * @param elapsedMillis JMeter's elapsed time (service time), ms
 * @param intendedMillis epoch ms the open model's schedule meant it to start, -1 without one
 * @param expectedIntervalMillis the closed-model user's expected interval between requests when
 *     this sample was a stall to correct for, else 0
 */
public record SampleTiming(long startMillis, long endMillis, long elapsedMillis,
    long intendedMillis, long expectedIntervalMillis) {

  /** A sample timed from its actual send only: no schedule, no correction. */
  public static SampleTiming actual(long startMillis, long endMillis, long elapsedMillis) {
    return new SampleTiming(startMillis, endMillis, elapsedMillis, -1, 0);
  }

  /** JMeter's own timing of {@code result}: its start, end and elapsed time, nothing intended. */
  public static SampleTiming actual(SampleResult result) {
    return actual(result.getStartTime(), result.getEndTime(), result.getTime());
  }

  /**
   * What the user saw, ms: end minus the intended start when there is one, else the service
   * time. A stall's filled-in requests are {@link #filledIn()}.
   */
  public long responseMillis() {
    long elapsed = Math.max(0, elapsedMillis);
    return intendedMillis >= 0 ? elapsed + Math.max(0, startMillis - intendedMillis) : elapsed;
  }

  /**
   * The response times of the requests a stalled closed-model user would have sent meanwhile.
   * HdrHistogram's expected-interval correction adds them (value - interval, value - 2 x interval,
   * ... while at least the interval); empty when this sample is no stall.
   */
  public LongStream filledIn() {
    if (!isStall()) {
      return LongStream.empty();
    }
    long interval = expectedIntervalMillis;
    long first = elapsedMillis - interval;
    return LongStream.iterate(first, v -> v >= interval, v -> v - interval);
  }

  /** True when the closed-model correction applies to this sample. */
  boolean isStall() {
    return intendedMillis < 0 && expectedIntervalMillis > 0;
  }
}
