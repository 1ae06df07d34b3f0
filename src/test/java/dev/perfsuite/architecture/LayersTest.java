package dev.perfsuite.architecture;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The main packages depend downwards only: the low layers (configuration, profiles, results,
 * engines, SLA, history) never reach up into the reports, the JUnit face or Allure.
 *
 * <p>Reads the sources under {@code src/main/java} (and {@code src/test/java} for reads of
 * {@code perf.*} keys): every import and every fully qualified
 * {@code dev.perfsuite.<package>.} or {@code io.qameta.allure} reference counts, Javadoc links
 * included, since a link up is a dependency a reader follows too. A layer's sub-packages
 * ({@code engines.remote}, {@code backends.keycloak}, ...) belong to it; the rooms inside
 * {@code engines} and {@code backends} have rules of their own at the end.
 */
class LayersTest {
  private static final Path MAIN = Path.of("src", "main", "java", "dev", "perfsuite");
  private static final Path TEST = Path.of("src", "test", "java", "dev", "perfsuite");
  private static final Pattern FRONT_DOOR = Pattern.compile("\\bdev\\.perfsuite\\.Perf\\b");
  private static final Path RESOURCES = Path.of("src", "main", "resources");
  /** The engines' core, its rooms and the plugins room, whose imports may form no cycle. */
  private static final List<String> ENGINE_ROOMS = List.of("engines", "engines/remote",
      "engines/shipment", "engines/server", "plugins");
  /** What only the plugins room does: JMeter's function registry, the table, the fetch. */
  private static final List<String> PLUGIN_MARKERS = List.of("getDeclaredField(\"functions\")",
      "plugins.properties", ":build-classpath\"");
  private static final Pattern SUITE_REFERENCE = Pattern.compile(
      "\\bdev\\.perfsuite\\.([a-z]+)\\.[A-Za-z]");
  private static final Pattern SUITE_TYPE = Pattern.compile(
      "\\bdev\\.perfsuite\\.((?:[a-z]+\\.)+)([A-Z][A-Za-z0-9]*)");
  private static final List<String> BACKENDS = List.of("echo", "keycloak", "postgres", "stubs");
  private static final Pattern ALLURE_REFERENCE = Pattern.compile("\\bio\\.qameta\\.allure\\b");
  private static final Set<String> HIGH = Set.of("reporting", "junit", "verdict");
  /** Reading a {@code perf.*} key from the JVM. */
  private static final List<String> JVM_READS = List.of("System.getProperty(\"perf.",
      "System.getenv(\"PERF_", "Boolean.getBoolean(\"perf.", "Integer.getInteger(\"perf.",
      "Long.getLong(\"perf.");
  /** {@link #JVM_READS}, or the per-key readers config once had. */
  private static final List<String> KEY_READS = Stream.concat(JVM_READS.stream(),
      Stream.of("ScenarioSettings")).toList();

  @Test
  void shouldKeepEnginesFreeOfReportingJunitAndAllure() {
    assertThat(referencesUp("engines")).as("engines -> reporting/junit/Allure").isEmpty();
  }

  @Test
  void shouldKeepSlaJudgingWithoutReportsOrAllure() {
    assertThat(referencesUp("sla")).as("sla -> reporting/junit/Allure").isEmpty();
  }

  @Test
  void shouldKeepHistoryFreeOfReportingJunitAndAllure() {
    assertThat(referencesUp("history")).as("history -> reporting/junit/Allure").isEmpty();
  }

  @Test
  void shouldKeepResultsConfigAndProfilesFreeOfReportingJunitAndAllure() {
    List<String> up = new ArrayList<>();
    for (String low : List.of("results", "config", "profiles")) {
      up.addAll(referencesUp(low));
    }
    assertThat(up).as("results/config/profiles -> reporting/junit/Allure").isEmpty();
  }

