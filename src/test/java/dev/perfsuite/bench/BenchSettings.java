package dev.perfsuite.bench;

import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * Settings of the benchmark harness, read from {@code bench.*} system properties (never
 * {@code perf.*}: the suite rejects unknown keys of its own namespace).
 *
 * <p>{@code -Dbench.duration=5s} is the quick mode: every timed run (throughput, overhead,
 * accuracy, memory) is capped at that length unless its own key says otherwise.
 *
 * @param duration length of one throughput or overhead run, default 15 s (the figures)
 * @param threads closed-model thread counts of the throughput table, default 50 and 200
 * @param pairs A/B pairs of the listener-overhead measurement, default 3 (medians need 3)
 * @param memoryThreads threads of the memory run, default 1000
 * @param memoryThink think time of the memory run, default 1 s
 * @param memoryDuration length of the memory run, default 2 min
 * @param accuracyDuration length of each accuracy run, default 30 s
 * @param out where sections and the report go, default {@code target/bench}
 * @param echoJar the echo backend jar built by {@code mvn package}
 * @param nginx the nginx binary, empty when not installed
 * @param wrk the wrk binary, empty when not installed
 * @param hey the hey binary ({@code bench.hey}, default Debian's {@code /usr/bin/hey}), empty
 *     when not installed
 * @param generatorHeap {@code -Xmx} of generator JVMs, default 1g (the heap target)
 * @param generatorFlags extra JVM flags of generator JVMs (GC experiments), default none
 * @param runs runs per throughput cell ({@code bench.runs}), at least and by default 3: each cell
 *     shows their median and min-max; 1 by default in smoke mode
 *     ({@code -Dbench.smoke=true}), which proves that every tool runs and publishes no figure
 * @param unavailable tools declared unavailable on this machine ({@code bench.unavailable}, e.g.
 *     {@code hey}); their rows are skipped with a note
 * @param strict whether a missing tool that is not declared unavailable fails the bench: on
 *     with {@code bench.strict=true}, or when the {@code CI} or {@code JENKINS_URL} environment
 *     variable is set
 */
record BenchSettings(Duration duration, List<Integer> threads, int pairs, int memoryThreads,
    Duration memoryThink, Duration memoryDuration, Duration accuracyDuration, Path out,
    Path echoJar, Optional<Path> nginx, Optional<Path> wrk, Optional<Path> hey,
    String generatorHeap, List<String> generatorFlags, int runs, List<String> unavailable,
    boolean strict) {

  /** Tool binaries by name, for {@link #requireTools}. */
  private Map<String, Optional<Path>> tools() {
    return Map.of("nginx", nginx, "wrk", wrk, "hey", hey);
  }

  /**
   * Fails when a tool of a benchmark row is missing in strict mode (CI) and not declared
   * unavailable by {@code bench.unavailable}, so a CI run never drops a row silently.
   */
  void requireTools(List<String> names) {
    List<String> missing = names.stream()
        .filter(n -> tools().get(n).isEmpty() && !unavailable.contains(n)).toList();
    if (strict && !missing.isEmpty()) {
      throw new IllegalStateException("benchmark tools missing: " + missing + ". Fix: install "
          + "them (bench/run does it as root), or declare them unavailable on this machine, "
          + "e.g. -Dbench.unavailable=" + String.join(",", missing)
          + " (their rows are then skipped with a note).");
    }
  }

  static BenchSettings load() {
    Optional<Duration> quick = Optional.ofNullable(System.getProperty("bench.duration"))
        .map(BenchSettings::duration);
    Duration run = quick.orElse(Duration.ofSeconds(15));
    List<String> unavailable = Arrays.stream(System.getProperty("bench.unavailable", "")
        .split(",")).map(String::strip).filter(s -> !s.isEmpty()).toList();
    // Smoke mode (CI): every peer and both clients run once, to prove they work; no figures.
    boolean smoke = Boolean.getBoolean("bench.smoke");
    int runs = Integer.parseInt(System.getProperty("bench.runs", smoke ? "1" : "3"));
    if (runs < 3 && !smoke) {
      throw new IllegalArgumentException("bench.runs=" + runs + ": a median with min-max needs "
          + "at least 3 runs. Fix: -Dbench.runs=3 or more");
    }
    boolean strict = Boolean.getBoolean("bench.strict") || System.getenv("CI") != null
        || System.getenv("JENKINS_URL") != null;
    return new BenchSettings(run,
        Arrays.stream(System.getProperty("bench.threads", "50,200").split(","))
            .map(String::strip).map(Integer::parseInt).toList(),
        Integer.parseInt(System.getProperty("bench.pairs", "3")),
        Integer.parseInt(System.getProperty("bench.memory.threads", "1000")),
        duration(System.getProperty("bench.memory.think", "1s")),
        duration(System.getProperty("bench.memory.duration",
            quick.map(d -> d.multipliedBy(4).toSeconds() + "s").orElse("120s"))),
        duration(System.getProperty("bench.accuracy.duration",
            quick.map(d -> d.multipliedBy(2).toSeconds() + "s").orElse("30s"))),
        Path.of(System.getProperty("bench.out", "target/bench")),
        Path.of(System.getProperty("bench.echo-jar", "target/perf-suite-echo.jar")),
        binary("bench.nginx", "/usr/sbin/nginx", unavailable),
        binary("bench.wrk", "/usr/bin/wrk", unavailable),
        binary("bench.hey", "/usr/bin/hey", unavailable),
        System.getProperty("bench.generator.heap", "1g"),
        Arrays.stream(System.getProperty("bench.generator.flags", "").split("\\s+"))
            .filter(s -> !s.isBlank()).toList(),
        runs, unavailable, strict);
  }

  /** Durations as the suite writes them: {@code 500ms}, {@code 15s}, {@code 2m}. */
  static Duration duration(String text) {
    String t = text.strip().toLowerCase(Locale.ROOT);
    try {
      if (t.endsWith("ms")) {
        return Duration.ofMillis(Long.parseLong(t.substring(0, t.length() - 2)));
      } else if (t.endsWith("s")) {
        return Duration.ofSeconds(Long.parseLong(t.substring(0, t.length() - 1)));
      } else if (t.endsWith("m")) {
        return Duration.ofMinutes(Long.parseLong(t.substring(0, t.length() - 1)));
      }
    } catch (NumberFormatException e) {
      // falls through to the error below
    }
    throw new IllegalArgumentException("bench duration '" + text
        + "' is not like 500ms, 15s or 2m. Fix: e.g. -Dbench.duration=5s");
  }

  private static Optional<Path> binary(String key, String fallback, List<String> unavailable) {
    if (unavailable.contains(key.substring("bench.".length()))) {
      return Optional.empty();
    }
    Path path = Path.of(System.getProperty(key, fallback));
    return path.toFile().canExecute() ? Optional.of(path) : Optional.empty();
  }
}
