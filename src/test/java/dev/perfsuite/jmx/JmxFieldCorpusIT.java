package dev.perfsuite.jmx;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.perfsuite.config.JmxSettings;
import dev.perfsuite.config.settings.JmxLoad;
import dev.perfsuite.config.settings.JmxPlugins;
import dev.perfsuite.echo.EchoBackend;
import dev.perfsuite.echo.EchoOptions;
import dev.perfsuite.engines.Engines;
import dev.perfsuite.profiles.LoadProfile;
import dev.perfsuite.profiles.Profiles;
import dev.perfsuite.results.LabelSummary;
import dev.perfsuite.results.Phase;
import dev.perfsuite.results.RunResult;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The field corpus (src/test/resources/jmx-field, plans written for the suite in the shapes real
 * teams use) run unchanged against the echo backend on loopback under
 * {@code perf.jmx.load=profile}, each with its expected verdict: pass, fail (the default verdict)
 * or refused before load naming the fix; {@link JmeterOracleIT} judges the same under
 * {@code plan}. Strict mode and the failure trail are checked here.
 */
@Timeout(600)
class JmxFieldCorpusIT {
  static final Path DIR = Path.of("src", "test", "resources", "jmx-field");
  /** Small: 2 users x 2 iterations per plan under the suite's profile. */
  static final LoadProfile PROFILE = Profiles.smoke().withUsers(2).withIterations(2)
      .withWarmUp(Duration.ZERO);

  /** A plan's verdict under the suite; {@link JmeterOracleIT} judges it under {@code plan}. */
  enum Expect { PASS, FAIL, REFUSED }

  static final Map<String, Expect> EXPECTED = Map.ofEntries(
      Map.entry("field-01-variables", Expect.PASS),
      Map.entry("field-02-once-only-login", Expect.PASS),
      Map.entry("field-03-transactions", Expect.PASS),
      Map.entry("field-04-extractors", Expect.PASS),
      Map.entry("field-05-groovy-team-jar", Expect.PASS),
      Map.entry("field-06-functions", Expect.PASS),
      Map.entry("field-07-plugin-function", Expect.PASS),
      Map.entry("field-08-shaping", Expect.PASS),
      Map.entry("field-09-csv-stop-thread", Expect.PASS),
      Map.entry("field-10-paths", Expect.PASS),
      Map.entry("field-11-java-rename", Expect.PASS),
      Map.entry("field-12-failed-transaction", Expect.FAIL),
      Map.entry("field-13-disabled-property", Expect.PASS),
      Map.entry("field-14-ramp-duration", Expect.PASS),
      Map.entry("field-15-converter-expressions", Expect.PASS),
      Map.entry("field-16-once-only-warm-up", Expect.PASS),
      Map.entry("field-17-typo-variable", Expect.PASS),
      Map.entry("field-18-unset-property", Expect.PASS),
      Map.entry("field-19-tilde-path", Expect.PASS),
      Map.entry("field-20-child-fails-before-sending", Expect.FAIL),
      Map.entry("field-21-base-dir-script", Expect.PASS),
      Map.entry("field-22-data-directory-property", Expect.PASS),
      Map.entry("field-23-group-variables", Expect.PASS),
      Map.entry("field-24-unknown-function", Expect.PASS),
      Map.entry("field-25-package-import", Expect.PASS),
      Map.entry("field-26-jdbc-elements", Expect.PASS),
      Map.entry("field-27-module-controller", Expect.PASS),
      Map.entry("field-28-module-missing-target", Expect.REFUSED),
      Map.entry("field-29-include-controller", Expect.PASS),
      Map.entry("field-30-script-does-not-compile", Expect.FAIL),
      Map.entry("field-31-runtime-csv-missing", Expect.REFUSED),
      Map.entry("field-32-csv-share-group", Expect.PASS),
      Map.entry("field-33-csv-share-thread", Expect.PASS),
      Map.entry("field-34-extractor-chain", Expect.PASS),
      Map.entry("field-35-setup-teardown-property", Expect.PASS),
      Map.entry("field-36-groovy-pre-post", Expect.PASS),
      Map.entry("field-37-loop-counter", Expect.PASS),
      Map.entry("field-38-while-jexl3", Expect.PASS),
      Map.entry("field-39-headers-cookies", Expect.PASS),
      Map.entry("field-40-interleave-groovy-function", Expect.PASS));

