package dev.perfsuite.jmx;

import static org.assertj.core.api.Assertions.assertThat;

import dev.perfsuite.config.JmxSettings;
import dev.perfsuite.config.settings.JmxLoad;
import dev.perfsuite.echo.EchoBackend;
import dev.perfsuite.echo.EchoOptions;
import dev.perfsuite.engines.Engines;
import dev.perfsuite.profiles.LoadProfile;
import dev.perfsuite.results.LabelSummary;
import dev.perfsuite.results.Phase;
import dev.perfsuite.results.RunResult;
import java.io.IOException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * JMeter itself as the oracle of the field corpus: each plan runs once under plain JMeter 5.6.3,
 * as {@code jmeter -n -t plan.jmx -Jname=value} runs it (a child JVM, JMeter's own start and
 * base directory, no suite listener or pre-load check), and once under the suite, each against
 * the echo backend behind a recording proxy of its own. Compared: refused or not (and the
 * reason), samples and errors per label (iteration-bounded plans exactly, timed ones within one
 * per user, a Throughput Shaping Timer's within its schedule's {@link ShapingBounds}) and the
 * requests the server saw (method, URI, body). The suite's run is also judged by the verdict
 * {@link JmxFieldCorpusIT#EXPECTED} names.
 *
 * <p>JMeter's side runs in one long-lived JVM ({@link JmeterBatch}) while the suite runs the same
 * plans here, so the corpus takes about as long as its longer side.
 */
@Timeout(600)
class JmeterOracleIT {
  private static final Path DIR = JmxFieldCorpusIT.DIR;
  private static final Path HELD_OUT = Path.of("src", "test", "resources", "jmx-heldout");
  /** The share of unseen plans that should run with JMeter's outcome. */
  private static final double HELD_OUT_GOAL = 0.95;
  /** Held-out plans that differ from JMeter, each with its mechanism (docs/jmx.md names each). */
  static final Map<String, String> HELD_OUT_OPEN = Map.of();
  /** The field corpus's profile: under {@code perf.jmx.load=plan} the plan's own shape rules. */
  private static final LoadProfile PROFILE = JmxFieldCorpusIT.PROFILE;
  /** A child JVM that has not ended by then has hung: a plan of the corpus runs seconds. */
  private static final Duration CHILD_LIMIT = Duration.ofSeconds(90);

  /**
   * Plans where the suite differs from JMeter on purpose, with the reason (docs/jmx.md names
   * each). The harness still runs them and prints both outcomes.
   */
  static final Map<String, String> KNOWN_DIFFERENCES = Map.of(
      "field-10-paths", "a Windows path or another machine's absolute path is read as the file "
          + "of that name beside the plan, and ~ as the home directory (each warned; "
          + "perf.jmx.strict refuses): JMeter finds no file and its threads stop",
      "field-31-runtime-csv-missing", "a CSV path that resolves to no file when the test "
          + "starts is refused before load; JMeter runs and its threads stop at the first read "
          + "(0 samples)");

  private static EchoBackend echo;
  private static Path teamJar;
  private static Path home;

  @TempDir
  static Path scratch;

  /** What one run gave: refused with a reason, or counts per label and requests seen. */
  record Outcome(Optional<String> refusal, Map<String, long[]> labels, List<String> requests,
      Map<String, String> firstErrors) {
    static Outcome refused(String reason) {
      return new Outcome(Optional.of(reason), Map.of(), List.of(), Map.of());
    }

    String describe(String label) {
      long[] counts = labels.get(label);
      return counts == null ? "no sample" : counts[0] + " samples, " + counts[1] + " errors"
          + (firstErrors.containsKey(label) ? " (first: " + firstErrors.get(label) + ")" : "");
    }
  }

  @BeforeAll
  static void start() throws IOException {
    echo = EchoBackend.start(EchoOptions.defaults().withHost("127.0.0.1").withPort(0)
        .withWorkerThreads(2));
    teamJar = JmxFieldCorpusIT.teamJar(scratch.resolve("team"));
    home = Files.createDirectories(scratch.resolve("home"));
    Files.writeString(home.resolve("perf-field-regions.csv"), "zone\nz1\nz2\nz3\n");
  }

  @AfterAll
  static void stop() {
    if (echo != null) {
      echo.close();
    }
  }

  @Test
  void shouldGiveEveryFieldPlanJmetersOutcome() throws Exception {
    List<String> plans = plans(DIR);
    List<String> differences = new ArrayList<>();
    oracle(plans, differences);
    assertThat(plans).as("plans of the corpus").hasSizeGreaterThanOrEqualTo(40);
    assertThat(differences).as("differences from JMeter 5.6.3 (plan, label, JMeter's outcome, "
        + "the suite's)").isEmpty();
  }

  /**
   * Unseen plans modelled on public ones ({@code jmx-heldout}, each naming its model): the share
   * with JMeter's outcome is printed; each plan agrees but those of {@link #HELD_OUT_OPEN}, which
   * must still differ (a fix shows here first).
   */
  @Test
  void shouldGiveTheHeldOutPlansJmetersOutcome() throws Exception {
    List<String> plans = plans(HELD_OUT);
    Map<String, List<String>> found = oracle(plans, new ArrayList<>());
    long agreeing = found.values().stream().filter(List::isEmpty).count();
    System.out.printf("held-out: %d of %d plans with JMeter's outcome (goal %.0f %%)%n", agreeing,
        plans.size(), HELD_OUT_GOAL * 100);
    assertThat(plans).as("held-out plans").hasSizeGreaterThanOrEqualTo(10);
    for (Map.Entry<String, List<String>> plan : found.entrySet()) {
      if (HELD_OUT_OPEN.containsKey(plan.getKey())) {
        assertThat(plan.getValue()).as("%s still differs from JMeter (%s)", plan.getKey(),
            HELD_OUT_OPEN.get(plan.getKey())).isNotEmpty();
      } else {
        assertThat(plan.getValue()).as("differences of %s from JMeter 5.6.3", plan.getKey())
            .isEmpty();
      }
    }
  }

  private static List<String> plans(Path dir) throws IOException {
    try (Stream<Path> files = Files.list(dir)) {
      return files.map(p -> p.getFileName().toString()).filter(n -> n.endsWith(".jmx"))
          .map(n -> n.replace(".jmx", "")).sorted().toList();
    }
  }

  /** The plan's file: a held-out plan's name starts with {@code heldout-}. */
  private static Path jmx(String plan) {
    return (plan.startsWith("heldout-") ? HELD_OUT : DIR).resolve(plan + ".jmx");
  }

  /**
   * Runs {@code plans} under JMeter and the suite; each plan's differences (known ones left out),
   * and every unexplained one added to {@code differences}.
   */
  private static Map<String, List<String>> oracle(List<String> plans, List<String> differences)
      throws Exception {
    Map<String, List<String>> perPlan = new LinkedHashMap<>();
    Map<String, RecordingProxy> jmeterProxies = new LinkedHashMap<>();
    Map<String, Object> loaded = new LinkedHashMap<>();
    Map<Set<Path>, List<JmeterBatch.Job>> batches = new LinkedHashMap<>();
    batches.put(Set.of(), new ArrayList<>());
    for (String plan : plans) {
      Object imported = loadInSuite(plan);
      loaded.put(plan, imported);
      boolean refused = JmxFieldCorpusIT.EXPECTED.get(plan) == JmxFieldCorpusIT.Expect.REFUSED;
      if (JmxFieldCorpusIT.EXPECTED.containsKey(plan)
          && refused != (imported instanceof String reason && reason.contains("Fix:"))) {
        differences.add(plan + ": " + (refused ? "loads; expected refused naming the fix"
            : "refused, expected to run: " + imported));
      }
      Set<Path> plugins = new LinkedHashSet<>(jars(imported));
      plugins.remove(teamJar);
      batches.computeIfAbsent(plugins, k -> new ArrayList<>()).add(job(plan,
          jmeterProxy(plan, jmeterProxies), plugins));
    }
    // JMeter's side in one long-lived JVM while the suite runs the same plans here; a plan that
    // needs a plugin on JMeter's class path runs in a JVM of its own (JMeter finds functions
    // once per JVM, from the class path it started with).
    ExecutorService children = Executors.newSingleThreadExecutor();
    Future<Map<String, JmeterBatch.Run>> jmeterRuns = children.submit(() -> {
      Map<String, JmeterBatch.Run> all = new LinkedHashMap<>();
      for (Map.Entry<Set<Path>, List<JmeterBatch.Job>> batch : batches.entrySet()) {
        all.putAll(new JmeterBatch(jvm(batch.getKey()), CHILD_LIMIT).run(batch.getValue(),
            Files.createDirectories(scratch.resolve("batches"))));
      }
      return all;
    });
    try {
      Map<String, Outcome> suite = new LinkedHashMap<>();
      for (String plan : plans) {
        suite.put(plan, underSuite(plan, loaded.get(plan), differences));
      }
      Map<String, JmeterBatch.Run> runs = jmeterRuns.get(CHILD_LIMIT.toSeconds() * plans.size(),
          TimeUnit.SECONDS);
      for (String plan : plans) {
        Outcome oracle = outcome(plan, runs.get(plan), jmeterProxies.get(plan));
        boolean timed = loaded.get(plan) instanceof ImportedPlan p
            && p.plan().profile().iterations().isEmpty();
        int users = loaded.get(plan) instanceof ImportedPlan p
            ? (int) p.plan().profile().peakUsers() : 0;
        Optional<ShapingBounds> shaped = ShapingBounds.of(jmx(plan));
        long slack = shaped.map(b -> b.tolerance(users)).orElse(timed ? Math.max(1, users) : 0L);
        List<String> found = compare(plan, oracle, suite.get(plan), timed, slack);
        shaped.ifPresent(b -> found.addAll(outsideSchedule(plan, b, users, oracle,
            suite.get(plan))));
        System.out.printf("oracle %s: JMeter %s; suite %s%s%n", plan, summary(oracle),
            summary(suite.get(plan)), found.isEmpty() ? "" : " DIFFERS: " + found);
        if (KNOWN_DIFFERENCES.containsKey(plan)) {
          assertThat(found).as("%s differs from JMeter as docs/jmx.md says (%s)", plan,
              KNOWN_DIFFERENCES.get(plan)).isNotEmpty();
          perPlan.put(plan, List.of());
        } else {
          differences.addAll(found);
          perPlan.put(plan, found);
        }
      }
    } finally {
      children.shutdownNow();
      jmeterProxies.values().forEach(RecordingProxy::close);
    }
    return perPlan;
  }

  /** The plan loaded by the suite, or the text of its refusal. */
  private static Object loadInSuite(String plan) {
    String realHome = System.getProperty("user.home");
    System.setProperty("user.home", home.toString());
    try {
      return JmxPlans.load(jmx(plan), settings(0), PROFILE);
    } catch (JmxException e) {
      return e.getMessage();
    } finally {
      System.setProperty("user.home", realHome);
    }
  }

  /**
   * The suite's run of {@code plan} under {@code perf.jmx.load=plan}, judged by its default
   * verdict against the field corpus's expectation (a mismatch is added to {@code differences}).
   */
  private static Outcome underSuite(String plan, Object loaded, List<String> differences)
      throws IOException {
    if (!(loaded instanceof ImportedPlan)) {
      return Outcome.refused(String.valueOf(loaded));
    }
    // Loaded again against this run's own proxy, so its requests are its own.
    try (RecordingProxy proxy = RecordingProxy.to(echo.uri())) {
      String realHome = System.getProperty("user.home");
      System.setProperty("user.home", home.toString());
      ImportedPlan imported;
      try {
        imported = JmxPlans.load(jmx(plan), settings(proxy.port()), PROFILE);
      } finally {
        System.setProperty("user.home", realHome);
      }
      Path results = Files.createDirectories(scratch.resolve("suite").resolve(plan));
      RunResult result = imported.withClassLoader(() -> Engines.embedded(results,
          Duration.ofSeconds(2), Duration.ofSeconds(5), List.of()).run(imported.plan()));
      verdict(plan, imported, result).ifPresent(differences::add);
      Map<String, long[]> labels = new TreeMap<>();
      for (String label : result.labels()) {
        LabelSummary summary = result.summary(label, Phase.MEASUREMENT).orElse(null);
        if (summary != null && summary.samples() > 0) {
          labels.put(label, new long[] {summary.samples(), summary.errors()});
        }
      }
      return new Outcome(Optional.empty(), labels, proxy.requests(), Map.of());
    }
  }

  /** A verdict other than the one {@link JmxFieldCorpusIT#EXPECTED} names, described. */
  private static Optional<String> verdict(String plan, ImportedPlan imported, RunResult result) {
    JmxFieldCorpusIT.Expect expected = JmxFieldCorpusIT.EXPECTED.get(plan);
    if (expected == null) {
      return Optional.empty();
    }
    String failure = null;
    try {
      imported.judge(result);
    } catch (AssertionError e) {
      failure = e.getMessage();
    }
    boolean failed = failure != null;
    if (expected == JmxFieldCorpusIT.Expect.FAIL && !failed) {
      return Optional.of(plan + ": passes its default verdict; expected to fail");
    }
    if (expected == JmxFieldCorpusIT.Expect.PASS && failed) {
      return Optional.of(plan + ": fails its default verdict, expected to pass: " + failure);
    }
    return Optional.empty();
  }

  /** The arguments {@code jmeter -n} gets for {@code plan}, against its own proxy. */
  private static JmeterBatch.Job job(String plan, RecordingProxy proxy, Set<Path> plugins)
      throws IOException {
    Path dir = Files.createDirectories(scratch.resolve("jmeter").resolve(plan));
    List<String> args = new ArrayList<>(List.of(
        "-t", jmx(plan).toAbsolutePath().toString(),
        "-l", dir.resolve("results.jtl").toString(), "-j", dir.resolve("jmeter.log").toString(),
        // No UDP shutdown listener (JMeter's would bind every address), and no 2 s look for
        // stray threads after each plan: it reports, it changes no result.
        "-Jjmeterengine.nongui.port=0", "-Jjmeter.exit.check.pause=0"));
    properties(proxy.port()).forEach((k, v) -> args.add("-J" + k + "=" + v));
    if (!plugins.isEmpty()) {
      // Where JMeter looks for plugins beside lib/ext: its functions are found there, not on
      // the class path.
      args.add("-Jsearch_paths=" + plugins.stream().map(Path::toString)
          .collect(Collectors.joining(";")));
    }
    return new JmeterBatch.Job(plan, dir, args);
  }

  /** {@code java -cp ...} for JMeter's JVM, with {@code plugins} where JMeter looks for them. */
  private static List<String> jvm(Set<Path> plugins) {
    List<String> classPath = new ArrayList<>();
    classPath.add(teamJar.toString());
    plugins.forEach(j -> classPath.add(j.toString()));
    // Surefire's class path as entries, not its manifest-only jar: JMeter looks for functions and
    // plugins in the entries themselves.
    classPath.add(System.getProperty("surefire.test.class.path",
        System.getProperty("java.class.path")));
    List<String> command = new ArrayList<>(List.of(
        Path.of(System.getProperty("java.home"), "bin", "java").toString(),
        "-Djava.awt.headless=true", "-Xmx384m", "-XX:TieredStopAtLevel=1", "-XX:+UseSerialGC",
        "-Duser.home=" + home, "-cp", JmeterBatch.classPath(classPath)));
    return command;
  }

  private static Outcome outcome(String plan, JmeterBatch.Run run, RecordingProxy proxy)
      throws IOException {
    Path jtl = scratch.resolve("jmeter").resolve(plan).resolve("results.jtl");
    String console = run.console();
    Optional<String> error = console.lines().filter(l -> l.startsWith("Error in NonGUIDriver")
        || l.startsWith("An error occurred")).findFirst();
    if (run.exit() != null && run.exit() != 0 || error.isPresent() || !Files.exists(jtl)) {
      return Outcome.refused(error.orElse("exit " + run.exit() + ": " + console));
    }
    Map<String, String> firstErrors = new TreeMap<>();
    return new Outcome(Optional.empty(), jtlCounts(jtl, firstErrors), proxy.requests(),
        firstErrors);
  }

  /** Samples and errors per label of a JMeter CSV JTL (quoted fields may span lines). */
  static Map<String, long[]> jtlCounts(Path jtl, Map<String, String> firstErrors)
      throws IOException {
    List<List<String>> rows = JtlCsv.rows(Files.readString(jtl, StandardCharsets.UTF_8));
    Map<String, long[]> counts = new TreeMap<>();
    if (rows.isEmpty()) {
      return counts;
    }
    List<String> header = rows.get(0);
    int label = header.indexOf("label");
    int success = header.indexOf("success");
    int code = header.indexOf("responseCode");
    int message = header.indexOf("responseMessage");
    int failure = header.indexOf("failureMessage");
    for (List<String> row : rows.subList(1, rows.size())) {
      if (row.size() <= Math.max(label, success)) {
        continue;
      }
      long[] c = counts.computeIfAbsent(row.get(label), k -> new long[2]);
      c[0]++;
      if (!"true".equals(row.get(success))) {
        c[1]++;
        if (row.size() > Math.max(failure, Math.max(code, message))) {
          firstErrors.putIfAbsent(row.get(label), (row.get(code) + " " + row.get(message) + " "
              + row.get(failure)).trim());
        }
      }
    }
    return counts;
  }

  /** Each difference between JMeter's outcome and the suite's, naming plan and label. */
  static List<String> compare(String plan, Outcome jmeter, Outcome suite, boolean timed,
      long slack) {
    List<String> found = new ArrayList<>();
    if (jmeter.refusal().isPresent() != suite.refusal().isPresent()) {
      found.add(plan + ": JMeter " + (jmeter.refusal().isPresent() ? "refused it ("
          + jmeter.refusal().get() + ")" : "ran it") + ", the suite " + (suite.refusal()
          .isPresent() ? "refused it (" + suite.refusal().get() + ")" : "ran it"));
      return found;
    }
    if (jmeter.refusal().isPresent()) {
      if (!sameReason(jmeter.refusal().get(), suite.refusal().get())) {
        found.add(plan + ": refused for another reason: JMeter " + jmeter.refusal().get()
            + "; the suite " + suite.refusal().get());
      }
      return found;
    }
    Set<String> labels = new TreeSet<>(jmeter.labels().keySet());
    labels.addAll(suite.labels().keySet());
    for (String label : labels) {
      long[] j = jmeter.labels().getOrDefault(label, new long[2]);
      long[] s = suite.labels().getOrDefault(label, new long[2]);
      if (Math.abs(j[0] - s[0]) > slack || Math.abs(j[1] - s[1]) > slack) {
        found.add(plan + ": label '" + label + "': JMeter " + jmeter.describe(label)
            + ", the suite " + suite.describe(label));
      }
    }
    Function<List<String>, Map<String, Long>> tally = requests -> requests.stream()
        .map(JmeterOracleIT::normalized).collect(Collectors.groupingBy(r -> r, TreeMap::new,
            Collectors.counting()));
    Map<String, Long> sent = tally.apply(jmeter.requests());
    Map<String, Long> suiteSent = tally.apply(suite.requests());
    Set<String> requests = new TreeSet<>(sent.keySet());
    requests.addAll(suiteSent.keySet());
    for (String request : requests) {
      long j = sent.getOrDefault(request, 0L);
      long s = suiteSent.getOrDefault(request, 0L);
      boolean differs = timed ? (j == 0) != (s == 0) : j != s;
      if (differs) {
        found.add(plan + ": request '" + request + "': JMeter sent it " + j + " times, the "
            + "suite " + s);
      }
    }
    return found;
  }

  /**
   * Each side whose count of a rate-shaped plan's label falls outside what its Throughput Shaping
   * Timer schedule allows ({@link ShapingBounds}).
   */
  static List<String> outsideSchedule(String plan, ShapingBounds bounds, int users,
      Outcome jmeter, Outcome suite) {
    List<String> found = new ArrayList<>();
    for (Map.Entry<String, Outcome> side : Map.of("JMeter", jmeter, "the suite", suite)
        .entrySet()) {
      for (Map.Entry<String, long[]> label : side.getValue().labels().entrySet()) {
        long samples = label.getValue()[0];
        if (samples < bounds.lowest() || samples > bounds.highest(users)) {
          found.add(plan + ": label '" + label.getKey() + "': " + side.getKey() + " "
              + samples + " samples, outside the schedule's " + bounds.lowest() + " to "
              + bounds.highest(users));
        }
      }
    }
    return found;
  }

  /** Same when the suite's refusal names what JMeter's names (an element or a class). */
  private static boolean sameReason(String jmeter, String suite) {
    Set<String> names = new LinkedHashSet<>();
    for (String token : jmeter.split("[^\\w.$:-]+")) {
      String name = token.replaceFirst("^.*:", "").replaceFirst("\\.$", "");
      if (name.length() >= 5 && !name.equals("ModuleController")
          && (name.contains(".") || !name.equals(name.toLowerCase()))) {
        names.add(name);
      }
    }
    return names.isEmpty() || names.stream().anyMatch(suite::contains);
  }

  /** A request with what differs by run alone (timestamps) blanked. */
  private static String normalized(String request) {
    return request.replaceAll("\\b1\\d{12}\\b", "<millis>")
        .replaceAll("[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}", "<uuid>");
  }

  private static String summary(Outcome outcome) {
    return outcome.refusal().map(r -> "refused (" + first(r) + ")").orElseGet(() ->
        outcome.labels().entrySet().stream().map(e -> e.getKey() + "=" + e.getValue()[0] + "/"
            + e.getValue()[1]).collect(Collectors.joining(", ", "[", "]")) + " "
            + outcome.requests().size() + " requests");
  }

  private static String first(String text) {
    String line = text.lines().findFirst().orElse("");
    return line.length() > 160 ? line.substring(0, 160) + "..." : line;
  }

  private static RecordingProxy jmeterProxy(String plan, Map<String, RecordingProxy> proxies)
      throws IOException {
    RecordingProxy proxy = RecordingProxy.to(echo.uri());
    proxies.put(plan, proxy);
    return proxy;
  }

  private static List<Path> jars(Object loaded) {
    return loaded instanceof ImportedPlan p ? jars(p.classLoader()) : List.of();
  }

  /** The jars a plan's class loader adds to the suite's (team jars, fetched plugins). */
  private static List<Path> jars(ClassLoader loader) {
    List<Path> jars = new ArrayList<>();
    for (ClassLoader l = loader; l != null && l != JmeterOracleIT.class.getClassLoader();
        l = l.getParent()) {
      if (l instanceof URLClassLoader urls) {
        for (URL url : urls.getURLs()) {
          try {
            jars.add(Path.of(url.toURI()));
          } catch (java.net.URISyntaxException e) {
            throw new IllegalStateException(url.toString(), e);
          }
        }
      }
    }
    return jars;
  }

  private static Map<String, String> properties(int port) {
    Map<String, String> props = new HashMap<>();
    props.put("field.host", "127.0.0.1");
    props.put("field.port", Integer.toString(port));
    props.put("field.mode", "replay");
    return props;
  }

  private static JmxSettings settings(int port) {
    return new JmxSettings(List.of(), JmxLoad.PLAN, properties(port), Set.of(),
        Optional.empty(), 1.0, Optional.empty(), Optional.empty(), List.of(teamJar));
  }
}
