package dev.perfsuite.bench;

import java.io.IOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * Locust as a peer: its {@code FastHttpUser} (geventhttpclient), headless, one master plus as
 * many worker processes as cores ({@code --processes}), users spawned at once.
 *
 * <p>CPU and RSS count the master and every worker; CPU from the first "Ramping to" line to the
 * run-time limit (Python start-up and imports are left out). Throughput, failures and p50/p99 are
 * the Aggregated row of its {@code --csv} stats (Locust rounds response times above 100 ms to two
 * significant digits).
 */
final class LocustPeer {
  private static final Pattern RAMPING =
      Pattern.compile("Sending spawn jobs|Ramping to \\d+ users");
  private static final Pattern LIMIT = Pattern.compile("[Rr]un[- ]time limit reached");
  private static final String LOCUSTFILE = """
      import os
      from locust import FastHttpUser, constant, task

      BODY = os.environ.get("BENCH_BODY", "")
      PATH = os.environ["BENCH_PATH"]
      HEADERS = {"Content-Type": "application/json"}


      class Peer(FastHttpUser):
          wait_time = constant(0)

          @task
          def request(self):
              if BODY:
                  self.client.post(PATH, data=BODY, headers=HEADERS)
              else:
                  self.client.get(PATH)
      """;

  private LocustPeer() {
  }

  static Map<String, String> run(BenchSettings settings, Path locust, URI target, int users,
      Duration duration, int bodyBytes, String name) {
    Path file = settings.out().resolve("locust").resolve("locustfile.py").toAbsolutePath();
    LoadTools.write(file, LOCUSTFILE);
    Path csv = settings.out().resolve("logs").resolve(name).toAbsolutePath();
    String host = target.getScheme() + "://" + target.getAuthority();
    List<String> command = List.of(locust.toString(), "-f", file.toString(), "--headless",
        "--host", host, "-u", Integer.toString(users), "-r", Integer.toString(users),
        "-t", duration.toSeconds() + "s", "--processes",
        Integer.toString(Runtime.getRuntime().availableProcessors()), "--csv", csv.toString(),
        "--only-summary", "--stop-timeout", "5");
    Map<String, String> env = Map.of("BENCH_PATH", target.getRawPath(),
        "BENCH_BODY", bodyBytes > 0 ? BenchPayload.json(bodyBytes) : "");
    return LoadTools.run(settings, command, env, name, duration,
        s -> ProcessTree.watch(s.process(), p -> true, s.log(), RAMPING, LIMIT),
        (out, r) -> aggregated(Path.of(csv + "_stats.csv")).ifPresent(row -> {
          r.put("rps", row.get("Requests/s"));
          r.put("samples", row.get("Request Count"));
          r.put("errors", row.get("Failure Count"));
          r.put("p50", row.get("50%"));
          r.put("p99", row.get("99%"));
        }));
  }

  /** The Aggregated row of Locust's stats CSV, by column name. */
  static Optional<Map<String, String>> aggregated(Path stats) {
    try {
      if (!Files.exists(stats)) {
        return Optional.empty();
      }
      List<String> lines = Files.readAllLines(stats);
      List<String> header = Arrays.asList(lines.get(0).replace("\"", "").split(","));
      return lines.stream().skip(1).filter(l -> l.contains("Aggregated")).findFirst()
          .map(l -> l.replace("\"", "").split(",", -1))
          .map(cells -> {
            Map<String, String> row = new java.util.HashMap<>();
            for (int i = 0; i < header.size() && i < cells.length; i++) {
              row.put(header.get(i), cells[i]);
            }
            return row;
          });
    } catch (IOException | RuntimeException e) {
      return Optional.empty();
    }
  }
}
