package dev.perfsuite.bench;

import static org.assertj.core.api.Assertions.assertThat;

import dev.perfsuite.bench.LoadTools.UsersPlan;
import java.io.IOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/**
 * The peers at the users table's counts, beside the suite on both HTTP clients: Gatling
 * (users), Locust (users) and hey (workers) with UsersBench's plan, and Vegeta at its offered rate
 * (an open model): thousands of users looping a GET to the echo backend with a known delay then a
 * think time, ramped, warmed up for one think time, then held; achieved against offered rate
 * (users / (think + delay)), p50/p99 error against the delay, errors, peak RSS and CPU per request
 * of each tool's process tree. Every figure covers the hold (UsersBench's measured window). A
 * count a tool cannot run is a failed row naming why.
 *
 * <p>Settings, as UsersBench's ({@code bench.users.*}): {@code counts} (default
 * {@code 1000,10000}), {@code think} (10s), {@code delay} (20ms), {@code duration} (120s measured
 * hold), {@code ramp} (10s), {@code heap} (2g, Gatling's forked JVM), {@code clients} (the
 * suite's HTTP clients, {@code jmeter,suite}: a row each), {@code connections}
 * ({@code keep-alive}: a connection per user in every tool; {@code shared}: the suite's
 * {@code perf.users.connections=shared} and Gatling's {@code shareConnections}, one pool per
 * process, for counts above the open-files limit; the other tools keep a connection per user),
 * {@code jvm} (extra flags of the suite's generator JVM, space-separated, e.g. the G1 pause target
 * its heap warning names; default none).
 * {@code bench.unavailable} and strict mode treat a missing tool as PeersBench does.
 */
final class UsersPeersBench {
  /** Descriptors a tool's process holds beside its sockets (jars, pipes, logs), with room. */
  private static final int SPARE_DESCRIPTORS = 1000;
  private static final int WORKERS = Runtime.getRuntime().availableProcessors();

  /**
   * A tool: its key (in log names), its name, its run at one count, over how many processes it
   * spreads the users, and whether its users share one pool of connections (then the open-files
   * limit does not bound its users).
   */
  private record Tool(String key, String name, Runner runner, int processes, boolean pooled) {
  }

  private interface Runner {
    Map<String, String> run(URI target, UsersPlan plan, String id);
  }

  /** The echo backend's delay, for the runners that pace by think time plus delay. */
  private static Duration delay() {
    return BenchSettings.duration(System.getProperty("bench.users.delay", "20ms"));
  }

