package dev.perfsuite.engines;

import static org.assertj.core.api.Assertions.assertThat;
import static us.abstracta.jmeter.javadsl.JmeterDsl.httpSampler;
import static us.abstracta.jmeter.javadsl.JmeterDsl.responseAssertion;

import dev.perfsuite.echo.EchoBackend;
import dev.perfsuite.echo.EchoOptions;
import dev.perfsuite.profiles.LoadProfile;
import dev.perfsuite.profiles.Profiles;
import dev.perfsuite.results.LabelSummary;
import dev.perfsuite.results.Phase;
import dev.perfsuite.users.UserConnections;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import us.abstracta.jmeter.javadsl.core.assertions.DslResponseAssertion.TargetField;

/**
 * {@code perf.users.connections}: users keep their connection, or open one per request, which
 * the echo backend confirms by answering {@code Connection: close} to exactly those requests.
 */
class UserConnectionsIT {
  @TempDir
  Path results;

  @Test
  void shouldCloseTheConnectionAfterEveryRequestWhenAskedPerRequest() {
    LabelSummary perRequest = run(UserConnections.PER_REQUEST);
    assertThat(perRequest.samples()).as("samples").isEqualTo(10);
    assertThat(perRequest.errors()).as("requests answered without Connection: close")
        .isZero();
  }

  @Test
  void shouldKeepConnectionsAliveByDefault() {
    LabelSummary kept = run(UserConnections.PER_USER);
    assertThat(kept.samples()).as("samples").isEqualTo(10);
    assertThat(kept.errors()).as("requests answered without Connection: close").isEqualTo(10);
  }

  private LabelSummary run(UserConnections connections) {
    try (EchoBackend echo = EchoBackend.start(EchoOptions.defaults().withHost("127.0.0.1")
        .withPort(0))) {
      LoadProfile profile = Profiles.smoke().withUsers(2).withRampUp(Duration.ZERO)
          .withWarmUp(Duration.ZERO).withIterations(5).withConnections(connections);
      return Engines.embedded(results, Duration.ofSeconds(2), Duration.ofSeconds(5))
          .run(LoadPlan.of("connections-" + connections.name().toLowerCase(), profile,
              httpSampler("GET echo", echo.uri().toString()).children(responseAssertion()
                  .fieldToTest(TargetField.RESPONSE_HEADERS)
                  .containsRegexes("(?i)connection: close"))))
          .overall(Phase.MEASUREMENT);
    }
  }
}
