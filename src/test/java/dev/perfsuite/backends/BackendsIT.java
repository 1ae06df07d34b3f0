package dev.perfsuite.backends;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.perfsuite.backends.keycloak.KeycloakEndpoint;
import dev.perfsuite.backends.postgres.PostgresServerIT;
import dev.perfsuite.backends.stubs.StubEndpoint;
import dev.perfsuite.config.PerfConfig;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * The run's {@link Backends} under each provider: Keycloak on PostgreSQL with the realm wired to
 * the WireMock portal, so the 4-call login flow goes portal, Keycloak, portal callback; a
 * scenario PostgreSQL; and nothing left once closed.
 */
class BackendsIT {

  @ParameterizedTest
  @EnumSource(Provider.class)
  void shouldWireKeycloakToThePortalStubsAndStopEverything(Provider provider) throws Exception {
    PerfConfig config = ProvidersUnderTest.configFor(provider);
    URI keycloakBase;
    URI stubsBase;
    try (Backends backends = Backends.withProvider(provider, config)) {
      KeycloakEndpoint keycloak = backends.keycloak();
      StubEndpoint stubs = backends.stubs();
      keycloakBase = keycloak.baseUrl();
      stubsBase = stubs.base();

      BrowserLogin.Steps login = BrowserLogin.run(stubs.uri("resources"), keycloak.username(7),
          keycloak.userPassword().reveal());
      assertThat(login.portalLocation()).as("1. the stub portal redirects to Keycloak")
          .startsWith(keycloak.authUrl().toString()).contains("client_id=portal");
      assertThat(login.loginPage().statusCode()).as("2. Keycloak's login page").isEqualTo(200);
      assertThat(login.credentials().statusCode()).as("3. credentials accepted: %s",
          BrowserLogin.abbreviate(login.credentials().body())).isEqualTo(302);
      assertThat(login.credentialsLocation()).as("3. back to the portal callback with a code")
          .startsWith(stubs.uri("resources").toString() + "?auth_callback=1")
          .contains("code=");
      assertThat(login.callback().statusCode()).as("4. the portal callback redirects home")
          .isEqualTo(302);

      assertThat(Files.readAllLines(keycloak.usersCsv())).as("users CSV for the scenarios")
          .hasSize(keycloak.users() + 1)
          .first().isEqualTo("username,email,firstName,lastName");

      try (Connection connection = PostgresServerIT.connect(backends.postgres());
          Statement statement = connection.createStatement();
          ResultSet result = statement.executeQuery("SELECT 1")) {
        assertThat(result.next() && result.getInt(1) == 1).as("scenario PostgreSQL answers")
            .isTrue();
      }
    }
    for (URI gone : new URI[] {keycloakBase, stubsBase}) {
      assertThatThrownBy(() -> HttpClient.newHttpClient().send(HttpRequest.newBuilder(gone)
          .build(), HttpResponse.BodyHandlers.discarding()))
          .as("%s no longer answers after close", gone);
    }
    if (provider == Provider.TESTCONTAINERS) {
      assertThat(PostgresServerIT.sessionContainers()).as("no container outlives close").isEmpty();
    }
  }
}
