package dev.perfsuite.backends;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.net.StandardProtocolFamily;
import java.net.UnixDomainSocketAddress;
import java.nio.ByteBuffer;
import java.nio.channels.ServerSocketChannel;
import java.nio.channels.SocketChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class EnginePingTest {
  private static final Duration TIMEOUT = Duration.ofSeconds(2);

  @Test
  void shouldAnswerWhenTheSocketRepliesOkToPing(@TempDir Path dir) throws Exception {
    assertThat(pingAgainst(dir, "HTTP/1.1 200 OK\r\nApi-Version: 1.41\r\n\r\nOK"))
        .as("an engine that answers /_ping with 200").isTrue();
  }

  @Test
  void shouldNotAnswerWhenTheSocketRepliesAnError(@TempDir Path dir) throws Exception {
    assertThat(pingAgainst(dir, "HTTP/1.1 500 Internal Server Error\r\n\r\n"))
        .as("a 500 is no answering engine").isFalse();
  }

  @Test
  void shouldNotAnswerWithoutASocket(@TempDir Path dir) {
    assertThat(EnginePing.answers("unix://" + dir.resolve("none.sock"), TIMEOUT))
        .as("no socket").isFalse();
    assertThat(EnginePing.answers("tcp://127.0.0.1:1", TIMEOUT)).as("connection refused")
        .isFalse();
  }

  private static boolean pingAgainst(Path dir, String reply) throws Exception {
    Path socket = dir.resolve("docker.sock");
    try (ServerSocketChannel server = ServerSocketChannel.open(StandardProtocolFamily.UNIX)) {
      server.bind(UnixDomainSocketAddress.of(socket));
      Thread engine = new Thread(() -> {
        try (SocketChannel client = server.accept()) {
          client.read(ByteBuffer.allocate(256));
          client.write(ByteBuffer.wrap(reply.getBytes(StandardCharsets.US_ASCII)));
        } catch (IOException e) {
          // The test's assertion reports it.
        }
      });
      engine.start();
      boolean answers = EnginePing.answers("unix://" + socket, TIMEOUT);
      engine.join(TIMEOUT.toMillis());
      return answers;
    }
  }
}