  @Test
  void shouldReportPeersAtTheSuitesUserCounts() {
    BenchSettings settings = BenchSettings.load();
    List<Integer> counts = Arrays.stream(System.getProperty("bench.users.counts", "1000,10000")
        .split(",")).map(String::trim).map(Integer::parseInt).toList();
    Duration think = BenchSettings.duration(System.getProperty("bench.users.think", "10s"));
    Duration delay = delay();
    Duration hold = BenchSettings.duration(System.getProperty("bench.users.duration", "120s"));
    Duration ramp = BenchSettings.duration(System.getProperty("bench.users.ramp", "10s"));
    String heap = System.getProperty("bench.users.heap", "2g");
    String connections = System.getProperty("bench.users.connections", "keep-alive").trim();
    if (!List.of("keep-alive", "shared").contains(connections)) {
      throw new IllegalArgumentException("bench.users.connections=" + connections + ": unknown "
          + "mode. Fix: keep-alive (a connection per user) or shared (one pool per process)");
    }
    List<String> clients = SuiteRuns.clients();
    if (hold.isZero() || hold.isNegative()) {
      throw new IllegalArgumentException("bench.users.duration=" + hold + ": the hold is what "
          + "the table measures. Fix: e.g. -Dbench.users.duration=120s");
    }
    long fileLimit = Machine.openFilesLimit();
    Map<String, String> gaps = new LinkedHashMap<>();
    boolean shared = connections.equals("shared");
    List<String> jvm = SuiteRuns.usersJvm(heap);
    List<Tool> tools = tools(settings, heap, jvm, clients, shared, gaps);
    long began = System.nanoTime();
    List<String> rows = new ArrayList<>();
    try (LoopbackServer echo = LoopbackServer.echo(settings, delay)) {
      for (int users : counts) {
        UsersPlan plan = new UsersPlan(users, think, ramp, hold);
        for (Tool tool : tools) {
          rows.add(cell(settings, echo.uri(), plan, delay, tool, fileLimit));
        }
      }
    }
    gaps.forEach((tool, why) -> rows.add(String.format(Locale.ROOT,
        "| all | %s | **gap**: %s | | | | | | | | |", tool, why)));
    String body = String.format(Locale.ROOT, """
        The suite (UsersBench's cell: every listener, %s, %s, \
        the users' threads as perf.users.threads' default) on %s \
        (perf.http.client=%s), \
        Gatling (users, %s) and Locust (users) with UsersBench's plan: users ramped linearly over \
        %d s, then one think time of warm-up, then %d s measured (the hold), each looping one \
        GET to the echo backend (--delay %d) then %d ms think time (Gatling constant `pause`, \
        Locust `wait_time = constant`). hey: as many workers, all started at once (no ramp), \
        each at most one GET per think time + delay (`-q`, its own ticker), at most 500 idle \
        connections kept (its own cap: above 500 users most requests connect anew). Vegeta: \
        no users, the offered rate as an open model (`-rate`, at most users requests in \
        flight), no ramp. One run per cell, one tool at a time, the echo in its own process on \
        the same cores. Offered = users / (think + delay).

        Every figure covers the hold, UsersBench's measured window: each tool sorts requests \
        by their send time, Gatling by silencing the warm-up's, Locust by naming them, hey \
        and Vegeta by each request's send time in their per-request output, and req/s = hold \
        requests / hold. p50/p99 as each tool reports them, timed from the tool's actual \
        send (no coordinated-omission correction; Gatling in whole ms, Locust 2 significant \
        digits above 100 ms). Errors = failed requests of the hold (hey: non-2xx/3xx \
        responses; its CSV leaves out requests that got none). CPU µs/request = CPU of the \
        tool's process tree in the hold / hold requests (Gatling: its forked JVM, -Xmx%s, not \
        the Maven JVM; Locust: master and %d workers; hey and Vegeta: their whole life, \
        marked so). Peak RSS = VmHWM summed over the tree, whole run. Load average after each \
        cell. Locust spawns its users in batches, one a second (its dispatcher: floor(spawn \
        rate) users per step), so its users run in step by batch and a window's count can \
        exceed offered by up to one request per user (smoke, 200 users, 1 s think, 20 s \
        hold: 102 %%; at the defaults, 10 batches over a 10 s think, about +0.2 %%).

        File limit (`ulimit -n`, inherited by the tools): %s. Each tool%s keeps one \
        keep-alive socket per user in one process (Locust: users / %d per worker), so a count \
        above the limit less %d is a failed row before it runs; the echo backend holds as many.

        | users | tool | req/s (hold) | offered | of offered | p50 - delay | p99 - delay \
        | errors | peak RSS MiB | CPU µs/request | load average |
        |---:|---|---:|---:|---:|---:|---:|---:|---:|---:|---|
        %s

        UsersPeersBench took %d s.
        """, shared ? "users sharing one pool of connections (perf.users.connections=shared)"
            : "a keep-alive connection per user", String.join(" ", jvm),
        clients.stream().map(c -> c.equals("jmeter") ? "JMeter's HttpClient 4" : "its own client")
            .collect(Collectors.joining(" and on ")), String.join(" / ", clients),
        shared ? "one shared connection pool (shareConnections)" : "a keep-alive connection each",
        ramp.toSeconds(), hold.toSeconds(), delay.toMillis(), think.toMillis(), heap,
        WORKERS, fileLimit == Long.MAX_VALUE ? "unlimited" : Long.toString(fileLimit),
        shared ? " but the suite on its own client and Gatling (their pools hold as many sockets "
            + "as requests in flight)" : "",
        WORKERS, SPARE_DESCRIPTORS, String.join("\n", rows),
        Math.round((System.nanoTime() - began) / 1e9));
    BenchReport.section(settings, "36-users-peers", "Peers at the same user counts", body);
    System.out.println(body);
    assertThat(rows).as("a row per tool and count, a gap row per missing tool")
        .hasSize(counts.size() * tools.size() + gaps.size());
  }

