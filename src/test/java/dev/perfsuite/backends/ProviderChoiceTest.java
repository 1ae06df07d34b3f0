package dev.perfsuite.backends;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.perfsuite.config.settings.BackendMode;
import org.junit.jupiter.api.Test;

class ProviderChoiceTest {

  @Test
  void shouldUseTestcontainersWhenAutoAndDockerAnswers() {
    ProviderChoice choice = ProviderChoice.resolve(BackendMode.AUTO, () -> true);
    assertThat(choice.provider()).as("provider").isEqualTo(Provider.TESTCONTAINERS);
    assertThat(choice.reason()).as("reason").contains("Docker engine answers");
  }

  @Test
  void shouldFallBackToEmbeddedWhenAutoAndNoDocker() {
    ProviderChoice choice = ProviderChoice.resolve(BackendMode.AUTO, () -> false);
    assertThat(choice.provider()).as("provider").isEqualTo(Provider.EMBEDDED);
    assertThat(choice.reason()).as("reason").contains("no Docker engine answers");
  }

  @Test
  void shouldFailFastWhenTestcontainersForcedWithoutDocker() {
    assertThatThrownBy(() -> ProviderChoice.resolve(BackendMode.TESTCONTAINERS, () -> false))
        .isInstanceOf(BackendException.class)
        .hasMessageContaining("perf.backends=testcontainers")
        .hasMessageContaining("Fix:");
  }

  @Test
  void shouldNeverAskDockerWhenEmbeddedForced() {
    ProviderChoice choice = ProviderChoice.resolve(BackendMode.EMBEDDED, () -> {
      throw new AssertionError("Docker must not be probed");
    });
    assertThat(choice.provider()).as("provider").isEqualTo(Provider.EMBEDDED);
  }
}
