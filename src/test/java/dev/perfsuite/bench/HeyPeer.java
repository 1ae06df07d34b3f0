package dev.perfsuite.bench;

import dev.perfsuite.bench.LoadTools.UsersPlan;
import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * hey (Debian's package) as a peer: a closed loop of {@code -c} workers for {@code -z}, each
 * timing its request from its own send; figures from its text summary. In the users plan each
 * worker is capped at one request per think time plus delay ({@code -q}), and its per-request
 * CSV ({@code -o csv}) gives the hold's requests.
 */
final class HeyPeer {
  private static final Pattern RPS = Pattern.compile("Requests/sec:\\s+([0-9.]+)");
  private static final Pattern AVERAGE = Pattern.compile("Average:\\s+([0-9.]+) secs");
  private static final Pattern PERCENTILE =
      Pattern.compile("^\\s+(\\d+)% in ([0-9.]+) secs", Pattern.MULTILINE);
  /** A status code's line, {@code [200] 1234 responses}. */
  private static final Pattern STATUS =
      Pattern.compile("^\\s+\\[(\\d+)]\\s+(\\d+) responses", Pattern.MULTILINE);
  /** An error's line under "Error distribution", {@code [12] Get "...": ...}. */
  private static final Pattern ERROR =
      Pattern.compile("^\\s+\\[(\\d+)]\\s+(?!\\d+ responses)\\S", Pattern.MULTILINE);

  private HeyPeer() {
  }

  /** {@code workers} workers with no rate limit for {@code duration}, GET or a JSON POST. */
  static Map<String, String> closed(BenchSettings settings, Path hey, URI target, int workers,
      Duration duration, int bodyBytes, String name) {
    List<String> command = new ArrayList<>(List.of(hey.toString(), "-z",
        duration.toMillis() + "ms", "-c", Integer.toString(workers)));
    if (bodyBytes > 0) {
      Path body = settings.out().resolve("hey-body-" + bodyBytes + ".json").toAbsolutePath();
      LoadTools.write(body, BenchPayload.json(bodyBytes));
      command.addAll(List.of("-m", "POST", "-D", body.toString(), "-T", "application/json"));
    }
    command.add(target.toString());
    return LoadTools.runLaunched(settings, command, name, duration,
        (out, result) -> result.putAll(summary(out)));
  }

  /**
   * The users plan: {@code plan.users()} workers, each at most one GET per think time plus
   * {@code delay} ({@code -q}), for the plan's warm-up and hold; the hold's requests from its CSV
   * ({@link #window}). hey starts every worker at once (no ramp), and a worker's requests follow
   * its own ticker, not the end of its last response.
   */
  static Map<String, String> users(BenchSettings settings, Path hey, URI target, UsersPlan plan,
      Duration delay, String name) {
    double perWorker = 1000.0 / plan.think().plus(delay).toMillis();
    List<String> command = List.of(hey.toString(), "-z", plan.sending().toMillis() + "ms",
        "-c", Integer.toString(plan.users()), "-q", String.format(Locale.ROOT, "%.6f",
            perWorker), "-o", "csv", target.toString());
    return LoadTools.run(settings, command, name, plan.limit(), LoadTools.WHOLE_TREE,
        (out, r) -> LoadTools.wholeLife(r, window(out, plan.warmUp(), plan.hold())));
  }

  /**
   * The figures of hey's summary: req/s as it prints it (every result over the run),
   * requests = responses by status plus errors, errors = non-2xx/3xx responses plus errors
   * (refused, timed out), percentiles and the average in ms; empty without a summary.
   */
  static Map<String, String> summary(String out) {
    Map<String, String> r = new LinkedHashMap<>();
    LoadTools.find(out, RPS).ifPresent(v -> r.put("rps", v));
    long responses = 0;
    long errors = 0;
    Matcher status = STATUS.matcher(out);
    while (status.find()) {
      int code = Integer.parseInt(status.group(1));
      long count = Long.parseLong(status.group(2));
      responses += count;
      if (code < 200 || code >= 400) {
        errors += count;
      }
    }
    int distribution = out.indexOf("Error distribution:");
    if (distribution >= 0) {
      Matcher error = ERROR.matcher(out.substring(distribution));
      while (error.find()) {
        long count = Long.parseLong(error.group(1));
        responses += count;
        errors += count;
      }
    }
    if (r.isEmpty()) {
      return r;
    }
    r.put("samples", Long.toString(responses));
    r.put("errors", Long.toString(errors));
    Matcher percentile = PERCENTILE.matcher(out);
    while (percentile.find()) {
      String key = "p" + percentile.group(1);
      if (List.of("p50", "p90", "p95", "p99").contains(key)) {
        r.put(key, LoadTools.fmt(Double.parseDouble(percentile.group(2)) * 1000));
      }
    }
    LoadTools.find(out, AVERAGE).ifPresent(v -> r.put("mean",
        LoadTools.fmt(Double.parseDouble(v) * 1000)));
    return r;
  }

  /**
   * The rows of hey's {@code -o csv} sent in the hold: {@code offset} (s since the start) from
   * {@code warmUp} for {@code hold}. Req/s over the hold, errors = non-2xx/3xx responses (hey
   * leaves requests that got no response out of its CSV), p50 and p99 of {@code response-time}
   * (nearest rank) in ms; empty when none was sent in it.
   */
  static Map<String, String> window(String csv, Duration warmUp, Duration hold) {
    List<String> lines = csv.lines().toList();
    int header = 0;
    while (header < lines.size() && !lines.get(header).startsWith("response-time,")) {
      header++;
    }
    if (header == lines.size()) {
      return Map.of();
    }
    List<String> columns = List.of(lines.get(header).split(","));
    int time = columns.indexOf("response-time");
    int code = columns.indexOf("status-code");
    int offset = columns.indexOf("offset");
    List<SentRequest> sent = lines.subList(header + 1, lines.size()).stream()
        .map(l -> l.split(",")).filter(f -> f.length == columns.size())
        .map(f -> new SentRequest(nanos(f[offset]), Integer.parseInt(f[code]), nanos(f[time])))
        .toList();
    return SentRequest.hold(sent, warmUp.toNanos(), hold);
  }

  private static long nanos(String seconds) {
    return Math.round(Double.parseDouble(seconds) * 1e9);
  }
}