  /**
   * Where {@code perf.jmx.strict=true} differs from the default: these plans JMeter runs with a
   * silent choice (a 0, a "1", a file found elsewhere) are refused; every other plan loads to the
   * same plan as by default, so strict mode is checked by loading, not by a second run.
   */
  private static final Set<String> REFUSED_WHEN_STRICT = Set.of("field-10-paths",
      "field-17-typo-variable", "field-18-unset-property", "field-24-unknown-function");
  /** Warned in both modes: JMeter reports the same at run time, so strict refuses nothing. */
  private static final Set<String> WARNED_WHEN_STRICT = Set.of(
      "field-30-script-does-not-compile");

  private static EchoBackend echo;
  private static Path home;
  private static String realHome;
  private static Path teamJar;

  @TempDir
  static Path scratch;

  @BeforeAll
  static void start() throws IOException {
    echo = EchoBackend.start(EchoOptions.defaults().withHost("127.0.0.1").withPort(0)
        .withWorkerThreads(2));
    home = Files.createDirectories(scratch.resolve("home"));
    Files.writeString(home.resolve("perf-field-regions.csv"), "zone\nz1\nz2\nz3\n");
    realHome = System.getProperty("user.home");
    teamJar = teamJar(scratch.resolve("team"));
  }

  @AfterAll
  static void stop() {
    if (echo != null) {
      echo.close();
    }
  }

  /**
   * Each plan under {@code perf.jmx.load=profile}; under {@code plan} {@link JmeterOracleIT} runs
   * each once, judges the same verdict and compares it with JMeter's run.
   */
  static Stream<Arguments> corpus() {
    return EXPECTED.keySet().stream().sorted().map(name -> Arguments.of(name, JmxLoad.PROFILE));
  }

  @Test
  void shouldHoldAtLeastTwelvePlansEachWithAnExpectedVerdict() throws IOException {
    try (Stream<Path> files = Files.list(DIR)) {
      List<String> plans = files.map(p -> p.getFileName().toString())
          .filter(n -> n.endsWith(".jmx")).map(n -> n.replace(".jmx", "")).sorted().toList();
      assertThat(plans).as("plans of the corpus").hasSizeGreaterThanOrEqualTo(40)
          .containsExactlyInAnyOrderElementsOf(EXPECTED.keySet());
    }
  }

  @ParameterizedTest(name = "{0} under perf.jmx.load={1}")
  @MethodSource("corpus")
  void shouldGiveEachFieldPlanItsExpectedVerdict(String name, JmxLoad load,
      @TempDir Path results) {
    Expect expected = EXPECTED.get(name);
    if (expected == Expect.REFUSED) {
      assertThatThrownBy(() -> load(name, load)).as("%s refused before load", name)
          .isInstanceOf(JmxException.class)
          .hasMessageContaining("Fix:");
      return;
    }
    ImportedPlan imported = load(name, load);
    RunResult result = imported.withClassLoader(() -> Engines.embedded(results,
        Duration.ofSeconds(2), Duration.ofSeconds(5), List.of()).run(imported.plan()));
    System.out.printf("%s (%s): %d samples, %d errors, labels %s%n", name, load,
        result.overall(Phase.MEASUREMENT).samples(),
        result.overall(Phase.MEASUREMENT).errors(), result.labels());
    if (expected == Expect.PASS) {
      assertThatCode(() -> imported.judge(result)).as("%s passes its default verdict", name)
          .doesNotThrowAnyException();
    } else {
      assertThatThrownBy(() -> imported.judge(result)).as("%s fails its default verdict", name)
          .isInstanceOf(AssertionError.class);
    }
  }

  @ParameterizedTest(name = "{0} under perf.jmx.strict=true")
  @MethodSource("names")
  void shouldRefuseUnderStrictOnlyWhatJmeterRunsWithASilentChoice(String name) {
    JmxSettings strict = settings(JmxLoad.PLAN).withSemantics(true, JmxPlugins.AUTO);
    if (REFUSED_WHEN_STRICT.contains(name) || EXPECTED.get(name) == Expect.REFUSED) {
      assertThatThrownBy(() -> load(name, strict)).as("%s refused when strict", name)
          .isInstanceOf(JmxException.class).hasMessageContaining("Fix:");
      return;
    }
    List<String> warnings = load(name, strict).notes().stream()
        .filter(n -> n.startsWith(ImportedPlan.WARNING)).toList();
    assertThat(warnings).as("%s loads when strict, warned only of what JMeter reports too", name)
        .hasSize(WARNED_WHEN_STRICT.contains(name) ? 1 : 0);
  }

