package dev.perfsuite.bench;

import dev.perfsuite.config.settings.EchoStall;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;

/**
 * The table of {@link StallBench}: the truth row, then one row per generator and figure, each
 * with the tool's own p50/p90/p95/p99/mean, its p99 against the truth of its own window, what it
 * counted of the stall and what it does with one.
 */
final class StallTable {
  private final EchoStall stall;
  private final Duration delay;
  private final Duration duration;
  private final StringBuilder rows = new StringBuilder();

  StallTable(EchoStall stall, Duration delay, Duration duration) {
    this.stall = stall;
    this.delay = delay;
    this.duration = duration;
  }

  /** The truth over every run's window: median [min-max] when the windows differ. */
  void truth(List<Map<String, String>> runs) {
    List<StallTruth> truths = runs.stream().map(this::truthOf).flatMap(Optional::stream)
        .toList();
    if (truths.isEmpty()) {
      truths = List.of(StallTruth.steady(stall, delay));
    }
    List<Map<String, String>> asRuns = truths.stream().map(t -> Map.of("p50", fmt(t.p50()),
        "p90", fmt(t.p90()), "p95", fmt(t.p95()), "p99", fmt(t.p99()), "mean",
        fmt(t.mean()))).toList();
    rows.append(String.format(Locale.ROOT, "| **truth** (model of the server) | arrivals "
        + "spread evenly | — | %s | %s | %s | %s | %s | 0 | — | a share %s of arrivals waits "
        + "uniformly 0..%d ms extra |%n", figure(asRuns, "p50"), figure(asRuns, "p90"),
        figure(asRuns, "p95"), figure(asRuns, "p99"), figure(asRuns, "mean"),
        fmt((double) stall.length().toMillis() / stall.period().toMillis()),
        stall.length().toMillis()));
  }

  void suite(String tool, String model, List<Map<String, String>> runs, String prefix,
      String does) {
    row(tool, model, runs, key -> prefix + key, does);
  }

  void peer(String tool, String model, List<Map<String, String>> runs, String does) {
    if (runs != null) {
      row(tool, model, runs, key -> key, does);
    }
  }

  void gap(String peer, String why) {
    rows.append(String.format(Locale.ROOT, "| %s | — | **gap**: %s | | | | | | | | |%n", peer,
        why));
  }

  private void row(String tool, String model, List<Map<String, String>> all,
      Function<String, String> key, String does) {
    List<Map<String, String>> runs = all == null ? List.of()
        : all.stream().filter(r -> r.containsKey(key.apply("p99"))).toList();
    if (runs.isEmpty()) {
      rows.append(String.format(Locale.ROOT, "| %s | %s | failed, see target/bench/logs/stall-* "
          + "| | | | | | | | %s |%n", tool, model, does));
      return;
    }
    List<Map<String, String>> errors = runs.stream().map(r -> {
      Map<String, String> e = new LinkedHashMap<>();
      truthOf(r).ifPresent(t -> e.put("d", fmt(Double.parseDouble(r.get(key.apply("p99")))
          - t.p99())));
      return e;
    }).toList();
    rows.append(String.format(Locale.ROOT, "| %s | %s | %s | %s | %s | %s | %s | %s | %s | %s "
        + "| %s |%n", tool, model, figure(runs, "rps"), figure(runs, key.apply("p50")),
        figure(runs, key.apply("p90")), figure(runs, key.apply("p95")),
        figure(runs, key.apply("p99")), figure(runs, key.apply("mean")),
        signed(errors), counted(runs, key.apply("p50").startsWith("r")), does));
  }

