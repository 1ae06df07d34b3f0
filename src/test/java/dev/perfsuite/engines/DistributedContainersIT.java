package dev.perfsuite.engines;

import static org.assertj.core.api.Assertions.assertThat;
import static us.abstracta.jmeter.javadsl.JmeterDsl.httpSampler;

import dev.perfsuite.config.PerfConfig;
import dev.perfsuite.config.Versions;
import dev.perfsuite.config.settings.BackendMode;
import dev.perfsuite.config.settings.RemoteSplit;
import dev.perfsuite.echo.EchoBackend;
import dev.perfsuite.echo.EchoOptions;
import dev.perfsuite.engines.remote.Aggregation;
import dev.perfsuite.engines.remote.DistributedEngine;
import dev.perfsuite.engines.server.RemoteEngineMain;
import dev.perfsuite.files.DirectoryTree;
import dev.perfsuite.profiles.Profiles;
import dev.perfsuite.reporting.ResultFiles;
import dev.perfsuite.results.JtlSamples;
import dev.perfsuite.results.LabelSummary;
import dev.perfsuite.results.Phase;
import dev.perfsuite.results.RunResult;
import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.Timeout.ThreadMode;
import org.junit.jupiter.api.io.TempDir;
import org.testcontainers.DockerClientFactory;
import org.testcontainers.containers.GenericContainer;
import org.testcontainers.containers.wait.strategy.Wait;
import org.testcontainers.images.builder.ImageFromDockerfile;
import org.testcontainers.utility.DockerImageName;
import org.testcontainers.utility.MountableFile;

/**
 * The remote engines as containers of the project's own image (docker/remote-engine), started by
 * Testcontainers: the same run as on local processes, over SSL with the shared test keystore.
 *
 * <p>The containers use the host's network, as docker/compose/remote-engines.yml does: RMI
 * hands out addresses and ports, and engines call the controller back, which port mapping would
 * break. The image is built from the Maven artifacts in target/ (Docker's layer cache makes a
 * rebuild with unchanged jars quick). Engines run in aggregate mode (the default). Without Docker
 * the test is skipped, unless {@code perf.backends=testcontainers} is forced (as CI does), where
 * it fails.
 */
@Timeout(value = 240, unit = TimeUnit.SECONDS, threadMode = ThreadMode.SEPARATE_THREAD)
class DistributedContainersIT {
  private static final String READY = ".*" + RemoteEngineMain.READY + ".*";

  @TempDir
  Path results;

  @Test
  void shouldAddUpSamplesOfTwoContainerEnginesWhenEachRunsTheFullProfile() throws Exception {
    requireDocker();
    String image = image(localJreOr("eclipse-temurin:17-jre"));
    Path keystore = LocalRemoteEngines.keystore();
    List<GenericContainer<?>> engines = new ArrayList<>();
    try (EchoBackend echo = EchoBackend.start(EchoOptions.defaults().withHost("127.0.0.1")
        .withPort(0))) {
      List<String> addresses = new ArrayList<>();
      for (int i = 0; i < 2; i++) {
        int port = freePort();
        int rmiPort = freePort();
        while (rmiPort == port) {
          rmiPort = freePort();
        }
        GenericContainer<?> engine = new GenericContainer<>(DockerImageName.parse(image))
            .withNetworkMode("host")
            // JMeter needs the keystore at the same path on both sides (RmiTransport).
            .withCopyFileToContainer(MountableFile.forHostPath(keystore), keystore.toString())
            .withEnv(RmiTransport.PASSWORD_VARIABLE, LocalRemoteEngines.password())
            .withCommand("--port", String.valueOf(port), "--rmi-port", String.valueOf(rmiPort),
                "--hostname", "127.0.0.1", "--keystore", keystore.toString())
            .waitingFor(Wait.forLogMessage(READY, 1).withStartupTimeout(Duration.ofSeconds(90)));
        engines.add(engine);
        engine.start();
        addresses.add("127.0.0.1:" + port);
      }
      // Aggregate mode (the default): the engines in the image aggregate and send snapshots.
      DistributedEngine distributed = new DistributedEngine(results, Duration.ofSeconds(2),
          Duration.ofSeconds(5), List.of(ResultFiles.watcher()), addresses, RemoteSplit.PER_ENGINE,
          Duration.ofSeconds(15), 0, LocalRemoteEngines.transport(), Aggregation.defaults());

      RunResult result = distributed.run(LoadPlan.of("containers", Profiles.smoke().withUsers(2)
          .withRampUp(Duration.ZERO).withIterations(15).withWarmUp(Duration.ZERO),
          httpSampler("GET echo", echo.uri().toString())));

      assertThat(result.interrupted()).as("completed; warnings %s", result.warnings()).isFalse();
      assertThat(result.overall(Phase.MEASUREMENT).samples())
          .as("2 threads x 2 container engines x 15 iterations").isEqualTo(60);
      assertThat(result.engines().values()).as("each container's share")
          .extracting(LabelSummary::samples).containsExactly(30L, 30L);
      assertThat(result.warnings()).as("snapshots reconciled, both JTLs fetched")
          .noneMatch(w -> w.contains("reconciliation") || w.contains("could not be fetched"));
      assertThat(JtlSamples.read(result.directory()).rows())
          .as("merged JTL of both containers").hasSize(60);
    } finally {
      engines.forEach(GenericContainer::stop);
    }
  }

