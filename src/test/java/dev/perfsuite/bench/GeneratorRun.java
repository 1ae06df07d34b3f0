package dev.perfsuite.bench;

import static us.abstracta.jmeter.javadsl.JmeterDsl.constantTimer;
import static us.abstracta.jmeter.javadsl.JmeterDsl.httpCache;
import static us.abstracta.jmeter.javadsl.JmeterDsl.httpCookies;
import static us.abstracta.jmeter.javadsl.JmeterDsl.httpDefaults;
import static us.abstracta.jmeter.javadsl.JmeterDsl.httpSampler;
import static us.abstracta.jmeter.javadsl.JmeterDsl.testPlan;
import static us.abstracta.jmeter.javadsl.JmeterDsl.threadGroup;

import com.sun.management.GarbageCollectionNotificationInfo;
import com.sun.management.OperatingSystemMXBean;
import dev.perfsuite.backends.Backends;
import dev.perfsuite.backends.Provider;
import dev.perfsuite.config.PerfConfig;
import dev.perfsuite.config.RunSettings;
import dev.perfsuite.engines.Engines;
import dev.perfsuite.engines.GeneratorSettings;
import dev.perfsuite.engines.LoadPlan;
import dev.perfsuite.engines.RunContext;
import dev.perfsuite.engines.RunWatcher;
import dev.perfsuite.profiles.LoadProfile;
import dev.perfsuite.profiles.Profiles;
import dev.perfsuite.reporting.ResultFiles;
import dev.perfsuite.results.JtlSamples;
import dev.perfsuite.results.LabelSummary;
import dev.perfsuite.results.Phase;
import dev.perfsuite.results.RunResult;
import dev.perfsuite.results.SampleObserver;
import dev.perfsuite.results.SampleRecorder;
import java.io.IOException;
import java.lang.management.GarbageCollectorMXBean;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryMXBean;
import java.lang.management.MemoryUsage;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.LongAdder;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import javax.management.NotificationEmitter;
import javax.management.openmbean.CompositeData;
import org.apache.http.entity.ContentType;
import org.apache.jmeter.samplers.SampleListener;
import org.apache.jorphan.collections.HashTree;
import org.apache.jorphan.collections.ListedHashTree;
import us.abstracta.jmeter.javadsl.core.BuildTreeContext;
import us.abstracta.jmeter.javadsl.core.DslTestPlan.TestPlanChild;
import us.abstracta.jmeter.javadsl.core.TestPlanStats;
import us.abstracta.jmeter.javadsl.core.engines.EmbeddedJmeterEngine;
import us.abstracta.jmeter.javadsl.core.threadgroups.BaseThreadGroup.ThreadGroupChild;
import us.abstracta.jmeter.javadsl.http.DslHttpSampler;
import us.abstracta.jmeter.javadsl.http.DslHttpSampler.HttpClientImpl;

/**
 * One generator run in its own JVM, so heap, RSS, JIT and GC belong to that run alone.
 *
 * <p>Arguments are {@code key=value}: {@code mode} (suite, bare, bare-tuned, bare-suite, ab,
 * startup), {@code url}, {@code threads}, {@code duration}, {@code think}, {@code body} (bytes
 * POSTed, 0 = GET), {@code warmup}, {@code exact} (recompute percentiles from the JTL),
 * {@code provider} (startup), {@code managers} ({@code off}, {@code nocache}, {@code nocookies}
 * drop the DSL's automatic cookie and cache managers), {@code client} ({@code java}: JMeter's Java
 * HTTP client), {@code props} (bare: extra JMeter properties {@code k:v,k:v}), {@code ramp} (suite:
 * the users' ramp-up, default 0). The last line printed is {@code BENCH-RESULT k=v ...}, which
 * {@link ChildJvm} parses.
 */
final class GeneratorRun {
  static final String RESULT_PREFIX = "BENCH-RESULT ";
  /**
   * The JMeter properties the suite's engines set: RunExecution's (kept in step by hand, they are
   * package-private there) and the generator's own, {@link GeneratorSettings}.
   */
  static final Map<String, String> SUITE_ENGINE_PROPS = suiteEngineProps();

