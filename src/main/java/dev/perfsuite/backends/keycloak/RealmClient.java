package dev.perfsuite.backends.keycloak;

import java.util.List;
import java.util.Objects;

/**
 * One OIDC client of the test realm.
 *
 * @param clientId the client id, e.g. {@code shop-web}
 * @param displayName the name Keycloak's console shows
 * @param role how the scenarios use it: browser login, password grant or client credentials
 * @param redirectPath for {@link Role#BROWSER_LOGIN}: the accepted redirect, relative to the
 *     base of the stub site that receives the callback, e.g. {@code /resources*}; else empty
 * @param audiences client ids added to this client's access tokens' {@code aud} (Keycloak 26
 *     answers {@code active:false} to an introspecting client that is not in the audience)
 */
public record RealmClient(String clientId, String displayName, Role role, String redirectPath,
    List<String> audiences) {

  public RealmClient {
    Objects.requireNonNull(clientId, "clientId");
    Objects.requireNonNull(displayName, "displayName");
    Objects.requireNonNull(role, "role");
    Objects.requireNonNull(redirectPath, "redirectPath");
    audiences = List.copyOf(audiences);
  }

  /** A public client for the browser login (authorization code) redirecting to {@code path}. */
  public static RealmClient browserLogin(String clientId, String displayName, String path) {
    return new RealmClient(clientId, displayName, Role.BROWSER_LOGIN, path, List.of());
  }

  /** A public client for the password grant, its tokens carrying {@code audiences}. */
  public static RealmClient passwordGrant(String clientId, String displayName,
      String... audiences) {
    return new RealmClient(clientId, displayName, Role.PASSWORD_GRANT, "", List.of(audiences));
  }

  /**
   * A confidential client for client credentials, with a secret generated per run (read it from
   * {@link KeycloakEndpoint#confidentialClientSecret()}); it is in its own tokens' audience.
   */
  public static RealmClient clientCredentials(String clientId, String displayName) {
    return new RealmClient(clientId, displayName, Role.CLIENT_CREDENTIALS, "",
        List.of(clientId));
  }

  /** How a scenario uses a client. */
  public enum Role {
    /** Public, authorization code flow from a (stub) web site. */
    BROWSER_LOGIN,
    /** Public, resource-owner password grant. */
    PASSWORD_GRANT,
    /** Confidential, client credentials; can introspect tokens. */
    CLIENT_CREDENTIALS
  }
}
