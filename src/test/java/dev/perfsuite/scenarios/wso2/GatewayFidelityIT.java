package dev.perfsuite.scenarios.wso2;

import static org.assertj.core.api.Assertions.assertThat;

import com.github.tomakehurst.wiremock.verification.LoggedRequest;
import dev.perfsuite.scenarios.FidelityHarness;
import dev.perfsuite.scenarios.ReferenceRequests;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.Base64;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * The gateway request matches apim-test.jmx (row {@code wso2.gateway-echo} of
 * {@link ReferenceRequests}): method, path, headers, body shape; each user its own JWT.
 */
class GatewayFidelityIT {
  @RegisterExtension
  static final FidelityHarness HARNESS = FidelityHarness.stubs();

  @Test
  void shouldSendTheWso2GatewayRequestShapeWithOneTokenPerUser() {
    int users = 3;
    List<String> tokens = GatewayJwt.generate().tokensFor(users, Instant.now());
    // No stub answers the echo: what was sent is checked, not the answers.
    List<LoggedRequest> requests = HARNESS.capture(GatewayJourney.plan(HARNESS.base(), users,
        1024, tokens, FidelityHarness.times(users, 2)));

    assertThat(requests).as("2 iterations of 3 users").hasSize(6);
    Set<String> sentTokens = new HashSet<>();
    for (LoggedRequest request : requests) {
      FidelityHarness.check("wso2.gateway-echo", request, Map.of("size", "1024B"));
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