  private static Map<String, String> suiteEngineProps() {
    Map<String, String> props = new LinkedHashMap<>(Map.of(
        "sampleresult.timestamp.start", "true",
        "httpclient.reset_state_on_thread_group_iteration", "false",
        "httpclient4.time_to_live", "3600000",
        "summariser.interval", "10"));
    props.putAll(GeneratorSettings.JMETER_PROPERTIES);
    return props;
  }

  private final Map<String, String> args;
  private final Map<String, Object> out = new LinkedHashMap<>();

  private GeneratorRun(Map<String, String> args) {
    this.args = args;
  }

  public static void main(String[] argv) throws Exception {
    long testStart = System.currentTimeMillis();
    Map<String, String> args = Arrays.stream(argv).map(a -> a.split("=", 2))
        .collect(Collectors.toMap(a -> a[0], a -> a[1], (a, b) -> b, LinkedHashMap::new));
    GeneratorRun run = new GeneratorRun(args);
    HeapWatch heap = HeapWatch.start();
    GcPauses.watch();
    CpuTimeline.start();
    ThreadSwitches.start();
    long cpuBefore = processCpuNanos();
    switch (args.get("mode")) {
      case "suite" -> run.suite();
      case "bare" -> run.bare(false);
      case "bare-tuned" -> run.bare(true);
      case "bare-suite" -> run.bareWithSuiteSettings();
      case "startup" -> run.startup(testStart);
      case "ab" -> run.alternate();
      default -> throw new IllegalArgumentException("unknown mode " + args.get("mode"));
    }
    long cpuNanos = processCpuNanos() - cpuBefore;
    heap.stop();
    run.out.put("cpuMs", cpuNanos / 1_000_000);
    run.out.put("heapPeakMiB", heap.peakUsed() / (1 << 20));
    run.out.put("heapCommittedMiB", heap.peakCommitted() / (1 << 20));
    run.out.put("rssPeakMiB", ProcStatus.kib("VmHWM") / 1024);
    run.out.put("threadsPeak", ManagementFactory.getThreadMXBean().getPeakThreadCount());
    long gcCount = 0;
    long gcMillis = 0;
    for (GarbageCollectorMXBean gc : ManagementFactory.getGarbageCollectorMXBeans()) {
      gcCount += Math.max(0, gc.getCollectionCount());
      gcMillis += Math.max(0, gc.getCollectionTime());
    }
    run.out.put("gcCount", gcCount);
    run.out.put("gcMillis", gcMillis);
    run.out.put("gcMaxPauseMs", GcPauses.maxMillis());
    System.out.println(RESULT_PREFIX + run.out.entrySet().stream()
        .map(e -> e.getKey() + "=" + e.getValue()).collect(Collectors.joining(" ")));
    System.exit(0);
  }

  private int threads() {
    return Integer.parseInt(args.getOrDefault("threads", "50"));
  }

  private Duration duration() {
    return BenchSettings.duration(args.getOrDefault("duration", "15s"));
  }

  private Duration think() {
    return BenchSettings.duration(args.getOrDefault("think", "0s"));
  }

  private DslHttpSampler sampler(String url) {
    int body = Integer.parseInt(args.getOrDefault("body", "0"));
    DslHttpSampler sampler = httpSampler("bench", url);
    if ("java".equals(args.get("client"))) {
      sampler = sampler.clientImpl(HttpClientImpl.JAVA);
    }
    return body > 0 ? sampler.post(BenchPayload.json(body), ContentType.APPLICATION_JSON)
        : sampler;
  }

