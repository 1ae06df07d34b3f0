package dev.perfsuite.engines;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;
import static us.abstracta.jmeter.javadsl.JmeterDsl.httpSampler;

import dev.perfsuite.config.settings.EchoStall;
import dev.perfsuite.echo.EchoBackend;
import dev.perfsuite.echo.EchoOptions;
import dev.perfsuite.profiles.LoadProfile;
import dev.perfsuite.profiles.Profiles;
import dev.perfsuite.results.LabelSummary;
import dev.perfsuite.results.Phase;
import dev.perfsuite.results.ResultDirectory;
import dev.perfsuite.results.RunResult;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.reflect.Field;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentSkipListMap;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.LongUnaryOperator;
import org.apache.jmeter.samplers.SampleResult;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Response time against a known truth: the echo backend freezes 400 ms every 2 s (wall-clock
 * aligned), so for arrivals spread evenly over a window the extra wait of every instant is known,
 * and so is every percentile of what users saw. JMeter's own figure (service time) hides the
 * freeze whenever the generator waits for it; the suite's response time must not.
 *
 * <p>The echo freezes on the wall clock, while JMeter stamps samples (and the suite its intended
 * starts) on JMeter's sample clock, whose offset to the wall clock can be off by a preemption on
 * a loaded host. The truths therefore map each stamp onto the wall clock with the offset that held
 * at that moment ({@link ClockOffsets}, read beside the run).
 */
class StallTruthIT {
  private static final EchoStall STALL = EchoStall.parse("2s:400ms");
  private static final Duration WARM_UP = Duration.ofSeconds(1);
  private static final Duration HOLD = Duration.ofSeconds(9);
  private static final double RATE = 50;
  /** The longest host pause beside a run for which the analytical truth still holds. */
  private static final Duration HOST_PAUSE = Duration.ofMillis(100);
  private static final int ATTEMPTS = 3;

  @TempDir
  Path results;
  /** The clock offsets read beside the last open-model run. */
  private ClockOffsets runOffsets;

  @Test
  void shouldReportTheTruthFromTheIntendedStartWithEnoughUsers() {
    RunResult result = openOnAQuietHost(STALL, 60);
    assertOpenModelTruths("open model, 60 users", result);
  }

  @Test
  void shouldStillReportTheTruthAndSayItFellBehindWithTooFewUsers() {
    // A freeze holds RATE x 400 ms = 20 arrivals; 10 users cannot take them all on time.
    RunResult result = openOnAQuietHost(STALL, 10);
    LabelSummary m = result.overall(Phase.MEASUREMENT);
    assertOpenModelTruths("open model, 10 users", result);
    // Requests sent after a freeze, late, look fast from their actual send: JMeter's figure
    // (service time) under-reports what those users saw, here by a quarter of the mean.
    assertThat(m.service().mean()).as("service time (JMeter's figure) under-reports")
        .isLessThan(m.response().mean() * 0.9);
    assertThat(m.lateStarts()).as("late starts counted").isPositive();
    assertThat(result.warnings()).as("the run says the generator fell behind")
        .anyMatch(w -> w.startsWith("generator behind schedule") && w.contains("perf.max-threads"));
  }

  @Test
  void shouldCorrectTheClosedModelAndShowTheRawBias() {
    RunResult result;
    ClockOffsets offsets = ClockOffsets.start();
    try (EchoBackend echo = echo(STALL)) {
      LoadProfile profile = Profiles.smoke().withUsers(8).withRampUp(Duration.ZERO)
          .withHold(HOLD).withWarmUp(WARM_UP).withThinkTime(Duration.ofMillis(10));
      result = Engines.embedded(results, Duration.ofSeconds(2), Duration.ofSeconds(5))
          .run(LoadPlan.of("closed-stall", profile, httpSampler("GET echo", echo.uri()
              .toString())));
    } finally {
      offsets.stop();
    }
    LabelSummary m = result.overall(Phase.MEASUREMENT);
    Truth truth = Truth.closed(m, STALL, offsets);
    assertThat(m.service().p99()).as("closed model raw p99 is below the truth (the bias)")
        .isLessThan(truth.p99());
    assertWithin("closed model corrected p95", m.response().p95(), truth.p95(), 0.10);
    assertWithin("closed model corrected p99", m.response().p99(), truth.p99(), 0.10);
    assertThat(m.stalls()).as("stalls corrected").isPositive();
    assertThat(result.warnings()).as("the run names the coordinated omission")
        .anyMatch(w -> w.startsWith("coordinated omission"));
  }

