package dev.perfsuite.backends.stubs;

import com.github.tomakehurst.wiremock.client.WireMock;
import com.github.tomakehurst.wiremock.stubbing.StubImport;
import com.github.tomakehurst.wiremock.stubbing.StubMapping;
import dev.perfsuite.backends.BackendException;
import dev.perfsuite.backends.BackendLogs;
import dev.perfsuite.backends.ContainerImages;
import dev.perfsuite.backends.LoopbackPorts;
import java.net.URI;
import java.time.Duration;
import java.util.List;
import org.testcontainers.containers.GenericContainer;
import org.testcontainers.containers.wait.strategy.Wait;
import org.testcontainers.utility.DockerImageName;

/**
 * A WireMock image (official {@code wiremock/wiremock} layout: root {@code /home/wiremock}, port
 * 8080) run by Testcontainers; the classpath mappings are loaded through the admin API once it
 * answers.
 *
 * <p>Why not {@code withCopyFileToContainer}: Testcontainers tars the files with
 * commons-compress 1.28, which needs commons-io 2.20, while jmeter-java-dsl pins commons-io
 * 2.15.1. The tar thread then dies with {@code NoSuchMethodError} ({@code FileTimes.toUnixTime})
 * and the container starts with no mappings. The admin API also works with a remote engine.
 */
final class StubContainer implements StubRuntime {
  static final int PORT = 8080;
  private static final int TAIL_LINES = 40;

  private final GenericContainer<?> container;
  private String lastLog = "";

  private StubContainer(String image, Duration startupTimeout) {
    // On loopback: WireMock's /__admin answers anyone who reaches the port, unauthenticated.
    container = LoopbackPorts.on(new GenericContainer<>(DockerImageName.parse(image)))
        .withExposedPorts(PORT)
        // Under load: no journal (it grows with every request), no per-request log formatting.
        .withCommand("--no-request-journal", "--disable-request-logging")
        .waitingFor(Wait.forHttp("/__admin/mappings").forPort(PORT).forStatusCode(200)
            .withStartupTimeout(startupTimeout));
  }

  /**
   * Starts the image and loads the mappings; checks first that the image is on the engine, as
   * there is no registry to pull from.
   *
   * @throws BackendException naming the image, {@code perf.stubs.image} and the fix, or carrying
   *     the container's log tail
   */
  static StubContainer start(String image, Duration startupTimeout) {
    if (StubFiles.hasBodyFiles()) {
      throw new BackendException("API stubs: wiremock/__files is not loaded into containers. "
          + "Fix: put response bodies inline (jsonBody/body) in the mapping files");
    }
    List<StubMapping> mappings = StubFiles.mappings();
    ContainerImages.requireAvailable(image, "perf.stubs.image");
    StubContainer stubs = new StubContainer(image, startupTimeout);
    try {
      stubs.container.start();
      new WireMock(stubs.container.getHost(), stubs.container.getMappedPort(PORT))
          .importStubMappings(new StubImport(mappings, StubImport.Options.DEFAULTS));
    } catch (RuntimeException e) {
      String logs = stubs.container.isCreated()
          ? BackendLogs.tail(stubs.container.getLogs(), TAIL_LINES) : "(container not created)";
      stubs.container.stop();
      throw new BackendException("API stubs container " + image + " did not become ready ("
          + "GET /__admin/mappings on " + PORT + ", timeout " + startupTimeout.toSeconds()
          + " s, then mapping import): " + e.getMessage() + "\nlog tail:\n" + logs, e);
    }
    return stubs;
  }

  @Override
  public URI base() {
    return URI.create("http://" + container.getHost() + ":" + container.getMappedPort(PORT) + "/");
  }

  @Override
  public synchronized String logTail() {
    if (container.isRunning()) {
      lastLog = BackendLogs.tail(container.getLogs(), TAIL_LINES);
    }
    return lastLog;
  }

  @Override
  public synchronized void close() {
    if (container.isRunning()) {
      lastLog = BackendLogs.tail(container.getLogs(), TAIL_LINES);
    }
    container.stop();
  }
}
