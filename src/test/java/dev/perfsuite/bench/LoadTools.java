package dev.perfsuite.bench;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The load tools outside the JVM: wrk and k6 here, Gatling and Locust in {@link GatlingPeer} and
 * {@link LocustPeer}. Each run returns the same key-value shape as a {@link ChildJvm} generator
 * run ({@code rps}, {@code samples}, {@code errors}, {@code cpuUsPerSample}, {@code rssPeakMiB},
 * {@code p50}, {@code p99} in ms), each figure as the tool itself reports it; CPU and RSS come
 * from {@link ProcessTree}. An empty map is a failed run (see its log).
 */
final class LoadTools {
  private static final Pattern WRK_RPS = Pattern.compile("Requests/sec:\\s+([0-9.]+)");
  private static final Pattern WRK_REQUESTS = Pattern.compile("(\\d+) requests in ");
  private static final Pattern WRK_ERRORS =
      Pattern.compile("Non-2xx or 3xx responses:\\s+(\\d+)");
  private static final Pattern WRK_SOCKET_ERRORS = Pattern.compile(
      "Socket errors: connect (\\d+), read (\\d+), write (\\d+), timeout (\\d+)");
  private static final ObjectMapper JSON = new ObjectMapper();
  /**
   * k6's users plan: ramp, then users held through the warm-up and the hold, which starts
   * {@code WARMUP_MS} after the scenario; the think times in flight at the end finish (graceful
   * stop) but start no request.
   */
  private static final String K6_USERS = """
      import http from 'k6/http';
      import exec from 'k6/execution';
      import { sleep } from 'k6';

      const RAMP_MS = Number(__ENV.RAMP_MS);
      const WARMUP_MS = Number(__ENV.WARMUP_MS);
      const THINK_MS = Number(__ENV.THINK_MS);
      const USERS = Number(__ENV.USERS);

      export const options = {
        discardResponseBodies: true,
        scenarios: {
          users: {
            executor: 'ramping-vus',
            startVUs: 0,
            stages: [
              { duration: RAMP_MS + 'ms', target: USERS },
              { duration: (WARMUP_MS - RAMP_MS + Number(__ENV.HOLD_MS)) + 'ms', target: USERS },
            ],
            gracefulStop: (THINK_MS + 30000) + 'ms',
          },
          hold: {
            executor: 'shared-iterations',
            vus: 1,
            iterations: 1,
            startTime: WARMUP_MS + 'ms',
            exec: 'hold',
          },
        },
        // Thresholds that always pass make the summary export carry the hold's sub-metrics.
        thresholds: {
          'http_reqs{phase:hold}': ['count>=0'],
          'http_req_duration{phase:hold}': ['max>=0'],
          'http_req_failed{phase:hold}': ['rate>=0'],
        },
      };

      export default function () {
        const phase = Date.now() - exec.scenario.startTime >= WARMUP_MS ? 'hold' : 'warm-up';
        http.get(__ENV.TARGET, { tags: { phase } });
        sleep(THINK_MS / 1000);
      }

      export function hold() {
        console.log(__ENV.MARKER);
      }
      """;
  /** The tool's whole process tree over its whole life. */
  static final Function<ProcessStart, ProcessTree> WHOLE_TREE =
      s -> ProcessTree.watch(s.process());

  private LoadTools() {
  }

  /** Result of an external tool: req/s and the CPU it used per request, in microseconds. */
  record ToolResult(double rps, double cpuUsPerRequest) {
  }

  /** A started tool: its process and log, for the {@link ProcessTree} to watch. */
  record ProcessStart(Process process, Path log) {
  }

  /**
   * Users that each loop one GET then {@code think}, started linearly over {@code ramp}, then
   * one think time of warm-up, then {@code hold} measured (UsersBench's closed model and
   * window); the tools' figures cover the hold, the requests sent in it.
   */
  record UsersPlan(int users, Duration think, Duration ramp, Duration hold) {

