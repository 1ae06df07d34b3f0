package dev.perfsuite.bench;

import dev.perfsuite.files.DirectoryTree;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Gatling as a peer: the Java simulation under {@code bench/gatling/} (its own pom, so Gatling's
 * Netty and Scala never meet the suite's classpath), run as a child {@code mvn -o -f
 * bench/gatling/pom.xml gatling:test} per run.
 *
 * <p>CPU and RSS count Gatling's forked JVM only, not the Maven JVM that forks it; CPU from the
 * simulation's start line to the end of the run (JVM start-up and the HTML report are left out).
 * Throughput, error count and p50/p99 (whole milliseconds, Gatling's resolution) come from the
 * "Global Information" table it prints at the end.
 */
final class GatlingPeer {
  static final Path PROJECT = Path.of("bench", "gatling", "pom.xml");
  private static final Pattern STARTED = Pattern.compile("Simulation \\S+ started");
  /** Gatling 3.15 prints no completion line; the log parsing after the run marks the end. */
  private static final Pattern SIMULATION_ENDED = Pattern.compile("Parsing log file");

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
    return run(settings, List.of("gatling:test", "-Dpeer.url=" + target, "-Dpeer.users=" + users,
        "-Dpeer.seconds=" + duration.toSeconds(), "-Dpeer.body=" + bodyBytes), name, duration,
        STARTED, (out, r) -> global(out, "mean throughput").stream().findFirst()
            .ifPresent(v -> r.put("rps", v)));
  }

  /**
   * The users plan in {@code UsersSimulation}: users ramped over the ramp, each looping a GET
   * then a constant pause of {@code think}, held; the warm-up's requests are silent, so the
   * "Global Information" table covers the hold; req/s is its request count over the hold's length
   * (Gatling's mean throughput divides by the whole run). CPU from the hold's start marker to
   * the report phase; {@code heap} is the forked JVM's {@code -Xmx}; {@code shareConnections}
   * gives the users one connection pool (Gatling's {@code shareConnections}) in place of a
   * keep-alive connection each.
   */
  static Map<String, String> run(BenchSettings settings, URI target, LoadTools.UsersPlan plan,
      String heap, boolean shareConnections, String name) {
    // test-compile first: a Gatling project resolved before UsersSimulation existed lacks it.
    return run(settings, List.of("test-compile", "gatling:test",
        "-Dpeer.simulation=dev.perfsuite.peers.UsersSimulation",
        "-Dpeer.url=" + target, "-Dpeer.users=" + plan.users(),
        "-Dpeer.think-ms=" + plan.think().toMillis(), "-Dpeer.ramp-ms=" + plan.ramp().toMillis(),
        "-Dpeer.warmup-ms=" + plan.warmUp().toMillis(), "-Dpeer.hold-ms=" + plan.hold().toMillis(),
        "-Dpeer.heap=" + heap, "-Dpeer.share-connections=" + shareConnections), name,
        plan.limit(),
        Pattern.compile(Pattern.quote(LoadTools.HOLD_MARKER)),
        (out, r) -> r.putAll(hold(out, plan.hold())));
  }

  /**
   * A child {@code mvn} with {@code arguments} (goals and properties): samples, errors and
   * p50/p99 from the "Global Information" table, plus what {@code rate} adds (req/s); CPU of the
   * forked JVM from the log line {@code start} to the report phase.
   */
  private static Map<String, String> run(BenchSettings settings, List<String> arguments,
      String name, Duration duration, Pattern start, LoadTools.Parser rate) {
    deleteOldReports();
    List<String> command = new ArrayList<>(List.of("mvn", "-o", "-B", "-ntp", "-f",
        PROJECT.toString()));
    command.addAll(arguments);
    return LoadTools.run(settings, command, name, duration,
        s -> ProcessTree.watch(s.process(), GatlingPeer::isGatlingJvm, s.log(), start,
            SIMULATION_ENDED),
        (out, r) -> {
          if (global(out, "request count").isEmpty()) {
            return;
          }
          readGlobal(out, r);
          rate.parse(out, r);
        });
  }

  /**
   * The hold's figures from a console whose "Global Information" counts only the hold: req/s
   * as the request count over {@code hold}; empty without the table.
   */
  static Map<String, String> hold(String console, Duration hold) {
    Map<String, String> r = new LinkedHashMap<>();
    List<String> requests = global(console, "request count");
    if (!requests.isEmpty()) {
      r.put("rps", LoadTools.fmt(Long.parseLong(requests.get(0)) * 1000.0 / hold.toMillis()));
      readGlobal(console, r);
    }
    return r;
  }

  /** Request count, KO count, p50 and p99 of the "Global Information" table. */
  private static void readGlobal(String console, Map<String, String> r) {
    List<String> requests = global(console, "request count");
    r.put("samples", requests.get(0));
    r.put("errors", requests.size() > 2 ? requests.get(2) : "0");
    global(console, "response time 50th percentile").stream().findFirst()
        .ifPresent(v -> r.put("p50", v));
    global(console, "response time 99th percentile").stream().findFirst()
        .ifPresent(v -> r.put("p99", v));
  }

  /** Gatling's forked JVM, not the Maven JVM (plexus-classworlds launcher) that forked it. */
  private static boolean isGatlingJvm(ProcessHandle process) {
    return !ProcessTree.commandLine(process).contains("plexus-classworlds");
  }

  /**
   * The Total / OK / KO figures of one line of the console's "Global Information" table, e.g.
   * {@code > request count   |   1,579 |   1,579 |   -}; a dash reads as 0.
   */
  static List<String> global(String console, String label) {
    Matcher m = Pattern.compile("^> " + Pattern.quote(label) + "[^|\\n]*((?:\\|[^|\\n]*)+)$",
        Pattern.MULTILINE).matcher(console);
    if (!m.find()) {
      return List.of();
    }
    return Arrays.stream(m.group(1).split("\\|")).map(String::strip).filter(c -> !c.isEmpty())
        .map(c -> c.equals("-") ? "0" : c.replace(",", "")).toList();
  }

  /** Each run writes an HTML report under the Gatling project; only the newest is kept. */
  private static void deleteOldReports() {
    // Old reports only cost disk space; Gatling makes the directory again.
    DirectoryTree.deleteQuietly(PROJECT.resolveSibling(Path.of("target", "gatling")),
        "old Gatling reports");
  }

}
