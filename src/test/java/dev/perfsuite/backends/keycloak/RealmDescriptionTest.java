package dev.perfsuite.backends.keycloak;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.perfsuite.config.Secret;
import java.net.URI;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The realm comes from the scenarios' declaration; main code renders whatever they declare. */
class RealmDescriptionTest {
  private static final ObjectMapper JSON = new ObjectMapper();

  private static JsonNode render(RealmDescription description) {
    KeycloakRealm realm = new KeycloakRealm(description, 1, URI.create("http://127.0.0.1:4000/"),
        2, new Secret("c", "client-secret"), new Secret("u", "user-password"));
    return realm.representation(JSON);
  }

  @Test
  void shouldRenderEveryDeclaredClientByItsRole() {
    JsonNode realm = render(new RealmDescription("shop", List.of(
        RealmClient.browserLogin("web", "Web", "/login*"),
        RealmClient.clientCredentials("backend", "Backend"),
        RealmClient.passwordGrant("app", "App", "backend"))));

    assertThat(realm.path("realm").asText()).isEqualTo("shop");
    JsonNode clients = realm.path("clients");
    assertThat(clients.findValuesAsText("clientId")).containsExactly("web", "backend", "app");
    assertThat(clients.get(0).path("redirectUris").get(0).asText())
        .isEqualTo("http://127.0.0.1:4000/login*");
    assertThat(clients.get(0).path("standardFlowEnabled").asBoolean()).isTrue();
    assertThat(clients.get(1).path("secret").asText()).isEqualTo("client-secret");
    assertThat(clients.get(1).path("serviceAccountsEnabled").asBoolean()).isTrue();
    assertThat(clients.get(2).path("directAccessGrantsEnabled").asBoolean()).isTrue();
    assertThat(clients.get(2).path("protocolMappers").get(0).path("config")
        .path("included.client.audience").asText()).isEqualTo("backend");
  }

  @Test
  void shouldUseTheRealmTheScenariosDeclare() {
    RealmDescription realm = RealmDescription.discovered();

    assertThat(realm.name()).as("declared under src/test").isEqualTo("sunbird");
    assertThat(realm.clientId(RealmClient.Role.PASSWORD_GRANT)).contains("sunbird-direct");
    assertThat(render(realm).path("clients").findValuesAsText("clientId"))
        .containsExactly("portal", "mosip-resident-client", "sunbird-direct");
  }

  @Test
  void shouldRejectTwoClientsOfOneRole() {
    assertThatThrownBy(() -> new RealmDescription("shop", List.of(
        RealmClient.passwordGrant("a", "A"), RealmClient.passwordGrant("b", "B"))))
        .hasMessageContaining("two PASSWORD_GRANT clients");
  }

  @Test
  void shouldOfferAGenericRealmWithOneClientPerRole() {
    RealmDescription generic = RealmDescription.generic();

    for (RealmClient.Role role : RealmClient.Role.values()) {
      assertThat(generic.clientId(role)).as("%s client", role).isPresent();
    }
  }
}