  @Test
  void shouldKeepResultsAndSlaBelowTheEnginesAndHistoryBuiltOnThem() {
    Set<String> above = Set.of("engines", "history", "metrics", "jmx", "backends");
    List<String> up = new ArrayList<>();
    for (String low : List.of("results", "sla")) {
      references(low).stream()
          .filter(r -> above.contains(r.substring(r.indexOf("-> ") + 3)))
          .forEach(up::add);
    }
    assertThat(up).as("results/sla -> engines/history/metrics/jmx/backends").isEmpty();
  }

  @Test
  void shouldKeepResultsFreeOfRmi() {
    // What a run measured is data; how engines send it (the interface they report to, the
    // recorder the plan carries to them) lives with the engines.
    List<String> rmi = new ArrayList<>();
    try (Stream<Path> files = Files.walk(MAIN.resolve("results"))) {
      for (Path file : files.filter(f -> f.toString().endsWith(".java")).sorted().toList()) {
        if (Files.readString(file, StandardCharsets.UTF_8).contains("java.rmi.")) {
          rmi.add(MAIN.relativize(file).toString());
        }
      }
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read the sources of results", e);
    }
    assertThat(rmi).as("results -> java.rmi").isEmpty();
  }

  @Test
  void shouldKeepConfigAboveProfilesAndUsersOnly() {
    assertThat(references("config").stream()
        .filter(r -> !r.endsWith("-> profiles") && !r.endsWith("-> users")
            && !r.endsWith("-> diagnostics")).toList())
        .as("config -> anything but profiles, users and diagnostics").isEmpty();
  }

  @Test
  void shouldKeepConfigSettingsFreeOfTheKeyReading() {
    // The typed settings are built by PerfConfig; a setting that reached back into the reading
    // would make config and config.settings one tangle again.
    assertThat(types("config/settings").stream()
        .filter(r -> r.matches(".* -> dev\\.perfsuite\\.config\\.[A-Z].*")).toList())
        .as("config.settings -> config").isEmpty();
  }

  @Test
  void shouldReadPerfKeysOnlyInConfig() {
    // Every key a run uses is read and checked once, in config, at the run's entry (the session,
    // an engine's run, the controller program, a remote engine's test) and handed down: a
    // package reading a key where it is used sees another value than the run was checked with.
    assertThat(keyReads(MAIN, KEY_READS)).as("perf.* keys read from the JVM outside config")
        .isEmpty();
  }

  @Test
  void shouldReadPerfKeysInTheTestsOnlyThroughConfig() {
    // A test drives a run by setting keys (System.setProperty, AmbientFlags, PerfConfig.of); one
    // that needs a key's value takes it from PerfConfig, as the run does. The removed readers
    // cannot be named here: a test naming them would not compile.
    assertThat(keyReads(TEST, JVM_READS)).as("perf.* keys read from the JVM in tests outside "
        + "config").isEmpty();
  }

  @Test
  void shouldFindEveryFormOfReadingAKeyOutsideConfig(@TempDir Path root) throws IOException {
    // Guards the scan above: each form, in a package outside config, is found; config is not.
    Path engines = Files.createDirectories(root.resolve("engines"));
    Path config = Files.createDirectories(root.resolve("config"));
    StringBuilder text = new StringBuilder("class A {\n");
    for (String read : KEY_READS) {
      text.append("  Object x = ").append(read).append("\n");
    }
    Files.writeString(engines.resolve("A.java"), text + "}\n");
    Files.writeString(config.resolve("B.java"), text + "}\n");

    assertThat(keyReads(root, KEY_READS)).as("reads found")
        .containsExactlyElementsOf(KEY_READS.stream()
            .map(r -> "engines/A.java (" + r + ")").toList());
  }

  /** Every one of {@code reads} in the sources under {@code root} outside its config. */
  private static List<String> keyReads(Path root, List<String> reads) {
    List<String> found = new ArrayList<>();
    try (Stream<Path> files = Files.walk(root)) {
      for (Path file : files.filter(f -> f.toString().endsWith(".java")).sorted().toList()) {
        String name = root.relativize(file).toString().replace('\\', '/');
        if (name.startsWith("config/")) {
          continue;
        }
        String text = Files.readString(file, StandardCharsets.UTF_8);
        reads.stream().filter(text::contains)
            .forEach(read -> found.add(name + " (" + read + ")"));
      }
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read the sources under " + root, e);
    }
    return found;
  }