  /** The suite through its public API, every listener it has switched on by the parent's -D. */
  private void suite() {
    PerfConfig config = PerfConfig.load();
    Duration warmUp = BenchSettings.duration(args.getOrDefault("warmup", "2s"));
    // A ramp spreads the users' first requests: with a constant think time, users started at
    // once stay in step and hit the target in bursts (the memory run's 5,000 users).
    Duration ramp = BenchSettings.duration(args.getOrDefault("ramp", "0s"));
    // The users' threads and connections as -Dperf.users.* asks (the profile is the bench's).
    LoadProfile profile = Profiles.closed("bench", warmUp,
        Profiles.stage(threads(), ramp, duration())).withThinkTime(think())
        .withUserThreads(config.profile().userThreads())
        .withConnections(config.profile().connections());
    LoadPlan plan = LoadPlan.of("bench-" + args.getOrDefault("name", "run"), profile,
        sampler(args.get("url")));
    String managers = args.getOrDefault("managers", "on");
    if (managers.equals("off") || managers.equals("nocookies")) {
      plan = plan.with(httpCookies().disable());
    }
    if (managers.equals("off") || managers.equals("nocache")) {
      plan = plan.with(httpCache().disable());
    }
    // The window: 1 s after warm-up and ramp to 1 s before the end (the warm-up is inside the
    // stage's duration); JMeter names users after the scenario.
    CostWindow costs = CostWindow.start(warmUp.plus(ramp), ramp.plus(duration()),
        Path.of(args.getOrDefault("perfOut", "target/bench/perf-stat-" + ProcessHandle.current()
            .pid() + ".csv")), plan.scenario());
    RunResult result = Engines.fromConfig(config, List.of(ResultFiles.watcher(), costs))
        .run(plan);
    out.putAll(costs.figures());
    LabelSummary warm = result.overall(Phase.WARM_UP);
    LabelSummary measured = result.overall(Phase.MEASUREMENT);
    long samples = warm.samples() + measured.samples();
    long first = warm.samples() > 0 ? warm.firstStartMillis() : measured.firstStartMillis();
    throughput(samples, warm.errors() + measured.errors(), first, measured.lastEndMillis());
    out.put("measuredRps", fmt(measured.throughput()));
    if (measured.samples() > 0) {
      // The measured window alone: a ramp's start-up work (plan clones, clients, connects)
      // would otherwise be spread over the steady state's requests.
      out.put("measuredCpuUsPerSample", fmt(CpuTimeline.nanosBetween(measured.firstStartMillis(),
          measured.lastEndMillis()) / 1000.0 / measured.samples()));
      out.put("measuredAllocKiBPerSample", fmt(CpuTimeline.allocatedBetween(
          measured.firstStartMillis(), measured.lastEndMillis()) / 1024.0 / measured.samples()));
      ThreadSwitches.report(measured.firstStartMillis(), measured.lastEndMillis(),
          measured.throughput(), out);
    }
    out.put("p50", measured.latency().p50());
    out.put("p99", measured.latency().p99());
    out.put("mean", fmt(measured.latency().mean()));
    double users = result.users();
    double inFlight = measured.throughput() * (measured.latency().mean()
        + result.thinkTime().toMillis()) / 1000.0;
    out.put("littleGapPct", fmt(Math.abs(inFlight - users) / users * 100));
    if (Boolean.parseBoolean(args.getOrDefault("exact", "false"))) {
      long[] raw = JtlSamples.read(result.directory()).elapsed(LabelSummary.OVERALL,
          Phase.MEASUREMENT);
      Arrays.sort(raw);
      out.put("exactP50", nearestRank(raw, 50));
      out.put("exactP99", nearestRank(raw, 99));
      out.put("exactSamples", raw.length);
    }
  }

  /**
   * The headline baseline: bare jmeter-java-dsl with the suite's own settings (its engine
   * properties and HTTP defaults, no HTTP cache manager, no DSL statistics collector), measured
   * by {@link LatencyProbe} so throughput and p99 use the suite's estimator and window.
   */
  private void bareWithSuiteSettings() throws Exception {
    args.put("dslstats", "off");
    args.put("probe", "on");
    bare(true);
  }