  static Stream<String> names() {
    return EXPECTED.keySet().stream().sorted();
  }

  @Test
  void shouldNameTheFailingChildItsMessageAndCauseAndKeepItsRow(@TempDir Path results)
      throws IOException {
    ImportedPlan imported = load("field-20-child-fails-before-sending", JmxLoad.PLAN);
    RunResult result = Engines.embedded(results, Duration.ofSeconds(2), Duration.ofSeconds(5),
        List.of()).run(imported.plan());
    assertThatThrownBy(() -> imported.judge(result)).as("the verdict alone says what failed")
        .hasMessageContaining("transaction 'Redeem': first failing child 'GET voucher'")
        .hasMessageContaining("URISyntaxException").hasMessageContaining("request not sent");
    String jtl = Files.readString(result.directory().resolve("results.jtl"));
    assertThat(jtl.lines().filter(l -> l.contains(",GET voucher,"))).as("each child's row")
        .hasSize(6);
    assertThat(result.directory().resolve("failures/request_not_sent.txt"))
        .as("the first failure kept whole").content().contains("GET voucher")
        .contains("URISyntaxException");
    long labelRows = result.labels().stream().filter(l -> !l.equals("Redeem"))
        .mapToLong(l -> samples(result, l, Phase.MEASUREMENT)).sum();
    assertThat(result.overall(Phase.MEASUREMENT).samples())
        .as("TOTAL counts what the sampler label rows count (6 home + 6 cart + 6 voucher)")
        .isEqualTo(labelRows).isEqualTo(18);
  }

  @Test
  void shouldCountOnceOnlyWorkInTheMeasurementUnderAWarmUpTheUserSets(@TempDir Path results) {
    Duration warmUp = Duration.ofSeconds(1);
    ImportedPlan imported = JmxPlans.load(DIR.resolve("field-16-once-only-warm-up.jmx"),
        settings(JmxLoad.PLAN, Optional.of(warmUp)), PROFILE);
    assertThat(imported.plan().profile().warmUp()).as("perf.warm-up set").isEqualTo(warmUp);
    RunResult result = Engines.embedded(results, Duration.ofSeconds(2), Duration.ofSeconds(5),
        List.of()).run(imported.plan());
    Phase measured = Phase.MEASUREMENT;
    assertThat(samples(result, "POST login", measured))
        .as("each user's once-only login (at ~0.2 s, inside the 1 s warm-up) is measured")
        .isEqualTo(2);
    assertThat(samples(result, "POST login", Phase.WARM_UP)).as("none in warm-up")
        .isZero();
    assertThat(samples(result, "GET account", Phase.WARM_UP))
        .as("other early samples still fall into the warm-up").isPositive();
    assertThatCode(() -> imported.judge(result)).as("every label measured")
        .doesNotThrowAnyException();
  }

  private static long samples(RunResult result, String label, Phase phase) {
    return result.summary(label, phase).map(LabelSummary::samples).orElse(0L);
  }

  @Test
  void shouldReadThreadsAndLoopsFromTestPlanVariables() {
    LoadProfile shape = load("field-01-variables", JmxLoad.PLAN).plan().profile();
    assertThat(shape.peakUsers()).as("${users}").isEqualTo(3);
    assertThat(shape.iterations()).as("${ctrlLoops}").hasValue(5);
    assertThat(shape.warmUp()).as("every sample counts").isZero();
  }

  @Test
  void shouldBoundALoopForeverGroupByItsStoppingCsv() {
    LoadProfile shape = load("field-09-csv-stop-thread", JmxLoad.PLAN).plan().profile();
    assertThat(shape.iterations()).as("6 rows, stopThread on, recycle off").hasValue(6);
  }

  @Test
  void shouldFallBackToTheFileBesideThePlanForAForeignPathAndExpandHome() {
    ImportedPlan imported = load("field-10-paths", JmxLoad.PLAN);
    assertThat(imported.notes()).anyMatch(n -> n.startsWith("WARNING") && n.contains("C:\\perf")
        && n.contains("field-accounts.csv"));
    assertThat(imported.notes()).as("an absolute path from a teammate's machine")
        .anyMatch(n -> n.startsWith("WARNING") && n.contains("/home/teammate/perf/data/")
        && n.contains("field-accounts.csv"));
    assertThat(imported.notes()).anyMatch(n -> n.contains("~/perf-field-regions.csv")
        && n.contains(home.toString()));
  }

