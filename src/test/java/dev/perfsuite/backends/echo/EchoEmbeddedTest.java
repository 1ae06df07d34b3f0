package dev.perfsuite.backends.echo;

import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.perfsuite.backends.BackendException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.time.Duration;
import org.junit.jupiter.api.Test;

class EchoEmbeddedTest {

  @Test
  void shouldFailFastNamingTheKeyWhenThePortIsTaken() throws Exception {
    try (ServerSocket taken = new ServerSocket(0, 50, InetAddress.getLoopbackAddress())) {
      assertThatThrownBy(() -> new EchoEmbedded(taken.getLocalPort(), Duration.ZERO))
          .isInstanceOf(BackendException.class)
          .hasMessageContaining("127.0.0.1:" + taken.getLocalPort())
          .hasMessageContaining("perf.echo.port=0");
    }
  }
}