  /**
   * The same plan on plain jmeter-java-dsl: no suite listener, the DSL's defaults or tuned.
   *
   * <p>Listener-design experiments: {@code recorder=direct} adds the suite's recorder element as
   * the suite does, {@code recorder=queued} adds it behind {@link QueuedRecorderListener};
   * {@code dslstats=off} drops the DSL's own P² stats collector (the suite never reads it), and
   * throughput then comes from the recorder.
   */
  private void bare(boolean tuned) throws Exception {
    List<ThreadGroupChild> journey = new ArrayList<>();
    journey.add(sampler(args.get("url")));
    if (!think().isZero()) {
      journey.add(constantTimer(think()));
    }
    List<TestPlanChild> children = new ArrayList<>();
    if (tuned) {
      children.add(httpDefaults().connectionTimeout(Duration.ofSeconds(5))
          .responseTimeout(Duration.ofSeconds(20)));
    }
    // "Tuned" is the same plan as the suite's: its engine settings and no HTTP cache manager.
    String managers = args.getOrDefault("managers", tuned ? "nocache" : "on");
    if (managers.equals("off") || managers.equals("nocookies")) {
      children.add(httpCookies().disable());
    }
    if (managers.equals("off") || managers.equals("nocache")) {
      children.add(httpCache().disable());
    }
    children.add(threadGroup(threads(), duration(), journey.toArray(ThreadGroupChild[]::new)));
    boolean probe = "on".equals(args.get("probe"));
    if (probe) {
      children.add(LatencyProbe.create(BenchSettings.duration(args.getOrDefault("warmup",
          "2s"))));
    }
    String mode = args.getOrDefault("recorder", "none");
    SampleRecorder recorder = null;
    if (!mode.equals("none")) {
      recorder = SampleRecorder.create(Path.of(args.getOrDefault("jtl",
          "target/bench/results/bare-recorder.jtl")), Duration.ZERO,
          RunSettings.fromThisJvm());
      if (mode.equals("queued")) {
        HashTree tree = new ListedHashTree();
        recorder.listener().buildTreeUnder(tree, new BuildTreeContext());
        children.add(QueuedRecorderListener.around((SampleListener) tree.getArray()[0]));
      } else {
        children.add(recorder.listener());
      }
    }
    // Bare jmeter-java-dsl keeps its own statistics collector (that is what users get from it);
    // the suite's engine drops it, and that saving is part of what the suite's figures show.
    boolean dslStats = !"off".equals(args.get("dslstats"));
    EmbeddedJmeterEngine engine = dslStats ? new EmbeddedJmeterEngine()
        : new EmbeddedJmeterEngine() {
          @Override
          protected void addStatsCollector(HashTree testPlanTree, TestPlanStats stats) {
            // The suite keeps exact statistics of its own; the DSL's P² estimates go unread.
          }
        };
    if (tuned) {
      SUITE_ENGINE_PROPS.forEach(engine::prop);
    }
    String extra = args.getOrDefault("props", "");
    for (String kv : extra.split(",")) {
      if (!kv.isBlank()) {
        String[] p = kv.split(":", 2);
        engine.prop(p[0], p[1]);
      }
    }
    TestPlanStats stats = testPlan(children.toArray(TestPlanChild[]::new)).runIn(engine);
    if (probe) {
      LatencyProbe.State seen = LatencyProbe.last();
      throughput(seen.samples(), seen.errors(), seen.firstStart(), seen.lastEnd());
      out.put("p50", seen.p50());
      out.put("p99", seen.p99());
    } else if (recorder != null && !dslStats) {
      LabelSummary all = recorder.summaries().stream()
          .filter(s -> s.label().equals(LabelSummary.OVERALL) && s.phase() == Phase.MEASUREMENT)
          .findFirst().orElseThrow();
      throughput(all.samples(), all.errors(), all.firstStartMillis(), all.lastEndMillis());
      out.put("p99", all.latency().p99());
    } else {
      throughput(stats.overall().samplesCount(), stats.overall().errorsCount(),
          stats.overall().firstTime().toEpochMilli(), stats.overall().endTime().toEpochMilli());
      out.put("p99", stats.overall().sampleTimePercentile99().toMillis());
    }
    if (recorder != null) {
      out.put("recorded", recorder.sampleCount());
      recorder.close();
    }
  }

