package dev.perfsuite.bench;

import java.net.URI;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Supplier;

/**
 * Interleaved rounds: each round runs every generator once, in the same order, so drift of a
 * shared machine hits all of them alike; a cell is then the median of its rounds.
 */
final class Rounds {

  private Rounds() {
  }

  /** Runs {@code runs} rounds; results by generator name, in insertion order. */
  static Map<String, List<Map<String, String>>> interleave(String cell, int runs,
      Map<String, Supplier<Map<String, String>>> generators) {
    Map<String, List<Map<String, String>>> results = new LinkedHashMap<>();
    for (int round = 1; round <= runs; round++) {
      for (var generator : generators.entrySet()) {
        long start = System.nanoTime();
        Map<String, String> result;
        try {
          result = generator.getValue().get();
        } catch (RuntimeException e) {
          // One failed run is a failed cell entry, not a lost table: the log names the cause.
          System.out.println("bench: " + cell + " " + generator.getKey() + " failed: " + e);
          result = Map.of();
        }
        results.computeIfAbsent(generator.getKey(), k -> new ArrayList<>()).add(result);
        System.out.printf(Locale.ROOT, "bench: %s round %d/%d %s: %s req/s (%.0f s)%n", cell,
            round, runs, generator.getKey(), result.getOrDefault("rps", "failed"),
            (System.nanoTime() - start) / 1e9);
      }
    }
    return results;
  }

  /**
   * Fails when a generator the table is measured against had no successful run: a failed peer is
   * a row that says so, but without the suite or the baseline there is no ratio to show.
   */
  static void require(String cell, Map<String, List<Map<String, String>>> results,
      String... generators) {
    for (String generator : generators) {
      if (Cell.of(results.getOrDefault(generator, List.of()), "rps").isEmpty()) {
        throw new IllegalStateException(cell + ": " + generator + " failed in every round; see "
            + "its logs under target/bench/logs/");
      }
    }
  }

  /** The suite on JMeter's HTTP client (HttpClient 4) in {@link #putBaselineAndBothClients}. */
  static final String SUITE = "suite";
  /** The suite on its own HTTP client ({@code perf.http.client=suite}). */
  static final String SUITE_CLIENT = "suite, its own client";

  /**
   * The generators every comparison has: bare jmeter-java-dsl with the suite's settings (the
   * fair baseline) and the suite with every listener, as fresh child JVMs.
   */
  static void putBaselineAndSuite(Map<String, Supplier<Map<String, String>>> generators,
      String baselineName, BenchSettings settings, String id, URI target, int threads,
      Duration duration, int body) {
    generators.put(baselineName, () -> SuiteRuns.bareWithSuiteSettings(settings,
        id + "-base", target, threads, duration, body));
    generators.put(SUITE, () -> SuiteRuns.suite(settings, id + "-suite", target, threads,
        duration, body));
  }

  /**
   * As {@link #putBaselineAndSuite}, with the suite once on each HTTP client, both named
   * explicitly so the rows keep their meaning whichever client is the default.
   */
  static void putBaselineAndBothClients(Map<String, Supplier<Map<String, String>>> generators,
      String baselineName, BenchSettings settings, String id, URI target, int threads,
      Duration duration, int body) {
    putBaselineAndSuite(generators, baselineName, settings, id, target, threads, duration, body);
    Map<String, String> clients = Map.of(SUITE, "jmeter", SUITE_CLIENT, "suite");
    for (String name : List.of(SUITE, SUITE_CLIENT)) {
      String client = clients.get(name);
      generators.put(name, () -> SuiteRuns.suite(settings, id + "-suite-" + client, target,
          threads, duration, body, List.of(SuiteRuns.client(client))));
    }
  }
}
