package dev.perfsuite.engines;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assumptions.assumeTrue;
import static us.abstracta.jmeter.javadsl.JmeterDsl.httpSampler;

import dev.perfsuite.config.settings.HttpClientKind;
import dev.perfsuite.engines.GeneratorSettings.Limits;
import dev.perfsuite.profiles.LoadProfile;
import dev.perfsuite.profiles.Profiles;
import dev.perfsuite.users.UserConnections;
import java.lang.reflect.Field;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import us.abstracta.jmeter.javadsl.core.engines.EmbeddedJmeterEngine;

/** The generator's JMeter settings reach every engine, and users that cannot fit fail early. */
class GeneratorSettingsTest {
  /** The shared pool of perf.users.connections=shared, for the profiles that use one. */
  private static final int POOL = 128;

  @Test
  void shouldGiveEveryEngineTheGeneratorProperties() {
    // Remote engines set SHARED_PROPERTIES at their start (RemoteEngineMain), controllers
    // through RunExecution.tuned: both paths read this one map.
    assertThat(RunExecution.SHARED_PROPERTIES).as("properties every engine runs with")
        .containsAllEntriesOf(GeneratorSettings.JMETER_PROPERTIES)
        .containsEntry("sampleresult.timestamp.start", "true");
  }

  @Test
  void shouldSetTheGeneratorPropertiesOnTheEmbeddedEngine() throws Exception {
    EmbeddedEngine engine = new EmbeddedEngine(Path.of("target"), Duration.ofSeconds(1),
        Duration.ofSeconds(1), List.of());
    Field props = EmbeddedJmeterEngine.class.getDeclaredField("props");
    props.setAccessible(true);
    @SuppressWarnings("unchecked")
    Map<String, Object> set = (Map<String, Object>) props.get(engine.jmeter());
    assertThat(set).as("JMeter properties of the engine a run uses")
        .containsAllEntriesOf(GeneratorSettings.JMETER_PROPERTIES);
  }

  @Test
  void shouldNotRetryRequestsInsideTheClient() {
    assertThat(GeneratorSettings.JMETER_PROPERTIES).as("one attempt per sample")
        .containsEntry("httpclient4.retrycount", "0")
        .containsEntry("httpclient4.request_sent_retry_enabled", "false");
  }

  @Test
  void shouldFailWhenUsersExceedTheOpenFilesLimit() {
    Limits limits = new Limits(OptionalLong.empty(), OptionalLong.of(4096),
        OptionalLong.empty());
    assertThat(GeneratorSettings.capacityProblem(5000, limits)).as("5000 users, nofile 4096")
        .hasValueSatisfying(m -> assertThat(m).contains("5000 users", "4096", "ulimit -n"));
  }

  @Test
  void shouldFailWhenUsersExceedTheProcessLimit() {
    Limits limits = new Limits(OptionalLong.of(1024), OptionalLong.of(1_048_576),
        OptionalLong.empty());
    assertThat(GeneratorSettings.capacityProblem(5000, limits)).as("5000 users, nproc 1024")
        .hasValueSatisfying(m -> assertThat(m).contains("threads", "1024", "ulimit -u"));
  }

  @Test
  void shouldAcceptUsersThatFitTheLimits() {
    Limits limits = new Limits(OptionalLong.of(96_365), OptionalLong.of(20_000),
        OptionalLong.of(65_530));
    assertThat(GeneratorSettings.capacityProblem(5000, limits)).as("5000 users fit").isEmpty();
    assertThat(GeneratorSettings.capacityProblem(5000, new Limits(OptionalLong.empty(),
        OptionalLong.empty(), OptionalLong.empty()))).as("unlimited").isEmpty();
  }

  @Test
  void shouldFailWhenThreadStacksExceedTheMapCount() {
    Limits limits = new Limits(OptionalLong.empty(), OptionalLong.of(1_048_576),
        OptionalLong.of(65_530));
    assertThat(GeneratorSettings.capacityProblem(40_000, limits)).as("40,000 users, 65,530 maps")
        .hasValueSatisfying(m -> assertThat(m).contains("vm.max_map_count", "65530"));
  }

  @Test
  void shouldFitFiftyThousandVirtualUsersThatOpenAConnectionPerRequest() {
    Limits here = new Limits(OptionalLong.of(96_365), OptionalLong.of(20_000),
        OptionalLong.of(65_530));
    LoadProfile users = Profiles.smoke().withUsers(50_000).withThinkTime(Duration.ofSeconds(10));
    assertThat(GeneratorSettings.capacityProblem(
        users.withConnections(UserConnections.PER_REQUEST), true, POOL, here))
        .as("50,000 virtual users, a connection per request, 10 s think").isEmpty();
    assertThat(GeneratorSettings.capacityProblem(users, true, POOL, here))
        .as("50,000 virtual users keeping their connections: a socket each")
        .hasValueSatisfying(m -> assertThat(m).contains("50000 users", "20000",
            "perf.users.connections=per-request"));
    assertThat(GeneratorSettings.capacityProblem(users.withConnections(
        UserConnections.PER_REQUEST).withThinkTime(Duration.ZERO), true, POOL, here))
        .as("without think time every user is always in flight: a socket each").isPresent();
    assertThat(GeneratorSettings.capacityProblem(users.withConnections(
        UserConnections.PER_REQUEST), false, POOL, here))
        .as("50,000 platform threads: their stacks exceed the map count")
        .hasValueSatisfying(m -> assertThat(m).contains("vm.max_map_count"));
  }

