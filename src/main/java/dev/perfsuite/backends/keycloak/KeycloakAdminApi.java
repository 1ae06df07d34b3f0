package dev.perfsuite.backends.keycloak;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.perfsuite.backends.BackendException;
import dev.perfsuite.backends.BackendLogs;
import dev.perfsuite.config.Secret;
import dev.perfsuite.config.Secrets;
import java.io.IOException;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;

/**
 * The few Admin REST calls that create the test realm, over plain {@code java.net.http}, so the
 * same code runs against the embedded and the containerised Keycloak.
 *
 * <p>Each call fetches a fresh master-realm token for the bootstrap admin ({@code admin-cli},
 * password grant): master tokens live 60 s, less than a large user import takes.
 */
final class KeycloakAdminApi {
  /** Users per {@code partialImport} call; each user costs one password hash on the server. */
  static final int USER_BATCH = 250;
  private static final Duration REQUEST_TIMEOUT = Duration.ofMinutes(5);

  private final HttpClient http = HttpClient.newBuilder()
      .connectTimeout(Duration.ofSeconds(10)).build();
  private final ObjectMapper json = new ObjectMapper();
  private final URI baseUrl;
  private final String adminUsername;
  private final Secret adminPassword;

  KeycloakAdminApi(URI baseUrl, String adminUsername, Secret adminPassword) {
    this.baseUrl = baseUrl;
    this.adminUsername = adminUsername;
    this.adminPassword = adminPassword;
  }

  /** Creates the realm with its clients, then imports its users in batches. */
  void createRealm(KeycloakRealm realm) {
    send("create realm " + realm.name(), "/admin/realms",
        realm.representation(json), 201);
    for (int from = 1; from <= realm.users(); from += USER_BATCH) {
      int to = Math.min(realm.users(), from + USER_BATCH - 1);
      ObjectNode partial = json.createObjectNode().put("ifResourceExists", "FAIL");
      partial.set("users", realm.users(json, from, to));
      send("import users " + from + ".." + to, "/admin/realms/" + realm.name() + "/partialImport",
          partial, 200);
    }
  }

  private void send(String what, String path, JsonNode body, int expected) {
    String token = adminToken();
    URI uri = URI.create(baseUrl + path);
    HttpResponse<String> response = exchange(what, HttpRequest.newBuilder(uri)
        .timeout(REQUEST_TIMEOUT)
        .header("Authorization", "Bearer " + token)
        .header("Content-Type", "application/json")
        .POST(HttpRequest.BodyPublishers.ofString(body.toString()))
        .build());
    if (response.statusCode() != expected) {
      throw failure(what, response);
    }
  }

  private String adminToken() {
    String form = "grant_type=password&client_id=admin-cli&username=" + encode(adminUsername)
        + "&password=" + encode(adminPassword.reveal());
    HttpResponse<String> response = exchange("admin token", HttpRequest.newBuilder(
            URI.create(baseUrl + "/realms/master/protocol/openid-connect/token"))
        .timeout(REQUEST_TIMEOUT)
        .header("Content-Type", "application/x-www-form-urlencoded")
        .POST(HttpRequest.BodyPublishers.ofString(form))
        .build());
    if (response.statusCode() != 200) {
      throw failure("admin token", response);
    }
    try {
      String token = json.readTree(response.body()).path("access_token").asText("");
      if (token.isEmpty()) {
        throw failure("admin token (no access_token)", response);
      }
      Secrets.registerGenerated(token);
      return token;
    } catch (IOException e) {
      throw new BackendException("Keycloak admin token response is not JSON: " + e.getMessage(), e);
    }
  }

  private HttpResponse<String> exchange(String what, HttpRequest request) {
    try {
      return http.send(request, HttpResponse.BodyHandlers.ofString());
    } catch (IOException e) {
      throw new BackendException("Keycloak Admin REST API call '" + what + "' to " + request.uri()
          + " failed: " + e, e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new BackendException("interrupted during Keycloak Admin REST call '" + what + "'", e);
    }
  }

  private static BackendException failure(String what, HttpResponse<String> response) {
    String body = response.body();
    if (body.length() > 2000) {
      body = body.substring(0, 2000) + "...";
    }
    return new BackendException("Keycloak Admin REST API call '" + what + "' answered "
        + response.statusCode() + ": " + BackendLogs.masked(body));
  }

  private static String encode(String value) {
    return URLEncoder.encode(value, StandardCharsets.UTF_8);
  }
}
