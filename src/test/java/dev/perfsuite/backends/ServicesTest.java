package dev.perfsuite.backends;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Service names resolve through the registry the scenarios populate, not a list in main code. */
class ServicesTest {

  @Test
  void shouldKnowTheGenericBackendsUnderTheirOwnNames() {
    Services services = Services.of(List.of());

    assertThat(services.names()).containsExactly("echo", "keycloak", "stubs");
    assertThat(services.require("Echo")).isEqualTo(LocalBackend.ECHO);
  }

  @Test
  void shouldResolveTheNamesADeclarationAdds() {
    LocalServices shop = () -> Map.of("shop", LocalBackend.STUBS, "cdn", LocalBackend.ECHO);

    Services services = Services.of(List.of(shop));

    assertThat(services.require("shop")).isEqualTo(LocalBackend.STUBS);
    assertThat(services.backend(" CDN ")).contains(LocalBackend.ECHO);
  }

  @Test
  void shouldFailOnAnUnknownNameListingTheKnownOnes() {
    Services services = Services.of(List.of(() -> Map.of("shop", LocalBackend.STUBS)));

    assertThatThrownBy(() -> services.require("payments"))
        .isInstanceOf(IllegalStateException.class)
        .hasMessageContaining("no local backend serves 'payments'")
        .hasMessageContaining("local services: echo, keycloak, shop, stubs");
  }

  @Test
  void shouldRejectOneNameServedByTwoBackends() {
    LocalServices a = () -> Map.of("shop", LocalBackend.STUBS);
    LocalServices b = () -> Map.of("shop", LocalBackend.ECHO);

    assertThatThrownBy(() -> Services.of(List.of(a, b)))
        .hasMessageContaining("service 'shop' is declared twice");
  }

  @Test
  void shouldDiscoverTheDeclarationsOfTheScenariosOnTheClassPath() {
    assertThat(Services.discovered().require("gateway")).isEqualTo(LocalBackend.ECHO);
    assertThat(Services.discovered().require("sunbird")).isEqualTo(LocalBackend.STUBS);
    assertThat(Services.discovered().require("portal")).isEqualTo(LocalBackend.STUBS);
    assertThat(Services.discovered().require("mosip")).isEqualTo(LocalBackend.STUBS);
  }
}
