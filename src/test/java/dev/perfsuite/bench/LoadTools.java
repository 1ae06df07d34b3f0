package dev.perfsuite.bench;

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
 * The load tools outside the JVM: wrk here, Gatling, Locust, Vegeta and hey in
 * {@link GatlingPeer}, {@link LocustPeer}, {@link VegetaPeer} and {@link HeyPeer}. Each run
 * returns the same key-value shape as a {@link ChildJvm} generator run ({@code rps},
 * {@code samples}, {@code errors}, {@code cpuUsPerSample}, {@code rssPeakMiB}, {@code p50},
 * {@code p99} in ms), each figure as the tool itself reports it; CPU and RSS come
 * from {@link ProcessTree}. An empty map is a failed run (see its log).
 */
final class LoadTools {
  private static final Pattern WRK_RPS = Pattern.compile("Requests/sec:\\s+([0-9.]+)");
  private static final Pattern WRK_REQUESTS = Pattern.compile("(\\d+) requests in ");
  private static final Pattern WRK_ERRORS =
      Pattern.compile("Non-2xx or 3xx responses:\\s+(\\d+)");
  private static final Pattern WRK_SOCKET_ERRORS = Pattern.compile(
      "Socket errors: connect (\\d+), read (\\d+), write (\\d+), timeout (\\d+)");
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
     * the tool starts up (Gatling starts Maven, Locust its workers).
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
        result.putAll(tree.threadCosts(Math.round(Double.parseDouble(result.get("samples")))));
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

  /**
   * {@link #run} over the tool's whole process tree, with its launch (epoch ms, {@code launch})
   * added to a run that gave figures: StallBench takes each run's truth over its own window.
   */
  static Map<String, String> runLaunched(BenchSettings settings, List<String> command,
      String name, Duration duration, Parser parser) {
    long launch = System.currentTimeMillis();
    Map<String, String> r = run(settings, command, name, duration, WHOLE_TREE, parser);
    if (!r.isEmpty()) {
      r.put("launch", Long.toString(launch));
    }
    return r;
  }

  /**
   * Puts a hold window's figures into {@code result}, marking its CPU as the tool's whole life:
   * a tool that prints no marker at the hold's start has its warm-up and start-up in it too.
   */
  static void wholeLife(Map<String, String> result, Map<String, String> hold) {
    result.putAll(hold);
    result.put("cpuWindow", "whole-life");
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