  @Test
  void shouldChangeNothingWithoutAStall() {
    RunResult open = open(null, 20);
    LabelSummary o = open.overall(Phase.MEASUREMENT);
    // A user wakes for its slot and then builds the request: 1-2 ms at the median, whole ms.
    assertThat((double) o.response().p50()).as("open model without a stall: response p50")
        .isCloseTo(o.service().p50(), within(2.0));
    // What remains is the generator's own lateness (a busy host wakes threads late): it is
    // counted, and no larger than the largest lag.
    assertThat(o.response().p99() - o.service().p99())
        .as("open model without a stall: response p99 - service p99, against the largest lag")
        .isLessThanOrEqualTo(Math.max(1, o.maxLagMillis()));
    RunResult closed;
    try (EchoBackend echo = echo(null)) {
      LoadProfile profile = Profiles.smoke().withUsers(4).withRampUp(Duration.ZERO)
          .withHold(Duration.ofSeconds(4)).withWarmUp(WARM_UP);
      closed = Engines.embedded(results, Duration.ofSeconds(2), Duration.ofSeconds(5))
          .run(LoadPlan.of("closed-no-stall", profile, httpSampler("GET echo", echo.uri()
              .toString())));
    }
    LabelSummary c = closed.overall(Phase.MEASUREMENT);
    assertThat(c.response().p99()).as("closed model without a stall: corrected p99 = raw p99")
        .isEqualTo(c.service().p99());
    assertThat(closed.warnings()).as("no coordinated-omission warning")
        .noneMatch(w -> w.startsWith("coordinated omission"));
  }

  @Test
  void shouldMeasureFromTheIntendedStartWhenJmetersClockOffsetIsOff() throws Exception {
    // JMeter stamps samples with nano time plus an offset to the wall clock; here the offset is
    // held 50 ms ahead, as a preempted offset read leaves it. Response time must not move.
    RunResult result;
    try (SkewedSampleClock skew = SkewedSampleClock.ahead(Duration.ofMillis(50));
        EchoBackend echo = echo(null)) {
      LoadProfile profile = Profiles.smoke().withRampUp(Duration.ZERO)
          .withHold(Duration.ofSeconds(3)).withWarmUp(WARM_UP).withTargetRate(RATE)
          .withMaxThreads(20);
      result = Engines.embedded(results, Duration.ofSeconds(2), Duration.ofSeconds(5))
          .run(LoadPlan.of("open-skewed-clock", profile, httpSampler("GET echo", echo.uri()
              .toString())));
    }
    LabelSummary m = result.overall(Phase.MEASUREMENT);
    assertThat(m.samples()).as("samples measured").isPositive();
    assertThat((double) m.response().p50())
        .as("response p50 with JMeter's clock offset 50 ms off, against service p50")
        .isCloseTo(m.service().p50(), within(5.0));
  }

  /**
   * The measured requests are exactly the JTL's rows meant for the measurement phase; response
   * p95/p99 are exactly those rows' percentiles (end minus intended start, to the histogram's
   * precision), within 5 % (or 10 ms) of the model of the requests as sent, and within 10 % of
   * the analytical truth of their intended starts.
   */
  private void assertOpenModelTruths(String what, RunResult result) {
    LabelSummary m = result.overall(Phase.MEASUREMENT);
    Path jtl = result.directory().resolve(ResultDirectory.JTL);
    long from = result.origin().orElseThrow().toEpochMilli() + WARM_UP.toMillis();
    long all = m.samples() + result.overall(Phase.WARM_UP).samples();
    assertThat(Truth.measuredRows(Long.MIN_VALUE, jtl).length).as(what + ": the JTL's rows")
        .isEqualTo(all);
    // Every row carries its intended start, so the recorder phases exactly the rows meant for the
    // measurement (OpenModelIT holds the rows written while the recorder catches up).
    assertThat((long) Truth.measuredRows(from, jtl).length)
        .as(what + ": the JTL's rows meant for the measurement")
        .isEqualTo(m.samples());
    long[] rows = Truth.responses(from, jtl);
    assertExact(what + ": response p95 (the JTL's rows)", m.response().p95(), rows, 95);
    assertExact(what + ": response p99 (the JTL's rows)", m.response().p99(), rows, 99);
    Truth sent = Truth.asSent(m, from, STALL, jtl, runOffsets);
    assertWithin(what + ": response p95 (as sent)", m.response().p95(), sent.p95(), 0.05);
    assertWithin(what + ": response p99 (as sent)", m.response().p99(), sent.p99(), 0.05);
    Truth truth = Truth.over(m, from, STALL, jtl, runOffsets);
    assertWithin(what + ": response p95", m.response().p95(), truth.p95(), 0.10);
    assertWithin(what + ": response p99", m.response().p99(), truth.p99(), 0.10);
  }