  @Test
  void shouldKeepDiagnosticsAtTheBottom() {
    assertThat(references("diagnostics")).as("diagnostics -> any suite package").isEmpty();
  }

  @Test
  void shouldKeepFilesAndChartsAtTheBottom() {
    // Every layer deletes directory trees and backends, history and reports draw charts: the
    // helpers for both may use no suite package.
    assertThat(references("files")).as("files -> any suite package").isEmpty();
    assertThat(references("charts")).as("charts -> any suite package").isEmpty();
  }

  @Test
  void shouldKeepTheHttpClientAtTheBottom() {
    // The engines apply the suite's HTTP client to the trees they run; the client knows no
    // configuration, result or engine (config.settings names the choice, engines makes it).
    assertThat(references("http")).as("http -> any suite package").isEmpty();
  }

  @Test
  void shouldKeepUsersAtTheBottom() {
    // A user's plan asks the suite's sampler to keep its constant config elements merged: the
    // one edge from users, to the other package at the bottom (which references nothing).
    assertThat(references("users").stream().filter(r -> !r.endsWith("-> http")).toList())
        .as("users -> any suite package but http").isEmpty();
    assertThat(references("profiles").stream()
        .filter(r -> !r.endsWith("-> users") && !r.endsWith("-> diagnostics")).toList())
        .as("profiles -> anything but users and diagnostics").isEmpty();
  }

  @Test
  void shouldKeepRecoveryACommandOnTheResultsAndTheirFiles() {
    // SummaryRebuild runs after the controller died, from the remote-engine jar (docs/faults.md):
    // it reads the JTL (results) and writes the summary files (reporting), with no JUnit, engine
    // or backend to lean on.
    Set<String> allowed = Set.of("results", "reporting", "config", "diagnostics");
    assertThat(references("recovery").stream()
        .filter(r -> !allowed.contains(r.substring(r.indexOf("-> ") + 3))).toList())
        .as("recovery -> anything but results, reporting, config and diagnostics").isEmpty();
  }

  @Test
  void shouldBuildNothingOnRecovery() {
    // The top of the layers beside junit: a command, not a library other packages call.
    List<String> callers = new ArrayList<>();
    try (Stream<Path> packages = Files.list(MAIN)) {
      for (Path dir : packages.filter(Files::isDirectory).sorted().toList()) {
        String layer = dir.getFileName().toString();
        if (!layer.equals("recovery")) {
          references(layer).stream().filter(r -> r.endsWith("-> recovery"))
              .forEach(callers::add);
        }
      }
    } catch (IOException e) {
      throw new UncheckedIOException("cannot list the main packages", e);
    }
    assertThat(callers).as("main packages -> recovery").isEmpty();
  }

  @Test
  void shouldSeeTheReferencesItGuards() {
    // Guards the scan itself: a wrong path or pattern would make every rule above pass vacuously.
    assertThat(references("junit")).as("junit's references, as the scan reads them")
        .anyMatch(r -> r.endsWith("-> reporting"))
        .anyMatch(r -> r.endsWith("-> engines"));
    assertThat(references("reporting")).as("reporting's references to Allure")
        .anyMatch(r -> r.endsWith("-> io.qameta.allure"));
    assertThat(references("recovery")).as("recovery's references, as the scan reads them")
        .anyMatch(r -> r.endsWith("-> results"))
        .anyMatch(r -> r.endsWith("-> reporting"));
  }

