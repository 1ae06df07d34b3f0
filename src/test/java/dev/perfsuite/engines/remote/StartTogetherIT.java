package dev.perfsuite.engines.remote;

import static org.assertj.core.api.Assertions.assertThat;
import static us.abstracta.jmeter.javadsl.JmeterDsl.httpSampler;

import dev.perfsuite.config.settings.RemoteSplit;
import dev.perfsuite.echo.EchoBackend;
import dev.perfsuite.echo.EchoOptions;
import dev.perfsuite.engines.LoadPlan;
import dev.perfsuite.engines.LocalRemoteEngines;
import dev.perfsuite.profiles.LoadProfile;
import dev.perfsuite.profiles.Profiles;
import dev.perfsuite.results.JtlRows;
import dev.perfsuite.results.ResultDirectory;
import dev.perfsuite.results.RunResult;
import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * Four engines on loopback start their test together: JMeter's start line on each engine (its
 * own clock, the host's) lies within a bound of the others'.
 *
 * <p>The goal is 8 engines within 50 ms; this shared CI host asserts a looser 250 ms and prints
 * what it measured, with the spread of the engines' first samples in the merged JTL (which adds
 * each engine's own warm-up). Engines started one after another lie about a second apart each.
 */
@Timeout(value = 180, unit = TimeUnit.SECONDS)
class StartTogetherIT {
  private static final int ENGINES = 4;
  private static final Duration BOUND = Duration.ofMillis(250);
  private static final Pattern START = Pattern.compile("Starting the test on host \\S+ @ .*"
      + "\\((\\d+)\\)");

  @TempDir
  Path results;

  @Test
  void shouldStartFourEnginesWithinTheBoundOfEachOther() throws Exception {
    try (EchoBackend echo = EchoBackend.start(EchoOptions.defaults().withHost("127.0.0.1")
        .withPort(0)); LocalRemoteEngines engines = LocalRemoteEngines.start(ENGINES)) {
      LoadProfile profile = Profiles.smoke().withUsers(1).withRampUp(Duration.ZERO)
          .withHold(Duration.ofSeconds(3)).withWarmUp(Duration.ZERO)
          .withThinkTime(Duration.ofMillis(50));
      DistributedEngine engine = engines.engine(results, RemoteSplit.PER_ENGINE,
          Duration.ofSeconds(15));

      RunResult result = engine.run(LoadPlan.of("start-together", profile,
          httpSampler("GET echo", echo.uri().toString())));

      Map<String, Long> started = new LinkedHashMap<>();
      for (int i = 0; i < ENGINES; i++) {
        started.put(engines.addresses().get(i), startOf(engines.output(i)));
      }
      long skew = spread(started);
      Map<String, Long> first = firstSamples(result.directory(), engines.addresses());
      System.out.printf("start skew of %d engines: %d ms from JMeter's start line on each engine "
          + "%s, %s as the engines reported their starts; their first samples %d ms apart%n",
          ENGINES, skew, started, engine.startSkew().map(d -> d.toMillis() + " ms")
          .orElse("none"), spread(first));
      assertThat(result.interrupted()).as("completed; warnings %s", result.warnings()).isFalse();
      assertThat(first).as("a first sample from every engine").hasSize(ENGINES);
      assertThat(skew).as("spread of the engines' test starts, ms (bound %s)", BOUND)
          .isLessThanOrEqualTo(BOUND.toMillis());
      assertThat(engine.startSkew()).as("the skew the engines reported")
          .hasValueSatisfying(d -> assertThat(d).isLessThanOrEqualTo(BOUND));
    }
  }

  /** JMeter's own start line on an engine: "Starting the test on host H @ DATE (EPOCH_MS)". */
  private static long startOf(String output) {
    Matcher line = START.matcher(output);
    assertThat(line.find()).as("JMeter's start line in the engine's output:%n%s", output)
        .isTrue();
    return Long.parseLong(line.group(1));
  }

  private static long spread(Map<String, Long> instants) {
    return instants.values().stream().mapToLong(Long::longValue).max().orElse(0)
        - instants.values().stream().mapToLong(Long::longValue).min().orElse(0);
  }

  /** Each engine's earliest sample start (epoch ms), by the address its threads carry. */
  private static Map<String, Long> firstSamples(Path run, List<String> engines)
      throws Exception {
    Map<String, Long> first = new LinkedHashMap<>();
    try (JtlRows jtl = JtlRows.open(run.resolve(ResultDirectory.JTL))) {
      for (JtlRows.Row row = jtl.next(); row != null; row = jtl.next()) {
        String thread = row.get("threadName");
        long start = Long.parseLong(row.get("timeStamp"));
        engines.stream().filter(e -> thread.startsWith(e + "-")).findFirst()
            .ifPresent(e -> first.merge(e, start, Math::min));
      }
    }
    return first;
  }
}
