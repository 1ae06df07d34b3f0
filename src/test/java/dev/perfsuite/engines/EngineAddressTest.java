package dev.perfsuite.engines;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

/** {@code host:port} read once for the controller and the engine side. */
class EngineAddressTest {

  @Test
  void shouldSplitHostAndPortAtTheLastColon() {
    EngineAddress address = EngineAddress.parse("10.0.0.7:1099");

    assertThat(address.host()).as("host").isEqualTo("10.0.0.7");
    assertThat(address.port()).as("port").isEqualTo(1099);
    assertThat(address).as("written back as perf.remotes writes it")
        .hasToString("10.0.0.7:1099");
    assertThat(EngineAddress.parse("::1:1100").host()).as("an IPv6 literal keeps its colons")
        .isEqualTo("::1");
  }

  @Test
  void shouldRefuseTextThatIsNotHostColonPortNamingIt() {
    for (String bad : new String[] {"engine", ":1099", "engine:", "engine:port"}) {
      assertThatThrownBy(() -> EngineAddress.parse(bad)).as("'%s'", bad)
          .isInstanceOf(IllegalArgumentException.class)
          .hasMessageContaining("'" + bad + "' is not host:port");
    }
  }

  @Test
  void shouldRefuseAPortOutOfRange() {
    assertThatThrownBy(() -> EngineAddress.parse("engine:0")).as("port 0")
        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("1-65535");
    assertThatThrownBy(() -> EngineAddress.parse("engine:65536")).as("port 65536")
        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("1-65535");
  }

  @Test
  void shouldGiveTheSocketAddressToConnectTo() {
    assertThat(EngineAddress.parse("127.0.0.1:1099").socketAddress().getPort())
        .as("socket port").isEqualTo(1099);
  }
}
