package dev.perfsuite.scenarios.sunbird.users;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.util.Base64;
import org.junit.jupiter.api.Test;

class TokenScriptsTest {

  @Test
  void shouldReadTheSubjectOfAJwt() {
    String claims = Base64.getUrlEncoder().withoutPadding().encodeToString(
        "{\"exp\":1,\"sub\":\"3f1c2b7e-0000-4000-8000-000000000001\",\"typ\":\"Bearer\"}"
            .getBytes(StandardCharsets.UTF_8));
    assertThat(TokenScripts.subject("eyJhbGciOiJSUzI1NiJ9." + claims + ".c2ln"))
        .isEqualTo("3f1c2b7e-0000-4000-8000-000000000001");
    assertThat(TokenScripts.subject(TokenScripts.NO_TOKEN)).as("not a JWT").isNull();
    assertThat(TokenScripts.subject("a.!!!.c")).as("claims not base64url").isNull();
  }

  @Test
  void shouldStripSunbirdsFederationPrefixFromTheUserId() {
    assertThat(TokenScripts.userId("f:5a8a3f2b-3409-42e0-9001-f913bc0fde31:874ed8a5-782e-4f6c"))
        .isEqualTo("874ed8a5-782e-4f6c");
    assertThat(TokenScripts.userId("874ed8a5")).isEqualTo("874ed8a5");
  }

  @Test
  void shouldRenewThirtySecondsBeforeExpiryButNotBeforeHalfTheLifetime() {
    assertThat(TokenScripts.refreshAt(1_000, "300")).as("5 min token")
        .isEqualTo(1_000 + 270_000);
    assertThat(TokenScripts.refreshAt(1_000, "40")).as("short token").isEqualTo(1_000 + 20_000);
    assertThat(TokenScripts.refreshAt(1_000, "")).as("no lifetime: renew next time")
        .isEqualTo(1_000);
    assertThat(TokenScripts.refreshAt(1_000, null)).as("no lifetime").isEqualTo(1_000);
  }
}
