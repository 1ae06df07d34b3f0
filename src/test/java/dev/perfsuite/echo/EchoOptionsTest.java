package dev.perfsuite.echo;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

import java.time.Duration;
import org.junit.jupiter.api.Test;

class EchoOptionsTest {

  @Test
  void shouldReturnNewInstanceWhenChangingAnOption() {
    EchoOptions defaults = EchoOptions.defaults();

    EchoOptions changed = defaults.withHost("127.0.0.1").withPort(0).withBossThreads(2)
        .withWorkerThreads(4)
        .withDelay(Duration.ofMillis(5)).withMaxContentLength(10);

    assertThat(changed).as("changed options")
        .isEqualTo(new EchoOptions("127.0.0.1", 0, 2, 4, Duration.ofMillis(5), 10));
    assertThat(defaults).as("defaults untouched").isEqualTo(EchoOptions.defaults());
  }

  @Test
  void shouldRejectOutOfRangeValues() {
    EchoOptions defaults = EchoOptions.defaults();

    assertThatIllegalArgumentException().as("port 65536")
        .isThrownBy(() -> defaults.withPort(65_536))
        .withMessageContaining("port");
    assertThatIllegalArgumentException().as("0 boss threads")
        .isThrownBy(() -> defaults.withBossThreads(0))
        .withMessageContaining("bossThreads");
    assertThatIllegalArgumentException().as("0 worker threads")
        .isThrownBy(() -> defaults.withWorkerThreads(0))
        .withMessageContaining("workerThreads");
    assertThatIllegalArgumentException().as("negative delay")
        .isThrownBy(() -> defaults.withDelay(Duration.ofMillis(-1))).withMessageContaining("delay");
    assertThatIllegalArgumentException().as("0-byte limit")
        .isThrownBy(() -> defaults.withMaxContentLength(0))
        .withMessageContaining("maxContentLength");
    assertThatIllegalArgumentException().as("blank host").isThrownBy(() -> defaults.withHost(" "))
        .withMessageContaining("host");
  }
}