  /** The installed tools; a missing one is a gap (strict mode: a failure, as PeersBench). */
  private static List<Tool> tools(BenchSettings settings, String heap, List<String> jvm,
      List<String> clients, boolean shared, Map<String, String> gaps) {
    List<Tool> tools = new ArrayList<>();
    String connections = shared ? "shared" : "keep-alive";
    if (clients.contains("jmeter")) {
      // JMeter's client has no shared pool: the suite refuses that pair before load.
      tools.add(new Tool("suite", "suite (JMeter's HttpClient 4, users)",
          (target, plan, id) -> suite(settings, target, plan, jvm, "jmeter", "keep-alive", id),
          1, false));
    }
    if (clients.contains("suite")) {
      tools.add(new Tool("suite-client", "suite, its own client (users" + (shared
          ? ", shared connections)" : ")"),
          (target, plan, id) -> suite(settings, target, plan, jvm, "suite", connections, id),
          1, shared));
    }
    if (available(settings, gaps, "gatling", GatlingPeer.gap())) {
      tools.add(new Tool("gatling", "Gatling (users" + (shared ? ", shareConnections)" : ")"),
          (target, plan, id) -> GatlingPeer.run(settings, target, plan, heap, shared, id), 1,
          shared));
    }
    Path locust = PeerInstalls.locust();
    if (available(settings, gaps, "locust", missing("locust", locust))) {
      tools.add(new Tool("locust", "Locust " + PeerInstalls.version("LOCUST_VERSION")
          + " FastHttpUser (users)",
          (target, plan, id) -> LocustPeer.run(settings, locust, target, plan, id), WORKERS,
          false));
    }
    Path hey = settings.hey().orElse(Path.of(System.getProperty("bench.hey", "/usr/bin/hey")));
    if (available(settings, gaps, "hey", missing("hey", hey))) {
      tools.add(new Tool("hey", "hey (workers, -q)",
          (target, plan, id) -> HeyPeer.users(settings, hey, target, plan, delay(), id), 1,
          false));
    }
    Path vegeta = PeerInstalls.vegeta();
    if (available(settings, gaps, "vegeta", missing("vegeta", vegeta))) {
      tools.add(new Tool("vegeta", "Vegeta " + PeerInstalls.version("VEGETA_VERSION")
          + " (open, offered rate)",
          (target, plan, id) -> VegetaPeer.users(settings, vegeta, target, plan, delay(), id),
          1, false));
    }
    return tools;
  }

  /**
   * The suite (every listener, UsersBench's plan) on one HTTP client with one connections mode
   * ({@code perf.users.connections}), its figures renamed as the peers': the hold's req/s and CPU
   * per request.
   */
  private static Map<String, String> suite(BenchSettings settings, URI target, UsersPlan plan,
      List<String> jvm, String client, String connections, String id) {
    Duration length = plan.warmUp().plus(plan.hold());
    List<String> flags = new ArrayList<>(jvm);
    flags.add("-Dperf.users.connections=" + connections);
    flags.add(SuiteRuns.client(client));
    Map<String, String> r = new LinkedHashMap<>(SuiteRuns.suite(settings, id, target,
        plan.users(), length.minus(plan.ramp()), 0, flags,
        "think=" + plan.think().toMillis() + "ms", "ramp=" + plan.ramp().toMillis() + "ms",
        "warmup=" + plan.warmUp().toMillis() + "ms"));
    r.put("rps", r.get("measuredRps"));
    r.put("cpuUsPerSample", r.getOrDefault("measuredCpuUsPerSample", "0"));
    return r;
  }

  private static Optional<String> missing(String peer, Path binary) {
    return PeerInstalls.executable(binary).isPresent() ? Optional.empty()
        : Optional.of(PeerInstalls.gapOf(peer, binary));
  }

  private static boolean available(BenchSettings settings, Map<String, String> gaps,
      String name, Optional<String> missing) {
    if (settings.unavailable().contains(name)) {
      gaps.put(name, "declared unavailable (bench.unavailable)");
      return false;
    }
    if (missing.isEmpty()) {
      return true;
    }
    if (settings.strict() && !"running".equals(PeerInstalls.status(name))) {
      throw new IllegalStateException("peer " + name + " missing: " + missing.get() + ". Fix: "
          + "run bench/install-peers (bench/run does), or declare it unavailable, e.g. "
          + "-Dbench.unavailable=" + name);
    }
    gaps.put(name, missing.get());
    return false;
  }

