package dev.perfsuite.engines.remote;

import static org.assertj.core.api.Assertions.assertThat;

import java.lang.reflect.Field;
import org.apache.jmeter.engine.RemoteJMeterEngine;
import org.junit.jupiter.api.Test;

class TokenClientTest {
  @Test
  void shouldFindTheClientEnginesStubFieldOfThePinnedJmeter() {
    Field remote = TokenClient.remoteField();

    assertThat(remote.getType()).as("ClientJMeterEngine.remote's type")
        .isEqualTo(RemoteJMeterEngine.class);
  }

  @Test
  void shouldNeverShowTheTokensValue() {
    RunToken token = RunToken.fresh();

    assertThat(token.toString()).as("a token as text").doesNotContain(token.value());
    assertThat(token.value()).as("128 random bits, Base64 without padding").hasSize(22);
    assertThat(RunToken.fresh().value()).as("a second run's token").isNotEqualTo(token.value());
  }
}
