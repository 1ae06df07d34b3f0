package dev.perfsuite.bench;

import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The runs of {@link StallBench}: the suite in a child JVM ({@link StallRun}) and each peer with
 * the plan that fits its model, a GET per request to the stalling echo. Every run returns the
 * {@link LoadTools} key-value shape ({@code rps}, {@code samples}, {@code errors}) plus
 * {@code p50}, {@code p90}, {@code p95}, {@code p99} and {@code mean} in ms as the tool reports
 * them, {@code launch} (epoch ms when the tool was started) and figures of its own (wrk's
 * {@code intervalMs}); Vegeta and hey run through {@link VegetaPeer} and {@link HeyPeer}. An
 * empty map is a failed run (see its log).
 */
final class StallPeers {
  private static final Pattern RESULT_FIELD = Pattern.compile("(\\w+)=(\\S+)");
  /** wrk's own histogram after its expected-interval correction, in µs, printed at the end. */
  private static final String WRK_SCRIPT = """
      done = function(summary, latency, requests)
        io.write(string.format("STALL-WRK p50=%.3f p90=%.3f p95=%.3f p99=%.3f mean=%.3f\\n",
          latency:percentile(50) / 1000, latency:percentile(90) / 1000,
          latency:percentile(95) / 1000, latency:percentile(99) / 1000, latency.mean / 1000))
      end
      """;

  private StallPeers() {
  }

  /**
   * The suite in a fresh JVM: {@code model} open ({@code rate} req/s, {@code threads} as
   * {@code perf.max-threads}) or closed ({@code threads} users, no think time), measured for
   * {@code duration} after {@code warmUp}.
   */
  static Map<String, String> suite(BenchSettings settings, String name, URI target,
      String model, double rate, int threads, Duration warmUp, Duration duration) {
    List<String> command = new ArrayList<>(List.of(
        Path.of(System.getProperty("java.home"), "bin", "java").toString(),
        "-Xmx" + settings.generatorHeap()));
    command.addAll(settings.generatorFlags());
    command.addAll(List.of(
        "-Dperf.results-dir=" + settings.out().resolve("results").toAbsolutePath(),
        "-cp", System.getProperty("java.class.path"), StallRun.class.getName(),
        "model=" + model, "rate=" + rate, "threads=" + threads,
        "duration=" + duration.toMillis() + "ms", "warmup=" + warmUp.toMillis() + "ms",
        "url=" + target, "name=" + name));
    return LoadTools.runLaunched(settings, command, name, warmUp.plus(duration),
        (out, result) -> result.putAll(resultLine(out)));
  }

  /** The fields of the last {@code BENCH-RESULT k=v ...} line of a child's output. */
  static Map<String, String> resultLine(String output) {
    Map<String, String> fields = new LinkedHashMap<>();
    output.lines().filter(l -> l.startsWith(GeneratorRun.RESULT_PREFIX)).reduce((a, b) -> b)
        .ifPresent(line -> {
          Matcher m = RESULT_FIELD.matcher(line.substring(GeneratorRun.RESULT_PREFIX.length()));
          while (m.find()) {
            fields.put(m.group(1), m.group(2));
          }
        });
    return fields;
  }

  /** wrk, 2 threads and {@code connections} keep-alive connections, closed loop. */
  static Map<String, String> wrk(BenchSettings settings, Path wrk, URI target, int connections,
      Duration duration, String name) {
    Path script = settings.out().resolve("wrk-stall.lua").toAbsolutePath();
    LoadTools.write(script, WRK_SCRIPT);
    List<String> command = List.of(wrk.toString(), "-t2", "-c" + connections,
        "-d" + duration.toSeconds() + "s", "-s", script.toString(), target.toString());
    return LoadTools.runLaunched(settings, command, name, duration,
        (out, result) -> result.putAll(wrkOutput(out, connections)));
  }