  private static String cell(BenchSettings settings, URI target, UsersPlan plan,
      Duration delay, Tool tool, long fileLimit) {
    int users = plan.users();
    String id = "users-peers-" + users + "-" + tool.key();
    int perProcess = (users + tool.processes() - 1) / tool.processes();
    if (!tool.pooled() && perProcess + SPARE_DESCRIPTORS > fileLimit) {
      return failed(users, tool, String.format(Locale.ROOT, "file limit: %d sockets in one "
          + "process need about %d descriptors, `ulimit -n` is %d; not run", perProcess,
          perProcess + SPARE_DESCRIPTORS, fileLimit));
    }
    long start = System.nanoTime();
    Map<String, String> r;
    try {
      r = tool.runner().run(target, plan, id);
    } catch (RuntimeException e) {
      r = Map.of();
      System.out.println("bench: " + id + " failed: " + e);
    }
    System.out.printf(Locale.ROOT, "bench: %s: %s req/s (%.0f s)%n", id,
        r.getOrDefault("rps", "failed"), (System.nanoTime() - start) / 1e9);
    if (r.isEmpty()) {
      Path log = settings.out().resolve("logs").resolve(id + ".log");
      return failed(users, tool, failure(readLog(log)) + "; see " + log);
    }
    double samples = Double.parseDouble(r.get("samples"));
    double errors = Double.parseDouble(r.getOrDefault("errors", "0"));
    if (errors > 0 && errors * 2 >= samples) {
      return failed(users, tool, String.format(Locale.ROOT, "%.0f errors of %.0f requests, no "
          + "figure; see %s", errors, samples, settings.out().resolve("logs").resolve(id
          + ".log")));
    }
    double offered = users / ((plan.think().toMillis() + delay.toMillis()) / 1000.0);
    double rps = Double.parseDouble(r.get("rps"));
    return String.format(Locale.ROOT,
        "| %d | %s | %.0f | %.0f | %.1f %% | %s | %s | %.0f | %s | %s | %s |", users,
        tool.name(), rps, offered, rps / offered * 100, minusDelay(r.get("p50"), delay),
        minusDelay(r.get("p99"), delay), errors, r.getOrDefault("rssPeakMiB", "—"),
        String.format(Locale.ROOT, "%.0f", Double.parseDouble(r.get("cpuUsPerSample")))
            + (r.containsKey("cpuWindow") ? " (whole life)" : ""),
        Machine.readLoadAverage());
  }

  private static String failed(int users, Tool tool, String why) {
    return String.format(Locale.ROOT, "| %d | %s | **FAILED**: %s | | | | | | | | |", users,
        tool.name(), why);
  }

  private static String minusDelay(String percentile, Duration delay) {
    return percentile == null || percentile.isBlank() || percentile.equals("N/A") ? "—"
        : String.format(Locale.ROOT, "%+.1f ms", Double.parseDouble(percentile)
            - delay.toMillis());
  }

  /**
   * Why a tool's run gave no figures, from its log: a file limit, memory, a kill, else the
   * harness's own last line (overran, no throughput with the exit code).
   */
  static String failure(String log) {
    String lower = log.toLowerCase(Locale.ROOT);
    if (lower.contains("too many open files")) {
      return "file limit (too many open files)";
    }
    if (log.contains("OutOfMemoryError") || lower.contains("cannot allocate memory")) {
      return "out of memory";
    }
    Optional<String> harness = log.lines().filter(l -> l.startsWith("bench: "))
        .reduce((a, b) -> b).map(l -> l.substring("bench: ".length()));
    if (harness.isPresent() && harness.get().contains("(exit 137)")) {
      return harness.get() + ": killed (SIGKILL, e.g. the kernel's OOM killer)";
    }
    return harness.orElse("no figures in its output");
  }

  private static String readLog(Path file) {
    try {
      return Files.exists(file) ? Files.readString(file) : "";
    } catch (IOException e) {
      return "";
    }
  }
}