  /** Test start to first sample through a backend provider, backend start-up included. */
  private void startup(long testStart) {
    PerfConfig config = PerfConfig.load();
    Provider provider = Provider.valueOf(args.get("provider").toUpperCase(Locale.ROOT));
    try (Backends backends = Backends.withProvider(provider, config)) {
      URI echo = backends.echo();
      long backendReady = System.currentTimeMillis();
      LoadProfile profile = Profiles.closed("startup", Duration.ZERO,
          Profiles.stage(2, Duration.ZERO, Duration.ofSeconds(2)));
      RunResult result = Engines.fromConfig(config, List.of(ResultFiles.watcher()))
          .run(LoadPlan.of("bench-startup-" + args.get("provider"), profile,
              sampler(echo.toString())));
      JtlSamples.Row first = JtlSamples.read(result.directory()).rows().stream()
          .min((a, b) -> Long.compare(a.timeStamp() + a.elapsed(), b.timeStamp() + b.elapsed()))
          .orElseThrow();
      long jvmStart = ManagementFactory.getRuntimeMXBean().getStartTime();
      out.put("backendMs", backendReady - testStart);
      out.put("firstSampleMs", first.timeStamp() + first.elapsed() - testStart);
      out.put("engineToFirstSampleMs", first.timeStamp() + first.elapsed() - backendReady);
      out.put("jvmToTestMs", testStart - jvmStart);
      out.put("samples", result.overall(Phase.MEASUREMENT).samples());
    }
  }

  /**
   * A/B in one warm JVM: one unrecorded A and B each for JIT and connections, then
   * {@code pairs} times A (bare DSL + the suite's engine settings) and B (the suite), adjacent in
   * time so machine drift hits both alike.
   */
  private void alternate() throws Exception {
    int pairs = Integer.parseInt(args.getOrDefault("pairs", "3"));
    List<String> a = new ArrayList<>();
    List<String> b = new ArrayList<>();
    List<String> aCpu = new ArrayList<>();
    List<String> bCpu = new ArrayList<>();
    for (int i = -1; i < pairs; i++) {
      out.clear();
      // A: the suite's plan and engine settings with no listener but the bench's probe (the
      // DSL's statistics collector off, as the suite's engine drops it), so A and B differ in
      // the listeners only.
      bareWithSuiteSettings();
      if (i >= 0) {
        a.add(out.get("rps").toString());
        aCpu.add(out.get("cpuUsPerSample").toString());
      }
      out.clear();
      args.put("name", "ab-" + i);
      suite();
      if (i >= 0) {
        b.add(out.get("rps").toString());
        bCpu.add(out.get("cpuUsPerSample").toString());
      }
    }
    out.clear();
    out.put("aRps", String.join(",", a));
    out.put("bRps", String.join(",", b));
    out.put("aCpu", String.join(",", aCpu));
    out.put("bCpu", String.join(",", bCpu));
  }

  private void throughput(long samples, long errors, long firstStart, long lastEnd) {
    double seconds = Math.max(1, lastEnd - firstStart) / 1000.0;
    out.put("cpuUsPerSample", fmt(CpuTimeline.nanosBetween(firstStart, lastEnd) / 1000.0
        / Math.max(1, samples)));
    out.put("samples", samples);
    out.put("errors", errors);
    out.put("seconds", fmt(seconds));
    out.put("rps", fmt(samples / seconds));
  }

  /** Smallest value with at least p % of the sorted samples at or below it. */
  static long nearestRank(long[] sorted, double percentile) {
    if (sorted.length == 0) {
      return -1;
    }
    int rank = (int) Math.ceil(percentile / 100.0 * sorted.length - 1e-9);
    return sorted[Math.max(1, rank) - 1];
  }

  /** CPU time of the whole generator JVM (all threads, JIT and GC included), in ns. */
  private static long processCpuNanos() {
    return ((OperatingSystemMXBean) ManagementFactory
        .getOperatingSystemMXBean()).getProcessCpuTime();
  }

  private static String fmt(double value) {
    return String.format(Locale.ROOT, "%.2f", value);
  }

