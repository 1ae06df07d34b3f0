package dev.perfsuite.backends;

import static org.assertj.core.api.Assertions.assertThat;

import dev.perfsuite.backends.DockerProbe.State;
import java.io.UncheckedIOException;
import java.net.ConnectException;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.Test;

class DockerProbeTest {
  private static final String WHERE = "unix:///var/run/docker.sock";

  @Test
  void shouldCallALinkageErrorABrokenClientWithoutAskingTheEngine() {
    AtomicBoolean asked = new AtomicBoolean();
    DockerProbe probe = DockerProbe.classify(new IllegalStateException("client failed",
            new NoSuchFieldError("READ_UNKNOWN_ENUM_VALUES_USING_DEFAULT_VALUE")), WHERE,
        () -> asked.getAndSet(true));
    assertThat(probe.state()).as("state").isEqualTo(State.BROKEN);
    assertThat(probe.detail()).as("detail names the innermost linkage error and the address")
        .contains("NoSuchFieldError: READ_UNKNOWN_ENUM_VALUES_USING_DEFAULT_VALUE", WHERE);
    assertThat(asked).as("the engine is not asked").isFalse();
  }

  @Test
  void shouldCallAFailureWhereNothingAnswersAnAbsentEngine() {
    DockerProbe probe = DockerProbe.classify(new UncheckedIOException(
        new ConnectException("Connection refused")), WHERE, () -> false);
    assertThat(probe.state()).as("state").isEqualTo(State.ABSENT);
    assertThat(probe.answers()).as("answers").isFalse();
    assertThat(probe.detail()).as("detail").contains(WHERE, "Connection refused");
  }

  @Test
  void shouldCallAFailureWhileTheEngineAnswersPingABrokenClient() {
    DockerProbe probe = DockerProbe.classify(new IllegalStateException(
        "Could not find a valid Docker environment. Please see logs and check configuration"),
        WHERE, () -> true);
    assertThat(probe.state()).as("state: the client failed on an engine that answers")
        .isEqualTo(State.BROKEN);
    assertThat(probe.detail()).as("detail, first sentence only")
        .contains("answers GET /_ping", "Could not find a valid Docker environment")
        .doesNotContain("Please see logs");
  }

  @Test
  void shouldCallAnEngineThatAnsweredAnswering() {
    assertThat(DockerProbe.answering().answers()).as("answers").isTrue();
  }
}