  @Test
  void shouldKeepTheEngineServerToItsSideOfTheRmiContract() {
    // The engine side runs in the remote-engine jar's JVM: of the controller's rooms it may know
    // only the RMI contract: the interface the controller calls (shipment.EngineDataService)
    // and the content hash both sides compare (shipment.ContentHash), never the run over RMI
    // (engines.remote) nor the shipment's planning, which stay on the controller.
    List<String> crossing = types("engines/server").stream()
        .filter(r -> r.contains("-> dev.perfsuite.engines.remote.")
            || (r.contains("-> dev.perfsuite.engines.shipment.")
                && !r.endsWith("-> dev.perfsuite.engines.shipment.EngineDataService")
                && !r.endsWith("-> dev.perfsuite.engines.shipment.ContentHash")))
        .toList();
    assertThat(crossing).as("engines.server -> engines.remote/shipment (RMI contract excepted)")
        .isEmpty();
  }

  @Test
  void shouldKeepTheDataShipmentFreeOfTheRemoteRun() {
    // The shipment builds the plan's tree through the engines' one adapter (BuiltTree); reading
    // it through engines.remote made the two rooms a tangle. The run uses the shipment, not the
    // reverse.
    assertThat(types("engines/shipment").stream()
        .filter(r -> r.contains("-> dev.perfsuite.engines.remote.")).toList())
        .as("engines.shipment -> engines.remote").isEmpty();
  }

  @Test
  void shouldKeepTheEngineCoreFreeOfItsRoomsExceptTheEngineChoice() {
    // The core (run skeleton, embedded engine, shared types such as EngineAddress and BuiltTree)
    // sits under the rooms; only Engines, which picks the engine from perf.engine, builds the
    // distributed one (and package-info describes the rooms).
    List<String> up = new ArrayList<>();
    for (String room : List.of("remote", "shipment", "server")) {
      types("engines").stream()
          .filter(r -> r.contains("-> dev.perfsuite.engines." + room + "."))
          .filter(r -> !r.startsWith("engines/Engines.java ")
              && !r.startsWith("engines/package-info.java "))
          .forEach(up::add);
    }
    assertThat(up).as("engines (core) -> engines.remote/shipment/server").isEmpty();
  }

  @Test
  void shouldKeepTheFrontDoorAboveEveryPackage() {
    // dev.perfsuite.Perf only delegates, for scenarios; a main package using it would make the
    // door a dependency of the house.
    List<String> inside = new ArrayList<>();
    try (Stream<Path> files = Files.walk(MAIN)) {
      for (Path file : files.filter(f -> f.toString().endsWith(".java"))
          .filter(f -> !f.getParent().equals(MAIN)).sorted().toList()) {
        if (FRONT_DOOR.matcher(Files.readString(file, StandardCharsets.UTF_8)).find()) {
          inside.add(MAIN.relativize(file).toString());
        }
      }
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read the main sources", e);
    }
    assertThat(inside).as("main packages -> dev.perfsuite.Perf").isEmpty();
  }

  @Test
  void shouldKeepEveryPluginClassInThePluginsRoom() {
    // One room for JMeter plugins: the artifact table, detection, fetch, loader, function
    // registry, shipment and the engine's side. A plugin class, table or registry access
    // elsewhere is a fifth room in the making. JmxPlugins is the value of a configuration key.
    List<String> outside = new ArrayList<>();
    try (Stream<Path> files = Files.walk(MAIN)) {
      for (Path file : files.filter(f -> f.toString().endsWith(".java")).sorted().toList()) {
        String name = MAIN.relativize(file).toString().replace('\\', '/');
        if (name.startsWith("plugins/") || name.equals("config/settings/JmxPlugins.java")) {
          continue;
        }
        String text = Files.readString(file, StandardCharsets.UTF_8);
        if (file.getFileName().toString().contains("Plugin")) {
          outside.add(name + " (a plugin class)");
        }
        for (String marker : PLUGIN_MARKERS) {
          if (text.contains(marker)) {
            outside.add(name + " (" + marker + ")");
          }
        }
      }
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read the main sources", e);
    }
    try (Stream<Path> files = Files.walk(RESOURCES)) {
      files.filter(f -> f.getFileName().toString().equals("plugins.properties"))
          .filter(f -> !f.getParent().endsWith(Path.of("dev", "perfsuite", "plugins")))
          .forEach(f -> outside.add(RESOURCES.relativize(f) + " (an artifact table)"));
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read the main resources", e);
    }
    assertThat(outside).as("plugin classes, tables and registry access outside plugins")
        .isEmpty();
  }