  /**
   * An open-model run on a host that did not pause it: the analytical truth knows only the echo's
   * freezes, so a run the host paused for longer than {@link #HOST_PAUSE} (another build on the
   * cores, a VM steal) is run again, at most {@link #ATTEMPTS} times. What the suite measured of
   * a paused run still holds (the JTL's rows, the requests as sent); only the model does not.
   */
  private RunResult openOnAQuietHost(EchoStall stall, int users) {
    List<Long> pauses = new ArrayList<>();
    for (int attempt = 1; attempt <= ATTEMPTS; attempt++) {
      RunResult result = open(stall, users);
      long pause = runOffsets.longestPauseMillis();
      if (pause <= HOST_PAUSE.toMillis()) {
        return result;
      }
      pauses.add(pause);
      System.out.printf("open, %d users: the host paused the run %d ms (over %d ms), again%n",
          users, pause, HOST_PAUSE.toMillis());
    }
    throw new AssertionError("the host paused every open-model run for longer than "
        + HOST_PAUSE.toMillis() + " ms (" + pauses + " ms), so the analytical truth cannot hold: "
        + "run this test on a quieter host");
  }

  private RunResult open(EchoStall stall, int users) {
    runOffsets = ClockOffsets.start();
    try (EchoBackend echo = echo(stall)) {
      LoadProfile profile = Profiles.smoke().withRampUp(Duration.ZERO).withHold(HOLD)
          .withWarmUp(WARM_UP).withTargetRate(RATE).withMaxThreads(users);
      RunResult result = Engines.embedded(results, Duration.ofSeconds(2), Duration.ofSeconds(5))
          .run(LoadPlan.of("open-stall-" + users, profile, httpSampler("GET echo", echo.uri()
              .toString())));
      LabelSummary m = result.overall(Phase.MEASUREMENT);
      System.out.printf("open, %d users, stall %s: %d samples, %.1f req/s, service p50/p95/p99 "
          + "%d/%d/%d ms, response %d/%d/%d ms, late %d, max lag %d ms%n", users, stall,
          m.samples(), m.throughput(), m.service().p50(), m.service().p95(), m.service().p99(),
          m.response().p50(), m.response().p95(), m.response().p99(), m.lateStarts(),
          m.maxLagMillis());
      return result;
    } finally {
      runOffsets.stop();
    }
  }

  private static EchoBackend echo(EchoStall stall) {
    EchoOptions options = EchoOptions.defaults().withHost("127.0.0.1").withPort(0);
    return EchoBackend.start(stall == null ? options : options.withStall(stall));
  }

  /**
   * The rows' percentile to the histogram's precision (3 significant digits, so 1 ms below 1 s),
   * give or take one row: the histogram ranks a percentile one row apart from this rank at most.
   */
  private static void assertExact(String what, long actual, long[] sorted, double percentile) {
    int index = Truth.index(sorted, percentile);
    long low = sorted[Math.max(0, index - 1)] - 1;
    long high = sorted[Math.min(sorted.length - 1, index + 1)] + 1;
    System.out.printf("%s: %d ms, exact %d ms (one row either side: %d-%d ms)%n", what, actual,
        sorted[index], low, high);
    assertThat(actual).as(what + " against the exact " + sorted[index] + " ms")
        .isBetween(low, high);
  }

  private static void assertWithin(String what, long actual, long truth, double share) {
    double tolerance = Math.max(10, truth * share);
    System.out.printf("%s: %d ms, truth %d ms (tolerance %.0f ms)%n", what, actual, truth,
        tolerance);
    assertThat((double) actual).as(what + " against the truth " + truth + " ms")
        .isCloseTo(truth, within(tolerance));
  }

