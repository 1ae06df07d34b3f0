package dev.perfsuite.backends.echo;

import dev.perfsuite.backends.BackendException;
import dev.perfsuite.backends.BackendLogs;
import dev.perfsuite.backends.LoopbackPorts;
import dev.perfsuite.config.Versions;
import dev.perfsuite.config.settings.EchoStall;
import java.net.URI;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.testcontainers.containers.GenericContainer;
import org.testcontainers.containers.wait.strategy.Wait;
import org.testcontainers.utility.DockerImageName;

/**
 * The echo backend run by Testcontainers, from the image {@link EchoImage#resolve} picks: the
 * configured one, a pre-built local one, or one built from the suite's classes.
 */
public final class EchoContainer implements EchoService {
  static final int PORT = Versions.ECHO_PORT;
  private static final Duration STARTUP = Duration.ofSeconds(60);

  private final GenericContainer<?> container;

  public EchoContainer(String image, Duration delay) {
    this(image, delay, Optional.empty());
  }

  /** The echo container, freezing on {@code stall}'s schedule when present. */
  public EchoContainer(String image, Duration delay, Optional<EchoStall> stall) {
    String runImage = EchoImage.resolve(image);
    // All interfaces inside the container (the jar binds 127.0.0.1 by default); the host
    // publishes the port on its loopback only.
    List<String> command = new ArrayList<>(List.of("--port", Integer.toString(PORT), "--host",
        "0.0.0.0", "--delay", Long.toString(delay.toMillis())));
    stall.ifPresent(s -> command.addAll(List.of("--stall", s.flag())));
    container = LoopbackPorts.on(new GenericContainer<>(DockerImageName.parse(runImage)))
        .withExposedPorts(PORT)
        .withCommand(command.toArray(String[]::new))
        .waitingFor(Wait.forLogMessage(".*Echo backend listening on port.*\\n", 1)
            .withStartupTimeout(STARTUP));
    try {
      container.start();
    } catch (RuntimeException e) {
      String logs = container.isCreated() ? BackendLogs.tail(container.getLogs(), 20)
          : "(container not created)";
      container.stop();
      throw new BackendException("echo backend container " + runImage + " did not start within "
          + STARTUP.toSeconds() + " s: " + e.getMessage() + "\nlog tail:\n" + logs, e);
    }
  }

  @Override
  public URI uri() {
    return URI.create("http://" + container.getHost() + ":" + container.getMappedPort(PORT) + "/");
  }

  @Override
  public void close() {
    container.stop();
  }
}
