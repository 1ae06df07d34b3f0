package dev.perfsuite.results;

import dev.perfsuite.config.settings.WarmUpOrigin;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import org.apache.jmeter.samplers.SampleEvent;
import org.apache.jmeter.samplers.SampleResult;

/**
 * Judges when a sample was meant to start and which phase it belongs to, for the recorder.
 *
 * <p>Phases are cut {@code warmUp} after the test's start, or after the earliest sample under
 * {@code perf.warm-up.origin=first-sample}.
 *
 * <p>Response time (what users saw) is recorded beside service time (JMeter's elapsed): from the
 * intended start that {@code ArrivalTimer} puts in the sample's variables under the open model;
 * in the closed model, a sample slower than its user's expected interval by
 * {@link UserPace#STALL_FACTOR} times and {@link UserPace#STALL_FLOOR_MILLIS} ms is a stall, and
 * the requests that user would have sent meanwhile are filled in (HdrHistogram's
 * expected-interval correction).
 */
final class SamplePhases {
  private static final int UNKNOWN = -2;

  private final long warmUpMillis;
  private final boolean fromFirstSample;
  private final AtomicLong firstStart = new AtomicLong(Long.MAX_VALUE);
  private final Map<String, UserPace> paces = new ConcurrentHashMap<>();
  private volatile int intendedIndex = UNKNOWN;

  SamplePhases(Duration warmUp, WarmUpOrigin origin) {
    this.warmUpMillis = warmUp.toMillis();
    this.fromFirstSample = origin == WarmUpOrigin.FIRST_SAMPLE;
  }

  long warmUpMillis() {
    return warmUpMillis;
  }

  /** The sample's timing: its intended start (open model) or the closed model's correction. */
  SampleTiming timing(SampleEvent event, boolean transaction) {
    SampleResult result = event.getResult();
    int index = intendedIndex;
    if (index == UNKNOWN) {
      // Read at the first sample: every test listener (the schedule among them) has started.
      index = IntendedStart.variableIndex();
      intendedIndex = index;
    }
    return paces.computeIfAbsent(result.getThreadName(), n -> new UserPace())
        .timing(result.getStartTime(), result.getEndTime(), result.getTime(),
            IntendedStart.of(event, index), transaction);
  }

  /**
   * The phase of a sample, warm-up or measurement. A setUp group's and once-only work are always
   * measured; a scheduled request belongs to the phase it was meant to start in (a warm-up backlog
   * sent late must not land in the measurement); a transaction to the phase it ends in, so a long
   * one that started during warm-up still counts.
   */
  Phase of(SampleResult result, SampleTiming timing, boolean transaction, long origin,
      boolean setUp, boolean onceOnly) {
    if (setUp) {
      return Phase.MEASUREMENT;
    }
    long phaseTime = transaction ? result.getEndTime()
        : timing.intendedMillis() >= 0 ? timing.intendedMillis() : result.getStartTime();
    Phase phase = phaseAt(phaseTime, origin);
    return phase == Phase.WARM_UP && onceOnly ? Phase.MEASUREMENT : phase;
  }

  /**
   * The phase at {@code phaseTime}: measured from the test start, or (first-sample origin) from
   * the earliest sample so far, "within" including the edge there.
   */
  private Phase phaseAt(long phaseTime, long origin) {
    if (!fromFirstSample) {
      return phaseTime - origin < warmUpMillis ? Phase.WARM_UP : Phase.MEASUREMENT;
    }
    long first = firstStart.get();
    while (phaseTime < first && !firstStart.compareAndSet(first, phaseTime)) {
      first = firstStart.get();
    }
    first = Math.min(first, phaseTime);
    return phaseTime - first <= warmUpMillis ? Phase.WARM_UP : Phase.MEASUREMENT;
  }
}
