package dev.perfsuite.engines.remote;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static us.abstracta.jmeter.javadsl.JmeterDsl.httpSampler;
import static us.abstracta.jmeter.javadsl.JmeterDsl.jsr223PostProcessor;
import static us.abstracta.jmeter.javadsl.JmeterDsl.testPlan;
import static us.abstracta.jmeter.javadsl.JmeterDsl.threadGroup;

import dev.perfsuite.config.settings.RemoteSplit;
import dev.perfsuite.engines.LoadPlan;
import dev.perfsuite.engines.RmiTransport;
import dev.perfsuite.engines.UserSplit;
import dev.perfsuite.engines.server.RemoteEngineOptions;
import dev.perfsuite.profiles.LoadProfile;
import dev.perfsuite.profiles.Profiles;
import java.io.File;
import java.net.ServerSocket;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import us.abstracta.jmeter.javadsl.core.postprocessors.DslJsr223PostProcessor.PostProcessorScript;
import us.abstracta.jmeter.javadsl.core.postprocessors.DslJsr223PostProcessor.PostProcessorVars;
import us.abstracta.jmeter.javadsl.core.threadgroups.BaseThreadGroup.ThreadGroupChild;

/** What the distributed engine refuses before any load, without starting engines. */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class DistributedEngineTest {
  private static final LoadProfile FEW = Profiles.smoke().withUsers(2).withIterations(1)
      .withRampUp(Duration.ZERO).withWarmUp(Duration.ZERO);

  @TempDir
  Path results;

  private DistributedEngine engine(List<String> remotes) {
    return new DistributedEngine(results, Duration.ofSeconds(1), Duration.ofSeconds(1), List.of(),
        remotes, RemoteSplit.PER_ENGINE, Duration.ofSeconds(5), 0, RmiTransport.plain());
  }

  /** A class-based script: travels by class name, so it may run remotely. */
  public static final class MarkSample implements PostProcessorScript {
    @Override
    public void runScript(PostProcessorVars vars) {
      vars.prev.setResponseMessage("marked");
    }
  }

  @Test
  void shouldRefuseALambdaPlanNamingTheElementWhenRunRemotely() {
    LoadPlan plan = LoadPlan.of("lambda", FEW, httpSampler("GET x", "http://127.0.0.1:9/")
        .children(jsr223PostProcessor("mark with a lambda", v -> v.prev.setResponseMessage("x"))));

    assertThatThrownBy(() -> engine(List.of("127.0.0.1:9")).run(plan))
        .as("refused before start")
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("'mark with a lambda'")
        .hasMessageContaining("Java lambdas")
        .hasMessageContaining("public static class");
  }

  @Test
  void shouldAcceptAClassBasedScriptWhenCheckingForLambdas() {
    LoadPlan plan = LoadPlan.of("class-script", FEW, httpSampler("GET x", "http://127.0.0.1:9/")
        .children(jsr223PostProcessor("mark with a class", MarkSample.class)));

    assertThat(RemotePlanCheck.lambdaElements(testPlan(threadGroup(1, 1,
        plan.journey().toArray(ThreadGroupChild[]::new)))))
        .as("no lambda in a class-based plan").isEmpty();
  }

  @Test
  void shouldFailWithinSecondsNamingTheHostWhenAnEngineIsUnreachable() throws Exception {
    int closed;
    try (ServerSocket probe = new ServerSocket(0)) {
      closed = probe.getLocalPort();
    }
    String remote = "127.0.0.1:" + closed;
    long started = System.nanoTime();

    assertThatThrownBy(() -> engine(List.of(remote)).run(LoadPlan.of("unreachable", FEW,
        httpSampler("GET x", "http://127.0.0.1:9/"))))
        .as("unreachable engine")
        .hasMessageContaining("not reachable")
        .hasMessageContaining(remote);
    assertThat(TimeUnit.NANOSECONDS.toSeconds(System.nanoTime() - started))
        .as("seconds until the failure").isLessThanOrEqualTo(
            DistributedEngine.START_PROBE.toSeconds() + 5);
  }

  @Test
  void shouldSplitUsersEvenlyWhenTheyDivide() {
    LoadProfile whole = Profiles.stepped();

    LoadProfile each = UserSplit.perEngine(whole, 2, RemoteSplit.EVEN);

    assertThat(each.stages()).as("500 then 1000 users on 2 engines")
        .extracting(s -> Math.round(s.level())).containsExactly(250L, 500L);
    assertThat(each.stages()).as("timings kept")
        .extracting(s -> s.rampUp()).containsExactlyElementsOf(whole.stages().stream()
            .map(s -> s.rampUp()).toList());
  }

  @Test
  void shouldRejectAnUnevenSplitNamingTheFixWhenUsersDoNotDivide() {
    assertThatThrownBy(() -> UserSplit.perEngine(Profiles.smoke().withUsers(5), 2,
        RemoteSplit.EVEN))
        .as("5 users on 2 engines")
        .hasMessageContaining("cannot divide 5 users")
        .hasMessageContaining("2 engines")
        .hasMessageContaining("perf.remotes.split=per-engine");
  }

  @Test
  void shouldKeepTheWholeProfileOnEveryEngineWhenSplitPerEngine() {
    LoadProfile whole = Profiles.smoke().withUsers(5);

    assertThat(UserSplit.perEngine(whole, 3, RemoteSplit.PER_ENGINE)).as("unchanged")
        .isEqualTo(whole);
  }

  @Test
  void shouldReportAShortfallWhenAnEngineSentFewerSamplesThanPlanned() {
    LoadProfile each = Profiles.smoke().withUsers(2).withIterations(10);

    assertThat(PlannedSamples.shortfall(each, Map.of("a:1", 20L, "b:2", 12L),
        Map.of("a:1", 2, "b:2", 2)))
        .as("b:2 sent 12 of at least 2 x 10")
        .hasValueSatisfying(m -> assertThat(m).contains("b:2").contains("2 threads x 10 iterations")
            .doesNotContain("a:1"));
    assertThat(PlannedSamples.shortfall(each, Map.of("a:1", 20L),
        Map.of("a:1", 2))).as("complete").isEmpty();
  }

  @Test
  void shouldReportAShortfallWhenAnOpenModelEngineMissedItsRate() {
    LoadProfile each = Profiles.smoke().withTargetRate(10).withRampUp(Duration.ZERO)
        .withHold(Duration.ofSeconds(10));

    assertThat(PlannedSamples.plannedRequests(each)).as("10 req/s x 10 s").isEqualTo(100.0);
    assertThat(PlannedSamples.shortfall(each, Map.of("a:1", 0L),
        Map.of("a:1", 0))).as("silent engine")
        .hasValueSatisfying(m -> assertThat(m).contains("a:1 sent no samples"));
    assertThat(PlannedSamples.shortfall(each, Map.of("a:1", 95L),
        Map.of("a:1", 3))).as("within 90 %").isEmpty();
  }

  @Test
  void shouldParseLauncherOptionsAndRejectBadOnes() {
    RemoteEngineOptions options = RemoteEngineOptions.parse("--port", "2099", "--hostname",
        "10.0.0.5", "--no-ssl", "--classpath", "a.jar" + File.pathSeparator + "b");

    assertThat(options.rmiPort()).as("default RMI object port").isEqualTo(2100);
    assertThat(options.ssl()).as("explicit --no-ssl").isFalse();
    assertThat(options.classpath()).as("extra class path").containsExactly("a.jar", "b");
    assertThat(RemoteEngineOptions.parse().ssl()).as("SSL by default").isTrue();
    assertThatThrownBy(() -> RemoteEngineOptions.parse("--port", "x")).as("bad port")
        .hasMessageContaining("--port must be a port number");
    assertThatThrownBy(() -> RemoteEngineOptions.parse("--ssl-off")).as("unknown option")
        .hasMessageContaining("unknown option '--ssl-off'");
    assertThat(options.trustedNetwork()).as("not trusted unless said").isFalse();
    assertThat(RemoteEngineOptions.parse("--no-ssl", "--trusted-network").trustedNetwork())
        .as("--trusted-network").isTrue();
  }
}
