package dev.perfsuite.bench;

import java.io.IOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;
import java.util.regex.Pattern;

/**
 * Locust as a peer: its {@code FastHttpUser} (geventhttpclient), headless, one master plus as
 * many worker processes as cores ({@code --processes}), users spawned at once (PeersBench) or
 * over a ramp with a think time (UsersPeersBench, whose figures are the hold's).
 *
 * <p>CPU and RSS count the master and every worker; CPU from the first "Ramping to" line to the
 * run-time limit (Python start-up and imports are left out). Throughput, failures and p50/p99 are
 * the Aggregated row of its {@code --csv} stats (Locust rounds response times above 100 ms to two
 * significant digits).
 */
final class LocustPeer {
  private static final Pattern RAMPING =
      Pattern.compile("Sending spawn jobs|Ramping to \\d+ users");
  private static final Pattern HOLD = Pattern.compile(Pattern.quote(LoadTools.HOLD_MARKER));
  private static final Pattern LIMIT = Pattern.compile("[Rr]un[- ]time limit reached");
  /**
   * Without {@code BENCH_WARMUP} (PeersBench) every request is one name; with it (the users
   * plan) a GET sent {@code BENCH_WARMUP} s or more after the test's start is named "hold",
   * earlier ones "warm-up", and each process prints {@code BENCH_MARKER} when the hold begins.
   */
  private static final String LOCUSTFILE = """
      import os
      import time

      import gevent
      from locust import FastHttpUser, constant, events, task

      BODY = os.environ.get("BENCH_BODY", "")
      PATH = os.environ["BENCH_PATH"]
      HEADERS = {"Content-Type": "application/json"}
      THINK = float(os.environ.get("BENCH_THINK", "0"))
      WARMUP = float(os.environ.get("BENCH_WARMUP", "-1"))
      START = [0.0]


      @events.test_start.add_listener
      def started(environment, **kwargs):
          START[0] = time.time()
          if WARMUP >= 0:
              gevent.spawn_later(WARMUP, print, os.environ["BENCH_MARKER"], flush=True)


      class Peer(FastHttpUser):
          wait_time = constant(THINK)

          @task
          def request(self):
              if BODY:
                  self.client.post(PATH, data=BODY, headers=HEADERS)
              elif WARMUP >= 0:
                  hold = time.time() - START[0] >= WARMUP
                  self.client.get(PATH, name="hold" if hold else "warm-up")
              else:
                  self.client.get(PATH)
      """;

  private LocustPeer() {
  }

  static Map<String, String> run(BenchSettings settings, Path locust, URI target, int users,
      Duration duration, int bodyBytes, String name) {
    return run(settings, locust, target, name, duration,
        List.of("-u", Integer.toString(users), "-r", Integer.toString(users),
            "-t", duration.toSeconds() + "s"),
        Map.of("BENCH_BODY", bodyBytes > 0 ? BenchPayload.json(bodyBytes) : ""), RAMPING,
        LocustPeer::aggregated);
  }

  /**
   * The users plan: {@code -u USERS -r USERS/ramp}, each user a GET then
   * {@code wait_time = constant(think)}, {@code -t} warm-up + hold. Requests sent after the
   * warm-up are named "hold" (their own row of the stats CSV), so req/s (hold requests / hold),
   * p50/p99 and failures cover the hold, as does CPU (from the hold's start marker to the
   * run-time limit). No {@code --reset-stats}: with workers it races their stats reports (up to
   * a report interval, 3 s, of one worker's requests on the wrong side of the reset).
   */
  static Map<String, String> run(BenchSettings settings, Path locust, URI target,
      LoadTools.UsersPlan plan, String name) {
    double rate = plan.ramp().isZero() ? plan.users()
        : plan.users() * 1000.0 / plan.ramp().toMillis();
    return run(settings, locust, target, name, plan.limit(),
        List.of("-u", Integer.toString(plan.users()),
            "-r", String.format(Locale.ROOT, "%.3f", rate),
            "-t", Math.max(1, plan.sending().toSeconds()) + "s"),
        Map.of("BENCH_THINK", seconds(plan.think()), "BENCH_WARMUP", seconds(plan.warmUp()),
            "BENCH_MARKER", LoadTools.HOLD_MARKER), HOLD,
        stats -> hold(stats, plan.hold()));
  }

