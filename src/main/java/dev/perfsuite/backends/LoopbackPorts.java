package dev.perfsuite.backends;

import com.github.dockerjava.api.command.CreateContainerCmd;
import com.github.dockerjava.api.model.ExposedPort;
import com.github.dockerjava.api.model.HostConfig;
import com.github.dockerjava.api.model.Ports;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.util.function.Consumer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.testcontainers.DockerClientFactory;
import org.testcontainers.containers.GenericContainer;

/**
 * Publishes a container's ports on the Docker host's loopback address only, not on every
 * interface as Testcontainers does by default.
 *
 * <p>Without it, WireMock's unauthenticated {@code /__admin} and the other backends' ports are
 * open to the Docker host's whole network. Host ports stay random, so
 * {@code getMappedPort} works as before. Applied only when the Docker host is this machine
 * (a Unix socket or a loopback address): the ports of a remote Docker host on its loopback
 * would be out of this JVM's reach, so those keep Testcontainers' mapping, said in one line.
 */
public final class LoopbackPorts {
  /** The address the ports are published on. */
  public static final String LOOPBACK = "127.0.0.1";
  private static final Logger LOG = LoggerFactory.getLogger(LoopbackPorts.class);

  private LoopbackPorts() {
  }

  /** {@code container}, its exposed ports to be published on loopback when it is created. */
  public static <T extends GenericContainer<?>> T on(T container) {
    String host;
    try {
      host = DockerClientFactory.instance().dockerHostIpAddress();
    } catch (RuntimeException e) {
      // No Docker client yet: the start will say why; loopback stays the safe mapping.
      host = LOOPBACK;
    }
    if (!isLoopback(host)) {
      LOG.info("Docker host {} is not this machine: container ports are published as "
          + "Testcontainers does (every interface of that host)", host);
      return container;
    }
    container.withCreateContainerCmdModifier(bindings());
    return container;
  }

  /** Binds every exposed port of the command to a random port on {@value #LOOPBACK}. */
  static Consumer<CreateContainerCmd> bindings() {
    return command -> {
      ExposedPort[] exposed = command.getExposedPorts();
      if (exposed == null || exposed.length == 0) {
        return;
      }
      Ports ports = new Ports();
      for (ExposedPort port : exposed) {
        ports.bind(port, Ports.Binding.bindIp(LOOPBACK));
      }
      HostConfig config = command.getHostConfig() == null ? HostConfig.newHostConfig()
          : command.getHostConfig();
      // Publish-all would add a wildcard binding beside ours.
      command.withHostConfig(config.withPortBindings(ports).withPublishAllPorts(false));
    };
  }

  private static boolean isLoopback(String host) {
    try {
      return InetAddress.getByName(host).isLoopbackAddress();
    } catch (UnknownHostException e) {
      return false;
    }
  }
}
