package dev.perfsuite.bench;

import java.time.Duration;
import org.HdrHistogram.Histogram;
import org.apache.jmeter.samplers.SampleEvent;
import org.apache.jmeter.samplers.SampleResult;
import org.apache.jmeter.testelement.TestElement;
import us.abstracta.jmeter.javadsl.core.listeners.BaseListener;

/**
 * The bench's only listener on bare jmeter-java-dsl runs, so bare and suite figures come from the
 * same estimator and window: throughput over every sample (first start to last end, as the suite
 * counts it), and p99 from an HdrHistogram of 3 significant digits (the suite's
 * {@code LabelAccumulator} precision) over the samples that start after the warm-up, measured from
 * test start (the suite's default warm-up origin).
 *
 * <p>One run per JVM ({@link GeneratorRun}), so the state is a static singleton: JMeter may clone
 * the element, and every clone must reach the same histogram.
 */
final class LatencyProbe extends BaseListener {
  private static volatile State state;

  private LatencyProbe() {
    super("bench latency probe", null);
  }

  /** A fresh probe whose measurement window starts {@code warmUp} after the test starts. */
  static LatencyProbe create(Duration warmUp) {
    state = new State(warmUp.toMillis());
    return new LatencyProbe();
  }

  /** The probe of the last run. */
  static State last() {
    return state;
  }

  @Override
  protected TestElement buildTestElement() {
    return new Element();
  }

  /** What the probe saw. */
  static final class State {
    private final long warmUpMillis;
    private final Histogram measured = new Histogram(3);
    private long testStart;
    private long samples;
    private long errors;
    private long firstStart = Long.MAX_VALUE;
    private long lastEnd;

    State(long warmUpMillis) {
      this.warmUpMillis = warmUpMillis;
    }

    synchronized void start() {
      testStart = System.currentTimeMillis();
    }

    synchronized void add(SampleResult result) {
      samples++;
      errors += result.isSuccessful() ? 0 : 1;
      firstStart = Math.min(firstStart, result.getStartTime());
      lastEnd = Math.max(lastEnd, result.getEndTime());
      if (result.getStartTime() >= testStart + warmUpMillis) {
        measured.recordValue(Math.max(0, result.getTime()));
      }
    }

    synchronized long samples() {
      return samples;
    }

    synchronized long errors() {
      return errors;
    }

    synchronized long firstStart() {
      return firstStart;
    }

    synchronized long lastEnd() {
      return lastEnd;
    }

    /** p99 of the measurement window, ms. */
    synchronized long p99() {
      return measured.getValueAtPercentile(99);
    }
  }

  /** The JMeter side. */
  public static final class Element extends CompletedSampleElement {
    private static final long serialVersionUID = 1L;

    @Override
    public void sampleOccurred(SampleEvent event) {
      state.add(event.getResult());
    }

    @Override
    public void testStarted() {
      state.start();
    }

    @Override
    public void testEnded() {
      // Nothing to flush.
    }
  }
}