  @Test
  void shouldWarnWhenUsersOpeningAConnectionPerRequestOutnumberTheFileLimit() {
    Limits here = new Limits(OptionalLong.empty(), OptionalLong.of(20_000), OptionalLong.empty());
    LoadProfile users = Profiles.smoke().withUsers(50_000).withThinkTime(Duration.ofSeconds(10))
        .withConnections(UserConnections.PER_REQUEST);
    assertThat(GeneratorSettings.socketWarning(users, here)).as("50,000 users, limit 20,000")
        .hasValueSatisfying(w -> assertThat(w).contains("50000 users", "20000",
            "Too many open files", "ulimit -n"));
    assertThat(GeneratorSettings.socketWarning(users.withUsers(10_000), here))
        .as("10,000 users fit the limit even if every one is in flight").isEmpty();
    assertThat(GeneratorSettings.socketWarning(users.withConnections(
        UserConnections.PER_USER), here)).as("keep-alive: the capacity check refuses instead")
        .isEmpty();
  }

  @Test
  void shouldWarnWhenTheCollectorPausesEveryUserAtOnce() {
    assertThat(GeneratorSettings.collectorWarning(List.of("Copy", "MarkSweepCompact")))
        .as("Serial").hasValueSatisfying(w -> assertThat(w).contains("Serial", "-XX:+UseG1GC"));
    assertThat(GeneratorSettings.collectorWarning(List.of("PS Scavenge", "PS MarkSweep")))
        .as("Parallel").hasValueSatisfying(w -> assertThat(w).contains("Parallel"));
    assertThat(GeneratorSettings.collectorWarning(List.of("G1 Young Generation",
        "G1 Old Generation"))).as("G1").isEmpty();
  }

  @Test
  void shouldWarnWhenTheHeapLeavesTooLittlePerUser() {
    assertThat(GeneratorSettings.heapWarning(5000, 1L << 30, HttpClientKind.JMETER))
        .as("5000 users of HttpClient 4, -Xmx1g")
        .hasValueSatisfying(w -> assertThat(w).contains("5000 users", "1024 MiB", "-Xmx",
            "-XX:MaxGCPauseMillis=50"));
    assertThat(GeneratorSettings.heapWarning(1000, 1L << 30, HttpClientKind.JMETER))
        .as("1000 users of HttpClient 4, -Xmx1g").isEmpty();
  }

  @Test
  void shouldCountWhatAUserOfTheSuitesClientHolds() {
    assertThat(GeneratorSettings.heapWarning(20_000, 1L << 30, HttpClientKind.SUITE))
        .as("20,000 users of the suite's client, -Xmx1g").isEmpty();
    assertThat(GeneratorSettings.heapWarning(50_000, 1L << 30, HttpClientKind.SUITE))
        .as("50,000 users of the suite's client, -Xmx1g")
        .hasValueSatisfying(w -> assertThat(w).contains("50000 users", "perf.http.client=suite",
            (GeneratorSettings.HEAP_PER_SUITE_CLIENT_USER >> 10) + " KiB each"));
  }

  @Test
  void shouldReadThisMachinesLimits() {
    assumeTrue(Files.isReadable(Path.of("/proc/sys/vm/max_map_count")), "Linux only");
    // The map count's file must be read whole: 65530 read as 6 failed every run of 5000 users.
    assertThat(Limits.current().maps().orElse(-1)).as("vm.max_map_count, read whole")
        .isGreaterThan(1000);
  }

  @Test
  void shouldStopTheEmbeddedEngineBeforeLoadWhenUsersCannotFit(@TempDir Path dir) {
    long files = Limits.current().openFiles().orElse(Long.MAX_VALUE - 1000);
    int users = (int) Math.min(Integer.MAX_VALUE - 1000, files + 1);
    EmbeddedEngine engine = new EmbeddedEngine(dir, Duration.ofSeconds(1),
        Duration.ofSeconds(1), List.of());
    // Port 9 on loopback: nothing must be sent, the check fails before JMeter starts.
    LoadPlan plan = LoadPlan.of("capacity", Profiles.closed("capacity", Duration.ZERO,
        Profiles.stage(users, Duration.ZERO, Duration.ofSeconds(1))),
        httpSampler("http://127.0.0.1:9/"));
    assertThatThrownBy(() -> engine.run(plan)).as("users beyond the open-files limit")
        .isInstanceOf(IllegalStateException.class).hasMessageContaining("open files");
  }
}