  /**
   * Percentiles of what users saw for arrivals spread evenly over the measured window: one
   * arrival per millisecond, each held as the stall holds it, plus the run's median service
   * time (the server's and client's own time, which the freeze adds to).
   */
  record Truth(long p95, long p99) {
    /**
     * Open model: exactly the measured requests' intended starts, read from the JTL's
     * perf_intended_start column (the measurement phase holds the latest ones).
     */
    static Truth over(LabelSummary measured, long from, EchoStall stall, Path jtl,
        ClockOffsets offsets) {
      return over(measured, from, stall, jtl, offsets, false);
    }

    private static Truth over(LabelSummary measured, long from, EchoStall stall, Path jtl,
        LongUnaryOperator toWall, boolean sent) {
      long base = measured.service().p50();
      long[] waits = Arrays.stream(measuredRows(from, jtl))
          .mapToLong(r -> sent
              ? base + Math.max(0, r[1] - r[0]) + stall.holdMillis(toWall.applyAsLong(r[1]))
              : base + stall.holdMillis(toWall.applyAsLong(r[0]))).sorted().toArray();
      return new Truth(rank(waits, 95), rank(waits, 99));
    }

    static Truth over(LabelSummary measured, EchoStall stall, long from, long to,
        LongUnaryOperator toWall) {
      long base = measured.service().p50();
      long[] waits = new long[(int) (to - from)];
      for (int i = 0; i < waits.length; i++) {
        waits[i] = base + stall.holdMillis(toWall.applyAsLong(from + i));
      }
      Arrays.sort(waits);
      return new Truth(rank(waits, 95), rank(waits, 99));
    }

    /**
     * The measured requests' own response times from the JTL, sorted: start plus elapsed minus
     * the intended start, the arithmetic the suite's histogram must reproduce exactly.
     */
    static long[] responses(long from, Path jtl) {
      return Arrays.stream(measuredRows(from, jtl)).mapToLong(r -> r[1] + r[2] - r[0]).sorted()
          .toArray();
    }

    /**
     * The rows of the requests meant to start at {@code from} or later (the measurement phase),
     * as {intended start, start, elapsed}.
     */
    static long[][] measuredRows(long from, Path jtl) {
      List<String> lines;
      try {
        lines = Files.readAllLines(jtl);
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
      // JMeter quotes sample-variable names in the header.
      int columns = lines.get(0).split(",").length;
      int column = Arrays.asList(lines.get(0).replace("\"", "").split(","))
          .indexOf("perf_intended_start");
      assertThat(column).as("the JTL carries the intended start").isNotNegative();
      // A sample without an intended start is measured from its actual start, as the recorder
      // does; the limit -1 keeps a trailing empty column.
      return lines.stream().skip(1).map(l -> l.split(",", -1))
          .map(f -> {
            String intended = f[f.length - 1 - (columns - 1 - column)];
            long start = Long.parseLong(f[0]);
            return new long[] {intended.isEmpty() ? start : Long.parseLong(intended), start,
                Long.parseLong(f[1])};
          })
          .filter(r -> r[0] >= from).toArray(long[][]::new);
    }

    /**
     * The same requests judged by when they were actually sent: the freeze holds each from its
     * send (a request meant for just before a freeze but sent just inside it is held the whole
     * freeze), plus its wait for a free user, plus the run's median service time. The analytical
     * truth above differs from it by the arrival grid's steps at the freeze edges and by the
     * generator's drain after a freeze.
     */
    static Truth asSent(LabelSummary measured, long from, EchoStall stall, Path jtl,
        ClockOffsets offsets) {
      return over(measured, from, stall, jtl, offsets, true);
    }

    /** Closed model: the span of the measurement phase. */
    static Truth closed(LabelSummary measured, EchoStall stall, ClockOffsets offsets) {
      return over(measured, stall, measured.firstStartMillis(), measured.lastEndMillis(),
          offsets);
    }

    private static long rank(long[] sorted, double percentile) {
      return sorted[index(sorted, percentile)];
    }

    /** The nearest-rank index of {@code percentile} in {@code sorted}. */
    static int index(long[] sorted, double percentile) {
      return Math.max(0, (int) Math.ceil(percentile / 100 * sorted.length) - 1);
    }
  }

