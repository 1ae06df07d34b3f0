package dev.perfsuite.scenarios.wso2;

import static org.assertj.core.api.Assertions.assertThat;

import com.github.tomakehurst.wiremock.verification.LoggedRequest;
import dev.perfsuite.engines.Engines;
import dev.perfsuite.profiles.LoadProfile;
import dev.perfsuite.profiles.Profiles;
import dev.perfsuite.scenarios.CapturingStubs;
import dev.perfsuite.scenarios.ReferenceRequests;
import dev.perfsuite.scenarios.ReferenceRequests.Sent;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.Base64;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The gateway request matches apim-test.jmx (row {@code wso2.gateway-echo} of
 * {@link ReferenceRequests}): method, path, headers, body shape; each user its own JWT.
 */
class GatewayFidelityIT {
  @TempDir
  Path results;

  @Test
  void shouldSendTheWso2GatewayRequestShapeWithOneTokenPerUser() {
    int users = 3;
    LoadProfile once = Profiles.smoke().withUsers(users).withIterations(2)
        .withWarmUp(Duration.ZERO);
    try (CapturingStubs stubs = CapturingStubs.start()) {
      List<String> tokens = GatewayJwt.generate().tokensFor(users, Instant.now());
      Engines.embedded(results, Duration.ofSeconds(2), Duration.ofSeconds(5))
          .run(GatewayJourney.plan(stubs.base(), users, 1024, tokens, once));

      List<LoggedRequest> requests = stubs.requests();
      assertThat(requests).as("2 iterations of 3 users").hasSize(6);
      Set<String> sentTokens = new HashSet<>();
      for (LoggedRequest request : requests) {
        ReferenceRequests.table().row("wso2.gateway-echo").check(Sent.of(request),
            Map.of("size", "1024B"));
        String token = request.getHeader("Authorization").substring("Bearer ".length());
        sentTokens.add(token);
        String header = new String(Base64.getUrlDecoder().decode(token.split("\\.")[0]),
            StandardCharsets.UTF_8);
        assertThat(header).as("RS256 access token header").contains("\"alg\":\"RS256\"");
        assertThat(request.getBody()).as("exactly 1 KiB").hasSize(1024);
      }
      assertThat(sentTokens).as("one JWT per user, each user its own")
          .containsExactlyInAnyOrderElementsOf(tokens);
    }
  }
}
