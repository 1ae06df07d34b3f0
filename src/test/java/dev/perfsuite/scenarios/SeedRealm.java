package dev.perfsuite.scenarios;

import dev.perfsuite.backends.keycloak.KeycloakRealms;
import dev.perfsuite.backends.keycloak.RealmClient;
import dev.perfsuite.backends.keycloak.RealmDescription;
import java.util.List;

/**
 * The Keycloak realm the Sunbird and MOSIP scenarios share, declared to the suite (listed under
 * {@code src/test/resources/META-INF/services/}): the {@code sunbird} realm with
 * <ul>
 *   <li>{@code portal}: browser login from the stub portal, redirect {@code /resources*}
 *       (Sunbird's 4-call login, seed A.5);
 *   <li>{@code mosip-resident-client}: client credentials (MOSIP's {@code clientidsecretkey});
 *   <li>{@code sunbird-direct}: password grant (Sunbird's generate-token API), its tokens
 *       carrying {@code mosip-resident-client} in {@code aud} so that client can introspect them.
 * </ul>
 * A named target's {@code keycloak.realm}, {@code keycloak.browser-client},
 * {@code keycloak.direct-client} and {@code keycloak.confidential-client} default to these.
 */
public final class SeedRealm implements KeycloakRealms {
  static final String CONFIDENTIAL = "mosip-resident-client";

  @Override
  public RealmDescription realm() {
    return new RealmDescription("sunbird", List.of(
        RealmClient.browserLogin("portal", "Sunbird portal (stub)", "/resources*"),
        RealmClient.clientCredentials(CONFIDENTIAL, "MOSIP resident (client creds)"),
        RealmClient.passwordGrant("sunbird-direct", "Sunbird generate-token (password grant)",
            CONFIDENTIAL)));
  }
}
