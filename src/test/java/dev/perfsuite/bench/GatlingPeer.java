package dev.perfsuite.bench;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * Gatling as a peer: the Java simulation under {@code bench/gatling/} (its own pom, so Gatling's
 * Netty and Scala never meet the suite's classpath), run as a child {@code mvn -o -f
 * bench/gatling/pom.xml gatling:test} per run.
 *
 * <p>CPU and RSS count Gatling's forked JVM only, not the Maven JVM that forks it; CPU from the
 * simulation's start line to its completion line (JVM start-up and the HTML report are left
 * out). Throughput, error count and p50/p99 (whole milliseconds, Gatling's resolution) come from
 * the run's {@code js/stats.json}.
 */
final class GatlingPeer {
  static final Path PROJECT = Path.of("bench", "gatling", "pom.xml");
  private static final Pattern STARTED = Pattern.compile("Simulation \\S+ started");
  private static final Pattern COMPLETED = Pattern.compile("Simulation \\S+ completed in");
  private static final ObjectMapper JSON = new ObjectMapper();

  private GatlingPeer() {
  }

  /** Why Gatling cannot run here, or empty when its project is resolved and compiled. */
  static Optional<String> gap() {
    if (!Files.isRegularFile(PROJECT)) {
      return Optional.of("no " + PROJECT + " (run from the repository root)");
    }
    Path compiled = PROJECT.resolveSibling(Path.of("target", "test-classes", "dev", "perfsuite",
        "peers", "PeerSimulation.class"));
    if (!Files.isRegularFile(compiled)) {
      return Optional.of("simulation not compiled: bench/install-peers resolves Gatling "
          + "(mvn -f " + PROJECT + " dependency:go-offline test-compile); see "
          + PeerInstalls.logOf("gatling"));
    }
    return Optional.empty();
  }

  static Map<String, String> run(BenchSettings settings, URI target, int users,
      Duration duration, int bodyBytes, String name) {
    Path results = settings.out().resolve("gatling").resolve(name).toAbsolutePath();
    List<String> command = List.of("mvn", "-o", "-B", "-ntp", "-f", PROJECT.toString(),
        "gatling:test", "-Dgatling.resultsFolder=" + results, "-Dpeer.url=" + target,
        "-Dpeer.users=" + users, "-Dpeer.seconds=" + duration.toSeconds(),
        "-Dpeer.body=" + bodyBytes);
    return LoadTools.run(settings, command, name, duration,
        s -> ProcessTree.watch(s.process(), GatlingPeer::isGatlingJvm, s.log(), STARTED,
            COMPLETED),
        (out, r) -> stats(results).ifPresent(stats -> {
          r.put("rps", LoadTools.fmt(stats.path("meanNumberOfRequestsPerSecond")
              .path("total").asDouble()));
          r.put("samples", stats.path("numberOfRequests").path("total").asText());
          r.put("errors", stats.path("numberOfRequests").path("ko").asText());
          r.put("p50", stats.path("percentiles1").path("total").asText());
          r.put("p99", stats.path("percentiles4").path("total").asText());
        }));
  }

  /** Gatling's forked JVM, not the Maven JVM (plexus-classworlds launcher) that forked it. */
  private static boolean isGatlingJvm(ProcessHandle process) {
    return !ProcessTree.commandLine(process).contains("plexus-classworlds");
  }

  /** The global figures of the newest run under {@code results}. */
  private static Optional<JsonNode> stats(Path results) {
    try (Stream<Path> runs = Files.exists(results) ? Files.list(results) : Stream.empty()) {
      Optional<Path> file = runs.map(run -> run.resolve("js").resolve("stats.json"))
          .filter(Files::isRegularFile).max(Comparator.naturalOrder());
      if (file.isEmpty()) {
        return Optional.empty();
      }
      // Gatling 3 writes stats.json as plain JSON; older ones prefixed it with "var stats =".
      String text = Files.readString(file.get());
      return Optional.of(JSON.readTree(text.substring(text.indexOf('{'))).path("stats"));
    } catch (IOException e) {
      return Optional.empty();
    }
  }
}
