package dev.perfsuite.results;

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

  /** True when the closed-model correction applies to this sample. */
  boolean isStall() {
    return intendedMillis < 0 && expectedIntervalMillis > 0;
  }
}
