package dev.perfsuite.bench;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.perfsuite.bench.LoadTools.UsersPlan;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Vegeta as a peer: an open model at a fixed rate ({@code -rate}, workers added up to
 * {@code -max-workers} while none is free), or a closed loop of {@code -max-workers} workers as
 * fast as they go ({@code -rate=0}). Each result is timed from that request's own send.
 *
 * <p>The attack only writes its results to a file ({@code -max-body=0}: no response bodies);
 * {@code vegeta report -type=json} (or {@code vegeta encode -to=csv} when a window is cut out)
 * runs after it, outside the process tree whose CPU and RSS are measured.
 */
final class VegetaPeer {
  private static final ObjectMapper JSON = new ObjectMapper();
  /** A CSV result's leading fields: send time (Unix ns), status code (0: no response), ns. */
  private static final Pattern CSV_RESULT = Pattern.compile("^(\\d+),(\\d+),(\\d+),");
  private static final Duration REPORT_LIMIT = Duration.ofMinutes(2);

  private VegetaPeer() {
  }

  /** A closed loop: {@code workers} workers, no rate limit, for {@code duration}. */
  static Map<String, String> closed(BenchSettings settings, Path vegeta, URI target,
      int workers, Duration duration, int bodyBytes, String name) {
    return attack(settings, vegeta, target, "0", workers, duration, bodyBytes, name);
  }

  /** An open model: {@code rate} requests a second, at most {@code maxWorkers} in flight. */
  static Map<String, String> open(BenchSettings settings, Path vegeta, URI target, double rate,
      int maxWorkers, Duration duration, String name) {
    return attack(settings, vegeta, target, Math.round(rate) + "/1s", maxWorkers, duration, 0,
        name);
  }

  /**
   * The users table's offered rate as an open model, users / (think + delay) a second for the
   * plan's warm-up and hold, at most {@code plan.users()} in flight; the figures are those of the
   * requests sent in the hold ({@link #window}). No ramp: Vegeta has no users to start.
   */
  static Map<String, String> users(BenchSettings settings, Path vegeta, URI target,
      UsersPlan plan, Duration delay, String name) {
    Path results = results(settings, name);
    List<String> command = attackCommand(settings, vegeta, target,
        plan.users() + "/" + plan.think().plus(delay).toMillis() + "ms", plan.users(),
        plan.sending(), 0, results, name);
    return LoadTools.run(settings, command, name, plan.limit(), LoadTools.WHOLE_TREE,
        (out, r) -> LoadTools.wholeLife(r, window(output(List.of(vegeta.toString(), "encode",
            "-to=csv", results.toString()), results, settings, name + "-csv"), plan.warmUp(),
            plan.hold())));
  }

  private static Map<String, String> attack(BenchSettings settings, Path vegeta, URI target,
      String rate, int workers, Duration duration, int bodyBytes, String name) {
    Path results = results(settings, name);
    List<String> command = attackCommand(settings, vegeta, target, rate, workers, duration,
        bodyBytes, results, name);
    return LoadTools.runLaunched(settings, command, name, duration,
        (out, result) -> result.putAll(report(output(List.of(
            vegeta.toString(), "report", "-type=json", results.toString()), results, settings,
            name + "-report"))));
  }

  private static List<String> attackCommand(BenchSettings settings, Path vegeta, URI target,
      String rate, int workers, Duration duration, int bodyBytes, Path results, String name) {
    Path targets = settings.out().resolve("vegeta-" + name + ".targets").toAbsolutePath();
    if (bodyBytes > 0) {
      Path body = settings.out().resolve("vegeta-body-" + bodyBytes + ".json").toAbsolutePath();
      LoadTools.write(body, BenchPayload.json(bodyBytes));
      LoadTools.write(targets, "POST " + target + "\nContent-Type: application/json\n@" + body
          + "\n");
    } else {
      LoadTools.write(targets, "GET " + target + "\n");
    }
    return new ArrayList<>(List.of(vegeta.toString(), "attack", "-targets=" + targets,
        "-rate=" + rate,
        // A closed loop starts every worker at once; an open one adds them as it needs them.
        "-workers=" + (rate.equals("0") ? workers : Math.min(workers, 10)),
        "-max-workers=" + workers,
        "-duration=" + duration.toMillis() + "ms", "-max-body=0",
        "-output=" + results));
  }

  private static Path results(BenchSettings settings, String name) {
    return settings.out().resolve("logs").resolve(name + ".bin").toAbsolutePath();
  }

  /**
   * The figures of {@code vegeta report -type=json}: req/s = requests / (attack + wait for the
   * last responses), latencies from ns to ms, errors = requests that were not a 2xx or 3xx
   * response (Vegeta's success ratio); empty when there is no report.
   */
  static Map<String, String> report(String json) {
    Map<String, String> r = new LinkedHashMap<>();
    JsonNode report;
    try {
      report = JSON.readTree(json);
    } catch (IOException e) {
      return r;
    }
    if (report == null || !report.has("requests")) {
      return r;
    }
    long requests = report.path("requests").asLong();
    double seconds = (report.path("duration").asLong() + report.path("wait").asLong()) / 1e9;
    r.put("rps", LoadTools.fmt(seconds > 0 ? requests / seconds : 0));
    r.put("samples", Long.toString(requests));
    r.put("errors", Long.toString(Math.round(requests * (1 - report.path("success")
        .asDouble()))));
    JsonNode latencies = report.path("latencies");
    Map.of("p50", "50th", "p90", "90th", "p95", "95th", "p99", "99th", "mean", "mean")
        .forEach((key, field) -> r.put(key, LoadTools.fmt(latencies.path(field).asLong() / 1e6)));
    return r;
  }

  /**
   * The requests of {@code vegeta encode -to=csv} sent in the hold, from {@code warmUp} after the
   * first send for {@code hold}: req/s over the hold, errors (no response, or not 2xx/3xx), p50
   * and p99 (nearest rank) in ms; empty when none was sent in it.
   */
  static Map<String, String> window(String csv, Duration warmUp, Duration hold) {
    List<SentRequest> sent = new ArrayList<>();
    csv.lines().forEach(line -> {
      Matcher m = CSV_RESULT.matcher(line);
      if (m.find()) {
        sent.add(new SentRequest(Long.parseLong(m.group(1)), Integer.parseInt(m.group(2)),
            Long.parseLong(m.group(3))));
      }
    });
    return sent.isEmpty() ? Map.of() : SentRequest.hold(sent, sent.stream()
        .mapToLong(SentRequest::sentNanos).min().orElseThrow() + warmUp.toNanos(), hold);
  }

  /**
   * A Vegeta sub-command's output (report, encode) of the attack's {@code results}, which it then
   * deletes (tens of MB a run); empty when it failed.
   */
  private static String output(List<String> command, Path results, BenchSettings settings,
      String name) {
    Path out = settings.out().resolve("logs").resolve(name + ".out").toAbsolutePath();
    try {
      Process process = new ProcessBuilder(command).redirectOutput(out.toFile())
          .redirectError(ProcessBuilder.Redirect.DISCARD).start();
      if (!process.waitFor(REPORT_LIMIT.toSeconds(), TimeUnit.SECONDS)) {
        process.destroyForcibly().waitFor();
        return "";
      }
      Files.deleteIfExists(results);
      return Files.readString(out);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot run " + Arrays.toString(command.toArray()), e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return "";
    }
  }
}
