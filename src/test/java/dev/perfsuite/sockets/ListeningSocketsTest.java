package dev.perfsuite.sockets;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** Lines of /proc/net/tcp and tcp6 read as the kernel writes them. */
class ListeningSocketsTest {

  @Test
  void shouldReadLoopbackAndWildcardListenersOfBothFamiliesAndSkipConnections() {
    assertThat(ListeningSockets.parse("0: 0100007F:1F90 00000000:0000 0A 00000000:00000000 "
        + "00:00000000 00000000  1000        0 1 1 0 100 0 0 10 0").orElseThrow())
        .as("IPv4 loopback listener").hasToString("127.0.0.1:8080")
        .matches(l -> !l.wildcard(), "not a wildcard");
    assertThat(ListeningSockets.parse("1: 00000000:0CEA 00000000:0000 0A 0 0 0").orElseThrow())
        .as("IPv4 wildcard listener").hasToString("0.0.0.0:3306")
        .matches(ListeningSockets.Listener::wildcard, "a wildcard");
    assertThat(ListeningSockets.parse("2: 00000000000000000000000001000000:24C8 "
        + "00000000000000000000000000000000:0000 0A 0 0 0").orElseThrow())
        .as("IPv6 loopback listener").hasToString("[0:0:0:0:0:0:0:1]:9416");
    assertThat(ListeningSockets.parse("3: 00000000000000000000000000000000:24C8 "
        + "00000000000000000000000000000000:0000 0A 0 0 0").orElseThrow())
        .as("IPv6 wildcard listener").matches(ListeningSockets.Listener::wildcard, "a wildcard");
    assertThat(ListeningSockets.parse("4: 0100007F:1F90 0100007F:D2F0 01 0 0 0"))
        .as("an established connection").isEmpty();
    assertThat(ListeningSockets.parse("sl  local_address rem_address   st tx_queue"))
        .as("the header line").isEmpty();
  }
}
