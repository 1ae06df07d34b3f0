package dev.perfsuite.engines.remote;

import static org.awaitility.Awaitility.await;
import static us.abstracta.jmeter.javadsl.JmeterDsl.httpSampler;

import dev.perfsuite.config.settings.RemoteSplit;
import dev.perfsuite.engines.LoadPlan;
import dev.perfsuite.engines.LocalRemoteEngines;
import dev.perfsuite.engines.RmiTransport;
import dev.perfsuite.profiles.Profiles;
import dev.perfsuite.reporting.ResultFiles;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The controller of {@link OrphanedEngineIT}, in a JVM of its own so that the test can kill it:
 * a 60 s distributed run on {@code orphan.remotes} against {@code orphan.target}, RMI over SSL
 * unless {@code orphan.ssl=false}. Never run by the build (the name matches no include).
 */
class OrphanedEngineRun {
  /** Printed once every engine has sent a sample: the parent may kill this JVM from here on. */
  static final String SAMPLING = "ORPHAN: every engine sampling";

  /**
   * Waits (90 s at most) until the controller {@code process}, writing to {@code log}, says that
   * every engine samples; fails with its log when it exits or stays silent.
   */
  static void awaitSampling(Process process, Path log) throws IOException {
    try {
      await("the controller's run reaches every engine").atMost(Duration.ofSeconds(90))
          .pollInterval(Duration.ofMillis(200)).failFast(() -> !process.isAlive())
          .until(() -> Files.readString(log, StandardCharsets.UTF_8).contains(SAMPLING));
    } catch (RuntimeException e) {
      process.destroyForcibly();
      throw new AssertionError("the controller did not reach its engines: "
          + Files.readString(log, StandardCharsets.UTF_8), e);
    }
  }

  @Test
  void run() {
    DistributedEngine engine = new DistributedEngine(Path.of(System.getProperty(
        "orphan.results")), Duration.ofSeconds(5), Duration.ofSeconds(10),
        List.of(ResultFiles.watcher()), List.of(System.getProperty("orphan.remotes").split(",")),
        RemoteSplit.EVEN, Duration.ofSeconds(Long.getLong("orphan.watchdog", 5)), 0,
        Boolean.parseBoolean(System.getProperty("orphan.ssl", "true"))
            ? LocalRemoteEngines.transport() : RmiTransport.plain());
    NetworkHostsRun.announceWhenSampling(engine, SAMPLING);
    engine.run(LoadPlan.of("orphan", Profiles.smoke().withUsers(2).withRampUp(Duration.ZERO)
        .withHold(Duration.ofSeconds(60)).withWarmUp(Duration.ZERO)
        .withThinkTime(Duration.ofMillis(20)), httpSampler("GET target",
            System.getProperty("orphan.target"))));
  }
}
