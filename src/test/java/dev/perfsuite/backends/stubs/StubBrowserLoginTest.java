package dev.perfsuite.backends.stubs;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.net.URI;
import org.junit.jupiter.api.Test;

class StubBrowserLoginTest {

  @Test
  void shouldEncodeTheWholeCallbackWhenBuildingTheAuthUrl() {
    String url = StubBrowserLogin.authUrl(URI.create("http://kc:8180/auth/"), "sunbird", "portal",
        URI.create("http://127.0.0.1:41234/"));
    assertThat(url).as("auth URL").isEqualTo("http://kc:8180/auth/realms/sunbird/protocol/"
        + "openid-connect/auth?client_id=portal&redirect_uri=http%3A%2F%2F127.0.0.1%3A41234"
        + "%2Fresources%3Fauth_callback%3D1");
  }

  @Test
  void shouldResolvePathsWithOrWithoutLeadingSlashAgainstTheEndpoint() {
    StubEndpoint endpoint = new StubEndpoint(URI.create("http://localhost:32768/"));
    assertThat(endpoint.uri("/v1/tenant/info/ntp")).as("leading slash")
        .isEqualTo(URI.create("http://localhost:32768/v1/tenant/info/ntp"));
    assertThat(endpoint.uri("resources?auth_callback=1")).as("no leading slash")
        .isEqualTo(URI.create("http://localhost:32768/resources?auth_callback=1"));
    assertThat(endpoint.host()).as("host").isEqualTo("localhost");
    assertThat(endpoint.port()).as("port").isEqualTo(32768);
  }

  @Test
  void shouldRejectAnEndpointThatIsNotAServerRoot() {
    assertThatThrownBy(() -> new StubEndpoint(URI.create("http://localhost:32768/api")))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("http://host:port/");
  }
}