  @Test
  void shouldKeepThePluginsRoomUnderItsCallers() {
    // jmx and the engines' remote and server rooms call plugins; plugins ships jars through the
    // engines' core and shipment and knows nothing above them.
    Set<String> callers = Set.of("jmx", "junit", "verdict", "reporting", "backends", "metrics",
        "history");
    List<String> up = new ArrayList<>(references("plugins").stream()
        .filter(r -> callers.contains(r.substring(r.indexOf("-> ") + 3))).toList());
    types("plugins").stream()
        .filter(r -> r.contains("-> dev.perfsuite.engines.remote.")
            || r.contains("-> dev.perfsuite.engines.server."))
        .forEach(up::add);
    up.addAll(referencesUp("plugins"));
    assertThat(up).as("plugins -> its callers, reports or Allure").isEmpty();
  }

  @Test
  void shouldKeepTheEngineRoomsAndPluginsFreeOfCycles() {
    // Inside engines imports run one way: the rooms (remote, shipment, server) and plugins use
    // the core and each other without coming back, so each can be read and changed from below.
    // The one edge up, Engines building the distributed engine, is the engine choice.
    Map<String, Map<String, String>> graph = new TreeMap<>();
    for (String dir : ENGINE_ROOMS) {
      String from = dir.replace('/', '.');
      graph.computeIfAbsent(from, k -> new TreeMap<>());
      for (String row : types(dir)) {
        String file = row.substring(0, row.indexOf(" -> "));
        String type = row.substring(row.indexOf(" -> ") + 4);
        String to = type.substring("dev.perfsuite.".length(), type.lastIndexOf('.'));
        boolean choice = file.equals("engines/Engines.java") && to.equals("engines.remote");
        if (ENGINE_ROOMS.contains(to.replace('.', '/')) && !to.equals(from) && !choice
            && !file.endsWith("/package-info.java")) {
          graph.get(from).putIfAbsent(to, file + " -> " + type);
        }
      }
    }
    assertThat(cycles(graph)).as("cycles among engines, its rooms and plugins").isEmpty();
  }

  @Test
  void shouldFindACycleAndNameTheReferencesThatCloseIt() {
    // Guards the cycle search above against a graph it cannot read.
    Map<String, Map<String, String>> graph = new TreeMap<>(Map.of(
        "engines", Map.of(),
        "engines.server", Map.of("engines.shipment", "server/A.java -> shipment.B"),
        "engines.shipment", Map.of("engines.server", "shipment/B.java -> server.A",
            "engines", "shipment/B.java -> engines.C")));
    assertThat(cycles(graph)).as("server <-> shipment").containsExactly(
        "engines.server -> engines.shipment -> engines.server (server/A.java -> shipment.B; "
            + "shipment/B.java -> server.A)");
    assertThat(types("plugins")).as("plugins ships jars through the shipment")
        .anyMatch(r -> r.endsWith("-> dev.perfsuite.engines.shipment.DataShipment"));
    assertThat(types("engines/remote")).as("the remote run ships a run's plugin jars")
        .anyMatch(r -> r.endsWith("-> dev.perfsuite.plugins.PluginShipment"));
  }

  /**
   * Every elementary cycle through the graph's edges, each once (starting at its least node),
   * as "a -> b -> a (the reference of each edge)".
   */
  private static List<String> cycles(Map<String, Map<String, String>> graph) {
    List<String> found = new ArrayList<>();
    for (String start : graph.keySet()) {
      walk(graph, start, new ArrayList<>(List.of(start)), found);
    }
    return found;
  }