  /**
   * Process CPU time sampled every 20 ms, so CPU per sample counts only the sampling window
   * (first sample start to last sample end), not JVM start-up, JMeter set-up or result files.
   */
  private static final class CpuTimeline {
    /** About 160 s of points before the first thinning: short runs keep every one. */
    private static final int KEPT = 8192;
    private static final List<long[]> POINTS = new ArrayList<>();

    static void start() {
      Thread thread = new Thread(() -> {
        while (true) {
          synchronized (POINTS) {
            POINTS.add(point());
            thin(POINTS, KEPT);
          }
          try {
            Thread.sleep(20);
          } catch (InterruptedException e) {
            return;
          }
        }
      }, "bench-cpu-timeline");
      thread.setDaemon(true);
      thread.start();
    }

    static long nanosBetween(long fromMillis, long toMillis) {
      return at(toMillis, 1) - at(fromMillis, 1);
    }

    /** Heap bytes every thread allocated between two epoch ms (terminated threads included). */
    static long allocatedBetween(long fromMillis, long toMillis) {
      return at(toMillis, 2) - at(fromMillis, 2);
    }

    private static long[] point() {
      return new long[] {System.currentTimeMillis(), processCpuNanos(),
          ProcessAllocation.allocatedBytes()};
    }

    /** Column {@code column} (1: CPU ns, 2: allocated bytes) at an epoch ms, interpolated. */
    private static long at(long millis, int column) {
      synchronized (POINTS) {
        POINTS.add(point());
        long[] before = POINTS.get(0);
        for (long[] point : POINTS) {
          if (point[0] >= millis) {
            if (point[0] == before[0]) {
              return point[column];
            }
            double f = (double) (millis - before[0]) / (point[0] - before[0]);
            return before[column] + Math.round(f * (point[column] - before[column]));
          }
          before = point;
        }
        return before[column];
      }
    }
  }

  /**
   * Drops every other element once {@code list} holds more than {@code kept}, the first and the
   * newest kept: a sampler's memory stays bounded over a soak (kept whole, a snapshot every
   * 500 ms grew the generator's heap after GC by half a MiB a minute) while its first and last
   * points, and the span between them, stay exact.
   */
  static <T> void thin(List<T> list, int kept) {
    if (list.size() <= kept) {
      return;
    }
    T newest = list.get(list.size() - 1);
    List<T> half = new ArrayList<>();
    for (int i = 0; i < list.size(); i += 2) {
      half.add(list.get(i));
    }
    if (half.get(half.size() - 1) != newest) {
      half.add(newest);
    }
    list.clear();
    list.addAll(half);
  }

  /**
   * Context switches and CPU per request by thread group, from {@code /proc/self/task/*}: every
   * 500 ms each thread's {@code voluntary_ctxt_switches} and {@code nonvoluntary_ctxt_switches}
   * ({@code status}) and its user + system ticks ({@code stat}), summed by its name with the
   * digits taken out ({@code perf-http-1-2} and {@code perf-http-2-1} are one group). A request's
   * thread hand-offs show as switches: a parked user and a woken event loop each cost one.
   *
   * <p>Prints {@code ctxPerRequest} (all threads), {@code ctxBy} and {@code cpuShareBy} (the
   * groups with the most, {@code name:value} joined by {@code ;}) over the samples between the
   * first and last snapshot inside the measured window, requests estimated from its mean rate.
   */
  private static final class ThreadSwitches {
    /** About 2 minutes of snapshots (a few KiB each) before the first thinning. */
    private static final int KEPT = 256;
    private static final List<Snapshot> SNAPSHOTS = new ArrayList<>();

    private record Snapshot(long millis, Map<String, long[]> byGroup) {
    }

    static void start() {
      if (!Files.isDirectory(Path.of("/proc/self/task"))) {
        return;
      }
      Thread thread = new Thread(() -> {
        while (true) {
          Snapshot snapshot = new Snapshot(System.currentTimeMillis(), read());
          synchronized (SNAPSHOTS) {
            SNAPSHOTS.add(snapshot);
            thin(SNAPSHOTS, KEPT);
          }
          try {
            Thread.sleep(500);
          } catch (InterruptedException e) {
            return;
          }
        }
      }, "bench-thread-switches");
      thread.setDaemon(true);
      thread.start();
    }

