package dev.perfsuite.jmx;

import static org.assertj.core.api.Assertions.assertThat;

import dev.perfsuite.config.settings.JmxLoad;
import dev.perfsuite.config.JmxSettings;
import dev.perfsuite.engines.Engines;
import java.lang.reflect.Method;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import us.abstracta.jmeter.javadsl.core.DslTestPlan;

/**
 * The converter is faithful: for the field corpus' shapes, the class jmx2java writes sends the
 * same requests (method, URL, headers, body) as the JMX it came from, both run against one
 * capturing server on loopback (issue 24, item 6). Left out: plans with elements the DSL's code
 * generator cannot write (field-04: XPath2 Extractor), a team jar or Java sampler (05, 11), a
 * plugin function (07), Windows and ~ paths (10), and the shaping timer's timing (08).
 *
 * <p>Known difference, compared apart: the generator writes a {@code Content-Type:
 * application/json} header as {@code ContentType.APPLICATION_JSON}, which sends
 * {@code application/json; charset=UTF-8}; the lines are compared without that suffix (to fix
 * in the generator, see the report of issue 24).
 */
@Timeout(600)
class JmxConverterEqualityIT {
  private static final Path DIR = JmxFieldCorpusIT.DIR;
  @TempDir
  static Path scratch;
  private static JmxRoundTrip server;

  @BeforeAll
  static void start() {
    server = JmxRoundTrip.start(scratch.resolve("results"));
  }

  @AfterAll
  static void stop() throws Exception {
    if (server != null) {
      server.close();
    }
  }

  @ParameterizedTest(name = "{0}")
  @ValueSource(strings = {"field-01-variables", "field-02-once-only-login",
      "field-03-transactions", "field-06-functions",
      "field-09-csv-stop-thread",
      "field-12-failed-transaction", "field-13-disabled-property", "field-14-ramp-duration",
      "field-15-converter-expressions"})
  void shouldSendTheSameRequestsAfterConversion(String name, @TempDir Path work)
      throws Exception {
    Path jmx = DIR.resolve(name + ".jmx");
    JmxSettings settings = settings();
    ImportedPlan original = JmxPlans.load(jmx, settings, JmxFieldCorpusIT.PROFILE);
    List<String> viaJmx = server.requests(() -> Engines.embedded(work.resolve("jmx"),
        Duration.ofSeconds(2), Duration.ofSeconds(5), List.of()).run(original.plan()));

    String className = JmxToJava.className(jmx);
    Path source = JmxToJava.convert(jmx, work.resolve("src"));
    assertThat(JavaSources.compile(source, work.resolve("classes")))
        .as("the converted class of %s compiles", name).isEmpty();
    DslTestPlan dsl = dslPlan(work.resolve("classes"), className);
    ImportedPlan converted = JmxPlans.fromDsl(JmxPlans.scenarioName(jmx) + "-java", dsl,
        settings, JmxFieldCorpusIT.PROFILE);
    List<String> viaJava = server.requests(() -> Engines.embedded(work.resolve("java"),
        Duration.ofSeconds(2), Duration.ofSeconds(5), List.of()).run(converted.plan()));

    assertThat(viaJmx).as("%s sent requests", name).isNotEmpty();
    viaJmx = withoutCharset(viaJmx);
    viaJava = withoutCharset(viaJava);
    assertThat(new TreeSet<>(viaJava)).as("%s: the requests of the converted class", name)
        .isEqualTo(new TreeSet<>(viaJmx));
    if (original.plan().profile().iterations().isPresent()) {
      assertThat(viaJava).as("%s: as many of each (iterations)", name)
          .containsExactlyElementsOf(viaJmx);
    } else {
      assertThat(converted.plan().profile().plannedDuration())
          .as("%s: ramp-up + duration as JMeter plans them", name)
          .isEqualTo(original.plan().profile().plannedDuration());
    }
  }

  private static List<String> withoutCharset(List<String> requests) {
    return requests.stream().map(r -> r.replace("content-type=application/json; charset=UTF-8",
        "content-type=application/json")).sorted().toList();
  }

  private static DslTestPlan dslPlan(Path classes, String className) throws Exception {
    URL[] urls = {classes.toUri().toURL()};
    try (URLClassLoader loader = new URLClassLoader(urls,
        JmxConverterEqualityIT.class.getClassLoader())) {
      Class<?> type = loader.loadClass(JmxToJava.PACKAGE + "." + className);
      Method method = type.getDeclaredMethod("dslPlan");
      method.setAccessible(true);
      return (DslTestPlan) method.invoke(null);
    }
  }

  private JmxSettings settings() {
    String port = Integer.toString(server.base().getPort());
    return new JmxSettings(List.of(), JmxLoad.PLAN, Map.of("field.host", "127.0.0.1",
        "field.port", port, "field.mode", "replay"), Set.of(), Optional.empty(), 1.0,
        Optional.empty(), Optional.empty(), List.of());
  }
}