  /**
   * Locust headless with {@code plan} arguments (users, spawn rate, run time), a master and one
   * worker per core; figures from the row of its stats CSV that {@code figures} picks, CPU
   * from the log line {@code start} to the run-time limit.
   */
  private static Map<String, String> run(BenchSettings settings, Path locust, URI target,
      String name, Duration duration, List<String> plan, Map<String, String> env,
      Pattern start, Function<Path, Optional<Map<String, String>>> figures) {
    Path file = settings.out().resolve("locust").resolve("locustfile.py").toAbsolutePath();
    LoadTools.write(file, LOCUSTFILE);
    Path csv = settings.out().resolve("logs").resolve(name).toAbsolutePath();
    String host = target.getScheme() + "://" + target.getAuthority();
    List<String> command = new ArrayList<>(List.of(locust.toString(), "-f", file.toString(),
        "--headless", "--host", host));
    command.addAll(plan);
    command.addAll(List.of("--processes",
        Integer.toString(Runtime.getRuntime().availableProcessors()), "--csv", csv.toString(),
        "--only-summary", "--stop-timeout", "5"));
    Map<String, String> environment = new HashMap<>(env);
    environment.put("BENCH_PATH", target.getRawPath());
    return LoadTools.run(settings, command, environment, name, duration,
        s -> ProcessTree.watch(s.process(), p -> true, s.log(), start, LIMIT),
        (out, r) -> figures.apply(Path.of(csv + "_stats.csv")).ifPresent(row -> {
          r.put("rps", row.get("Requests/s"));
          r.put("samples", row.get("Request Count"));
          r.put("errors", row.get("Failure Count"));
          r.put("p50", row.get("50%"));
          r.put("p99", row.get("99%"));
        }));
  }

  /** The Aggregated row of Locust's stats CSV, by column name. */
  static Optional<Map<String, String>> aggregated(Path stats) {
    return row(stats, "Aggregated");
  }

  /**
   * The "hold" row of Locust's stats CSV with Requests/s as its request count over {@code hold}
   * (Locust's own rate divides by the time since its first request).
   */
  static Optional<Map<String, String>> hold(Path stats, Duration hold) {
    return row(stats, "hold").map(row -> {
      Map<String, String> figures = new HashMap<>(row);
      figures.put("Requests/s", LoadTools.fmt(Double.parseDouble(row.get("Request Count"))
          * 1000.0 / hold.toMillis()));
      return figures;
    });
  }

  /** The row of Locust's stats CSV whose Name is {@code name}, by column name. */
  static Optional<Map<String, String>> row(Path stats, String name) {
    try {
      if (!Files.exists(stats)) {
        return Optional.empty();
      }
      List<String> lines = Files.readAllLines(stats);
      List<String> header = Arrays.asList(lines.get(0).replace("\"", "").split(","));
      int nameColumn = header.indexOf("Name");
      return lines.stream().skip(1).map(l -> l.replace("\"", "").split(",", -1))
          .filter(cells -> nameColumn >= 0 && cells.length > nameColumn
              && cells[nameColumn].equals(name))
          .findFirst()
          .map(cells -> {
            Map<String, String> row = new HashMap<>();
            for (int i = 0; i < header.size() && i < cells.length; i++) {
              row.put(header.get(i), cells[i]);
            }
            return row;
          });
    } catch (IOException | RuntimeException e) {
      return Optional.empty();
    }
  }

  private static String seconds(Duration duration) {
    return String.format(Locale.ROOT, "%.3f", duration.toMillis() / 1000.0);
  }
}
