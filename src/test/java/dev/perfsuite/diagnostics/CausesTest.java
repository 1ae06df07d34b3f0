package dev.perfsuite.diagnostics;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.net.ConnectException;
import org.junit.jupiter.api.Test;

class CausesTest {

  @Test
  void shouldNameTheInnermostCauseAfterTheOwnMessage() {
    Exception failure = new IllegalStateException("engine cannot be reached",
        new IOException("wrapped", new ConnectException("Connection refused")));

    assertThat(Causes.rootMessage(failure)).as("own message, then the root cause")
        .isEqualTo("engine cannot be reached (cause: ConnectException: Connection refused)");
  }

  @Test
  void shouldUseTheTypeWhenTheFailureHasNoMessageAndNoCause() {
    assertThat(Causes.rootMessage(new NullPointerException())).as("no message, no cause")
        .isEqualTo("NullPointerException");
  }

  @Test
  void shouldKeepTheLastLinesOfOutput() {
    assertThat(OutputTail.last("a\nb\r\nc\nd", 2)).as("last two lines").isEqualTo("c\nd");
    assertThat(OutputTail.last("", 5)).as("empty output").isEqualTo("(output empty)");
  }
}