  private static void walk(Map<String, Map<String, String>> graph, String start,
      List<String> path, List<String> found) {
    String at = path.get(path.size() - 1);
    for (String next : graph.getOrDefault(at, Map.of()).keySet()) {
      if (next.equals(start)) {
        List<String> edges = new ArrayList<>();
        for (int i = 0; i < path.size(); i++) {
          String to = i + 1 < path.size() ? path.get(i + 1) : start;
          edges.add(graph.get(path.get(i)).get(to));
        }
        found.add(String.join(" -> ", path) + " -> " + start + " (" + String.join("; ", edges)
            + ")");
      } else if (next.compareTo(start) > 0 && !path.contains(next)) {
        path.add(next);
        walk(graph, start, path, found);
        path.remove(path.size() - 1);
      }
    }
  }

  @Test
  void shouldKeepThePerSampleResultModeFreeOfSnapshots() {
    // DistributedEngine's two result modes live apart (RemoteResults): the per-sample mode and
    // its watchdog know nothing of the aggregated mode's snapshots.
    List<String> crossing = new ArrayList<>();
    for (String file : List.of("SampledResults.java", "SampleWatchdog.java")) {
      String text = source("engines/remote/" + file);
      for (String aggregated : List.of("SnapshotIntake", "RecorderSnapshot",
          "EngineRecorderListener", "AggregatedResults", "HeartbeatWatchdog")) {
        if (text.contains(aggregated)) {
          crossing.add(file + " -> " + aggregated);
        }
      }
    }
    assertThat(crossing).as("per-sample result mode -> aggregated mode").isEmpty();
  }

  @Test
  void shouldParseEngineAddressesOnlyInEngineAddress() {
    // One host:port parser (EngineAddress) for the controller and the engine side.
    List<String> parsers = new ArrayList<>();
    try (Stream<Path> files = Files.walk(MAIN.resolve("engines"))) {
      for (Path file : files.filter(f -> f.toString().endsWith(".java")).sorted().toList()) {
        String text = Files.readString(file, StandardCharsets.UTF_8);
        if (!file.endsWith("EngineAddress.java")
            && (text.contains("lastIndexOf(':')") || text.contains("split(\":\")"))) {
          parsers.add(MAIN.relativize(file).toString());
        }
      }
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read the engines' sources", e);
    }
    assertThat(parsers).as("engines sources parsing host:port outside EngineAddress").isEmpty();
  }

  @Test
  void shouldKeepEachBackendOwnItsConcernExceptKeycloakOnPostgres() {
    // Keycloak runs on PostgreSQL (its own database under both providers): the one edge allowed.
    List<String> crossing = new ArrayList<>();
    for (String backend : BACKENDS) {
      types("backends/" + backend).stream()
          .filter(r -> BACKENDS.stream().filter(other -> !other.equals(backend))
              .filter(other -> !(backend.equals("keycloak") && other.equals("postgres")))
              .anyMatch(other -> r.contains("-> dev.perfsuite.backends." + other + ".")))
          .forEach(crossing::add);
    }
    assertThat(crossing).as("backends.<one> -> backends.<another> (keycloak -> postgres excepted)")
        .isEmpty();
  }

  @Test
  void shouldNameEachBackendsProvidersAsTestcontainersNamesItsModules() {
    // <Product>Container and <Product>Embedded, one each per backend, beside the facade callers
    // hold; the names before (ContainerEcho, KeycloakInContainer, KeycloakProcess, and both
    // PostgreSQL providers inside PostgresServer) followed three schemes.
    List<String> found = new ArrayList<>();
    for (String backend : BACKENDS) {
      try (Stream<Path> files = Files.list(MAIN.resolve("backends").resolve(backend))) {
        files.map(f -> f.getFileName().toString())
            .filter(f -> f.matches("[A-Za-z]*(Container|Embedded|InContainer|Process)[A-Za-z]*"
                + "\\.java"))
            .map(f -> backend + "/" + f.replace(".java", ""))
            .forEach(found::add);
      } catch (IOException e) {
        throw new UncheckedIOException("cannot list backends/" + backend, e);
      }
    }
    assertThat(found).as("provider classes of the backends").containsExactlyInAnyOrder(
        "echo/EchoContainer", "echo/EchoEmbedded", "postgres/PostgresContainer",
        "postgres/PostgresEmbedded", "keycloak/KeycloakContainer", "keycloak/KeycloakEmbedded",
        "stubs/StubContainer", "stubs/StubEmbedded");
  }

