package dev.perfsuite.jmx;

import static org.assertj.core.api.Assertions.assertThat;

import dev.perfsuite.config.JmxSettings;
import dev.perfsuite.config.settings.JmxLoad;
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
 * capturing server on loopback, every header compared exactly (a bare
 * {@code Content-Type: application/json} stays bare). field-04's XPath2 Extractor, which the
 * DSL cannot write, runs as a JSR223 post-processor calling JMeter's own extractor: its value
 * reaches the next request. Left out: a team jar or Java sampler (05, 11), a plugin function
 * (07), Windows and ~ paths (10), the shaping timer's timing (08) and the warm-up plan (16).
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
      "field-03-transactions", "field-04-extractors", "field-06-functions",
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
    if (name.equals("field-04-extractors")) {
      assertThat(viaJava).as("the XPath2 value reaches the confirming request")
          .anyMatch(r -> r.contains("X-9")).noneMatch(r -> r.contains("NOT_FOUND"));
    }
    // Users run concurrently: compared in one order.
    viaJmx = viaJmx.stream().sorted().toList();
    viaJava = viaJava.stream().sorted().toList();
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
