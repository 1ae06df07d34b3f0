package dev.perfsuite.backends.keycloak;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.nimbusds.jose.crypto.RSASSAVerifier;
import com.nimbusds.jose.jwk.JWKSet;
import com.nimbusds.jose.jwk.RSAKey;
import com.nimbusds.jwt.JWTClaimsSet;
import com.nimbusds.jwt.SignedJWT;
import dev.perfsuite.backends.BrowserLogin;
import dev.perfsuite.backends.KeycloakTestPortal;
import dev.perfsuite.backends.Provider;
import dev.perfsuite.backends.postgres.PostgresEndpoint;
import dev.perfsuite.backends.postgres.PostgresServerIT;
import dev.perfsuite.config.BackendSettings;
import dev.perfsuite.engines.remote.ListeningSockets;
import java.io.IOException;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Base64;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.condition.EnabledOnOs;
import org.junit.jupiter.api.condition.OS;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Keycloak under each provider serves the {@code sunbird} realm: password grant, the 4-call
 * browser login, client credentials with introspection; and leaves nothing behind on close.
 *
 * <p>Keycloak starts once per provider for the whole class (it takes 10-40 s); the last test
 * closes it and checks that its processes, containers and database are gone.
 */
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class KeycloakServerIT {
  private static final Map<Provider, Running> RUNNING = new EnumMap<>(Provider.class);
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final HttpClient HTTP = HttpClient.newBuilder()
      .followRedirects(HttpClient.Redirect.NEVER)
      .connectTimeout(Duration.ofSeconds(5))
      .build();

  private record Running(KeycloakServer server, KeycloakTestPortal portal) {
  }

  private static synchronized Running running(Provider provider) throws Exception {
    BackendSettings settings = PostgresServerIT.settingsFor(provider);
    Running running = RUNNING.get(provider);
    if (running == null) {
      KeycloakTestPortal portal = KeycloakTestPortal.start();
      Path csv = Path.of("target", "keycloak-it", provider.name().toLowerCase() + "-users.csv");
      long started = System.nanoTime();
      KeycloakServer server = KeycloakServer.start(provider, settings, portal.uri(), csv);
      System.out.printf("Keycloak %s ready in %d ms (%s) at %s%n", provider,
          (System.nanoTime() - started) / 1_000_000, server.timings(),
          server.endpoint().baseUrl());
      portal.loginAt(server.endpoint());
      running = new Running(server, portal);
      RUNNING.put(provider, running);
    }
    return running;
  }

  @AfterAll
  static void closeAll() {
    RUNNING.values().forEach(running -> {
      running.server().close();
      running.portal().close();
    });
    RUNNING.clear();
  }

  @Order(1)
  @ParameterizedTest
  @EnumSource(Provider.class)
  void shouldWriteUsersCsvWithProfileFieldsAndNoPasswords(Provider provider) throws Exception {
    KeycloakEndpoint keycloak = running(provider).server().endpoint();
    List<String> lines = Files.readAllLines(keycloak.usersCsv());
    assertThat(lines).as("header plus one line per user").hasSize(keycloak.users() + 1);
    assertThat(lines.get(0)).as("header").isEqualTo("username,email,firstName,lastName");
    assertThat(lines.get(1)).as("first user").startsWith("user0001,user0001@");
    assertThat(String.join("\n", lines)).as("no password in the CSV")
        .doesNotContain(keycloak.userPassword().reveal());
  }

  @Order(2)
  @ParameterizedTest
  @EnumSource(Provider.class)
  void shouldIssueJwtVerifiedByRealmKeysWhenDirectClientUsesPasswordGrant(Provider provider)
      throws Exception {
    KeycloakEndpoint keycloak = running(provider).server().endpoint();
    HttpResponse<String> response = post(keycloak.tokenUrl(), null, Map.of(
        "grant_type", "password", "client_id", keycloak.directClientId(),
        "username", keycloak.username(1), "password", keycloak.userPassword().reveal()));
    assertThat(response.statusCode()).as("password grant: %s", response.body()).isEqualTo(200);
    String token = JSON.readTree(response.body()).path("access_token").asText();

    SignedJWT jwt = SignedJWT.parse(token);
    JWKSet keys = JWKSet.parse(get(keycloak.jwksUrl()).body());
    RSAKey key = (RSAKey) keys.getKeyByKeyId(jwt.getHeader().getKeyID());
    assertThat(key).as("signing key %s in the realm JWKS", jwt.getHeader().getKeyID()).isNotNull();
    assertThat(jwt.verify(new RSASSAVerifier(key))).as("signature").isTrue();
    JWTClaimsSet claims = jwt.getJWTClaimsSet();
    assertThat(claims.getIssuer()).as("issuer").isEqualTo(keycloak.issuer().toString());
    assertThat(claims.getStringClaim("preferred_username")).as("username")
        .isEqualTo("user0001");
    assertThat(claims.getAudience()).as("audience lets the confidential client introspect")
        .contains(keycloak.confidentialClientId());

    JsonNode introspection = introspect(keycloak, token);
    assertThat(introspection.path("active").asBoolean()).as("introspection: %s", introspection)
        .isTrue();
    assertThat(introspection.path("username").asText()).as("introspected user")
        .isEqualTo("user0001");
  }

  @Order(3)
  @ParameterizedTest
  @EnumSource(Provider.class)
  void shouldReachPortalCallbackWithCodeInFourCallBrowserLogin(Provider provider)
      throws Exception {
    Running running = running(provider);
    KeycloakEndpoint keycloak = running.server().endpoint();
    KeycloakTestPortal portal = running.portal();

    BrowserLogin.Steps login = BrowserLogin.run(URI.create(portal.uri() + "/resources"),
        keycloak.username(2), keycloak.userPassword().reveal());

    assertThat(login.portal().statusCode()).as("1. portal /resources redirects to login")
        .isEqualTo(302);
    assertThat(login.portalLocation()).as("1. Location").startsWith(keycloak.authUrl().toString());
    assertThat(login.loginPage().statusCode()).as("2. login page").isEqualTo(200);
    assertThat(login.loginAction()).as("2. form action, entities decoded")
        .startsWith(keycloak.issuer() + "/login-actions/authenticate?session_code=")
        .doesNotContain("&amp;");
    assertThat(login.cookies()).as("2. session cookies").contains("AUTH_SESSION_ID=");
    assertThat(login.credentials().statusCode()).as("3. login POST redirects: %s",
        BrowserLogin.abbreviate(login.credentials().body())).isEqualTo(302);
    assertThat(login.credentialsLocation()).as("3. Location is the portal callback with a code")
        .startsWith(portal.callback()).contains("code=");
    assertThat(login.callback().statusCode()).as("4. portal callback").isEqualTo(200);
  }

  @Order(4)
  @ParameterizedTest
  @EnumSource(Provider.class)
  void shouldIntrospectClientCredentialsTokenAsActive(Provider provider) throws Exception {
    KeycloakEndpoint keycloak = running(provider).server().endpoint();
    HttpResponse<String> response = post(keycloak.tokenUrl(), basic(keycloak),
        Map.of("grant_type", "client_credentials"));
    assertThat(response.statusCode()).as("client credentials: %s", response.body())
        .isEqualTo(200);
    String token = JSON.readTree(response.body()).path("access_token").asText();

    JsonNode introspection = introspect(keycloak, token);
    assertThat(introspection.path("active").asBoolean()).as("introspection: %s", introspection)
        .isTrue();
    assertThat(introspection.path("client_id").asText()).as("token's client")
        .isEqualTo(keycloak.confidentialClientId());
  }

  @Order(5)
  @ParameterizedTest
  @EnumSource(Provider.class)
  void shouldAnswerSelectOneOnItsOwnPostgres(Provider provider) throws Exception {
    PostgresEndpoint database = running(provider).server().database().endpoint();
    try (Connection connection = PostgresServerIT.connect(database);
        Statement statement = connection.createStatement();
        ResultSet result = statement.executeQuery(
            "SELECT count(*) FROM realm WHERE name = 'sunbird'")) {
      assertThat(result.next()).as("one row").isTrue();
      assertThat(result.getInt(1)).as("Keycloak stores the realm in PostgreSQL").isEqualTo(1);
    }
  }

  @Order(6)
  @Test
  @EnabledOnOs(value = OS.LINUX, disabledReason = "reads /proc/net/tcp")
  void shouldListenOnLoopbackOnlyWhenEmbedded() throws Exception {
    URI base = running(Provider.EMBEDDED).server().endpoint().baseUrl();
    List<ListeningSockets.Listener> listeners = new ArrayList<>();
    // Keycloak's JVM (HTTP, management and internal ports) and its PostgreSQL: children of this.
    for (ProcessHandle child : ProcessHandle.current().descendants().toList()) {
      try {
        listeners.addAll(ListeningSockets.of(child.pid()));
      } catch (IOException e) {
        // Ended meanwhile (a kc.sh helper).
      }
    }

    assertThat(listeners).as("listening sockets of the embedded Keycloak's processes")
        .anySatisfy(l -> assertThat(l.port()).isEqualTo(base.getPort()))
        .allSatisfy(l -> assertThat(l.address().isLoopbackAddress())
            .as("%s: loopback, not every interface", l).isTrue());
  }

  @Order(9)
  @ParameterizedTest
  @EnumSource(Provider.class)
  void shouldLeaveNoProcessContainerOrDatabaseAfterClose(Provider provider) throws Exception {
    Running running = running(provider);
    KeycloakServer server = running.server();
    PostgresEndpoint database = server.database().endpoint();
    URI keycloak = server.endpoint().baseUrl();
    List<ProcessHandle> tree = new ArrayList<>();
    server.process().ifPresent(process -> {
      tree.add(process);
      process.descendants().forEach(tree::add);
    });
    List<String> containers = server.containerIds();
    if (provider == Provider.EMBEDDED) {
      // kc.sh runs java as a child, or exec's it after an implicit re-augmentation.
      assertThat(tree).as("Keycloak's JVM is kc.sh's process or one of its descendants")
          .anyMatch(p -> p.info().commandLine().orElse("").contains("quarkus-run.jar"));
    } else {
      assertThat(containers).as("Keycloak and PostgreSQL containers").hasSize(2);
    }

    server.close();
    server.close();
    running.portal().close();
    RUNNING.remove(provider);

    assertThat(tree).as("no Keycloak process outlives close")
        .noneMatch(ProcessHandle::isAlive);
    assertThatThrownBy(() -> get(keycloak)).as("Keycloak no longer answers");
    assertThatThrownBy(() -> PostgresServerIT.connect(database).close())
        .as("Keycloak's PostgreSQL gone after close").isInstanceOf(SQLException.class);
    if (provider == Provider.TESTCONTAINERS) {
      assertThat(PostgresServerIT.sessionContainers()).as("no container outlives close")
          .isEmpty();
    }
  }

  private static JsonNode introspect(KeycloakEndpoint keycloak, String token) throws Exception {
    HttpResponse<String> response = post(keycloak.introspectionUrl(), basic(keycloak),
        Map.of("token", token));
    assertThat(response.statusCode()).as("introspection status: %s", response.body())
        .isEqualTo(200);
    return JSON.readTree(response.body());
  }

  private static String basic(KeycloakEndpoint keycloak) {
    return "Basic " + Base64.getEncoder().encodeToString((keycloak.confidentialClientId() + ":"
        + keycloak.confidentialClientSecret().reveal()).getBytes(StandardCharsets.UTF_8));
  }

  private static HttpResponse<String> get(URI uri) throws Exception {
    return HTTP.send(HttpRequest.newBuilder(uri).timeout(Duration.ofSeconds(30)).build(),
        HttpResponse.BodyHandlers.ofString());
  }

  private static HttpResponse<String> post(URI uri, String authorization,
      Map<String, String> fields) throws Exception {
    HttpRequest.Builder request = HttpRequest.newBuilder(uri).timeout(Duration.ofSeconds(30))
        .header("Content-Type", "application/x-www-form-urlencoded")
        .POST(HttpRequest.BodyPublishers.ofString(form(fields)));
    if (authorization != null) {
      request.header("Authorization", authorization);
    }
    return HTTP.send(request.build(), HttpResponse.BodyHandlers.ofString());
  }

  private static String form(Map<String, String> fields) {
    return fields.entrySet().stream()
        .map(e -> URLEncoder.encode(e.getKey(), StandardCharsets.UTF_8) + "="
            + URLEncoder.encode(e.getValue(), StandardCharsets.UTF_8))
        .collect(Collectors.joining("&"));
  }
}
