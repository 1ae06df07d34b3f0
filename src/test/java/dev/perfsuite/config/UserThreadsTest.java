package dev.perfsuite.config;

import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.perfsuite.users.UserThreads;
import java.util.Map;
import org.assertj.core.api.Assertions;
import org.junit.jupiter.api.Test;

/** {@code perf.users.threads} is checked with the other keys, before any load. */
class UserThreadsTest {

  private static PerfConfig with(String value) {
    return PerfConfig.from(new ConfigSource(Map.of("perf.users.threads", value), Map.of(),
        Map.of()));
  }

  @Test
  void shouldNameKeyValueAndChoicesWhenUserThreadsIsBad() {
    assertThatThrownBy(() -> with("green"))
        .isInstanceOf(ConfigException.class)
        .hasMessageContaining("'green' for perf.users.threads")
        .hasMessageContaining("one of auto, loop, virtual, platform");
  }

  @Test
  void shouldRefuseVirtualThreadsOnlyWhereTheJavaHasNone() {
    if (Runtime.version().feature() < UserThreads.FIRST_VIRTUAL_JAVA) {
      assertThatThrownBy(() -> with("virtual")).isInstanceOf(ConfigException.class)
          .hasMessageContaining("perf.users.threads=virtual needs Java 21+")
          .hasMessageContaining("Fix:");
    } else {
      assertThatCode(() -> with("virtual")).doesNotThrowAnyException();
    }
    assertThatCode(() -> with("platform")).doesNotThrowAnyException();
    Assertions.assertThat(with("platform").profile().userThreads())
        .as("the profile carries the choice to the thread groups")
        .isEqualTo(UserThreads.PLATFORM);
    assertThatCode(() -> with("auto")).doesNotThrowAnyException();
  }
}
