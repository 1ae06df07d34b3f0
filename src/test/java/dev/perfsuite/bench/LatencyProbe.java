package dev.perfsuite.bench;

import java.time.Duration;
import java.util.concurrent.atomic.LongAccumulator;
import java.util.concurrent.atomic.LongAdder;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.Recorder;
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

  /**
   * What the probe saw. Lock-free on the sample path (adders, accumulators and HdrHistogram's
   * wait-free {@link Recorder}), so the probe adds no contention point to the baseline.
   */
  static final class State {
    private final long warmUpMillis;
    private final Recorder measured = new Recorder(3);
    private final LongAdder samples = new LongAdder();
    private final LongAdder errors = new LongAdder();
    private final LongAccumulator firstStart = new LongAccumulator(Math::min, Long.MAX_VALUE);
    private final LongAccumulator lastEnd = new LongAccumulator(Math::max, 0);
    private volatile long testStart;
    private Histogram window;

    State(long warmUpMillis) {
      this.warmUpMillis = warmUpMillis;
    }

    void start() {
      testStart = System.currentTimeMillis();
    }

    void add(SampleResult result) {
      samples.increment();
      if (!result.isSuccessful()) {
        errors.increment();
      }
      firstStart.accumulate(result.getStartTime());
      lastEnd.accumulate(result.getEndTime());
      if (result.getStartTime() >= testStart + warmUpMillis) {
        measured.recordValue(Math.max(0, result.getTime()));
      }
    }

    long samples() {
      return samples.sum();
    }

    long errors() {
      return errors.sum();
    }

    long firstStart() {
      return firstStart.get();
    }

    long lastEnd() {
      return lastEnd.get();
    }

    /** p99 of the measurement window, ms; after the run. */
    long p99() {
      return window().getValueAtPercentile(99);
    }

    /** p50 of the measurement window, ms; after the run. */
    long p50() {
      return window().getValueAtPercentile(50);
    }

    /** The measurement window's histogram, taken once: the recorder's interval then resets. */
    private synchronized Histogram window() {
      if (window == null) {
        window = new Histogram(3);
        window.add(measured.getIntervalHistogram());
      }
      return window;
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