  /**
   * Builds docker/remote-engine/Dockerfile from a context assembled under target/ (launcher,
   * libraries, tests jar, hard-linked) and returns the image name; bounded, since a failed
   * build must not leave the test waiting.
   */
  private static String image(String base) throws Exception {
    Path target = Path.of("target").toAbsolutePath();
    Path launcher = target.resolve("perf-suite-remote-engine.jar");
    if (PerfConfig.load().backends() == BackendMode.TESTCONTAINERS) {
      assertThat(launcher).as("the remote-engine launcher (mvn package builds it)")
          .isRegularFile();
    }
    Assumptions.assumeTrue(Files.isRegularFile(launcher),
        "target/perf-suite-remote-engine.jar missing: run mvn package first");
    Path context = target.resolve("remote-engine-image");
    DirectoryTree.delete(context);
    Files.createDirectories(context.resolve("remote-engine-lib"));
    Files.copy(Path.of("docker", "remote-engine", "Dockerfile"), context.resolve("Dockerfile"));
    try (Stream<Path> files = Files.list(target)) {
      for (Path jar : files.filter(p -> p.getFileName().toString()
          .matches("perf-suite-remote-engine\\.jar|perf-suite-.*-tests\\.jar")).toList()) {
        Files.createLink(context.resolve(jar.getFileName()), jar);
      }
    }
    try (Stream<Path> libs = Files.list(target.resolve("remote-engine-lib"))) {
      for (Path lib : libs.toList()) {
        Files.createLink(context.resolve("remote-engine-lib").resolve(lib.getFileName()), lib);
      }
    }
    return new ImageFromDockerfile("perf-suite/remote-engine-it:" + base.replaceAll("\\W", "-"),
        false)
        .withDockerfile(context.resolve("Dockerfile"))
        .withBuildArg("BASE_IMAGE", base)
        .get(3, TimeUnit.MINUTES);
  }

  /**
   * The engine image on Java 25 (docs/distributed.md, the chart's {@code java: 25}): its users
   * run on virtual threads, chosen by the engine against its own Java, under a Java 17
   * controller.
   */
  @Test
  void shouldRunUsersOnVirtualThreadsOnTheJava25EngineImage() throws Exception {
    requireDocker();
    boolean java25 = !DockerClientFactory.instance().client().listImagesCmd()
        .withImageNameFilter(Versions.LOCAL_JRE25_IMAGE).exec().isEmpty();
    if (PerfConfig.load().backends() == BackendMode.TESTCONTAINERS
        && "true".equals(System.getenv("CI"))) {
      assertThat(java25).as("%s (.ci/docker-setup.sh builds it from the JDK 25 CI installs)",
          Versions.LOCAL_JRE25_IMAGE).isTrue();
    }
    Assumptions.assumeTrue(java25, Versions.LOCAL_JRE25_IMAGE + " missing: .ci/docker-setup.sh "
        + "builds it where a JDK 25 is installed");
    String image = image(Versions.LOCAL_JRE25_IMAGE);
    try (EchoBackend echo = EchoBackend.start(EchoOptions.defaults().withHost("127.0.0.1")
        .withPort(0));
        GenericContainer<?> engine = new GenericContainer<>(DockerImageName.parse(image))) {
      int port = freePort();
      int rmiPort = freePort();
      // Two probes can return the same free port once the first is closed: the engine refuses it.
      while (rmiPort == port) {
        rmiPort = freePort();
      }
      Path keystore = LocalRemoteEngines.keystore();
      engine.withNetworkMode("host")
          .withCopyFileToContainer(MountableFile.forHostPath(keystore), keystore.toString())
          .withEnv(RmiTransport.PASSWORD_VARIABLE, LocalRemoteEngines.password())
          .withCommand("--port", String.valueOf(port), "--rmi-port", String.valueOf(rmiPort),
              "--hostname", "127.0.0.1", "--keystore", keystore.toString())
          .waitingFor(Wait.forLogMessage(READY, 1).withStartupTimeout(Duration.ofSeconds(90)))
          .start();
      DistributedEngine distributed = new DistributedEngine(results, Duration.ofSeconds(2),
          Duration.ofSeconds(5), List.of(ResultFiles.watcher()), List.of("127.0.0.1:" + port),
          RemoteSplit.PER_ENGINE, Duration.ofSeconds(15), 0, LocalRemoteEngines.transport(),
          Aggregation.defaults());

      RunResult result = distributed.run(LoadPlan.of("java25", Profiles.smoke().withUsers(2)
          .withRampUp(Duration.ZERO).withIterations(5).withWarmUp(Duration.ZERO),
          httpSampler("GET echo", echo.uri().toString())));

      assertThat(result.overall(Phase.MEASUREMENT).samples()).as("2 users x 5 iterations")
          .isEqualTo(10);
      assertThat(engine.getLogs()).as("the engine's log")
          .contains("on virtual threads (perf.users.threads=auto, Java 25");
    }
  }

  /** Docker must answer: skipped without it, a failure where CI forces containers. */
  private static void requireDocker() {
    if (PerfConfig.load().backends() == BackendMode.TESTCONTAINERS) {
      // Forced (CI sets PERF_BACKENDS=testcontainers): a missing engine or image is a failure.
      assertThat(DockerClientFactory.instance().isDockerAvailable())
          .as("perf.backends=testcontainers but no Docker engine answers").isTrue();
    } else {
      Assumptions.assumeTrue(DockerClientFactory.instance().isDockerAvailable(),
          "no Docker engine: the container variant of the distributed test is skipped; set "
              + "PERF_BACKENDS=testcontainers to make this a failure");
    }
  }

  /** The local Java 17 image where docker-setup built it, else {@code fallback}. */
  private static String localJreOr(String fallback) {
    return DockerClientFactory.instance().client().listImagesCmd()
        .withImageNameFilter(Versions.LOCAL_JRE_IMAGE).exec().isEmpty()
        ? fallback : Versions.LOCAL_JRE_IMAGE;
  }

  private static int freePort() throws IOException {
    try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
      return socket.getLocalPort();
    }
  }
}