    private static Map<String, long[]> read() {
      Map<String, long[]> groups = new TreeMap<>();
      try (Stream<Path> tasks = Files.list(Path.of("/proc/self/task"))) {
        for (Path task : (Iterable<Path>) tasks::iterator) {
          try {
            String name = Files.readString(task.resolve("comm")).trim()
                .replaceAll("[0-9]+", "#");
            long switches = 0;
            for (String line : Files.readAllLines(task.resolve("status"))) {
              if (line.contains("ctxt_switches:")) {
                switches += Long.parseLong(line.replaceAll("[^0-9]", ""));
              }
            }
            String stat = Files.readString(task.resolve("stat"));
            String[] fields = stat.substring(stat.lastIndexOf(')') + 2).split(" ");
            long ticks = Long.parseLong(fields[11]) + Long.parseLong(fields[12]);
            long[] sum = groups.computeIfAbsent(name, n -> new long[2]);
            sum[0] += switches;
            sum[1] += ticks;
          } catch (IOException | RuntimeException gone) {
            // The thread ended while read: its counts leave with it.
          }
        }
      } catch (IOException e) {
        return groups;
      }
      return groups;
    }

    static void report(long fromMillis, long toMillis, double rps, Map<String, Object> out) {
      Snapshot first = null;
      Snapshot last = null;
      synchronized (SNAPSHOTS) {
        for (Snapshot s : SNAPSHOTS) {
          if (s.millis() >= fromMillis && s.millis() <= toMillis) {
            first = first == null ? s : first;
            last = s;
          }
        }
      }
      if (first == null || last == first || rps <= 0) {
        return;
      }
      double requests = rps * (last.millis() - first.millis()) / 1000.0;
      Map<String, long[]> delta = new TreeMap<>();
      long switches = 0;
      long ticks = 0;
      for (Map.Entry<String, long[]> group : last.byGroup().entrySet()) {
        long[] before = first.byGroup().getOrDefault(group.getKey(), new long[2]);
        long[] d = {group.getValue()[0] - before[0], group.getValue()[1] - before[1]};
        delta.put(group.getKey().replace(' ', '_'), d);
        switches += d[0];
        ticks += d[1];
      }
      out.put("ctxPerRequest", fmt(switches / requests));
      out.put("ctxBy", top(delta, 0, requests, 1));
      out.put("cpuShareBy", top(delta, 1, Math.max(1, ticks) / 100.0, 1));
    }

    private static String top(Map<String, long[]> delta, int column, double per, int scale) {
      return delta.entrySet().stream()
          .sorted((a, b) -> Long.compare(b.getValue()[column], a.getValue()[column]))
          .limit(6).map(e -> e.getKey() + ":" + fmt(e.getValue()[column] / per * scale))
          .collect(Collectors.joining(";"));
    }
  }

  /**
   * The longest collection the JVM reported, from its GC notifications: a pause that long can
   * land in a measured latency. G1's concurrent cycles are left out (they run beside the
   * application; their short pauses are reported as young or mixed collections).
   */
  private static final class GcPauses {
    private static final AtomicLong MAX = new AtomicLong();

    static void watch() {
      for (GarbageCollectorMXBean gc : ManagementFactory.getGarbageCollectorMXBeans()) {
        if (gc.getName().contains("Concurrent") || gc.getName().contains("Cycles")) {
          continue;
        }
        ((NotificationEmitter) gc).addNotificationListener((n, h) -> {
          if (GarbageCollectionNotificationInfo.GARBAGE_COLLECTION_NOTIFICATION
              .equals(n.getType())) {
            GarbageCollectionNotificationInfo info = GarbageCollectionNotificationInfo.from(
                (CompositeData) n.getUserData());
            MAX.accumulateAndGet(info.getGcInfo().getDuration(), Math::max);
          }
        }, null, null);
      }
    }

    static long maxMillis() {
      return MAX.get();
    }
  }