  /** What the tool counted of the stall: late starts, stalls corrected, intervals, errors. */
  private static String counted(List<Map<String, String>> runs, boolean response) {
    Map<String, String> r = runs.get(0);
    List<String> parts = new ArrayList<>();
    if (r.containsKey("lateStarts") && response) {
      if (r.containsKey("unsent")) {
        // Open model only: a closed-model user has no schedule to be late for.
        parts.add("late starts " + figure(runs, "lateStarts") + " (max lag "
            + figure(runs, "maxLagMs") + " ms)");
      }
      if (r.containsKey("unsent") && Long.parseLong(r.get("unsent")) > 0) {
        parts.add(figure(runs, "unsent") + " arrivals never sent (the run ended first)");
      }
      if (Boolean.parseBoolean(r.get("behindWarning"))) {
        parts.add("warned: generator behind schedule");
      }
      if (Long.parseLong(r.get("stalls")) > 0) {
        parts.add("stalls corrected " + figure(runs, "stalls"));
      }
      if (Boolean.parseBoolean(r.get("coWarning"))) {
        parts.add("warned: coordinated omission");
      }
    }
    if (r.containsKey("intervalMs")) {
      parts.add("expected interval " + figure(runs, "intervalMs") + " ms");
    }
    if (runs.stream().anyMatch(x -> Long.parseLong(x.getOrDefault("errors", "0")) > 0)) {
      parts.add("errors " + figure(runs, "errors"));
    }
    parts.add(figure(runs, "samples") + " requests");
    return String.join("; ", parts);
  }

  /** A run's truth: over its first sample (suite) or its launch (peers) plus the duration. */
  private Optional<StallTruth> truthOf(Map<String, String> run) {
    String start = run.getOrDefault("firstStart", run.get("launch"));
    return start == null ? Optional.empty()
        : Optional.of(StallTruth.over(stall, delay, Long.parseLong(start), duration));
  }

  String markdown(double rate, int runs, Duration suiteWarmUp) {
    return String.format(Locale.ROOT, """
        The echo backend freezes %s every %s (wall-clock aligned; a request arriving \
        inside a freeze is held until it ends) and answers after %d ms otherwise. Every \
        generator runs %d s against it; open models offer %.0f req/s, closed models run with \
        no think time (as fast as they go). The suite (each run a fresh JVM, embedded engine) \
        measures the same length after a %d ms warm-up: JMeter starts its threads inside the \
        run, the peers start theirs before their clock. %s Figures in ms as each tool reports \
        them (the suite: HdrHistogram, exact below 2048 ms; Vegeta: a t-digest estimate; \
        Gatling: whole ms; Locust: 2 significant digits above 100 ms; wrk: its histogram after \
        its correction; hey: 0.1 ms). The truth integrates the server's schedule over each \
        run's own window (a model, not a measurement); p99 − truth uses that run's window.

        | generator | model | req/s | p50 | p90 | p95 | p99 | mean | p99 − truth | counted \
        | what it does with a stall |
        |---|---|---:|---:|---:|---:|---:|---:|---:|---|---|
        %s""", span(stall.length()), span(stall.period()), delay.toMillis(),
        duration.toSeconds(), rate, suiteWarmUp.toMillis(), runs == 1 ? "One run each."
            : "Median of " + runs + " interleaved rounds [min-max].", rows);
  }

  /** Whole seconds as "N s" (as the docs quote the schedule), else "N ms". */
  private static String span(Duration d) {
    return d.toMillis() % 1000 == 0 ? d.toSeconds() + " s" : d.toMillis() + " ms";
  }

  private static String signed(List<Map<String, String>> errors) {
    String f = figure(errors, "d");
    return f.startsWith("-") || f.equals("—") ? f : "+" + f;
  }

  /** Median of the runs' values, with [min-max] when there are several. */
  private static String figure(List<Map<String, String>> runs, String key) {
    List<Double> values = runs.stream().map(r -> r.get(key)).filter(v -> v != null)
        .map(Double::parseDouble).toList();
    if (values.isEmpty()) {
      return "—";
    }
    Cell cell = new Cell(values);
    if (values.size() == 1) {
      return number(values.get(0));
    }
    double min = values.stream().mapToDouble(Double::doubleValue).min().orElseThrow();
    double max = values.stream().mapToDouble(Double::doubleValue).max().orElseThrow();
    return number(cell.median()) + " [" + number(min) + "-" + number(max) + "]";
  }

  private static String number(double value) {
    return Math.abs(value) >= 100 || value == Math.rint(value)
        ? String.format(Locale.ROOT, "%.0f", value)
        : String.format(Locale.ROOT, "%.1f", value);
  }

  private static String fmt(double value) {
    return String.format(Locale.ROOT, "%.3f", value);
  }
}