    /**
     * Ramp plus one think time: every user's second request falls in the think time after the
     * ramp, and starting users keeps a generator busy past it.
     */
    Duration warmUp() {
      return ramp.plus(think);
    }

    /** Warm-up and hold: the time the users are sending. */
    Duration sending() {
      return warmUp().plus(hold);
    }

    /**
     * How long a run may take beyond {@link #sending()}: users finish their last think time, and
     * the tool starts up (k6 builds every VU before the first request, Gatling starts Maven).
     */
    Duration limit() {
      return sending().plus(think).plusSeconds(30 + users / 100);
    }
  }

  /** Printed by every tool's plan when its hold begins: the CPU window's start marker. */
  static final String HOLD_MARKER = "users plan: hold started";

  /** wrk with 2 threads (one per core here) and {@code connections} keep-alive connections. */
  static Map<String, String> wrk(BenchSettings settings, Path wrk, URI target, int connections,
      Duration duration, int bodyBytes, String name) {
    List<String> command = new ArrayList<>(List.of(wrk.toString(), "-t2",
        "-c" + connections, "-d" + duration.toSeconds() + "s", "--latency"));
    if (bodyBytes > 0) {
      Path script = settings.out().resolve("wrk-post-" + bodyBytes + ".lua");
      write(script, "wrk.method = \"POST\"\nwrk.body = '" + BenchPayload.json(bodyBytes)
          + "'\nwrk.headers[\"Content-Type\"] = \"application/json\"\n");
      command.add("-s");
      command.add(script.toString());
    }
    command.add(target.toString());
    return run(settings, command, name, duration, WHOLE_TREE, (out, r) -> {
      find(out, WRK_RPS).ifPresent(v -> r.put("rps", v));
      find(out, WRK_REQUESTS).ifPresent(v -> r.put("samples", v));
      long errors = find(out, WRK_ERRORS).map(Long::parseLong).orElse(0L);
      Matcher socket = WRK_SOCKET_ERRORS.matcher(out);
      if (socket.find()) {
        for (int g = 1; g <= 4; g++) {
          errors += Long.parseLong(socket.group(g));
        }
      }
      r.put("errors", Long.toString(errors));
      wrkPercentile(out, "50").ifPresent(v -> r.put("p50", v));
      wrkPercentile(out, "99").ifPresent(v -> r.put("p99", v));
    });
  }

  /** wrk for {@code bench.duration}, as req/s and CPU µs per request (the tuning table's shape). */
  static Optional<ToolResult> wrk(BenchSettings settings, Path wrk, URI target, int connections,
      int bodyBytes, String name) {
    Map<String, String> r = wrk(settings, wrk, target, connections, settings.duration(),
        bodyBytes, name);
    return r.isEmpty() ? Optional.empty() : Optional.of(new ToolResult(
        Double.parseDouble(r.get("rps")), Double.parseDouble(r.get("cpuUsPerSample"))));
  }

  /** k6 with {@code vus} virtual users looping with no sleep; figures from its summary export. */
  static Map<String, String> k6(BenchSettings settings, Path k6, URI target, int vus,
      Duration duration, int bodyBytes, String name) {
    Path script = settings.out().resolve("k6-" + bodyBytes + ".js");
    write(script, bodyBytes > 0
        ? "import http from 'k6/http';\nconst body = '" + BenchPayload.json(bodyBytes) + "';\n"
            + "export default function () { http.post(__ENV.TARGET, body, "
            + "{ headers: { 'Content-Type': 'application/json' } }); }\n"
        : "import http from 'k6/http';\nexport default function () { http.get(__ENV.TARGET); }\n");
    Path summary = settings.out().resolve("logs").resolve(name + "-summary.json").toAbsolutePath();
    List<String> command = List.of(k6.toString(), "run", "--quiet", "--no-usage-report",
        "--vus", Integer.toString(vus), "--duration", duration.toSeconds() + "s",
        "--summary-trend-stats", "med,p(99)", "--summary-export", summary.toString(),
        "-e", "TARGET=" + target, script.toString());
    return run(settings, command, name, duration, WHOLE_TREE, (out, r) -> {
      try {
        JsonNode metrics = JSON.readTree(summary.toFile()).path("metrics");
        JsonNode reqs = metrics.path("http_reqs");
        JsonNode latency = metrics.path("http_req_duration");
        r.put("rps", fmt(reqs.path("rate").asDouble()));
        r.put("samples", Long.toString(reqs.path("count").asLong()));
        r.put("errors", Long.toString(metrics.path("http_req_failed").path("passes").asLong()));
        r.put("p50", fmt(latency.path("med").asDouble()));
        r.put("p99", fmt(latency.path("p(99)").asDouble()));
      } catch (IOException e) {
        // No summary: the run failed; its log says why.
      }
    });
  }