  @Test
  void shouldKeepBackendsFreeOfEngines() {
    assertThat(references("backends").stream().filter(r -> r.endsWith("-> engines")).toList())
        .as("backends (and sub-packages) -> engines").isEmpty();
  }

  @Test
  void shouldSeeTheRoomsItGuards() {
    // Guards the room rules above against a scan that reads nothing.
    assertThat(types("engines/server")).as("engines.server's references to suite types")
        .anyMatch(r -> r.endsWith("-> dev.perfsuite.engines.shipment.EngineDataService"));
    assertThat(types("backends/keycloak")).as("backends.keycloak's references to suite types")
        .anyMatch(r -> r.contains("-> dev.perfsuite.backends.postgres."));
    assertThat(references("engines")).as("engines' sub-packages scanned")
        .anyMatch(r -> r.startsWith("engines/remote/"));
    assertThat(types("engines/shipment")).as("engines.shipment's references to suite types")
        .anyMatch(r -> r.endsWith("-> dev.perfsuite.engines.BuiltTree"));
    assertThat(types("engines")).as("the engine choice builds the distributed engine")
        .anyMatch(r -> r.startsWith("engines/Engines.java ")
            && r.endsWith("-> dev.perfsuite.engines.remote.DistributedEngine"));
  }

  private static String source(String file) {
    try {
      return Files.readString(MAIN.resolve(file), StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read " + file, e);
    }
  }

  /**
   * Every suite type the sources of exactly one package directory ({@code engines/server})
   * name, as "File.java -> dev.perfsuite.pkg.Type", one per file and type.
   */
  private static List<String> types(String packageDir) {
    Path dir = MAIN.resolve(packageDir);
    assertThat(dir).as("sources of package " + packageDir).isDirectory();
    List<String> found = new ArrayList<>();
    try (Stream<Path> files = Files.list(dir)) {
      for (Path file : files.filter(f -> f.toString().endsWith(".java")).sorted().toList()) {
        Matcher type = SUITE_TYPE.matcher(Files.readString(file, StandardCharsets.UTF_8));
        while (type.find()) {
          String row = packageDir + "/" + file.getFileName() + " -> dev.perfsuite."
              + type.group(1) + type.group(2);
          if (!found.contains(row)) {
            found.add(row);
          }
        }
      }
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read the sources of " + dir, e);
    }
    return found;
  }

  /** References from {@code layer} to a high layer or Allure, as "File.java -> target". */
  private static List<String> referencesUp(String layer) {
    return references(layer).stream()
        .filter(r -> {
          String target = r.substring(r.indexOf("-> ") + 3);
          return HIGH.contains(target) || target.equals("io.qameta.allure");
        })
        .toList();
  }

  /**
   * Every suite package and Allure reference of the sources of {@code layer} and its
   * sub-packages, one per file.
   */
  private static List<String> references(String layer) {
    Path dir = MAIN.resolve(layer);
    assertThat(dir).as("sources of package " + layer).isDirectory();
    List<String> found = new ArrayList<>();
    try (Stream<Path> files = Files.walk(dir)) {
      for (Path file : files.filter(f -> f.toString().endsWith(".java")).sorted().toList()) {
        String text = Files.readString(file, StandardCharsets.UTF_8);
        String name = layer + "/" + dir.relativize(file).toString().replace('\\', '/');
        Matcher suite = SUITE_REFERENCE.matcher(text);
        List<String> targets = new ArrayList<>();
        while (suite.find()) {
          if (!suite.group(1).equals(layer) && !targets.contains(suite.group(1))) {
            targets.add(suite.group(1));
          }
        }
        if (ALLURE_REFERENCE.matcher(text).find()) {
          targets.add("io.qameta.allure");
        }
        targets.forEach(t -> found.add(name + " -> " + t));
      }
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read the sources of " + dir, e);
    }
    return found;
  }
}
