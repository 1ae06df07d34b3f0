package dev.perfsuite.scenarios.sunbird.content;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.perfsuite.backends.keycloak.KeycloakEndpoint;
import dev.perfsuite.config.Secret;
import dev.perfsuite.config.Secrets;
import dev.perfsuite.junit.PerfSession;
import java.io.IOException;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * The bearer token the Sunbird scenarios send as {@code Authorization: Bearer <token>}: a real
 * access token from a password grant of the public {@code sunbird-direct} client (Sunbird's
 * generate-token API, seed 001), fetched once per JVM before the first run.
 *
 * <p>The reference scripts read a ready-made {@code Bearer eyJ...} line from {@code bearer.csv}.
 * The token is registered with {@link Secrets#registerGenerated(String)}, so every result writer
 * masks it, and it is only ever held as a {@link Secret}.
 *
 * <p>Trap: the token is not refreshed. Keycloak's default access-token lifespan is 5 minutes,
 * which the local stubs ignore; a full-scale run against a real gateway that checks expiry needs a
 * realm whose lifespan exceeds the run.
 */
final class SunbirdBearer {
  private static final ObjectMapper JSON = new ObjectMapper();
  private static Secret cached;

  private SunbirdBearer() {
  }

  /** The run's token, fetched from {@code perf.keycloak()} on first use. */
  static synchronized Secret of(PerfSession perf) {
    if (cached == null) {
      cached = fetch(perf.keycloak());
    }
    return cached;
  }

  /**
   * A password grant for the realm's first user.
   *
   * @throws IllegalStateException with Keycloak's status and error, never the password or token
   */
  static Secret fetch(KeycloakEndpoint keycloak) {
    Map<String, String> form = new LinkedHashMap<>();
    form.put("grant_type", "password");
    form.put("client_id", keycloak.directClientId());
    form.put("username", keycloak.username(1));
    form.put("password", keycloak.userPassword().reveal());
    HttpRequest request = HttpRequest.newBuilder(keycloak.tokenUrl())
        .timeout(Duration.ofSeconds(30))
        .header("Content-Type", "application/x-www-form-urlencoded")
        .POST(HttpRequest.BodyPublishers.ofString(form.entrySet().stream()
            .map(e -> encode(e.getKey()) + "=" + encode(e.getValue()))
            .collect(Collectors.joining("&"))))
        .build();
    try {
      HttpResponse<String> response = HttpClient.newBuilder()
          .connectTimeout(Duration.ofSeconds(10)).build()
          .send(request, HttpResponse.BodyHandlers.ofString());
      JsonNode body = JSON.readTree(response.body());
      String token = body.path("access_token").asText("");
      if (response.statusCode() != 200 || token.isEmpty()) {
        throw new IllegalStateException("password grant of client '" + keycloak.directClientId()
            + "' at " + keycloak.tokenUrl() + " answered " + response.statusCode() + " "
            + body.path("error").asText("") + " " + body.path("error_description").asText(""));
      }
      Secrets.registerGenerated(token);
      return new Secret("sunbird bearer token", token);
    } catch (IOException e) {
      throw new IllegalStateException("password grant at " + keycloak.tokenUrl() + " failed: "
          + e.getMessage(), e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("interrupted while fetching the Sunbird bearer token", e);
    }
  }

  private static String encode(String value) {
    return URLEncoder.encode(value, StandardCharsets.UTF_8);
  }
}
