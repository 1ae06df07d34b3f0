package dev.perfsuite.config.settings;

/**
 * Where the warm-up window ({@code perf.warm-up}) is measured from.
 *
 * <p>{@link #TEST_START} is the suite's default: the moment JMeter starts the test, so a slow
 * first request still falls in the warm-up. {@link #FIRST_SAMPLE} is what WSO2's JTL splitter
 * does (warm-up ends {@code warm-up} after the first sample's start timestamp, that sample
 * included while {@code start - first <= warm-up}); choose it to reproduce WSO2's tables exactly.
 */
public enum WarmUpOrigin {
  TEST_START,
  FIRST_SAMPLE
}