  /**
   * k6 with {@code ramping-vus} (0 to {@code users} over the ramp, then held), each VU looping a
   * GET then {@code sleep(think)}. Requests sent after the warm-up carry the tag
   * {@code phase:hold}; req/s, p50/p99 and errors are that sub-metric's ({@link #k6Hold}), CPU
   * per request from the hold's start marker (a one-iteration scenario starting at the warm-up's
   * end) to k6's exit.
   */
  static Map<String, String> k6(BenchSettings settings, Path k6, URI target, UsersPlan plan,
      String name) {
    Path script = settings.out().resolve("k6-users.js").toAbsolutePath();
    write(script, K6_USERS);
    Path summary = settings.out().resolve("logs").resolve(name + "-summary.json").toAbsolutePath();
    List<String> command = List.of(k6.toString(), "run", "--quiet", "--no-usage-report",
        "--summary-trend-stats", "med,p(99)", "--summary-export", summary.toString(),
        "-e", "TARGET=" + target, "-e", "USERS=" + plan.users(),
        "-e", "THINK_MS=" + plan.think().toMillis(), "-e", "RAMP_MS=" + plan.ramp().toMillis(),
        "-e", "WARMUP_MS=" + plan.warmUp().toMillis(), "-e", "HOLD_MS=" + plan.hold().toMillis(),
        "-e", "MARKER=" + HOLD_MARKER,
        script.toString());
    return run(settings, command, name, plan.limit(),
        s -> ProcessTree.watch(s.process(), p -> true, s.log(),
            Pattern.compile(Pattern.quote(HOLD_MARKER)), null),
        (out, r) -> {
          try {
            r.putAll(k6Hold(JSON.readTree(summary.toFile()), plan.hold()));
          } catch (IOException e) {
            // No summary: the run failed; its log says why.
          }
        });
  }

  /**
   * The hold's figures of a k6 summary export: the {@code {phase:hold}} sub-metrics' count over
   * the hold's length as req/s (k6's own rate divides by the whole run), their median and p99 in
   * ms, failed requests; empty when the sub-metric is absent.
   */
  static Map<String, String> k6Hold(JsonNode summary, Duration hold) {
    JsonNode metrics = summary.path("metrics");
    JsonNode reqs = metrics.path("http_reqs{phase:hold}");
    JsonNode latency = metrics.path("http_req_duration{phase:hold}");
    Map<String, String> r = new LinkedHashMap<>();
    if (!reqs.has("count")) {
      return r;
    }
    long count = reqs.path("count").asLong();
    r.put("rps", fmt(count * 1000.0 / hold.toMillis()));
    r.put("samples", Long.toString(count));
    r.put("errors", Long.toString(metrics.path("http_req_failed{phase:hold}").path("passes")
        .asLong()));
    if (latency.has("med")) {
      r.put("p50", fmt(latency.path("med").asDouble()));
      r.put("p99", fmt(latency.path("p(99)").asDouble()));
    }
    return r;
  }

  /** Parses a tool's output (or its files) into the result map. */
  interface Parser {
    void parse(String output, Map<String, String> result);
  }

