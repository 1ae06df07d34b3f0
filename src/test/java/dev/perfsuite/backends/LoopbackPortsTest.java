package dev.perfsuite.backends;

import static org.assertj.core.api.Assertions.assertThat;

import com.github.dockerjava.api.command.CreateContainerCmd;
import com.github.dockerjava.api.model.ExposedPort;
import com.github.dockerjava.api.model.HostConfig;
import com.github.dockerjava.api.model.Ports;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.testcontainers.shaded.com.github.dockerjava.core.command.CreateContainerCmdImpl;

/**
 * Containers publish their ports on the Docker host's loopback only, as the create command
 * Testcontainers sends shows (no Docker engine needed).
 */
class LoopbackPortsTest {

  @Test
  void shouldPublishEveryExposedPortOnLoopbackWithARandomHostPortAndNoPublishAll() {
    // As Testcontainers leaves the command before its modifiers: ports exposed, publish-all on.
    CreateContainerCmd command = new CreateContainerCmdImpl(sent -> null, null, "wiremock")
        .withExposedPorts(ExposedPort.tcp(8080), ExposedPort.tcp(8443))
        .withHostConfig(HostConfig.newHostConfig().withPublishAllPorts(true));

    LoopbackPorts.bindings().accept(command);

    HostConfig config = command.getHostConfig();
    assertThat(config.getPublishAllPorts()).as("publish-all (binds every interface)").isFalse();
    Map<ExposedPort, Ports.Binding[]> bindings = config.getPortBindings().getBindings();
    assertThat(bindings).as("bindings of both exposed ports")
        .containsOnlyKeys(ExposedPort.tcp(8080), ExposedPort.tcp(8443));
    bindings.forEach((port, binding) -> assertThat(binding)
        .as("binding of %s", port).singleElement().satisfies(b -> {
          assertThat(b.getHostIp()).as("host address of %s", port).isEqualTo("127.0.0.1");
          assertThat(b.getHostPortSpec()).as("host port of %s (random)", port).isNull();
        }));
  }
}