  @Test
  void shouldFetchThePluginOfAFunctionNamingItsVersionBeforeLoad() {
    assertThat(load("field-07-plugin-function", JmxLoad.PLAN).notes())
        .anyMatch(n -> n.contains("kg.apc:jmeter-plugins-functions:2.1 (for ${__env()})"));
  }

  @Test
  void shouldNameTheArtifactOfAPluginFunctionWithPluginsOff() {
    assertThat(load("field-07-plugin-function", settings(JmxLoad.PLAN)
        .withSemantics(false, JmxPlugins.OFF)).notes())
        .as("JMeter without the plugin runs the plan: a warning naming element and artifact")
        .anyMatch(n -> n.startsWith(ImportedPlan.WARNING) && n.contains("'GET home'")
            && n.contains("${__env(...)}") && n.contains("kg.apc:jmeter-plugins-functions"));
  }

  @Test
  void shouldWarnOfAScriptImportingAClassOfNoJarNamingPerfJmxClasspath() {
    JmxSettings without = settings(JmxLoad.PLAN).withClasspath(List.of());
    assertThat(JmxPlans.load(DIR.resolve("field-05-groovy-team-jar.jmx"), without, PROFILE)
        .notes()).as("JMeter runs it and the script fails: a warning naming the fix")
        .anyMatch(n -> n.startsWith(ImportedPlan.WARNING) && n.contains("'sign payload'")
            && n.contains("dev.fieldteam.Signer") && n.contains("-Dperf.jmx.classpath="));
    assertThatThrownBy(() -> JmxPlans.load(DIR.resolve("field-05-groovy-team-jar.jmx"),
        without.withSemantics(true, JmxPlugins.AUTO), PROFILE))
        .as("refused when strict").hasMessageContaining("dev.fieldteam.Signer");
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("sharedSteps")
  void shouldRunTheStepsModuleAndIncludeControllersPointAt(String name, @TempDir Path results) {
    ImportedPlan imported = load(name, JmxLoad.PLAN);
    RunResult result = imported.withClassLoader(() -> Engines.embedded(results,
        Duration.ofSeconds(2), Duration.ofSeconds(5), List.of()).run(imported.plan()));
    assertThat(samples(result, "POST login", Phase.MEASUREMENT))
        .as("%s: the shared login, 2 users x 2 iterations", name).isEqualTo(4);
    assertThat(samples(result, "GET profile", Phase.MEASUREMENT)).as("beside it").isEqualTo(4);
  }

  static Stream<String> sharedSteps() {
    return Stream.of("field-27-module-controller", "field-29-include-controller");
  }

  @Test
  void shouldWarnOfAPropertyOnlyADisabledListenerReads() {
    assertThat(load("field-13-disabled-property", JmxLoad.PLAN).notes())
        .anyMatch(n -> n.contains("REQUEST.log") && n.contains("disabled"));
  }

  private static ImportedPlan load(String name, JmxLoad load) {
    return load(name, settings(load));
  }

  private static ImportedPlan load(String name, JmxSettings settings) {
    System.setProperty("user.home", home.toString());
    try {
      return JmxPlans.load(DIR.resolve(name + ".jmx"), settings, PROFILE);
    } finally {
      System.setProperty("user.home", realHome);
    }
  }

  private static JmxSettings settings(JmxLoad load) {
    return settings(load, Optional.empty());
  }

  private static JmxSettings settings(JmxLoad load, Optional<Duration> warmUp) {
    Map<String, String> props = new HashMap<>();
    props.put("field.host", "127.0.0.1");
    props.put("field.port", Integer.toString(echo.port()));
    props.put("field.mode", "replay");
    return new JmxSettings(List.of(), load, props, Set.of(), Optional.empty(), 1.0,
        warmUp, Optional.empty(), List.of(teamJar));
  }

  /** The team's jar: Signer compiled from its source in the corpus and packed. */
  static Path teamJar(Path dir) throws IOException {
    Path classes = dir.resolve("classes");
    List<String> errors = JavaSources.compile(DIR.resolve("team-jar/dev/fieldteam/Signer.java"),
        classes);
    assertThat(errors).as("the team jar's source compiles").isEmpty();
    Path jar = dir.resolve("field-team.jar");
    try (OutputStream file = Files.newOutputStream(jar);
        JarOutputStream out = new JarOutputStream(file)) {
      Path compiled = classes.resolve("dev/fieldteam/Signer.class");
      out.putNextEntry(new JarEntry("dev/fieldteam/Signer.class"));
      out.write(Files.readAllBytes(compiled));
      out.closeEntry();
    }
    return jar;
  }
}