  /**
   * Runs a tool under a {@link ProcessTree}, parses its figures and adds CPU per request and peak
   * RSS; empty when it timed out or reported no throughput.
   */
  static Map<String, String> run(BenchSettings settings, List<String> command, String name,
      Duration duration, Function<ProcessStart, ProcessTree> watch, Parser parser) {
    return run(settings, command, Map.of(), name, duration, watch, parser);
  }

  static Map<String, String> run(BenchSettings settings, List<String> command,
      Map<String, String> env, String name, Duration duration,
      Function<ProcessStart, ProcessTree> watch, Parser parser) {
    Path log = settings.out().resolve("logs").resolve(name + ".log");
    Map<String, String> result = new LinkedHashMap<>();
    try {
      Files.createDirectories(log.getParent());
      ProcessBuilder builder = new ProcessBuilder(command).redirectErrorStream(true)
          .redirectOutput(log.toFile());
      builder.environment().putAll(env);
      Process process = builder.start();
      try (ProcessTree tree = watch.apply(new ProcessStart(process, log))) {
        if (!process.waitFor(duration.plus(Duration.ofSeconds(90)).toSeconds(),
            TimeUnit.SECONDS)) {
          process.descendants().forEach(ProcessHandle::destroyForcibly);
          process.destroyForcibly().waitFor();
          note(log, "bench: " + name + " overran its limit of "
              + duration.plus(Duration.ofSeconds(90)).toSeconds() + " s and was killed");
          return Map.of();
        }
        Thread.sleep(ProcessTree.POLL_MILLIS);
        parser.parse(Files.readString(log), result);
        if (!result.containsKey("rps") || !result.containsKey("samples")
            || Double.parseDouble(result.get("samples")) <= 0) {
          note(log, "bench: " + name + " reported no throughput (exit " + process.exitValue()
              + ")");
          return Map.of();
        }
        result.put("cpuUsPerSample", fmt(tree.cpuSeconds() * 1e6
            / Double.parseDouble(result.get("samples"))));
        tree.peakRssMiB().ifPresent(m -> result.put("rssPeakMiB", Long.toString(m)));
        result.put("processes", Integer.toString(tree.processes()));
        if (!tree.windowSeen()) {
          result.put("cpuWindow", "whole-life");
        }
      }
      return result;
    } catch (IOException e) {
      throw new UncheckedIOException("cannot run " + command.get(0) + "; see " + log, e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return Map.of();
    }
  }

  /** Prints why a run failed and leaves it as the log's last line, for a failed row to name. */
  private static void note(Path log, String why) {
    System.out.println(why + "; see " + log);
    try {
      Files.writeString(log, System.lineSeparator() + why + System.lineSeparator(),
          StandardOpenOption.CREATE, StandardOpenOption.APPEND);
    } catch (IOException e) {
      // The console line above still says it.
    }
  }

  /** wrk's {@code --latency} line, e.g. {@code 99%    5.67ms}, in ms. */
  static Optional<String> wrkPercentile(String output, String percent) {
    Matcher m = Pattern.compile("^\\s+" + percent + "%\\s+([0-9.]+)(us|ms|s)\\s*$",
        Pattern.MULTILINE).matcher(output);
    if (!m.find()) {
      return Optional.empty();
    }
    double value = Double.parseDouble(m.group(1));
    double ms = switch (m.group(2)) {
      case "us" -> value / 1000;
      case "s" -> value * 1000;
      default -> value;
    };
    return Optional.of(fmt(ms));
  }

  static Optional<String> find(String output, Pattern pattern) {
    Matcher m = pattern.matcher(output);
    return m.find() ? Optional.of(m.group(1)) : Optional.empty();
  }

  static String fmt(double value) {
    return String.format(Locale.ROOT, "%.3f", value);
  }

  static void write(Path file, String text) {
    try {
      Files.createDirectories(file.getParent());
      Files.writeString(file, text);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot write " + file, e);
    }
  }
}
