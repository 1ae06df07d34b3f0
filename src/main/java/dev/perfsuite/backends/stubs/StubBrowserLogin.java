package dev.perfsuite.backends.stubs;

import static com.github.tomakehurst.wiremock.client.WireMock.aResponse;
import static com.github.tomakehurst.wiremock.client.WireMock.equalTo;
import static com.github.tomakehurst.wiremock.client.WireMock.get;
import static com.github.tomakehurst.wiremock.client.WireMock.matching;
import static com.github.tomakehurst.wiremock.client.WireMock.urlPathEqualTo;
import static com.github.tomakehurst.wiremock.client.WireMock.urlPathMatching;

import com.github.tomakehurst.wiremock.client.MappingBuilder;
import com.github.tomakehurst.wiremock.common.Metadata;
import java.net.URI;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.List;

/**
 * A stub web site's side of the Keycloak browser login (the seed portal's 4-call login, seed A.5).
 * {@code /resources} redirects to Keycloak, the auth callback redirects home, home answers HTML.
 *
 * <p>Built at run time because the redirect names Keycloak's URL and the stub's own.
 */
final class StubBrowserLogin {
  /** Metadata key/value tagging these mappings, so a second registration replaces the first. */
  static final String TAG_KEY = "perfSuite";
  static final String TAG_VALUE = "browser-login";
  static final String HOME = "/resources/home";

  private StubBrowserLogin() {
  }

  /**
   * The Keycloak authorization URL up to and including {@code redirect_uri}; the server appends
   * {@code &state=<uuid>&response_type=code&scope=openid}.
   *
   * <p>The whole {@code redirect_uri} is URL-encoded: left raw, its {@code ?auth_callback=1}
   * would become a parameter of Keycloak's URL and the callback would lose it.
   */
  static String authUrl(URI keycloakBase, String realm, String clientId, URI stubBase) {
    String keycloak = keycloakBase.toString().replaceAll("/+$", "");
    String callback = stubBase.resolve("resources?auth_callback=1").toString();
    return keycloak + "/realms/" + realm + "/protocol/openid-connect/auth"
        + "?client_id=" + encode(clientId) + "&redirect_uri=" + encode(callback);
  }

  /** The three mappings, highest priority first. */
  static List<MappingBuilder> mappings(String authUrl) {
    Metadata tag = Metadata.metadata().attr(TAG_KEY, TAG_VALUE).build();
    // 1. Keycloak's redirect back: /resources?auth_callback=1&code=... -> home (redirect_3).
    MappingBuilder callback = get(urlPathMatching("/resources/?"))
        .withQueryParam("auth_callback", equalTo("1"))
        .withQueryParam("code", matching(".+"))
        .atPriority(1)
        .withMetadata(tag)
        .willReturn(aResponse().withStatus(302).withHeader("Location", HOME));
    // 2. Home page after login.
    MappingBuilder home = get(urlPathEqualTo(HOME))
        .atPriority(1)
        .withMetadata(tag)
        .willReturn(aResponse().withStatus(200)
            .withHeader("Content-Type", "text/html; charset=utf-8")
            .withBody("<!DOCTYPE html>\n<html><head><title>Home</title></head>"
                + "<body><app-root>Welcome home</app-root></body></html>\n"));
    // 3. Anonymous /resources (login.jmx asks for /resources/) -> Keycloak, fresh state each time.
    MappingBuilder login = get(urlPathMatching("/resources/?"))
        .atPriority(5)
        .withMetadata(tag)
        .willReturn(aResponse().withStatus(302)
            .withHeader("Location", authUrl + "&state={{randomValue type='UUID'}}"
                + "&response_type=code&scope=openid")
            .withHeader("Set-Cookie", "connect.sid=s%3A{{randomValue length=32 "
                + "type='ALPHANUMERIC'}}; Path=/; HttpOnly")
            .withTransformers("response-template"));
    return List.of(callback, home, login);
  }

  private static String encode(String value) {
    return URLEncoder.encode(value, StandardCharsets.UTF_8);
  }
}
