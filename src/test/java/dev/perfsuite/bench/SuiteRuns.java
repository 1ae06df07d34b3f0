package dev.perfsuite.bench;

import java.net.URI;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;

/**
 * The two generators every comparison is about, as child-JVM runs with identical plans.
 *
 * <p>"bare" is plain jmeter-java-dsl ({@code testPlan(...).runIn(new EmbeddedJmeterEngine())}, its
 * defaults); "bare-tuned" adds exactly the HTTP defaults and JMeter properties the suite's engine
 * sets and drops the HTTP cache manager; "bare-suite", the headline baseline, also drops the
 * DSL's statistics collector (the suite's engine does), so that the only difference left to
 * "suite" is the suite's own listeners.
 */
final class SuiteRuns {
  /**
   * Flags that switch on every listener the suite has: the sample recorder (HdrHistogram + JTL)
   * is always on, so is the progress printer where the engine has one; Micrometer needs the
   * Prometheus export, set here (a no-op until the metrics listener exists).
   */
  static final List<String> EVERY_LISTENER = List.of(
      "-Dperf.metrics.export=prometheus", "-Dperf.metrics.port=0");

  private SuiteRuns() {
  }

  /** The suite with every listener, results under the bench directory. */
  static Map<String, String> suite(BenchSettings settings, String name, URI target, int threads,
      Duration duration, int body, String... extra) {
    return suite(settings, name, target, threads, duration, body, List.of(), extra);
  }

  /** The suite with extra generator JVM flags (GC experiments). */
  static Map<String, String> suite(BenchSettings settings, String name, URI target, int threads,
      Duration duration, int body, List<String> jvmFlags, String... extra) {
    List<String> flags = new ArrayList<>(EVERY_LISTENER);
    flags.addAll(jvmFlags);
    flags.add("-Dperf.results-dir=" + settings.out().resolve("results").toAbsolutePath());
    List<String> args = new ArrayList<>(List.of("mode=suite", "name=" + name,
        "url=" + target, "threads=" + threads, "duration=" + duration.toMillis() + "ms",
        "body=" + body, "warmup=" + warmUp(duration).toMillis() + "ms"));
    args.addAll(List.of(extra));
    return ChildJvm.run(settings, name, flags, duration, args.toArray(String[]::new));
  }

  /**
   * The suite's HTTP clients a users bench runs, a row each: {@code bench.users.clients}, a comma
   * list of {@code jmeter} and {@code suite} (default both).
   */
  static List<String> clients() {
    List<String> clients = Arrays.stream(System.getProperty("bench.users.clients",
        "jmeter,suite").split(",")).map(String::trim).toList();
    clients.stream().filter(c -> !List.of("jmeter", "suite").contains(c)).findFirst()
        .ifPresent(c -> {
          throw new IllegalArgumentException("bench.users.clients: unknown client '" + c
              + "'. Fix: a comma list of jmeter, suite");
        });
    return clients;
  }

  /**
   * A users bench's generator JVM flags: {@code -Xmx} of {@code heap}, then the space-separated
   * flags of {@code bench.users.jvm} (default none).
   */
  static List<String> usersJvm(String heap) {
    List<String> jvm = new ArrayList<>(List.of("-Xmx" + heap));
    Arrays.stream(System.getProperty("bench.users.jvm", "").trim().split("\\s+"))
        .filter(f -> !f.isEmpty()).forEach(jvm::add);
    return jvm;
  }

  /** The generator JVM flag choosing the suite's HTTP client: {@code jmeter} or {@code suite}. */
  static String client(String kind) {
    return "-Dperf.http.client=" + kind;
  }

  /** Plain jmeter-java-dsl with the same plan; {@code tuned} adds the suite's engine settings. */
  static Map<String, String> bare(BenchSettings settings, String name, URI target, int threads,
      Duration duration, int body, boolean tuned, String... extra) {
    return bare(settings, name, target, threads, duration, body, tuned, List.of(), extra);
  }

  /** Plain jmeter-java-dsl with extra generator JVM flags (GC experiments). */
  static Map<String, String> bare(BenchSettings settings, String name, URI target, int threads,
      Duration duration, int body, boolean tuned, List<String> jvmFlags, String... extra) {
    List<String> args = new ArrayList<>(List.of("mode=" + (tuned ? "bare-tuned" : "bare"),
        "url=" + target, "threads=" + threads, "duration=" + duration.toMillis() + "ms",
        "body=" + body));
    args.addAll(List.of(extra));
    return ChildJvm.run(settings, name, jvmFlags, duration, args.toArray(String[]::new));
  }

  /**
   * The headline baseline: bare jmeter-java-dsl with the suite's own settings (no HTTP cache
   * manager, no DSL statistics collector), throughput and p99 by the bench's probe with the
   * suite's estimator and warm-up window.
   */
  static Map<String, String> bareWithSuiteSettings(BenchSettings settings, String name,
      URI target, int threads, Duration duration, int body) {
    return ChildJvm.run(settings, name, List.of(), duration, "mode=bare-suite",
        "url=" + target, "threads=" + threads, "duration=" + duration.toMillis() + "ms",
        "body=" + body, "warmup=" + warmUp(duration).toMillis() + "ms");
  }

  /** A fifth of the run, at most 5 s: long enough for JIT and connection set-up. */
  static Duration warmUp(Duration duration) {
    Duration fifth = duration.dividedBy(5);
    return fifth.compareTo(Duration.ofSeconds(5)) > 0 ? Duration.ofSeconds(5) : fifth;
  }

  static double rps(Map<String, String> result) {
    return Double.parseDouble(result.get("rps"));
  }
}
