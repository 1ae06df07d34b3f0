package dev.perfsuite.engines.remote;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.UnknownHostException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * {@code dns:NAME:PORT} engines: every address of the name, sorted, waited for up to the wait,
 * failing with how many answered and which did not. The name resolves through a stub resolver
 * to loopback addresses, one of them listening.
 */
class EngineDiscoveryTest {
  private ServerSocket engineOnTwo;
  private int port;

  @BeforeEach
  void listenOn127002() throws IOException {
    engineOnTwo = new ServerSocket();
    engineOnTwo.bind(new InetSocketAddress("127.0.0.2", 0));
    port = engineOnTwo.getLocalPort();
  }

  @AfterEach
  void close() throws IOException {
    engineOnTwo.close();
  }

  private static InetAddress[] twoAddresses(String name) throws UnknownHostException {
    if (!name.equals("engines.perf.test")) {
      throw new UnknownHostException(name);
    }
    return new InetAddress[] {InetAddress.getByName("127.0.0.3"),
        InetAddress.getByName("127.0.0.2")};
  }

  private EngineDiscovery discovery(String name, int expected, Duration wait) {
    return new EngineDiscovery(List.of("dns:" + name + ":" + port), expected, wait,
        EngineDiscoveryTest::twoAddresses);
  }

  @Test
  void shouldTakeEveryAddressOfTheNameInAddressOrder() {
    List<String> engines = discovery("engines.perf.test", 0, Duration.ZERO).resolve();

    assertThat(engines).as("both addresses, sorted, with the port")
        .containsExactly("127.0.0.2:" + port, "127.0.0.3:" + port);
  }

  @Test
  void shouldFailNamingHowManyAnsweredAndWhichDidNotWhenFewerThanExpected() {
    assertThatThrownBy(() -> discovery("engines.perf.test", 2, Duration.ofSeconds(2)).resolve())
        .as("one engine of the two listens")
        .hasMessageContaining("1 of 2 engines answered within perf.remotes.wait=2s")
        .hasMessageContaining("answered: 127.0.0.2:" + port)
        .hasMessageContaining("did not answer: 127.0.0.3:" + port)
        .hasMessageContaining("Fix:");
  }

  @Test
  void shouldWaitUntilTheExpectedEnginesAnswer() throws Exception {
    AtomicInteger lookups = new AtomicInteger();
    List<ServerSocket> late = new ArrayList<>();
    EngineDiscovery.Resolver secondComesUpAfterTheFirstLook = name -> {
      if (lookups.incrementAndGet() == 2) {
        late.add(listenOn("127.0.0.3"));
      }
      return twoAddresses(name);
    };
    try {
      List<String> engines = new EngineDiscovery(List.of("dns:engines.perf.test:" + port), 2,
          Duration.ofSeconds(20), secondComesUpAfterTheFirstLook).resolve();

      assertThat(engines).as("both, once the second listens")
          .containsExactly("127.0.0.2:" + port, "127.0.0.3:" + port);
      assertThat(lookups).as("looks at the name: one without the second engine, one with it")
          .hasValue(2);
    } finally {
      for (ServerSocket socket : late) {
        socket.close();
      }
    }
  }

  private ServerSocket listenOn(String address) {
    try {
      ServerSocket socket = new ServerSocket();
      socket.bind(new InetSocketAddress(address, port));
      return socket;
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  @Test
  void shouldNameAnEntryWhoseNameDoesNotResolve() {
    assertThatThrownBy(() -> discovery("nobody.perf.test", 1, Duration.ZERO).resolve())
        .hasMessageContaining("0 of 1 engines answered")
        .hasMessageContaining("dns:nobody.perf.test:" + port + " (the name does not resolve");
  }
}