  /**
   * The generator's own costs over its steady state ({@link ThreadCosts}): from 1 s after the
   * warm-up and ramp to 1 s before the planned end, per request counted by its own observer in
   * that window.
   */
  private static final class CostWindow implements RunWatcher {
    private final LongAdder samples =
        new LongAdder();
    private final Map<String, String> figures = Collections.synchronizedMap(
        new LinkedHashMap<>());
    private final Thread thread;
    private volatile long runStart;

    private CostWindow(Duration settle, Duration total, Path perfOut, String users) {
      thread = new Thread(() -> measure(settle, total, perfOut, users), "bench-cost-window");
      thread.setDaemon(true);
    }

    /**
     * Measures from {@code settle} (warm-up and ramp) + 1 s after the run's start, or 1 s after
     * its first sample if later, to 1 s before its planned end ({@code total} after its start).
     */
    static CostWindow start(Duration settle, Duration total, Path perfOut, String users) {
      CostWindow window = new CostWindow(settle, total, perfOut, users);
      window.thread.start();
      return window;
    }

    @Override
    public SampleObserver runStarting(RunContext run) {
      runStart = System.currentTimeMillis();
      return (result, phase, cause, transaction, timing) -> samples.increment();
    }

    private void measure(Duration settle, Duration total, Path perfOut, String users) {
      try {
        while (runStart == 0 || samples.sum() == 0) {
          Thread.sleep(10);
        }
        long startAt = Math.max(System.currentTimeMillis() + 1000,
            runStart + settle.plusSeconds(1).toMillis());
        long endAt = runStart + total.minusSeconds(1).toMillis();
        if (endAt - startAt < 1000) {
          figures.put("costWindow", "none");
          return;
        }
        Thread.sleep(startAt - System.currentTimeMillis());
        long from = samples.sum();
        ThreadCosts.Window window = ThreadCosts.Window.start(ProcessHandle.current().pid(),
            perfOut, users);
        long began = System.nanoTime();
        Thread.sleep(Math.max(0, endAt - System.currentTimeMillis()));
        long requests = samples.sum() - from;
        ThreadCosts.Result result = window.end();
        figures.putAll(result.perRequest(requests));
        figures.put("costWindowS", fmt((System.nanoTime() - began) / 1e9));
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
    }

    Map<String, String> figures() {
      try {
        thread.join(30_000);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
      synchronized (figures) {
        return new LinkedHashMap<>(figures);
      }
    }
  }

  /** Polls heap use every 50 ms: pool peaks are per pool, not a simultaneous total. */
  private static final class HeapWatch implements Runnable {
    private final MemoryMXBean memory = ManagementFactory.getMemoryMXBean();
    private final AtomicLong peakUsed = new AtomicLong();
    private final AtomicLong peakCommitted = new AtomicLong();
    private final Thread thread = new Thread(this, "bench-heap-watch");
    private volatile boolean running = true;

    static HeapWatch start() {
      HeapWatch watch = new HeapWatch();
      watch.thread.setDaemon(true);
      watch.thread.start();
      return watch;
    }

    @Override
    public void run() {
      while (running) {
        MemoryUsage heap = memory.getHeapMemoryUsage();
        peakUsed.accumulateAndGet(heap.getUsed(), Math::max);
        peakCommitted.accumulateAndGet(heap.getCommitted(), Math::max);
        try {
          Thread.sleep(50);
        } catch (InterruptedException e) {
          return;
        }
      }
    }

    void stop() throws InterruptedException {
      running = false;
      thread.join();
      run();
    }

    long peakUsed() {
      return peakUsed.get();
    }

    long peakCommitted() {
      return peakCommitted.get();
    }
  }

  /** Reads /proc/self/status, where the kernel keeps the peak resident set (VmHWM). */
  private static final class ProcStatus {
    static long kib(String field) {
      try {
        return Files.readAllLines(Path.of("/proc/self/status")).stream()
            .filter(l -> l.startsWith(field + ":"))
            .map(l -> l.replaceAll("[^0-9]", ""))
            .mapToLong(Long::parseLong).findFirst().orElse(-1);
      } catch (IOException e) {
        return -1;
      }
    }
  }
}
