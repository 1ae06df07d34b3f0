package dev.perfsuite.backends.keycloak;

import dev.perfsuite.config.Secret;
import java.net.URI;
import java.nio.file.Path;
import java.util.Objects;

/**
 * Where the local Keycloak answers and what its test realm holds, as seen from this host.
 *
 * @param baseUrl Keycloak's root without a trailing slash, e.g. {@code http://127.0.0.1:41234}
 * @param realm the realm name ({@link RealmDescription#name()})
 * @param browserClientId public browser-login client, or null when the realm declares none
 * @param directClientId public password-grant client, or null when the realm declares none
 * @param confidentialClientId client-credentials client, or null when the realm declares none
 * @param confidentialClientSecret the secret of {@code confidentialClientId}
 * @param userPassword the password every realm user has
 * @param usersCsv {@code username,email,firstName,lastName} of every user, no passwords
 * @param users how many users the realm holds ({@code user0001}..)
 */
public record KeycloakEndpoint(URI baseUrl, String realm, String browserClientId,
    String directClientId, String confidentialClientId, Secret confidentialClientSecret,
    Secret userPassword, Path usersCsv, int users) {

  public KeycloakEndpoint {
    Objects.requireNonNull(baseUrl, "baseUrl");
    Objects.requireNonNull(realm, "realm");
    Objects.requireNonNull(confidentialClientSecret, "confidentialClientSecret");
    Objects.requireNonNull(userPassword, "userPassword");
    Objects.requireNonNull(usersCsv, "usersCsv");
  }

  /** The endpoint of a realm as declared: its client ids by role. */
  public static KeycloakEndpoint of(URI baseUrl, RealmDescription realm, Secret confidentialSecret,
      Secret userPassword, Path usersCsv, int users) {
    return new KeycloakEndpoint(baseUrl, realm.name(),
        realm.clientId(RealmClient.Role.BROWSER_LOGIN).orElse(null),
        realm.clientId(RealmClient.Role.PASSWORD_GRANT).orElse(null),
        realm.clientId(RealmClient.Role.CLIENT_CREDENTIALS).orElse(null),
        confidentialSecret, userPassword, usersCsv, users);
  }

  /** The realm's issuer, {@code <baseUrl>/realms/<realm>}; tokens carry it as {@code iss}. */
  public URI issuer() {
    return URI.create(baseUrl + "/realms/" + realm);
  }

  /** The OpenID Connect token endpoint (password, client-credentials and code grants). */
  public URI tokenUrl() {
    return oidc("token");
  }

  /** The authorization endpoint where the browser login starts. */
  public URI authUrl() {
    return oidc("auth");
  }

  /** The realm's JSON Web Key Set, to verify token signatures. */
  public URI jwksUrl() {
    return oidc("certs");
  }

  /** The token introspection endpoint; callers authenticate as a confidential client. */
  public URI introspectionUrl() {
    return oidc("token/introspect");
  }

  /** The username of user {@code i} (1-based), e.g. {@code user0001}. */
  public String username(int i) {
    return KeycloakRealm.username(i);
  }

  private URI oidc(String path) {
    return URI.create(issuer() + "/protocol/openid-connect/" + path);
  }
}
