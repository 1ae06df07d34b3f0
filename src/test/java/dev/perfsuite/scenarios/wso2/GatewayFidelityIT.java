package dev.perfsuite.scenarios.wso2;

import static org.assertj.core.api.Assertions.assertThat;

import com.github.tomakehurst.wiremock.verification.LoggedRequest;
import dev.perfsuite.engines.Engines;
import dev.perfsuite.profiles.LoadProfile;
import dev.perfsuite.profiles.Profiles;
import dev.perfsuite.scenarios.CapturingStubs;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.Base64;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The gateway request matches apim-test.jmx (seed-systems §B.1): method, path, headers, body. */
class GatewayFidelityIT {
  @TempDir
  Path results;

  @Test
  void shouldSendTheWso2GatewayRequestShape() {
    LoadProfile once = Profiles.smoke().withUsers(1).withIterations(1).withWarmUp(Duration.ZERO);
    try (CapturingStubs stubs = CapturingStubs.start()) {
      GatewayJwt jwt = GatewayJwt.generate();
      Engines.embedded(results, Duration.ofSeconds(2), Duration.ofSeconds(5))
          .run(GatewayJourney.plan(stubs.base(), 1, 1024, jwt.token(Instant.now()), once));

      List<LoggedRequest> requests = stubs.requests();
      assertThat(requests).as("one request per iteration").hasSize(1);
      LoggedRequest request = requests.get(0);
      assertThat(request.getMethod().getName()).as("method").isEqualTo("POST");
      assertThat(request.getUrl()).as("WSO2 passthrough API context").isEqualTo("/echo/1.0.0");
      assertThat(request.getHeader("Content-Type")).as("content type")
          .startsWith("application/json");
      String authorization = request.getHeader("Authorization");
      assertThat(authorization).as("bearer JWT").startsWith("Bearer ");
      String header = new String(Base64.getUrlDecoder().decode(
          authorization.substring(7).split("\\.")[0]), StandardCharsets.UTF_8);
      assertThat(header).as("RS256 access token header").contains("\"alg\":\"RS256\"");
      assertThat(request.getBody()).as("exactly 1 KiB in ARRAY form").hasSize(1024);
      assertThat(request.getBodyAsString()).as("size marker")
          .startsWith("{\"size\":\"1024B\",\"payload\":[\"0123456789\"");
    }
  }
}
