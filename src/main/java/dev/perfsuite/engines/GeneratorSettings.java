package dev.perfsuite.engines;

import dev.perfsuite.config.RunSettings;
import dev.perfsuite.config.settings.HttpClientKind;
import dev.perfsuite.profiles.LoadProfile;
import dev.perfsuite.users.UserConnections;
import dev.perfsuite.users.UserThreadFactory;
import java.io.IOException;
import java.lang.management.GarbageCollectorMXBean;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The JMeter properties and generator JVM settings the suite generates load with. Each is kept
 * because it serves the measurement or measurably cuts the generator's CPU per request.
 *
 * <p>Every engine gets the properties: the embedded and distributed controllers through
 * {@link RunExecution#SHARED_PROPERTIES}, remote engines at their own start ({@link
 * RemoteEngineMain}), because JMeter's controller does not forward its properties. JVM flags
 * cannot be set from inside a running JVM: {@link #JVM_FLAGS} is what the benchmark's generator
 * JVMs run with and what docs/performance.md asks for in the perf profile's argLine and the remote
 * engines' command line.
 *
 * <p>Measured and rejected (figures in docs/performance.md, bench TuningBench): JMeter's Java
 * HTTP client (cheaper per request, but it reports no sent bytes and no connect time, cannot
 * send PATCH and gives no control over connection reuse); a response-size cap
 * ({@code httpsampler.max_bytes_to_store_per_request}: JMeter reads the whole body anyway, and
 * extractors and assertions would see a truncated one); a longer or shorter stale-connection
 * check; the Parallel and Serial collectors (cheaper, but their pauses land in measured
 * latencies).
 */
public final class GeneratorSettings {
  private static final Logger LOG = LoggerFactory.getLogger(GeneratorSettings.class);
  /** JMeter properties for load generation, in the order they are documented. */
  public static final Map<String, String> JMETER_PROPERTIES = properties();

  /**
   * Generator JVM flags. G1 is pinned because the JVM picks the Serial collector by itself on a
   * machine or container with one CPU or less than 1792 MiB, and Serial's stop-the-world pauses
   * go straight into the latencies being measured (their p99 error against a known delay:
   * docs/performance.md, "Figures behind design choices").
   */
  public static final List<String> JVM_FLAGS = List.of("-XX:+UseG1GC");

  /** Threads a JVM runs besides its users (JIT, GC, JMeter, the suite's own), an estimate. */
  static final int OWN_THREADS = 100;
  /** File descriptors a run holds besides one socket per user (jars, JTL, logs), an estimate. */
  static final int OWN_FILES = 300;
  /**
   * Heap a user of JMeter's HttpClient 4 needs on the generator, rounded up from what 5,000 users
   * held. It covers its copy of the plan, an HttpClient with its pool and buffers, and the last
   * SampleResult; below it G1 collects back to back and its pauses land in the latencies
   * (docs/performance.md, "Figures behind design choices").
   */
  static final long HEAP_PER_USER = 256 * 1024;
  /**
   * Heap a user of the suite's own HTTP client needs: about twice what each such user held live.
   * Each of 50,000 users held 15.2 KiB (class histogram, docs/performance.md, "50,000 users on one
   * generator"); the double is the room G1 needs to copy the young generation without collecting
   * back to back.
   */
  static final long HEAP_PER_SUITE_CLIENT_USER = 32 * 1024;
  /**
   * Memory mappings per platform thread: its stack and guard page (docs/performance.md,
   * "Figures behind design choices").
   */
  static final int MAPS_PER_THREAD = 2;
  /** Memory mappings of a JVM besides its threads' (heap, jars, libraries), an estimate. */
  static final int OWN_MAPS = 2000;

  private GeneratorSettings() {
  }

  private static Map<String, String> properties() {
    Map<String, String> p = new LinkedHashMap<>();
    // A request the client retries by itself is timed as one sample with both attempts in it,
    // and its first failure never reaches the error count: one attempt per sample (JMeter's
    // default; pinned so a user.properties on an engine cannot turn retries on unnoticed).
    p.put("httpclient4.retrycount", "0");
    p.put("httpclient4.request_sent_retry_enabled", "false");
    // Checks a pooled connection idle longer than this before reuse, so a keep-alive connection
    // the server closed is not counted as an error. Under load no connection idles that long
    // and the check costs nothing (docs/performance.md, "Figures behind design choices"); it
    // stays below the usual 5 s server keep-alive timeout.
    p.put("httpclient4.validate_after_inactivity", "4900");
    return Collections.unmodifiableMap(p);
  }

  /** {@code shared} with the generator's JMeter properties added; theirs win on a clash. */
  static Map<String, String> plus(Map<String, String> shared) {
    Map<String, String> all = new LinkedHashMap<>(shared);
    all.putAll(JMETER_PROPERTIES);
    return Collections.unmodifiableMap(all);
  }

  /**
   * Checks this generator's limits and collector before load. It fails when its limits cannot hold
   * the profile's users (one thread and one socket per user, against the soft limits of processes
   * and open files in {@code /proc/self/limits}; JMeter would otherwise die mid-run with "unable to
   * create native thread" or "Too many open files"), and warns when the JVM runs a collector whose
   * pauses land in measured latencies.
   */
  static void checkBeforeLoad(LoadProfile profile, RunSettings settings) {
    capacityProblem(profile, settings.sharedConnections(), Limits.current())
        .ifPresent(problem -> {
          throw new IllegalStateException(problem);
        });
    collectorWarning(ManagementFactory.getGarbageCollectorMXBeans().stream()
        .map(GarbageCollectorMXBean::getName).toList()).ifPresent(LOG::warn);
    heapWarning(profile.peakUsers(), Runtime.getRuntime().maxMemory(),
        settings.httpClient()).ifPresent(LOG::warn);
    socketWarning(profile, Limits.current()).ifPresent(LOG::warn);
  }

  /**
   * A warning when users opening a connection per request outnumber the open-files limit. They fit
   * while few requests are in flight, but a generator that falls behind keeps more in flight (users
   * wait for the CPU inside their request), and past the limit requests fail with "Too many open
   * files" (seen at 50,000 users: docs/performance.md, "Figures behind design choices").
   */
  static Optional<String> socketWarning(LoadProfile profile, Limits limits) {
    int users = profile.peakUsers();
    if (profile.connections() != UserConnections.PER_REQUEST || limits.openFiles().isEmpty()
        || users + OWN_FILES <= limits.openFiles().getAsLong()) {
      return Optional.empty();
    }
    return Optional.of(String.format(Locale.ROOT, "%d users open a connection per "
        + "request (perf.users.connections=per-request) under an open-files limit of %d: more "
        + "than %d requests in flight at once (a saturated generator or a slow target) fail "
        + "with \"Too many open files\", counted as errors. Fix: raise the limit (ulimit -n) or "
        + "spread the users over more engines", users, limits.openFiles().getAsLong(),
        limits.openFiles().getAsLong() - OWN_FILES));
  }

  /**
   * A warning when {@code maxHeap} bytes leave less per user than {@code client} needs
   * ({@link #heapPerUser}). The heap target is then met, but collections run back to back and their
   * pauses land in the measured latencies. The pause target it names halved the p99 over the
   * server's delay at 50,000 users in 1 GiB (docs/performance.md, 50,000 users).
   */
  static Optional<String> heapWarning(int users, long maxHeap, HttpClientKind client) {
    long perUser = heapPerUser(client);
    long wanted = users * perUser;
    if (maxHeap == Long.MAX_VALUE || maxHeap >= wanted) {
      return Optional.empty();
    }
    return Optional.of(String.format(Locale.ROOT, "%d users want about %d MiB of heap "
        + "on this generator (%d KiB each with perf.http.client=%s), but -Xmx is %d MiB: expect "
        + "back-to-back collections whose pauses land in the measured latencies. Fix: -Xmx%dm or "
        + "more (the perf profile's argLine, or the remote engines' command line), or spread the "
        + "users over more engines; where the heap cannot grow, G1's -XX:MaxGCPauseMillis=50 "
        + "shortens the pauses for some collector CPU", users, wanted >> 20, perUser >> 10,
        client.name().toLowerCase(Locale.ROOT), maxHeap >> 20, (wanted >> 20) + 256));
  }

  /** Heap one user needs on {@code client}: measured figures, see the constants. */
  static long heapPerUser(HttpClientKind client) {
    return client == HttpClientKind.SUITE ? HEAP_PER_SUITE_CLIENT_USER : HEAP_PER_USER;
  }

  /**
   * A warning when {@code collectors} (GC bean names) are the Serial or Parallel collector. Their
   * stop-the-world pauses of the whole young generation go into the latencies measured.
   */
  static Optional<String> collectorWarning(List<String> collectors) {
    boolean serial = collectors.contains("Copy") || collectors.contains("MarkSweepCompact");
    boolean parallel = collectors.contains("PS Scavenge") || collectors.contains("PS MarkSweep");
    if (!serial && !parallel) {
      return Optional.empty();
    }
    return Optional.of("this generator JVM runs the " + (serial ? "Serial" : "Parallel")
        + " collector, whose pauses stop every user at once and land in the measured "
        + "latencies (bench: longer pauses and p99 further from the echo delay than G1). Fix: "
        + "start it with " + String.join(" ", JVM_FLAGS) + (serial ? " (the JVM picks Serial "
        + "by itself with one CPU or less than 1792 MiB of memory)" : ""));
  }

  /**
   * What keeps {@code profile}'s users from fitting in {@code limits}, or empty when they fit. Each
   * user needs a socket unless users open a connection per request and think between requests (then
   * only requests in flight hold one), and a thread with its stack mappings unless they run on
   * virtual threads here.
   */
  static Optional<String> capacityProblem(LoadProfile profile, int sharedPool, Limits limits) {
    return capacityProblem(profile, UserThreadFactory.resolve(profile.userThreads()).virtual(),
        sharedPool, limits);
  }

  /**
   * As {@link #capacityProblem(LoadProfile, int, Limits)}, users on virtual threads or not;
   * {@code sharedPool} is the size of the pool users share ({@code perf.users.connections.max}).
   */
  static Optional<String> capacityProblem(LoadProfile profile, boolean virtual, int sharedPool,
      Limits limits) {
    int users = profile.peakUsers();
    boolean socketPerUser = profile.connections() == UserConnections.PER_USER
        || profile.thinkTime().isZero();
    int sockets = profile.connections() == UserConnections.SHARED
        ? Math.min(users, sharedPool) : socketPerUser ? users : 0;
    return capacityProblem(users, sockets, virtual ? 0 : users, limits);
  }

  /** What keeps {@code users} (a socket and a thread each) from fitting in {@code limits}. */
  public static Optional<String> capacityProblem(int users, Limits limits) {
    return capacityProblem(users, users, users, limits);
  }

  private static Optional<String> capacityProblem(int users, int sockets, int threads,
      Limits limits) {
    if (limits.openFiles().isPresent()
        && sockets + OWN_FILES > limits.openFiles().getAsLong()) {
      return Optional.of(String.format(Locale.ROOT, "%d users need about %d open files (one "
          + "socket each), but this generator's limit is %d. Fix: raise it before the run "
          + "(ulimit -n %d, or LimitNOFILE / --ulimit nofile in a service or container), "
          + "spread the users over more engines (perf.engine=distributed), or, for users who "
          + "think between requests, perf.users.connections=per-request (a socket per request "
          + "in flight), or perf.users.connections=shared with perf.http.client=suite (a bounded "
          + "pool across users, perf.users.connections.max)", users, sockets + OWN_FILES,
          limits.openFiles().getAsLong(),
          2 * (sockets + OWN_FILES)));
    }
    if (limits.processes().isPresent()
        && threads + OWN_THREADS > limits.processes().getAsLong()) {
      return Optional.of(String.format(Locale.ROOT, "%d users need about %d threads (JMeter "
          + "runs one per user), but this generator's process limit is %d. Fix: raise it "
          + "before the run (ulimit -u %d), run users on virtual threads (Java 24+), or spread "
          + "the users over more engines (perf.engine=distributed)", users,
          threads + OWN_THREADS, limits.processes().getAsLong(), 2 * (threads + OWN_THREADS)));
    }
    if (limits.maps().isPresent()
        && (long) threads * MAPS_PER_THREAD + OWN_MAPS > limits.maps().getAsLong()) {
      long needed = (long) threads * MAPS_PER_THREAD + OWN_MAPS;
      return Optional.of(String.format(Locale.ROOT, "%d users need about %d memory mappings "
          + "(each thread's stack takes %d), but vm.max_map_count is %d. Fix: raise it before "
          + "the run (sysctl -w vm.max_map_count=%d), run users on virtual threads (Java 24+), "
          + "or spread the users over more engines (perf.engine=distributed)", users, needed,
          MAPS_PER_THREAD, limits.maps().getAsLong(), 2 * needed));
    }
    return Optional.empty();
  }

  /**
   * Soft resource limits of a generator process; empty where unlimited or unknown.
   *
   * @param processes max processes (threads count against it), {@code ulimit -u}
   * @param openFiles max open files, {@code ulimit -n}
   * @param maps max memory mappings of a process, {@code vm.max_map_count}
   */
  public record Limits(OptionalLong processes, OptionalLong openFiles, OptionalLong maps) {
    /** This JVM's limits from {@code /proc/self/limits}; empty where not on Linux. */
    public static Limits current() {
      try {
        List<String> lines = Files.readAllLines(Path.of("/proc/self/limits"));
        // The kernel does not hold root to the process limit.
        boolean root = Files.readAllLines(Path.of("/proc/self/status")).stream()
            .anyMatch(l -> l.matches("Uid:\\s+0\\s.*"));
        return new Limits(root ? OptionalLong.empty() : soft(lines, "Max processes"),
            soft(lines, "Max open files"), mapCount());
      } catch (IOException | RuntimeException e) {
        return new Limits(OptionalLong.empty(), OptionalLong.empty(), OptionalLong.empty());
      }
    }

    private static OptionalLong mapCount() {
      try {
        // Trap: Files.readString returns only the first byte of a /proc/sys file.
        return OptionalLong.of(Long.parseLong(Files.readAllLines(
            Path.of("/proc/sys/vm/max_map_count")).get(0).strip()));
      } catch (IOException | RuntimeException e) {
        return OptionalLong.empty();
      }
    }

    private static OptionalLong soft(List<String> lines, String name) {
      return lines.stream().filter(l -> l.startsWith(name)).findFirst()
          .map(l -> l.substring(name.length()).trim().split("\\s+")[0])
          .filter(v -> v.chars().allMatch(Character::isDigit))
          .map(v -> OptionalLong.of(Long.parseLong(v))).orElse(OptionalLong.empty());
    }
  }
}