  /**
   * JMeter's sample clock minus the wall clock, read every 10 ms on a thread beside the run, as a
   * map from JMeter time to wall time. A reading whose two wall-clock reads lie more than 1 ms
   * apart (the reader was preempted between them) is dropped.
   */
  static final class ClockOffsets implements LongUnaryOperator {
    private final ConcurrentSkipListMap<Long, Long> offsets = new ConcurrentSkipListMap<>();
    private final ScheduledExecutorService reader = daemon("stall-truth-clock");
    /** The reader's last wake (nano time) and its longest wait past the 10 ms it asked for. */
    private long lastRead;
    private volatile long longestPauseNanos;

    private ClockOffsets() {
    }

    static ClockOffsets start() {
      ClockOffsets offsets = new ClockOffsets();
      offsets.reader.scheduleWithFixedDelay(offsets::read, 0, 10, TimeUnit.MILLISECONDS);
      return offsets;
    }

    private void read() {
      long now = System.nanoTime();
      if (lastRead != 0) {
        // Only this reader's thread writes: a wake far past its delay is the host pausing it.
        longestPauseNanos = Math.max(longestPauseNanos, now - lastRead - 10_000_000L);
      }
      lastRead = now;
      long before = System.currentTimeMillis();
      // A fresh result: each keeps the offset JMeter held when it was created.
      long sampleClock = new SampleResult().currentTimeInMillis();
      long after = System.currentTimeMillis();
      if (after - before <= 1) {
        offsets.put(sampleClock, sampleClock - before);
      }
    }

    void stop() {
      stopped(reader);
    }

    /** The longest the host kept this reader past its wake-up while the run went on, in ms. */
    long longestPauseMillis() {
      return TimeUnit.NANOSECONDS.toMillis(longestPauseNanos);
    }

    /** The wall-clock time of a JMeter stamp. */
    @Override
    public long applyAsLong(long sampleClockMillis) {
      Map.Entry<Long, Long> at = offsets.floorEntry(sampleClockMillis);
      if (at == null) {
        at = offsets.firstEntry();
      }
      return at == null ? sampleClockMillis : sampleClockMillis - at.getValue();
    }
  }

  /**
   * Holds JMeter's sample-clock offset (its private {@code SampleResult.NanoOffset.nanoOffset},
   * which every new result copies) a fixed amount away from the truth, rewriting it every
   * millisecond because JMeter re-reads it every 5 s.
   */
  static final class SkewedSampleClock implements AutoCloseable {
    private final Field offset;
    private final ScheduledExecutorService writer = daemon("skewed-sample-clock");

    private SkewedSampleClock(long skewMillis) throws ReflectiveOperationException {
      new SampleResult(); // starts JMeter's offset reader, if it has not started yet
      offset = Class.forName(SampleResult.class.getName() + "$NanoOffset")
          .getDeclaredField("nanoOffset");
      offset.setAccessible(true);
      writer.scheduleWithFixedDelay(() -> write(trueOffset() + skewMillis), 0, 1,
          TimeUnit.MILLISECONDS);
    }

    private void write(long offsetMillis) {
      try {
        offset.setLong(null, offsetMillis);
      } catch (IllegalAccessException e) {
        throw new IllegalStateException("cannot set JMeter's sample-clock offset", e);
      }
    }

    static SkewedSampleClock ahead(Duration by) throws ReflectiveOperationException {
      return new SkewedSampleClock(by.toMillis());
    }

    private static long trueOffset() {
      return System.currentTimeMillis() - System.nanoTime() / 1_000_000;
    }

    @Override
    public void close() throws Exception {
      stopped(writer);
      offset.setLong(null, trueOffset());
    }
  }

  /** A scheduler on one daemon thread named {@code name}, for the readers beside a run. */
  private static ScheduledExecutorService daemon(String name) {
    return Executors.newSingleThreadScheduledExecutor(task -> {
      Thread thread = new Thread(task, name);
      thread.setDaemon(true);
      return thread;
    });
  }

  /** Stops {@code scheduler} and waits (bounded) for its running task to end. */
  private static void stopped(ScheduledExecutorService scheduler) {
    scheduler.shutdownNow();
    try {
      scheduler.awaitTermination(1, TimeUnit.SECONDS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }
}
