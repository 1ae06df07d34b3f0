package dev.perfsuite.backends;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.perfsuite.config.settings.BackendMode;
import org.junit.jupiter.api.Test;

class ProviderChoiceTest {
  private static final DockerProbe ABSENT = DockerProbe.classify(
      new IllegalStateException("Could not find a valid Docker environment. Please see logs"),
      "unix:///var/run/docker.sock", () -> false);
  private static final DockerProbe BROKEN = DockerProbe.classify(
      new NoSuchFieldError("READ_UNKNOWN_ENUM_VALUES_USING_DEFAULT_VALUE"),
      "unix:///var/run/docker.sock", () -> true);

  @Test
  void shouldUseTestcontainersWhenAutoAndDockerAnswers() {
    ProviderChoice choice = ProviderChoice.resolve(BackendMode.AUTO, DockerProbe::answering);
    assertThat(choice.provider()).as("provider").isEqualTo(Provider.TESTCONTAINERS);
    assertThat(choice.reason()).as("reason").contains("Docker engine answers");
  }

  @Test
  void shouldFallBackToEmbeddedWhenAutoAndNoDocker() {
    ProviderChoice choice = ProviderChoice.resolve(BackendMode.AUTO, () -> ABSENT);
    assertThat(choice.provider()).as("provider").isEqualTo(Provider.EMBEDDED);
    assertThat(choice.reason()).as("reason")
        .contains("no Docker engine answers", "unix:///var/run/docker.sock");
  }

  @Test
  void shouldFailUnderAutoWhenTheDockerClientIsBroken() {
    assertThatThrownBy(() -> ProviderChoice.resolve(BackendMode.AUTO, () -> BROKEN))
        .as("a class path defect is not a missing engine: no quiet fall-back")
        .isInstanceOf(BackendException.class)
        .hasMessageContaining("perf.backends=auto")
        .hasMessageContaining("NoSuchFieldError: READ_UNKNOWN_ENUM_VALUES_USING_DEFAULT_VALUE")
        .hasMessageContaining("Fix:")
        .hasMessageContaining("mvn dependency:tree");
  }

  @Test
  void shouldFailWhenTestcontainersForcedAndTheDockerClientIsBroken() {
    assertThatThrownBy(() -> ProviderChoice.resolve(BackendMode.TESTCONTAINERS, () -> BROKEN))
        .isInstanceOf(BackendException.class)
        .hasMessageContaining("perf.backends=testcontainers")
        .hasMessageContaining("Docker client cannot work");
  }

  @Test
  void shouldFailFastWhenTestcontainersForcedWithoutDocker() {
    assertThatThrownBy(() -> ProviderChoice.resolve(BackendMode.TESTCONTAINERS, () -> ABSENT))
        .isInstanceOf(BackendException.class)
        .hasMessageContaining("perf.backends=testcontainers")
        .hasMessageContaining("no Docker engine answers")
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