  /**
   * wrk's req/s, request count and errors, the percentiles its {@code done} hook printed, and the
   * expected interval it corrected with (run time / requests per connection).
   */
  static Map<String, String> wrkOutput(String out, int connections) {
    Map<String, String> r = new LinkedHashMap<>();
    LoadTools.find(out, Pattern.compile("Requests/sec:\\s+([0-9.]+)"))
        .ifPresent(v -> r.put("rps", v));
    LoadTools.find(out, Pattern.compile("(\\d+) requests in ([0-9.]+)(ms|s|m)"))
        .ifPresent(v -> r.put("samples", v));
    long errors = LoadTools.find(out, Pattern.compile("Non-2xx or 3xx responses:\\s+(\\d+)"))
        .map(Long::parseLong).orElse(0L);
    Matcher socket = Pattern.compile(
        "Socket errors: connect (\\d+), read (\\d+), write (\\d+), timeout (\\d+)").matcher(out);
    if (socket.find()) {
      for (int g = 1; g <= 4; g++) {
        errors += Long.parseLong(socket.group(g));
      }
    }
    r.put("errors", Long.toString(errors));
    Matcher hook = Pattern.compile("^STALL-WRK (.*)$", Pattern.MULTILINE).matcher(out);
    if (hook.find()) {
      Matcher field = RESULT_FIELD.matcher(hook.group(1));
      while (field.find()) {
        r.put(field.group(1), field.group(2));
      }
    }
    Matcher span = Pattern.compile("\\d+ requests in ([0-9.]+)(ms|s|m)").matcher(out);
    if (span.find() && r.containsKey("samples")) {
      double ms = Double.parseDouble(span.group(1)) * switch (span.group(2)) {
        case "ms" -> 1;
        case "m" -> 60_000;
        default -> 1000;
      };
      double perConnection = Double.parseDouble(r.get("samples")) / connections;
      if (perConnection >= 1) {
        r.put("intervalMs", LoadTools.fmt(ms / Math.floor(perConnection)));
      }
    }
    return r;
  }

  /** Gatling's {@code StallSimulation}: {@code rate} new users per second, one GET each. */
  static Map<String, String> gatling(BenchSettings settings, URI target, double rate,
      Duration duration, String name) {
    List<String> command = List.of("mvn", "-o", "-B", "-ntp", "-f",
        GatlingPeer.PROJECT.toString(), "gatling:test",
        "-Dpeer.simulation=dev.perfsuite.peers.StallSimulation", "-Dpeer.url=" + target,
        "-Dpeer.rate=" + rate, "-Dpeer.seconds=" + duration.toSeconds(),
        // Gatling's console shows 50/75/95/99 by default; the table wants 90 as the others.
        "-Dgatling.charting.indicators.percentile2=90");
    return LoadTools.runLaunched(settings, command, name, duration,
        (out, result) -> result.putAll(gatlingOutput(out)));
  }

  /** The figures of Gatling's "Global Information" console table. */
  static Map<String, String> gatlingOutput(String out) {
    Map<String, String> r = new LinkedHashMap<>();
    List<String> requests = GatlingPeer.global(out, "request count");
    if (requests.isEmpty()) {
      return r;
    }
    r.put("samples", requests.get(0));
    r.put("errors", requests.size() > 2 ? requests.get(2) : "0");
    Map<String, String> labels = Map.of("rps", "mean throughput",
        "p50", "response time 50th percentile", "p90", "response time 90th percentile",
        "p95", "response time 95th percentile", "p99", "response time 99th percentile",
        "mean", "mean response time");
    labels.forEach((key, label) -> GatlingPeer.global(out, label).stream().findFirst()
        .ifPresent(v -> r.put(key, v)));
    return r;
  }

  /**
   * Locust with {@code users} {@code FastHttpUser}s and no wait (closed loop), through
   * {@link LocustPeer}; p90, p95 and the mean from the same Aggregated row of its stats CSV.
   */
  static Map<String, String> locust(BenchSettings settings, Path locust, URI target, int users,
      Duration duration, String name) {
    long launch = System.currentTimeMillis();
    Map<String, String> r = new LinkedHashMap<>(LocustPeer.run(settings, locust, target, users,
        duration, 0, name));
    if (r.isEmpty()) {
      return r;
    }
    LocustPeer.aggregated(settings.out().resolve("logs").resolve(name + "_stats.csv")
        .toAbsolutePath()).ifPresent(row -> {
          put(r, "p90", row.get("90%"));
          put(r, "p95", row.get("95%"));
          put(r, "mean", row.get("Average Response Time"));
        });
    r.put("launch", Long.toString(launch));
    return r;
  }

  private static void put(Map<String, String> r, String key, String value) {
    if (value != null && !value.isBlank() && !value.equals("N/A")) {
      r.put(key, value);
    }
  }
}
